"""The hint: what would the search bot play here, and why (visit shares and win estimates).

The same machinery as ``nastolka hint``: ISMCTS on the asking seat's information set only (worlds
resampled from what that seat knows), so a hint never peeks at another hand. It runs in a worker
thread on a clone; the answer comes up in this small window, and Enter plays the recommended move.
Offered in games at the table in front of the screen — nothing here is rated.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from nastolka.bots.ismcts import IsmctsBot, IsmctsConfig, SearchResult
from nastolka.bots.levels import search_settings
from nastolka.engine import GameState

from .i18n import tr
from .keys import localize

#: the search a hint gets: the "hard" bot's settings, about a second
HINT_LEVEL = "hard"
HINT_OVERRIDES: dict[str, Any] = {"seconds": 1.0}
#: alternatives listed under the recommendation
SHOWN = 5


def think(state: GameState, seat: int, overrides: dict[str, Any] | None = None, seed: int = 0) -> SearchResult:
    """Runs in a worker thread on a clone of the game."""
    config = IsmctsConfig(**search_settings(HINT_LEVEL, state.game, dict(overrides or HINT_OVERRIDES)))
    return IsmctsBot(state.game, seed, name="hint", config=config).analyse(state, seat)


class HintScreen(ModalScreen[str | None]):
    """Returns the recommended action id when the player presses Enter to play it, else None."""

    BINDINGS = [Binding("enter", "play", "Play it"), Binding("escape,h,q", "close", "Close")]

    def __init__(self, result: SearchResult, labels: dict[str, str], lang: str) -> None:
        super().__init__()
        self.result = result
        self.labels = labels
        self.lang = lang

    def on_mount(self) -> None:
        localize(self, self.lang)

    def compose(self) -> ComposeResult:
        lang, result = self.lang, self.result
        total = max(1, sum(s.visits for s in result.stats))
        best = next((s for s in result.stats if s.action == result.action), None)
        with Vertical(id="hint-box") as box:
            box.border_title = tr("hint_title", lang)
            box.border_subtitle = tr("hint_keys", lang)
            head = Text(tr("hint_best", lang), style="bold")
            head.append(self.labels.get(result.action, result.action), style="bold green")
            yield Static(head)
            if best is not None:
                yield Static(Text(tr("hint_why", lang, share=best.visits / total, value=best.value,
                                     n=result.iterations), style="italic"))
            table = Table(box=None, expand=True, pad_edge=False)
            table.add_column(tr("hint_move", lang), ratio=1)
            table.add_column(tr("hint_share", lang), justify="right", no_wrap=True)
            table.add_column(tr("hint_value", lang), justify="right", no_wrap=True)
            for stat in result.stats[:SHOWN]:
                style = "bold" if stat.action == result.action else ""
                table.add_row(Text(self.labels.get(stat.action, stat.action), style=style),
                              f"{stat.visits / total:.0%}", f"{stat.value:.0%}")
            yield Static(table, id="hint-table")

    def action_play(self) -> None:
        self.dismiss(self.result.action)

    def action_close(self) -> None:
        self.dismiss(None)
