"""A move, from its checks to its commit: the version the mover saw, whose decision it is, whether a
person or their stand-in may make it, the engine's legality check, then one write (the action, the bank,
the end of the game and its ratings) committed with other tables' moves waiting meanwhile. Only after
the commit does the cache change and anyone hear of the move."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection
from sqlalchemy.exc import IntegrityError

from nastolka.engine import IllegalAction, record_of

from .. import store, timers
from ..errors import PlayError
from ..ratings import rating_keys, update_ratings
from ..runtime import LogEntry, Runtime
from .core import is_action_conflict
from .seating import Seating


class Moves(Seating):
    """Accepting moves (people's through their seat token, bots' and stand-ins' directly)."""

    async def act(self, table_id: str, token: Any, action: Any, version: Any) -> tuple[Runtime, int]:
        """A person's move: the token picks the seat; the version must be the one they saw."""
        rt = await self.get(table_id)
        seat = await self.seat_of(rt, token)
        await self.submit(rt, seat, action, version, by="human")
        return rt, seat

    async def submit(self, rt: Runtime, seat: int, action: Any, version: Any, by: str,  # noqa: C901
                     *, expire: bool = False) -> LogEntry:
        """Accept one move. ``expire``: the seat's durable deadline (``timers.py``) at ``version`` has
        passed and its stand-in makes this move — in the one transaction that deletes the due row, so
        the deadline fires once, marks the seat away and spends its bank."""
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
            elif expire:
                pass   # the deadline passed: the stand-in moves, the seat is marked away with it
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
            bank = 0.0 if expire else rt.bank_after(seat, by)
            plan: list[dict[str, Any]] | None = None
            if rt.turn_based and rt.clock is not None:   # the next turn's deadlines go with the move
                banks = list(rt.bank_left)
                if bank is not None:
                    banks[seat] = bank
                away = {seat: expire or (rt.seats[seat].away and not was_away)}
                plan = timers.plan(rt.clock, rt.seats, after, away, banks, self.time.now())

            def tx(conn: Connection) -> None:
                if expire and not timers.take(conn, rt.id, seat, version):
                    raise PlayError("stale", "clock_fired", 409)   # fired by another process already
                store.append_action(conn, rt.id, version, seat, aid, by)
                if expire:
                    store.set_away(conn, rt.id, seat, True)
                if plan is not None:
                    timers.write_plan(conn, rt.id, version + 1, plan)
                if bank is not None:   # the bank goes with the move: a restart goes on from it
                    store.set_bank(conn, rt.id, seat, bank)
                if was_away:
                    store.set_away(conn, rt.id, seat, False)
                if record is not None:
                    store.finish(conn, rt.id, record)
                    keys = rating_keys(rt)
                    if keys is not None:   # casual tables, and tables with a guest, are not rated
                        rated = self._rated_seats(rt, after, by)   # nor a seat its stand-in played
                        ranks = record["result"]["ranks"]
                        update_ratings(conn, rt.game.id, [keys[i] for i in rated], [ranks[i] for i in rated])
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
            if expire:
                rt.seats[seat].away = True
            if plan is not None:
                started = {r["seat"]: r["turn_at"] for r in plan}
                for info in rt.seats:
                    info.turn_at = started.get(info.seat)
            if bank is not None:
                rt.bank_left[seat] = rt.seats[seat].bank_left = bank
            entry = rt.remember(seat, aid, by, events, after)
            if record is not None:
                rt.status, rt.record = "over", record
        await self.announce(rt, [entry])
        return entry

    @staticmethod
    def _rated_seats(rt: Runtime, after: Any, last_by: str) -> list[int]:
        """The seats a finished game rates: not a person's whose moves were mostly made by the stand-in
        (that seat counts as abandoned). Why: a name that joined a table of random bots and left at once
        had every move played by the stand-in, and 4 wins of 4 with no move of its own topped the board."""
        own = [0] * len(rt.seats)
        stood_in = [0] * len(rt.seats)
        for (seat, _aid), who in zip(after.history(), [*rt.by, last_by], strict=True):
            if who == "clock":
                stood_in[seat] += 1
            elif who == "human":
                own[seat] += 1
        return [i for i, s in enumerate(rt.seats) if not (s.kind == "human" and stood_in[i] > own[i])]

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
