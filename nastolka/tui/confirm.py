"""A small question over the current screen: "Leave the game?" with its answers as buttons and keys.

Used wherever one key could otherwise lose a game in progress (leaving it, quitting the app). Esc always
means the harmless answer — keep playing — because Esc closes the innermost thing and nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from .i18n import tr


class ConfirmScreen(ModalScreen[str | None]):
    """``answers`` are (answer id, key, i18n label key); the screen returns the chosen id, None on Esc."""

    BINDINGS = [Binding("escape", "answer('')", show=False)]

    def __init__(self, title_key: str, text_key: str, answers: Sequence[tuple[str, str, str]], lang: str) -> None:
        super().__init__()
        self.title_key, self.text_key = title_key, text_key
        self.answers = list(answers)
        self.lang = lang
        for answer, key, _ in self.answers:
            if key != "esc":
                self._bindings.bind(key, f"answer('{answer}')", show=False)

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="confirm-box") as box:
            box.border_title = tr(self.title_key, lang)
            box.border_subtitle = tr("esc_cancel", lang)
            yield Static(Text(tr(self.text_key, lang)), id="confirm-text")
            with Vertical(id="confirm-buttons"):
                for i, (answer, key, label) in enumerate(self.answers):
                    yield Button(Text(f"{tr(label, lang)} ({key.capitalize() if key == 'esc' else key})"),
                                 id=f"answer-{answer}",
                                 variant="primary" if i == 0 else "default")

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_answer((event.button.id or "")[len("answer-"):])

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer or None)
