"""Edge cases of SB-9, the solo automa — categories, tie-breaks, effect choices, tokens, levels."""

from __future__ import annotations

from typing import Any

from nastolka.engine import Event
from nastolka.games.show_battle import automa
from nastolka.games.show_battle.data import KIND_IDS, KIND_INDEX

from .helpers import GAME, card, place, slot, value

YOU, RIVAL = 0, 1


def solo(board: list[dict[str, Any]], you: list[str], rival: list[str], **extra: Any):
    setup = {"first": 0, "board": board, "hands": [you, rival]}
    setup.update(extra)
    return GAME.new(1, setup=setup)


def pick(s) -> tuple[str, str, int] | None:
    """The automa's placement as (card, row, slot)."""
    p = automa.pick(s, RIVAL)
    if p is None:
        return None
    r, sl = divmod(p[1], 8)
    return KIND_IDS[p[0]], str(r + 1), sl + 1


def automa_place(s, name: str, row: int, sl: int) -> list[Event]:
    ev: list[Event] = []
    automa.place(s, RIVAL, KIND_INDEX[name], (row - 1) * 8 + sl - 1, ev)
    return ev


def test_SB_9_knock_out_tie_goes_to_the_leftmost_slot() -> None:
    # the strongman can knock out your magician (2) by covering slot 2, or your acrobat (2) at slot 4
    board = [card("1", 1, "magician", YOU), card("1", 2, "clown", RIVAL, face_up=False),
             card("1", 3, "acrobat", YOU, orient=3), card("2", 1, "fakir", YOU)]
    assert pick(solo(board, ["clown"], ["strongman"])) == ("strongman", "1", 2)


def test_SB_9_knock_out_tie_on_the_same_slot_goes_to_row_1() -> None:
    board = [card("1", 1, "magician", YOU), card("2", 1, "acrobat", YOU, orient=3)]
    assert pick(solo(board, ["clown"], ["strongman"])) == ("strongman", "1", 2)


def test_SB_9_knock_out_beats_a_bigger_push_down() -> None:
    # knives (5): knocks out your clown (1) in row 2, or pushes your strongman 8 → 3 in row 1
    board = [card("1", 1, "strongman", YOU, orient=1), card("2", 1, "clown", YOU)]
    assert pick(solo(board, ["magician"], ["knives"])) == ("knives", "2", 2)


def test_SB_9_push_down_beats_covering_and_covering_beats_boosting_itself() -> None:
    board = [card("1", 1, "acrobat", YOU), card("1", 2, "clown", YOU, face_up=False),
             card("2", 1, "strongman", RIVAL)]
    # the trainer (5) at row 1 slot 2 covers the clown and pushes your acrobat 4 → 2 (category 2)
    assert pick(solo(board, ["magician"], ["trainer"])) == ("trainer", "1", 2)
    board = [card("1", 1, "fakir", YOU), card("1", 2, "clown", YOU, face_up=False),
             card("2", 1, "strongman", RIVAL)]
    # the juggler can only raise your fakir (cover, 3) or boost its strongman 7 → 8 (4): it covers
    assert pick(solo(board, ["magician"], ["juggler"])) == ("juggler", "1", 2)


def test_SB_9_cover_takes_row_1_first_then_the_higher_base_card() -> None:
    board = [card("1", 1, "strongman", YOU), card("1", 2, "fakir", YOU), card("1", 3, "clown", YOU, face_up=False),
             card("2", 1, "juggler", YOU, face_up=False)]
    # row 2 slot 1 is further left but row 1 comes first; the mime (3) beats the clown (1)
    assert pick(solo(board, ["magician"], ["clown", "mime"])) == ("mime", "1", 3)


def test_SB_9_boost_prefers_the_biggest_gain() -> None:
    # own acrobat 4 → 6 with the cannonball? 4 < 5 → ccw → 2 (a drop). Own strongman (orient 2, 3):
    # 3 < 5 → ccw → 8 (+5); own juggler (3) with the trainer 5: ccw → 2 (drop). So the cannonball goes
    # next to the strongman
    board = [card("1", 1, "strongman", RIVAL, orient=2), card("2", 1, "acrobat", RIVAL)]
    assert pick(solo(board, ["magician"], ["cannonball"])) == ("cannonball", "1", 2)


def test_SB_9_category_5_starts_the_next_row_before_extending_one() -> None:
    board = [card("1", 1, "clown", RIVAL, face_up=False), card("1", 2, "juggler", RIVAL)]
    # the juggler's right end: 3 = 3 for the mime → nothing; covering slot 1 is category 3 for anything
    s = solo(board, ["magician"], ["mime"])
    assert pick(s) == ("mime", "1", 1)
    board = [card("1", 1, "fakir", YOU, token=True)]
    assert pick(solo(board, ["magician"], ["mime"])) == ("mime", "2", 1)


