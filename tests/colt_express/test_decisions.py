"""Tests for the Colt Express decisions in docs/decisions.md that other files do not already cover."""

from __future__ import annotations

from typing import Any

from nastolka.games.colt_express import GAME

from .helpers import EMPTY, empty_train, run


def base(players: int, **kw: Any) -> dict[str, Any]:
    nb = 4 if players == 2 else players
    bandits = ["cheyenne", "doc", "tuco", "belle", "django", "ghost"][:nb]
    setup: dict[str, Any] = {"bandits": bandits, "cars": ["baggage", "mail", "dining"][:max(players, 3)],
                             "first": 0, "rounds": ["tunnels"], "loot": empty_train(3),
                             "held": [dict(EMPTY) for _ in bandits], "pile": []}
    setup.update(kw)
    return setup


def test_CE_7_hostage_pays_each_bandit_of_a_two_player_seat() -> None:
    s = run(2, base(2, rounds=["hostage_conductor"], marshal=2,
                    positions=[[0, "roof"], [0, "inside"], [1, "roof"], [3, "roof"]]))
    assert s.bonus == [500, 0]


def test_CE_12_starting_purses_are_public_setup_purses_known_to_owner_only() -> None:
    s = GAME.new(3, seed=1)
    assert all(b["purses"] == [250] for b in s.view(None)["bandits"])
    s = run(3, base(3, held=[{"purses": [400]}, dict(EMPTY), dict(EMPTY)], pile=[[1, "move"], [2, "move"]],
                    positions=[[1, "roof"], [2, "inside"], [1, "inside"]], marshal=3))
    assert not s.is_over
    assert s.view(0)["bandits"][0]["purses"] == [400] and s.view(1)["bandits"][0]["purses"] == [None]


def test_CE_7_revenge_purse_value_stays_hidden_from_the_others() -> None:
    held = [{"purses": [450, 300]}, dict(EMPTY), dict(EMPTY)]
    s = run(3, base(3, rounds=["marshals_revenge", "tunnels"], held=held, marshal=1,
                    positions=[[1, "roof"], [2, "roof"], [3, "roof"]]))
    assert not s.is_over
    assert s.view(0)["bandits"][0]["purses"] == [450]
    assert s.view(1)["bandits"][0]["purses"] == [None] and s.view(1)["removed_purses"] == 1


def test_CE_6_single_option_cards_resolve_without_a_decision() -> None:
    s = run(3, base(3, positions=[[3, "inside"], [1, "roof"], [2, "roof"]], pile=[[0, "move"], [1, "floor"]],
                    marshal=0))
    assert s.is_over and s.history() == []


def test_CE_3_pass_when_nothing_can_be_played_or_drawn() -> None:
    setup = base(3, hands=[["bullet:neutral"], ["move"], ["move"]], decks=[[], ["rob"], ["rob"]])
    del setup["pile"]
    s = run(3, setup, [(0, "pass")])
    assert s.actor == 1
