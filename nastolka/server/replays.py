"""Replays of finished games, computed once per game in a worker thread and kept in a small LRU.

Why: replaying a long game to one step takes tens of milliseconds; done on the event loop for every
click of the replay slider, it stalled every table of the process. Here the whole game is replayed once,
off the loop, into one frame per step (the public view, the action, its public events).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from nastolka.engine import Record
from nastolka.engine.record import start
from nastolka.engine.words import record_names


def frames_of(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Every step of a finished game as the spectator saw it (step 0 is the start)."""
    rec = Record.from_json(data)
    state = start(rec)
    # the players by the names the table gave them (people's names, distinct bot names), never a number
    names = {lang: record_names(rec.seats, rec.players, lang) for lang in ("en", "ru")}
    frames: list[dict[str, Any]] = [{"view": state.view(None), "action": None, "events": []}]
    for seat, aid in rec.actions:
        action = {"seat": seat, "id": aid, "en": state.action_label(aid, "en", names["en"]),
                  "ru": state.action_label(aid, "ru", names["ru"])}
        events = [{"kind": e.kind, "args": dict(e.args), "text_en": state.event_text(e, "en", names["en"]),
                   "text_ru": state.event_text(e, "ru", names["ru"])}
                  for e in state.apply(seat, aid) if e.seats is None]
        frames.append({"view": state.view(None), "action": action, "events": events})
    return frames


class ReplayCache:
    def __init__(self, size: int = 32) -> None:
        self.size = size
        self._frames: OrderedDict[str, asyncio.Future[list[dict[str, Any]]]] = OrderedDict()

    async def frames(self, table_id: str, record: dict[str, Any]) -> list[dict[str, Any]]:
        future = self._frames.get(table_id)
        if future is not None:
            self._frames.move_to_end(table_id)
        else:
            future = asyncio.ensure_future(asyncio.to_thread(frames_of, record))
            self._frames[table_id] = future
            while len(self._frames) > self.size:
                self._frames.popitem(last=False)
        try:
            return await asyncio.shield(future)
        except Exception:
            self._frames.pop(table_id, None)
            raise
