"""Edge cases of SB-5 (a turn: mulligan, tokens), SB-8 (end and scoring) and SB-10 (hidden info)."""

from __future__ import annotations

from typing import Any

import pytest

from nastolka.engine import IllegalAction, visible
from nastolka.games.show_battle.data import KIND_IDS

from .helpers import GAME, card, place, run, slot, value

A, B, C = 0, 1, 2
SEVEN = ["clown", "magician", "juggler", "mime", "acrobat", "tightrope", "fakir"]
OTHER = ["trainer", "juggler", "knives"]


def phase(s) -> str:
    return s.view(None)["phase"]


def tokens_in(s, seat: int) -> list[str]:
    return [a for a in s.legal_ids(seat) if a.startswith("token:")]


def parked(board: list[dict[str, Any]], hands: list[list[str]], decks: list[list[str]] | None = None,
           **extra: Any) -> dict[str, Any]:
    """A setup where every card in no hand, no deck (default: empty) and on no slot lies face down under
    the first board entry (covered cards are out of play), so end-game positions are short to write."""
    decks = decks or [[] for _ in hands]
    used = {(b["owner"], b["card"]) for b in board} | {(t, k) for t, h in enumerate(hands) for k in h}
    used |= {(t, k) for t, d in enumerate(decks) for k in d}
    park = [card(board[0]["row"], board[0]["slot"], k, t, face_up=False)
            for t in range(len(hands)) for k in KIND_IDS if (t, k) not in used]
    out = {"first": 0, "board": park + board, "hands": hands, "decks": decks}
    out.update(extra)
    return out


def all_decks(hands: list[list[str]], board: list[dict[str, Any]]) -> list[list[str]]:
    """Decks holding every card of each troupe that is in no hand and on no slot (in table order)."""
    decks = []
    for t, hand in enumerate(hands):
        used = set(hand) | {b["card"] for b in board if b["owner"] == t}
        decks.append([k for k in KIND_IDS if k not in used])
    return decks


# ---------------------------------------------------------------------------------------------- SB-5.1
def test_SB_5_mulligan_not_after_a_placement_nor_in_the_effect_or_extra_window() -> None:
    s = GAME.new(2, setup={"first": A, "hands": [["magician", "acrobat", "fakir"], OTHER]})
    s.apply(A, place("magician", "1", 1))
    assert phase(s) == "extra" and "mulligan" not in s.legal_ids(A)
    s.apply(A, place("acrobat", "1", 2))
    assert phase(s) == "effect" and "mulligan" not in s.legal_ids(A)
    s.apply(A, "skip")
    assert phase(s) == "end" and "mulligan" not in s.legal_ids(A)


def test_SB_5_mulligan_is_never_offered_to_the_seat_not_on_turn() -> None:
    s = GAME.new(2, setup={"first": A, "hands": [["clown", "mime", "fakir"], OTHER]})
    assert s.legal_ids(B) == []
    with pytest.raises(IllegalAction):
        s.apply(B, "mulligan")


def test_SB_5_after_a_mulligan_the_seat_may_still_put_a_token_and_place() -> None:
    board = [card("1", 1, "strongman", A)]
    hands = [["clown", "mime", "fakir"], OTHER]
    s = GAME.new(2, setup={"first": A, "board": board, "hands": hands, "decks": all_decks(hands, board)})
    s.apply(A, "mulligan")
    legal = s.legal_ids(A)
    assert "token:row=1,slot=1" in legal and any(a.startswith("place:") for a in legal)
    s.apply(A, "token:row=1,slot=1")
    assert "mulligan" not in s.legal_ids(A) and not tokens_in(s, A)


def test_SB_5_mulligan_takes_the_top_3_and_puts_the_hand_under_the_deck() -> None:
    hands = [["clown", "mime", "fakir"], OTHER]
    decks = all_decks(hands, [])  # A: magician, juggler, acrobat, tightrope, ...
    s = GAME.new(2, setup={"first": A, "hands": hands, "decks": decks})
    s.apply(A, "mulligan")
    assert sorted(s.view(A)["troupes"][A]["hand"]) == sorted(decks[A][:3])
    assert s.view(A)["troupes"][A]["deck_size"] == 9


# ---------------------------------------------------------------------------------------------- SB-5.2
def test_SB_5_token_only_on_own_face_up_unprotected_cards() -> None:
    board = [card("1", 1, "strongman", A, token=True), card("1", 2, "clown", A, face_up=False),
             card("1", 3, "acrobat", B), card("1", 4, "juggler", A)]
    s = GAME.new(2, setup={"first": A, "board": board, "hands": [["mime", "fakir", "knives"], OTHER]})
    assert tokens_in(s, A) == ["token:row=1,slot=4"]
    for bad in ("token:row=1,slot=1", "token:row=1,slot=2", "token:row=1,slot=3"):
        with pytest.raises(IllegalAction):
            s.clone().apply(A, bad)


