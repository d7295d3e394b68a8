"""What accounts do: register, sign in and out, change and reset a password, confirm an email address.

Why the order of the checks in ``sign_in``: the address's bucket first (a refused guess costs no hash),
then the handle's lock (kept per handle key whether or not an account has it, so a lock tells nothing),
then exactly one Argon2 verification — against the dummy hash when there is no such account — and one
answer for "no such handle" and "wrong password". Hashing runs in threads of its own: the database's
thread (one, on SQLite) never waits for a 35 ms hash, and the event loop never does.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import Connection
from sqlalchemy.exc import IntegrityError

from ..config import Settings
from ..db import Database
from ..errors import PlayError
from ..names import name_key
from . import sessions, store
from .handles import clean_handle
from .mail import RESET_MINUTES, VERIFY_HOURS, Mailer, letter
from .passwords import Hasher, check_new_password
from .profile import profile
from .throttle import Throttle

T = TypeVar("T")
_EMAIL = re.compile(r"^[^@\s<>\"'\\]{1,64}@[^@\s<>\"'\\]{1,189}$")


@dataclass(frozen=True)
class SignedIn:
    """An account and the cookie value of its new session (given to the browser once)."""

    account: dict[str, Any]
    cookie: str


def account_json(row: Any) -> dict[str, Any]:
    """The account as its owner sees it (and only its owner: it holds the email)."""
    return {"handle": row.handle, "email": row.email, "email_verified": bool(row.email_verified),
            "since": store.since(row)}


def clean_email(raw: object) -> str | None:
    if raw is None or raw == "":
        return None
    if not isinstance(raw, str) or len(raw) > 254 or not _EMAIL.match(raw.strip()):
        raise PlayError("bad_email", "bad_email")
    return raw.strip()


class AccountService:
    def __init__(self, settings: Settings, clock: Callable[[], float] = time.time) -> None:
        self.settings = settings
        self.clock = clock
        self.db: Database | None = None          # the app's, set at start-up
        self.hasher = Hasher(settings.argon2_time_cost, settings.argon2_memory_kib)
        self.hashing = concurrent.futures.ThreadPoolExecutor(2, thread_name_prefix="nastolka-argon2")
        self.life = sessions.Lifetimes(settings.session_idle_days * 86_400.0,
                                       settings.session_max_days * 86_400.0)
        now = self._now
        self.signins = Throttle(settings.signin_per_minute / 60.0, settings.signin_burst, now)
        self.registrations = Throttle(settings.register_per_hour / 3600.0, settings.register_burst, now)
        self.letters = Throttle(settings.mail_per_hour / 3600.0, settings.mail_burst, now)
        self.mailer = (Mailer(settings.smtp_url, settings.public_url or "http://127.0.0.1:8000")
                       if settings.smtp_url else None)

    def _now(self) -> float:
        return self.clock()   # looked up on each call: a test may swap the clock after start-up

    async def _db(self, fn: Callable[[Connection], T]) -> T:
        assert self.db is not None, "the accounts service is used before the app started"
        return await self.db.run(fn)

    async def _hash(self, fn: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.hashing, fn)

    # ------------------------------------------------------------------ register, sign in and out
    async def register(self, address: str, handle_raw: object, password: object, email_raw: object,
                       presented: str | None) -> SignedIn:
        if not self.registrations.allow(address):
            raise PlayError("rate_limited", "register_flood", 429)
        handle, key = clean_handle(handle_raw)
        check_new_password(password, handle)
        email = clean_email(email_raw)
        assert isinstance(password, str)
        if await self._db(lambda c: store.handle_taken(c, key)):
            raise PlayError("handle_taken", "handle_taken", 409, name=handle)
        digest = await self._hash(lambda: self.hasher.hash(password))
        now = self.clock()

        def tx(conn: Connection) -> tuple[Any, str]:
            account_id = store.add_account(conn, handle, key, digest, email, now)
            if presented:
                sessions.end_session(conn, presented)
            return store.by_id(conn, account_id), sessions.new_session(conn, account_id, now)

        try:
            row, cookie = await self._db(tx)
        except IntegrityError:   # the same handle registered a moment ago, through another request
            raise PlayError("handle_taken", "handle_taken", 409, name=handle) from None
        if email and self.mailer:
            await self._send_verification(row, email)
        return SignedIn(account_json(row), cookie)

    async def sign_in(self, address: str, handle_raw: object, password: object,
                      presented: str | None) -> SignedIn:
        if not self.signins.allow(address):
            raise PlayError("rate_limited", "signin_flood", 429)
        key = name_key(handle_raw)[:100] if isinstance(handle_raw, str) else ""
        secret = password if isinstance(password, str) and len(password) <= 1024 else ""
        now = self.clock()
        until, row = await self._db(lambda c: (store.locked_until(c, key), store.by_key(c, key)))
        if until > now:
            raise PlayError("locked", "handle_locked", 429, minutes=max(1, round((until - now) / 60)))
        stored = row.password_hash if row is not None else None
        ok = await self._hash(lambda: self.hasher.verify(stored, secret))
        if not ok:
            await self._db(lambda c: store.add_failure(c, key, now))
            raise PlayError("bad_credentials", "bad_credentials", 401)
        assert row is not None and stored is not None
        rehashed = await self._hash(lambda: self.hasher.hash(secret)) if self.hasher.needs_rehash(stored) else None

        def tx(conn: Connection) -> str:
            store.clear_failures(conn, key)
            if rehashed:
                store.set_password_hash(conn, row.id, rehashed)
            if presented:
                sessions.end_session(conn, presented)
            return sessions.new_session(conn, row.id, now)

        cookie = await self._db(tx)
        return SignedIn(account_json(row), cookie)

    async def current(self, cookie: str | None) -> Any:
        """The signed-in account's row, or None (no cookie, unknown, or expired)."""
        if not cookie:
            return None
        now = self.clock()
        return await self._db(lambda c: sessions.signed_in(c, cookie, now, self.life))

    async def my_tables(self, cookie: str | None) -> list[dict[str, Any]]:
        row = await self.require(cookie)
        return await self._db(lambda c: store.my_tables(c, row.id))

    async def profile(self, handle: str) -> dict[str, Any]:
        found = await self._db(lambda c: profile(c, handle))
        if found is None:
            raise PlayError("not_found", "no_player", 404)
        return found

    async def handle_exists(self, key: str) -> bool:
        return await self._db(lambda c: store.handle_taken(c, key))

    async def require(self, cookie: str | None) -> Any:
        row = await self.current(cookie)
        if row is None:
            raise PlayError("signed_out", "sign_in_required", 401)
        return row

    async def sign_out(self, cookie: str | None) -> None:
        await self._db(lambda c: sessions.end_session(c, cookie))

    async def sign_out_everywhere(self, cookie: str | None) -> int:
        row = await self.require(cookie)
        return await self._db(lambda c: store.end_sessions(c, row.id))

    async def change_password(self, address: str, cookie: str | None, old: object, new: object) -> SignedIn:
        """With the current password; every other session ends and this one gets a new id."""
        row = await self.require(cookie)
        if not self.signins.allow(address):
            raise PlayError("rate_limited", "signin_flood", 429)
        check_new_password(new, row.handle)
        assert isinstance(new, str)
        old_secret = old if isinstance(old, str) and len(old) <= 1024 else ""
        if not await self._hash(lambda: self.hasher.verify(row.password_hash, old_secret)):
            raise PlayError("bad_password", "wrong_password", 403)
        digest = await self._hash(lambda: self.hasher.hash(new))
        now = self.clock()

        def tx(conn: Connection) -> str:
            store.set_password_hash(conn, row.id, digest, now)
            store.end_sessions(conn, row.id)
            return sessions.new_session(conn, row.id, now)

        return SignedIn(account_json(row), await self._db(tx))

    # ------------------------------------------------------------------ email: verify, reset
    def _need_mail(self) -> Mailer:
        if self.mailer is None:
            raise PlayError("not_offered", "email_not_offered", 404)
        return self.mailer

    async def set_email(self, cookie: str | None, email_raw: object) -> dict[str, Any]:
        row = await self.require(cookie)
        email = clean_email(email_raw)
        await self._db(lambda c: store.set_email(c, row.id, email, False))
        fresh = await self._db(lambda c: store.by_id(c, row.id))
        if email and self.mailer:
            if not self.letters.allow(f"account:{row.id}"):
                raise PlayError("rate_limited", "mail_flood", 429)
            await self._send_verification(fresh, email)
        return account_json(fresh)

    async def _send_verification(self, row: Any, email: str) -> None:
        mailer = self._need_mail()
        secret = secrets.token_urlsafe(32)
        expires = self.clock() + VERIFY_HOURS * 3600
        await self._db(lambda c: store.add_token(c, row.id, "verify", secret, expires, email))
        mailer.send(email, *letter("verify", row.handle, mailer.link("verify", secret)))

    async def verify_email(self, secret: object) -> dict[str, Any]:
        self._need_mail()
        now = self.clock()

        def tx(conn: Connection) -> Any:
            token = store.use_token(conn, secret, "verify", now) if isinstance(secret, str) else None
            if token is None:
                return None
            row = store.by_id(conn, token.account_id)
            if row is None or row.email != token.email:   # the address changed since the letter
                return None
            store.set_email(conn, row.id, row.email, True)
            return store.by_id(conn, row.id)

        row = await self._db(tx)
        if row is None:
            raise PlayError("bad_link", "link_invalid", 400)
        return account_json(row)

    async def forgot(self, address: str, handle_raw: object) -> None:
        """Mail a reset link if the handle has a confirmed address; the answer is the same either way."""
        mailer = self._need_mail()
        if not self.letters.allow(address):
            raise PlayError("rate_limited", "mail_flood", 429)
        key = name_key(handle_raw)[:100] if isinstance(handle_raw, str) else ""
        row = await self._db(lambda c: store.by_key(c, key))
        if row is None or not row.email or not row.email_verified or not self.letters.allow(f"account:{row.id}"):
            return
        secret = secrets.token_urlsafe(32)
        expires = self.clock() + RESET_MINUTES * 60
        await self._db(lambda c: store.add_token(c, row.id, "reset", secret, expires))
        mailer.send(row.email, *letter("reset", row.handle, mailer.link("reset", secret)))

    async def reset(self, secret: object, password: object) -> SignedIn:
        """A new password through a reset link: every session ends, and the person is signed in anew."""
        self._need_mail()
        if not isinstance(secret, str):
            raise PlayError("bad_link", "link_invalid", 400)
        check_new_password(password)
        assert isinstance(password, str)
        digest = await self._hash(lambda: self.hasher.hash(password))
        now = self.clock()

        def tx(conn: Connection) -> tuple[Any, str] | None:
            token = store.use_token(conn, secret, "reset", now)
            row = store.by_id(conn, token.account_id) if token is not None else None
            if row is None:
                return None
            if name_key(password) == row.handle_key:
                raise PlayError("bad_password", "password_handle")
            store.set_password_hash(conn, row.id, digest, now)
            store.end_sessions(conn, row.id)
            store.clear_failures(conn, row.handle_key)
            return row, sessions.new_session(conn, row.id, now)

        done = await self._db(tx)
        if done is None:
            raise PlayError("bad_link", "link_invalid", 400)
        return SignedIn(account_json(done[0]), done[1])

    async def close(self) -> None:
        if self.mailer is not None:
            await self.mailer.close()
        self.hashing.shutdown(wait=False)
