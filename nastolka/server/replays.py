"""Replays of finished games: every step's answer computed once, when the game ends, and stored, so that
opening a replay is a read.

Why: replaying a game to a step takes tens to hundreds of milliseconds of a thread holding the GIL. The
first version computed a whole game's frames on demand and kept 32 games in an LRU; one address cycling
``/replay/0`` over 40 finished games (45 requests a second, under the read limit) never hit that cache
and took two people's moves at another table from p50 3 ms to 450 ms. Now the process that commits a
game's last move computes its frames in the background (one game at a time) and writes one row per step
(``replay_frames``); a request reads that one row, and the table's seats for a private table's check,
without loading or replaying the table. A game with no stored frames (finished before this version, or
its process died first) is computed on demand under a per-address budget (``replay_builds_per_minute``),
then stored; past the budget the answer is 429.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import OrderedDict
from typing import Any

from sqlalchemy import Connection, delete, func, insert, select

from nastolka.engine import NastolkaError, Record, RecordError, get
from nastolka.engine.record import start
from nastolka.engine.words import record_names

from .config import Settings
from .db import Database
from .errors import PlayError
from .guard import Buckets
from .models import replay_frames, seats, tables
from .runtime import LogEntry, Runtime
from .tokens import token_matches

log = logging.getLogger("nastolka.server")


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


def answers_of(data: dict[str, Any]) -> list[str]:
    """The JSON text of ``GET …/replay/<step>`` for every step (what is stored)."""
    frames = frames_of(data)
    total = len(frames) - 1
    seat_names = data.get("seats", [])
    names = {lang: record_names(seat_names, int(data["players"]), lang) for lang in ("en", "ru")}
    return [json.dumps({"step": step, "total": total, **frame, "seats": seat_names, "names": names,
                        "game": data["game"]}, ensure_ascii=False, separators=(",", ":"))
            for step, frame in enumerate(frames)]


def _may_read(table: Any, seat_rows: list[Any], token: Any, invite: Any) -> bool:
    """The private-table rule of ``check_reader``, on rows (a replay never loads the table)."""
    if not table.private:
        return True
    if isinstance(invite, str) and (token_matches(invite, table.invite_hash)
                                    or any(token_matches(invite, s.invite_hash) for s in seat_rows)):
        return True
    return isinstance(token, str) and any(s.kind == "human" and token_matches(token, s.token_hash)
                                          for s in seat_rows)


class ReplayStore:
    """Stored frames, the few games being computed, and the per-address budget for computing."""

    def __init__(self, db: Database | None, settings: Settings) -> None:
        self.db = db
        self.budget = Buckets(settings.replay_builds_per_minute / 60.0, settings.replay_builds_burst)
        #: games computed here (at their end or on demand): what the abuse test counts
        self.builds = 0
        self._building: dict[str, asyncio.Future[list[str]]] = {}
        self._one_at_a_time = asyncio.Semaphore(1)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._recent: OrderedDict[str, list[str]] = OrderedDict()   # just built, while they are written
        self.cache_size = settings.replay_cache

    # ------------------------------------------------------------------ at the end of a game
    async def on_change(self, rt: Runtime, _entries: list[LogEntry], remote: bool) -> None:
        """A table listener: the process that committed a game's last move stores its replay."""
        if remote or rt.status != "over" or rt.record is None or rt.id in self._building:
            return
        task = asyncio.create_task(self._build(rt.id, rt.record))
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("replay not stored: %s", task.exception())

    async def _build(self, table_id: str, record: dict[str, Any]) -> list[str]:
        """Compute a game's answers once (callers of the same game share it) and store them."""
        pending = self._building.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[list[str]] = asyncio.get_running_loop().create_future()
        self._building[table_id] = future
        try:
            async with self._one_at_a_time:   # games ending together do not take every core at once
                answers = await asyncio.to_thread(answers_of, record)
            self.builds += 1
            self._remember(table_id, answers)
            assert self.db is not None
            await self.db.run(lambda c: _store(c, table_id, answers))
            future.set_result(answers)
            return answers
        except BaseException as exc:
            if isinstance(exc, Exception):
                future.set_exception(exc)
                future.exception()   # retrieved: nobody else may be waiting
            else:
                future.cancel()
            raise
        finally:
            self._building.pop(table_id, None)

    def _remember(self, table_id: str, answers: list[str]) -> None:
        self._recent[table_id] = answers
        while len(self._recent) > self.cache_size:
            self._recent.popitem(last=False)

    # ------------------------------------------------------------------ a request
    async def answer(self, table_id: str, step: int, address: str, token: Any, invite: Any) -> str:
        """The stored answer for ``step`` (JSON text), after the private-table check; computed under the
        address's budget if the game has none stored."""
        assert self.db is not None

        def read(conn: Connection) -> tuple[Any, list[Any], str | None, int | None]:
            table = conn.execute(select(tables.c.status, tables.c.private, tables.c.invite_hash, tables.c.game,
                                        tables.c.rules_version).where(tables.c.id == table_id)).first()
            if table is None:
                return None, [], None, None
            rows = list(conn.execute(select(seats.c.kind, seats.c.token_hash, seats.c.invite_hash)
                                     .where(seats.c.table_id == table_id))) if table.private else []
            frame = conn.execute(select(replay_frames.c.frame).where(
                replay_frames.c.table_id == table_id, replay_frames.c.step == step)).scalar()
            total = None
            if frame is None:
                total = conn.execute(select(func.count()).select_from(replay_frames)
                                     .where(replay_frames.c.table_id == table_id)).scalar()
            return table, rows, frame, total

        if len(table_id) > 16:
            raise PlayError("not_found", "no_table", 404)
        recent = self._recent.get(table_id)
        table, seat_rows, frame, stored = await self.db.run(read)
        if table is None:
            raise PlayError("not_found", "no_table", 404)
        if not _may_read(table, seat_rows, token, invite):
            raise PlayError("invite_required", "private_watch", 403)
        _check_rules(table_id, table)
        if table.status != "over":
            raise PlayError("not_over", "record_early", 409)
        if frame is not None:
            return str(frame)
        answers = recent
        if answers is None and stored:   # stored, and the step is past the end
            raise PlayError("bad_step", "bad_step", total=stored - 1)
        if answers is None:
            answers = await self._on_demand(table_id, address)
        if not 0 <= step < len(answers):
            raise PlayError("bad_step", "bad_step", total=len(answers) - 1)
        return answers[step]

    async def _on_demand(self, table_id: str, address: str) -> list[str]:
        if table_id not in self._building and not self.budget.allow(address):
            raise PlayError("rate_limited", "replay_flood", 429)
        assert self.db is not None
        raw = await self.db.run(lambda c: c.execute(select(tables.c.record).where(tables.c.id == table_id)).scalar())
        if not raw:
            raise PlayError("not_over", "record_early", 409)
        try:
            return await self._build(table_id, json.loads(raw))
        except RecordError as exc:   # e.g. a record of other rules (named in the message), never a 500
            raise PlayError("bad_record", "bad_record", 409, detail=str(exc)) from None

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)


def _check_rules(table_id: str, table: Any) -> None:
    """A game played under other rules than this server's is not replayed (nor served from frames an older
    server stored): refused naming both versions, as loading the table is (``Runtime.from_rows``)."""
    try:
        game = get(table.game)
    except NastolkaError as exc:
        raise PlayError("bad_record", "bad_record", 409, detail=str(exc)) from None
    played = table.rules_version
    if played and played != game.rules_version:
        detail = (f"table {table_id} was played under {game.name_en} rules version {played}, but this server "
                  f"implements rules version {game.rules_version}; its record can still be downloaded")
        raise PlayError("rules_version", "rules_version", 409, detail=detail, played=played,
                        current=game.rules_version)


def _store(conn: Connection, table_id: str, answers: list[str]) -> None:
    """Write a game's answers (again, if two processes computed them: the last write wins, same text)."""
    conn.execute(delete(replay_frames).where(replay_frames.c.table_id == table_id))
    conn.execute(insert(replay_frames), [{"table_id": table_id, "step": i, "frame": text}
                                         for i, text in enumerate(answers)])
