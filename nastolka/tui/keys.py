"""Footer key labels in the player's language.

Textual reads ``BINDINGS`` once per class, in whatever language it was written in; a Russian player
should read «Справка», not "Help", at the bottom of every screen. Each screen calls :func:`localize`
after it is built and whenever the language changes.
"""

from __future__ import annotations

from dataclasses import replace

from textual.dom import DOMNode

from .i18n import tr

#: action (as written in BINDINGS) -> i18n key of its footer label
LABELS = {
    "help": "help", "cards": "card_texts", "save": "save", "undo": "undo", "leave": "leave",
    "start": "start", "resume": "resume_short", "replay": "replay_short", "toggle_lang": "toggle_lang",
    "quit_app": "quit", "new_game": "new_game", "step(1)": "forward", "step(-1)": "step_back", "back": "close_short",
    "to_start": "to_start", "hint": "hint_key", "play": "play_it",
    "close": "close_short", "cancel": "close_short", "faster": "faster", "slower": "slower",
    "toggle_side": "toggle_side",
}


def localize(node: DOMNode, lang: str) -> None:
    """Rewrite the descriptions of ``node``'s bindings for ``lang`` and let the footer redraw."""
    for key, bindings in node._bindings.key_to_bindings.items():
        node._bindings.key_to_bindings[key] = [
            replace(b, description=tr(LABELS[b.action], lang)) if b.action in LABELS and b.description else b
            for b in bindings
        ]
    node.refresh_bindings()
