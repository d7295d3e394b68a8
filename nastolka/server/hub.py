"""The websocket hub: who watches which table, and the per-seat messages after every change.

Why per seat: each connection gets ``view(its seat)`` and only the events it may see, computed once per
seat per change; spectators share ``view(None)``. Tokens never leave the join response.

Why deltas: a socket that said hello with ``"delta": true`` is sent, after its first full state, only
what changed since the state it was last sent — the view as patch operations (``patch.py``), the legal
actions and the table's facts only when they changed — each patch computed and encoded once for all the
sockets that hold the same state.

Why ``accepted`` inside the state: a socket that said hello with ``"ack_in_state": true`` gets the reply to
its own action as an ``"accepted"`` member of the state it is sent after that action, not as a frame of
its own: one frame fewer per move (a writer wake-up, a send and its syscall). ``_handle`` in ``ws.py``
names the acting socket in ``ACTING`` around ``submit``; ``on_change`` runs inside that call, splices the
member into the shared text for that one socket and marks the ack delivered (else ``_handle`` sends the
separate frame: an ack is never lost).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
from collections.abc import Awaitable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

import orjson
from fastapi import WebSocket

from .errors import refusal
from .patch import diff
from .runtime import NO_VIEW, LogEntry, Runtime, state_message

log = logging.getLogger("nastolka.server")

#: seconds a peer may take to accept one message before it is closed (a socket that never reads)
SEND_TIMEOUT = 10.0


@dataclass(eq=False)
class Client:
    ws: WebSocket
    table_id: str
    seat: int | None = None
    #: when this socket was last sent a full state for ``sync``, and the one deferred until the interval ends
    sync_at: float = float("-inf")
    sync_timer: asyncio.TimerHandle | None = None
    #: the hash of the token this socket said hello with: the seat is re-checked against it after every
    #: change, so a socket never keeps a seat its token no longer holds
    token_hash: str | None = None
    queue: asyncio.Queue[dict[str, Any] | str | None] = field(default_factory=lambda: asyncio.Queue(maxsize=200))
    closing: tuple[int, str] | None = None
    dead: bool = False
    #: this socket asked for deltas: after a full state it gets what changed since the state it holds
    delta: bool = False
    #: this socket asked for the reply to its own action inside the state after it (no ``accepted`` frame)
    ack_in_state: bool = False
    #: the one language this socket reads ("en" or "ru": labels and event texts in it alone), or None: both
    lang: str | None = None
    #: the state this socket was last sent (what its next delta applies to): version, view, legal, table
    base_version: int | None = None
    base_view: Any = None
    base_legal: list[dict[str, str]] | None = None
    base_table: dict[str, Any] | None = None

    def send(self, msg: dict[str, Any] | str) -> None:
        """Queue a message; a client too slow to drain 200 messages is dropped rather than stall a table.
        A full state (alone, or inside an error) becomes what this socket's next delta applies to."""
        if self.delta and isinstance(msg, dict):
            state = msg if msg.get("type") == "state" else msg.get("state")
            if isinstance(state, dict) and state.get("type") == "state":
                self.hold(state["version"], state["view"], state["legal"], state["table"])
        self.put(msg)

    def put(self, msg: dict[str, Any] | str) -> None:
        try:
            self.queue.put_nowait(msg)
        except asyncio.QueueFull:
            log.warning("dropping slow client on table %s", self.table_id)
            while not self.queue.empty():
                self.queue.get_nowait()
            self.close(1013, "too slow to keep up")

    def hold(self, version: int, view: Any, legal: list[dict[str, str]], table: dict[str, Any]) -> None:
        self.base_version, self.base_view, self.base_legal, self.base_table = version, view, legal, table

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
                async with asyncio.timeout(SEND_TIMEOUT):   # no task per message, unlike wait_for
                    await self.ws.send_text(text)
        except Exception:   # the peer went away or does not read: nothing more to send it
            self.dead = True
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(code=1013), 1)


class Ack:
    """The reply owed to ``client`` for the action it submits at ``version``; ``delivered`` once a state
    carrying it was queued."""

    __slots__ = ("client", "delivered", "version")

    def __init__(self, client: Client, version: Any) -> None:
        self.client, self.version, self.delivered = client, version, False


async def submit_acknowledged(client: Client, version: Any, submit: Awaitable[LogEntry]) -> LogEntry:
    """Await ``submit`` (this socket's action at ``version``; a coroutine runs in the context of whoever
    awaits it, so the hub sees ``ACTING``) and acknowledge it: inside the state the hub
    sends this socket after the move if it asked ``ack_in_state``, else — or if no state reached it — as
    an ``accepted`` frame of its own (an ack is never lost)."""
    ack = Ack(client, version) if client.ack_in_state else None
    reset = ACTING.set(ack)
    try:
        entry = await submit
    finally:
        ACTING.reset(reset)
    if ack is None or not ack.delivered:
        client.send({"type": "accepted", "version": entry.version + 1, "action": entry.action})
    return entry


