"""Every action id of «Шоу-Битва», straight from the game's own id table (``actions.PARSED``).

The game generates all its ids at import, so nothing is guessed: this module only keeps the ids that
exist at a given player count. One board (rows ``1``, ``2``) is used with 1–2 players (solo plays against
the automa on one board), two boards (rows ``A1``…``B2``) with 3–4; placement and token ids name rows, so
they are filtered by the rows of that board layout. The frozen vocabulary ``vocab/show_battle.json``
fixes the order; this list only decides which ids exist.
"""

from __future__ import annotations

from typing import Any

from nastolka.engine import parse_id
from nastolka.games.show_battle.actions import PARSED
from nastolka.games.show_battle.data import ROWS_ONE_BOARD, ROWS_TWO_BOARDS


def action_ids(players: int, options: dict[str, Any]) -> list[str]:
    rows = set(ROWS_TWO_BOARDS if players >= 3 else ROWS_ONE_BOARD)
    out = []
    for aid in PARSED:
        row = parse_id(aid).get("row")
        if row is not None and row not in rows:
            continue
        out.append(aid)
    return out
