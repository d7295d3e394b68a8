"""HTTP routes: games, the lobby, tables, seats, moves, records, replays, ratings.

A move can be sent over HTTP as well as over the websocket; both call the same service method. Errors
answer ``{"error": {"code", "message"}}`` and, for a refused move, the seat's current state.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Header, Request
from fastapi.responses import JSONResponse

from nastolka.bots import bot_names
from nastolka.engine import NastolkaError, RecordError, all_games, get, replay
from nastolka.engine.record import Record

from . import social
from .errors import PlayError
from .glossary import glossary
from .ratings import leaderboard
from .runtime import state_message
from .schemas import Act, CreateTable, Join
from .tables import TableService

router = APIRouter(prefix="/api")


def service(request: Request) -> TableService:
    return request.app.state.service


@router.get("/games")
async def games() -> list[dict[str, Any]]:
    out = []
    for g in all_games():
        data = g.to_json()
        data["bots"] = bot_names(g)
        data["rules_summary"] = dict(g.rules_summary)
        out.append(data)
    return out


@router.get("/games/{game_id}/glossary")
async def game_glossary(game_id: str) -> dict[str, dict[str, str]]:
    try:
        game = get(game_id)
    except NastolkaError as exc:
        raise PlayError("bad_game", str(exc), 404) from None
    return glossary(game)


@router.get("/tables")
async def tables(request: Request, status: str | None = None) -> list[dict[str, Any]]:
    return await service(request).list_tables(status)


@router.post("/tables", status_code=201)
async def create(request: Request, body: CreateTable) -> dict[str, Any]:
    rt = await service(request).create(body.game, body.options, [s.model_dump() for s in body.seats],
                                       body.clock, rated=body.rated)
    return {"table": rt.public(), "invite": f"/#/t/{rt.id}"}


@router.get("/tables/{table_id}")
async def table(request: Request, table_id: str, x_seat_token: str | None = Header(default=None)) -> dict[str, Any]:
    svc = service(request)
    rt = await svc.get(table_id)
    seat = await svc.seat_of(rt, x_seat_token) if x_seat_token else None
    return state_message(rt, seat, list(rt.log)[-20:], full=True)


@router.post("/tables/{table_id}/join")
async def join(request: Request, table_id: str, body: Join) -> dict[str, Any]:
    rt, seat, token = await service(request).join(table_id, body.seat, body.name)
    return {"seat": seat, "token": token, "table": rt.public()}


@router.post("/tables/{table_id}/leave")
async def leave(request: Request, table_id: str, x_seat_token: str | None = Header(default=None)) -> dict[str, Any]:
    rt = await service(request).leave(table_id, x_seat_token)
    return {"table": rt.public()}


@router.post("/tables/{table_id}/back")
async def back(request: Request, table_id: str, x_seat_token: str | None = Header(default=None)) -> dict[str, Any]:
    rt = await service(request).back(table_id, x_seat_token)
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
async def record(request: Request, table_id: str) -> JSONResponse:
    svc = service(request)
    data = await svc.record(table_id)
    talk = await social.chat_log(svc, table_id)
    if talk:   # the table's chat belongs to its record (both channels)
        data = {**data, "notes": {**data.get("notes", {}), "chat": talk}}
    return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="nastolka-{table_id}.json"'})


@router.get("/tables/{table_id}/replay/{step}")
async def replay_step(request: Request, table_id: str, step: int) -> dict[str, Any]:
    """The spectator's view after ``step`` actions of a finished game, with that step's public events."""
    data = await service(request).record(table_id)
    rec = Record.from_json(data)
    total = len(rec.actions)
    if not 0 <= step <= total:
        raise PlayError("bad_step", f"step must be from 0 to {total}")
    try:
        state = replay(rec, upto=step, verify_result=False) if step < total else replay(rec)
    except RecordError as exc:   # e.g. a record of other rules (named in the message), never a 500
        raise PlayError("bad_record", str(exc), 409) from None
    events: list[dict[str, Any]] = []
    action = None
    if step > 0:
        before = replay(rec, upto=step - 1, verify_result=False)
        seat, aid = rec.actions[step - 1]
        action = {"seat": seat, "id": aid, "en": before.action_label(aid, "en"), "ru": before.action_label(aid, "ru")}
        for e in before.apply(seat, aid):
            if e.seats is None:
                events.append({"kind": e.kind, "args": dict(e.args), "text_en": before.event_text(e, "en"),
                               "text_ru": before.event_text(e, "ru")})
    return {"step": step, "total": total, "view": state.view(None), "action": action, "events": events,
            "seats": rec.seats, "game": rec.game}


@router.get("/ratings/{game}")
async def ratings(request: Request, game: str) -> list[dict[str, Any]]:
    return await service(request).db.run(lambda c: leaderboard(c, game))
