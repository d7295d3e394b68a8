"""Scenarios that start in the middle of a game (setup keys ``turn``, ``step`` 3/4, ``dogfight_used``,
``khan_beaten``, ``modifiers``, ``tiki_played``, ``dogfight``; docs/records.md), and R24.9 tested with them."""

from __future__ import annotations

from typing import Any

import pytest

from nastolka.engine import OptionError
from nastolka.games.talespin.data import ROUND_CAP

from .helpers import new, run_record


def _two(**kw: Any) -> dict[str, Any]:
    setup: dict[str, Any] = {"characters": ["kit", "karnage"], "first": 0, "positions": [3, 9]}
    setup.update(kw)
    return setup


def _play_on(state):  # type: ignore[no-untyped-def]
    """Play simply (end Step 2 at once, pass, decline, play no cargo) until the game ends."""
    while not state.is_over:
        seat = state.to_act[0]
        ids = state.legal_ids(seat)
        aid = next((a for a in ("end", "pass", "decline", "cargo:card=none") if a in ids), ids[0])
        state.apply(seat, aid)
    return state


# ---------------------------------------------------------------- R24.9 A game always ends
def test_R24_9_the_game_ends_after_60_rounds_most_cargo_wins() -> None:
    s = new(_two(turn=2 * ROUND_CAP, step=4, holds=[["cargo_ice", "cargo_gold"], ["cargo_coffee"]]))
    assert s.is_over and s.end_reason == "round_cap" and s.winners == (0,)
    assert s.result().details == {"reason": "round_cap", "turns": 120}


def test_R24_9_ties_go_to_open_cargo_then_are_shared() -> None:
    s = new(_two(turn=120, step=4, holds=[["cargo_ice", "cargo_gold"], ["open:cargo_coffee", "cargo_bananas"]]))
    assert s.is_over and s.winners == (1,)               # equal cargo: the one open Cargo decides
    s = new(_two(turn=120, step=4, holds=[["open:cargo_ice"], ["open:cargo_coffee"]]))
    assert s.is_over and s.winners == (0, 1) and s.result().ranks == (1, 1)


def test_R24_9_not_before_the_last_turn_of_round_60() -> None:
    s = new(_two(turn=119, step=4, holds=[["cargo_ice"], []]))
    assert not s.is_over and s.turn_no == 120 and s.active == 1    # the second player's turn of round 60
    _play_on(s)
    assert s.is_over and s.end_reason == "round_cap" and s.turn_no == 120 and s.winners == (0,)


def test_R24_9_three_players_end_after_180_turns() -> None:
    setup = {"characters": ["kit", "karnage", "molly"], "first": 0, "step": 4}
    assert not new({**setup, "turn": 179}, players=3).is_over
    assert new({**setup, "turn": 180}, players=3).is_over


def test_R24_9_as_a_replayed_record() -> None:
    """The same situation written as a record: it replays and reaches the round cap."""
    from .helpers import record

    rec = record(_two(turn=119, step=4, dice=[1], hands=[["cargo_ice"], ["cargo_gold"]]),
                 ["end", "move:dir=cw,n=1"])
    assert rec.actions[0] == (1, "end")                  # turn 120 is the second player's
    s = run_record(rec)
    assert s.is_over and s.turn_no == 120 and s.end_reason == "round_cap" and s.winners == (0, 1)


# ---------------------------------------------------------------- the keys themselves
def test_R3_6_setup_turn_sets_the_turn_number_and_the_active_player() -> None:
    s = new(_two(turn=7, step=2))
    assert s.turn_no == 7 and s.active == s.order[0] and s.view(None)["turn"] == 7
    s = new(_two(turn=8, step=2))
    assert s.active == s.order[1] and s.to_act == (s.order[1],)


