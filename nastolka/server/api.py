"""HTTP routes: games, the lobby, tables, seats, moves, records, replays, ratings.

A move can be sent over HTTP as well as over the websocket; both call the same service method. Errors
answer ``{"error": {"code", "message"}}`` and, for a refused move, the seat's current state. Every
error answer is declared in the OpenAPI schema (the schemathesis test checks the server against it).
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Header, Request
from fastapi.responses import JSONResponse, Response

from nastolka.bots import bot_names
from nastolka.engine import all_games

from . import social
from .accounts.guests import who_joins
from .errors import PlayError
from .ratelimit import address_key
from .ratings import leaderboard
from .runtime import state_message
from .schemas import ERRORS, Act, Created, CreateTable, Join, Remove, Seated, TableOnly
from .tables import TableService

router = APIRouter(prefix="/api", responses=ERRORS)


def service(request: Request) -> TableService:
    return request.app.state.service


def address(request: Request) -> str:
    """The key the request's address counts under (an IPv6 /64 is one address: ``ratelimit.address_key``)."""
    return address_key(request.client.host) if request.client else "?"


@router.get("/games")
async def games() -> list[dict[str, Any]]:
    out = []
    for g in all_games():
        data = g.to_json()
        data["bots"] = bot_names(g)
        for opt in data.get("options", []):   # a choice in words, as the terminal shows it («Дебют», not "debut")
            if isinstance(opt, dict) and isinstance(opt.get("choices"), list):
                opt["choice_labels"] = {lang: [g.choice_label(opt["name"], c, lang) for c in opt["choices"]]
                                        for lang in ("en", "ru")}
        data["rules_summary"] = dict(g.rules_summary)
        out.append(data)
    return out


@router.get("/tables")
async def tables(request: Request, status: Literal["open", "playing", "over"] | None = None) -> list[dict[str, Any]]:
    """The lobby: public tables, those a person sits at first, then the newest."""
    return await service(request).list_tables(status)


@router.post("/tables", status_code=201, response_model=Created)
async def create(request: Request, body: CreateTable) -> dict[str, Any]:
    """Create a table. The answer holds secrets given only now: the owner token (cancel, remove a player),
    the invite link (with the invite secret for a private table), and each reserved seat's invite link."""
    made = await service(request).create(body.game, body.options, [s.model_dump() for s in body.seats],
                                         body.clock, bank=body.bank, private=body.private, rated=body.rated,
                                         address=address(request), speed=body.speed,
                                         clock_given="clock" in body.model_fields_set)
    rt = made.rt
    link = f"/#/t/{rt.id}" + (f"/{made.invite}" if made.invite else "")
    return {"table": rt.public(), "invite": link, "owner_token": made.owner_token,
            "seat_invites": {str(seat): f"/#/t/{rt.id}/{secret}" for seat, secret in made.seat_invites.items()}}


@router.get("/tables/{table_id}")
async def table(request: Request, table_id: str, x_seat_token: str | None = Header(default=None),
                x_invite: str | None = Header(default=None)) -> dict[str, Any]:
    """A table's state (``X-Seat-Token``: that seat's view). A private table only with its invite secret
    (``X-Invite``; never in the URL, where access logs and browser history keep it) or a seat token."""
    svc = service(request)
    rt = await svc.get(table_id)
    await svc.check_reader(rt, x_seat_token, x_invite)
    seat = await svc.seat_of(rt, x_seat_token) if x_seat_token else None
    return state_message(rt, seat, list(rt.log)[-20:], full=True)


@router.post("/tables/{table_id}/join", response_model=Seated)
async def join(request: Request, table_id: str, body: Join) -> dict[str, Any]:
    account = await who_joins(request, body.name)   # signed in: as yourself; a guest: never under a handle
    holder = f"acct:{account[0]}" if account else "addr:" + address(request)   # the cap on turn-based games
    rt, seat, token = await service(request).join(table_id, body.seat, body.name, body.invite, account=account,
                                                  holder=holder)
    request.app.state.chatfeed.seated_at(rt.id, address(request))   # its spectator reads are a player's
    return {"seat": seat, "token": token, "table": rt.public()}


@router.post("/tables/{table_id}/leave", response_model=TableOnly)
async def leave(request: Request, table_id: str, x_seat_token: str | None = Header(default=None)) -> dict[str, Any]:
    rt = await service(request).leave(table_id, x_seat_token)
    return {"table": rt.public()}


@router.post("/tables/{table_id}/back", response_model=TableOnly)
async def back(request: Request, table_id: str, x_seat_token: str | None = Header(default=None)) -> dict[str, Any]:
    rt = await service(request).back(table_id, x_seat_token)
    return {"table": rt.public()}


@router.post("/tables/{table_id}/cancel", response_model=TableOnly)
async def cancel(request: Request, table_id: str,
                 x_owner_token: str | None = Header(default=None)) -> dict[str, Any]:
    """The creator cancels a table that has not started (owner token in ``X-Owner-Token``)."""
    rt = await service(request).cancel(table_id, x_owner_token)
    return {"table": rt.public()}


@router.post("/tables/{table_id}/remove", response_model=TableOnly)
async def remove(request: Request, table_id: str, body: Remove,
                 x_owner_token: str | None = Header(default=None)) -> dict[str, Any]:
    """The creator frees a person's seat before the start (owner token in ``X-Owner-Token``)."""
    rt = await service(request).remove(table_id, x_owner_token, body.seat)
    return {"table": rt.public()}


@router.post("/tables/{table_id}/actions")
async def act(request: Request, table_id: str, body: Act,
              x_seat_token: str | None = Header(default=None)) -> Any:
    svc = service(request)
    rt = await svc.get(table_id)
    seat = await svc.seat_of(rt, x_seat_token)
    try:
        await svc.submit(rt, seat, body.action, body.version, by="human")
    except PlayError as exc:
        msg = state_message(rt, seat, [], full=True)
        msg["error"] = exc.to_json()
        return JSONResponse(msg, status_code=exc.status)
    return state_message(rt, seat, [rt.log[-1]] if rt.log else [], full=True)


@router.get("/tables/{table_id}/record")
async def record(request: Request, table_id: str, x_seat_token: str | None = Header(default=None),
                 x_invite: str | None = Header(default=None)) -> JSONResponse:
    svc = service(request)
    await svc.check_reader(await svc.get(table_id, outdated_ok=True), x_seat_token, x_invite)
    data = await svc.record(table_id)
    talk = await social.chat_log(svc, table_id)
    if talk:   # the table's chat belongs to its record (both channels)
        data = {**data, "notes": {**data.get("notes", {}), "chat": talk}}
    return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="nastolka-{table_id}.json"'})


@router.get("/tables/{table_id}/replay/{step}")
async def replay_step(request: Request, table_id: str, step: int, x_seat_token: str | None = Header(default=None),
                      x_invite: str | None = Header(default=None)) -> Response:
    """The spectator's view after ``step`` actions of a finished game, with that step's public events:
    stored when the game ended, so this is one read (``replays.py``). A private table's replay needs
    ``X-Invite`` or ``X-Seat-Token``."""
    text = await request.app.state.replays.answer(table_id, step, address(request), x_seat_token, x_invite)
    return Response(text, media_type="application/json")


@router.get("/ratings/{game}")
async def ratings(request: Request, game: str) -> list[dict[str, Any]]:
    return await service(request).db.run(lambda c: leaderboard(c, game))
