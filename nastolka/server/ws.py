"""The websocket endpoint: one connection watches one table, as a seat (with its token) or a spectator.

Protocol (JSON text frames), client -> server:
  ``{"type": "hello", "token": "..."?, "invite": "..."?, "delta": true?, "ack_in_state": true?,
  "lang": "en"|"ru"?}`` first
  (within 10 s; a private table needs its invite secret or a seat token); then
  ``{"type": "action", "action": "<id>", "version": <n>}``, ``{"type": "back"}``, ``{"type": "leave"}``,
  ``{"type": "sync", "lang": ...?}``, ``{"type": "ping"}``. With ``lang``, legal actions' labels and event
  texts come in that language alone (``{id, ru}``, ``text_ru``); without it, in both.
Server -> client: ``welcome`` (your seat), ``state`` (your view, legal actions, new events), ``accepted``,
``error`` (code, message, and the current state), ``pong``; ``chat`` (the messages this socket may read:
all of them once after ``welcome`` with ``full``, then each new one) and ``rematch`` (``chatfeed.py``).
With ``delta``, a ``state`` after the first may be a delta (``"delta": true``): view patches, legal
actions and table facts only when they changed (``patch.py``). With ``ack_in_state``, the reply to this
socket's own action comes as an ``"accepted": {"version", "action"}`` member of the state it is sent after
that action, not as a separate ``accepted`` frame (which it still gets, after that state, in the rare case
no state was sent to it for the move). Details in docs/server.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import MutableMapping
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from .errors import PlayError, refusal
from .hub import Client, demote, encode, submit_acknowledged
from .ratelimit import TokenBucket, address_key
from .runtime import socket_lang, state_message
from .tokens import hash_token

router = APIRouter()
log = logging.getLogger("nastolka.server")

MAX_FRAME = 4096
MAX_STRIKES = 50


class BadFrame(Exception):
    """A frame the protocol does not accept; its refusal (code, message, text) goes back to the client."""

    def __init__(self, code: str, say: str, **args: Any) -> None:
        self.body = refusal(code, say, **args)
        super().__init__(self.body["message"])


async def receive_frame(ws: WebSocket) -> MutableMapping[str, Any]:
    """The next frame, unparsed (a refused frame is never parsed); a disconnect raises ``WebSocketDisconnect``."""
    frame = await ws.receive()
    if frame["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(frame.get("code", 1000))
    return frame


def parse_frame(frame: MutableMapping[str, Any]) -> dict[str, Any]:
    """A frame as a JSON object. Binary frames, oversized, malformed or too deeply nested JSON raise
    ``BadFrame`` (the socket stays open)."""
    raw = frame.get("text")
    if raw is None:
        raise BadFrame("bad_frame", "binary_frame")
    if len(raw) > MAX_FRAME:
        raise BadFrame("too_large", "frame_large", n=MAX_FRAME)
    try:
        msg = json.loads(raw)
    except RecursionError:
        raise BadFrame("bad_json", "frame_deep") from None
    except ValueError:
        raise BadFrame("bad_json", "not_object") from None
    if not isinstance(msg, dict):
        raise BadFrame("bad_json", "not_object")
    return msg


async def receive_message(ws: WebSocket) -> dict[str, Any]:
    """The next frame as a JSON object (``parse_frame``)."""
    return parse_frame(await receive_frame(ws))


#: what a socket over its message rate is told, written once: a flood's refusals cost no formatting
FLOODED = encode({"type": "error", **refusal("rate_limited", "socket_flood")})
FLOOD_CLOSED = encode({"type": "error", **refusal("rate_limited", "flood_closed")})


@router.websocket("/ws/tables/{table_id}")
async def table_socket(ws: WebSocket, table_id: str) -> None:
    app = ws.app
    svc, hub, settings = app.state.service, app.state.hub, app.state.settings
    address = address_key(ws.client.host) if ws.client else "?"   # an IPv6 /64 counts as one address
    await ws.accept()
    if not hub.admit(address, settings.sockets_per_address):
        await ws.send_json({"type": "error", **refusal("too_many_sockets", "too_many_sockets",
                                                      n=settings.sockets_per_address)})
        await ws.close(code=1008)
        return
    try:
        await _serve(ws, table_id, address, svc, hub, settings)
    finally:
        hub.release(address)


async def _serve(ws: WebSocket, table_id: str, address: str, svc: Any, hub: Any, settings: Any) -> None:  # noqa: C901
    try:
        rt = await svc.get(table_id)
    except PlayError as exc:
        await ws.send_json({"type": "error", **exc.to_json()})
        await ws.close(code=4404)
        return
    try:
        hello = await asyncio.wait_for(receive_message(ws), 10)
    except BadFrame as exc:
        await ws.send_json({"type": "error", **exc.body})
        await ws.close(code=4400)
        return
    except (TimeoutError, WebSocketDisconnect):
        with contextlib.suppress(Exception):
            await ws.close(code=4400)
        return
    seat: int | None = None
    token = hello.get("token")
    try:   # a private table is watched only with its invite secret (or a seat token): not by its id alone
        await svc.check_reader(rt, token, hello.get("invite"))
    except PlayError as exc:
        await ws.send_json({"type": "error", **exc.to_json()})
        await ws.close(code=4403)
        return
    client = Client(ws, table_id, delta=hello.get("delta") is True, ack_in_state=hello.get("ack_in_state") is True,
                    lang=socket_lang(hello.get("lang")))
    if token:
        try:
            seat = await svc.seat_of(rt, token)
            ws.app.state.chatfeed.seated_at(table_id, address)   # its reads of GET …/chat are a player's
        except PlayError as exc:
            client.send({"type": "error", **exc.to_json()})
    client.seat = seat
    client.token_hash = hash_token(token) if seat is not None and token else None
    hub.add(client)
    writer = asyncio.create_task(client.writer())
    try:
        if seat is not None and rt.seats[seat].away and rt.status == "playing":
            await svc.back(table_id, token)   # reconnecting is returning to the table
        client.send({"type": "welcome", "seat": seat, "table": table_id})
        client.send(state_message(rt, seat, list(rt.log)[-settings.log_backlog:], full=True, lang=client.lang))
        await ws.app.state.chatfeed.welcome(rt, client)   # the chat this socket may read, then pushed
        bucket = TokenBucket(settings.rate_per_second, settings.rate_burst)
        strikes = 0
        while not writer.done():
            frame = await receive_frame(ws)
            if not bucket.allow():   # refused before the frame is even parsed: a flood costs little
                strikes += 1
                if strikes % 10 == 1:   # now and then the current state, without amplifying a flood
                    client.send({"type": "error", **refusal("rate_limited", "socket_flood"),
                                 "state": state_message(rt, client.seat, [], full=True, lang=client.lang)})
                else:
                    client.send(FLOODED)
                if strikes > MAX_STRIKES:
                    client.send(FLOOD_CLOSED)
                    client.close(1008, "rate limited")
                    await asyncio.wait_for(asyncio.shield(writer), 5)
                    break
                continue
            try:
                msg = parse_frame(frame)
            except BadFrame as exc:
                client.send({"type": "error", **exc.body})
                continue
            await _handle(svc, rt, client, token, msg)
    except (WebSocketDisconnect, TimeoutError):
        pass
    except Exception:
        log.exception("websocket failed on table %s", table_id)
    finally:
        hub.remove(client)
        ws.app.state.chatfeed.forget(client)
        if client.sync_timer is not None:
            client.sync_timer.cancel()
        writer.cancel()


#: seconds between two full states a socket is sent for ``sync`` (240 sockets syncing as fast as their
#: message budget allowed cost 3,000 full states a second, 88 % of a core)
SYNC_INTERVAL = 1.0


def _sync(rt: Any, client: Client, now: bool = False) -> None:
    """Send the socket its full state: at once if it had none for ``SYNC_INTERVAL``, else once at the end
    of that interval, however many syncs come meanwhile (a page out of step still gets its state)."""
    def send() -> None:
        client.sync_timer = None
        client.sync_at = loop.time()
        if not client.dead:
            client.send(state_message(rt, client.seat, list(rt.log)[-60:], full=True, lang=client.lang))

    loop = asyncio.get_running_loop()
    wait = client.sync_at + SYNC_INTERVAL - loop.time()
    if now or wait <= 0:
        if client.sync_timer is not None:
            client.sync_timer.cancel()
        send()
    elif client.sync_timer is None:
        client.sync_timer = loop.call_later(wait, send)


async def _current_seat(svc: Any, rt: Any, client: Client, token: str | None) -> int:
    """The seat this socket may act for *now*: its token is checked against the seat's current token on
    every action, ``back`` and ``leave`` (a seat given up and taken by someone else is theirs, not ours)."""
    if client.seat is None:
        raise PlayError("spectator", "spectator", 403)
    try:
        seat = await svc.seat_of(rt, token)
    except PlayError:
        seat = None
    if seat != client.seat:
        demote(rt, client)
        raise PlayError("seat_lost", "seat_lost", 403)
    return seat


async def _handle(svc: Any, rt: Any, client: Client, token: str | None, msg: dict[str, Any]) -> None:
    kind = msg.get("type")
    try:
        if kind == "ping":
            client.send({"type": "pong", "t": msg.get("t")})
        elif kind == "sync":
            changed = "lang" in msg and socket_lang(msg["lang"]) != client.lang
            if changed:   # the page changed its language: from now on texts come in the new one
                client.lang = socket_lang(msg["lang"])
            _sync(rt, client, now=changed)
        elif kind in ("action", "back", "leave"):
            seat = await _current_seat(svc, rt, client, token)
            if kind == "action":
                await submit_acknowledged(client, msg.get("version"), svc.submit(
                    rt, seat, msg.get("action"), msg.get("version"), by="human"))
            elif kind == "back":
                await svc.back(rt.id, token)
            else:
                await svc.leave(rt.id, token)
        else:
            raise PlayError("bad_type", "bad_type", kind=repr(kind))
    except PlayError as exc:
        if exc.code == "seat_lost":
            return   # demote() has told the socket already
        reply: dict[str, Any] = {"type": "error", **exc.to_json()}
        reply["state"] = state_message(rt, client.seat, [], full=True, lang=client.lang)
        client.send(reply)
