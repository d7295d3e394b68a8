"""What each seat is called on screen ("You", "Player 2", "random (bot 3)"), in one place."""

from __future__ import annotations

from collections.abc import Sequence

from .i18n import tr
from .session import HUMAN


def seat_names(seats: Sequence[str], lang: str) -> list[str]:
    """Seat labels; a lone human is "You", several humans are numbered players (hotseat)."""
    humans = sum(1 for kind in seats if kind == HUMAN)
    names = []
    for seat, kind in enumerate(seats):
        if kind == HUMAN:
            names.append(tr("you", lang) if humans == 1 else tr("player_n", lang, n=seat + 1))
        else:
            names.append(tr("bot_n", lang, name=kind, n=seat + 1))
    return names