def test_R4_2_dogfight_used_allows_no_second_dogfight_this_turn() -> None:
    hands = [["pil_patrol", "cargo_ice"], ["cargo_gold"]]
    fresh = new(_two(step=2, hands=hands, positions=[3, 5]))
    assert any(a.startswith(("dogfight:", "pilot:")) for a in fresh.legal_ids(0))
    used = new(_two(step=2, hands=hands, positions=[3, 5], dogfight_used=True))
    assert not any(a.startswith(("dogfight:", "pilot:")) for a in used.legal_ids(0))
    assert used.view(None)["dogfight_used"] is True


def test_R4_3_step_3_rolls_at_once() -> None:
    s = new(_two(step=3, dice=[2], hands=[["cargo_ice"], ["cargo_gold"]]))
    assert s.last_roll == 2 and s.decision[0] == "move" and s.view(None)["phase"] == "roll"


def test_R13_2_setup_dogfight_starts_inside_a_dogfight() -> None:
    s = new(_two(step=2, hands=[["cargo_ice", "act_double_check"], ["cargo_gold", "cargo_coffee"]],
                 dogfight={"defender": 1, "pilot": "pil_patrol"}))
    view = s.view(None)
    assert view["dogfight"]["attacker"] == 0 and view["dogfight"]["defender"] == 1
    assert view["dogfight"]["pilot"] == "pil_patrol" and view["dogfight_used"] is True
    s = new(_two(step=2, positions=[3, 5], dogfight={"defender": 1}))       # RANGE 2 reaches 5
    assert s.dogfight is not None and s.view(None)["dogfight"]["pilot"] is None
    with pytest.raises(OptionError, match="RANGE"):
        new(_two(step=2, positions=[3, 9], dogfight={"defender": 1}))


def test_R6_1_setup_modifiers_change_the_totals_until_the_end_of_the_turn() -> None:
    s = new(_two(step=4, modifiers=[[2, 0, -1], [0, 1, 0]]))
    s2 = new(_two(step=2, modifiers=[[2, 0, -1], [0, 1, 0]]))
    assert (s2.stat(0, 0), s2.stat(0, 2), s2.stat(1, 1)) == (2 + 2, 2 - 1, 3 + 1)
    assert s.stat(0, 0) == 2                                 # the turn ended: the changes are gone


def test_R12_tiki_played_forbids_a_second_tiki_card_this_turn() -> None:
    hands = [["act_double_check", "cargo_ice"], ["cargo_gold"]]
    assert "action:card=act_double_check" in new(_two(step=2, hands=hands)).legal_ids(0)
    s = new(_two(step=2, hands=hands, tiki_played=[["act_double_check"], []]))
    assert "action:card=act_double_check" not in s.legal_ids(0)


def test_R20_3_khan_beaten_allows_cargo_in_the_solitaire_roll() -> None:
    hand = [["cargo_ice", "cargo_gold", "cargo_coffee"]]
    for beaten in (False, True):
        s = new({"step": 3, "dice": [1], "hands": hand, "khan_beaten": beaten}, players=1)
        s.apply(0, "move:dir=cw,n=1")
        assert (s.decision[0] == "cargo") is beaten


@pytest.mark.parametrize("setup, message", [
    ({"turn": 0}, "turn"), ({"turn": True}, "turn"), ({"step": 5}, "step"),
    ({"dogfight_used": True}, "step"), ({"dogfight_used": "yes", "step": 2}, "true or false"),
    ({"khan_beaten": True, "step": 2}, "solitaire"), ({"modifiers": [[1, 2]]}, "modifiers"),
    ({"tiki_played": [["cargo_ice"]]}, "Tiki"), ({"dogfight": {"defender": 0}, "step": 2}, "opponent"),
    ({"dogfight": {"defender": 1}, "step": 1}, "step"),
    ({"dogfight": {"defender": 1, "pilot": "cargo_ice"}, "step": 2}, "not a Pilot"),
])
def test_R3_bad_midgame_setup_is_refused(setup: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        new(_two(**setup))
