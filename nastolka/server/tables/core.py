"""The core every part of the table service builds on: the per-process cache of tables, loading and
replaying them once, catching up with what other processes wrote, telling listeners, and the one
transaction helper (:meth:`TableCore.transact`) through which every change of seats or status goes.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from sqlalchemy import Connection
from sqlalchemy.exc import IntegrityError

from .. import store, timers
from ..db import Database
from ..errors import PlayError, not_found
from ..runtime import LogEntry, Runtime, SeatInfo
from ..timers import TimeSource

log = logging.getLogger("nastolka.server")
T = TypeVar("T")
_TABLE_ID = re.compile(r"^[a-z0-9]{1,16}$")

Listener = Callable[[Runtime, list[LogEntry], bool], Awaitable[None]]
Publisher = Callable[[str], Awaitable[None]]

#: the generator of every online table (simulations and search keep the fast SplitMix64)
ONLINE_RNG = "blake2b"


def is_action_conflict(exc: IntegrityError) -> bool:
    """Whether the write failed on the action log's key (table, version): another process accepted a move
    for this version first. Any other integrity error is not a version conflict."""
    diag = getattr(exc.orig, "diag", None)
    constraint = getattr(diag, "constraint_name", None)
    if constraint is not None:   # PostgreSQL names the constraint
        return bool(constraint == "actions_pkey")
    return "actions.table_id, actions.version" in str(exc.orig)   # SQLite names the columns


class TableCore:
    """The cache of tables and the order of a change (lock, one transaction, catch up, tell)."""

    def __init__(self, db: Database, *, instance: str | None = None, pg_notify: bool = False,
                 min_clock: int = 5, default_clock: int = 120, default_bank: int = 600,
                 open_tables_per_address: int = 20, timesource: TimeSource | None = None,
                 turn_based_games: int = 30) -> None:
        self.db = db
        #: the deployment's time (tests move it through a file): turn-based clocks and expiries use it
        self.time = timesource or TimeSource()
        #: turn-based games one player may hold at once (waiting or in play)
        self.turn_based_games = turn_based_games
        self.default_clock = default_clock
        self.default_bank = default_bank
        self.open_tables_per_address = open_tables_per_address
        self.open_by_address: dict[str, set[str]] = {}
        self.instance = instance or secrets.token_hex(4)
        self.pg_notify = pg_notify
        self.min_clock = min_clock
        self.cache: dict[str, Runtime] = {}
        self._loading: dict[str, asyncio.Future[Runtime]] = {}
        self.listeners: list[Listener] = []
        self.publishers: list[Publisher] = []

    # ------------------------------------------------------------------ loading and catching up
    async def get(self, table_id: str, *, outdated_ok: bool = False) -> Runtime:
        """The table, loaded and replayed once per process. A table played under other rules than this
        server's is refused with a message naming both versions (``outdated_ok``: its stored record may
        still be downloaded); see docs/decisions.md, "Records carry their rules version"."""
        rt = await self._load(table_id)
        if rt.outdated and not outdated_ok:
            raise PlayError("rules_version", "rules_version", 409, detail=rt.outdated, played=rt.played_version, current=rt.game.rules_version)
        return rt

    async def _load(self, table_id: str) -> Runtime:
        rt = self.cache.get(table_id)
        if rt is not None:
            rt.touched = time.monotonic()
            return rt
        if not isinstance(table_id, str) or not 1 <= len(table_id) <= 16 or not _TABLE_ID.match(table_id):
            raise not_found()
        pending = self._loading.get(table_id)
        if pending is not None:   # someone is loading it already: wait for that one load
            return await asyncio.shield(pending)
        pending = asyncio.get_running_loop().create_future()
        self._loading[table_id] = pending
        try:
            rt = await self._read(table_id)
        except BaseException as exc:
            if isinstance(exc, Exception):
                pending.set_exception(exc)
                pending.exception()   # retrieved: no "never retrieved" warning if nobody else waited
            else:
                pending.cancel()
            raise
        finally:
            # an unknown id leaves nothing behind
            self._loading.pop(table_id, None)
        pending.set_result(rt)
        # a table this process has just loaded may be waiting for a bot whose driver process died:
        # listeners treat it like a remote change (the bot worker moves after a grace period)
        await self._changed(rt, [], remote=True)
        return rt

    async def _read(self, table_id: str) -> Runtime:
        """Read the table and replay its log (off the event loop); a table of other rules is not replayed
        (its log may not even be legal now)."""
        cached = self.cache.get(table_id)
        if cached is not None:
            return cached
        loaded = await self.db.run(lambda c: store.load_table(c, table_id))
        if loaded is None:
            raise not_found()
        row, seat_rows, action_rows = loaded

        def build() -> Runtime:   # replaying a long log takes milliseconds: not on the event loop
            rt = Runtime.from_rows(row, seat_rows)
            rt.wall = self.time.now
            if rt.outdated:
                return rt
            for a in action_rows:
                rt.apply_logged(a.version, a.seat, a.action, a.by)
            return rt

        rt = await asyncio.to_thread(build)
        return self.cache.setdefault(table_id, rt)

    async def refresh(self, table_id: str) -> None:
        """Another process changed this table: re-read seats and status, apply new actions, tell clients."""
        rt = self.cache.get(table_id)
        if rt is None or rt.outdated:
            return
        async with rt.lock:
            entries = await self._catch_up(rt)
        await self._changed(rt, entries, remote=True)

    async def _catch_up(self, rt: Runtime) -> list[LogEntry]:
        since = rt.version
        return self._absorb(rt, await self.db.run(lambda c: store.load_table(c, rt.id, since)))

    def _absorb(self, rt: Runtime, loaded: tuple[Any, list[Any], list[Any]] | None) -> list[LogEntry]:
        """Bring the cached table to what the database holds (rows read since ``rt.version``, under its lock):
        seats, status, record, and the actions it has not applied yet."""
        if loaded is None:
            return []
        row, seat_rows, action_rows = loaded
        rt.seats = [SeatInfo.from_row(s) for s in seat_rows]
        rt.sync_banks()
        entries = [rt.apply_logged(a.version, a.seat, a.action, a.by) for a in action_rows
                   if a.version >= rt.version]
        if rt.status == "open" and row.status == "playing":
            rt.turn_started = time.monotonic()   # the clocks start with the game, not with the table
        rt.status = row.status
        rt.record = json.loads(row.record) if row.record else None
        return entries

    async def _changed(self, rt: Runtime, entries: list[LogEntry], remote: bool = False) -> None:
        rt.touched = time.monotonic()
        for listener in self.listeners:
            try:
                await listener(rt, entries, remote)
            except Exception:  # a broken listener must not undo a committed move
                log.exception("listener failed for table %s", rt.id)

    async def _publish(self, table_id: str) -> None:
        for publish in self.publishers:
            try:
                await publish(f"{self.instance}:{table_id}")
            except Exception:
                log.exception("publish failed for table %s", table_id)

    @property
    def bus(self) -> bool:
        """Whether other server processes may change tables (PostgreSQL NOTIFY or Redis connects them);
        without a bus this process is the database's only writer."""
        return self.pg_notify or bool(self.publishers)

    def _notify_in_tx(self, conn: Connection, table_id: str) -> None:
        if self.pg_notify:
            store.notify(conn, f"{self.instance}:{table_id}")

    async def transact(self, rt: Runtime, change: Callable[[Connection], T]) -> tuple[T, list[LogEntry]]:
        """Run ``change`` in one transaction under the table's lock, and bring the cache to what the
        database then holds, read in the same transaction (one trip to the database thread).

        ``change`` notifies other processes itself (:meth:`_notify_in_tx`) when it changed something; the
        caller tells this process's listeners (:meth:`announce`) once the lock is released.
        """
        table_id = rt.id

        def tx(conn: Connection) -> tuple[T, Any]:
            result = change(conn)
            return result, store.load_table(conn, table_id, since)

        async with rt.lock:
            since = rt.version
            result, loaded = await self.db.run(tx)
            entries = self._absorb(rt, loaded)
        return result, entries

    def start_in_tx(self, conn: Connection, rt: Runtime) -> bool:
        """Start the game if no seat is left to fill (in the caller's transaction, the table row locked):
        the waiting table's expiry goes, and a turn-based table's first clocks start now — not when the
        table was created."""
        if not store.start_if_full(conn, rt.id):
            return False
        rows: list[dict[str, Any]] = []
        if rt.turn_based and rt.clock is not None and rt.version == 0:
            seat_rows = store.seat_rows(conn, rt.id)
            rows = timers.plan(rt.clock, seat_rows, rt.state, {}, [float(rt.bank)] * rt.players, self.time.now())
        timers.write_plan(conn, rt.id, rt.version, rows, everything=True)
        return True

    async def announce(self, rt: Runtime, entries: list[LogEntry], *, published: bool = True) -> None:
        """After a committed change: other processes are told (when it changed anything), then listeners."""
        if published:
            await self._publish(rt.id)
        await self._changed(rt, entries)
