"""The Textual application behind ``make play``: screens, settings and the way between them."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from textual import events
from textual.app import App
from textual.driver import Driver
from textual.drivers.linux_driver import LinuxDriver

from nastolka.engine import Game, NastolkaError, Record

from .config import Settings, saves_dir
from .confirm import ConfirmScreen
from .game_screen import GameScreen
from .hangup import HangupDriver, TerminalGone
from .i18n import tr
from .keys import localize
from .layout import too_small
from .replay import ReplayScreen
from .session import Session
from .small import TooSmallScreen
from .start import StartScreen

QUIT_ANSWERS = (("save", "s", "save_quit"), ("discard", "d", "quit_nosave"), ("stay", "esc", "keep_playing"))


class NastolkaApp(App[None]):
    """``games`` defaults to every registered game; tests pass their own, a fixed seed and pace 0."""

    CSS_PATH = "nastolka.tcss"
    TITLE = "nastolka"
    #: the footer's room is for the game's keys; everything the palette offers has its own key
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, games: Sequence[Game] | None = None, *, lang: str | None = None,
                 pace: float | None = None, seed: int | None = None, settings_path: Path | None = None,
                 remember: bool = True, open_path: Path | None = None, replay: bool = False) -> None:
        super().__init__()
        if games is None:
            from nastolka.games import all_games

            games = all_games()
        self.games = list(games)
        self.settings_path = settings_path
        self.remember = remember
        self.settings = Settings.load(settings_path)
        if lang in ("ru", "en"):
            self.settings.lang = lang
        if pace is not None:
            self.settings.pace = pace
        self.seed = seed
        self._open_path = open_path
        self._open_replay = replay

    @property
    def lang(self) -> str:
        return self.settings.lang

    def get_driver_class(self) -> type[Driver]:
        """Textual's Linux (and macOS) driver, made to leave when the terminal does (see hangup.py); a
        driver named in TEXTUAL_DRIVER is left as it is (the tests' headless one is not chosen here)."""
        driver = super().get_driver_class()
        return HangupDriver if driver is LinuxDriver else driver

    def on_mount(self) -> None:
        self.push_screen(StartScreen(self.games, self.lang, self.seed))
        if self._open_path is not None:
            self.open_record(self._open_path, replay=self._open_replay)
        self.check_size(self.size.width, self.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def check_size(self, width: int, height: int) -> None:
        """Below the minimum size, a message covers the screen instead of a board nobody can read."""
        small = next((s for s in self.screen_stack if isinstance(s, TooSmallScreen)), None)
        if too_small(width, height):
            if small is None:
                self.push_screen(TooSmallScreen(self.lang, width, height))
            else:
                small.resized(width, height)
        elif small is not None:
            if self.screen is small:
                self.pop_screen()
            else:
                small.dismiss(None)

    # ------------------------------------------------------------------ settings
    def set_lang(self, lang: str) -> None:
        self.settings.lang = lang
        self._save_settings()

    def set_pace(self, pace: float) -> None:
        self.settings.pace = pace
        self._save_settings()

    def _save_settings(self) -> None:
        if self.remember:
            self.settings.save(self.settings_path)

    async def action_quit(self) -> None:
        """Ctrl+Q from anywhere: with a game's moves unsaved, ask first (save and quit, quit, or stay)."""
        game = next((s for s in self.screen_stack if isinstance(s, GameScreen) and s.session.unsaved), None)
        if game is None or any(isinstance(s, ConfirmScreen) for s in self.screen_stack):
            self.exit()
            return

        def answer(choice: str | None) -> None:
            if choice == "save":
                game.action_save()
                if not game.session.unsaved:
                    self.exit()
            elif choice == "discard":
                self.exit()

        self.push_screen(ConfirmScreen("quit_title", "leave_text", QUIT_ANSWERS, self.lang), answer)

    def on_terminal_gone(self, _: TerminalGone) -> None:
        """The terminal closed (or SIGHUP/SIGTERM came): keep the game as a quit with "save" would, then
        leave at once (hangup.py says why not through Textual's exit). Nobody is left to answer a question
        or read a failure, so a save that fails is given up."""
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen) and screen.session.unsaved:
                try:
                    screen.session.save()
                except (OSError, NastolkaError):
                    pass
        if isinstance(self._driver, HangupDriver):
            self._driver.leave()
        self.exit()

    # ------------------------------------------------------------------ screens
    def start_session(self, session: Session) -> GameScreen:
        screen = GameScreen(session, self.lang, self.settings.pace)
        self.push_screen(screen, self._back_to_start)
        return screen

    def _back_to_start(self, _: object = None) -> None:
        start = self.screen
        if isinstance(start, StartScreen) and start.lang != self.lang:
            start.lang = self.lang
            start.refresh(recompose=True)
            localize(start, self.lang)

    def open_record(self, path: Path, *, replay: bool) -> None:
        """Resume (or watch) the game in a record file; a bad file is a message, never a crash."""
        try:
            record = Record.load(path)
            game = next((g for g in self.games if g.id == record.game), None)
            if game is None:
                raise NastolkaError(f"the game {record.game!r} is not installed")
            if replay:
                self.push_screen(ReplayScreen(game, record, self.lang))
            else:
                session = Session.from_record(game, record)
                if path.resolve().parent == saves_dir().resolve():
                    # a saved game continues in its own file: one game, one entry in «Resume»
                    session.save_path, session.saved_steps = path, len(session.steps)
                self.start_session(session)
        except NastolkaError as exc:
            self.notify(tr("open_error", self.lang, msg=exc), severity="error", timeout=10)
