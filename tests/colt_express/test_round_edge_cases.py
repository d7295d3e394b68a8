"""Edge cases of CE-2, CE-3, CE-7 and CE-9 not covered by test_rounds.py."""

from __future__ import annotations

from typing import Any

from .helpers import EMPTY, base, empty_train, loot_of, received, run, where


def event(card: str, positions: list[list[Any]], players: int = 3, **kw: Any) -> Any:
    return run(players, base(players, rounds=[card], positions=positions, pile=[], **kw))


def schedule(s: Any) -> list[int]:
    """Seats of the remaining Schemin' slots, playing the first legal card (or drawing) at each."""
    order = []
    r = s.round
    while s.phase == 2 and s.round == r:
        order.append(s.actor)
        legal = s.legal_ids(s.actor)
        s.apply(s.actor, next((a for a in legal if a.startswith("play:") and "face=down" not in a), legal[0]))
    return order


# ----------------------------------------------------------------------------- CE-2
def test_CE_2_six_players_alternate_caboose_and_next_car_from_player_one() -> None:
    s = run(6, {"first": 2})
    assert [s.pos[b] for b in range(6)] == [2 * 6, 2 * 5, 2 * 6, 2 * 5, 2 * 6, 2 * 5]
    s = run(6, {"first": 1})
    assert [s.pos[b] >> 1 for b in range(6)] == [5, 6, 5, 6, 5, 6]


def test_CE_2_hands_are_six_cards_of_a_ten_card_deck() -> None:
    s = run(6, {"first": 0, "bandits": ["ghost", "tuco", "belle", "django", "cheyenne", "doc"]})
    for q in range(6):
        assert len(s.hand[q]) == (7 if q == 5 else 6) and len(s.hand[q]) + len(s.deck[q]) == 10


# ----------------------------------------------------------------------------- CE-3 Schemin' order
def test_CE_3_switching_turn_of_a_later_round_starts_with_the_new_first_player() -> None:
    """Round 2 (Angry Marshal N N T R at 3 players): first player is seat 1; R goes 1, 0, 2."""
    setup = base(3, rounds=["braking", "angry_marshal"], positions=[[1, "roof"], [2, "roof"], [3, "roof"]], pile=[])
    s = run(3, setup)
    assert s.round == 1 and s.first == 1
    assert schedule(s) == [1, 2, 0] * 3 + [1, 0, 2]


def test_CE_3_five_players_speeding_up_then_switching() -> None:
    """Take It All! at 5 players is N D R: D gives each player two actions in a row, R runs backwards."""
    s = run(5, {"first": 3, "rounds": ["take_it_all"]})
    assert schedule(s) == [3, 4, 0, 1, 2] + [3, 3, 4, 4, 0, 0, 1, 1, 2, 2] + [3, 2, 1, 0, 4]


def test_CE_3_speeding_up_draw_then_play() -> None:
    setup = base(3, rounds=["full_steam"], hands=[["move", "floor"]] * 3, decks=[["rob", "fire", "fire"], [], []])
    s = run(3, setup, [(0, "play:card=move"), (1, "play:card=move"), (2, "play:card=move"), (0, "draw")])
    assert s.actor == 0 and "play:card=rob" in s.legal_ids(0)
    s.apply(0, "play:card=rob")
    assert s.actor == 1 and [s.names[e >> 1] for e in s.pile][-1] == "rob"


def test_CE_3_draw_disappears_once_the_deck_is_empty() -> None:
    setup = base(3, rounds=["braking"], hands=[["move"], ["move", "rob"], ["move", "rob"]],
                 decks=[["rob", "fire"], ["fire"], ["fire"]])
    s = run(3, setup, [(0, "draw"), (1, "play:card=move"), (2, "play:card=move")])
    assert len(s.hand[0]) == 3 and s.deck[0] == [] and "draw" not in s.legal_ids(0)


