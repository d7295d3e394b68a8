"""CE-12: what each seat may see, and determinization consistent with it."""

from __future__ import annotations

from collections import Counter
from typing import Any

from nastolka.engine import Rng
from nastolka.games.colt_express import GAME
from nastolka.games.colt_express import data as D

from .helpers import EMPTY, empty_train, run


def robbed_setup(**kw: Any) -> dict[str, Any]:
    loot = empty_train(3)
    loot[2] = {"purses": [450]}
    setup: dict[str, Any] = {
        "bandits": ["cheyenne", "doc", "tuco"], "cars": ["baggage", "mail", "dining"], "first": 0,
        "rounds": ["tunnels", "braking"], "loot": loot, "held": [dict(EMPTY) for _ in range(3)],
        "positions": [[2, "inside"], [1, "inside"], [3, "roof"]], "pile": [[0, "rob"], [1, "move"]],
    }
    setup.update(kw)
    return setup


def purse_id(s: Any, bandit_slot: int) -> int:
    return next(t for t in s.held[bandit_slot] if t < D.FIRST_JEWEL)


def test_CE_12_purse_values_known_only_to_the_robber() -> None:
    s = run(3, robbed_setup())
    assert not s.is_over and s.actor == 1
    assert s.view(0)["bandits"][0]["purses"] == [450]
    assert s.view(1)["bandits"][0]["purses"] == [None]
    assert s.view(None)["bandits"][0]["purses"] == [None]
    assert s.view(1)["loot_totals"][0] == {"known": 0, "unknown_purses": 1}
    assert s.view(0)["loot_totals"][0] == {"known": 450, "unknown_purses": 0}


def test_CE_12_floor_purses_are_hidden_from_everyone() -> None:
    s = GAME.new(4, seed=2)
    for seat in (None, 0, 1, 2, 3):
        for car in s.view(seat)["cars"]:
            assert all(v is None for v in car["inside"]["purses"])


def test_CE_12_a_purse_the_seat_held_stays_known_on_the_floor() -> None:
    setup = robbed_setup(positions=[[2, "inside"], [2, "inside"], [3, "roof"]],
                         pile=[[1, "punch"], [2, "move"]], held=[{"purses": [450]}, dict(EMPTY), dict(EMPTY)],
                         loot=empty_train(3))
    s = run(3, setup, [(1, "punch:target=cheyenne,loot=purse,car=1")])
    assert s.view(0)["cars"][2]["inside"]["purses"] == [450]
    assert s.view(1)["cars"][2]["inside"]["purses"] == [None]


def test_CE_12_final_result_reveals_every_purse() -> None:
    s = GAME.new(3, seed=9)
    rng = Rng(9)
    while not s.is_over:
        legal = s.legal_ids(s.actor)
        s.apply(s.actor, legal[rng.randbelow(len(legal))])
    view = s.view(1)
    assert all(v is not None for car in view["cars"] for lvl in ("inside", "roof") for v in car[lvl]["purses"])
    assert all(v is not None for b in view["bandits"] for v in b["purses"])


def test_CE_12_hands_and_future_round_cards_are_hidden() -> None:
    s = GAME.new(4, {"bandits": "ghost,tuco,belle,django"}, seed=6)
    v1 = s.view(1)
    assert v1["hand"] == [s.names[c] for c in s.hand[1]]
    assert "hands" not in v1 and v1["hand_sizes"] == [6, 6, 6, 6]
    assert s.view(None)["hand"] is None
    assert v1["rounds_seen"] == [D.ROUND_IDS[s.rounds[0]]] and v1["rounds_total"] == 5
    dumped = repr(v1)
    for future in s.rounds[1:]:
        assert D.ROUND_IDS[future] not in dumped or D.ROUND_IDS[future] == D.ROUND_IDS[s.rounds[0]]


def test_CE_12_determinize_keeps_a_robbed_purse_value() -> None:
    s = run(3, robbed_setup())
    t = purse_id(s, 0)
    assert all(s.determinize(0, Rng(k)).purse_values[t] == 450 for k in range(30))
    assert len({s.determinize(1, Rng(k)).purse_values[t] for k in range(30)}) > 1


def test_CE_12_determinize_resamples_hands_decks_and_future_rounds_consistently() -> None:
    s = GAME.new(4, seed=12)
    rng = Rng(3)
    for _ in range(7):
        legal = s.legal_ids(s.actor)
        s.apply(s.actor, legal[rng.randbelow(len(legal))])
    own = s.view(2)
    hands, rounds = set(), set()
    for k in range(40):
        d = s.determinize(2, Rng(k))
        assert d.view(2) == own
        assert d.hand[2] == s.hand[2]
        for q in range(4):
            # each seat still owns the same cards, wherever the unknown ones now are
            before = Counter(s.deck[q] + s.hand[q]) + Counter(e >> 1 for e in s.pile if s.card_owner(e >> 1) == q)
            after = Counter(d.deck[q] + d.hand[q]) + Counter(e >> 1 for e in d.pile if d.card_owner(e >> 1) == q)
            assert before == after
        assert d.rounds[0] == s.rounds[0] and d.rounds[4] in D.STATION_ROUNDS
        assert len(set(d.rounds)) == 5
        hands.add(tuple(d.hand[0]))
        rounds.add(d.rounds[1:])
    assert len(hands) > 1 and len(rounds) > 1


def test_CE_12_determinize_keeps_own_face_down_card_and_resamples_others() -> None:
    setup = {"bandits": ["cheyenne", "doc", "tuco"], "first": 0, "rounds": ["swivel_arm"],
             "hands": [["move", "floor", "rob"], ["move", "floor", "rob", "fire", "punch", "marshal"],
                       ["move", "floor", "rob"]]}
    s = run(3, setup, [(0, "play:card=rob"), (1, "play:card=rob"), (2, "play:card=rob"),
                       (0, "play:card=move"), (1, "play:card=punch")])
    assert s.pile[4] & 1
    seen = set()
    for k in range(30):
        d = s.determinize(0, Rng(k))
        assert d.pile[3] == s.pile[3]              # seat 0's own tunnel card
        seen.add(d.pile[4] >> 1)
        assert d.pile[4] & 1 and d.pile[4] >> 1 < D.BULLET0
    assert len(seen) > 1
    assert all(s.determinize(1, Rng(k)).pile[4] == s.pile[4] for k in range(10))


def test_CE_12_two_player_ghost_face_down_card_stays_a_ghost_card_when_resampled() -> None:
    setup = {"bandits": ["ghost", "doc", "tuco", "belle"], "cars": ["baggage", "mail", "dining"], "first": 0,
             "rounds": ["braking"], "positions": [[3, "inside"], [2, "inside"], [3, "roof"], [2, "roof"]],
             "hands": [["rob:ghost", "move:ghost", "fire:doc", "rob:doc", "marshal"], ["move:tuco", "rob:belle"]]}
    s = run(2, setup, [(0, "play:card=rob,bandit=ghost,face=down")])
    assert s.ghost_pile == (0,)
    cards = {s.names[s.determinize(1, Rng(k)).pile[0] >> 1] for k in range(40)}
    assert cards <= {"rob:ghost", "move:ghost", "floor:ghost", "fire:ghost", "punch:ghost"} and len(cards) > 1
