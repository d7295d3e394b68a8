"""Choosing a record file: the saved games (game, players, progress, date), or any path typed in.

«Resume» lists only unfinished games; «Watch» lists finished ones first, then the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from nastolka.engine import Game

from .config import saves_dir
from .i18n import tr
from .keys import localize
from .saves import SaveInfo, listing


class OpenScreen(ModalScreen[Path | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title_key: str, lang: str, folder: Path | None = None,
                 games: Sequence[Game] = (), resume: bool = False) -> None:
        super().__init__()
        self.title_key = title_key
        self.lang = lang
        self.folder = folder or saves_dir()
        self.games = list(games)
        self.resume = resume

    def files(self) -> list[SaveInfo]:
        return listing(self.folder, self.games, finished=False if self.resume else True)

    def on_mount(self) -> None:
        localize(self, self.lang)

    def compose(self) -> ComposeResult:
        with Vertical(id="open-box") as box:
            box.border_title = tr(self.title_key, self.lang)
            box.border_subtitle = tr("close", self.lang)
            files = self.files()
            if files:
                yield OptionList(*[Option(Text(i.label(self.lang), style="" if i.record else "dim"),
                                          id=str(i.path)) for i in files], id="files")
            else:
                yield Static(tr("open_none_resume" if self.resume else "open_none", self.lang, path=self.folder))
            yield Input(placeholder=tr("open_path", self.lang), id="path")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.dismiss(Path(event.option.id))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.value.strip():
            self.dismiss(Path(event.value.strip()).expanduser())

    def action_cancel(self) -> None:
        self.dismiss(None)
