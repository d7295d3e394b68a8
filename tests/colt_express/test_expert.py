"""CE-11: the expert variant (keep cards between rounds, discard piles, no reshuffle at a round start)."""

from __future__ import annotations

from typing import Any

from nastolka.games.colt_express import GAME

from .helpers import EMPTY, empty_train, run

EXPERT = {"expert": True}


def setup_expert(**kw: Any) -> dict[str, Any]:
    setup: dict[str, Any] = {
        "bandits": ["cheyenne", "tuco", "belle"], "cars": ["baggage", "mail", "dining"], "first": 0,
        "rounds": ["tunnels", "braking"], "loot": empty_train(3), "held": [dict(EMPTY) for _ in range(3)],
        "positions": [[2, "inside"], [1, "inside"], [3, "roof"]], "pile": [[0, "fire"]],
        "hands": [["move", "bullet:tuco"], ["rob", "marshal"], []],
        "decks": [["floor", "floor", "rob"], ["move", "move", "floor", "floor"], ["move"]],
    }
    setup.update(kw)
    return setup


def test_CE_11_end_of_phase_one_keep_or_discard() -> None:
    s = run(3, setup_expert(), options=EXPERT)
    assert s.phase == 4 and s.actor == 0
    assert [s.names[c] for c in s.disc[0]] == ["bullet:tuco"]         # bullets never stay in hand
    assert s.legal_ids(0) == ["discard:card=move", "keep"]
    s.apply(0, "keep")
    assert s.actor == 1 and s.legal_ids(1) == ["discard:card=marshal", "discard:card=rob", "keep"]
    s.apply(1, "discard:card=rob")
    assert s.view(2)["discards"][1] == ["rob"]                          # discard piles are public
    assert s.actor == 1
    s.apply(1, "keep")                                                   # seat 2 has nothing to decide
    assert s.phase == 2 and s.round == 1                                 # round 2 Schemin'


def test_CE_11_resolved_cards_discarded_bullets_on_deck_and_draw_up_to_six() -> None:
    s = run(3, setup_expert(), [(0, "keep"), (1, "discard:card=rob"), (1, "keep")], options=EXPERT)
    # Cheyenne's Fire went to her discard pile; Tuco's deck got her bullet on top, and was drawn first
    assert len(s.hand[0]) == 6 and s.deck[0] == [] and s.disc[0] == []          # deck ran out: discard reshuffled
    assert sorted(s.names[c] for c in s.hand[0]) == sorted(["move", "floor", "floor", "rob", "bullet:tuco", "fire"])
    assert "bullet:cheyenne" in [s.names[c] for c in s.hand[1]] and "marshal" in [s.names[c] for c in s.hand[1]]
    assert len(s.hand[1]) == 6 and [s.names[c] for c in s.disc[1]] == ["rob"]     # no reshuffle needed


def test_CE_11_draw_offered_while_the_discard_pile_holds_cards() -> None:
    setup = setup_expert(pile=None, hands=[["move"], ["move"], ["move"]], decks=[[], [], []],
                         discards=[["rob", "fire"], [], []], rounds=["tunnels"])
    del setup["pile"]
    s = run(3, setup, options=EXPERT)
    assert s.legal_ids(0) == ["play:card=move", "draw"]
    s.apply(0, "draw")
    assert sorted(s.names[c] for c in s.hand[0]) == ["fire", "move", "rob"] and s.disc[0] == []
    assert s.legal_ids(1) == ["play:card=move"]


def test_CE_11_expert_random_games_finish() -> None:
    from nastolka.engine import Rng

    for seed in range(5):
        s = GAME.new(5, EXPERT, seed=seed)
        rng = Rng(seed)
        while not s.is_over:
            legal = s.legal_ids(s.actor)
            s.apply(s.actor, legal[rng.randbelow(len(legal))])
        assert s.result().winners
