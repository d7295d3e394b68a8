"""Edge cases of CE-10 (two players) and CE-11 (expert variant) not covered elsewhere."""

from __future__ import annotations

from collections import Counter
from typing import Any

from nastolka.games.colt_express import GAME

from .helpers import EMPTY, empty_train, run, setup2

HANDS = [["fire:doc", "fire:ghost", "rob:ghost", "move:doc", "marshal"],
         ["move:tuco", "move:belle", "floor:tuco", "floor:belle", "rob:tuco", "rob:belle"]]


# ----------------------------------------------------------------------------- CE-10 cover
def test_CE_10_no_cover_in_a_switching_turn_even_with_cover_cards_in_hand() -> None:
    """Angry Marshal (N N T R, 2–4 set): the R turn is face up, but the 2016 rules allow cover after a Fire
    of a standard turn only (CE-10; rules version 3)."""
    s = run(2, setup2(rounds=["angry_marshal"], hands=HANDS),
            [(0, "play:card=move,bandit=doc"), (1, "play:card=move,bandit=tuco"),
             (0, "play:card=marshal"), (1, "play:card=move,bandit=belle"),
             (0, "play:card=rob,bandit=ghost"), (1, "play:card=floor,bandit=tuco")])
    assert s.view(0)["turns"][s.view(0)["turn"]] == "R" and s.actor == 0
    s.apply(0, "play:card=fire,bandit=doc")
    assert s.actor == 1 and s.phase == 2 and not any(a.startswith("cover:") for a in s.legal_ids(1))


def test_CE_10_no_cover_in_a_speeding_up_turn() -> None:
    """Take It All! (N T D N): the speeding-up turn gives two actions, not a cover card."""
    s = run(2, setup2(rounds=["take_it_all"], hands=HANDS),
            [(0, "play:card=move,bandit=doc"), (1, "play:card=move,bandit=tuco"),
             (0, "play:card=marshal"), (1, "play:card=move,bandit=belle")])
    assert s.view(0)["turns"][s.view(0)["turn"]] == "D"
    s.apply(0, "play:card=fire,bandit=doc")
    assert s.phase == 2 and s.actor == 0 and not any(a.startswith("cover:") for a in s.legal_ids(0))


def test_CE_10_no_cover_after_ghosts_face_down_fire() -> None:
    s = run(2, setup2(hands=HANDS), [(0, "play:card=fire,bandit=ghost,face=down")])
    assert s.actor == 1 and s.phase == 2


def test_CE_10_cover_never_offers_the_marshal_card_or_the_firing_bandits_cards() -> None:
    hands = [["fire:doc", "move:doc", "marshal"], HANDS[1]]
    s = run(2, setup2(hands=hands), [(0, "play:card=fire,bandit=doc")])
    assert s.actor == 1 and s.phase == 2          # nothing of Ghost's in hand: no cover decision at all
    s = run(2, setup2(hands=HANDS), [(0, "play:card=fire,bandit=doc")])
    assert s.legal_ids(0) == ["cover:card=fire,bandit=ghost", "cover:card=rob,bandit=ghost", "pass"]


def test_CE_10_a_cover_fire_is_not_covered_again() -> None:
    s = run(2, setup2(hands=HANDS), [(0, "play:card=fire,bandit=doc"), (0, "cover:card=fire,bandit=ghost")])
    assert s.actor == 1 and s.phase == 2 and len(s.pile) == 2


# ----------------------------------------------------------------------------- CE-10 keep-1 and scoring
def test_CE_10_keep_one_again_in_later_rounds_from_action_cards_only() -> None:
    setup = setup2(rounds=["tunnels", "braking"], pile=[[1, "fire:tuco"]],
                   positions=[[2, "inside"], [1, "roof"], [3, "inside"], [2, "roof"]], marshal=0)
    s = run(2, setup)
    assert s.round == 1 and s.phase == 1 and s.actor == 1       # round 2: seat 1 is first, keeps first
    s.apply(1, s.legal_ids(1)[0])
    assert s.actor == 0
    keep = s.legal_ids(0)
    assert all(a.startswith("keep:card=") and "bullet" not in a for a in keep)
    assert Counter(s.names[c] for c in s.deck[0])["bullet:tuco"] == 1
    s.apply(0, "keep:card=marshal")
    assert len(s.hand[0]) == 8 and "marshal" in [s.names[c] for c in s.hand[0]]   # Doc: 1 + 7
    assert len(s.hand[1]) == 7


