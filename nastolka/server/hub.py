"""The websocket hub: who watches which table, and the per-seat messages after every change.

Why per seat: each connection gets ``view(its seat)`` and only the events it may see, computed once per
seat per change; spectators share ``view(None)``. Tokens never leave the join response.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket

from .runtime import LogEntry, Runtime, state_message

log = logging.getLogger("nastolka.server")

#: seconds a peer may take to accept one message before it is closed (a socket that never reads)
SEND_TIMEOUT = 10.0


@dataclass(eq=False)
class Client:
    ws: WebSocket
    table_id: str
    seat: int | None = None
    #: the hash of the token this socket said hello with: the seat is re-checked against it after every
    #: change, so a socket never keeps a seat its token no longer holds
    token_hash: str | None = None
    queue: asyncio.Queue[dict[str, Any] | str | None] = field(default_factory=lambda: asyncio.Queue(maxsize=200))
    closing: tuple[int, str] | None = None
    dead: bool = False

    def send(self, msg: dict[str, Any] | str) -> None:
        """Queue a message; a client too slow to drain 200 messages is dropped rather than stall a table."""
        try:
            self.queue.put_nowait(msg)
        except asyncio.QueueFull:
            log.warning("dropping slow client on table %s", self.table_id)
            while not self.queue.empty():
                self.queue.get_nowait()
            self.close(1013, "too slow to keep up")

    def close(self, code: int, reason: str = "") -> None:
        """Close after the messages already queued (so a last error still reaches the client)."""
        self.closing = (code, reason)
        try:
            self.queue.put_nowait(None)
        except asyncio.QueueFull:
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)

    async def writer(self) -> None:
        """Send queued messages in order; a peer that does not read for ``SEND_TIMEOUT`` is closed."""
        try:
            while True:
                msg = await self.queue.get()
                if msg is None:
                    code, reason = self.closing or (1000, "")
                    await asyncio.wait_for(self.ws.close(code=code, reason=reason), SEND_TIMEOUT)
                    return
                text = msg if isinstance(msg, str) else encode(msg)
                await asyncio.wait_for(self.ws.send_text(text), SEND_TIMEOUT)
        except Exception:   # the peer went away or does not read: nothing more to send it
            self.dead = True
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(code=1013), 1)


_TABLE = "\u0000table\u0000"          # a placeholder no public value can contain (names refuse controls)
_TABLE_JSON = '"\\u0000table\\u0000"'


def _table_json(rt: Runtime) -> str:
    return encode(rt.public())


def encode(msg: dict[str, Any]) -> str:
    return json.dumps(msg, ensure_ascii=False, separators=(",", ":"))


def holds_seat(rt: Runtime, seat: int, token_hash: str | None) -> bool:
    """Whether ``token_hash`` is the current token of ``seat`` (a seat given up or taken over is not)."""
    info = rt.seats[seat] if 0 <= seat < len(rt.seats) else None
    return (info is not None and token_hash is not None and info.kind == "human"
            and info.token_hash is not None and hmac.compare_digest(info.token_hash, token_hash))


def demote(rt: Runtime, client: Client) -> None:
    """The socket's token no longer holds its seat: say so, and from now on it is a spectator."""
    client.seat = None
    client.token_hash = None
    client.send({"type": "error", "code": "seat_lost",
                 "message": "this seat is no longer yours (it was given up or taken); you are watching now",
                 "state": state_message(rt, None, [], full=True)})


class Hub:
    def __init__(self) -> None:
        self.clients: dict[str, set[Client]] = {}
        self.per_address: dict[str, int] = {}

    def admit(self, address: str, limit: int) -> bool:
        """Count a new socket from ``address``; refuse it past ``limit`` open at once."""
        count = self.per_address.get(address, 0)
        if count >= limit:
            return False
        self.per_address[address] = count + 1
        return True

    def release(self, address: str) -> None:
        count = self.per_address.get(address, 1) - 1
        if count > 0:
            self.per_address[address] = count
        else:
            self.per_address.pop(address, None)

    def add(self, client: Client) -> None:
        self.clients.setdefault(client.table_id, set()).add(client)

    def remove(self, client: Client) -> None:
        group = self.clients.get(client.table_id)
        if group is not None:
            group.discard(client)
            if not group:
                del self.clients[client.table_id]

    def watching(self, table_id: str) -> int:
        return len(self.clients.get(table_id, ()))

    async def on_change(self, rt: Runtime, entries: list[LogEntry], remote: bool) -> None:
        group = self.clients.get(rt.id)
        if not group:
            return
        cache: dict[int | None, str] = {}
        table_json = _table_json(rt)
        for client in list(group):
            if client.seat is not None and not holds_seat(rt, client.seat, client.token_hash):
                demote(rt, client)
            text = cache.get(client.seat)
            if text is None:   # built and encoded once per seat, whatever the number of its sockets;
                # the table's public facts are the same for every seat: computed and encoded once, spliced in
                msg = state_message(rt, client.seat, entries, full=False, table=_TABLE)
                text = cache[client.seat] = encode(msg).replace(_TABLE_JSON, table_json, 1)
            client.send(text)
