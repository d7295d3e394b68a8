"""Durable clocks: the deadlines of turn-based tables and the expiry of tables waiting for players.

Why in the database: a turn-based deployment holds thousands of tables whose next event is hours or days
away. Keeping each in memory with a sleeping task (as real-time tables are) would hold them all in every
process, lose them on a restart, and fire them once per process. Instead each deadline is a row of
``due_clocks`` written in the same transaction as the move (or join) that started it; a process claims
due rows with ``FOR UPDATE SKIP LOCKED`` (on SQLite the single writer serialises claims), and fires each
in one transaction that deletes the row, marks the seat away and commits the stand-in's move: the delete
and the action log's primary key (table, version) make a second firing impossible, and a process killed
after its claim leaves the row in place for another process once its lease ends.

Time comes from :class:`TimeSource`: the wall clock, or in tests and benchmarks the wall clock moved by an
offset read from a file (``Settings.clock_file``) that every process of a test shares, so a test jumps a
day ahead without sleeping.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, and_, bindparam, delete, func, insert, or_, select, update

from .models import due_clocks, seats, tables

#: a per-move clock of at least an hour makes a table turn-based (durable deadlines, out of memory)
TURN_BASED = 3600
#: the longest per-move clock and turn-based bank (14 days)
MAX_CLOCK = 14 * 24 * 3600
#: the longest bank of a real-time table
MAX_REALTIME_BANK = 7200
#: the speeds a table may be created with; the turn-based presets name their per-move time
SPEEDS: dict[str, int | None] = {"realtime": None, "turn_based": None,
                                 "fast": 3600, "normal": 86400, "slow": 3 * 86400}
#: a table waiting for players is called off after this long
WAITING_EXPIRY = 14 * 24 * 3600
#: seat number of a waiting table's expiry row
EXPIRY = -1
#: a bot's (or an away person's stand-in's) move at a turn-based table is due this long after its turn
#: starts: the process that made the change normally moves first, this row is the durable backup
BOT_BACKUP = 5.0


class TimeSource:
    """Seconds since the epoch, as every process of a deployment agrees (the wall clock). With
    ``offset_file``, the file's number (seconds, may be fractional; missing or empty: 0) is added: tests
    and benchmarks move the time of all their server processes by writing it."""

    def __init__(self, offset_file: str | None = None) -> None:
        self.offset_file = offset_file
        self._cached: tuple[float, float] = (-1.0, 0.0)   # (file's mtime, offset)

    def offset(self) -> float:
        if not self.offset_file:
            return 0.0
        try:
            mtime = os.stat(self.offset_file).st_mtime_ns
        except FileNotFoundError:
            return 0.0
        if mtime != self._cached[0]:
            with open(self.offset_file, encoding="ascii") as fh:
                text = fh.read().strip()
            self._cached = (mtime, float(text) if text else 0.0)
        return self._cached[1]

    def now(self) -> float:
        return time.time() + self.offset()


def is_turn_based(clock: int | None) -> bool:
    return clock is not None and clock >= TURN_BASED


@dataclass(frozen=True)
class Speed:
    """A table's clock as checked at creation."""

    clock: int | None
    bank: int


def choose_speed(speed: str | None, clock: int | None, clock_given: bool, bank: int | None, rated: bool,
                 default_clock: int, default_bank: int, min_clock: int) -> Speed | tuple[str, dict[str, Any]]:
    """The clock and bank a new table gets, or (the refusal's words, their arguments).

    ``clock_given``: the request named ``clock`` (``null`` then means "no clock at all", allowed only on
    casual tables); without it the speed's default applies (real-time: the server's clock and bank)."""
    if speed is not None and speed not in SPEEDS:
        return "bad_speed", {"speed": repr(speed)[:40], "speeds": ", ".join(SPEEDS)}
    preset = SPEEDS.get(speed) if speed else None
    if not clock_given:
        clock = preset if preset is not None else (default_clock if speed != "turn_based" else 86400)
    elif clock is None:
        if speed is not None:
            return "speed_without_clock", {}
        if bank:
            return "bank_without_clock", {}
        if rated:
            return "no_clock_rated", {}
        return Speed(None, 0)
    if isinstance(clock, bool) or not isinstance(clock, int) or not min_clock <= clock <= MAX_CLOCK:
        return "bad_clock", {"low": min_clock, "high": MAX_CLOCK}
    if preset is not None and clock != preset:
        return "speed_clock", {"speed": speed, "clock": preset}
    if speed == "realtime" and clock >= TURN_BASED:
        return "speed_realtime", {"high": TURN_BASED - 1}
    if speed == "turn_based" and clock < TURN_BASED:
        return "speed_turn", {"low": TURN_BASED, "high": MAX_CLOCK}
    turn = is_turn_based(clock)
    if bank is None:
        bank = 0 if turn else default_bank
    high = MAX_CLOCK if turn else MAX_REALTIME_BANK
    if isinstance(bank, bool) or not isinstance(bank, int) or not 0 <= bank <= high:
        return "bad_bank", {"high": high}
    return Speed(clock, bank)


def speed_name(clock: int | None) -> str:
    """How the lobby names a table's speed: ``none``, ``realtime`` or ``turn_based``."""
    return "none" if clock is None else "turn_based" if is_turn_based(clock) else "realtime"


# ---------------------------------------------------------------------------------------------- SQL
_CLEAR = delete(due_clocks).where(due_clocks.c.table_id == bindparam("t"))
_CLEAR_SEATS = delete(due_clocks).where(due_clocks.c.table_id == bindparam("t"), due_clocks.c.seat >= 0)
_TURN_AT = (update(seats).where(seats.c.table_id == bindparam("t"), seats.c.seat == bindparam("s"))
            .values(turn_at=bindparam("at")))