def test_CE_3_next_round_reshuffles_everything_and_deals_again() -> None:
    """Hand cards went back on the deck, bullets received are in it: round 2 deals 6 of the whole deck."""
    setup = base(3, rounds=["tunnels", "tunnels"], positions=[[2, "inside"], [1, "inside"], [3, "roof"]],
                 pile=[[0, "fire"], [1, "rob"]], marshal=0)
    s = run(3, setup)                      # Doc is Cheyenne's only target: the shot resolves by itself
    assert s.received(1) == 1 and s.round == 1 and s.phase == 2
    assert len(s.hand[1]) == 7 and len(s.hand[1]) + len(s.deck[1]) == 11      # Doc: 7 of 10 + 1 bullet
    assert len(s.hand[0]) == 6 and len(s.deck[0]) == 4


def test_CE_3_an_impossible_card_still_goes_back_on_top_of_its_owners_deck() -> None:
    setup = base(3, rounds=["tunnels", "tunnels"], positions=[[2, "inside"], [2, "roof"], [3, "roof"]],
                 pile=[[0, "rob"], [1, "move"]], marshal=0)
    s = run(3, setup)
    assert s.actor == 1 and s.names[s.deck[0][-1]] == "rob" and s.view(2)["deck_top_known"][0] == ["rob"]


# ----------------------------------------------------------------------------- CE-7 events
def test_CE_7_angry_marshal_shortage_is_all_or_none_on_his_roof() -> None:
    s = event("angry_marshal", [[1, "roof"], [1, "roof"], [3, "roof"]], marshal=1, neutral=1)
    assert received(s, 0) == received(s, 1) == [] and s.neutral == 1 and s.marshal == 2


def test_CE_7_angry_marshal_arrival_follows_the_marshal_rule() -> None:
    s = event("angry_marshal", [[3, "roof"], [2, "inside"], [2, "inside"]], marshal=1)
    assert s.marshal == 2 and where(s, "doc") == where(s, "tuco") == (2, "roof")
    assert received(s, 1) == received(s, 2) == ["bullet:neutral"] and received(s, 0) == []


def test_CE_7_braking_moves_every_roof_one_car_forward() -> None:
    s = event("braking", [[1, "roof"], [3, "roof"], [3, "roof"]])
    assert where(s, "cheyenne") == (0, "roof") and where(s, "doc") == where(s, "tuco") == (2, "roof")


def test_CE_7_swivel_arm_moves_both_bandits_of_a_two_player_seat() -> None:
    s = run(2, {"bandits": ["ghost", "doc", "tuco", "belle"], "cars": ["baggage", "mail", "dining"], "first": 0,
                "rounds": ["swivel_arm"], "positions": [[0, "roof"], [1, "roof"], [2, "inside"], [3, "roof"]],
                "pile": [], "marshal": 1})
    assert [where(s, b) for b in ("ghost", "doc", "tuco", "belle")] == [(3, "roof"), (3, "roof"), (2, "inside"),
                                                                        (3, "roof")]


def test_CE_7_take_it_all_in_the_locomotive_makes_two_strongboxes_there() -> None:
    s = event("take_it_all", [[1, "roof"], [2, "roof"], [3, "roof"]], loot=None)
    assert s.view(None)["cars"][0]["inside"]["strongboxes"] == 2 and not s.box2


def test_CE_7_take_it_all_when_no_strongbox_waits_does_nothing() -> None:
    loot = empty_train(3)
    loot[0] = {"strongboxes": 2}
    s = event("take_it_all", [[1, "roof"], [2, "roof"], [3, "roof"]], loot=loot, marshal=2)
    assert s.view(None)["cars"][2]["inside"]["strongboxes"] == 0


def test_CE_7_rebellion_shoots_inside_the_locomotive_not_on_roofs() -> None:
    s = event("rebellion", [[0, "inside"], [0, "roof"], [3, "inside"]], marshal=1)
    assert received(s, 0) == ["bullet:neutral"] and received(s, 1) == [] and received(s, 2) == ["bullet:neutral"]


def test_CE_7_pickpocketing_alone_on_a_roof_above_another_bandit() -> None:
    """Alone means alone in his place: a bandit inside the same car does not count."""
    loot = empty_train(3)
    loot[2] = {"purses": [300], "roof": {"purses": [350]}}
    s = event("pickpocketing", [[2, "roof"], [2, "inside"], [3, "roof"]], loot=loot)
    assert s.actor == 0 and s.view(0)["pickpocket"] == "cheyenne"
    s.apply(0, "pickpocket:choice=take")
    assert s.actor == 1 and s.view(1)["pickpocket"] == "doc"
    s.apply(1, "pickpocket:choice=take")
    assert s.is_over and loot_of(s, "cheyenne")["purses"] == [350] and loot_of(s, "doc")["purses"] == [300]


