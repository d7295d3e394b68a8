"""Helpers for «Шоу-Битва» scenario tests: positions are written as records with an explicit ``setup``."""

from __future__ import annotations

from typing import Any

from nastolka.engine import Record, replay
from nastolka.games import get
from nastolka.games.show_battle.state import ShowBattleState

GAME = get("show_battle")


def card(row: str, slot: int, name: str, owner: int = 0, orient: int = 0, face_up: bool = True,
         token: bool = False) -> dict[str, Any]:
    """One board entry of a setup block."""
    return {"row": row, "slot": slot, "card": name, "owner": owner, "orient": orient, "face_up": face_up,
            "token": token}


def record(players: int, setup: dict[str, Any], actions: list[tuple[int, str]] | None = None,
           options: dict[str, Any] | None = None) -> Record:
    return Record(game="show_battle", players=players, options=dict(options or {}), seed=0, setup=setup,
                  actions=list(actions or []), rules_version=GAME.rules_version)


def run(players: int, setup: dict[str, Any], actions: list[tuple[int, str]] | None = None,
        options: dict[str, Any] | None = None) -> ShowBattleState:
    """Replay a scenario record (every action is checked for legality) and return the final state."""
    rec = Record.loads(record(players, setup, actions, options).dumps())  # also proves it survives JSON
    state = replay(rec)
    assert isinstance(state, ShowBattleState)
    return state


def slot(state: ShowBattleState, row: str, s: int) -> dict[str, Any]:
    """A slot of the public view (spectator), 1-based."""
    for r in state.view(None)["rows"]:
        if r["name"] == row:
            return r["slots"][s - 1]
    raise KeyError(row)


def value(state: ShowBattleState, row: str, s: int) -> int:
    sl = slot(state, row, s)
    return sl["value"] if sl["face_up"] else -1


def place(card_id: str, row: str, s: int) -> str:
    return f"place:card={card_id},row={row},slot={s}"
