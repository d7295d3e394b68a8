"""Passwords: the rules a new password must meet, and Argon2id hashing through ``argon2-cffi``.

Why these parameters: OWASP's password storage cheat sheet asks for Argon2id with at least 19 MiB of
memory and two passes (one lane) — about 35 ms per hash on this machine, which is what a sign-in should
cost an attacker per guess. Parameters are settings: when they change, a stored hash is re-made with the
new ones at the next successful sign-in (``needs_rehash``), the only moment the password is known.
Why a dummy hash: a sign-in with an unknown handle verifies against it, so it costs the same time as a
wrong password for a real handle (no enumeration by timing).
"""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from ..errors import PlayError

MIN_PASSWORD, MAX_PASSWORD = 8, 256
COMMON = Path(__file__).with_name("common_passwords.txt")


@cache
def common_passwords() -> frozenset[str]:
    lines = COMMON.read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip() for line in lines if line.strip() and not line.startswith("#"))


def password_key(password: str) -> str:
    return unicodedata.normalize("NFKC", password).casefold()


def check_new_password(raw: object, handle: str | None = None) -> str:
    """A password a person may choose: 8–256 characters, not a well-known one, not the handle itself."""
    if not isinstance(raw, str):
        raise PlayError("bad_password", "password_not_text")
    if len(raw) < MIN_PASSWORD:
        raise PlayError("bad_password", "password_short", n=MIN_PASSWORD)
    if len(raw) > MAX_PASSWORD:
        raise PlayError("bad_password", "password_long", n=MAX_PASSWORD)
    key = password_key(raw)
    if key in common_passwords() or len(set(key)) < 3:
        raise PlayError("bad_password", "password_common")
    if handle is not None and key == password_key(handle):
        raise PlayError("bad_password", "password_handle")
    return raw


class Hasher:
    """Argon2id with the server's parameters (memory in KiB), and a dummy hash for unknown handles."""

    def __init__(self, time_cost: int = 2, memory_kib: int = 19 * 1024, parallelism: int = 1) -> None:
        self.ph = PasswordHasher(time_cost=time_cost, memory_cost=memory_kib, parallelism=parallelism)
        self.dummy = self.ph.hash("not a password anyone has: the unknown handle's stand-in")

    def hash(self, password: str) -> str:
        return self.ph.hash(password)

    def verify(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` matches ``stored``; ``None`` (no such account) spends the same time."""
        try:
            self.ph.verify(stored or self.dummy, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False
        return stored is not None

    def needs_rehash(self, stored: str) -> bool:
        return self.ph.check_needs_rehash(stored)
