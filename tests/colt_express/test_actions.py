"""CE-5, CE-6 and CE-8: positions, the six actions, the Marshal rule and the bandits' powers.

Each scenario is a record with an explicit ``setup`` that starts round 1 at Stealin' with a given pile
(``pile``), then the owners' decisions; ``run`` replays it with full legality checks.
"""

from __future__ import annotations

from typing import Any

from .helpers import EMPTY, empty_train, loot_of, received, run, where


def setup3(bandits: list[str], positions: list[list[Any]], pile: list[list[Any]], **kw: Any) -> dict[str, Any]:
    """Three players, cars 1..3 (caboose 3), empty train unless ``loot`` is given, no event round."""
    setup: dict[str, Any] = {
        "bandits": bandits, "cars": ["baggage", "mail", "dining"], "first": 0, "rounds": ["tunnels"],
        "loot": empty_train(3), "held": [dict(EMPTY) for _ in bandits], "positions": positions, "pile": pile,
    }
    setup.update(kw)
    return setup


def setup4(bandits: list[str], positions: list[list[Any]], pile: list[list[Any]], **kw: Any) -> dict[str, Any]:
    setup = setup3(bandits, positions, pile, **kw)
    setup["cars"] = ["baggage", "mail", "dining", "saloon"]
    setup.setdefault("loot", empty_train(4))
    if "loot" not in kw:
        setup["loot"] = empty_train(4)
    return setup


# ----------------------------------------------------------------------------- CE-5 positions
def test_CE_5_same_place_means_same_car_and_level() -> None:
    """A punch needs the target in the same car on the same level: one floor apart is not enough."""
    s = run(3, setup3(["ghost", "doc", "tuco"], [[2, "inside"], [2, "roof"], [3, "inside"]],
                      [[0, "punch"]], held=[dict(EMPTY), {"jewels": 1}, dict(EMPTY)]))
    assert where(s, "doc") == (2, "roof")
    assert loot_of(s, "doc")["jewels"] == 1


# ----------------------------------------------------------------------------- CE-6 move / floor
def test_CE_6_move_inside_to_an_adjacent_car() -> None:
    setup = setup3(["ghost", "doc", "tuco"], [[2, "inside"], [3, "roof"], [3, "inside"]], [[0, "move"]],
                   marshal=0)
    s = run(3, setup)
    assert s.actor == 0 and s.legal_ids(0) == ["move:car=1", "move:car=3"]
    s = run(3, setup, [(0, "move:car=1")])
    assert where(s, "ghost") == (1, "inside")


def test_CE_6_move_on_the_roof_one_to_three_cars() -> None:
    setup = setup4(["ghost", "doc", "tuco", "belle"],
                   [[4, "roof"], [1, "inside"], [2, "inside"], [3, "inside"]], [[0, "move"]])
    s = run(4, setup)
    assert s.legal_ids(0) == ["move:car=1", "move:car=2", "move:car=3"]   # not 0: four cars away


def test_CE_6_floor_change_both_ways() -> None:
    s = run(3, setup3(["ghost", "doc", "tuco"], [[2, "inside"], [1, "roof"], [3, "inside"]],
                      [[0, "floor"], [1, "floor"]]))
    assert where(s, "ghost") == (2, "roof")
    assert where(s, "doc") == (1, "inside")


# ----------------------------------------------------------------------------- CE-6 Marshal rule
def test_CE_6_marshal_rule_on_entering_his_car() -> None:
    """Entering the Marshal's car (floor change down) sends the bandit up with a neutral bullet."""
    s = run(3, setup3(["ghost", "doc", "tuco"], [[1, "roof"], [2, "inside"], [3, "inside"]],
                      [[0, "floor"]], marshal=1))
    assert where(s, "ghost") == (1, "roof")
    assert received(s, 0) == ["bullet:neutral"]
    assert s.neutral == 12


def test_CE_6_marshal_card_moves_him_to_an_adjacent_car_only() -> None:
    setup = setup3(["ghost", "doc", "tuco"], [[3, "inside"], [3, "roof"], [3, "roof"]],
                   [[0, "marshal"]], marshal=1)
    s = run(3, setup)
    assert s.legal_ids(0) == ["marshal:car=0", "marshal:car=2"]
    s = run(3, setup3(["ghost", "doc", "tuco"], [[3, "inside"], [3, "roof"], [3, "roof"]], [[0, "marshal"]]))
    assert s.marshal == 1   # from the Locomotive there is only one way


def test_CE_6_marshal_entering_a_car_with_two_bandits_and_one_neutral_bullet_left() -> None:
    """All or none: two bandits inside, one neutral bullet left: both flee to the roof, nobody is shot."""
    s = run(3, setup3(["ghost", "doc", "tuco"], [[1, "inside"], [1, "inside"], [3, "inside"]],
                      [[2, "marshal"]], neutral=1))
    assert s.marshal == 1
    assert where(s, "ghost") == (1, "roof") and where(s, "doc") == (1, "roof")
    assert s.neutral == 1 and received(s, 0) == [] and received(s, 1) == []