#: the ack of the action being submitted in this task (set by ``ws._handle`` around ``submit``). Tasks
#: started inside ``submit`` (bot moves) inherit it: ``on_change`` matches it to the move by its version.
ACTING: ContextVar[Ack | None] = ContextVar("nastolka_acting", default=None)


def _ack_suffix(entry: LogEntry) -> str:
    """``,"accepted":{...}}``: what replaces a state text's closing brace for the socket that acted (the
    same version and action the separate ``accepted`` frame carries)."""
    return ',"accepted":' + encode({"version": entry.version + 1, "action": entry.action}) + "}"


_TABLE = "\u0000table\u0000"          # a placeholder no public value can contain (names refuse controls)
_TABLE_JSON = '"\\u0000table\\u0000"'


def encode(msg: dict[str, Any]) -> str:
    """Compact JSON text, UTF-8 as is. orjson writes it about ten times faster than the standard library
    (encoding was 5 % of the server's CPU per move); it refuses integers past 64 bits, which only a
    finished table's 256-bit seed is, so those few messages take the standard library's road."""
    try:
        return orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
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
    client.send({"type": "error", **refusal("seat_lost", "seat_lost"),
                 "state": state_message(rt, None, [], full=True, lang=client.lang)})


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
        table = rt.public()
        table_json: str | None = None
        seat_msgs: dict[tuple[int | None, str | None], dict[str, Any]] = {}
        texts: dict[Any, str] = {}
        same: dict[int, bool] = {}
        views: dict[int | None, Any] = {}
        ack = ACTING.get()
        if ack is not None and (remote or ack.delivered or len(entries) != 1 or entries[0].version != ack.version):
            ack = None   # not this change's action (a bot move started inside submit inherits the variable)
        for client in list(group):
            if client.seat is not None and not holds_seat(rt, client.seat, client.token_hash):
                demote(rt, client)
            seat, lang = client.seat, client.lang
            msg = seat_msgs.get((seat, lang))
            if msg is None:   # built once per seat and language, whatever the number of its sockets
                msg = seat_msgs[seat, lang] = state_message(rt, seat, entries, full=False, table=_TABLE,
                                                            lang=lang, view=views.get(seat, NO_VIEW))
                views[seat] = msg["view"]   # a view is the same in every language: computed once per seat
            if client.delta and client.base_version is not None:
                same_table = same.get(id(client.base_table))
                if same_table is None:   # sockets mostly hold the same table facts: compared once
                    same_table = same[id(client.base_table)] = _same_table(client.base_table, table)
                key: Any = (seat, lang, id(client.base_view), id(client.base_legal), same_table,
                            client.base_version)
                text = texts.get(key)
                if text is None:   # one patch per seat and base state, shared by the sockets holding it
                    text = texts[key] = encode(_delta(msg, client, table, same_table))
            else:
                text = texts.get((seat, lang))
                if text is None:   # the table's public facts are the same for every seat: encoded once, spliced in
                    if table_json is None:
                        table_json = encode(table)
                    text = texts[seat, lang] = encode(msg).replace(_TABLE_JSON, table_json, 1)
            if ack is not None and client is ack.client:
                text = text[:-1] + _ack_suffix(entries[0])
                ack.delivered = True
            client.send(text)
            if client.delta:
                client.hold(rt.version, msg["view"], msg["legal"], table)


def _same_table(before: dict[str, Any] | None, now: dict[str, Any]) -> bool:
    """Whether the table's public facts are unchanged but for the version (sent on its own anyway)."""
    return before is not None and before.keys() == now.keys() and all(
        before[k] == v for k, v in now.items() if k != "version")


def _delta(msg: dict[str, Any], client: Client, table: dict[str, Any], same_table: bool) -> dict[str, Any]:
    """The delta that turns the state ``client`` holds into ``msg`` (a seat's full state message)."""
    out: dict[str, Any] = {"type": "state", "full": False, "delta": True, "base": client.base_version,
                           "you": msg["you"], "version": msg["version"], "events": msg["events"]}
    if not same_table:
        out["table"] = table
    view = msg["view"]
    if view is None or client.base_view is None:
        out["view"] = view
    else:
        out["patch"] = diff(client.base_view, view)
    if msg["legal"] != client.base_legal:
        out["legal"] = msg["legal"]
    for key in ("clock_left", "bank_left", "seat_clocks"):
        if key in msg:
            out[key] = msg[key]
    return out
