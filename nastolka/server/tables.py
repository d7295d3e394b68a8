"""The table service: create tables, seat people and bots, accept moves, finish games.

Every change follows one order: validate against the cached state, write to the database in one
transaction (the action log's primary key (table, version) rejects a conflicting write from any process),
then update the cache, then tell listeners (the websocket hub and the bot worker). Nobody hears of a move
before it is committed, and a move is never applied twice.

Why over 400 lines: the seating rules (reserved seats, owners, invites, removals), the move path and the
end of a game share that one order and one lock per table; split across modules, the order would have to
be re-established in each. Persistence lives in ``db.py`` and ``store.py``, the stand-in bots in ``bots.py``,
the fan-out in ``hub.py``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.exc import IntegrityError

from nastolka.bots import bot_names
from nastolka.bots.base import POLICY_PREFIX, check_seat_bot
from nastolka.engine import IllegalAction, NastolkaError, get, record_of
from nastolka.engine.secure_rng import SECRET_BITS

from . import store
from .db import Database
from .errors import PlayError, not_found
from .names import clean_name, name_key
from .ratings import update_ratings
from .runtime import LogEntry, Runtime, SeatInfo
from .tokens import hash_token, new_table_id, new_token, token_matches

log = logging.getLogger("nastolka.server")
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


@dataclass
class Created:
    """A new table and the secrets only its creator receives (once): the owner token, the private table's
    invite secret, and each reserved seat's invite secret."""

    rt: Runtime
    owner_token: str
    invite: str | None
    seat_invites: dict[int, str]


