"""Email: verification and password-reset links, sent through SMTP off the request path.

Why off the request path: an SMTP server can take seconds (or time out); the person's request answers at
once and the letter goes from a thread. Why the links carry the secret in the fragment (``/#/reset/…``):
a fragment is never sent to a server, so the secret stays out of access logs and ``Referer`` headers; the
page posts it to the API. The secrets are single-use and expire; the database keeps only their SHA-256.
"""

from __future__ import annotations

import asyncio
import logging
import smtplib
from email.message import EmailMessage
from pathlib import Path
from urllib.parse import urlsplit

from nastolka.engine import words

log = logging.getLogger("nastolka.server")
MAIL_WORDS = words.load(Path(__file__).with_name("mail.toml"))
#: how long a link works
VERIFY_HOURS, RESET_MINUTES = 48, 60


def letter(kind: str, handle: str, link: str) -> tuple[str, str]:
    """(subject, body) of a letter in both languages."""
    args = {"handle": handle, "link": link, "hours": VERIFY_HOURS, "minutes": RESET_MINUTES}
    subject = " / ".join(MAIL_WORDS.s(f"mail.{kind}_subject", lang) for lang in ("ru", "en"))
    body = "\n\n— — —\n\n".join(MAIL_WORDS.s(f"mail.{kind}_body", lang, **args) for lang in ("ru", "en"))
    return subject, body


class Mailer:
    """Sends through ``smtp://host:port`` (plain; a local relay) or ``smtps://`` / ``smtp+starttls://``."""

    def __init__(self, smtp_url: str, public_url: str, sender: str | None = None) -> None:
        parts = urlsplit(smtp_url)
        if parts.scheme not in ("smtp", "smtps", "smtp+starttls") or not parts.hostname:
            raise ValueError(f"not an SMTP URL: {smtp_url!r} (expected smtp://host:port)")
        self.scheme, self.host = parts.scheme, parts.hostname
        self.port = parts.port or (465 if parts.scheme == "smtps" else 25)
        self.user, self.password = parts.username, parts.password
        self.public_url = public_url.rstrip("/")
        self.sender = sender or f"nastolka@{urlsplit(public_url).hostname or 'localhost'}"
        self._pending: set[asyncio.Task[None]] = set()
        self.sent = 0

    def link(self, route: str, secret: str) -> str:
        return f"{self.public_url}/#/{route}/{secret}"

    def send(self, to: str, subject: str, body: str) -> None:
        """Queue a letter: returns at once, the letter goes from a thread (failures are logged)."""
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = self.sender, to, subject
        message.set_content(body)
        task = asyncio.get_running_loop().create_task(self._deliver(message))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _deliver(self, message: EmailMessage) -> None:
        try:
            await asyncio.to_thread(self._smtp, message)
            self.sent += 1
        except Exception:   # an unreachable relay must not take the server down; the person can ask again
            log.warning("could not send a letter through %s:%s", self.host, self.port, exc_info=True)

    def _smtp(self, message: EmailMessage) -> None:
        cls = smtplib.SMTP_SSL if self.scheme == "smtps" else smtplib.SMTP
        with cls(self.host, self.port, timeout=30) as smtp:
            if self.scheme == "smtp+starttls":
                smtp.starttls()
            if self.user:
                smtp.login(self.user, self.password or "")
            smtp.send_message(message)

    async def close(self) -> None:
        if self._pending:
            await asyncio.wait(self._pending, timeout=10)
