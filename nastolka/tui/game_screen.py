"""The game screen: everything drawn from ``view(seat)`` of the person in front of the screen.

The screen owns the turn loop of the client. A human seat's legal actions fill the action list; a bot
seat's move is computed in a worker thread on a clone of the state (so the interface keeps drawing and
the "thinking" line keeps spinning), then applied here, on the UI thread, one move at a time at the
chosen pace. When the next human is a different person the cover screen goes up first.

Why over 400 lines: a Textual screen is one class whose key bindings, worker callbacks and widget
handlers share its widgets and the session; the drawing of boards, hands, layouts and hints already lives
elsewhere (``boards/``, ``layout.py``, ``hint.py``), and what is left here is the screen's own wiring.
"""

from __future__ import annotations

import time
from functools import partial
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, RichLog, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from nastolka.bots.base import Bot
from nastolka.engine import Event, GameState, NastolkaError, visible
from nastolka.engine.words import other_lang

from .boards import present, presenter_for
from .boards.base import decision_help
from .boards.draw import height_of
from .confirm import ConfirmScreen
from .cover import CoverScreen
from .help import HelpScreen
from .hint import HintScreen, think
from .i18n import tr
from .keys import localize
from .layout import SIDE_MIN_WIDTH, Plan, plan, show_plan, side_width
from .names import seat_names
from .saves import save_and_tell
from .session import Session

#: the answers when leaving a game with unsaved moves: (answer, key, label); Esc keeps playing
LEAVE_ANSWERS = (("save", "s", "save_leave"), ("discard", "d", "leave_nosave"), ("stay", "esc", "keep_playing"))
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
PACES = (0.0, 0.2, 0.4, 0.6, 1.0, 1.5, 2.5)
#: at pace 0, bot moves are batched into one frame only while they stay this quick
BATCH_SECONDS = 0.2


