"""Edge cases of CE-5, CE-6 and CE-8 not covered by test_actions.py.

Scenarios are records with an explicit ``setup`` starting round 1 at Stealin' (``pile``), replayed by
``run`` with full legality checks.
"""

from __future__ import annotations

from typing import Any

import pytest

from nastolka.engine import OptionError, RecordError

from .helpers import EMPTY, empty_train, loot_of, received, run, where


def setup_k(bandits: list[str], positions: list[list[Any]], pile: list[list[Any]], **kw: Any) -> dict[str, Any]:
    """One bandit per seat, a train of len(bandits) cars behind the Locomotive, empty loot, no event."""
    cars = ["baggage", "mail", "dining", "saloon", "first_class", "second_class"][:len(bandits)]
    setup: dict[str, Any] = {
        "bandits": bandits, "cars": cars, "first": 0, "rounds": ["tunnels"], "loot": empty_train(len(cars)),
        "held": [dict(EMPTY) for _ in bandits], "positions": positions, "pile": pile,
    }
    setup.update(kw)
    return setup


# ----------------------------------------------------------------------------- Move
def test_CE_6_roof_move_from_the_locomotive_only_backwards_one_to_three() -> None:
    s = run(4, setup_k(["ghost", "doc", "tuco", "belle"], [[0, "roof"], [1, "inside"], [2, "inside"],
                                                           [3, "inside"]], [[0, "move"]], marshal=4))
    assert s.legal_ids(0) == ["move:car=1", "move:car=2", "move:car=3"]


def test_CE_6_roof_move_is_cut_at_the_caboose() -> None:
    s = run(4, setup_k(["ghost", "doc", "tuco", "belle"], [[3, "roof"], [1, "inside"], [2, "inside"],
                                                           [3, "inside"]], [[0, "move"]]))
    assert s.legal_ids(0) == ["move:car=0", "move:car=1", "move:car=2", "move:car=4"]


def test_CE_6_move_inside_from_the_locomotive_has_one_way() -> None:
    """Only car 1 is adjacent: the mandatory move resolves by itself."""
    s = run(3, setup_k(["ghost", "doc", "tuco"], [[0, "inside"], [2, "inside"], [3, "roof"]], [[0, "move"]],
                       marshal=3))
    assert s.is_over and where(s, "ghost") == (1, "inside")


def test_CE_6_move_inside_into_the_marshals_car_flees_up_with_a_bullet() -> None:
    s = run(3, setup_k(["ghost", "doc", "tuco"], [[2, "inside"], [3, "roof"], [3, "roof"]], [[0, "move"]],
                       marshal=1), [(0, "move:car=1")])
    assert where(s, "ghost") == (1, "roof") and received(s, 0) == ["bullet:neutral"] and s.neutral == 12


def test_CE_6_roof_move_over_the_marshal_is_safe() -> None:
    s = run(3, setup_k(["ghost", "doc", "tuco"], [[3, "roof"], [2, "inside"], [3, "inside"]], [[0, "move"]],
                       marshal=1), [(0, "move:car=1")])
    assert where(s, "ghost") == (1, "roof") and received(s, 0) == []


# ----------------------------------------------------------------------------- Marshal
def test_CE_6_marshal_card_from_the_caboose_only_forwards_and_the_rule_on_arrival() -> None:
    s = run(3, setup_k(["ghost", "doc", "tuco"], [[1, "inside"], [2, "inside"], [2, "roof"]], [[0, "marshal"]],
                       marshal=3))
    assert s.is_over and s.marshal == 2
    assert where(s, "doc") == (2, "roof") and received(s, 1) == ["bullet:neutral"]
    assert where(s, "tuco") == (2, "roof") and received(s, 2) == []       # already on the roof: untouched
    assert where(s, "ghost") == (1, "inside")


def test_CE_6_marshal_rule_with_an_empty_neutral_supply_still_sends_the_bandit_up() -> None:
    s = run(3, setup_k(["ghost", "doc", "tuco"], [[1, "inside"], [1, "inside"], [3, "roof"]], [[0, "punch"]],
                       neutral=0), [(0, "punch:target=doc,loot=none,car=0")])
    assert where(s, "doc") == (0, "roof") and received(s, 1) == [] and s.neutral == 0


# ----------------------------------------------------------------------------- Fire
def test_CE_6_roof_fire_is_not_blocked_by_a_bandit_inside_between() -> None:
    s = run(3, setup_k(["ghost", "doc", "tuco"], [[3, "roof"], [2, "inside"], [1, "roof"]], [[0, "fire"]]))
    assert received(s, 2) == ["bullet:ghost"] and received(s, 1) == []


