"""Routes for the browser's drawing data: a game's presentation (names, rules texts, board words, rules
summary) and the board scripts found in the game folders (``nastolka/games/<game>/web/board.js``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse

from nastolka.engine import Game, NastolkaError, get

from .errors import PlayError
from .presentation import board_file, boards, presentation
from .schemas import ERRORS

router = APIRouter(responses=ERRORS)
CACHE = {"Cache-Control": "no-cache"}   # revalidate: a new release must reach every browser at once
MEDIA = {"js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8", "svg": "image/svg+xml"}


def _game(game_id: str) -> Game:
    try:
        return get(game_id)
    except NastolkaError as exc:
        raise PlayError("bad_game", "bad_game", 404, detail=str(exc)) from None


@router.get("/api/games/{game_id}/presentation")
async def game_presentation(game_id: str) -> dict[str, Any]:
    return presentation(_game(game_id))


@router.get("/api/boards")
async def board_list() -> dict[str, dict[str, str]]:
    return boards()


@router.get("/boards/{game_id}/{name}", include_in_schema=False)   # static files, not API
async def board_asset(game_id: str, name: str) -> FileResponse:
    path = board_file(_game(game_id), name)
    if path is None:
        raise PlayError("not_found", "no_file", 404)
    return FileResponse(path, media_type=MEDIA[path.suffix[1:]], headers=CACHE)
