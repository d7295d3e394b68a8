"""What each seat is called on screen ("You", "Player #1", "Bot #2 (random)"), in one place.

Seats are numbered from 0 with a ``#``, as the games' own logs number them ("Player #1 plays Fire"), so
the log and the table of players always agree on who is who.
"""

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
            names.append(tr("you", lang, n=seat) if humans == 1 else tr("player_n", lang, n=seat))
        else:
            names.append(tr("bot_n", lang, name=kind, n=seat))
    return names