def test_SB_9_automa_effect_takes_the_option_that_gains_most() -> None:
    # acrobat: turning your strongman 8 → 3 (+5 for it) beats turning its own juggler 3 → 5 (+2)
    board = [card("1", 1, "juggler", RIVAL), card("1", 2, "strongman", YOU), card("2", 1, "fakir", YOU)]
    s = solo(board, ["magician"], ["acrobat"])
    automa_place(s, "acrobat", 1, 3)
    assert value(s, "1", 2) == 3 and value(s, "1", 1) == 3


def test_SB_9_automa_clown_revives_its_strongest_card() -> None:
    board = [card("1", 1, "aerialists", RIVAL, face_up=False), card("1", 2, "strongman", RIVAL, face_up=False),
             card("1", 3, "fakir", YOU)]
    s = solo(board, ["magician"], ["clown"])
    automa_place(s, "clown", 1, 4)
    assert slot(s, "1", 2)["face_up"] and not slot(s, "1", 1)["face_up"]


def test_SB_9_automa_declines_a_juggler_swap_that_changes_nothing() -> None:
    board = [card("1", 1, "strongman", YOU), card("1", 2, "acrobat", YOU)]
    s = solo(board, ["magician"], ["juggler"])
    ev = automa_place(s, "juggler", 1, 3)
    assert [e.kind for e in ev][-1] == "skip" and slot(s, "1", 1)["card"] == "strongman"


def test_SB_9_automa_token_prefers_the_higher_base_card_on_equal_values() -> None:
    # its strongman (orient 1) and its acrobat (orient 2) both show 8: the strongman (base 7) is protected
    board = [card("1", 1, "acrobat", RIVAL, orient=2), card("1", 2, "fakir", YOU),
             card("2", 1, "strongman", RIVAL, orient=1)]
    s = solo(board, ["magician"], [])  # it cannot place: it passes, then looks for a token
    automa.turn(s, [])
    assert slot(s, "2", 1)["token"] and not slot(s, "1", 1)["token"]


def test_SB_9_automa_protects_one_card_per_turn_only() -> None:
    board = [card("1", 1, "acrobat", RIVAL, orient=2), card("1", 2, "fakir", YOU),
             card("2", 1, "strongman", RIVAL, orient=1)]
    s = solo(board, ["magician"], ["juggler"])
    automa.turn(s, [])
    assert s.view(None)["troupes"][RIVAL]["tokens"] == 2


def test_SB_9_the_automa_plays_after_your_whole_turn_inside_apply() -> None:
    s = solo([], ["strongman", "clown", "fakir"], ["juggler", "mime", "acrobat"])
    s.apply(YOU, place("strongman", "1", 1))
    s.apply(YOU, "done")
    # the rival's juggler (3) next to your strongman: 7 > 3 → cw → 8 is a boost of *your* card: no
    # category; so it starts row 2 with its highest card (the acrobat, 4) — category 5
    assert slot(s, "2", 1)["card"] == "acrobat" and slot(s, "2", 1)["owner"] == RIVAL
    assert s.turn == YOU and value(s, "1", 1) == 7


SEVEN = ["clown", "magician", "juggler", "mime", "acrobat", "tightrope", "fakir"]


def test_SB_9_automa_opens_slot_8_with_the_aerialists_when_nothing_else_fits() -> None:
    board = [card("1", i, k, YOU) for i, k in enumerate(SEVEN, start=1)]
    board += [card("2", i, k, RIVAL) for i, k in enumerate(SEVEN, start=1)]
    s = solo(board, ["strongman"], ["strongman", "aerialists"])
    assert s.turn == YOU  # you still have tokens to use, so the rival has not moved yet
    assert pick(s) == ("aerialists", "1", 8)
    s.hands[RIVAL].remove(RIVAL * 12 + KIND_INDEX["aerialists"])
    assert pick(s) is None


def test_SB_9_your_token_then_nothing_to_place_passes_and_the_rival_moves() -> None:
    board = [card("1", i, k, YOU) for i, k in enumerate(SEVEN, start=1)]
    board += [card("2", i, k, RIVAL) for i, k in enumerate(SEVEN[:6], start=1)]
    s = solo(board, ["strongman"], ["strongman"], tokens=[1, 0], mulligan_used=[True, False])
    assert place("strongman", "2", 7) in s.legal_ids(YOU)  # row 2 still has a free slot
    board[-1:] = [card("2", 6, "tightrope", RIVAL), card("2", 7, "aerialists", RIVAL)]
    s = solo(board, ["strongman"], ["strongman"], tokens=[1, 0], mulligan_used=[True, False])
    assert s.legal_ids(YOU)[0] == "pass"
    events = s.apply(YOU, "token:row=1,slot=7")
    kinds = [(e.kind, e.args.get("seat")) for e in events]
    assert ("pass", YOU) in kinds and ("pass", RIVAL) in kinds and s.is_over
