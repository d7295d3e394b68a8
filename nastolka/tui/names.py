"""What each seat is called on screen, in one place: the same names in the table, the log and the labels.

People are «Игрок 1», «Игрок 2» … (seats counted from 1), bots by their level, with distinct given names
when several sit at the table («Бот Лёва (обычный)») — from the engine's words
(:func:`nastolka.engine.words.seat_names`), so the terminal and the other clients agree.
"""

from __future__ import annotations

from collections.abc import Sequence

from nastolka.engine.words import seat_names as _seat_names

from .session import HUMAN


def seat_names(seats: Sequence[str], lang: str) -> list[str]:
    """Display names for the seats (``"human"`` or a bot level each)."""
    return _seat_names(seats, lang, human=HUMAN)