def test_CE_6_marshal_entering_a_car_with_two_bandits_and_enough_bullets() -> None:
    s = run(3, setup3(["ghost", "doc", "tuco"], [[1, "inside"], [1, "inside"], [3, "inside"]],
                      [[2, "marshal"]], neutral=2))
    assert s.neutral == 0 and received(s, 0) == ["bullet:neutral"] and received(s, 1) == ["bullet:neutral"]


# ----------------------------------------------------------------------------- CE-6 Fire
def test_CE_6_fire_inside_reaches_adjacent_cars_only() -> None:
    setup = setup3(["ghost", "doc", "tuco"], [[2, "inside"], [1, "inside"], [3, "inside"]], [[0, "fire"]],
                   marshal=0)
    s = run(3, setup)
    assert s.legal_ids(0) == ["fire:target=doc", "fire:target=tuco"]
    s = run(3, setup, [(0, "fire:target=tuco")])
    assert received(s, 2) == ["bullet:ghost"] and s.bullets[0] == 5 and s.fired[0] == 1


def test_CE_6_fire_no_target_in_own_place_and_keeps_the_bullet() -> None:
    s = run(3, setup3(["ghost", "doc", "tuco"], [[2, "inside"], [2, "inside"], [2, "roof"]], [[0, "fire"]]))
    assert s.bullets[0] == 6 and s.fired[0] == 0 and received(s, 1) == []


def test_CE_6_fire_without_bullets_has_no_effect() -> None:
    s = run(3, setup3(["ghost", "doc", "tuco"], [[2, "inside"], [1, "inside"], [3, "roof"]], [[0, "fire"]],
                      bullets=[0, 6, 6]))
    assert received(s, 1) == [] and s.bullets[0] == 0


def test_CE_6_roof_line_of_sight_with_a_bandit_in_between() -> None:
    """From the caboose roof, the nearest occupied roof hides the bandits behind it."""
    s = run(3, setup3(["ghost", "doc", "tuco"], [[3, "roof"], [2, "roof"], [1, "roof"]], [[0, "fire"]]))
    assert received(s, 1) == ["bullet:ghost"]     # Doc was the only target (auto-resolved)
    assert received(s, 2) == []                     # Tuco is behind Doc


def test_CE_6_roof_all_bandits_on_the_nearest_roof_are_targets_both_ways() -> None:
    setup = setup4(["ghost", "doc", "tuco", "cheyenne"], [[2, "roof"], [4, "roof"], [4, "roof"], [0, "roof"]],
                   [[0, "fire"]])
    s = run(4, setup)
    assert s.legal_ids(0) == ["fire:target=doc", "fire:target=tuco", "fire:target=cheyenne"]


# ----------------------------------------------------------------------------- CE-6 Punch
def test_CE_6_punch_drops_chosen_loot_and_pushes_the_target() -> None:
    setup = setup3(["ghost", "doc", "tuco"], [[2, "inside"], [2, "inside"], [3, "roof"]], [[0, "punch"]],
                   held=[dict(EMPTY), {"purses": [250], "jewels": 1}, dict(EMPTY)])
    s = run(3, setup)
    assert s.legal_ids(0) == ["punch:target=doc,loot=purse,car=1", "punch:target=doc,loot=purse,car=3",
                              "punch:target=doc,loot=jewel,car=1", "punch:target=doc,loot=jewel,car=3"]
    s = run(3, setup, [(0, "punch:target=doc,loot=jewel,car=3")])
    assert where(s, "doc") == (3, "inside")
    assert s.view(None)["cars"][2]["inside"]["jewels"] == 1
    assert loot_of(s, "doc")["jewels"] == 0


def test_CE_6_punch_from_the_locomotive_only_backwards() -> None:
    s = run(3, setup3(["ghost", "doc", "tuco"], [[0, "inside"], [0, "inside"], [3, "roof"]], [[0, "punch"]],
                      marshal=3, held=[dict(EMPTY), {"jewels": 1}, dict(EMPTY)]))
    # one option only (jewel, car 1): resolved without a decision
    assert where(s, "doc") == (1, "inside")
    assert s.view(None)["cars"][0]["inside"]["jewels"] == 1


def test_CE_6_punch_from_the_caboose_only_forwards_and_without_loot() -> None:
    s = run(3, setup3(["ghost", "doc", "tuco"], [[3, "roof"], [3, "roof"], [1, "roof"]], [[0, "punch"]]))
    assert where(s, "doc") == (2, "roof")