def test_SB_5_no_token_left_means_no_token_action() -> None:
    board = [card("1", 1, "strongman", A)]
    s = GAME.new(2, setup={"first": A, "board": board, "tokens": [0, 3],
                           "hands": [["mime", "fakir", "knives"], OTHER]})
    assert tokens_in(s, A) == []
    s.apply(A, place("fakir", "2", 1))
    assert s.turn == B  # no end window either


def test_SB_5_no_token_while_an_effect_is_pending() -> None:
    board = [card("1", 1, "strongman", A)]
    s = run(2, {"first": A, "board": board, "hands": [["acrobat", "fakir", "knives"], OTHER]},
            [(A, place("acrobat", "1", 2))])
    assert phase(s) == "effect" and tokens_in(s, A) == []


def test_SB_5_token_once_per_turn_even_when_the_turn_had_an_extra_placement() -> None:
    s = run(2, {"first": A, "hands": [["magician", "fakir", "knives"], OTHER]},
            [(A, place("magician", "1", 1)), (A, place("fakir", "2", 1))])
    # after all placements: one window, then the turn ends
    assert phase(s) == "end" and tokens_in(s, A) == ["token:row=1,slot=1", "token:row=2,slot=1"]
    s.apply(A, "token:row=2,slot=1")
    assert s.turn == B and s.view(None)["troupes"][A]["tokens"] == 2


def test_SB_5_untouchable_card_cannot_be_moved_rotated_or_discarded_by_own_effects() -> None:
    board = [card("1", 1, "clown", A, token=True), card("1", 2, "juggler", A, token=True)]
    s = run(2, {"first": A, "board": board, "hands": [["acrobat", "cannonball", "knives"], OTHER]},
            [(A, place("acrobat", "1", 3))])
    # only the acrobat itself may rotate; the juggler (3 < 4) did not turn either
    assert value(s, "1", 2) == 3
    assert [a for a in s.legal_ids(A) if a.startswith("effect:card=a")] == ["effect:card=acrobat,slot=3,dir=cw",
                                                                       "effect:card=acrobat,slot=3,dir=ccw"]
    s = run(2, {"first": A, "board": board, "hands": [["cannonball", "acrobat", "knives"], OTHER]},
            [(A, place("cannonball", "1", 3))])
    assert s.view(None)["pending"] is None and slot(s, "1", 2)["face_up"] and value(s, "1", 3) == 5


def test_SB_5_untouchable_card_ignores_the_weak_act_rule_at_value_0() -> None:
    board = [card("1", 1, "clown", B, orient=3, token=True)]  # showing 0
    s = run(2, {"first": A, "board": board, "hands": [["strongman", "fakir", "knives"], OTHER]},
            [(A, place("strongman", "1", 2))])
    assert slot(s, "1", 1)["face_up"] and value(s, "1", 1) == 0


def test_SB_5_refill_comes_after_the_token_window() -> None:
    s = GAME.new(2, setup={"first": A, "hands": [["fakir", "clown", "mime"], OTHER]})
    s.apply(A, place("fakir", "1", 1))
    assert phase(s) == "end" and len(s.hands[A]) == 2
    s.apply(A, "done")
    assert len(s.hands[A]) == 3 and s.turn == B


# ---------------------------------------------------------------------------------------------- SB-8
def full_rows(owner1: int = A, owner2: int = B) -> list[dict[str, Any]]:
    return ([card("1", i, k, owner1) for i, k in enumerate(SEVEN, start=1)]
            + [card("2", i, k, owner2) for i, k in enumerate(SEVEN, start=1)])


def test_SB_8_a_placement_between_passes_resets_the_count() -> None:
    # B cannot place and passes by itself; A opens slot 8 with the aerialists; B passes again; then A has
    # nothing either: only now has every player passed in a row
    setup = {"first": B, "board": full_rows(), "tokens": [0, 0], "mulligan_used": [True, True],
             "hands": [["aerialists", "strongman", "trainer"], ["strongman", "trainer", "knives"]]}
    s = GAME.new(2, setup=setup)
    assert s.turn == A and not s.is_over and s.legal_ids(A) == [place("aerialists", "1", 8),
                                                               place("aerialists", "2", 8)]
    events = s.apply(A, place("aerialists", "1", 8))
    # B passed again, then A had nothing left to place: two passes in a row
    assert s.is_over and [e.args["seat"] for e in events if e.kind == "pass"] == [B, A]


def test_SB_8_after_a_token_a_seat_that_cannot_place_passes_by_itself() -> None:
    """Decided: no one-option decisions — a token used, nothing to place: no lone `pass` is asked."""
    setup = {"first": A, "board": full_rows(), "tokens": [3, 0], "mulligan_used": [True, True],
             "hands": [["strongman", "trainer", "knives"], ["strongman", "trainer", "knives"]]}
    s = GAME.new(2, setup=setup)
    assert s.turn == A and "pass" in s.legal_ids(A)
    events = s.apply(A, "token:row=1,slot=1")
    assert "pass" in [e.kind for e in events]
    assert s.is_over  # A passed after its token, then B (nothing to choose) passed too


