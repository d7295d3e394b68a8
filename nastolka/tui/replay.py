"""The replay viewer: steps forward and back through any record, through any seat's eyes.

Every state of the record is rebuilt once up front (clones are cheap), so stepping back is as fast as
stepping forward and the viewer never re-runs the rules while you browse.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from nastolka.engine import Event, Game, GameState, Record, visible

from .boards import present, presenter_for
from .i18n import tr
from .keys import localize
from .names import seat_names
from .session import Session


class ReplayScreen(Screen[None]):
    BINDINGS = [
        Binding("right,space,n", "step(1)", "Forward"),
        Binding("left,backspace,p", "step(-1)", "Back"),
        Binding("home", "jump(0)", "Start", show=False),
        Binding("end", "jump(-1)", "End", show=False),
        Binding("a", "eyes(-1)", "Spectator", show=False),
        *[Binding(str(n), f"eyes({n - 1})", show=False) for n in range(1, 10)],
        Binding("q,escape", "back", "Close"),
    ]

    def __init__(self, game: Game, record: Record, lang: str) -> None:
        super().__init__()
        self.game = game
        self.record = record
        self.lang = lang
        self.presenter = presenter_for(game.id)
        session = Session.from_record(game, record, ["human"] * record.players)
        self.states: list[GameState] = [s for s in session.before] + [session.state]
        self.events: list[list[Event]] = [[]] + [step.events for step in session.steps]
        self.seats = session.seats
        self.index = 0
        self.eyes: int | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Horizontal(id="body"):
            with Vertical(id="main"):
                with VerticalScroll(id="board-box"):
                    yield Static(id="board")
                yield Static(id="hand")
            with Vertical(id="side"):
                yield Static(id="table")
                yield Static(id="step-events")
        yield Footer()

    def on_mount(self) -> None:
        localize(self, self.lang)
        self.redraw()

    def redraw(self) -> None:
        lang = self.lang
        state = self.states[self.index]
        view = state.view(self.eyes)
        names = [f"{n}" for n in seat_names(self.seats, lang)]
        who = tr("spectator", lang) if self.eyes is None else names[self.eyes]
        title = Text(tr("replay_title", lang, game=self.game.name(lang)), style="bold")
        title.append("  " + tr("replay_step", lang, i=self.index, n=len(self.states) - 1))
        title.append("  " + tr("replay_view", lang, who=who))
        self.query_one("#title", Static).update(title)
        self.query_one("#board-box").border_title = tr("board", lang)
        self.query_one("#board", Static).update(present(self.presenter, "board", self.game, view, lang)[0])
        hand = self.query_one("#hand", Static)
        hand.border_title = tr("hand_of", lang, name=who)
        cards = present(self.presenter, "hand", view, lang)[0] if self.eyes is not None else None
        hand.update(self.presenter.hand_renderable(cards, lang, tr("hand_empty", lang), tr("hand_hidden", lang)))
        table = self.query_one("#table", Static)
        table.border_title = tr("table", lang)
        table.update(present(self.presenter, "table", view, lang, names)[0])
        box = self.query_one("#step-events", Static)
        box.border_title = tr("log", lang)
        box.border_subtitle = tr("replay_keys", lang)
        lines = Text()
        if self.index == 0:
            lines.append(tr("replay_start", lang), style="dim")
        for event in visible(self.events[self.index], self.eyes):
            lines.append(state.event_text(event, lang, names) + "\n")
        box.update(lines)

    def action_step(self, delta: int) -> None:
        self.index = max(0, min(len(self.states) - 1, self.index + delta))
        self.redraw()

    def action_jump(self, where: int) -> None:
        self.index = where if where >= 0 else len(self.states) - 1
        self.redraw()

    def action_eyes(self, seat: int) -> None:
        self.eyes = seat if 0 <= seat < len(self.seats) else None
        self.redraw()

    def action_back(self) -> None:
        self.dismiss(None)
