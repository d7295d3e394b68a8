"""Actions: small immutable values identified by a stable string id.

The id (``fire:bandit=2``) is what records, the server and the RL adapters exchange; the labels are for
people. Games generate ids quickly (``legal_ids``) and labels only when a client asks, because bots and
simulations never read labels.
"""

from __future__ import annotations

from dataclasses import dataclass

from mypy_extensions import mypyc_attr


@mypyc_attr(native_class=False)   # frozen, pickled, compared: labels are not the hot path
@dataclass(frozen=True, slots=True)
class Action:
    id: str
    label_en: str
    label_ru: str

    def label(self, lang: str = "en") -> str:
        return self.label_ru if lang == "ru" else self.label_en

    def __str__(self) -> str:
        return self.id


def action_id(action: object) -> str:
    """Accept an :class:`Action` or its id; anything else is malformed input."""
    if isinstance(action, Action):
        return action.id
    if isinstance(action, str):
        return action
    raise TypeError(f"an action must be an action id string, not {type(action).__name__}")
