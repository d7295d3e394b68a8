"""Scenario helpers: every rules scenario is a record with an explicit ``setup`` that is replayed."""

from __future__ import annotations

from typing import Any

from nastolka.engine import Record, replay
from nastolka.games.colt_express import GAME
from nastolka.games.colt_express import data as D
from nastolka.games.colt_express.state import ColtState

EMPTY = {"purses": [], "jewels": 0, "strongboxes": 0}


def record(players: int, setup: dict[str, Any], actions: list[tuple[int, str]] | None = None,
           options: dict[str, Any] | None = None, seed: int = 0) -> Record:
    return Record(game=GAME.id, players=players, options=dict(options or {}), seed=seed, setup=setup,
                  actions=list(actions or []), rules_version=GAME.rules_version)


def run(players: int, setup: dict[str, Any], actions: list[tuple[int, str]] | None = None,
        options: dict[str, Any] | None = None, seed: int = 0) -> ColtState:
    """Replay the scenario record (full legality checks) and return the state it reaches."""
    rec = record(players, setup, actions, options, seed)
    state = replay(rec, verify_result=False)
    assert isinstance(state, ColtState)
    return state


def empty_train(cars: int) -> list[dict[str, Any]]:
    return [dict(EMPTY) for _ in range(cars + 1)]


def where(state: ColtState, bandit: str) -> tuple[int, str]:
    b = [state.bname(x) for x in range(state.bandit_count)].index(bandit)
    p = state.pos[b]
    return p >> 1, ("inside", "roof")[p & 1]


def slot(state: ColtState, bandit: str) -> int:
    return [state.bname(x) for x in range(state.bandit_count)].index(bandit)


def loot_of(state: ColtState, bandit: str) -> dict[str, Any]:
    return next(b for b in state.view(None)["bandits"] if b["id"] == bandit)


def received(state: ColtState, seat: int) -> list[str]:
    """Names of the bullet cards in a seat's deck, top first."""
    return [state.names[c] for c in reversed(state.deck[seat]) if c >= 40]


#: a scenario's setup: the first ``players`` bandits in their own cars, an empty train, round 1 in tunnels
def base(players: int, **kw: Any) -> dict[str, Any]:
    bandits = ["cheyenne", "doc", "tuco", "belle", "django", "ghost"][:players]
    cars = list(D.CAR_IDS[:players])
    setup: dict[str, Any] = {"bandits": bandits, "cars": cars, "first": 0, "rounds": ["tunnels"],
                             "loot": empty_train(players), "held": [dict(EMPTY) for _ in bandits]}
    setup.update(kw)
    return setup


def setup2(**kw: Any) -> dict[str, Any]:
    """Seat 0: Ghost + Doc; seat 1: Tuco + Belle; cars 1..3."""
    setup: dict[str, Any] = {
        "bandits": ["ghost", "doc", "tuco", "belle"], "cars": ["baggage", "mail", "dining"], "first": 0,
        "rounds": ["braking"], "loot": empty_train(3), "held": [dict(EMPTY) for _ in range(4)],
        "positions": [[3, "inside"], [2, "inside"], [3, "roof"], [2, "roof"]],
    }
    setup.update(kw)
    return setup
