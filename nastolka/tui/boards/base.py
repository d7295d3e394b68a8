"""How a game's view becomes pictures: the generic presenter every game starts with.

The game screen never looks inside a view itself; it asks a presenter for the board, the hand as cards,
the table of players and the card texts. The generic presenter knows only the engine's common keys and a
few conventions (a ``hand`` list, per-seat lists), and shows the board as the game's own ``render_view``
text — so a new game is playable before anyone draws its board, and a per-game module
(``boards/<game_id>.py`` exposing ``PRESENTER``) can specialise one part at a time.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from nastolka.engine import Game

from .draw import Box, Boxes, Chips

_COMMON = {"game", "players", "seat", "step", "status", "to_act", "result"}


@dataclass(frozen=True)
class CardFace:
    """A card as the hand shows it: a title, a few short lines, and the full text for the help screen."""

    title: str
    body: str = ""
    text: str = ""
    style: str = ""


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def localized(item: dict[str, Any], key: str, lang: str) -> str:
    """``item[key_ru]`` / ``item[key_en]`` / ``item[key]``, whichever exists first for ``lang``."""
    for name in (f"{key}_{lang}", key, f"{key}_en"):
        value = item.get(name)
        if isinstance(value, str) and value:
            return value
    return ""


def humanize(key: str) -> str:
    return key.replace("_", " ")


class Presenter:
    """The generic presenter; per-game presenters override what their view lets them draw better."""

    hand_keys: Sequence[str] = ("hand", "my_hand")

    def board(self, game: Game, view: dict[str, Any], lang: str, focus: str | None = None,
              compact: bool = False) -> RenderableType:
        """The game's own text rendering: always correct, never pretty.

        ``focus`` is the id of the action highlighted in the list, so a board can show where it acts.
        ``compact`` asks for the smallest drawing that still shows every piece of the position (the
        screen chooses it when the full one does not fit, e.g. at 80×24)."""
        return Text(game.state_class.render_view(view, lang))

    def focus_key(self, view: dict[str, Any], focus: str | None) -> object:
        """What on the board the action ``focus`` points at; the board is redrawn only when this changes
        as the player moves through the list (the generic board shows no target)."""
        return None

    def decision_key(self, view: dict[str, Any], aids: Sequence[str]) -> str | None:
        """Which new kind of decision this is (a key of the game's ``decisions.toml``), or None.

        The screen shows that key's line under "Your move", so the first 2-player draft or reaction
        window comes with one sentence saying what is being asked."""
        return None

    def action_hint(self, view: dict[str, Any], aid: str, lang: str) -> str:
        """A line about the card the highlighted action uses (its text), shown under "Your move"."""
        return ""

    def hand(self, view: dict[str, Any], lang: str) -> list[CardFace] | None:
        """The viewer's cards, or None if the view has no hand for this viewer."""
        for key in self.hand_keys:
            cards = view.get(key)
            if isinstance(cards, list):
                return [self.card_face(item, lang) for item in cards]
        return None

    def card_face(self, item: Any, lang: str) -> CardFace:
        if isinstance(item, dict):
            title = localized(item, "name", lang) or str(item.get("id", "?"))
            text = localized(item, "text", lang) or localized(item, "effect", lang)
            body = "\n".join(f"{humanize(k)}: {v}" for k, v in item.items()
                             if _scalar(v) and not k.startswith(("name", "text", "effect", "id")))
            return CardFace(title, body, text)
        return CardFace(str(item))

    def card_texts(self, view: dict[str, Any], lang: str) -> list[tuple[str, str]]:
        """(title, text) for every card the viewer may want explained: by default the hand."""
        return [(c.title, c.text or c.body) for c in self.hand(view, lang) or []]

    def table(self, view: dict[str, Any], lang: str, names: Sequence[str]) -> RenderableType:
        """One row per seat from the per-seat lists of the view (whatever the game publishes)."""
        players = len(names)
        columns: dict[str, list[Any]] = {}
        for key, value in view.items():
            if key in _COMMON or not isinstance(value, list) or len(value) != players:
                continue
            if all(_scalar(v) for v in value):
                columns[humanize(key)] = value
            elif all(isinstance(v, dict) for v in value):
                for sub in value[0]:
                    if all(_scalar(v.get(sub)) for v in value):
                        columns[humanize(sub)] = [v.get(sub) for v in value]
        table = Table(box=None, pad_edge=False, expand=True, show_edge=False)
        table.add_column("", no_wrap=True)
        for name in list(columns)[:6]:
            table.add_column(name, overflow="fold")
        to_act = set(view.get("to_act") or [])
        for seat, name in enumerate(names):
            marker = "▶ " if seat in to_act else "  "
            style = "bold" if seat == view.get("seat") else ""
            cells = [str(columns[c][seat]) for c in list(columns)[:6]]
            table.add_row(Text(marker + name, style=style), *cells)
        return table

    def hand_renderable(self, cards: list[CardFace] | None, lang: str, empty: str, hidden: str,
                        compact: bool = False) -> RenderableType:
        """The hand as card boxes, or (``compact``) as one or two lines of card names."""
        if cards is None:
            return Text(hidden, style="dim")
        if not cards:
            return Text(empty, style="dim")
        if compact:
            return Chips([Text(c.title, style=f"bold {c.style}".strip()) for c in cards], sep="  ")
        width = max(12, min(19, max(len(c.title) for c in cards) + 4))  # four to a row in 80 columns
        return Boxes([self.card_box(c, width) for c in cards], gap=1)

    def card_box(self, card: CardFace, width: int) -> Box:
        """One card of the hand; the frame takes the card's style (its owner's colour, if any)."""
        lines: list[Text | str] = [Text(card.title, style="bold")]
        lines += card.body.splitlines() if card.body else []
        return Box(lines, width=width, style=card.style, wrap=True)


@functools.cache
def _decisions(folder: Path) -> dict[str, Any]:
    path = folder / "decisions.toml"
    return tomllib.loads(path.read_text("utf-8")) if path.is_file() else {}


def decision_help(game: Game, key: str | None, lang: str) -> str:
    """The game's one line of help for decision ``key`` (``decisions.toml`` in its folder), or ""."""
    entry = _decisions(game.folder).get(key or "") if key else None
    if not isinstance(entry, dict):
        return ""
    return str(entry.get(lang) or entry.get("en") or "")


GENERIC = Presenter()