def test_SB_8_after_a_mulligan_a_seat_that_cannot_place_passes_by_itself() -> None:
    board = full_rows()
    setup = parked(board, [["strongman", "trainer", "knives"], ["strongman", "trainer", "knives"]],
                   [["cannonball"], []], tokens=[0, 0], mulligan_used=[False, True])
    s = GAME.new(2, setup=setup)
    assert s.turn == A and s.legal_ids(A) == ["pass", "mulligan"]
    s.apply(A, "mulligan")
    assert s.is_over and s.view(None)["troupes"][A]["mulligan_used"]


def test_SB_8_three_players_all_must_pass_in_a_row() -> None:
    names = ["clown", "magician", "juggler", "mime", "acrobat", "tightrope", "fakir"]
    board = [card(r, i, k, t) for t, r in enumerate(["A1", "A2", "B1"]) for i, k in enumerate(names, start=1)]
    board += [card("B2", i, k, 0) for i, k in enumerate(["cannonball", "strongman", "knives", "trainer"], 1)]
    board += [card("B2", 5, "cannonball", 1), card("B2", 6, "strongman", 1)]
    hands = [["aerialists"], ["aerialists", "trainer"], ["strongman", "trainer", "knives"]]
    s = GAME.new(3, setup=parked(board, hands, tokens=[0, 0, 0], mulligan_used=[True, True, True]))
    # B2 has one free slot (7): seat 0 fills it; seats 1 and 2 can only open slot 8 with the aerialists
    s.apply(0, place("aerialists", "B2", 7))
    assert not s.is_over and s.turn == 1
    s.apply(1, place("aerialists", "A1", 8))
    # seat 2 cannot place (passes), seat 0 has no cards (passes), seat 1 has a trainer but no place (passes)
    assert s.is_over


def test_SB_8_strength_counts_only_face_up_top_cards_at_their_active_value() -> None:
    board = [card("1", 1, "clown", A, face_up=False), card("1", 1, "strongman", A, orient=2),
             card("1", 2, "acrobat", A, face_up=False), card("1", 3, "juggler", B, orient=1)]
    s = GAME.new(2, setup={"first": A, "board": board, "hands": [["fakir"], ["mime"]]})
    troupes = s.view(None)["troupes"]
    assert [t["strength"] for t in troupes] == [3, 5] and [t["face_up"] for t in troupes] == [1, 1]


def test_SB_8_the_game_goes_on_while_one_player_still_has_cards() -> None:
    board = [card("1", 1, "clown", B)]
    s = GAME.new(2, setup=parked(board, [["fakir"], ["mime", "juggler"]], tokens=[0, 0],
                                 mulligan_used=[True, True]))
    s.apply(A, place("fakir", "2", 1))
    assert not s.is_over and s.turn == B
    s.apply(B, place("mime", "2", 2))  # 3 < 4: the fakir turns ccw; nothing to copy
    assert not s.is_over and s.turn == B  # A (empty hand) passed by itself
    s.apply(B, place("juggler", "2", 3))
    s.apply(B, "skip")
    assert s.is_over  # all hands and decks are empty


def test_SB_8_jury_sympathy_is_off_by_default_and_counts_before_the_tie_breaks() -> None:
    # A: strongman 7; B: trainer 5 (+2 with the option): 7 = 7, one face-up card each, best single value
    # 7 > 5 gives A the win
    board = [card("1", 1, "clown", A, face_up=False), card("1", 2, "strongman", A), card("1", 3, "trainer", B)]
    setup = parked(board, [[], []])
    r = GAME.new(2, {"jury_sympathy": True}, setup=setup).result()
    assert r.scores == (7.0, 7.0) and r.winners == (A,) and r.details["jury_bonus"] == [0, 2]
    assert GAME.new(2, setup=setup).result().scores == (7.0, 5.0)


# ---------------------------------------------------------------------------------------------- SB-10
def test_SB_10_drawn_cards_are_told_only_to_their_owner() -> None:
    hands = [["fakir", "clown", "mime"], OTHER]
    s = GAME.new(2, setup={"first": A, "hands": hands, "decks": all_decks(hands, [])})
    events = s.apply(A, place("fakir", "1", 1)) + s.apply(A, "done")
    hand_events = [e for e in events if e.kind == "hand"]
    assert hand_events and all(e.seats == (A,) for e in hand_events)
    assert not any(e.kind == "hand" for e in visible(events, B))
    assert not any(e.kind == "hand" for e in visible(events, None))
    events = s.apply(B, "mulligan")
    assert [e.kind for e in visible(events, A)] == ["mulligan"]


def test_SB_10_solo_the_rivals_hand_is_told_to_nobody() -> None:
    s = GAME.new(1, seed=5)
    events = []
    while not s.is_over and len(events) < 30:
        events += s.apply(0, s.legal_ids(0)[0])
    rival_hands = [e for e in events if e.kind == "hand" and e.args["seat"] == 1]
    assert rival_hands and all(e.seats == () for e in rival_hands)
    assert s.view(0)["troupes"][1]["hand"] is None