class GameScreen(Screen[None]):
    BINDINGS = [
        Binding("f1,question_mark", "help", "Help", key_display="F1"),
        Binding("c", "cards", "Cards"),
        Binding("s", "save", "Save"),
        Binding("u", "undo", "Undo"),
        Binding("h", "hint", "Hint"),
        Binding("v", "toggle_side", "Board/log"),
        # the pace keys are labelled beside the pace itself, in the top line ("+ faster · - slower")
        Binding("plus,equals_sign", "faster", "Faster", key_display="+", show=False),
        Binding("minus", "slower", "Slower", key_display="-", show=False),
        Binding("l", "toggle_lang", "Language", show=False),
        Binding("q", "leave", "Leave"),
        Binding("escape", "close", show=False),
        *[Binding(str(n), f"pick({n})", show=False) for n in range(1, 10)],
    ]

    def __init__(self, session: Session, lang: str, pace: float) -> None:
        super().__init__()
        self.session = session
        self.lang = lang
        self.pace = pace
        self.presenter = presenter_for(session.game)
        humans = session.humans
        #: the seat whose view is on screen; None = nobody's (covered, or a game of bots only)
        self.shown: int | None = humans[0] if len(humans) == 1 else None
        self.thinking: int | None = None
        self._spin = 0
        self._logged = 0
        self._left = False
        self._warned = False
        #: the highlighted action: boards show where it would act
        self.focus_aid: str | None = None
        #: the human seat whose legal actions are in the list now (None: the list is empty)
        self.awaiting: int | None = None
        #: how the panels share the terminal now (``fit``), and the narrow screen's board/log toggle
        self.plan: Plan | None = None
        self.side_wanted = False
        self._cards: Any = None
        self._prompt_lines = 0
        #: the game's one line of help for the decision on screen ("" for an ordinary one)
        self.decision_line = ""
        #: the hint's search settings (tests make it a fixed number of iterations)
        self.hint_overrides: dict[str, Any] | None = None

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            yield Static(id="title")
            yield Static(id="status")
        with Horizontal(id="body"):
            with Vertical(id="main"):
                with VerticalScroll(id="board-box"):
                    yield Static(id="board")
                yield Static(id="hand")
                yield Static(id="prompt")
                yield OptionList(id="actions")
            with Vertical(id="side"):
                yield Static(id="table")
                yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        yield Footer(compact=True)

    def on_resize(self, event: events.Resize) -> None:
        self.fit()

    def on_mount(self) -> None:
        localize(self, self.lang)
        self.query_one("#board-box").border_title = tr("board", self.lang)
        self.set_interval(0.12, self._tick)
        self.rebuild_log()
        self.advance()

    # ------------------------------------------------------------------ drawing
    @property
    def state(self) -> GameState:
        return self.session.state

    def names(self) -> list[str]:
        return seat_names(self.session.seats, self.lang)

    def view(self) -> dict[str, Any]:
        return self.state.view(self.shown)

    def redraw(self) -> None:
        lang, view, names = self.lang, self.view(), self.names()
        game = self.session.game
        title = Text(game.name(lang), style="bold")
        if self.shown is not None:
            title.append(f" · {names[self.shown]}")
        self.query_one("#title", Static).update(title)
        self.query_one("#board-box").border_title = tr("board", lang)
        hand = self.query_one("#hand", Static)
        hand.border_title = tr("hand", lang) if len(self.session.humans) == 1 or self.shown is None \
            else tr("hand_of", lang, name=names[self.shown])
        self._cards = self.present("hand", view, lang) if self.shown is not None else None
        table = self.query_one("#table", Static)
        table.border_title = tr("table", lang)
        table.update(self.present("table", view, lang, names))
        self.query_one("#log").border_title = tr("log", lang)
        self.draw_actions()
        self.draw_status()
        self.fit()

    # ------------------------------------------------------------------ fitting the terminal
    def board_renderable(self, compact: bool) -> Any:
        return self.present("board", self.session.game, self.view(), self.lang, self.focus_aid, compact)

    def hand_renderable(self, compact: bool) -> Any:
        lang = self.lang
        empty = tr("hand_empty_pick" if self.decision_line else "hand_empty", lang)
        return self.presenter.hand_renderable(self._cards, lang, empty, tr("hand_hidden", lang), compact)

    def fit(self) -> None:
        """Share the screen between board, hand and moves for the terminal's size (see ``layout.plan``)."""
        if not self.is_mounted or not self.size.width:
            return
        width, height = self.size
        console = self.app.console
        boards: dict[bool, Any] = {}
        hands: dict[bool, Any] = {}

        def board_lines(compact: bool, inner: int) -> int:
            boards[compact] = self.board_renderable(compact)
            return height_of(console, boards[compact], inner)

        def hand_lines(compact: bool, inner: int) -> int:
            hands[compact] = self.hand_renderable(compact)
            return height_of(console, hands[compact], inner)

        prompt = self.query_one("#prompt", Static)
        prompt_lines = self._prompt_lines = self.prompt_lines()
        options = self.query_one("#actions", OptionList)
        p = plan(width, height, board_lines=board_lines, hand_lines=hand_lines, prompt_lines=max(1, prompt_lines),
                 actions=options.option_count, side_wanted=self.side_wanted)
        self.plan = p
        if show_plan(self, p, width, height):
            self.query_one("#board", Static).update(boards.get(p.board_compact) or
                                                    self.board_renderable(p.board_compact))
        hand = self.query_one("#hand", Static)
        hand.styles.height = p.hand_height
        hand.update(hands.get(p.hand_compact) or self.hand_renderable(p.hand_compact))
        prompt.styles.height = max(1, prompt_lines)
        options.display = p.actions_height > 0
        options.styles.height = max(p.actions_height, 0)
        self.refresh_bindings()

    def prompt_lines(self) -> int:
        """Lines "Your move — <card text>" takes at the main column's width (at most three)."""
        width = self.size.width
        main_width = width - side_width(width) if width >= SIDE_MIN_WIDTH else width
        content = self.query_one("#prompt", Static).content
        return min(3, height_of(self.app.console, content, main_width - 2)) if content else 0

    def action_toggle_side(self) -> None:
        """On a narrow screen: the players table and the log instead of the board, and back."""
        self.side_wanted = not self.side_wanted
        self.fit()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "toggle_side":
            return self.size.width < SIDE_MIN_WIDTH  # a wide screen shows both at once
        if action == "undo":
            return len(self.session.humans) == 1  # undo is for one person against bots
        return True

    def present(self, part: str, *args: Any) -> Any:
        """A part drawn by the game's presenter, or by the generic one if the game's fails (a view that
        changed under a board widget must cost a prettier picture, never the game in progress)."""
        result, error = present(self.presenter, part, *args)
        if error is not None and not self._warned:
            self._warned = True
            self.notify(f"board drawing failed ({error!r}); showing the text view", severity="warning")
        return result

    def draw_actions(self) -> None:
        options = self.query_one("#actions", OptionList)
        prompt = self.query_one("#prompt", Static)
        options.clear_options()
        seat = self.session.next_seat()
        if seat is None or self.shown is None or seat != self.shown or self.thinking is not None:
            self.decision_line = ""
            if seat is not None:
                prompt.update(Text(tr("waiting", self.lang, name=self.names()[seat]), style="dim"))
            else:
                prompt.update("")
            self.awaiting = None
            self.focus_aid = None
            return
        actions = self.state.legal_actions(seat, self.names())
        key = self.present("decision_key", self.view(), [a.id for a in actions])
        self.decision_line = decision_help(self.session.game, key, self.lang)
        self.draw_prompt(None, None)
        options.add_options(
            Option(Text(f"{i}. " if i <= 9 else "   ").append(a.label(self.lang)), id=a.id)
            for i, a in enumerate(actions, start=1)
        )
        options.highlighted = 0
        self.awaiting = seat
        if self.focused is not options:
            options.focus()

    def draw_prompt(self, view: dict[str, Any] | None, aid: str | None) -> None:
        """"Your move", and the text of the card the highlighted action uses (card texts on demand)."""
        prompt = Text(tr("actions", self.lang), style="bold")
        if self.decision_line:  # a new kind of decision: one sentence saying what is asked
            prompt.append(" — ")
            prompt.append(self.decision_line, style="bold yellow")
        if aid is not None and view is not None:
            hint = self.present("action_hint", view, aid, self.lang)
            if hint:
                prompt.append("\n" if self.decision_line else " — ")
                prompt.append(hint, style="italic")
        self.query_one("#prompt", Static).update(prompt)

    def draw_status(self) -> None:
        status = Text()
        if self.thinking is not None:
            status.append(SPINNER[self._spin % len(SPINNER)] + " ", style="bold yellow")
            status.append(tr("thinking", self.lang, name=self.names()[self.thinking]), style="yellow")
            status.append("  ")
        status.append(tr("pace", self.lang, pace=self.pace), style="dim")
        status.append(" · " + tr("pace_keys", self.lang), style="dim")
        self.query_one("#status", Static).update(status)

    def _tick(self) -> None:
        if self.thinking is not None:
            self._spin += 1
            self.draw_status()

    def event_line(self, step_seat: int, event: Event) -> Text:
        try:
            text = self.state.event_text(event, self.lang, self.names())
        except Exception:  # a game's wording bug must not end the game on screen
            text = f"{event.kind} {event.args}"
        return Text(text)

    def rebuild_log(self) -> None:
        """Redraw the log for the current viewer (hotseat: the next person must not read private events)."""
        self.query_one("#log", RichLog).clear()
        self._logged = 0
        self.extend_log()

    def extend_log(self) -> None:
        log = self.query_one("#log", RichLog)
        for step in self.session.steps[self._logged:]:
            for event in visible(step.events, self.shown):
                log.write(self.event_line(step.seat, event))
        self._logged = len(self.session.steps)

    # ------------------------------------------------------------------ the turn loop
    def advance(self) -> None:
        """Decide what happens next: result, a human's choice (maybe behind a cover), or a bot's move."""
        if self._left:
            return
        session = self.session
        if self.state.is_over:
            self.thinking = None
            self.redraw()
            self.show_result()
            return
        seat = session.next_seat()
        assert seat is not None
        if session.is_human(seat):
            if seat != self.shown:
                self.shown = None
                self.rebuild_log()
                self.redraw()
                self.app.push_screen(CoverScreen(self.names()[seat], self.lang), partial(self._reveal_seat, seat))
                return
            self.redraw()
            return
        self.start_bot(seat)

    def _reveal_seat(self, seat: int, _: object = None) -> None:
        self.shown = seat
        self.rebuild_log()
        self.redraw()

    def start_bot(self, seat: int) -> None:
        self.thinking = seat
        if self.pace > 0:
            self.redraw()  # each bot move on screen, one by one
        else:
            self.draw_actions()  # at pace 0 only the end of a run of bot moves is worth a frame
            self.draw_status()
            self.fit()
        bots = self.session.bots if self.pace <= 0 else {seat: self.session.bots[seat]}
        work = partial(_think, bots, self.state.clone(), self.state.step, self.pace)
        self.run_worker(work, thread=True, group="bot", exclusive=True, exit_on_error=False)

    # ------------------------------------------------------------------ the hint
    def action_hint(self) -> None:
        """h: the search bot's recommendation for the move on screen, with its reasons (a worker thread)."""
        seat = self.awaiting
        if seat is None or self.thinking is not None:
            self.notify(tr("hint_not_now", self.lang), severity="warning")
            return
        if self.workers and any(w.group == "hint" and not w.is_finished for w in self.workers):
            return
        self.notify(tr("hint_thinking", self.lang), timeout=3)
        work = partial(_hint, self.state.clone(), seat, self.state.step, self.hint_overrides)
        self.run_worker(work, thread=True, group="hint", exclusive=True, exit_on_error=False)

    def _hint_done(self, worker: Worker[Any]) -> None:
        if worker.state == WorkerState.ERROR:
            self.notify(tr("hint_failed", self.lang, msg=worker.error), severity="error")
            return
        if worker.result is None:
            return
        step, seat, result = worker.result
        if step != self.state.step or seat != self.awaiting:
            return  # the game moved on while the hint was thought about
        names = self.names()
        labels = {a.id: a.label(self.lang) for a in self.state.legal_actions(seat, names)}
        self.app.push_screen(HintScreen(result, labels, self.lang), partial(self._play_hint, step, seat))

    def _play_hint(self, step: int, seat: int, aid: str | None) -> None:
        if aid is not None and step == self.state.step and seat == self.awaiting:
            self.play(seat, aid)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group == "hint" and not self._left and event.state in (WorkerState.SUCCESS, WorkerState.ERROR):
            self._hint_done(worker)
            return
        if worker.group != "bot" or self._left:
            return
        if event.state == WorkerState.SUCCESS:
            if worker.result is None:
                return
            step, moves = worker.result
            if step != self.state.step or not moves or moves[0][0] != self.thinking:
                return  # the game moved on (undo, leave) while the bot was thinking
            self.thinking = None
            for seat, aid in moves:
                try:
                    self.session.apply(seat, aid)
                except NastolkaError as exc:
                    self.notify(str(exc), severity="error")
                    break
            self.extend_log()
            self.advance()
        elif event.state == WorkerState.ERROR:
            # a bot that crashes must not end the evening: say so, and play its first legal move instead
            seat, self.thinking = self.thinking, None
            self.notify(f"bot error: {worker.error!r}; it plays its first legal move", severity="error",
                        timeout=10)
            legal = self.state.legal_ids(seat) if seat is not None else []
            if seat is not None and legal:
                self.session.apply(seat, legal[0])
                self.extend_log()
            self.advance()

    def play(self, seat: int, aid: str) -> None:
        self.focus_aid = None
        try:
            self.session.apply(seat, aid)
        except NastolkaError as exc:
            self.notify(str(exc), severity="error")
            return
        self.extend_log()
        self.advance()

    def on_click(self, event: events.Click) -> None:
        """A click on the hand opens the texts of the cards (the help screen starts with them)."""
        widget = event.widget
        if widget is not None and widget.id == "hand" and self.shown is not None:
            self._open_help()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        aid = event.option.id if self.awaiting is not None else None
        if aid == self.focus_aid:
            return
        view = self.view()
        self.draw_prompt(view, aid)
        if self.prompt_lines() != self._prompt_lines:
            self.focus_aid = aid
            self.fit()  # a longer card text under "Your move" takes a line from the board or the list
            return
        before = self.present("focus_key", view, self.focus_aid)
        self.focus_aid = aid
        if self.present("focus_key", view, aid) != before and self.plan is not None:
            self.query_one("#board", Static).update(self.board_renderable(self.plan.board_compact))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        seat = self.session.next_seat()
        if seat is None or seat != self.shown or self.thinking is not None or event.option.id is None:
            return
        self.play(seat, event.option.id)

    def show_result(self) -> None:
        from .result import ResultScreen

        self.app.push_screen(ResultScreen(self.session, self.lang))

    # ------------------------------------------------------------------ keys
    def action_pick(self, number: int) -> None:
        options = self.query_one("#actions", OptionList)
        if self.awaiting is None or number > options.option_count:
            return
        options.highlighted = number - 1
        options.action_select()

    def action_help(self) -> None:
        """F1: the rules summary and the keys."""
        game, lang = self.session.game, self.lang
        rules = game.rules_summary.get(lang) or game.rules_summary.get("en", "")
        self.app.push_screen(HelpScreen(tr("help_title", lang, game=game.name(lang)), lang, rules=rules))

    def action_cards(self) -> None:
        self._open_help()

    def _open_help(self) -> None:
        """``c`` or a click on the hand: the text of every card in view (hand first)."""
        game, lang = self.session.game, self.lang
        cards = self.present("card_texts", self.view(), lang) if self.shown is not None else []
        self.app.push_screen(HelpScreen(tr("cards_title", lang, game=game.name(lang)), lang, cards=cards))

    def action_save(self) -> None:
        if save_and_tell(self, self.session, self.lang):
            self.refresh_bindings()

    def action_undo(self) -> None:
        if self.thinking is not None:
            return
        cut, why = self.session.undo_target()
        if cut is None:
            self.notify(tr("undo_no", self.lang, why=tr(why, self.lang)), severity="warning")
            return
        self.session.undo()
        self.rebuild_log()
        self.notify(tr("undone", self.lang))
        self.advance()

    def action_faster(self) -> None:
        self._set_pace(max((p for p in PACES if p < self.pace), default=PACES[0]))

    def action_slower(self) -> None:
        self._set_pace(min((p for p in PACES if p > self.pace), default=PACES[-1]))

    def _set_pace(self, pace: float) -> None:
        self.pace = pace
        setter = getattr(self.app, "set_pace", None)
        if setter is not None:
            setter(pace)
        self.draw_status()

    def action_toggle_lang(self) -> None:
        self.lang = other_lang(self.lang)
        setter = getattr(self.app, "set_lang", None)
        if setter is not None:
            setter(self.lang)
        localize(self, self.lang)
        self.rebuild_log()
        self.redraw()

    def action_leave(self) -> None:
        """Leave to the start screen; with moves not yet saved, ask first (save, leave anyway, or stay)."""
        if not self.session.unsaved:
            self.leave()
            return
        self.app.push_screen(ConfirmScreen("leave_title", "leave_text", LEAVE_ANSWERS, self.lang), self._leave_answer)

    def _leave_answer(self, answer: str | None) -> None:
        if answer == "save":
            self.action_save()
            if not self.session.unsaved:
                self.leave()
        elif answer == "discard":
            self.leave()

    def leave(self) -> None:
        self.stop_bots()
        self.dismiss(None)

    def action_close(self) -> None:
        """Esc closes the innermost thing: on a narrow screen the players/log view goes back to the board;
        it never leaves the game (that is ``q``, and it asks)."""
        if self.side_wanted:
            self.action_toggle_side()

    def stop_bots(self) -> None:
        self._left = True
        self.thinking = None
        self.workers.cancel_group(self, "bot")


def _hint(state: GameState, seat: int, step: int, overrides: dict[str, Any] | None) -> tuple[int, int, Any]:
    return step, seat, think(state, seat, overrides, seed=step)


def _think(bots: dict[int, Bot], state: GameState, step: int, pace: float) -> tuple[int, list[tuple[int, str]]]:
    """Runs in a worker thread on a clone: the bots' moves until a seat without a bot must act.

    With a pace, ``bots`` holds only the seat to move, so one move comes back and the rest of the pace is
    slept here (the interface keeps drawing). At pace 0 a whole run of bot moves comes back at once and
    is drawn as one frame.
    """
    started = time.monotonic()
    moves: list[tuple[int, str]] = []
    while not state.is_over and state.to_act and state.to_act[0] in bots:
        seat = state.to_act[0]
        aid = bots[seat].choose(state, seat)
        moves.append((seat, aid))
        state.apply(seat, aid)
        if pace > 0 or time.monotonic() - started > BATCH_SECONDS:
            break  # slow bots: show what is done so far and let the next one think visibly
    remaining = pace - (time.monotonic() - started)
    if remaining > 0:
        time.sleep(remaining)
    return step, moves
