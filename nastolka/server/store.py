"""The SQL the table service needs, as small synchronous functions of a connection.

Each function runs inside the caller's transaction (``Database.run``), so "append the action, finish the
game, update ratings, notify other processes" is one atomic commit.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Connection, and_, bindparam, case, func, insert, select, text, update

from .models import actions, seats, tables
from .timers import TURN_BASED, speed_name

CHANNEL = "nastolka"

# The statements every join, load and timed move runs, built once with bound parameters. Why: building a
# statement through SQLAlchemy's expression layer and computing its cache key cost more than running it
# (joins were 8.6 % of the server's samples at full speed, mostly that); a prebuilt statement keeps its
# key, so each call only binds values.
_TABLE = select(tables).where(tables.c.id == bindparam("t"))
_TABLE_LOCKED = _TABLE.with_for_update()
_SEATS = select(seats).where(seats.c.table_id == bindparam("t")).order_by(seats.c.seat)
_SEAT = select(seats).where(seats.c.table_id == bindparam("t"), seats.c.seat == bindparam("s"))
_ACTIONS = (select(actions.c.version, actions.c.seat, actions.c.action, actions.c.by)
            .where(actions.c.table_id == bindparam("t"), actions.c.version >= bindparam("since"))
            .order_by(actions.c.version))
_TAKE_SEAT = (update(seats).where(seats.c.table_id == bindparam("t"), seats.c.seat == bindparam("s"),
                                  seats.c.kind.in_(("open", "reserved")))
              .values(kind="human", name=bindparam("name"), token_hash=bindparam("token_hash"), away=0,
                      account_id=bindparam("account_id"), holder=bindparam("holder")))
# (a reserved seat keeps its invite hash when taken: freed before the start, it is reserved again)
_UNFILLED = select(seats.c.seat).where(seats.c.table_id == bindparam("t"), seats.c.kind.in_(("open", "reserved")))
_START_IF_FULL = (update(tables).where(tables.c.id == bindparam("t"), tables.c.status == "open", ~_UNFILLED.exists())
                  .values(status="playing", updated_at=func.now()))
_SET_BANK = (update(seats).where(seats.c.table_id == bindparam("t"), seats.c.seat == bindparam("s"))
             .values(bank_left=bindparam("left")))


def insert_table(conn: Connection, row: dict[str, Any], seat_rows: list[dict[str, Any]]) -> None:
    conn.execute(insert(tables).values(**row))
    conn.execute(insert(seats), seat_rows)


def table_row(conn: Connection, table_id: str) -> Any:
    return conn.execute(_TABLE, {"t": table_id}).first()


def seat_rows(conn: Connection, table_id: str) -> list[Any]:
    return list(conn.execute(_SEATS, {"t": table_id}))


def action_rows(conn: Connection, table_id: str, since: int = 0) -> list[Any]:
    return list(conn.execute(_ACTIONS, {"t": table_id, "since": since}))


def load_table(conn: Connection, table_id: str, since: int = 0) -> tuple[Any, list[Any], list[Any]] | None:
    row = table_row(conn, table_id)
    if row is None:
        return None
    return row, seat_rows(conn, table_id), action_rows(conn, table_id, since)


def list_tables(conn: Connection, status: str | None, limit: int) -> list[dict[str, Any]]:
    # real tables first: those a person sits at; then the newest. Private and cancelled tables are not listed.
    has_person = select(seats.c.seat).where(seats.c.table_id == tables.c.id, seats.c.kind == "human").exists()
    query = (select(tables.c.id, tables.c.game, tables.c.players, tables.c.status, tables.c.clock,
                    tables.c.bank, tables.c.rated, tables.c.options, tables.c.created_at, tables.c.updated_at)
             .where(tables.c.private == 0, tables.c.status != "cancelled")
             .order_by(case((has_person, 0), else_=1), tables.c.created_at.desc()).limit(limit))
    if status:
        query = query.where(tables.c.status == status)
    rows = list(conn.execute(query))
    out: list[dict[str, Any]] = []
    if not rows:
        return out
    ids = [r.id for r in rows]
    by_table: dict[str, list[dict[str, Any]]] = {i: [] for i in ids}
    for s in conn.execute(select(seats).where(seats.c.table_id.in_(ids)).order_by(seats.c.seat)):
        by_table[s.table_id].append(public_seat(s))
    versions: dict[str, int] = dict(conn.execute(select(actions.c.table_id, func.count()).where(actions.c.table_id.in_(ids))
                                 .group_by(actions.c.table_id)).all())
    over = [r.id for r in rows if r.status == "over"]
    records: dict[str, Any] = dict(conn.execute(select(tables.c.id, tables.c.record).where(tables.c.id.in_(over))).all()) \
        if over else {}
    for r in rows:
        row = {"id": r.id, "game": r.game, "players": r.players, "status": r.status, "clock": r.clock,
               "bank": int(r.bank or 0) if r.clock is not None else 0, "speed": speed_name(r.clock),
               "rated": bool(r.rated), "options": json.loads(r.options), "seats": by_table[r.id],
               "version": int(versions.get(r.id, 0))}
        if r.status == "over":   # the lobby's finished tables say who won and when
            row["winners"] = record_winners(records.get(r.id))
            row["ended"] = r.updated_at.isoformat() if r.updated_at is not None else None
        out.append(row)
    return out


def record_winners(text: str | None) -> list[int]:
    """The winning seats of a stored record, read from its ``result`` alone (it comes after the actions:
    the lobby lists finished tables every few seconds and must not parse whole games for one list)."""
    if not text:
        return []
    at = text.rfind('"result"')
    colon = text.find(":", at) if at >= 0 else -1
    if colon < 0:
        return []
    try:
        result, _ = json.JSONDecoder().raw_decode(text[colon + 1:].lstrip())
    except ValueError:
        return []
    winners = result.get("winners") if isinstance(result, dict) else None
    return [w for w in winners if isinstance(w, int)] if isinstance(winners, list) else []


def public_seat(s: Any) -> dict[str, Any]:
    """What anyone may know about a seat: never the token hash."""
    return {"seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot, "away": bool(s.away)}


def lock_table(conn: Connection, table_id: str) -> Any:
    """Lock the table's row until this transaction ends (PostgreSQL ``FOR UPDATE``; SQLite has one writer
    anyway). Seat changes take it first, so two joins of one table through two processes run one after
    the other, and the second sees the first's seat taken: exactly one of them starts the game."""
    return conn.execute(_TABLE_LOCKED, {"t": table_id}).first()


