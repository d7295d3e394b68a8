"""The message shown instead of a game when the terminal is smaller than every board is drawn for."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Static

from .i18n import tr
from .layout import MIN_SIZE


class TooSmallScreen(ModalScreen[None]):
    """Covers whatever is under it until the terminal grows again (the app removes it then)."""

    def __init__(self, lang: str, width: int, height: int) -> None:
        super().__init__()
        self.lang = lang
        self.width, self.height = width, height

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(self.message(), id="too-small")

    def message(self) -> str:
        return tr("too_small", self.lang, w=self.width, h=self.height, min_w=MIN_SIZE[0], min_h=MIN_SIZE[1])

    def resized(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.query_one("#too-small", Static).update(self.message())