def test_CE_10_gunslinger_is_counted_per_player_over_both_bandits() -> None:
    setup = setup2(rounds=["tunnels"], pile=[[0, "fire:ghost"], [0, "fire:doc"], [1, "fire:tuco"]],
                   positions=[[3, "roof"], [1, "inside"], [2, "roof"], [2, "inside"]], marshal=0)
    s = run(2, setup)                 # each shot has one target: Tuco, Belle, then Ghost
    assert s.fired == [2, 1] and s.result().details["gunslinger"] == [0]


def test_CE_10_hostage_and_pickpocketing_count_each_bandit() -> None:
    loot = empty_train(3)
    loot[2] = {"purses": [300]}
    loot[3] = {"purses": [400]}
    s = run(2, setup2(rounds=["pickpocketing"], pile=[], loot=loot, marshal=0,
                      positions=[[2, "inside"], [3, "inside"], [1, "roof"], [1, "roof"]]))
    assert s.actor == 0 and s.view(0)["pickpocket"] == "ghost"
    s.apply(0, "pickpocket:choice=take")
    assert s.actor == 0 and s.view(0)["pickpocket"] == "doc"
    s.apply(0, "pickpocket:choice=take")
    assert s.is_over and s.result().details["totals"] == [700, 0]


# ----------------------------------------------------------------------------- CE-11 expert
EXPERT = {"expert": True}


def setup_expert(**kw: Any) -> dict[str, Any]:
    setup: dict[str, Any] = {
        "bandits": ["doc", "tuco", "belle"], "cars": ["baggage", "mail", "dining"], "first": 0,
        "rounds": ["tunnels", "braking"], "loot": empty_train(3), "held": [dict(EMPTY) for _ in range(3)],
        "positions": [[2, "inside"], [1, "inside"], [3, "roof"]],
    }
    setup.update(kw)
    return setup


def test_CE_11_doc_draws_up_to_seven_and_kept_cards_count() -> None:
    setup = setup_expert(pile=[[1, "move"]], hands=[["fire", "fire"], ["rob"], []],
                         decks=[["move", "move", "floor", "floor", "rob", "rob", "punch", "marshal"],
                                ["move", "floor", "floor", "fire", "fire", "punch", "marshal", "rob"],
                                ["move"]])
    s = run(3, setup, [(0, "keep"), (1, "keep"), (1, "move:car=2")], options=EXPERT)
    assert s.round == 1 and s.phase == 2
    assert len(s.hand[0]) == 7 and Counter(s.names[c] for c in s.hand[0])["fire"] == 2
    assert len(s.hand[1]) == 6 and "rob" in [s.names[c] for c in s.hand[1]]
    assert len(s.hand[2]) == 1 and s.deck[2] == [] and s.disc[2] == []      # fewer when nothing is left


def test_CE_11_a_draw_refills_from_the_shuffled_discard_pile_mid_schemin() -> None:
    setup = setup_expert(rounds=["braking"], hands=[["move"], ["move"], ["move"]], decks=[["rob"], [], []],
                         discards=[["fire", "floor", "punch"], [], []])
    s = run(3, setup, options=EXPERT)
    s.apply(0, "draw")
    hand = Counter(s.names[c] for c in s.hand[0])
    assert sum(hand.values()) == 4 and hand["rob"] == 1 and hand["move"] == 1
    assert len(s.deck[0]) == 1 and s.disc[0] == []


def test_CE_11_discard_piles_are_public_even_to_spectators() -> None:
    setup = setup_expert(rounds=["braking"], hands=[["move"], ["move"], ["move"]],
                         discards=[["fire", "bullet:tuco"], [], []])
    s = run(3, setup, options=EXPERT)
    assert s.view(None)["discards"][0] == ["fire", "bullet:tuco"] and s.view(2)["discards"][0] == ["fire", "bullet:tuco"]
    assert GAME.new(3, seed=0).view(None)["discards"] is None


def test_CE_11_bullets_in_the_discard_pile_count_against_the_tie_break() -> None:
    held = [{"purses": [300]}, {"purses": [300]}, dict(EMPTY)]
    setup = setup_expert(rounds=["tunnels"], held=held, pile=[], fired=[0, 0, 0],
                         hands=[[], [], []], decks=[["move"], ["move"], ["move"]],
                         discards=[["bullet:belle"], [], []])
    s = run(3, setup, options=EXPERT)
    assert s.is_over and s.received(0) == 1 and s.result().winners == (1,)
