"""The start screen: which game, how many players, who sits where, the game's options, the language.

Everything the screen shows is drawn from a small model (:class:`Choice`); a change that alters the shape
of the form (another game, another player count, another language) updates the model and recomposes, so
the widgets can never disagree with what will be started.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from nastolka.bots import bot_names
from nastolka.engine import Game, NastolkaError, Option
from nastolka.engine.words import bot_name, other_lang

from .i18n import tr
from .keys import localize
from .session import HUMAN

BOT_PREFERENCE = ("normal", "easy", "heuristic", "random")
#: the game a newcomer sees first: the shortest to learn
FIRST_GAME = "show_battle"
#: bot names in the seat list, easiest first; any other bot a game brings follows
LADDER = ("random", "easy", "normal", "hard", "expert", "heuristic")


def ordered_bots(game: Game) -> list[str]:
    names = bot_names(game)
    return [n for n in LADDER if n in names] + [n for n in names if n not in LADDER]


def default_bot(game: Game) -> str:
    names = bot_names(game)
    return next((n for n in BOT_PREFERENCE if n in names), names[0] if names else HUMAN)


def option_help(option: Option, lang: str) -> str:
    return option.help(lang)


@dataclass
class Choice:
    """What the start screen will start."""

    game_id: str
    players: int
    seats: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    seed: str = ""

    @classmethod
    def default(cls, game: Game, seed: str = "") -> Choice:
        players = min(max(2, game.min_players), game.max_players)
        seats = [HUMAN] + [default_bot(game)] * (players - 1)
        return cls(game.id, players, seats, dict(game.options.defaults()), seed)

    def resize(self, game: Game, players: int) -> None:
        bot = default_bot(game)
        self.players = players
        self.seats = (self.seats + [bot] * players)[:players]
        for option in game.options.options:  # a hidden option goes back to its default
            if not option.applies_to(players):
                self.options[option.name] = option.default


class StartScreen(Screen[None]):
    BINDINGS = [
        Binding("ctrl+s", "start", "Start"),
        Binding("ctrl+r", "resume", "Resume"),
        Binding("ctrl+o", "replay", "Replay"),
        Binding("ctrl+l", "toggle_lang", "Language"),
        Binding("ctrl+q", "quit_app", "Quit"),
    ]

    def __init__(self, games: list[Game], lang: str, seed: int | None = None) -> None:
        super().__init__()
        self.games = {g.id: g for g in games}
        self.lang = lang
        first = next((g for g in games if g.id == FIRST_GAME), games[0] if games else None)
        self.choice = Choice.default(first, "" if seed is None else str(seed)) if first else None

    @property
    def game(self) -> Game:
        assert self.choice is not None
        return self.games[self.choice.game_id]

    # ------------------------------------------------------------------ layout
    def on_mount(self) -> None:
        localize(self, self.lang)
        # a newcomer's first key: Enter starts the default game (Show Battle against a bot)
        start = self.query("#start")
        if start:
            start.first().focus()

    def compose(self) -> ComposeResult:
        lang = self.lang
        yield Static(Text(tr("app_title", lang), style="bold"), id="title")
        with VerticalScroll(id="start-form"):
            with Horizontal(classes="row"):
                yield Label(tr("language", lang), classes="field")
                yield Select([("Русский", "ru"), ("English", "en")], value=lang, allow_blank=False,
                             id="lang", classes="value")
            if self.choice is None:
                yield Static(tr("no_games", lang))
            else:
                yield from self.compose_game()
            with Horizontal(id="buttons"):
                if self.choice is not None:
                    yield Button(tr("start", lang), id="start", variant="primary")
                yield Button(tr("resume", lang), id="resume")
                yield Button(tr("replay", lang), id="replay")
                yield Button(tr("quit", lang), id="quit", variant="error")
        yield Footer()

    def compose_game(self) -> ComposeResult:
        lang, choice, game = self.lang, self.choice, self.game
        assert choice is not None
        with Horizontal(classes="row"):
            yield Label(tr("game", lang), classes="field")
            yield Select([(g.name(lang), g.id) for g in self.games.values()], value=game.id,
                         allow_blank=False, id="game", classes="value")
        about = game.description(lang)
        if about:
            yield Static(Text(about, style="italic"), id="about")
        with Horizontal(classes="row"):
            yield Label(tr("players", lang), classes="field")
            yield Select([(str(n), n) for n in range(game.min_players, game.max_players + 1)],
                         value=choice.players, allow_blank=False, id="players", classes="value")
        kinds = [(tr("human", lang), HUMAN)] + [(bot_name(n, lang), n) for n in ordered_bots(game)]
        for seat, kind in enumerate(choice.seats):
            with Horizontal(classes="row"):
                yield Label(tr("seat", lang, n=seat + 1), classes="field")
                yield Select(kinds, value=kind, allow_blank=False, id=f"seat-{seat}", classes="value")
        with Vertical(id="options") as box:
            box.border_title = tr("options", lang)
            shown = [o for o in game.options.options if o.applies_to(choice.players)]
            if not shown:
                yield Static(tr("no_options", lang), classes="dim")
            for option in shown:  # a solo-only option is not offered to two players
                yield from self.compose_option(option)
        with Horizontal(classes="row"):
            yield Label(tr("seed", lang), classes="field")
            yield Input(choice.seed, type="integer", id="seed", classes="value")

    def compose_option(self, option: Option) -> ComposeResult:
        assert self.choice is not None
        value = self.choice.options.get(option.name, option.default)
        label = option_help(option, self.lang)
        wid = f"opt-{option.name}"
        if option.kind == "bool":
            yield Checkbox(label, value=bool(value), id=wid)
            return
        with Horizontal(classes="row"):
            yield Label(label, classes="field")
            if option.kind in ("int", "choice") and option.choices:
                labels = [(self.game.choice_label(option.name, c, self.lang), c) for c in option.choices]
                yield Select(labels, value=value, allow_blank=False,
                             id=wid, classes="value")
            elif (option.kind == "int" and option.minimum is not None and option.maximum is not None
                  and option.maximum - option.minimum <= 40):
                yield Select([(str(c), c) for c in range(option.minimum, option.maximum + 1)], value=value,
                             allow_blank=False, id=wid, classes="value")
            else:
                text = ",".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)
                yield Input(text, id=wid, classes="value")

    # ------------------------------------------------------------------ changes
    async def on_select_changed(self, event: Select.Changed) -> None:
        wid, value = event.select.id or "", event.value
        if value is Select.BLANK:
            return
        if wid == "lang":
            if value != self.lang:
                self.lang = str(value)
                setter = getattr(self.app, "set_lang", None)
                if setter is not None:
                    setter(self.lang)
                await self.recompose()
                localize(self, self.lang)
            return
        choice = self.choice
        if choice is None:
            return
        if wid == "game" and value != choice.game_id:
            self.choice = Choice.default(self.games[str(value)], choice.seed)
            await self.recompose()
        elif wid == "players" and value != choice.players:
            choice.resize(self.game, int(str(value)))
            await self.recompose()
        elif wid.startswith("seat-"):
            choice.seats[int(wid[5:])] = str(value)
        elif wid.startswith("opt-"):
            choice.options[wid[4:]] = value

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        wid = event.checkbox.id or ""
        if self.choice is not None and wid.startswith("opt-"):
            self.choice.options[wid[4:]] = event.value

    def on_input_changed(self, event: Input.Changed) -> None:
        wid = event.input.id or ""
        if self.choice is None:
            return
        if wid == "seed":
            self.choice.seed = event.value
        elif wid.startswith("opt-"):
            self.choice.options[wid[4:]] = event.value

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {"start": self.action_start, "resume": self.action_resume, "replay": self.action_replay,
                   "quit": self.action_quit_app}
        action = actions.get(event.button.id or "")
        if action is not None:
            action()

    # ------------------------------------------------------------------ actions
    def action_start(self) -> None:
        if self.choice is None:
            return
        choice = self.choice
        seed = int(choice.seed) if choice.seed.strip().lstrip("-").isdigit() else secrets.randbelow(10**9)
        from .session import Session

        try:
            session = Session.new(self.game, choice.seats, choice.options, seed=seed)
        except NastolkaError as exc:
            self.notify(tr("bad_option", self.lang, msg=exc), severity="error", timeout=8)
            return
        self.app.start_session(session)  # type: ignore[attr-defined]

    def action_resume(self) -> None:
        from .open_screen import OpenScreen

        self.app.push_screen(OpenScreen("open_title_resume", self.lang, games=list(self.games.values()),
                                        resume=True), self._resume)

    def action_replay(self) -> None:
        from .open_screen import OpenScreen

        self.app.push_screen(OpenScreen("open_title_replay", self.lang, games=list(self.games.values())),
                             self._replay)

    def _resume(self, path: Path | None) -> None:
        if path is not None:
            self.app.open_record(path, replay=False)  # type: ignore[attr-defined]

    def _replay(self, path: Path | None) -> None:
        if path is not None:
            self.app.open_record(path, replay=True)  # type: ignore[attr-defined]

    async def action_toggle_lang(self) -> None:
        self.lang = other_lang(self.lang)
        setter = getattr(self.app, "set_lang", None)
        if setter is not None:
            setter(self.lang)
        await self.recompose()
        localize(self, self.lang)

    async def action_quit_app(self) -> None:
        await self.app.action_quit()