def seat_row(conn: Connection, table_id: str, seat: int) -> Any:
    return conn.execute(_SEAT, {"t": table_id, "s": seat}).first()


def take_seat(conn: Connection, table_id: str, seat: int, name: str, token_hash: str,
              account_id: int | None = None, holder: str | None = None) -> bool:
    """Seat a person (the caller holds the table lock and has checked the seat may be theirs); a signed-in
    person's seat is bound to their account; ``holder`` names who holds it (``"acct:<id>"`` signed in,
    else ``"addr:<ip>"``) for the cap on turn-based games."""
    res = conn.execute(_TAKE_SEAT, {"t": table_id, "s": seat, "name": name, "token_hash": token_hash,
                                    "account_id": account_id, "holder": holder})
    return res.rowcount == 1


def set_seat_token(conn: Connection, table_id: str, seat: int, account_id: int, token_hash: str) -> bool:
    """A new token for the seat an account holds (its old token stops working)."""
    res = conn.execute(update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat,
                                           seats.c.kind == "human", seats.c.account_id == account_id)
                       .values(token_hash=token_hash))
    return res.rowcount == 1


def cancel(conn: Connection, table_id: str) -> bool:
    res = conn.execute(update(tables).where(tables.c.id == table_id, tables.c.status == "open")
                       .values(status="cancelled", updated_at=func.now()))
    return res.rowcount == 1


