"""Graceful drain: what a process does between SIGTERM and its exit, so a restart loses no move.

The order (``Drain.run``), all within ``Settings.drain_timeout`` (5 s) plus uvicorn's own short shutdown:

1. ``/readyz`` turns 503 (for ``Settings.drain_grace`` seconds before step 2) and every new request or websocket is refused (HTTP 503 with ``Retry-After``, a
   websocket closed with 1012 before it is accepted): a load balancer stops sending work here, and
   nginx's ``proxy_next_upstream … http_503`` retries the request on another process at once;
2. every open websocket is told "service restart" (close code 1012) after the messages already queued
   for it (a move's state and its acknowledgement still reach the player); clients reconnect, to another
   process behind the same address or to this one restarted;
3. moves in flight (``inflight``, counted by ``instrument.py``) and the group commit finish;
4. uvicorn shuts down (the app's lifespan stops the bots and closes the database).

A move is acknowledged only after its commit, so a move either reached the database before the process
exits or was never acknowledged: the client sees the table's state when it reconnects and plays on.
Bots and clocks of this process's tables are resumed by the other processes (the bot worker's failover
grace) or by this one when it restarts (``BotWorker.recover``).
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import os
import signal
import time
from types import FrameType
from typing import Any

import uvicorn

from ..errors import refusal

log = logging.getLogger("nastolka.server")

#: paths a draining process still answers: probes and the metrics scrape
PROBES = frozenset({"/healthz", "/readyz", "/metrics"})
SERVICE_RESTART = 1012


class Drain:
    """Whether this process drains, and what it still has to finish."""

    def __init__(self, timeout: float = 5.0, grace: float = 0.0) -> None:
        self.timeout = timeout
        self.grace = grace
        self.draining = False
        #: moves being submitted right now (counted by ``instrument.py``)
        self.inflight = 0

    async def run(self, app: Any) -> dict[str, Any]:
        """Steps 1-3 above; returns what happened (logged, and read by tests through the log)."""
        start = time.monotonic()
        self.draining = True
        metrics = getattr(app.state, "metrics", None)
        if metrics is not None:
            metrics.draining.set(1)
        hub = app.state.hub
        log.info("drain started", extra={"moves_in_flight": self.inflight, "grace": self.grace})
        if self.grace > 0:   # the load balancer's health checks see 503 and stop sending work here
            await asyncio.sleep(self.grace)
        clients = [c for group in hub.clients.values() for c in group]
        for client in clients:
            client.close(SERVICE_RESTART, "service restart")
        deadline = start + self.timeout
        db = app.state.db

        def busy() -> bool:   # a closed socket leaves the hub when its close handshake is over
            return bool(self.inflight or db._writing or db._waiting
                        or any(c in hub.clients.get(c.table_id, ()) for c in clients))

        while time.monotonic() < deadline and busy():
            await asyncio.sleep(0.02)
        outcome = {"sockets_told": len(clients), "seconds": round(time.monotonic() - start, 3), "moves_in_flight": self.inflight,
                   "sockets_left": sum(len(g) for g in hub.clients.values())}
        log.info("drain finished", extra=outcome)
        return outcome


class DrainGate:
    """ASGI middleware: while the process drains, refuse new work (probes and metrics still answer)."""

    def __init__(self, app: Any, drain: Drain) -> None:
        self.app = app
        self.drain = drain

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if not self.drain.draining or scope["type"] == "lifespan" or scope.get("path") in PROBES:
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": SERVICE_RESTART, "reason": "service restart"})
            return
        body = ('{"error":' + _json(refusal("draining", "draining")) + "}").encode()
        await send({"type": "http.response.start", "status": 503, "headers": [
            (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
            (b"retry-after", b"1"), (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


def _json(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class DrainingServer(uvicorn.Server):
    """Uvicorn, but SIGTERM drains the app first (``Drain.run``) and only then shuts down; a second SIGTERM,
    or SIGINT (Ctrl+C), shuts down at once as uvicorn does."""

    def __init__(self, config: uvicorn.Config, app: Any) -> None:
        super().__init__(config)
        self.nastolka_app = app
        self._drain_requested = False
        self._drain_task: asyncio.Task[None] | None = None

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if sig != signal.SIGTERM or self._drain_requested or not self.started:
            super().handle_exit(sig, frame)
            return
        self._drain_requested = True
        # a signal handler runs between two bytecodes of whatever the loop was doing: schedule, don't act
        # (in a context of its own: not the request id of whatever request the signal interrupted)
        asyncio.get_running_loop().call_soon_threadsafe(self._start_drain, context=contextvars.Context())

    def _start_drain(self) -> None:
        if self._drain_task is None:
            self._drain_task = asyncio.get_running_loop().create_task(self._drain())

    async def _drain(self) -> None:
        try:
            await self.nastolka_app.state.drain.run(self.nastolka_app)
        except Exception:
            log.exception("drain failed")
        self.should_exit = True   # uvicorn's shutdown: stop listening, close what is left, the lifespan


def run_server(app: Any, host: str, port: int, **options: Any) -> None:
    """Serve ``app`` until SIGTERM (drained) or SIGINT. Access logs stay off (see ``logs.py``)."""
    config = uvicorn.Config(app, host=host, port=port, access_log=False, log_config=None,
                            timeout_graceful_shutdown=2, **options)
    server = DrainingServer(config, app)
    server.run()
    if server._drain_requested:
        # Drained: the database is closed and every move is committed. The interpreter's own teardown
        # (freeing the large heap of games' data, the bots' tables, the frozen start-up objects) took
        # 3-12 s here on a loaded machine, past the 10 s a restart allows; nothing in it is needed.
        logging.shutdown()
        os._exit(0)
