"""Counting and logging what the table service, the bot worker and the database do, from the outside.

Why wrappers on the instances (not lines inside ``tables.py``, ``bots.py`` and ``db.py``): the rules of
play stay free of metrics and log calls, and the service's code can change without this module
changing with it, as long as the wrapped methods keep their names and meaning:

- ``service.submit`` (every move: people over HTTP and websockets, bots, clocks): accepted moves by who
  made them, refusals by code, latency, moves in flight (what a drain waits for), a finished table;
- ``service.create``: a table created; ``service.clock_expired``: a clock that fired;
- ``worker._bot_for``: each bot's ``choose`` is timed (the think time, off the event loop);
- ``db.run`` and ``db._commit_together``: every trip to the database thread.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from ..errors import PlayError
from .drain import Drain
from .metrics import Metrics

log = logging.getLogger("nastolka.server")


def attach(metrics: Metrics, drain: Drain, service: Any, worker: Any, db: Any, hub: Any) -> None:
    """Wrap the live objects of one app (called once, in the app's start-up)."""
    metrics.watch(lambda: sum(len(group) for group in hub.clients.values()), lambda: len(service.cache))
    _wrap_submit(metrics, drain, service)
    _wrap_create(metrics, service)
    _wrap_clock(metrics, service)
    _wrap_bots(metrics, worker)
    _wrap_db(metrics, db)


def _wrap_submit(metrics: Metrics, drain: Drain, service: Any) -> None:
    submit: Callable[..., Awaitable[Any]] = service.submit

    @functools.wraps(submit)
    async def counted(rt: Any, seat: int, action: Any, version: Any, by: str, **more: Any) -> Any:
        start = time.perf_counter()
        drain.inflight += 1
        try:
            entry = await submit(rt, seat, action, version, by=by, **more)   # expire: a durable deadline
        except PlayError as exc:
            metrics.moves_refused.labels(exc.code).inc()
            metrics.move_seconds.observe(time.perf_counter() - start)
            if exc.code not in ("stale", "over"):   # races are routine; a refused rule or token is news
                log.info("move refused", extra={"table": rt.id, "reason": exc.code, "by": by})
            raise
        finally:
            drain.inflight -= 1
        metrics.move_seconds.observe(time.perf_counter() - start)
        metrics.moves_accepted.labels(by).inc()
        if more.get("expire"):   # a turn-based deadline fired (timers.py): its stand-in's move
            metrics.clocks_fired.inc()
        if rt.status == "over" and rt.version == entry.version + 1:
            metrics.tables_finished.inc()
            log.info("table finished", extra={"table": rt.id, "game": rt.game.id, "moves": rt.version})
        return entry

    service.submit = counted


def _wrap_create(metrics: Metrics, service: Any) -> None:
    create: Callable[..., Awaitable[Any]] = service.create

    @functools.wraps(create)
    async def counted(*args: Any, **kwargs: Any) -> Any:
        try:
            made = await create(*args, **kwargs)
        except PlayError as exc:
            log.info("table refused", extra={"reason": exc.code})
            raise
        metrics.tables_created.inc()
        log.info("table created", extra={"table": made.rt.id, "game": made.rt.game.id,
                                         "players": made.rt.players})
        return made

    service.create = counted


def _wrap_clock(metrics: Metrics, service: Any) -> None:
    expired: Callable[..., Awaitable[bool]] = service.clock_expired

    @functools.wraps(expired)
    async def counted(rt: Any, seat: int, version: int) -> bool:
        fired = await expired(rt, seat, version)
        if fired:
            metrics.clocks_fired.inc()
        return fired

    service.clock_expired = counted


def _wrap_bots(metrics: Metrics, worker: Any) -> None:
    bot_for: Callable[[Any, int], Any] = worker._bot_for

    @functools.wraps(bot_for)
    def timed_bot(rt: Any, seat: int) -> Any:
        bot = bot_for(rt, seat)
        if not getattr(bot, "_nastolka_timed", False):   # a bot object is reused for the whole game
            choose = bot.choose

            def timed_choose(*args: Any, **kwargs: Any) -> Any:
                start = time.perf_counter()
                try:
                    return choose(*args, **kwargs)
                finally:
                    metrics.bot_seconds.observe(time.perf_counter() - start)

            bot.choose = timed_choose
            bot._nastolka_timed = True
        return bot

    worker._bot_for = timed_bot


def _wrap_db(metrics: Metrics, db: Any) -> None:
    run: Callable[..., Awaitable[Any]] = db.run
    together: Callable[[list[Any]], Any] = db._commit_together

    @functools.wraps(run)
    async def timed_run(fn: Any) -> Any:
        start = time.perf_counter()
        try:
            return await run(fn)
        finally:
            metrics.db_seconds.observe(time.perf_counter() - start)

    @functools.wraps(together)
    def timed_together(fns: list[Any]) -> Any:
        start = time.perf_counter()
        try:
            return together(fns)
        finally:
            metrics.db_seconds.observe(time.perf_counter() - start)

    db.run = timed_run
    db._commit_together = timed_together
