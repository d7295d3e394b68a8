"""Email links through a real SMTP server (aiosmtpd on 127.0.0.1, started here) and a real server process
(issue 25): a confirmation link for the address given at registration, a password-reset link — each
followed as a person would (the page opens, it posts the link's secret), single use, expiring on a moved
clock — and the same answer to "forgot" whether or not a letter went."""

from __future__ import annotations

import email
import email.policy
import queue
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller

from .accounts_kit import PASSWORD, Clock, accounts_server, register, sign_in, unique_handle
from .attack import Player
from .procs import ServerProcess, free_port


class Inbox:
    """An aiosmtpd handler that keeps every letter (recipient, subject, text)."""

    def __init__(self) -> None:
        self.letters: queue.Queue[tuple[str, str, str]] = queue.Queue()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 - aiosmtpd's name
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        body = message.get_body(("plain",))
        assert body is not None
        for rcpt in envelope.rcpt_tos:
            self.letters.put((rcpt, str(message["Subject"]), body.get_content()))
        return "250 OK"

    def next(self, to: str, timeout: float = 10.0) -> tuple[str, str]:
        rcpt, subject, content = self.letters.get(timeout=timeout)
        assert rcpt == to
        return subject, content

    def empty(self) -> bool:
        return self.letters.empty()


@pytest.fixture(scope="module")
def mailed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, Clock, Inbox]]:
    tmp = tmp_path_factory.mktemp("account_mail")
    inbox = Inbox()
    smtp = Controller(inbox, hostname="127.0.0.1", port=free_port())
    smtp.start()
    port = free_port()
    server, clock = accounts_server(tmp, port=port, smtp_url=f"smtp://127.0.0.1:{smtp.port}",
                                    public_url=f"http://127.0.0.1:{port}")
    try:
        with server:
            yield server, clock, inbox
    finally:
        smtp.stop()


def follow(server: ServerProcess, content: str, route: str) -> str:
    """Open the letter's link as a browser would and return the secret the page posts."""
    link = re.search(r"(http://\S+/#/" + route + r"/(\S+))", content)
    assert link, content
    page = httpx.get(link.group(1).split("#")[0])
    assert page.status_code == 200 and "<html" in page.text.lower()
    return link.group(2)


def test_confirm_the_address_then_reset_the_password(mailed: tuple[ServerProcess, Clock, Inbox]) -> None:
    server, clock, inbox = mailed
    handle = unique_handle("Почта")
    person = Player(server)
    assert person.http.get("/api/session").json()["email"] is True
    r = register(person, handle, email="post@example.test")
    assert r.json()["account"]["email_verified"] is False
    subject, content = inbox.next("post@example.test")
    assert subject == "Подтвердите адрес почты / Confirm your email address"
    assert f"Здравствуйте, {handle}!" in content and f"Hello, {handle}!" in content and "48 часов" in content
    secret = follow(server, content, "verify")
    r = person.http.post("/api/email/verify", json={"token": secret})
    assert r.status_code == 200 and r.json()["email_verified"] is True
    r = person.http.post("/api/email/verify", json={"token": secret})     # single use
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_link"

    # "forgot": the same answer for a handle with a letter and one without
    stranger = Player(server)
    answers = [stranger.http.post("/api/password/forgot", json={"handle": h})
               for h in (handle.upper(), unique_handle("Нет"))]
    assert [a.status_code for a in answers] == [202, 202] and answers[0].text == answers[1].text
    subject, content = inbox.next("post@example.test")
    assert subject == "Новый пароль / Set a new password" and "60 минут" in content
    secret = follow(server, content, "reset")
    assert inbox.empty()                                                  # nothing for the unknown handle
    r = stranger.http.post("/api/password/reset", json={"token": secret, "password": "my new long phrase"})
    assert r.status_code == 200, r.text
    assert stranger.http.get("/api/me").json()["handle"] == handle       # signed in by the link
    assert person.http.get("/api/me").status_code == 401                 # every older session ended
    sign_in(Player(server), handle, PASSWORD, expect=401)
    sign_in(Player(server), handle, "my new long phrase")
    r = Player(server).http.post("/api/password/reset", json={"token": secret, "password": "another phrase 9"})
    assert r.status_code == 400 and r.json()["error"]["text"]["ru"].startswith("Эта ссылка больше не действует")

    # a reset link expires after an hour
    Player(server).http.post("/api/password/forgot", json={"handle": handle})
    secret = follow(server, inbox.next("post@example.test")[1], "reset")
    clock.advance(61 * 60)
    r = Player(server).http.post("/api/password/reset", json={"token": secret, "password": "too late phrase"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_link"
    sign_in(Player(server), handle, "my new long phrase")


def test_no_letter_for_an_unconfirmed_address_and_a_changed_one(mailed: tuple[ServerProcess, Clock, Inbox]) -> None:
    server, _, inbox = mailed
    handle = unique_handle("Смена")
    person = Player(server)
    register(person, handle, email="first@example.test")
    first = follow(server, inbox.next("first@example.test")[1], "verify")
    Player(server).http.post("/api/password/forgot", json={"handle": handle})
    r = person.http.put("/api/me/email", json={"email": "second@example.test"})
    assert r.status_code == 200 and r.json() == {**r.json(), "email": "second@example.test", "email_verified": False}
    second = follow(server, inbox.next("second@example.test")[1], "verify")
    assert inbox.empty()                                                 # no reset letter: nothing confirmed
    r = person.http.post("/api/email/verify", json={"token": first})      # the older link no longer works
    assert r.status_code == 400
    assert person.http.post("/api/email/verify", json={"token": second}).json()["email"] == "second@example.test"


def test_without_smtp_the_email_routes_say_so(tmp_path: Path) -> None:
    server, _ = accounts_server(tmp_path)
    with server:
        person = Player(server)
        assert person.http.get("/api/session").json()["email"] is False
        for path, body in (("/api/password/forgot", {"handle": "Аня"}), ("/api/email/verify", {"token": "x"}),
                           ("/api/password/reset", {"token": "x", "password": PASSWORD})):
            r = person.http.post(path, json=body)
            assert r.status_code == 404 and r.json()["error"]["code"] == "not_offered", (path, r.text)
            assert r.json()["error"]["text"]["ru"] == "Этот сервер не отправляет писем"
