"""Server-side sessions: a random id in an HttpOnly cookie, its SHA-256 in the database.

Why in the database: every process of a PostgreSQL deployment sees a sign-in and a sign-out at once.
Why a new id on every sign-in, and the presented one deleted: an id planted in a browser before the
person signed in (session fixation) never becomes a signed-in session.
Why two expiries: idle (30 days without a visit) ends forgotten sessions; absolute (a year) bounds how long
a stolen cookie can be kept alive by using it.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, delete, insert, select, update

from ..tokens import hash_token
from .schema import accounts, sessions

COOKIE = "nastolka_session"
#: a visit moves the idle expiry only when the last recorded one is older than this (no write per request)
TOUCH_EVERY = 300.0


@dataclass(frozen=True)
class Lifetimes:
    idle: float = 30 * 86_400.0
    absolute: float = 365 * 86_400.0


def new_session(conn: Connection, account_id: int, now: float) -> str:
    """A fresh session for the account; returns the cookie's value (256 random bits), never stored."""
    raw = secrets.token_urlsafe(32)
    conn.execute(insert(sessions).values(id_hash=hash_token(raw), account_id=account_id, created=now, seen=now))
    return raw


def valid_cookie(raw: object) -> bool:
    return isinstance(raw, str) and 20 <= len(raw) <= 100


def signed_in(conn: Connection, raw: str, now: float, life: Lifetimes) -> Any:
    """The account of a live session (its row), or None; an expired session is deleted on the way."""
    if not valid_cookie(raw):
        return None
    digest = hash_token(raw)
    row = conn.execute(select(sessions.c.created, sessions.c.seen, accounts)
                       .join(accounts, accounts.c.id == sessions.c.account_id)
                       .where(sessions.c.id_hash == digest)).first()
    if row is None:
        return None
    if now - row.seen > life.idle or now - row.created > life.absolute:
        conn.execute(delete(sessions).where(sessions.c.id_hash == digest))
        return None
    if now - row.seen > TOUCH_EVERY:
        conn.execute(update(sessions).where(sessions.c.id_hash == digest).values(seen=now))
    return row


def end_session(conn: Connection, raw: object) -> None:
    if valid_cookie(raw):
        conn.execute(delete(sessions).where(sessions.c.id_hash == hash_token(str(raw))))


def purge_expired(conn: Connection, now: float, life: Lifetimes) -> int:
    """Delete every expired session (run now and then; a lookup deletes the ones it meets)."""
    gone = conn.execute(delete(sessions).where(
        (sessions.c.seen < now - life.idle) | (sessions.c.created < now - life.absolute)))
    return int(gone.rowcount)
