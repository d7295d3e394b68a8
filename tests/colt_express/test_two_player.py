"""CE-10: the two-player game (two bandits per player, 3 cars, the 11-card deck, keep-1, cover)."""

from __future__ import annotations

from collections import Counter

import pytest

from nastolka.engine import OptionError
from nastolka.games.colt_express import GAME
from nastolka.games.colt_express import data as D

from .helpers import received, run, setup2, where


def test_CE_10_two_player_setup_and_start_choice() -> None:
    s = GAME.new(2, {"bandits": "ghost,doc,tuco,belle"}, seed=3)
    assert s.two and s.bandit_count == 4 and s.car_count == 3
    for seat in (0, 1):
        cards = Counter(s.names[c] for c in s.deck[seat])
        assert sum(cards.values()) == 11 and cards["marshal"] == 1
    assert all(D.ROUND_TURNS_SMALL[r] for r in s.rounds)
    first = s.actor
    mine = [s.bname(b) for b in s.seat_bandits[first]]
    assert s.legal_ids(first) == [f"start:caboose={b}" for b in mine]
    s.apply(first, f"start:caboose={mine[1]}")
    assert where(s, mine[1]) == (3, "inside") and where(s, mine[0]) == (2, "inside")


def test_CE_10_keep_one_then_draw_six() -> None:
    s = GAME.new(2, {"bandits": "ghost,doc,tuco,belle"}, seed=4)
    first = s.actor
    s.apply(first, s.legal_ids(first)[0])
    s.apply(1 - first, s.legal_ids(1 - first)[0])
    assert s.phase == 1 and s.actor == first              # keep-1 phase
    keep = s.legal_ids(first)
    assert all(a.startswith("keep:card=") for a in keep) and "keep:card=marshal" in keep
    s.apply(first, "keep:card=marshal")
    assert "marshal" in [s.names[c] for c in s.hand[first]]
    s.apply(1 - first, s.legal_ids(1 - first)[0])
    assert len(s.hand[0]) == 8 and len(s.hand[1]) == 7   # seat 0 controls Doc


def test_CE_10_cover_after_a_face_up_fire() -> None:
    hands = [["fire:doc", "rob:ghost", "move:doc", "marshal"], ["move:tuco", "move:belle"]]
    s = run(2, setup2(hands=hands), [(0, "play:card=fire,bandit=doc")])
    assert s.actor == 0 and s.legal_ids(0) == ["cover:card=rob,bandit=ghost", "pass"]
    s = run(2, setup2(hands=hands), [(0, "play:card=fire,bandit=doc"), (0, "cover:card=rob,bandit=ghost")])
    assert [s.names[e >> 1] for e in s.pile] == ["fire:doc", "rob:ghost"]
    assert s.actor == 1 and s.view(1)["pile"][1]["card"] == "rob:ghost"


def test_CE_10_no_cover_in_a_tunnel_turn() -> None:
    hands = [["fire:doc", "rob:ghost", "move:doc", "marshal"], ["move:tuco", "move:belle", "floor:tuco"]]
    s = run(2, setup2(rounds=["swivel_arm"], hands=hands),
            [(0, "play:card=move,bandit=doc"), (1, "play:card=move,bandit=tuco"), (0, "play:card=fire,bandit=doc")])
    assert s.actor == 1 and s.phase == 2


def test_CE_10_cover_only_after_standard_turn_fire() -> None:
    """The 2016 two-player rules: cover follows a Fire played in a standard (normal) turn only."""
    hands = [["fire:doc", "rob:ghost", "move:doc"], ["move:tuco", "move:belle"]]
    s = run(2, setup2(rounds=["braking"], hands=hands), [(0, "play:card=fire,bandit=doc")])
    assert s.phase == 3 and s.view(0)["phase"] == "cover"
    assert s.legal_ids(0) == ["cover:card=rob,bandit=ghost", "pass"]


def test_CE_10_no_cover_in_a_switching_turn() -> None:
    hands = [["move:doc", "floor:doc", "move:ghost", "fire:doc", "rob:ghost"],
             ["move:tuco", "move:belle", "floor:tuco", "floor:belle"]]
    moves = [(0, "play:card=move,bandit=doc"), (1, "play:card=move,bandit=tuco"),
             (0, "play:card=floor,bandit=doc"), (1, "play:card=move,bandit=belle"),
             (0, "play:card=move,bandit=ghost"), (1, "play:card=floor,bandit=tuco")]
    s = run(2, setup2(rounds=["angry_marshal"], hands=hands), moves)   # N N T R
    assert s.schedule[s.slot] & 3 == D.SWITCH and s.actor == 0
    s = run(2, setup2(rounds=["angry_marshal"], hands=hands), [*moves, (0, "play:card=fire,bandit=doc")])
    assert s.actor == 1 and s.phase == 2                       # straight on to the other player: no cover
    assert [s.names[e >> 1] for e in s.pile][-1] == "fire:doc"


def test_CE_10_ghost_face_down_only_for_ghosts_own_first_card() -> None:
    hands = [["fire:doc", "rob:ghost", "move:doc"], ["move:tuco", "move:belle"]]
    s = run(2, setup2(hands=hands))
    legal = s.legal_ids(0)
    assert "play:card=rob,bandit=ghost,face=down" in legal
    assert "play:card=fire,bandit=doc,face=down" not in legal
    s = run(2, setup2(hands=hands), [(0, "play:card=fire,bandit=doc"), (0, "pass"),
                                      (1, "play:card=move,bandit=tuco")])
    assert not any("face=down" in a for a in s.legal_ids(0))


def test_CE_10_shooting_the_own_other_bandit_does_not_count_for_the_gunslinger() -> None:
    setup = setup2(positions=[[1, "inside"], [2, "inside"], [3, "roof"], [3, "roof"]], pile=[[0, "fire:ghost"]],
                   rounds=["tunnels"])
    s = run(2, setup)
    assert received(s, 0) == ["bullet:ghost"]
    assert s.fired == [0, 0] and s.bullets[0] == 5
    assert s.received(0) == 0          # an own bullet is not a received one for the tie-break
    assert s.result().details["gunslinger"] == []


def test_CE_10_punching_the_own_other_bandit_is_allowed() -> None:
    setup = setup2(positions=[[2, "inside"], [2, "inside"], [3, "roof"], [3, "roof"]], pile=[[0, "punch:ghost"]],
                   rounds=["tunnels"])
    s = run(2, setup)
    assert s.legal_ids(0) == ["punch:target=doc,loot=none,car=1", "punch:target=doc,loot=none,car=3"]


def test_CE_10_expert_is_not_for_two_players() -> None:
    with pytest.raises(OptionError):
        GAME.new(2, {"expert": True})


def test_CE_10_two_player_marshal_card_belongs_to_the_player() -> None:
    setup = setup2(pile=[[1, "marshal"]], marshal=1, rounds=["tunnels"])
    s = run(2, setup)
    assert s.actor == 1 and s.legal_ids(1) == ["marshal:car=0", "marshal:car=2"]
