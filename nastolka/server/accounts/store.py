"""The accounts' rows: plain functions over a connection, run in the database's thread (``db.run``).

Why plain functions: each runs inside the caller's transaction, so "check the token, mark it used, set the
password, end the sessions" commits together or not at all.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, delete, insert, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from ..models import seats, tables
from ..tokens import hash_token
from .schema import account_tokens, accounts, sessions, signin_failures

#: sign-in failures in a row after which a handle is locked, and the first lock's length (it doubles
#: with every further failure, up to a day: a growing delay, never forever)
LOCK_AFTER, LOCK_FIRST, LOCK_LONGEST = 10, 60.0, 86_400.0


def by_key(conn: Connection, key: str) -> Any:
    return conn.execute(select(accounts).where(accounts.c.handle_key == key)).first()


def by_id(conn: Connection, account_id: int) -> Any:
    return conn.execute(select(accounts).where(accounts.c.id == account_id)).first()


def since(row: Any) -> str:
    """The day an account was made (ISO date, UTC)."""
    return datetime.fromtimestamp(row.created, UTC).date().isoformat()


def handle_taken(conn: Connection, key: str) -> bool:
    return conn.execute(select(accounts.c.id).where(accounts.c.handle_key == key)).first() is not None


def add_account(conn: Connection, handle: str, key: str, password_hash: str, email: str | None,
                now: float) -> int:
    """The new account's id (an ``IntegrityError`` if the handle was taken meanwhile)."""
    result = conn.execute(insert(accounts).values(
        handle=handle, handle_key=key, password_hash=password_hash, email=email, email_verified=0,
        created=now, password_changed=now))
    return int(result.inserted_primary_key[0])   # type: ignore[index]


def set_password_hash(conn: Connection, account_id: int, password_hash: str, now: float | None = None) -> None:
    """A new hash; ``now`` when the password itself changed (a rehash keeps the date)."""
    values: dict[str, Any] = {"password_hash": password_hash}
    if now is not None:
        values["password_changed"] = now
    conn.execute(update(accounts).where(accounts.c.id == account_id).values(**values))


def set_email(conn: Connection, account_id: int, email: str | None, verified: bool) -> None:
    conn.execute(update(accounts).where(accounts.c.id == account_id)
                 .values(email=email, email_verified=int(verified)))


# ------------------------------------------------------------------ failures in a row, per handle key
def locked_until(conn: Connection, key: str) -> float:
    row = conn.execute(select(signin_failures.c.locked_until).where(signin_failures.c.handle_key == key)).first()
    return float(row.locked_until) if row else 0.0


def add_failure(conn: Connection, key: str, now: float) -> float:
    """Count one more failure in a row; returns until when the handle is now locked (0: not locked).

    The row is upserted, then read ``FOR UPDATE``: two failures at once for a new key neither collide
    nor lose a count (on PostgreSQL the second waits for the first)."""
    table = signin_failures
    if conn.dialect.name == "postgresql":
        conn.execute(pg_insert(table).values(handle_key=key, failures=0, locked_until=0.0)
                     .on_conflict_do_nothing(index_elements=["handle_key"]))
    else:
        conn.execute(sqlite_insert(table).values(handle_key=key, failures=0, locked_until=0.0)
                     .on_conflict_do_nothing(index_elements=["handle_key"]))
    row = conn.execute(select(table).where(table.c.handle_key == key).with_for_update()).one()
    failures = row.failures + 1
    until = 0.0
    if failures >= LOCK_AFTER:
        until = now + min(LOCK_LONGEST, LOCK_FIRST * 2 ** min(failures - LOCK_AFTER, 20))
    conn.execute(update(table).where(table.c.handle_key == key).values(failures=failures, locked_until=until))
    return until


def clear_failures(conn: Connection, key: str) -> None:
    conn.execute(delete(signin_failures).where(signin_failures.c.handle_key == key))


# ------------------------------------------------------------------ one-time tokens of emailed links
def add_token(conn: Connection, account_id: int, purpose: str, secret: str, expires: float,
              email: str | None = None) -> None:
    # an older link of the same purpose stops working: only the newest one mailed is valid
    conn.execute(delete(account_tokens).where(account_tokens.c.account_id == account_id,
                                              account_tokens.c.purpose == purpose))
    conn.execute(insert(account_tokens).values(token_hash=hash_token(secret), account_id=account_id,
                                               purpose=purpose, email=email, expires=expires))


def use_token(conn: Connection, secret: str, purpose: str, now: float) -> Any:
    """The token's row if it is valid, now spent (single use even with two requests at once); else None."""
    digest = hash_token(secret)
    spent = conn.execute(update(account_tokens).where(
        account_tokens.c.token_hash == digest, account_tokens.c.purpose == purpose,
        account_tokens.c.used.is_(None), account_tokens.c.expires > now).values(used=now))
    if spent.rowcount != 1:
        return None
    return conn.execute(select(account_tokens).where(account_tokens.c.token_hash == digest)).first()


def end_sessions(conn: Connection, account_id: int, keep_hash: str | None = None) -> int:
    where = [sessions.c.account_id == account_id]
    if keep_hash is not None:
        where.append(sessions.c.id_hash != keep_hash)
    return int(conn.execute(delete(sessions).where(*where)).rowcount)


def my_tables(conn: Connection, account_id: int, limit: int = 100) -> list[dict[str, Any]]:
    """The tables an account sits at (waiting, running, finished), the most recently changed first."""
    rows = conn.execute(select(seats.c.table_id, seats.c.seat, tables.c.game, tables.c.status, tables.c.private)
                        .join(tables, tables.c.id == seats.c.table_id)
                        .where(seats.c.account_id == account_id, tables.c.status != "cancelled")
                        .order_by(tables.c.updated_at.desc(), tables.c.id).limit(limit))
    return [{"id": r.table_id, "seat": r.seat, "game": r.game, "status": r.status, "private": bool(r.private)}
            for r in rows]
