"""What the Resume and Watch lists say about each record file: game, players, date, progress, finished.

Read once when the list opens: each file is loaded and replayed (a few milliseconds each), so the progress
shown ("round 3 of 5") is the game's own, not a guess from the file name. A file that does not load or
replay is listed as unreadable rather than hidden, so a player can see why a save went missing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from nastolka.engine import Game, NastolkaError, Record

from .i18n import tr
from .names import seat_names
from .session import Session, seat_kinds_of


def save_and_tell(screen: Any, session: Session, lang: str) -> bool:
    """Save the game and say where (or why not) in a notification on ``screen``; the one ``s`` key of the
    game screen and of the result screen."""
    try:
        path = session.save()
    except (OSError, NastolkaError) as exc:
        screen.notify(tr("save_failed", lang, msg=exc), severity="error")
        return False
    screen.notify(tr("saved", lang, path=path))
    return True


#: at most this many files are read when a list opens (newest first)
LIMIT = 60


@dataclass(frozen=True)
class SaveInfo:
    path: Path
    modified: float
    game: Game | None
    record: Record | None
    finished: bool
    moves: int
    progress: dict[str, Any]
    error: str = ""

    def label(self, lang: str) -> str:
        """One line a player can choose by: «Кольт Экспресс · Вы, Бот 2 · раунд 3 из 5 · 1 дек 20:31»."""
        when = datetime.fromtimestamp(self.modified).strftime("%Y-%m-%d %H:%M")
        if self.game is None or self.record is None:
            return f"{self.path.name} · {tr('save_unreadable', lang, msg=self.error)} · {when}"
        names = ", ".join(seat_names(seat_kinds_of(self.game, self.record), lang))
        return " · ".join([self.game.name(lang), names, progress_text(self, lang), when])


def progress_text(info: SaveInfo, lang: str) -> str:
    if info.finished:
        return tr("save_finished", lang, n=info.moves)
    p = info.progress
    if "round" in p and "rounds" in p:
        return tr("save_round", lang, n=p["round"], total=p["rounds"], moves=info.moves)
    if "turn" in p:
        return tr("save_turn", lang, n=p["turn"], moves=info.moves)
    return tr("save_moves", lang, moves=info.moves)


def progress_of(view: dict[str, Any]) -> dict[str, Any]:
    """The round or turn a game's public view states (the engine has no common word for it)."""
    if isinstance(view.get("round"), int) and isinstance(view.get("rounds_total"), int):
        return {"round": view["round"], "rounds": view["rounds_total"]}
    if isinstance(view.get("turn"), int) and "rounds_total" not in view and "troupes" not in view:
        return {"turn": view["turn"]}
    return {}


def read(path: Path, games: Sequence[Game]) -> SaveInfo:
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    try:
        record = Record.load(path)
        game = next((g for g in games if g.id == record.game), None)
        if game is None:
            raise NastolkaError(f"the game {record.game!r} is not installed")
        state = game.new(record.players, record.options, seed=record.seed, setup=record.setup, rng=record.rng)
        for seat, aid in record.actions:
            state.apply(seat, aid)  # checked: a file that does not replay is unreadable, not resumable
    except (NastolkaError, OSError, ValueError) as exc:
        return SaveInfo(path, modified, None, None, False, 0, {}, str(exc))
    return SaveInfo(path, modified, game, record, state.is_over, len(record.actions), progress_of(state.view(None)))


def listing(folder: Path, games: Sequence[Game], *, finished: bool | None) -> list[SaveInfo]:
    """Saves in ``folder``, newest first. ``finished=False``: only games to resume; ``True``: finished
    games first, then the rest (anything can be watched); unreadable files last in both."""
    try:
        files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)[:LIMIT]
    except OSError:
        return []
    infos = [read(p, games) for p in files]
    if finished is False:
        return [i for i in infos if i.record is not None and not i.finished] + [i for i in infos if i.record is None]
    return ([i for i in infos if i.finished] + [i for i in infos if i.record is not None and not i.finished]
            + [i for i in infos if i.record is None])
