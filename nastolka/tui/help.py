"""Help on demand: F1 shows the game's rules summary and the keys; ``c`` shows the text of every card in view.

Two screens rather than one long one: a player who asks "what does this card do?" should not scroll
past the rules, and one who asks "how do I play?" should not scroll past sixteen cards.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from .i18n import tr
from .keys import localize

#: (keys, i18n key of what they do) on the game screen, in the order a newcomer needs them
GAME_KEYS = (
    ("↑ ↓ Enter", "kh_move"), ("1–9", "kh_digits"), ("F1 ?", "kh_help"), ("c", "kh_cards"),
    ("h", "kh_hint"), ("s", "kh_save"), ("u", "kh_undo"), ("+ -", "kh_pace"), ("v", "kh_view"),
    ("l", "kh_lang"), ("Esc", "kh_esc"), ("q", "kh_leave"), ("Ctrl+Q", "kh_quit"),
)


def reflow(text: str) -> str:
    """Join the hard line breaks inside paragraphs (texts written at 100 columns) so they wrap at the
    screen's width; blank lines and lines starting a list item ("1)", "-", "•") still break."""
    out = re.sub(r"\n(?!\n|\s*(?:\d+\)|[-•]))", " ", text.strip())
    return re.sub(r" {2,}", " ", out)


def keys_table(lang: str) -> Table:
    table = Table(box=None, show_header=False, pad_edge=False, expand=True)
    table.add_column(style="bold", no_wrap=True)
    table.add_column(ratio=1)
    for keys, what in GAME_KEYS:
        table.add_row(keys, tr(what, lang))
    return table


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,f1,question_mark,c", "close", "Close")]

    def __init__(self, title: str, lang: str, *, rules: str | None = None,
                 cards: Sequence[tuple[str, str]] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.rules = rules
        self.cards = None if cards is None else list(cards)
        self.lang = lang

    def on_mount(self) -> None:
        localize(self, self.lang)

    def compose(self) -> ComposeResult:
        lang = self.lang
        with VerticalScroll(id="help-box") as box:
            box.border_title = self.title_text
            box.border_subtitle = tr("close", lang)
            if self.cards is not None:
                if self.cards:
                    for title, text in self.cards:
                        line = Text(title, style="bold")
                        if text:
                            line.append(" — ")
                            line.append(reflow(text), style="")
                        yield Static(line, classes="help-card")
                else:
                    yield Static(tr("no_cards", lang))
            if self.rules is not None:
                yield Static(Text(tr("rules", lang), style="bold underline"), id="help-rules-title")
                yield Static(Text(reflow(self.rules) or tr("no_rules", lang)), id="help-rules")
                yield Static(Text(tr("keys", lang), style="bold underline"), id="help-keys-title")
                yield Static(keys_table(lang), id="help-keys")

    def action_close(self) -> None:
        self.dismiss(None)