_NO_TURN = update(seats).where(seats.c.table_id == bindparam("t")).values(turn_at=None)


def add_expiry(conn: Connection, table_id: str, due: float) -> None:
    """A new table waiting for players is called off at ``due`` unless it starts first."""
    conn.execute(insert(due_clocks).values(table_id=table_id, seat=EXPIRY, version=0, due=due))


def plan(clock: int, seat_infos: list[Any], state: Any, away: dict[int, bool], banks: list[float],
         now: float) -> list[dict[str, Any]]:
    """The deadlines of a turn-based table in ``state`` (every change that starts a turn writes them):
    each person to act gets the per-move time plus what is left of their bank; a seat a bot plays for
    gets a backup row due shortly (the in-memory bot normally moves first). None once the game is over."""
    if state.is_over:
        return []
    rows = []
    for seat in state.to_act:
        row = seat_plan(clock, seat_infos[seat], seat, away.get(seat), banks, now)
        if row is not None:
            rows.append(row)
    return rows


def seat_plan(clock: int, info: Any, seat: int, away: bool | None, banks: list[float],
              now: float) -> dict[str, Any] | None:
    """One seat's deadline from ``now`` (``away``: its away flag after the change, ``None``: as stored)."""
    if info.kind == "bot" or (info.kind == "human" and (info.away if away is None else away)):
        return {"seat": seat, "due": now + BOT_BACKUP, "turn_at": None}
    if info.kind != "human":
        return None
    bank = float(banks[seat]) if 0 <= seat < len(banks) else 0.0
    return {"seat": seat, "due": now + clock + bank, "turn_at": now}


def replan_seat(conn: Connection, table_id: str, version: int, seat: int, row: dict[str, Any] | None) -> None:
    """Replace one seat's deadline (a person left or came back); the others' clocks go on untouched."""
    conn.execute(delete(due_clocks).where(due_clocks.c.table_id == table_id, due_clocks.c.seat == seat))
    conn.execute(_TURN_AT, {"t": table_id, "s": seat, "at": row["turn_at"] if row else None})
    if row is not None:
        conn.execute(insert(due_clocks).values(table_id=table_id, seat=seat, version=version, due=row["due"]))


def write_plan(conn: Connection, table_id: str, version: int, rows: list[dict[str, Any]], *,
               everything: bool = False) -> None:
    """Replace the table's seat deadlines (``everything``: its expiry too) with ``rows`` at ``version``."""
    conn.execute(_CLEAR if everything else _CLEAR_SEATS, {"t": table_id})
    conn.execute(_NO_TURN, {"t": table_id})
    if rows:
        conn.execute(insert(due_clocks), [{"table_id": table_id, "seat": r["seat"], "version": version,
                                           "due": r["due"]} for r in rows])
        started = [{"t": table_id, "s": r["seat"], "at": r["turn_at"]} for r in rows if r["turn_at"] is not None]
        if started:
            conn.execute(_TURN_AT, started)


def take(conn: Connection, table_id: str, seat: int, version: int) -> bool:
    """Fire a due row: delete it if it is still the one at ``version``. Only one transaction ever deletes
    it (the row lock orders them; the second finds nothing), so a deadline fires once."""
    res = conn.execute(delete(due_clocks).where(due_clocks.c.table_id == table_id, due_clocks.c.seat == seat,
                                                due_clocks.c.version == version))
    return res.rowcount == 1


def claim(conn: Connection, now: float, lease: float, limit: int) -> list[tuple[str, int, int]]:
    """Rows due by ``now`` that no live claim holds, leased to the caller until ``now + lease``. Rows
    another transaction has locked are skipped (``SKIP LOCKED``): two processes never claim one row."""
    query = (select(due_clocks.c.table_id, due_clocks.c.seat, due_clocks.c.version)
             .where(due_clocks.c.due <= now,
                    or_(due_clocks.c.claimed_until.is_(None), due_clocks.c.claimed_until <= now))
             .order_by(due_clocks.c.due).limit(limit).with_for_update(skip_locked=True))
    rows = [(r.table_id, int(r.seat), int(r.version)) for r in conn.execute(query)]
    if rows:
        conn.execute(update(due_clocks).where(due_clocks.c.table_id == bindparam("t"),
                                              due_clocks.c.seat == bindparam("s"))
                     .values(claimed_until=now + lease),
                     [{"t": t, "s": s} for t, s, _v in rows])
    return rows


def release(conn: Connection, table_id: str, seat: int, version: int) -> None:
    """Give a claimed row back (it could not be fired now: the table is busy elsewhere)."""
    conn.execute(update(due_clocks).where(due_clocks.c.table_id == table_id, due_clocks.c.seat == seat,
                                          due_clocks.c.version == version).values(claimed_until=None))


def pending(conn: Connection) -> int:
    return int(conn.execute(select(func.count()).select_from(due_clocks)).scalar_one())


def games_held(conn: Connection, holder: str) -> int:
    """How many turn-based tables, waiting or in play, ``holder`` sits at."""
    return int(conn.execute(
        select(func.count()).select_from(seats.join(tables, tables.c.id == seats.c.table_id))
        .where(and_(seats.c.holder == holder, seats.c.kind == "human", tables.c.clock >= TURN_BASED,
                    tables.c.status.in_(("open", "playing"))))).scalar_one())
