"""The bot worker: bots (and bots standing in for absent people) move through the same path as people.

Bot choices are computed on a clone of the state in a thread pool, so a slow bot never blocks the event
loop; the move then goes through ``TableService.submit`` with the version the bot saw, exactly like a
person's. This worker also runs the per-move clocks: when a person's time runs out, the seat is marked
away and a bot plays for it until the person acts again.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import secrets
from functools import partial
from typing import Any

from nastolka.bots import make_bot

from .errors import PlayError
from .runtime import LogEntry, Runtime
from .tables import TableService

log = logging.getLogger("nastolka.server")

#: a process that only heard of a change from another process waits this long before moving a bot itself,
#: so the process that accepted the move normally drives the bots, yet a table survives its crash
REMOTE_GRACE = 1.5


class BotWorker:
    def __init__(self, service: TableService, *, delay: float = 0.4, threads: int = 2) -> None:
        self.service = service
        self.delay = delay
        self.executor = concurrent.futures.ThreadPoolExecutor(threads, thread_name_prefix="nastolka-bot")
        self.bots: dict[tuple[str, int], Any] = {}
        self.pending: dict[tuple[str, int, int], tuple[asyncio.Task[None], float]] = {}
        self.clocks: dict[tuple[str, int, int], asyncio.Task[None]] = {}
        self.closed = False

    async def on_change(self, rt: Runtime, entries: list[LogEntry], remote: bool) -> None:
        if rt.status in ("over", "cancelled"):
            self.forget(rt.id)
            return
        self.poke(rt, grace=REMOTE_GRACE if remote else 0.0)

    def busy(self, table_id: str) -> bool:
        """Whether a bot move or a clock is pending at this table (it must stay in memory)."""
        return (any(k[0] == table_id for k in self.pending) or any(k[0] == table_id for k in self.clocks))

    def forget(self, table_id: str) -> None:
        """Drop the bot objects of a finished, cancelled or evicted table."""
        for key in [k for k in self.bots if k[0] == table_id]:
            del self.bots[key]

    def poke(self, rt: Runtime, grace: float = 0.0) -> None:
        """Schedule whatever must happen next at this table: bot moves and clock deadlines."""
        if self.closed or rt.status != "playing":
            return
        version = rt.version
        for seat in rt.state.to_act:
            info = rt.seats[seat]
            key = (rt.id, seat, version)
            if info.bot_plays:
                current = self.pending.get(key)
                if current is not None and current[1] > grace and not current[0].done():
                    current[0].cancel()     # a local change supersedes a waiting failover move
                    current = None
                if current is None:
                    task = asyncio.create_task(self._move(rt, seat, version, grace))
                    self.pending[key] = (task, grace)
                    task.add_done_callback(partial(self._forget, key))
            elif rt.clock and info.kind == "human" and not rt.turn_based:   # turn-based: ``timers.py``
                clock_key = (rt.id, seat, version)
                if clock_key not in self.clocks:
                    task = asyncio.create_task(self._clock(rt, seat, version))
                    self.clocks[clock_key] = task
                    task.add_done_callback(partial(self._drop_clock, clock_key))

    def _drop_clock(self, key: tuple[str, int, int], task: asyncio.Task[None]) -> None:
        self.clocks.pop(key, None)

    def _forget(self, key: tuple[str, int, int], task: asyncio.Task[None]) -> None:
        current = self.pending.get(key)
        if current is not None and current[0] is task:
            del self.pending[key]

    def _bot_for(self, rt: Runtime, seat: int) -> Any:
        key = (rt.id, seat)
        bot = self.bots.get(key)
        info = rt.seats[seat]
        level = info.bot if info.kind == "bot" else _stand_in_level(rt)
        if bot is None or getattr(bot, "_level", None) != level:
            bot = make_bot(rt.game, level or "random", seed=secrets.randbits(64))   # not from the table's secret
            bot._level = level  # type: ignore[attr-defined]  # remembered to notice a changed level
            self.bots[key] = bot
        return bot

    async def _move(self, rt: Runtime, seat: int, version: int, grace: float) -> None:
        try:
            wait = self.delay + grace
            if wait > 0:
                await asyncio.sleep(wait)
            if rt.version != version or rt.status != "playing" or not rt.seats[seat].bot_plays:
                return
            bot = self._bot_for(rt, seat)
            snapshot = rt.state.clone()
            loop = asyncio.get_running_loop()
            started = loop.time()
            aid = await loop.run_in_executor(self.executor, bot.choose, snapshot, seat)
            await self._pace(bot, snapshot.legal_count(seat), loop.time() - started)
            if rt.version != version or rt.status != "playing" or not rt.seats[seat].bot_plays:
                return
            by = "bot" if rt.seats[seat].kind == "bot" else "clock"
            await self.service.submit(rt, seat, aid, version, by=by)
        except PlayError as exc:
            if exc.code not in ("stale", "over"):
                log.warning("bot move refused at table %s seat %s: %s", rt.id, seat, exc.message)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot failed at table %s seat %s", rt.id, seat)

    @staticmethod
    async def _pace(bot: Any, choices: int, took: float) -> None:
        """Answer no sooner than the bot usually thinks, so its timing tells nothing.

        Why: a search bot answers at once when it has one legal action and after its whole budget
        otherwise; through the server that was 1 ms against 421 ms — anyone watching learnt when a seat
        had a single choice (a hidden hand's content, in TaleSpin). A bot's pace is what its searches
        with a real choice took (a moving average, starting from its time budget); a quicker answer
        waits the difference on the event loop, holding no bot thread."""
        pace = getattr(bot, "_pace", None)
        if pace is None:
            config = getattr(bot, "config", None)
            pace = float(getattr(config, "seconds", None) or 0.0)
        if choices > 1:   # a real search: it sets the pace
            pace = took if pace == 0.0 else 0.8 * pace + 0.2 * took
        bot._pace = pace
        if took < pace:
            await asyncio.sleep(pace - took)

    async def _clock(self, rt: Runtime, seat: int, version: int) -> None:
        try:
            left = rt.time_left(seat)   # this move's limit and what is left of the seat's bank
            await asyncio.sleep(left if left is not None else 0)
            if rt.version == version and seat in rt.state.to_act and not rt.seats[seat].away:
                if 0 <= seat < len(rt.bank_left):
                    rt.bank_left[seat] = 0.0   # the move's limit and the whole bank are spent
                await self.service.clock_expired(rt, seat, version)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("clock failed at table %s seat %s", rt.id, seat)

    async def recover(self) -> None:
        """After a (re)start: load every real-time or untimed table in play and resume its bots and clocks
        (turn-based tables stay in the database until one of their due clocks fires)."""
        for table_id in await self.service.playing_ids():
            try:
                rt = await self.service.get(table_id)
            except Exception:
                log.exception("cannot load table %s", table_id)
                continue
            self.poke(rt)

    async def close(self) -> None:
        self.closed = True
        tasks = [*(t for t, _grace in self.pending.values()), *self.clocks.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.executor.shutdown(wait=False, cancel_futures=True)


def _stand_in_level(rt: Runtime) -> str:
    """A person's stand-in plays like the best bot the game has."""
    return "heuristic" if "heuristic" in rt.game.bots else "random"