class TableService:
    def __init__(self, db: Database, *, instance: str | None = None, pg_notify: bool = False,
                 min_clock: int = 5, default_clock: int = 120, default_bank: int = 600,
                 open_tables_per_address: int = 20) -> None:
        self.db = db
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
            rt = Runtime.from_rows(row, seat_rows, self.default_clock)
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

    # ------------------------------------------------------------------ tables and seats
    async def create(self, game_id: str, options: dict[str, Any] | None, seat_specs: list[dict[str, Any]],  # noqa: C901
                     clock: int | None = None, *, bank: int | None = None, private: bool = False,
                     address: str = "?", rated: bool = True) -> Created:
        try:
            game = get(game_id)
        except NastolkaError as exc:
            raise PlayError("bad_game", "bad_game", detail=str(exc)) from None
        if not isinstance(seat_specs, list) or not seat_specs:
            raise PlayError("bad_seats", "seats_count")
        players = len(seat_specs)
        # 256 secret bits keying BLAKE2b: no view, however many, narrows down the seed or the next shuffle
        seed = secrets.randbits(SECRET_BITS)
        try:
            state = game.new(players, options or {}, seed=seed, rng=ONLINE_RNG)   # validates count, options
        except NastolkaError as exc:
            raise PlayError("bad_options", "bad_options", detail=str(exc)) from None
        if clock is None:
            clock = self.default_clock
        if isinstance(clock, bool) or not isinstance(clock, int) or not self.min_clock <= clock <= 3600:
            raise PlayError("bad_clock", "bad_clock", low=self.min_clock, default=self.default_clock)
        if bank is None:
            bank = self.default_bank
        if isinstance(bank, bool) or not isinstance(bank, int) or not 0 <= bank <= 7200:
            raise PlayError("bad_bank", "bad_bank")
        bots = bot_names(game)
        rows: list[dict[str, Any]] = []
        seat_invites: dict[int, str] = {}
        for i, spec in enumerate(seat_specs):
            if not isinstance(spec, dict):
                raise PlayError("bad_seats", "seat_object", seat=i + 1)
            kind = spec.get("kind", "open")
            row: dict[str, Any] = {"seat": i, "kind": kind, "name": None, "bot": None, "token_hash": None,
                                   "away": 0, "invite_hash": None}
            if kind == "bot":
                level = spec.get("bot") or ("heuristic" if "heuristic" in bots else "random")
                if level not in bots:
                    raise PlayError("bad_seats", "seat_bot", seat=i + 1, level=repr(level), bots=", ".join(bots))
                if level.startswith(POLICY_PREFIX):  # a trained policy plays only the table it was trained for
                    try:
                        check_seat_bot(game, level, players, dict(state.origin.options))
                    except NastolkaError as exc:
                        raise PlayError("bad_seats", "seat_policy", seat=i + 1, detail=str(exc)) from None
                row["bot"] = level
            elif kind == "reserved":
                row["name"] = clean_name(spec.get("name"))
                seat_invites[i] = new_token()
                row["invite_hash"] = hash_token(seat_invites[i])
            elif kind != "open":
                raise PlayError("bad_seats", "seat_kind", seat=i + 1, kind=repr(kind))
            rows.append(row)
        self._check_open_tables(address)
        table_id = new_table_id()
        owner, invite = new_token(), new_token() if private else None
        status = "playing" if all(r["kind"] == "bot" for r in rows) else "open"
        table_row = {"id": table_id, "game": game.id, "options": json.dumps(dict(state.origin.options)),
                     "players": players, "seed": str(seed), "rng": ONLINE_RNG, "status": status, "clock": clock,
                     "bank": bank, "owner_hash": hash_token(owner), "private": 1 if private else 0,
                     "invite_hash": hash_token(invite) if invite else None, "rules_version": game.rules_version,
                     "rated": 1 if rated else 0}

        def tx(conn: Connection) -> None:
            store.insert_table(conn, table_row, [{"table_id": table_id, **r} for r in rows])

        await self.db.run(tx)
        if status == "open":
            self.open_by_address.setdefault(address, set()).add(table_id)
        # the new table is cached from the rows just written (reading them back cost two thread hops)
        rt = self.cache.setdefault(table_id, Runtime.from_rows(
            SimpleNamespace(**table_row, record=None), [SimpleNamespace(**r) for r in rows], self.default_clock))
        rt.chat_quiet = not self.bus
        await self._changed(rt, [])
        return Created(rt, owner, invite, seat_invites)

    def _check_open_tables(self, address: str) -> None:
        """One address may have only so many tables waiting for players (a flood would bury the lobby)."""
        mine = self.open_by_address.get(address)
        if not mine:
            return
        for table_id in list(mine):
            rt = self.cache.get(table_id)
            if rt is None or rt.status != "open":
                mine.discard(table_id)
        if not mine:
            del self.open_by_address[address]
        elif len(mine) >= self.open_tables_per_address:
            raise PlayError("too_many_tables", "too_many_tables", 429, n=self.open_tables_per_address)

    async def join(self, table_id: str, seat: Any, name: Any, invite: Any = None) -> tuple[Runtime, int, str]:
        """Take a seat before the start: an open seat (of a private table: with its invite secret), or a
        reserved seat with that seat's own invite secret and the reserved name (compared case-folded)."""
        rt = await self.get(table_id)
        name = clean_name(name)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rt.players:
            raise PlayError("bad_seat", "bad_seat", players=rt.players)
        if invite is not None and (not isinstance(invite, str) or len(invite) > 200):
            raise PlayError("bad_invite", "bad_invite")
        if rt.status != "open":   # a table never opens again: refused without its lock or the database
            raise PlayError("seat_taken", "started", 409)
        token = new_token()
        token_hash = hash_token(token)

        def tx(conn: Connection) -> str:
            table = store.lock_table(conn, table_id)   # joins of one table run one at a time
            if table is None or table.status != "open":
                return "started"
            row = store.seat_row(conn, table_id, seat)
            if row.kind == "open":
                if table.private and not token_matches(invite, table.invite_hash):
                    return "private"
                taken_as = name
            elif row.kind == "reserved":
                if not token_matches(invite, row.invite_hash):
                    return "reserved"
                if name_key(name) != name_key(row.name):
                    return "wrong_name"
                taken_as = row.name
            else:
                return "taken"
            store.take_seat(conn, table_id, seat, taken_as, token_hash)
            store.start_if_full(conn, table_id)
            self._notify_in_tx(conn, table_id)
            return "ok"

        def tx_and_read(conn: Connection) -> tuple[str, Any]:
            # the table as it is now is read in the same transaction: one trip to the database thread
            outcome = tx(conn)
            return outcome, store.load_table(conn, table_id, since)

        async with rt.lock:
            since = rt.version
            outcome, loaded = await self.db.run(tx_and_read)
            entries = self._absorb(rt, loaded)
        if outcome != "ok":
            reserved_for = rt.seats[seat].name
            code, say, status = {"started": ("seat_taken", "started", 409),
                                 "taken": ("seat_taken", "seat_taken", 409),
                                 "private": ("invite_required", "private_join", 403),
                                 "reserved": ("invite_required", "seat_reserved", 403),
                                 "wrong_name": ("wrong_name", "wrong_name", 403)}[outcome]
            raise PlayError(code, say, status, seat=seat + 1, name=reserved_for or "")
        await self._publish(table_id)
        await self._changed(rt, entries)
        return rt, seat, token

    def _check_owner(self, rt: Runtime, owner_token: Any) -> None:
        if not isinstance(owner_token, str) or not token_matches(owner_token, rt.owner_hash):
            raise PlayError("not_owner", "not_owner", 403)

    async def cancel(self, table_id: str, owner_token: Any) -> Runtime:
        """The creator calls the table off before it starts; everyone watching is told."""
        rt = await self.get(table_id)
        self._check_owner(rt, owner_token)

        def change(conn: Connection) -> bool:
            store.lock_table(conn, table_id)
            return store.cancel(conn, table_id)

        await self._owner_change(rt, change, PlayError("already_started", "cancel_started", 409))
        return rt

    async def remove(self, table_id: str, owner_token: Any, seat: Any) -> Runtime:
        """The creator frees a person's seat before the start (their sockets become spectators)."""
        rt = await self.get(table_id)
        self._check_owner(rt, owner_token)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rt.players:
            raise PlayError("bad_seat", "bad_seat", players=rt.players)

        def change(conn: Connection) -> bool:
            table = store.lock_table(conn, table_id)
            return table is not None and table.status == "open" and store.free_seat(conn, table_id, seat)

        await self._owner_change(rt, change, PlayError("cannot_remove", "cannot_remove", 409))
        return rt

    async def _owner_change(self, rt: Runtime, change: Callable[[Connection], bool], refused: PlayError) -> None:
        """One owner's change in a transaction that locks the table row, then everyone is told.

        ``change`` returns whether it happened; other processes are notified in the same transaction, and
        this one catches up under the table's lock so its sockets see what the database now holds.
        """
        table_id = rt.id

        def tx(conn: Connection) -> tuple[bool, Any]:
            done = change(conn)
            if done:
                self._notify_in_tx(conn, table_id)
            return done, store.load_table(conn, table_id, since)

        async with rt.lock:
            since = rt.version
            done, loaded = await self.db.run(tx)
            entries = self._absorb(rt, loaded)
        if not done:
            raise refused
        await self._publish(table_id)
        await self._changed(rt, entries)

    async def seat_of(self, rt: Runtime, token: Any) -> int:
        """The seat a token acts for; a wrong token is refused without saying which seats exist."""
        if not isinstance(token, str) or not token or len(token) > 200:
            raise PlayError("bad_token", "token_to_act", 403)
        seat = rt.seat_for_token_hash(hash_token(token))
        if seat is None and rt.status == "open":   # maybe joined through another process a moment ago
            # (only while open: seats are taken before the start, so a flood of wrong tokens on a game in
            # play never queues for the table's lock and the database beside its players' moves)
            async with rt.lock:
                await self._catch_up(rt)
            seat = rt.seat_for_token_hash(hash_token(token))
        if seat is None:
            raise PlayError("bad_token", "token_invalid", 403)
        return seat

    async def check_reader(self, rt: Runtime, token: Any = None, invite: Any = None) -> None:
        """Who may read a private table (its view, events, chat, record, replay, its socket): a holder of
        its invite secret (or of a reserved seat's), or of a seat token; its id alone shows nothing."""
        if not rt.private:
            return
        if isinstance(invite, str) and (token_matches(invite, rt.invite_hash)
                                        or any(token_matches(invite, s.invite_hash) for s in rt.seats)):
            return
        if isinstance(token, str) and token:
            try:
                await self.seat_of(rt, token)
                return
            except PlayError:
                pass
        raise PlayError("invite_required", "private_watch", 403)

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

    async def _set_away(self, rt: Runtime, seat: int, away: bool, unless_version: int | None = None,
                        bank: float | None = None) -> bool:
        def tx(conn: Connection) -> bool:
            changed = store.set_away(conn, rt.id, seat, away, unless_version)
            if changed:
                if bank is not None:
                    store.set_bank(conn, rt.id, seat, bank)
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
        return await self._set_away(rt, seat, True, unless_version=version + 1, bank=0.0)   # the bank is spent

    # ------------------------------------------------------------------ moves
    async def act(self, table_id: str, token: Any, action: Any, version: Any) -> tuple[Runtime, int]:
        """A person's move: the token picks the seat; the version must be the one they saw."""
        rt = await self.get(table_id)
        seat = await self.seat_of(rt, token)
        await self.submit(rt, seat, action, version, by="human")
        return rt, seat

    async def submit(self, rt: Runtime, seat: int, action: Any, version: Any, by: str) -> LogEntry:  # noqa: C901
        if not isinstance(action, str) or not 1 <= len(action) <= 200:
            raise PlayError("bad_action", "bad_action")
        if isinstance(version, bool) or not isinstance(version, int):
            raise PlayError("bad_version", "bad_version")
        async with rt.lock:
            if version != rt.version:
                await self._catch_up(rt)   # another process may have moved on
            if rt.status == "open":
                raise PlayError("not_started", "not_started", 409)
            if rt.status == "over":
                raise PlayError("over", "over", 409)
            if version != rt.version:
                raise PlayError("stale", "moved_on", 409, seen=version, now=rt.version)
            if by == "human" and rt.seats[seat].away:
                pass   # acting is returning: the away flag is cleared in the same transaction below
            elif by != "human" and not rt.seats[seat].bot_plays:
                raise PlayError("stale", "person_back", 409)
            try:
                aid = rt.state.check(seat, action)
            except IllegalAction as exc:
                raise PlayError("illegal", "illegal", 422, detail=exc.reason) from None
            after = rt.state.clone()
            events = after.apply_unchecked(seat, aid)
            record = None
            if after.is_over:
                record = self._record(rt, after, by).to_json()
            was_away = rt.seats[seat].away and by == "human"
            bank = rt.bank_after(seat, by)

            def tx(conn: Connection) -> None:
                store.append_action(conn, rt.id, version, seat, aid, by)
                if bank is not None:   # the bank goes with the move: a restart goes on from it
                    store.set_bank(conn, rt.id, seat, bank)
                if was_away:
                    store.set_away(conn, rt.id, seat, False)
                if record is not None:
                    store.finish(conn, rt.id, record)
                    if rt.rated:   # casual tables are not rated
                        names = [s.player_name() for s in rt.seats]
                        update_ratings(conn, rt.game.id, names, record["result"]["ranks"])
                self._notify_in_tx(conn, rt.id)

            try:
                await self.db.write(tx)   # committed together with other tables' moves waiting meanwhile
            except IntegrityError as exc:
                if not is_action_conflict(exc):
                    raise   # a bug, not a race: never answered as "stale" (nothing was stored)
                await self._catch_up(rt)
                raise PlayError("stale", "move_race", 409, now=rt.version) from None
            # committed: now, and only now, the move exists for everyone
            rt.state = after
            if was_away:
                rt.seats[seat].away = False
            if bank is not None:
                rt.bank_left[seat] = rt.seats[seat].bank_left = bank
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
            raise PlayError("bad_status", "bad_status")
        return await self.db.run(lambda c: store.list_tables(c, status, limit))

    async def record(self, table_id: str) -> dict[str, Any]:
        rt = await self.get(table_id, outdated_ok=True)   # a stored record stays downloadable under any rules
        if rt.status != "over" or rt.record is None:
            raise PlayError("not_over", "record_early", 409)
        return rt.record

    async def playing_ids(self) -> list[str]:
        return await self.db.run(store.playing_table_ids)
