"""The replay viewer: steps forward and back through any record, through any seat's eyes.

Every state of the record is rebuilt once up front (clones are cheap), so stepping back is as fast as
stepping forward and the viewer never re-runs the rules while you browse.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from nastolka.engine import Event, Game, GameState, Record, visible

from .boards import present, presenter_for
from .boards.draw import height_of
from .i18n import tr
from .keys import localize
from .layout import SIDE_MIN_WIDTH, plan, show_plan
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
        Binding("v", "toggle_side", "Board/log"),
        Binding("q,escape", "back", "Close"),
    ]

    def __init__(self, game: Game, record: Record, lang: str) -> None:
        super().__init__()
        self.game = game
        self.record = record
        self.lang = lang
        self.presenter = presenter_for(game)
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
                yield Static(id="step-line")  # a narrow screen: this step's events under the board
            with Vertical(id="side"):
                yield Static(id="table")
                yield Static(id="step-events")
        yield Footer()

    side_wanted = False
    _view: dict[str, object] | None = None

    def on_mount(self) -> None:
        localize(self, self.lang)
        self.redraw()

    def on_resize(self, event: events.Resize) -> None:
        self.fit()

    def action_toggle_side(self) -> None:
        self.side_wanted = not self.side_wanted
        self.fit()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.size.width < SIDE_MIN_WIDTH if action == "toggle_side" else True

    def fit(self) -> None:
        """The game screen's rule (``layout.plan``): the board keeps its room at every size."""
        if not self.is_mounted or not self.size.width or self._view is None:
            return
        width, height = self.size
        console, view, lang = self.app.console, self._view, self.lang
        cards = present(self.presenter, "hand", view, lang)[0] if self.eyes is not None else None
        boards: dict[bool, object] = {}
        hands: dict[bool, object] = {}

        def board_lines(compact: bool, inner: int) -> int:
            boards[compact] = present(self.presenter, "board", self.game, view, lang, None, compact)[0]
            return height_of(console, boards[compact], inner)

        def hand_lines(compact: bool, inner: int) -> int:
            hands[compact] = self.presenter.hand_renderable(cards, lang, tr("hand_empty", lang),
                                                            tr("hand_hidden", lang), compact)
            return height_of(console, hands[compact], inner)

        narrow = width < SIDE_MIN_WIDTH
        line = self.query_one("#step-line", Static)
        line.display = narrow and not self.side_wanted
        step_lines = min(3, height_of(console, line.content, width - 2)) if line.display else 0
        p = plan(width, height, board_lines=board_lines, hand_lines=hand_lines, prompt_lines=step_lines,
                 actions=0, side_wanted=self.side_wanted)
        if show_plan(self, p, width, height):
            if p.board_compact not in boards:
                board_lines(p.board_compact, 10)
            self.query_one("#board", Static).update(boards[p.board_compact])  # type: ignore[arg-type]
        hand = self.query_one("#hand", Static)
        hand.styles.height = p.hand_height
        if p.hand_compact not in hands:
            hand_lines(p.hand_compact, 10)
        hand.update(hands[p.hand_compact])  # type: ignore[arg-type]
        line.styles.height = max(step_lines, 0)
        self.refresh_bindings()

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
        self.query_one("#hand", Static).border_title = tr("hand_of", lang, name=who)
        self._view = view
        table = self.query_one("#table", Static)
        table.border_title = tr("table", lang)
        table.update(present(self.presenter, "table", view, lang, names)[0])
        box = self.query_one("#step-events", Static)
        box.border_title = tr("log", lang)
        box.border_subtitle = tr("replay_keys", lang)
        lines = Text()
        if self.index == 0:
            lines.append(tr("replay_start", lang), style="dim")
        texts = [state.event_text(event, lang, names) for event in visible(self.events[self.index], self.eyes)]
        for text in texts:
            lines.append(text + "\n")
        box.update(lines)
        step_line = Text(tr("replay_start", lang) if self.index == 0 else " · ".join(texts), style="italic")
        self.query_one("#step-line", Static).update(step_line)
        self.fit()

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
