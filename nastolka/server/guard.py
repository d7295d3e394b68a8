"""The HTTP guard: per-address rate limits on every route, a cap on request bodies, security headers.

Why a raw ASGI middleware: a body limit has to act before the framework buffers the body (one 105 MB POST
took the server to 730 MB), and a request refused for its rate should cost almost nothing. Websocket
handshakes count as reads; the socket then has its own message bucket and the per-address socket cap.
Every bucket is keyed by ``address_key`` (an IPv6 /64 is one address). A body must arrive within
``body_timeout`` (408 otherwise); the headers' own deadline is kept below the framework (``serving.py``).
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from typing import Any

from .config import Settings
from .errors import refusal
from .ratelimit import TokenBucket, address_key

#: headers every HTTP answer carries: no framing, no MIME sniffing, scripts and styles only from here
SECURITY_HEADERS = [
    (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; connect-src 'self'; "
                                 b"frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
_READS = {"GET", "HEAD", "OPTIONS"}


class Buckets:
    """Token buckets per address, the least recently seen forgotten past ``limit`` addresses."""

    def __init__(self, rate: float, burst: int, limit: int = 20_000) -> None:
        self.rate, self.burst, self.limit = rate, burst, limit
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def allow(self, key: str) -> bool:
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = TokenBucket(self.rate, self.burst)
            if len(self._buckets) > self.limit:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
        return bucket.allow()


class CreateLimit:
    """Creating tables has its own, slower bucket per address (a flood of tables buried the lobby).
    The guard applies it before the request is routed or its body read: a refused creation costs no JSON."""

    PATH = "/api/tables"

    def __init__(self, settings: Settings) -> None:
        self.buckets = Buckets(settings.create_per_minute / 60.0, settings.create_burst)

    def allow(self, address: str) -> bool:
        return self.buckets.allow(address)


def error_body(code: str, say: str, **args: Any) -> bytes:
    return json.dumps({"error": refusal(code, say, **args)}).encode()


class Guard:
    def __init__(self, app: Any, settings: Settings, create_limit: CreateLimit | None = None) -> None:
        self.app = app
        self.settings = settings
        self.create_limit = create_limit or CreateLimit(settings)
        self.reads = Buckets(settings.http_read_rate, settings.http_read_burst)
        self.writes = Buckets(settings.http_write_rate, settings.http_write_burst)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:  # noqa: C901
        if scope["type"] == "lifespan":
            await self.app(scope, receive, send)
            return
        address = address_key(scope["client"][0]) if scope.get("client") else "?"   # an IPv6 /64 is one
        method = scope.get("method", "GET")
        if scope["type"] == "websocket" or method in _READS:
            allowed = self.reads.allow(address)
        else:
            allowed = self.writes.allow(address)
        if scope["type"] == "websocket":
            if not allowed:
                await send({"type": "websocket.close", "code": 1008})
                return
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if not allowed:
            await _answer(send, 429, error_body("rate_limited", "http_flood"),
                          [(b"retry-after", b"1")])
            return
        if method == "POST" and scope.get("path") == CreateLimit.PATH and not self.create_limit.allow(address):
            await _answer(send, 429, error_body("rate_limited", "tables_flood"), [(b"retry-after", b"10")])
            return
        limit = self.settings.max_body
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await _answer(send, 413, error_body("too_large", "body_large", n=limit))
            return
        if method not in _READS:   # read the whole (small) body here, so no request can grow past the cap
            chunks, size = [], 0
            while True:
                try:   # a body trickled in a byte at a time must not hold the connection for ever
                    message = await asyncio.wait_for(receive(), self.settings.body_timeout)
                except TimeoutError:
                    await _answer(send, 408, error_body("too_slow", "body_slow", n=self.settings.body_timeout),
                                  [(b"connection", b"close")])
                    return
                if message["type"] == "http.disconnect":
                    return
                chunk = message.get("body", b"")
                size += len(chunk)
                if size > limit:
                    await _answer(send, 413, error_body("too_large", "body_large", n=limit))
                    return
                chunks.append(chunk)
                if not message.get("more_body"):
                    break
            body = b"".join(chunks)
            sent = False

            async def replay() -> dict[str, Any]:
                nonlocal sent
                if not sent:
                    sent = True
                    return {"type": "http.request", "body": body, "more_body": False}
                return await receive()

            receive = replay

        async def with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            await send(message)

        await self.app(scope, receive, with_headers)


async def _answer(send: Any, status: int, body: bytes, extra: list[tuple[bytes, bytes]] | None = None) -> None:
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
               *SECURITY_HEADERS, *(extra or [])]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
