"""The hotseat cover: a full screen between two people so the next one never sees the last one's hand."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from .i18n import tr


class CoverScreen(Screen[None]):
    """Opaque on purpose: it replaces the game screen rather than floating over it."""

    def __init__(self, name: str, lang: str) -> None:
        super().__init__()
        self.player_name = name
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(tr("cover_title", self.lang, name=self.player_name), id="cover-title")
        with Center():
            yield Static(tr("cover_text", self.lang, name=self.player_name), id="cover-text")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.dismiss(None)
