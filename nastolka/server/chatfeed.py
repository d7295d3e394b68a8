"""Chat and the rematch link pushed over the table's websocket (instead of the page polling for them).

Who is sent what (docs/decisions.md, "Two chat channels"): the ``players`` channel goes to every socket of
the table; the ``spectators`` channel only to sockets without a seat while the game runs, and to everyone
once it is over. A socket gets the messages it may read once when it says hello (``{"type": "chat",
"full": true, ...}``), then each new one as it is written (``{"type": "chat", "messages": [...]}``), and
``{"type": "rematch", "table": ...}`` when a rematch is made.

Across server processes the bus carries only ``<instance>:chat/<table>/<message id>`` (or
``rematch/<table>``); a process with sockets on that table reads the message from the database (the truth).
Messages that arrive while a socket's backlog is being read are held and sent after it, so nothing is
lost or sent twice around the hello.
"""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy import Connection, select

from . import store
from .hub import Client, Hub
from .models import chat, tables
from .runtime import LogEntry, Runtime
from .tables import TableService

log = logging.getLogger("nastolka.server")

#: messages a socket receives when it connects (the newest ones it may read)
BACKLOG = 200


def may_read(channel: str, seat: int | None, status: str, seated_here: bool = False) -> bool:
    """Players' chat is table talk everyone hears; the spectators' chat reaches players only after the game
    (so nobody watching can coach a player through the page). ``seated_here``: the reader's address holds a
    seat at this table — a player who leaves the token out of ``GET …/chat`` is still a player. (Sockets
    are not judged by address: a spectator in the same household as a player must see the chat they write
    in; the browser reads chat only over its socket.)"""
    return channel == "players" or status == "over" or (seat is None and not seated_here)


def message(row: Any) -> dict[str, Any]:
    return {"id": row.id, "channel": row.channel, "seat": row.seat, "name": row.name, "text": row.text}