def test_CE_6_roof_fire_nearest_occupied_roof_in_each_direction() -> None:
    s = run(5, setup_k(["ghost", "doc", "tuco", "cheyenne", "django"],
                       [[2, "roof"], [1, "roof"], [0, "roof"], [4, "roof"], [5, "roof"]], [[0, "fire"]]))
    assert s.legal_ids(0) == ["fire:target=doc", "fire:target=cheyenne"]


def test_CE_6_inside_fire_reaches_neither_roofs_nor_two_cars_away() -> None:
    s = run(4, setup_k(["ghost", "doc", "tuco", "cheyenne"],
                       [[2, "inside"], [1, "roof"], [4, "inside"], [3, "roof"]], [[0, "fire"]]))
    assert s.is_over and s.bullets[0] == 6 and s.fired == [0, 0, 0, 0]


# ----------------------------------------------------------------------------- Punch and Robbery
def test_CE_6_punch_on_a_roof_drops_the_loot_on_that_roof_and_moves_along_the_roofs() -> None:
    """The loot lands on the roof (robbable there, not inside); the target stays on the roof level, so
    being pushed over the Marshal's car does not trigger the Marshal rule."""
    setup = setup_k(["ghost", "doc", "tuco"], [[2, "roof"], [2, "roof"], [3, "roof"]],
                    [[0, "punch"], [0, "rob"]], held=[dict(EMPTY), {"jewels": 1}, dict(EMPTY)], marshal=1)
    s = run(3, setup, [(0, "punch:target=doc,loot=jewel,car=1")])
    assert where(s, "doc") == (1, "roof") and received(s, 1) == []
    assert s.is_over and loot_of(s, "ghost")["jewels"] == 1          # robbed from the roof afterwards
    assert s.view(None)["cars"][2]["roof"]["jewels"] == 0


def test_CE_6_robbery_cannot_reach_loot_on_the_other_level() -> None:
    loot = empty_train(3)
    loot[2] = {"jewels": 1}
    s = run(3, setup_k(["ghost", "doc", "tuco"], [[2, "roof"], [1, "roof"], [3, "roof"]], [[0, "rob"]],
                       loot=loot))
    assert s.is_over and loot_of(s, "ghost")["jewels"] == 0


def test_CE_6_robbery_takes_a_random_one_of_the_purses_and_the_robber_learns_it() -> None:
    loot = empty_train(3)
    loot[2] = {"purses": [250, 500]}
    setup = setup_k(["ghost", "doc", "tuco"], [[2, "inside"], [1, "roof"], [3, "roof"]], [[0, "rob"], [1, "move"]],
                    loot=loot)
    got = set()
    for seed in range(12):
        s = run(3, setup, seed=seed)
        mine = s.view(0)["bandits"][0]["purses"]
        assert len(mine) == 1 and mine[0] in (250, 500)
        assert s.view(1)["bandits"][0]["purses"] == [None]
        got.add(mine[0])
    assert got == {250, 500}


def test_CE_6_punch_drops_a_random_purse_of_the_target() -> None:
    setup = setup_k(["ghost", "doc", "tuco"], [[2, "inside"], [2, "inside"], [3, "roof"]], [[0, "punch"]],
                    held=[dict(EMPTY), {"purses": [250, 500]}, dict(EMPTY)])
    kept = set()
    for seed in range(12):
        s = run(3, setup, [(0, "punch:target=doc,loot=purse,car=1")], seed=seed)
        left = loot_of(s, "doc")["purses"]         # the game is over: every value is shown
        assert len(left) == 1
        kept.add(left[0])
    assert kept == {250, 500}


# ----------------------------------------------------------------------------- CE-8 bandits
def test_CE_8_belle_is_skipped_when_both_stand_on_the_nearest_roof() -> None:
    s = run(3, setup_k(["ghost", "belle", "doc"], [[3, "roof"], [2, "roof"], [2, "roof"]], [[0, "fire"]]))
    assert received(s, 2) == ["bullet:ghost"] and received(s, 1) == []


def test_CE_8_belle_is_skipped_among_tucos_through_the_roof_targets() -> None:
    s = run(3, setup_k(["tuco", "belle", "doc"], [[2, "inside"], [2, "roof"], [1, "inside"]], [[0, "fire"]]))
    assert received(s, 2) == ["bullet:tuco"] and received(s, 1) == []