def test_CE_6_punch_into_the_marshals_car_applies_the_marshal_rule() -> None:
    s = run(3, setup3(["ghost", "doc", "tuco"], [[1, "inside"], [1, "inside"], [3, "roof"]], [[0, "punch"]],
                      marshal=0), [(0, "punch:target=doc,loot=none,car=0")])
    assert where(s, "doc") == (0, "roof") and received(s, 1) == ["bullet:neutral"]


# ----------------------------------------------------------------------------- CE-6 Robbery
def test_CE_6_robbery_takes_a_chosen_kind_from_the_own_place() -> None:
    loot = empty_train(3)
    loot[2] = {"purses": [450], "jewels": 1, "strongboxes": 0, "roof": {"strongboxes": 1}}
    setup = setup3(["ghost", "doc", "tuco"], [[2, "inside"], [1, "roof"], [3, "roof"]], [[0, "rob"]], loot=loot)
    s = run(3, setup)
    assert s.legal_ids(0) == ["rob:loot=purse", "rob:loot=jewel"]     # the roof strongbox is elsewhere
    s = run(3, setup, [(0, "rob:loot=purse")])
    assert loot_of(s, "ghost")["purses"] == [450]


def test_CE_6_robbery_with_nothing_there_has_no_effect() -> None:
    s = run(3, setup3(["ghost", "doc", "tuco"], [[2, "inside"], [1, "roof"], [3, "roof"]], [[0, "rob"]]))
    assert loot_of(s, "ghost")["purses"] == []


# ----------------------------------------------------------------------------- CE-8 bandits
def test_CE_8_belle_is_no_target_when_another_bandit_can_be_chosen() -> None:
    s = run(3, setup3(["ghost", "belle", "doc"], [[1, "inside"], [2, "inside"], [0, "inside"]], [[0, "fire"]],
                      marshal=3))
    assert received(s, 2) == ["bullet:ghost"] and received(s, 1) == []


def test_CE_8_belle_is_a_target_when_she_is_the_only_one() -> None:
    s = run(3, setup3(["ghost", "belle", "doc"], [[1, "inside"], [2, "inside"], [0, "roof"]], [[0, "fire"]],
                      marshal=3))
    assert received(s, 1) == ["bullet:ghost"]


def test_CE_8_belle_still_blocks_the_line_of_sight() -> None:
    s = run(3, setup3(["ghost", "belle", "doc"], [[3, "roof"], [2, "roof"], [1, "roof"]], [[0, "fire"]]))
    assert received(s, 1) == ["bullet:ghost"] and received(s, 2) == []


def test_CE_8_belle_is_not_punched_when_another_bandit_is_there() -> None:
    setup = setup3(["ghost", "belle", "doc"], [[2, "roof"], [2, "roof"], [2, "roof"]], [[0, "punch"]])
    s = run(3, setup)
    assert all("target=doc" in a for a in s.legal_ids(0))


def test_CE_8_django_pushes_his_target_into_the_marshals_car() -> None:
    s = run(3, setup3(["django", "doc", "tuco"], [[1, "inside"], [2, "inside"], [1, "roof"]], [[0, "fire"]],
                      marshal=3))
    assert where(s, "doc") == (3, "roof")                       # pushed in, then fled to the roof
    assert received(s, 1) == ["bullet:neutral", "bullet:django"]


def test_CE_8_django_cannot_push_off_the_train() -> None:
    s = run(3, setup3(["django", "doc", "tuco"], [[2, "inside"], [3, "inside"], [1, "roof"]], [[0, "fire"]],
                      marshal=0))
    assert where(s, "doc") == (3, "inside") and received(s, 1) == ["bullet:django"]


def test_CE_8_tuco_shoots_through_the_roof_upwards() -> None:
    s = run(3, setup3(["tuco", "doc", "ghost"], [[2, "inside"], [2, "roof"], [3, "roof"]], [[0, "fire"]]))
    assert received(s, 1) == ["bullet:tuco"]


def test_CE_8_tuco_shoots_through_the_roof_downwards() -> None:
    """[DECIDED] the power works both ways (docs/decisions.md)."""
    setup = setup3(["tuco", "doc", "ghost"], [[2, "roof"], [2, "inside"], [1, "roof"]], [[0, "fire"]])
    s = run(3, setup)
    assert s.legal_ids(0) == ["fire:target=doc", "fire:target=ghost"]


def test_CE_8_cheyenne_keeps_a_punched_purse() -> None:
    setup = setup3(["cheyenne", "doc", "tuco"], [[2, "inside"], [2, "inside"], [3, "roof"]], [[0, "punch"]],
                   held=[dict(EMPTY), {"purses": [300]}, dict(EMPTY)])
    s = run(3, setup)
    assert "punch:target=doc,loot=purse,keep=1,car=1" in s.legal_ids(0)
    assert "punch:target=doc,loot=purse,keep=0,car=1" in s.legal_ids(0)
    s = run(3, setup, [(0, "punch:target=doc,loot=purse,keep=1,car=1")])
    assert s.view(0)["bandits"][0]["purses"] == [300] or s.is_over
    assert loot_of(s, "cheyenne")["purses"] == [300] and loot_of(s, "doc")["purses"] == []
    assert s.view(None)["cars"][2]["inside"]["purses"] == []


