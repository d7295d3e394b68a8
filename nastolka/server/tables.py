"""The table service: create tables, seat people and bots, accept moves, finish games.

Every change follows one order: validate against the cached state, write to the database in one
transaction (the action log's primary key (table, version) rejects a conflicting write from any process),
then update the cache, then tell listeners (the websocket hub and the bot worker). Nobody hears of a move
before it is committed, and a move is never applied twice.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
import unicodedata
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.exc import IntegrityError

from nastolka.bots import bot_names
from nastolka.engine import IllegalAction, NastolkaError, get, record_of
from nastolka.engine.secure_rng import SECRET_BITS

from . import store
from .db import Database
from .errors import PlayError, not_found
from .ratings import update_ratings
from .runtime import LogEntry, Runtime, SeatInfo
from .tokens import hash_token, new_table_id, new_token

log = logging.getLogger("nastolka.server")

Listener = Callable[[Runtime, list[LogEntry], bool], Awaitable[None]]
Publisher = Callable[[str], Awaitable[None]]

#: the generator of every online table (simulations and search keep the fast SplitMix64)
ONLINE_RNG = "blake2b"
MAX_NAME = 24
_NAME_RE = re.compile(r"^[^\x00-\x1f\x7f<>]{1,24}$")


def clean_name(raw: Any) -> str:
    """A display name: 1–24 printable characters, trimmed; nothing that could smuggle markup."""
    if not isinstance(raw, str):
        raise PlayError("bad_name", "the name must be text")
    name = unicodedata.normalize("NFC", raw).strip()
    if not name:
        raise PlayError("bad_name", "the name must not be empty")
    if not _NAME_RE.match(name):
        raise PlayError("bad_name", f"the name must be at most {MAX_NAME} characters, without < > or control characters")
    return name


def is_action_conflict(exc: IntegrityError) -> bool:
    """Whether the write failed on the action log's key (table, version): another process accepted a move
    for this version first. Any other integrity error is not a version conflict."""
    diag = getattr(exc.orig, "diag", None)
    constraint = getattr(diag, "constraint_name", None)
    if constraint is not None:   # PostgreSQL names the constraint
        return bool(constraint == "actions_pkey")
    return "actions.table_id, actions.version" in str(exc.orig)   # SQLite names the columns


class TableService:
    def __init__(self, db: Database, *, instance: str | None = None, pg_notify: bool = False,
                 min_clock: int = 5) -> None:
        self.db = db
        self.instance = instance or secrets.token_hex(4)
        self.pg_notify = pg_notify
        self.min_clock = min_clock
        self.cache: dict[str, Runtime] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.listeners: list[Listener] = []
        self.publishers: list[Publisher] = []

    # ------------------------------------------------------------------ loading and catching up
    async def get(self, table_id: str) -> Runtime:
        rt = self.cache.get(table_id)
        if rt is not None:
            return rt
        if not isinstance(table_id, str) or not 1 <= len(table_id) <= 16:
            raise not_found(str(table_id)[:20])
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            rt = self.cache.get(table_id)
            if rt is not None:
                return rt
            loaded = await self.db.run(lambda c: store.load_table(c, table_id))
            if loaded is None:
                raise not_found(table_id)
            row, seat_rows, action_rows = loaded
            rt = Runtime.from_rows(row, seat_rows)
            for a in action_rows:   # rebuild the state by replaying the log
                rt.apply_logged(a.version, a.seat, a.action, a.by)
            self.cache[table_id] = rt
        # a table this process has just loaded may be waiting for a bot whose driver process died:
        # listeners treat it like a remote change (the bot worker moves after a grace period)
        await self._changed(rt, [], remote=True)
        return rt

    async def refresh(self, table_id: str) -> None:
        """Another process changed this table: re-read seats and status, apply new actions, tell clients."""
        rt = self.cache.get(table_id)
        if rt is None:
            return
        async with rt.lock:
            entries = await self._catch_up(rt)
        await self._changed(rt, entries, remote=True)

    async def _catch_up(self, rt: Runtime) -> list[LogEntry]:
        since = rt.version
        loaded = await self.db.run(lambda c: store.load_table(c, rt.id, since))
        if loaded is None:
            return []
        row, seat_rows, action_rows = loaded
        rt.seats = [SeatInfo.from_row(s) for s in seat_rows]
        entries = [rt.apply_logged(a.version, a.seat, a.action, a.by) for a in action_rows
                   if a.version >= rt.version]
        rt.status = row.status
        rt.record = json.loads(row.record) if row.record else None
        return entries

    async def _changed(self, rt: Runtime, entries: list[LogEntry], remote: bool = False) -> None:
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

    def _notify_in_tx(self, conn: Connection, table_id: str) -> None:
        if self.pg_notify:
            store.notify(conn, f"{self.instance}:{table_id}")

    # ------------------------------------------------------------------ tables and seats
    async def create(self, game_id: str, options: dict[str, Any] | None, seat_specs: list[dict[str, Any]],
                     clock: int | None = None) -> Runtime:
        try:
            game = get(game_id)
        except NastolkaError as exc:
            raise PlayError("bad_game", str(exc)) from None
        if not isinstance(seat_specs, list) or not seat_specs:
            raise PlayError("bad_seats", "give one entry per seat")
        players = len(seat_specs)
        # 256 secret bits keying BLAKE2b: no view, however many, narrows down the seed or the next shuffle
        seed = secrets.randbits(SECRET_BITS)
        try:
            state = game.new(players, options or {}, seed=seed, rng=ONLINE_RNG)   # validates count, options
        except NastolkaError as exc:
            raise PlayError("bad_options", str(exc)) from None
        if clock is not None and (isinstance(clock, bool) or not isinstance(clock, int)
                                  or not self.min_clock <= clock <= 3600):
            raise PlayError("bad_clock", f"the clock must be a whole number of seconds from {self.min_clock} "
                                         "to 3600, or none")
        bots = bot_names(game)
        rows: list[dict[str, Any]] = []
        for i, spec in enumerate(seat_specs):
            if not isinstance(spec, dict):
                raise PlayError("bad_seats", f"seat {i}: expected an object like {{\"kind\": \"open\"}}")
            kind = spec.get("kind", "open")
            row: dict[str, Any] = {"seat": i, "kind": kind, "name": None, "bot": None, "token_hash": None,
                                   "away": 0}
            if kind == "bot":
                level = spec.get("bot") or ("heuristic" if "heuristic" in bots else "random")
                if level not in bots:
                    raise PlayError("bad_seats", f"seat {i}: unknown bot {level!r} (available: {', '.join(bots)})")
                row["bot"] = level
            elif kind == "reserved":
                row["name"] = clean_name(spec.get("name"))
            elif kind != "open":
                raise PlayError("bad_seats", f"seat {i}: kind must be open, bot or reserved, not {kind!r}")
            rows.append(row)
        table_id = new_table_id()
        status = "playing" if all(r["kind"] == "bot" for r in rows) else "open"
        table_row = {"id": table_id, "game": game.id, "options": json.dumps(dict(state.origin.options)),
                     "players": players, "seed": str(seed), "rng": ONLINE_RNG, "status": status, "clock": clock}

        def tx(conn: Connection) -> None:
            store.insert_table(conn, table_row, [{"table_id": table_id, **r} for r in rows])

        await self.db.run(tx)
        rt = await self.get(table_id)
        await self._changed(rt, [])
        return rt

    async def join(self, table_id: str, seat: Any, name: Any) -> tuple[Runtime, int, str]:
        rt = await self.get(table_id)
        name = clean_name(name)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rt.players:
            raise PlayError("bad_seat", f"seat must be a number from 0 to {rt.players - 1}")
        token = new_token()
        token_hash = hash_token(token)

        def tx(conn: Connection) -> tuple[bool, bool]:
            store.lock_table(conn, table_id)
            ok = store.claim_seat(conn, table_id, seat, name, token_hash)
            started = ok and store.start_if_full(conn, table_id)
            if ok:
                self._notify_in_tx(conn, table_id)
            return ok, started

        async with rt.lock:
            ok, _started = await self.db.run(tx)
            entries = await self._catch_up(rt)
        if not ok:
            s = rt.seats[seat]
            why = ("the game has already started" if rt.status != "open" else
                   f"seat {seat} is reserved for someone else" if s.kind == "reserved" else
                   f"seat {seat} is taken")
            raise PlayError("seat_taken", why, 409)
        await self._publish(table_id)
        await self._changed(rt, entries)
        return rt, seat, token

    async def seat_of(self, rt: Runtime, token: Any) -> int:
        """The seat a token acts for; a wrong token is refused without saying which seats exist."""
        if not isinstance(token, str) or not token or len(token) > 200:
            raise PlayError("bad_token", "a seat token is required to act", 403)
        seat = rt.seat_for_token_hash(hash_token(token))
        if seat is None:   # maybe joined through another process a moment ago
            async with rt.lock:
                await self._catch_up(rt)
            seat = rt.seat_for_token_hash(hash_token(token))
        if seat is None:
            raise PlayError("bad_token", "this seat token is not valid for this table", 403)
        return seat

    async def leave(self, table_id: str, token: Any) -> Runtime:
        """Before the start: free the seat. During play: a bot plays for the seat until its person returns."""
        rt = await self.get(table_id)
        seat = await self.seat_of(rt, token)
        token_hash = hash_token(token)

        def tx(conn: Connection) -> None:
            row = store.lock_table(conn, table_id)   # the database's status, not this process's cache
            if row is not None and row.status == "open":
                store.free_seat(conn, table_id, seat, token_hash)
            else:
                store.set_away(conn, table_id, seat, True)
            self._notify_in_tx(conn, table_id)

        async with rt.lock:
            await self.db.run(tx)
            entries = await self._catch_up(rt)
        await self._publish(table_id)
        await self._changed(rt, entries)
        return rt

    async def back(self, table_id: str, token: Any) -> Runtime:
        """The person returns: the bot that stood in for them stops."""
        rt = await self.get(table_id)
        seat = await self.seat_of(rt, token)
        if rt.seats[seat].away:
            await self._set_away(rt, seat, False)
        return rt

    async def _set_away(self, rt: Runtime, seat: int, away: bool, unless_version: int | None = None) -> bool:
        def tx(conn: Connection) -> bool:
            changed = store.set_away(conn, rt.id, seat, away, unless_version)
            if changed:
                self._notify_in_tx(conn, rt.id)
            return changed

        async with rt.lock:
            changed = await self.db.run(tx)
            entries = await self._catch_up(rt)
        if changed:
            await self._publish(rt.id)
        await self._changed(rt, entries)
        return changed

    async def clock_expired(self, rt: Runtime, seat: int, version: int) -> bool:
        """The person at ``seat`` let the clock run out at ``version``: a bot takes over until they return."""
        return await self._set_away(rt, seat, True, unless_version=version + 1)

    # ------------------------------------------------------------------ moves
    async def act(self, table_id: str, token: Any, action: Any, version: Any) -> tuple[Runtime, int]:
        """A person's move: the token picks the seat; the version must be the one they saw."""
        rt = await self.get(table_id)
        seat = await self.seat_of(rt, token)
        await self.submit(rt, seat, action, version, by="human")
        return rt, seat

    async def submit(self, rt: Runtime, seat: int, action: Any, version: Any, by: str) -> LogEntry:
        if not isinstance(action, str) or not 1 <= len(action) <= 200:
            raise PlayError("bad_action", "the action must be an action id string")
        if isinstance(version, bool) or not isinstance(version, int):
            raise PlayError("bad_version", "send the state version you saw (a whole number)")
        async with rt.lock:
            if version != rt.version:
                await self._catch_up(rt)   # another process may have moved on
            if rt.status == "open":
                raise PlayError("not_started", "the game has not started: some seats are still empty", 409)
            if rt.status == "over":
                raise PlayError("over", "the game is over", 409)
            if version != rt.version:
                raise PlayError("stale", f"the table has moved on: you saw version {version}, it is now "
                                         f"{rt.version}", 409)
            if by == "human" and rt.seats[seat].away:
                pass   # acting is returning: the away flag is cleared in the same transaction below
            elif by != "human" and not rt.seats[seat].bot_plays:
                raise PlayError("stale", "the person is back; the bot does not move for them", 409)
            try:
                aid = rt.state.check(seat, action)
            except IllegalAction as exc:
                raise PlayError("illegal", exc.reason, 422) from None
            after = rt.state.clone()
            events = after.apply_unchecked(seat, aid)
            record = None
            if after.is_over:
                record = self._record(rt, after, by).to_json()
            was_away = rt.seats[seat].away and by == "human"

            def tx(conn: Connection) -> None:
                store.append_action(conn, rt.id, version, seat, aid, by)
                if was_away:
                    store.set_away(conn, rt.id, seat, False)
                if record is not None:
                    store.finish(conn, rt.id, record)
                    names = [s.player_name() for s in rt.seats]
                    update_ratings(conn, rt.game.id, names, record["result"]["ranks"])
                self._notify_in_tx(conn, rt.id)

            try:
                await self.db.run(tx)
            except IntegrityError as exc:
                if not is_action_conflict(exc):
                    raise   # a bug, not a race: never answered as "stale" (nothing was stored)
                await self._catch_up(rt)
                raise PlayError("stale", f"another move was accepted first; the table is now at version "
                                         f"{rt.version}", 409) from None
            # committed: now, and only now, the move exists for everyone
            rt.state = after
            if was_away:
                rt.seats[seat].away = False
            entry = rt.remember(seat, aid, by, events, after)
            if record is not None:
                rt.status, rt.record = "over", record
        await self._publish(rt.id)
        await self._changed(rt, [entry])
        return entry

    def _record(self, rt: Runtime, after: Any, last_by: str) -> Any:
        by = [*rt.by, last_by]
        stand_ins = [[v, seat] for v, ((seat, _aid), who) in enumerate(zip(after.history(), by, strict=True))
                     if who == "clock"]
        notes: dict[str, Any] = {"table": rt.id, "seat_kinds": [s.kind for s in rt.seats]}
        if rt.clock:
            notes["clock_seconds"] = rt.clock
        if stand_ins:
            notes["bot_stood_in"] = stand_ins
            notes["bot_stood_in_help"] = ("[version, seat] of moves a bot made for a person whose clock ran "
                                          "out or who left, until they returned")
        return record_of(after, seats=[s.player_name() for s in rt.seats], notes=notes)

    # ------------------------------------------------------------------ queries
    async def list_tables(self, status: str | None, limit: int = 50) -> list[dict[str, Any]]:
        if status not in (None, "open", "playing", "over"):
            raise PlayError("bad_status", "status must be open, playing or over")
        return await self.db.run(lambda c: store.list_tables(c, status, limit))

    async def record(self, table_id: str) -> dict[str, Any]:
        rt = await self.get(table_id)
        if rt.status != "over" or rt.record is None:
            raise PlayError("not_over", "the record is available when the game is over (it reveals the seed)", 409)
        return rt.record

    async def playing_ids(self) -> list[str]:
        return await self.db.run(store.playing_table_ids)
