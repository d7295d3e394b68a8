"""HTTP routes for chat, rematch and hints (``social.py``). A message is written here and pushed to the
table's sockets by ``chatfeed.py`` (in every server process); ``GET …/chat`` reads the same messages for
clients without a socket."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Header, Request
from pydantic import BaseModel, ConfigDict, Field

from . import social
from .api import address
from .errors import PlayError
from .schemas import ERRORS
from .tables import TableService

router = APIRouter(prefix="/api", responses=ERRORS)


class ChatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(max_length=1000)
    name: str | None = Field(default=None, max_length=60)   # spectators only: seated people write as their seat


def _svc(request: Request) -> TableService:
    return request.app.state.service


async def _seat(svc: TableService, rt: Any, token: str | None, required: bool) -> int | None:
    if not token:
        if required:
            raise PlayError("bad_token", "token_required", 403)
        return None
    return await svc.seat_of(rt, token)


@router.get("/tables/{table_id}/chat")
async def chat_read(request: Request, table_id: str, after: int = 0,
                    x_seat_token: str | None = Header(default=None), x_invite: str | None = Header(default=None)) -> dict[str, Any]:
    svc = _svc(request)
    rt = await svc.get(table_id, outdated_ok=True)
    await svc.check_reader(rt, x_seat_token, x_invite)   # a private table's chat too
    seat = await _seat(svc, rt, x_seat_token, False)
    feed, where = request.app.state.chatfeed, address(request)
    if seat is not None:
        feed.seated_at(rt.id, where)
    return await social.read_chat(svc, rt, seat, max(0, after), feed.seated_here(rt.id, where))


@router.post("/tables/{table_id}/chat", status_code=201)
async def chat_write(request: Request, table_id: str, body: ChatIn,
                     x_seat_token: str | None = Header(default=None), x_invite: str | None = Header(default=None)) -> dict[str, Any]:
    svc = _svc(request)
    rt = await svc.get(table_id, outdated_ok=True)
    await svc.check_reader(rt, x_seat_token, x_invite)
    settings = request.app.state.settings
    caps = {"players": settings.chat_cap_players, "spectators": settings.chat_cap_spectators}
    seat = await _seat(svc, rt, x_seat_token, False)
    if seat is not None:
        request.app.state.chatfeed.seated_at(rt.id, address(request))
    msg = await social.post_chat(svc, rt, seat, body.name, body.text, address=address(request), caps=caps)
    await request.app.state.chatfeed.posted(rt.id, msg)
    return msg


@router.post("/tables/{table_id}/rematch")
async def rematch(request: Request, table_id: str, x_seat_token: str | None = Header(default=None)) -> dict[str, Any]:
    svc = _svc(request)
    rt = await svc.get(table_id)
    seat = await _seat(svc, rt, x_seat_token, True)
    assert seat is not None
    made = await social.rematch(svc, rt, seat, address(request))
    if made.get("seat") is not None:
        request.app.state.chatfeed.seated_at(made["table"], address(request))
    await request.app.state.chatfeed.rematch_made(rt.id, made["table"])
    return made


@router.post("/tables/{table_id}/hint")
async def hint(request: Request, table_id: str, x_seat_token: str | None = Header(default=None)) -> dict[str, Any]:
    svc = _svc(request)
    rt = await svc.get(table_id)
    seat = await _seat(svc, rt, x_seat_token, True)
    assert seat is not None
    return await social.hint(svc, rt, seat)
