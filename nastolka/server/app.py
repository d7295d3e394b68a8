"""The FastAPI application: wiring of database, table service, hub, bot worker and cross-process fan-out.

Start-up order matters: migrate the schema, start listening for other processes, then reload every
table in play (so a restarted server resumes bots and clocks exactly where the log ends).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time
from collections.abc import AsyncIterator
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Mount

from . import accounts, api, ops, presentation_api, social_api, ws
from .bots import BotWorker
from .chatfeed import ChatFeed
from .config import Settings
from .db import Database, libpq_url
from .duewatch import DueWatch
from .errors import PlayError, refusal
from .guard import CreateLimit, Guard
from .hub import Hub
from .pubsub import RedisBus, listen_postgres
from .replays import ReplayStore
from .tables import TableService
from .timers import TimeSource
from .warmup import warm_up

log = logging.getLogger("nastolka.server")
WEB = Path(__file__).resolve().parent.parent / "web"


async def _evict_idle(service: TableService, hub: Hub, worker: BotWorker, idle: float,
                      every: float = 30.0) -> None:
    """Forget tables nobody watches: finished ones at once, others after ``idle`` seconds without a change
    or a visit, and never one with a bot move or a clock pending. The database keeps them; they are
    reloaded if someone opens them again. Their bot objects go with them."""
    while True:
        await asyncio.sleep(every)
        evict_idle(service, hub, worker, idle)


def evict_idle(service: TableService, hub: Hub, worker: BotWorker, idle: float) -> int:
    now = time.monotonic()
    gone = 0
    for table_id, rt in list(service.cache.items()):
        if hub.watching(table_id) or rt.lock.locked() or worker.busy(table_id):
            continue
        if rt.status in ("over", "cancelled") or now - rt.touched > idle:
            service.cache.pop(table_id, None)
            worker.forget(table_id)
            gone += 1
    return gone


def allowed_methods(request: Request) -> list[str]:
    """Every method some route answers at this path. Asked through ``matches`` with each method (not by
    reading routes' paths): FastAPI nests included routers, whose routes are not in the app's list."""
    methods: set[str] = set()
    for method in ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"):
        scope = {**request.scope, "method": method}
        for route in request.app.router.routes:
            if not isinstance(route, Mount) and route.matches(scope)[0] == Match.FULL:
                methods.add(method)
                break
    return sorted(methods)


def settle_heap() -> None:
    """Move everything alive after start-up (modules, the app, every game's data: ~100k objects) out of the
    garbage collector's sight, and let it run less often.

    Why: the collector's full passes walk every tracked object, and under a flood of requests (each leaves
    a few reference cycles behind) they came every 10-25 s and stopped the event loop for 300-700 ms
    at a time — the players' worst move latencies (``bench/load_server.py --loop-probe`` counts the
    passes). Frozen objects are never scanned; the young generation's threshold of 10,000 allocations
    (instead of 700) makes the passes rarer, each still short (only young objects)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 20, 20)


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        db = Database(settings.db_url, settings.db_threads)
        await asyncio.get_running_loop().run_in_executor(db.executor, db.migrate)
        redis_bus: RedisBus | None = None
        service = TableService(db, pg_notify=db.is_postgres and not settings.redis_url,
                               min_clock=settings.min_clock, default_clock=settings.default_clock,
                               default_bank=settings.default_bank,
                               open_tables_per_address=settings.open_tables_per_address,
                               timesource=TimeSource(settings.clock_file),
                               turn_based_games=settings.turn_based_games)
        hub = Hub()
        worker = BotWorker(service, delay=settings.bot_delay, threads=settings.bot_threads)
        feed = ChatFeed(service, hub)
        replays = ReplayStore(db, settings)
        service.listeners += [hub.on_change, worker.on_change, feed.on_change, replays.on_change]
        tasks: list[asyncio.Task[None]] = []
        ready = asyncio.Event()
        if settings.redis_url:
            redis_bus = RedisBus(settings.redis_url, service.instance)
            service.publishers.append(redis_bus.publish)
            tasks.append(asyncio.create_task(redis_bus.listen(feed.on_bus, ready)))
        elif db.is_postgres:
            tasks.append(asyncio.create_task(listen_postgres(libpq_url(db.url), service.instance,
                                                             feed.on_bus, ready)))
        else:
            ready.set()
        await asyncio.wait_for(ready.wait(), 15)
        app.state.settings, app.state.db, app.state.service = settings, db, service
        app.state.accounts.db = db
        app.state.hub, app.state.worker, app.state.chatfeed = hub, worker, feed
        ops.start(app)   # ops hook: metrics and logs of moves, bots, clocks, database trips
        app.state.replays = replays
        await worker.recover()
        due = DueWatch(service, worker, hub.watching, poll=settings.due_poll, lease=settings.due_lease)
        app.state.due = due
        tasks.append(asyncio.create_task(due.run()))
        tasks.append(asyncio.create_task(_evict_idle(service, hub, worker, settings.idle_evict)))
        warm_up()
        settle_heap()
        log.info("start", extra={"database": db.engine.url.render_as_string(hide_password=True),
                                 "fanout": "redis" if redis_bus else "postgres" if db.is_postgres else "none",
                                 "instance": service.instance, "tables_in_memory": len(service.cache)})
        try:
            yield
        finally:
            await due.close()
            await worker.close()
            await app.state.accounts.close()
            await replays.close()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            if redis_bus is not None:
                await redis_bus.close()
            db.close()
            gc.unfreeze()   # what this app froze may be garbage now (several apps live in one test process)

    app = FastAPI(title="nastolka", lifespan=lifespan, docs_url="/api/docs", openapi_url="/api/openapi.json")
    accounts.install(app, settings)   # its cross-site check runs inside the guard's limits
    app.add_middleware(Guard, settings=settings, create_limit=CreateLimit(settings))
    ops.install(app, settings)   # ops hook: request ids, the drain gate, /healthz, /readyz, /metrics

    @app.exception_handler(PlayError)
    async def play_error(_request: Request, exc: PlayError) -> JSONResponse:
        log.info("request refused", extra={"reason": exc.code, "status": exc.status})   # ops hook
        return JSONResponse({"error": exc.to_json()}, status_code=exc.status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        """Unknown routes, wrong methods, unreadable bodies: the same error shape as everything else."""
        if exc.status_code == 404 and request.url.path.startswith("/api/") and allowed_methods(request):
            # a route of the API asked with another method fell through to the static files' mount
            exc = StarletteHTTPException(405, "Method Not Allowed")
        codes = {404: "not_found", 405: "method_not_allowed", 400: "bad_request"}
        headers = dict(getattr(exc, "headers", None) or {})
        if exc.status_code == 405:   # every method of the path, not only those of the first route matched
            headers["Allow"] = ", ".join(allowed_methods(request))
        say = "no_page" if exc.status_code == 404 else "http_error"
        body = refusal(codes.get(exc.status_code, f"http_{exc.status_code}"), say, detail=str(exc.detail),
                       status=exc.status_code)
        body["message"] = str(exc.detail)   # programs keep Starlette's own words
        return JSONResponse({"error": body},
                            status_code=exc.status_code, headers=headers or None)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for err in exc.errors()[:5]:
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
            parts.append(f"{where}: {err.get('msg')}" if where else str(err.get("msg")))
        return JSONResponse({"error": refusal("bad_request", "bad_request", detail="; ".join(parts))},
                            status_code=422)

    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(presentation_api.router)
    app.include_router(social_api.router)
    if WEB.is_dir():
        app.mount("/", StaticFiles(directory=WEB, html=True), name="web")
    return app
