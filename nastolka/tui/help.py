"""Help on demand: the game's rules summary, the text of every card in view, and the keys."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from .i18n import tr
from .keys import localize


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,f1,question_mark,c", "close", "Close")]

    def __init__(self, title: str, rules: str, cards: Sequence[tuple[str, str]], lang: str,
                 focus_cards: bool = False) -> None:
        super().__init__()
        self.title_text = title
        self.rules = rules
        self.cards = list(cards)
        self.lang = lang
        self.focus_cards = focus_cards

    def on_mount(self) -> None:
        localize(self, self.lang)

    def compose(self) -> ComposeResult:
        lang = self.lang
        with VerticalScroll(id="help-box") as box:
            box.border_title = self.title_text
            box.border_subtitle = tr("close", lang)
            yield Static(Text(tr("cards", lang), style="bold underline"), id="help-cards-title")
            if self.cards:
                for title, text in self.cards:
                    line = Text(title, style="bold")
                    if text:
                        line.append(" — ")
                        line.append(text, style="")
                    yield Static(line, classes="help-card")
            else:
                yield Static(tr("no_cards", lang))
            yield Static(Text(tr("rules", lang), style="bold underline"), id="help-rules-title")
            yield Static(Text(self.rules or tr("no_rules", lang)), id="help-rules")
            yield Static(Text(tr("keys", lang), style="bold underline"))
            yield Static(Text(tr("keys_text", lang)))

    def action_close(self) -> None:
        self.dismiss(None)
