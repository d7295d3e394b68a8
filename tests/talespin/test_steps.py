"""R4: the view's step (``phase``) is the step whose choices are being made, at every step boundary.

Step 1 (``draw``) lasts until its ``after_draw_step`` triggers and, in solitaire, Khan's cargo have resolved;
Step 3 (``roll``) lasts until the Player card and the whole chain have resolved (R9), so the move and cargo
choices of the roll are made in ``roll``, never in ``discard``.
"""

from __future__ import annotations

from .helpers import names, new

MOLLY = {"characters": ["molly", "karnage"], "first": 0, "step": 2, "dice": [3],
         "hands": [["pas_boltun", "cargo_ice"],
                   ["cargo_gold", "cargo_ice", "act_double_check", "pas_monkeys", "pil_patrol", "cargo_coffee",
                    "pas_spy"]],
         "chains": [["pas_fint", "pas_baloo", "pas_balamut", "pas_monkeys"], []]}


def _step(state) -> str:  # type: ignore[no-untyped-def]
    views = [state.view(None)["phase"]] + [state.view(seat)["phase"] for seat in range(state.players)]
    assert len(set(views)) == 1, views            # every seat and a spectator see the same step
    return views[0]


def _do(state, aid: str) -> None:  # type: ignore[no-untyped-def]
    seat = state.to_act[0]
    assert aid in state.legal_ids(seat), (aid, state.legal_ids(seat))
    state.apply(seat, aid)


def test_R4_1_step_1_triggers_are_chosen_in_the_draw_step() -> None:
    """Cursed Tiki Idol: "at the end of your Step 1, discard 1 card" is a Step-1 choice, then Step 2."""
    s = new({"characters": ["kit", "karnage"], "first": 0,
             "hands": [["cargo_ice", "cargo_gold", "pas_fint", "act_double_check", "pil_patrol"], ["cargo_coffee"]],
             "holds": [["open:art_cursed_idol"], []], "positions": [3, 9]})
    assert s.decision[0] == "discard" and s.to_act == (0,) and _step(s) == "draw"
    _do(s, "discard:card=cargo_ice")
    assert s.decision[0] == "main" and _step(s) == "play"


def test_R4_3_roll_choices_are_made_in_the_roll_step_and_discard_follows() -> None:
    s = new(MOLLY)
    assert s.decision[0] == "main" and _step(s) == "play"
    _do(s, "passenger:card=pas_boltun")
    assert s.decision[0] == "drop" and _step(s) == "play"           # a full chain: drop one (R8), still Step 2
    _do(s, "drop:pos=3")
    _do(s, "end")
    assert s.decision[:3] == ("window", 1, "any_turn") and _step(s) == "reaction"   # R12.3, before the roll
    _do(s, "pass")
    assert s.last_roll == 3 and s.decision[0] == "move" and _step(s) == "roll"    # Molly's card: move up to 3
    _do(s, "move:dir=cw,n=3")
    assert s.decision[0] == "cargo" and _step(s) == "roll"                         # ... then play cargo
    _do(s, "cargo:card=none")
    # the chain resolved (Troublemaker: everyone draws 1), so Karnage holds 8 and discards in Step 4
    assert s.decision[:2] == ("discard", 1) and len(s.hands[1]) == 8 and _step(s) == "discard"
    _do(s, "discard:card=cargo_coffee")
    assert s.active == 1 and s.decision[0] == "main" and _step(s) == "play"        # the next turn (no Step-1 choice)


def test_R20_3_khans_cargo_resolves_in_the_draw_step() -> None:
    """Khan receives his cargo in Step 1 (R20.3): when the deck is empty there, he wins during Step 1 (R20.7)."""
    base = new(players=1)
    pool = names(base.deck) + names(base.hands[0]) + names(base.covered) + names(base.holds[1])
    assert len(pool) == 107
    hand = [c for c in pool if c.startswith("cargo_")][:5]
    rest = list(pool)
    for c in hand:
        rest.remove(c)
    last = next(c for c in rest if c.startswith("act_"))   # an Action: never a red character (R20.4)
    rest.remove(last)
    s = new({"hands": [hand], "discard": rest, "deck": [last]}, players=1)
    assert s.is_over and s.end_reason == "khan_deck" and not s.deck
    assert _step(s) == "draw" and s.view(None)["turn"] == 1