class ChatFeed:
    def __init__(self, service: TableService, hub: Hub) -> None:
        self.service, self.hub = service, hub
        #: sockets whose backlog is being read, with the messages pushed meanwhile
        self._waiting: dict[Client, list[dict[str, Any]]] = {}
        #: tables seen over (their spectators' chat has been opened to the players)
        self._over: set[str] = set()
        #: the address keys that hold a seat at each table (seen at a join, a rematch, a seated hello or a
        #: chat with a token): what ``GET …/chat`` judges a reader without a token by
        self._seated: dict[str, set[str]] = {}

    # ------------------------------------------------------------------ who sits where
    def seated_at(self, table_id: str, address: str) -> None:
        """Remember that ``address`` holds a seat at ``table_id``: its spectator reads are a player's."""
        if len(self._seated) > 50_000:
            self._seated.clear()
        self._seated.setdefault(table_id, set()).add(address)

    def seated_here(self, table_id: str, address: str) -> bool:
        return address in self._seated.get(table_id, ())

    # ------------------------------------------------------------------ one socket
    async def welcome(self, rt: Runtime, client: Client) -> None:
        """Send a new socket the chat it may read and the rematch link, then whatever came meanwhile."""
        self._waiting[client] = []
        try:
            seat, status = client.seat, rt.status
            channels = [c for c in ("players", "spectators") if may_read(c, seat, status)]

            def read(conn: Connection) -> tuple[list[dict[str, Any]], str | None]:
                rows = conn.execute(select(chat).where(chat.c.table_id == rt.id, chat.c.channel.in_(channels))
                                    .order_by(chat.c.id.desc()).limit(BACKLOG)).all()
                rematch = conn.execute(select(tables.c.rematch).where(tables.c.id == rt.id)).scalar()
                return [message(r) for r in reversed(rows)], rematch

            if rt.chat_quiet:   # nothing can have been written yet: no trip to the database per socket
                backlog: list[dict[str, Any]] = []
                rematch: str | None = None
            else:
                backlog, rematch = await self.service.db.run(read)
        finally:
            late = self._waiting.pop(client, [])
        top = backlog[-1]["id"] if backlog else 0
        backlog += [m for m in late if m["id"] > top]
        client.send({"type": "chat", "full": True, "messages": backlog, "rematch": rematch})

    def forget(self, client: Client) -> None:
        self._waiting.pop(client, None)

    # ------------------------------------------------------------------ fan-out in this process
    def deliver(self, table_id: str, msg: dict[str, Any]) -> None:
        rt = self.service.cache.get(table_id)
        status = rt.status if rt is not None else "playing"
        for client in list(self.hub.clients.get(table_id, ())):
            if not may_read(msg["channel"], client.seat, status):
                continue
            held = self._waiting.get(client)
            if held is not None:
                held.append(msg)
            else:
                client.send({"type": "chat", "messages": [msg]})

    def deliver_rematch(self, table_id: str, new_id: str) -> None:
        for client in list(self.hub.clients.get(table_id, ())):
            client.send({"type": "rematch", "table": new_id})

    async def on_change(self, rt: Runtime, _entries: list[LogEntry], _remote: bool) -> None:
        """A table listener: when a game ends, its players are sent the spectators' chat."""
        if rt.status != "over" or rt.id in self._over:
            return
        if len(self._over) > 50_000:
            self._over.clear()
        self._over.add(rt.id)
        self._seated.pop(rt.id, None)
        seated = [c for c in self.hub.clients.get(rt.id, ()) if c.seat is not None]
        if not seated:
            return

        def read(conn: Connection) -> list[dict[str, Any]]:
            rows = conn.execute(select(chat).where(chat.c.table_id == rt.id, chat.c.channel == "spectators")
                                .order_by(chat.c.id.desc()).limit(BACKLOG)).all()
            return [message(r) for r in reversed(rows)]

        spoken = await self.service.db.run(read)
        if spoken:
            for client in seated:
                client.send({"type": "chat", "messages": spoken})

    # ------------------------------------------------------------------ other processes
    async def posted(self, table_id: str, msg: dict[str, Any]) -> None:
        """A message was stored here: push it to this process's sockets and tell the other processes."""
        self.deliver(table_id, msg)
        await self._announce(f"chat/{table_id}/{msg['id']}")

    async def rematch_made(self, table_id: str, new_id: str) -> None:
        self.deliver_rematch(table_id, new_id)
        await self._announce(f"rematch/{table_id}")

    async def _announce(self, what: str) -> None:
        payload = f"{self.service.instance}:{what}"
        try:
            if self.service.pg_notify:
                await self.service.db.run(lambda c: store.notify(c, payload))
            for publish in self.service.publishers:
                await publish(payload)
        except Exception:   # the message is stored: other processes' sockets get it on their next hello
            log.exception("announcing %s failed", what)

    async def remote(self, what: str) -> bool:
        """Handle a bus message of this feed (``chat/…`` or ``rematch/…``); False if it is not one."""
        kind, _, rest = what.partition("/")
        if kind not in ("chat", "rematch"):
            return False
        table_id, _, ident = rest.partition("/")
        if not self.hub.clients.get(table_id):
            return True   # nobody here watches that table
        if kind == "chat" and ident.isdigit():
            row = await self.service.db.run(lambda c: c.execute(
                select(chat).where(chat.c.table_id == table_id, chat.c.id == int(ident))).first())
            if row is not None:
                self.deliver(table_id, message(row))
        elif kind == "rematch":
            new_id = await self.service.db.run(lambda c: c.execute(
                select(tables.c.rematch).where(tables.c.id == table_id)).scalar())
            if new_id:
                self.deliver_rematch(table_id, str(new_id))
        return True

    async def on_bus(self, what: str) -> None:
        """The bus handler of the server: feed messages here, every other one is a table change."""
        if not await self.remote(what):
            await self.service.refresh(what)
