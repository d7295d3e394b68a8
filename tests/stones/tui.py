"""The terminal board of «Камешки»: the pile as a row of stones, the one being taken highlighted."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text

from nastolka.engine import Game, parse_id
from nastolka.tui.boards.base import Presenter

from .text import W


class StonesPresenter(Presenter):
    def board(self, game: Game, view: dict[str, Any], lang: str, focus: str | None = None,
              compact: bool = False) -> RenderableType:
        take = parse_id(focus).number("count") if focus else 0
        pile = view["pile"]
        text = Text(W.t("pile", lang, n=pile) + "\n")
        text.append("● " * (pile - take), style="bold")
        text.append("○ " * take, style="yellow")
        return text

    def focus_key(self, view: dict[str, Any], focus: str | None) -> object:
        return focus


PRESENTER = StonesPresenter()
