"""The websocket hub: who watches which table, and the per-seat messages after every change.

Why per seat: each connection gets ``view(its seat)`` and only the events it may see, computed once per
seat per change; spectators share ``view(None)``. Tokens never leave the join response.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket

from .runtime import LogEntry, Runtime, state_message

log = logging.getLogger("nastolka.server")


@dataclass(eq=False)
class Client:
    ws: WebSocket
    table_id: str
    seat: int | None = None
    #: the hash of the token this socket said hello with: the seat is re-checked against it after every
    #: change, so a socket never keeps a seat its token no longer holds
    token_hash: str | None = None
    queue: asyncio.Queue[dict[str, Any] | None] = field(default_factory=lambda: asyncio.Queue(maxsize=200))

    def send(self, msg: dict[str, Any]) -> None:
        """Queue a message; a client too slow to drain 200 messages is dropped rather than stall a table."""
        try:
            self.queue.put_nowait(msg)
        except asyncio.QueueFull:
            log.warning("dropping slow client on table %s", self.table_id)
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)

    async def writer(self) -> None:
        while True:
            msg = await self.queue.get()
            if msg is None:
                await self.ws.close(code=1013)
                return
            await self.ws.send_json(msg)


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
        cache: dict[int | None, dict[str, Any]] = {}
        for client in list(group):
            if client.seat is not None and not holds_seat(rt, client.seat, client.token_hash):
                demote(rt, client)
            msg = cache.get(client.seat)
            if msg is None:
                msg = cache[client.seat] = state_message(rt, client.seat, entries, full=False)
            client.send(msg)
