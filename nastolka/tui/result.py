"""The end of a game: final scores, places and who won, with the way back to a new game."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from .i18n import tr
from .keys import localize
from .names import seat_names
from .saves import save_and_tell
from .session import Session


class ResultScreen(ModalScreen[None]):
    """Over the game screen, so the final board stays visible around the scores."""

    BINDINGS = [
        Binding("enter,q,escape", "new_game", "New game"),
        Binding("s", "save", "Save"),
        Binding("r", "replay", "Replay"),
    ]

    def __init__(self, session: Session, lang: str) -> None:
        super().__init__()
        self.session = session
        self.lang = lang

    def on_mount(self) -> None:
        localize(self, self.lang)

    def compose(self) -> ComposeResult:
        lang = self.lang
        result = self.session.state.result()
        names = seat_names(self.session.seats, lang)
        table = Table(title=tr("game_over", lang) + " — " + self.session.game.name(lang), expand=False)
        table.add_column(tr("rank", lang), justify="right")
        table.add_column(tr("players", lang))
        table.add_column(tr("score", lang), justify="right")
        for seat in sorted(range(len(names)), key=lambda s: (result.ranks[s], s)):
            score = result.scores[seat]
            shown = str(int(score)) if float(score).is_integer() else f"{score:.2f}"
            style = "bold green" if seat in result.winners else ""
            mark = " ★" if seat in result.winners else ""
            table.add_row(str(result.ranks[seat]), Text(names[seat] + mark, style=style), shown)
        winners = ", ".join(names[s] for s in result.winners)
        with Vertical(id="result-box"):
            with Center():
                yield Static(table, id="result-table")
            with Center():
                yield Static(Text(tr("winners", lang, names=winners), style="bold"), id="winners")
            state = self.session.state
            why = state.result_lines(state.view(None), lang, names)
            if why:
                with Center():
                    yield Static(Text("\n".join(why)), id="result-why")
            yield Static(Text(tr("result_keys", lang), style="dim"), id="result-keys")
        yield Footer()

    def action_new_game(self) -> None:
        """Back to the start screen (never out of the app: that is Ctrl+Q, from anywhere)."""
        self.app.pop_screen()  # this
        self.app.pop_screen()  # the game screen, back to the start screen

    def action_save(self) -> None:
        save_and_tell(self, self.session, self.lang)

    def action_replay(self) -> None:
        from .replay import ReplayScreen

        self.app.push_screen(ReplayScreen(self.session.game, self.session.record(), self.lang))
