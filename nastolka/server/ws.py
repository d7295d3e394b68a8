"""The websocket endpoint: one connection watches one table, as a seat (with its token) or a spectator.

Protocol (JSON text frames), client -> server:
  ``{"type": "hello", "token": "..."?}`` first (within 10 s); then
  ``{"type": "action", "action": "<id>", "version": <n>}``, ``{"type": "back"}``, ``{"type": "leave"}``,
  ``{"type": "sync"}``, ``{"type": "ping"}``.
Server -> client: ``welcome`` (your seat), ``state`` (your view, legal actions, new events), ``accepted``,
``error`` (code, message, and the current state), ``pong``. Details in docs/server.md.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from .errors import PlayError
from .hub import Client, demote
from .ratelimit import TokenBucket
from .runtime import state_message
from .tokens import hash_token

router = APIRouter()
log = logging.getLogger("nastolka.server")

MAX_FRAME = 4096
MAX_STRIKES = 50


@router.websocket("/ws/tables/{table_id}")
async def table_socket(ws: WebSocket, table_id: str) -> None:
    app = ws.app
    svc, hub, settings = app.state.service, app.state.hub, app.state.settings
    await ws.accept()
    try:
        rt = await svc.get(table_id)
    except PlayError as exc:
        await ws.send_json({"type": "error", **exc.to_json()})
        await ws.close(code=4404)
        return
    try:
        hello = json.loads(await asyncio.wait_for(ws.receive_text(), 10))
    except (TimeoutError, WebSocketDisconnect, ValueError):
        await ws.close(code=4400)
        return
    seat: int | None = None
    token = hello.get("token") if isinstance(hello, dict) else None
    client = Client(ws, table_id)
    if token:
        try:
            seat = await svc.seat_of(rt, token)
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
        client.send(state_message(rt, seat, list(rt.log)[-settings.log_backlog:], full=True))
        bucket = TokenBucket(settings.rate_per_second, settings.rate_burst)
        strikes = 0
        while True:
            raw = await ws.receive_text()
            if not bucket.allow():
                strikes += 1
                refused: dict[str, Any] = {"type": "error", "code": "rate_limited",
                                           "message": "too many messages; slow down"}
                if strikes % 10 == 1:   # now and then the current state, without amplifying a flood
                    refused["state"] = state_message(rt, seat, [], full=True)
                client.send(refused)
                if strikes > MAX_STRIKES:
                    break
                continue
            if len(raw) > MAX_FRAME:
                client.send({"type": "error", "code": "too_large", "message": "message too large"})
                continue
            try:
                msg = json.loads(raw)
                if not isinstance(msg, dict):
                    raise ValueError
            except ValueError:
                client.send({"type": "error", "code": "bad_json", "message": "send a JSON object"})
                continue
            await _handle(svc, rt, client, token, msg)
    except WebSocketDisconnect:
        pass
    except Exception:
        log.exception("websocket failed on table %s", table_id)
    finally:
        hub.remove(client)
        writer.cancel()


async def _current_seat(svc: Any, rt: Any, client: Client, token: str | None) -> int:
    """The seat this socket may act for *now*: its token is checked against the seat's current token on
    every action, ``back`` and ``leave`` (a seat given up and taken by someone else is theirs, not ours)."""
    if client.seat is None:
        raise PlayError("spectator", "spectators cannot act; join a seat first", 403)
    try:
        seat = await svc.seat_of(rt, token)
    except PlayError:
        seat = None
    if seat != client.seat:
        demote(rt, client)
        raise PlayError("seat_lost", "this seat is no longer yours (it was given up or taken); "
                                     "you are watching now", 403)
    return seat


async def _handle(svc: Any, rt: Any, client: Client, token: str | None, msg: dict[str, Any]) -> None:
    kind = msg.get("type")
    try:
        if kind == "ping":
            client.send({"type": "pong", "t": msg.get("t")})
        elif kind == "sync":
            client.send(state_message(rt, client.seat, list(rt.log)[-60:], full=True))
        elif kind in ("action", "back", "leave"):
            seat = await _current_seat(svc, rt, client, token)
            if kind == "action":
                entry = await svc.submit(rt, seat, msg.get("action"), msg.get("version"), by="human")
                client.send({"type": "accepted", "version": entry.version + 1, "action": entry.action})
            elif kind == "back":
                await svc.back(rt.id, token)
            else:
                await svc.leave(rt.id, token)
        else:
            raise PlayError("bad_type", f"unknown message type {kind!r}")
    except PlayError as exc:
        if exc.code == "seat_lost":
            return   # demote() has told the socket already
        reply: dict[str, Any] = {"type": "error", **exc.to_json()}
        reply["state"] = state_message(rt, client.seat, [], full=True)
        client.send(reply)