def test_CE_7_pickpocketing_asks_only_where_a_purse_lies_from_the_first_player_clockwise() -> None:
    loot = empty_train(3)
    loot[1] = {"purses": [300]}
    loot[2] = {"jewels": 1}
    loot[3] = {"purses": [400]}
    s = run(3, base(3, rounds=["pickpocketing"], first=2, loot=loot, pile=[],
                    positions=[[1, "inside"], [2, "inside"], [3, "inside"]], marshal=0))
    assert s.actor == 2 and s.view(2)["pickpocket"] == "tuco"      # first player seat 2, then clockwise
    s.apply(2, "pickpocket:choice=pass")
    assert s.actor == 0 and s.view(0)["pickpocket"] == "cheyenne"  # Doc has only a jewel: not asked
    s.apply(0, "pickpocket:choice=take")
    assert s.is_over and loot_of(s, "tuco")["purses"] == [] and loot_of(s, "cheyenne")["purses"] == [300]


def test_CE_7_marshals_revenge_only_on_his_roof_and_the_purse_leaves_the_game() -> None:
    held = [{"purses": [250, 500]}, {"purses": [300]}, {"purses": [350]}]
    s = event("marshals_revenge", [[1, "roof"], [2, "roof"], [3, "inside"]], marshal=1, held=held)
    assert loot_of(s, "cheyenne")["purses"] == [500]
    assert loot_of(s, "doc")["purses"] == [300] and loot_of(s, "tuco")["purses"] == [350]
    assert s.result().details["totals"] == [500, 300, 350]
    assert [s.purse_values[t] for t in s.removed] == [250] and all(t not in f for f in s.floor for t in s.removed)


# ----------------------------------------------------------------------------- CE-9 scoring
def test_CE_9_shared_victory_when_loot_and_bullets_received_tie() -> None:
    held = [{"purses": [300]}, {"purses": [300]}, dict(EMPTY)]
    decks = [["move", "bullet:tuco"], ["move", "bullet:neutral"], ["move"]]
    s = event("tunnels", [[1, "roof"], [2, "roof"], [3, "roof"]], held=held, decks=decks, fired=[0, 0, 0])
    assert s.result().winners == (0, 1)


def test_CE_9_gunslinger_bonus_can_decide_the_game() -> None:
    held = [{"purses": [500]}, {"jewels": 2}, dict(EMPTY)]
    s = event("tunnels", [[1, "roof"], [2, "roof"], [3, "roof"]], held=held, fired=[3, 1, 0])
    assert s.result().details["totals"] == [1500, 1000, 0] and s.result().winners == (0,)


def test_CE_9_gunslinger_counts_bullets_fired_not_fire_cards_played() -> None:
    """A Fire card without a target fires nothing and does not count."""
    setup = base(3, positions=[[1, "roof"], [1, "roof"], [3, "inside"]], pile=[[0, "fire"], [0, "fire"], [2, "fire"]],
                 marshal=0)
    s = run(3, setup)
    assert s.is_over and s.fired == [0, 0, 0] and s.result().details["gunslinger"] == []


# ----------------------------------------------------------------------------- CE-1 conservation in setups
def test_CE_1_setup_bullet_cards_in_decks_come_out_of_the_supplies() -> None:
    import pytest

    from nastolka.engine import RecordError

    from .invariants import check_invariants

    setup = {"bandits": ["cheyenne", "doc", "tuco"], "first": 0,
             "hands": [["move", "bullet:tuco", "bullet:neutral"], ["move"], ["move"]]}
    s = run(3, setup)
    assert s.bullets == [6, 6, 5] and s.neutral == 12
    check_invariants(s)
    for bad in ({"bullets": [6, 6, 6]}, {"neutral": 13}):
        with pytest.raises(RecordError):
            run(3, {**setup, **bad})
    assert run(3, {**setup, "bullets": [6, 6, 2], "neutral": 3}).neutral == 3
