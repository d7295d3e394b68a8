"""Running the app under uvicorn with a guard on raw connections: a deadline for request headers, and caps
on open connections per address and in all.

Why below the framework: a slowloris client (a connection sending a header byte every few seconds) never
becomes a request, so no ASGI middleware ever sees it; uvicorn has no header timeout, and its
``limit_concurrency`` counts only connections that got as far as a request. About 1,000 such connections
filled the descriptor table and locked every new client out. Here the HTTP protocol uvicorn would use is
subclassed: a connection past its address's or the process's cap is closed as it is accepted, and one
whose request headers are not complete ``header_timeout`` seconds after it opened (or after its last answer,
when kept alive) is closed. Request bodies have their deadline in ``guard.py``.

Behind a reverse proxy every connection comes from the proxy's address: set ``connections_per_address``
to 0 (the proxy enforces its own per-client limits and timeouts) — docs/server.md, "Behind a proxy".
"""

from __future__ import annotations

import asyncio
import resource
from typing import Any

from uvicorn.protocols.http.auto import AutoHTTPProtocol

from .config import Settings
from .ratelimit import address_key

#: descriptors kept free for the database, Redis, files and the listening socket
_RESERVED_FDS = 64


def descriptor_cap(wanted: int) -> int:
    """``wanted`` connections, or fewer if the process may not open that many descriptors."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return wanted
    room = max(16, soft - _RESERVED_FDS)
    return min(wanted, room) if wanted > 0 else room


class Connections:
    """The open transports per address key (websockets too: after the upgrade the HTTP protocol object is
    gone, so transports are counted, and closed ones pruned, rather than protocols)."""

    def __init__(self, per_address: int, total: int) -> None:
        self.per_address, self.total = per_address, total
        self.by_key: dict[str, set[asyncio.BaseTransport]] = {}
        self.count = 0

    def _prune(self, key: str) -> None:
        group = self.by_key.get(key)
        if group is None:
            return
        closed = {t for t in group if t.is_closing()}
        if closed:
            group -= closed
            self.count -= len(closed)
        if not group:
            del self.by_key[key]

    def admit(self, key: str, transport: asyncio.BaseTransport) -> bool:
        self._prune(key)
        if self.count >= self.total:   # prune everything once before refusing
            for other in list(self.by_key):
                self._prune(other)
        group = self.by_key.get(key, set())
        if self.count >= self.total or (self.per_address and len(group) >= self.per_address):
            return False
        self.by_key.setdefault(key, group).add(transport)
        self.count += 1
        return True

    def release(self, key: str, transport: asyncio.BaseTransport) -> None:
        group = self.by_key.get(key)
        if group is not None and transport in group:
            group.discard(transport)
            self.count -= 1
            if not group:
                del self.by_key[key]


def guarded_protocol(settings: Settings) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol with the connection caps and the header deadline of ``settings``."""
    connections = Connections(settings.connections_per_address, descriptor_cap(settings.max_connections))
    deadline = settings.header_timeout
    base: Any = AutoHTTPProtocol

    class GuardedHTTPProtocol(base):  # type: ignore[misc, valid-type]
        guard = connections

        def connection_made(self, transport: asyncio.Transport) -> None:
            peer = transport.get_extra_info("peername")
            self._guard_key = address_key(str(peer[0])) if peer else "?"
            self._guard_timer: asyncio.TimerHandle | None = None
            if not connections.admit(self._guard_key, transport):
                transport.abort()   # nothing is read from it: its descriptor is free at once
                return
            super().connection_made(transport)
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            if hasattr(self, "flow"):   # admitted (a refused connection never reached uvicorn's protocol)
                connections.release(self._guard_key, self.transport)
                super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            cycle = getattr(self, "cycle", None)
            if cycle is not None and not cycle.response_complete:
                self._disarm()   # the headers are in: the request is the app's (and the body's deadline)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()      # a kept-alive connection must send its next headers in time, too

        def _arm(self) -> None:
            self._disarm()
            self._guard_timer = asyncio.get_running_loop().call_later(deadline, self._too_slow)

        def _disarm(self) -> None:
            if self._guard_timer is not None:
                self._guard_timer.cancel()
                self._guard_timer = None

        def _too_slow(self) -> None:
            self._guard_timer = None
            transport = self.transport
            if transport.is_closing() or transport.get_protocol() is not self:
                return   # closed already, or upgraded to a websocket (which has its own deadlines)
            cycle = getattr(self, "cycle", None)
            if cycle is not None and not cycle.response_complete:
                return   # a request is being served
            transport.abort()
            connections.release(self._guard_key, transport)

    return GuardedHTTPProtocol


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """What ``uvicorn.run`` / ``uvicorn.Config`` needs besides the app, host and port."""
    return {"http": guarded_protocol(settings), "timeout_keep_alive": settings.keep_alive,
            "h11_max_incomplete_event_size": 16 * 1024}