def test_CE_8_belle_is_punched_when_she_is_the_only_one_there() -> None:
    setup = setup_k(["ghost", "belle", "doc"], [[2, "inside"], [2, "inside"], [2, "roof"]], [[0, "punch"]],
                    held=[dict(EMPTY), {"jewels": 1}, dict(EMPTY)])
    s = run(3, setup)
    assert s.legal_ids(0) == ["punch:target=belle,loot=jewel,car=1", "punch:target=belle,loot=jewel,car=3"]


def test_CE_8_django_pushes_along_the_roofs_in_the_direction_of_the_shot() -> None:
    s = run(4, setup_k(["django", "doc", "tuco", "ghost"], [[1, "roof"], [3, "roof"], [2, "inside"], [1, "inside"]],
                       [[0, "fire"]], marshal=4))
    assert where(s, "doc") == (4, "roof") and received(s, 1) == ["bullet:django"]   # roof: no Marshal rule


def test_CE_8_django_pushes_towards_the_locomotive_into_the_marshal() -> None:
    s = run(3, setup_k(["django", "doc", "tuco"], [[2, "inside"], [1, "inside"], [3, "roof"]], [[0, "fire"]]))
    assert where(s, "doc") == (0, "roof") and received(s, 1) == ["bullet:neutral", "bullet:django"]


def test_CE_8_django_target_in_the_locomotive_is_not_pushed_off() -> None:
    s = run(3, setup_k(["django", "doc", "tuco"], [[1, "roof"], [0, "roof"], [3, "roof"]], [[0, "fire"]],
                       marshal=2), [(0, "fire:target=doc")])
    assert where(s, "doc") == (0, "roof") and received(s, 1) == ["bullet:django"]


def test_CE_8_cheyenne_may_keep_only_a_purse() -> None:
    setup = setup_k(["cheyenne", "doc", "tuco"], [[2, "inside"], [2, "inside"], [3, "roof"]], [[0, "punch"]],
                    held=[dict(EMPTY), {"jewels": 1, "strongboxes": 1}, dict(EMPTY)])
    s = run(3, setup)
    assert not any("keep=" in a for a in s.legal_ids(0))
    s = run(3, setup, [(0, "punch:target=doc,loot=strongbox,car=1")])
    assert loot_of(s, "cheyenne")["strongboxes"] == 0 and s.view(None)["cars"][2]["inside"]["strongboxes"] == 1


def test_CE_8_cheyenne_dropping_the_purse_leaves_it_on_the_floor() -> None:
    setup = setup_k(["cheyenne", "doc", "tuco"], [[2, "inside"], [2, "inside"], [3, "roof"]], [[0, "punch"]],
                    held=[dict(EMPTY), {"purses": [300]}, dict(EMPTY)])
    s = run(3, setup, [(0, "punch:target=doc,loot=purse,keep=0,car=3")])
    assert loot_of(s, "cheyenne")["purses"] == [] and s.view(None)["cars"][2]["inside"]["purses"] == [300]


# ----------------------------------------------------------------------------- setup (CE-2.6 / CE-6)
def test_CE_6_setup_refuses_a_marshal_in_the_bandits_default_start_car() -> None:
    """Nobody may be inside the Marshal's car: with default positions he cannot start in the caboose."""
    for players, marshal in ((3, 3), (3, 2), (2, 3)):
        with pytest.raises((OptionError, RecordError)):
            run(players, {"first": 0, "marshal": marshal})
    assert run(3, {"first": 0, "marshal": 1}).marshal == 1


def test_CE_8_ghost_power_on_his_first_turn_when_he_is_not_first_player() -> None:
    setup = {"bandits": ["doc", "tuco", "ghost"], "cars": ["baggage", "mail", "dining"], "first": 0,
             "rounds": ["braking"], "hands": [["move", "rob"], ["move", "rob"], ["move", "rob"]]}
    s = run(3, setup, [(0, "play:card=rob"), (1, "play:card=rob")])
    assert s.actor == 2 and "play:card=move,face=down" in s.legal_ids(2)
    assert not any("face=down" in a for a in run(3, setup).legal_ids(0))       # Doc has no such power
    s.apply(2, "play:card=move,face=down")
    assert s.view(0)["pile"][2] == {"seat": 2, "card": None, "face_down": True}


def test_CE_7_hostage_ransom_comes_from_the_bank_and_is_no_purse() -> None:
    setup = setup_k(["ghost", "doc", "tuco"], [[0, "roof"], [0, "inside"], [0, "roof"]], [], marshal=3,
                    rounds=["hostage_conductor"], bonus=[250, 0, 0])
    s = run(3, setup)
    assert s.is_over and s.bonus == [500, 250, 250]
    assert all(b["purses"] == [] for b in s.view(None)["bandits"])
    assert s.result().details["totals"] == [500, 250, 250]
