"""The process's watch over durable clocks (``timers.py``): it claims the due rows and fires each.

Why a poll: a deadline days away needs no task of its own; every ``poll`` seconds each process asks the
database for rows due by now that no live claim holds (``FOR UPDATE SKIP LOCKED`` hands each to one
process), and fires them concurrently: a seat's deadline makes its stand-in's move through
``TableService.submit(expire=True)`` (which deletes the row in the move's own transaction), a bot's backup
row makes the bot's move, a waiting table's expiry calls it off. A process killed after claiming leaves its
rows to the others once the lease ends. A turn-based table loaded to fire leaves memory again at once when
nobody watches it (thousands of idle tables never pile up in a process).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from . import timers
from .bots import BotWorker
from .errors import PlayError
from .tables import TableService

log = logging.getLogger("nastolka.server")


class DueWatch:
    def __init__(self, service: TableService, worker: BotWorker, watched: Callable[[str], int], *,
                 poll: float = 0.5, lease: float = 30.0, batch: int = 200, parallel: int = 32) -> None:
        self.service, self.worker, self.watched = service, worker, watched
        self.poll, self.lease, self.batch = poll, lease, batch
        self.limit = asyncio.Semaphore(parallel)
        #: deadlines this process fired (stand-in or bot moves, expiries), for tests and benchmarks
        self.fired = 0
        self.inflight: set[asyncio.Task[None]] = set()

    async def run(self) -> None:
        """Claim and fire without waiting for a whole batch: a slow firing (a long replay, a busy bot)
        never holds the due rows behind it; at most ``batch`` firings are in flight at once."""
        while True:
            try:
                claimed = await self.tick(wait=False)
            except asyncio.CancelledError:
                raise
            except Exception:   # the database went away for a moment: try again next round
                log.exception("due clocks: claim failed")
                claimed = 0
            if claimed == 0 or len(self.inflight) >= self.batch:
                await asyncio.sleep(self.poll)

    async def tick(self, wait: bool = True) -> int:
        """Claim what is due now (as many as may still start) and fire it; returns how many rows were
        claimed. ``wait``: return only once they are fired."""
        room = self.batch - len(self.inflight)
        if room <= 0:
            return 0
        now = self.service.time.now()
        rows = await self.service.db.run(lambda c: timers.claim(c, now, self.lease, room))
        tasks = [asyncio.create_task(self._fire(*row)) for row in rows]
        self.inflight.update(tasks)
        for task in tasks:
            task.add_done_callback(self.inflight.discard)
        if wait and tasks:
            await asyncio.gather(*tasks)
        return len(rows)

    async def close(self) -> None:
        """Stop the firings in flight (their claims lapse; another process or a restart fires them)."""
        for task in list(self.inflight):
            task.cancel()
        await asyncio.gather(*self.inflight, return_exceptions=True)

    async def _fire(self, table_id: str, seat: int, version: int) -> None:
        async with self.limit:
            try:
                if seat == timers.EXPIRY:
                    if await self.service.expire_waiting(table_id, version):
                        self.fired += 1
                    return
                if await self._move(table_id, seat, version):
                    self.fired += 1
            except PlayError as exc:
                if exc.code not in ("stale", "over", "not_found"):
                    log.warning("due clock at table %s seat %s: %s", table_id, seat, exc.message)
            except Exception:
                log.exception("due clock failed at table %s seat %s", table_id, seat)
            finally:
                self._evict(table_id)

    async def _move(self, table_id: str, seat: int, version: int) -> bool:
        svc = self.service
        rt = await svc.get(table_id)
        if rt.version < version:
            async with rt.lock:
                await svc._catch_up(rt)
        if rt.status != "playing" or rt.version != version or seat not in rt.state.to_act:
            # an orphan (the table moved on through a path that left it): drop it
            await svc.db.run(lambda c: timers.take(c, table_id, seat, version))
            return False
        info = rt.seats[seat]
        expire = info.kind == "human" and not info.away
        bot = self.worker._bot_for(rt, seat)
        snapshot = rt.state.clone()
        aid = await asyncio.get_running_loop().run_in_executor(self.worker.executor, bot.choose, snapshot, seat)
        by = "bot" if info.kind == "bot" else "clock"
        await svc.submit(rt, seat, aid, version, by=by, expire=expire)
        return True

    def _evict(self, table_id: str) -> None:
        """A turn-based table nobody watches leaves memory once its clock fired (its bots may finish first)."""
        rt = self.service.cache.get(table_id)
        if (rt is not None and rt.turn_based and not self.watched(table_id) and not rt.lock.locked()
                and not self.worker.busy(table_id)):
            self.service.cache.pop(table_id, None)
            self.worker.forget(table_id)