def test_CE_8_cheyenne_keeps_a_purse_she_now_knows_mid_game() -> None:
    """Her seat learns the value; the third seat does not (CE-12)."""
    setup = setup3(["cheyenne", "doc", "tuco"], [[2, "inside"], [2, "inside"], [3, "roof"]],
                   [[0, "punch"], [2, "move"]], held=[dict(EMPTY), {"purses": [300]}, dict(EMPTY)])
    s = run(3, setup, [(0, "punch:target=doc,loot=purse,keep=1,car=1")])
    assert not s.is_over
    assert s.view(0)["bandits"][0]["purses"] == [300]
    assert s.view(2)["bandits"][0]["purses"] == [None]
    assert s.view(1)["bandits"][0]["purses"] == [300]     # Doc held it before


def test_CE_8_doc_draws_seven() -> None:
    s = run(3, {"bandits": ["doc", "ghost", "tuco"], "first": 0})
    assert [len(h) for h in s.hand] == [7, 6, 6]


def ghost_setup(**kw: Any) -> dict[str, Any]:
    setup: dict[str, Any] = {"bandits": ["ghost", "doc", "tuco"], "cars": ["baggage", "mail", "dining"],
                             "first": 0, "rounds": ["braking"],
                             "hands": [["move", "rob", "fire"], ["move", "rob", "fire"], ["move", "rob", "fire"]]}
    setup.update(kw)
    return setup


def test_CE_8_ghost_plays_his_first_card_face_down() -> None:
    s = run(3, ghost_setup())
    assert s.legal_ids(0) == ["play:card=move", "play:card=move,face=down", "play:card=fire",
                              "play:card=fire,face=down", "play:card=rob", "play:card=rob,face=down", "draw"]
    s = run(3, ghost_setup(), [(0, "play:card=rob,face=down")])
    assert s.view(1)["pile"] == [{"seat": 0, "card": None, "face_down": True}]
    assert s.view(0)["pile"] == [{"seat": 0, "card": "rob", "face_down": True}]
    s.apply(1, "play:card=rob")
    s.apply(2, "play:card=rob")
    assert not any("face=down" in a for a in s.legal_ids(0))     # only the first card of the round


def test_CE_8_ghost_loses_the_power_by_drawing_first() -> None:
    s = run(3, ghost_setup(), [(0, "draw"), (1, "play:card=rob"), (2, "play:card=rob")])
    assert not any("face=down" in a for a in s.legal_ids(0))


def test_CE_8_ghost_power_returns_next_round() -> None:
    s = run(3, ghost_setup(rounds=["braking", "braking"], positions=[[1, "roof"], [2, "roof"], [3, "roof"]],
                           pile=[[1, "move"]]), [(1, "move:car=3")])
    assert s.round == 1 and s.actor == 1
    s = run(3, ghost_setup(rounds=["braking", "braking"], first=2, positions=[[1, "roof"], [2, "roof"], [3, "roof"]],
                           pile=[]))
    assert s.actor == 0 and any("face=down" in a for a in s.legal_ids(0))


def test_CE_3_face_down_card_is_revealed_when_it_resolves() -> None:
    setup = {"bandits": ["ghost", "doc", "tuco"], "cars": ["baggage", "mail", "dining"], "first": 0,
             "rounds": ["tunnels"], "positions": [[2, "inside"], [3, "inside"], [3, "roof"]],
             "pile": [[0, "move", "down"], [1, "move", "down"]], "marshal": 0}
    s = run(3, setup)
    assert s.actor == 0 and s.view(2)["resolving"] == {"seat": 0, "card": "move"}
    assert s.view(2)["pile"][0]["card"] == "move" and s.view(2)["pile"][1]["card"] is None


def test_CE_8_records_doc_example_replays() -> None:
    """The example record in docs/records.md (Django pushes Doc into the Marshal's car) is valid."""
    import json
    from pathlib import Path

    from nastolka.engine import Record, replay

    text = (Path(__file__).parents[2] / "docs" / "records.md").read_text(encoding="utf-8")
    section = text.split("## colt_express", 1)[1]
    block = section.split("```json", 1)[1].split("```", 1)[0]
    state = replay(Record.from_json(json.loads(block)))
    assert where(state, "doc") == (3, "roof")  # type: ignore[arg-type]
    assert received(state, 1) == ["bullet:neutral", "bullet:django"]  # type: ignore[arg-type]
