"""Guests keep playing without an account, but not under a registered player's name.

Why here and not in the table service: the check needs the accounts' table and the request's session,
and the seat logic should not know about either; the join route asks before it seats anyone.
"""

from __future__ import annotations

from fastapi import Request

from ..errors import PlayError
from ..names import clean_name, name_key
from .sessions import COOKIE


async def who_joins(request: Request, raw: object) -> tuple[int, str] | None:
    """Who takes a seat: the signed-in account (id, handle) when no name is typed or the typed name is
    its handle — the seat is then bound to it; None for a guest under the typed name (never another
    person's handle; no name at all is refused)."""
    svc = request.app.state.accounts
    row = await svc.current(request.cookies.get(COOKIE))
    if row is not None and (raw is None or (isinstance(raw, str) and name_key(raw.strip()) == row.handle_key)):
        return int(row.id), str(row.handle)
    if raw is None:
        raise PlayError("bad_name", "name_empty")
    await check_guest_name(request, raw)
    return None


async def check_guest_name(request: Request, raw: object) -> None:
    """Refuse a typed name that is an account's handle (NFKC + case folded), unless that account is the
    one signed in here. A name the name rules refuse is left to them (same error as before)."""
    try:
        name = clean_name(raw)
    except PlayError:
        return
    key = name_key(name)
    svc = request.app.state.accounts
    if not await svc.handle_exists(key):
        return
    row = await svc.current(request.cookies.get(COOKIE))
    if row is None or row.handle_key != key:
        raise PlayError("name_taken", "name_is_handle", 409, name=name)
