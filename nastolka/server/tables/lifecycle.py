"""A table's life outside its moves: creation (options, seats, clocks, secrets, the per-address cap of
tables waiting for players) and the queries about tables (lists, records)."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from sqlalchemy import Connection

from nastolka.bots import bot_names
from nastolka.bots.base import POLICY_PREFIX, check_seat_bot
from nastolka.engine import NastolkaError, get
from nastolka.engine.secure_rng import SECRET_BITS

from .. import store, timers
from ..errors import PlayError
from ..names import clean_name
from ..runtime import Runtime
from ..tokens import hash_token, new_table_id, new_token
from .core import ONLINE_RNG, TableCore


@dataclass
class Created:
    """A new table and the secrets only its creator receives (once): the owner token, the private table's
    invite secret, and each reserved seat's invite secret."""

    rt: Runtime
    owner_token: str
    invite: str | None
    seat_invites: dict[int, str]


class Lifecycle(TableCore):
    """Creating tables and reading about them."""

    async def create(self, game_id: str, options: dict[str, Any] | None, seat_specs: list[dict[str, Any]],  # noqa: C901
                     clock: int | None = None, *, bank: int | None = None, private: bool = False,
                     address: str = "?", rated: bool = True, speed: str | None = None,
                     clock_given: bool | None = None) -> Created:
        """A new table. ``clock_given``: whether the request named its clock (then ``None`` is no clock at
        all, for casual tables only); by default a ``None`` clock takes the speed's default."""
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
        chosen = timers.choose_speed(speed, clock, clock is not None if clock_given is None else clock_given,
                                     bank, rated, self.default_clock, self.default_bank, self.min_clock)
        if isinstance(chosen, tuple):
            say, args = chosen
            code = "bad_bank" if "bank" in say else "bad_speed" if "speed" in say else "bad_clock"
            raise PlayError(code, say, **args)
        clock, bank = chosen.clock, chosen.bank
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

        expires = self.time.now() + timers.WAITING_EXPIRY

        def tx(conn: Connection) -> None:
            store.insert_table(conn, table_row, [{"table_id": table_id, **r} for r in rows])
            if status == "open":   # a table nobody completes is called off after 14 days
                timers.add_expiry(conn, table_id, expires)

        await self.db.run(tx)
        if status == "open":
            self.open_by_address.setdefault(address, set()).add(table_id)
        # the new table is cached from the rows just written (reading them back cost two thread hops)
        rt = self.cache.setdefault(table_id, Runtime.from_rows(
            SimpleNamespace(**table_row, record=None), [SimpleNamespace(**r) for r in rows]))
        rt.wall = self.time.now
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
        """Tables in play whose clocks and bots run in memory (turn-based ones wait for their due clocks)."""
        return await self.db.run(store.playing_table_ids)

    async def expire_waiting(self, table_id: str, version: int) -> bool:
        """A waiting table's 14 days are over: it is called off (unless it started meanwhile); everyone
        watching is told. Fires once: only the transaction that deletes the expiry row acts."""
        def tx(conn: Connection) -> bool:
            if not timers.take(conn, table_id, timers.EXPIRY, version):
                return False
            store.lock_table(conn, table_id)
            done = store.cancel(conn, table_id)
            if done:
                self._notify_in_tx(conn, table_id)
            return done

        rt = self.cache.get(table_id)
        if rt is None:
            done = await self.db.run(tx)
            if done:
                await self._publish(table_id)
            return done
        done, entries = await self.transact(rt, tx)
        if done:
            await self.announce(rt, entries)
        return done