def start_if_full(conn: Connection, table_id: str) -> bool:
    """Open -> playing once no seat is open or reserved (atomic, so only one caller starts it)."""
    res = conn.execute(_START_IF_FULL, {"t": table_id})
    return res.rowcount == 1


def free_seat(conn: Connection, table_id: str, seat: int, token_hash: str | None = None) -> bool:
    """Give up a seat before the start; with ``token_hash``, only while that token still holds it. A seat
    that was reserved becomes reserved again (same name, same invite secret), not an open seat."""
    cond = and_(seats.c.table_id == table_id, seats.c.seat == seat, seats.c.kind == "human",
                select(tables.c.id).where(tables.c.id == table_id, tables.c.status == "open").exists())
    if token_hash is not None:
        cond = and_(cond, seats.c.token_hash == token_hash)
    reserved = seats.c.invite_hash.is_not(None)   # it was a reserved seat: it stays reserved for its person
    res = conn.execute(update(seats).where(cond).values(
        kind=case((reserved, "reserved"), else_="open"), name=case((reserved, seats.c.name), else_=None),
        token_hash=None, away=0, account_id=None, holder=None))
    return res.rowcount == 1


def set_away(conn: Connection, table_id: str, seat: int, away: bool, unless_version: int | None = None) -> bool:
    """Mark a seat away (a bot plays for it) or back. With ``unless_version``, only if no action at or
    after that version exists yet: a clock that fires after the person moved changes nothing."""
    cond = and_(seats.c.table_id == table_id, seats.c.seat == seat, seats.c.away == (0 if away else 1))
    if unless_version is not None:
        cond = and_(cond, ~select(actions.c.version).where(actions.c.table_id == table_id,
                                                           actions.c.version >= unless_version).exists())
    res = conn.execute(update(seats).where(cond).values(away=1 if away else 0))
    return res.rowcount == 1


def set_bank(conn: Connection, table_id: str, seat: int, left: float) -> None:
    """Store what is left of a person's time bank (in the same transaction as the move that used it)."""
    conn.execute(_SET_BANK, {"t": table_id, "s": seat, "left": left})


#: the move's insert as the driver's own SQL, per parameter style: every accepted move runs it, and
#: building the statement through SQLAlchemy's expression layer cost three times the insert itself
_APPEND = {style: 'INSERT INTO actions (table_id, version, seat, action, "by") VALUES ' + values
           for style, values in (("qmark", "(?, ?, ?, ?, ?)"), ("format", "(%s, %s, %s, %s, %s)"),
                                 ("pyformat", "(%s, %s, %s, %s, %s)"))}


def append_action(conn: Connection, table_id: str, version: int, seat: int, aid: str, by: str) -> None:
    """The one write a move makes. The primary key (table_id, version) rejects a second version *n*."""
    sql = _APPEND.get(conn.dialect.paramstyle)
    if sql is None:
        conn.execute(insert(actions).values(table_id=table_id, version=version, seat=seat, action=aid, by=by))
    else:
        conn.exec_driver_sql(sql, (table_id, version, seat, aid, by))


def finish(conn: Connection, table_id: str, record: dict[str, Any]) -> None:
    conn.execute(update(tables).where(tables.c.id == table_id)
                 .values(status="over", record=json.dumps(record, ensure_ascii=False), updated_at=func.now()))


def touch(conn: Connection, table_id: str) -> None:
    conn.execute(update(tables).where(tables.c.id == table_id).values(updated_at=func.now()))


def notify(conn: Connection, payload: str) -> None:
    """PostgreSQL delivers NOTIFY at commit, so listeners never hear of a move that was rolled back."""
    conn.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})


def playing_table_ids(conn: Connection) -> list[str]:
    """Tables in play that are not turn-based (those stay out of memory until a due clock fires)."""
    return [r.id for r in conn.execute(select(tables.c.id).where(
        tables.c.status == "playing", (tables.c.clock.is_(None)) | (tables.c.clock < TURN_BASED)))]
