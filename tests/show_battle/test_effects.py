"""Edge cases of SB-6 (legal places), SB-7 (resolving a placement) and every SB-3 card effect.

Each scenario is a record with an explicit setup, replayed with every action checked for legality.
"""

from __future__ import annotations

from typing import Any

import pytest

from nastolka.engine import IllegalAction
from nastolka.games.show_battle.data import KIND_IDS

from .helpers import GAME, card, place, run, slot, value

A, B, C = 0, 1, 2


def setup(hands: list[list[str]], board: list[dict[str, Any]] | None = None, first: int = A,
          **extra: Any) -> dict[str, Any]:
    """A setup with the given hands (cards listed on the board are replaced by unused ones)."""
    board = board or []
    out_hands = []
    for t, hand in enumerate(hands):
        used = {x["card"] for x in board if x["owner"] == t}
        keep = [k for k in hand if k not in used]
        spare = [k for k in KIND_IDS if k not in used and k not in keep]
        out_hands.append(keep + spare[:len(hand) - len(keep)])
    out = {"first": first, "board": board, "hands": out_hands}
    out.update(extra)
    return out


def places(s, seat: int, card_id: str) -> list[str]:
    prefix = f"place:card={card_id},"
    return [a[len(prefix):] for a in s.legal_ids(seat) if a.startswith(prefix)]


def effects(s, seat: int) -> list[str]:
    return [a for a in s.legal_ids(seat) if a.startswith("effect:") and a != "skip"]


def phase(s) -> str:
    return s.view(None)["phase"]


HANDS2 = [["clown", "mime", "fakir"], ["trainer", "juggler", "knives"]]
SEVEN = ["clown", "magician", "juggler", "mime", "acrobat", "tightrope", "fakir"]


# ---------------------------------------------------------------------------------------------- SB-6
def test_SB_6_rows_open_in_order_A1_A2_B1_B2() -> None:
    hands = [["fakir", "mime", "juggler"]] * 4
    s = GAME.new(4, setup={"first": 0, "hands": hands})
    assert places(s, 0, "fakir") == ["row=A1,slot=1"]
    s = GAME.new(4, setup={"first": 0, "hands": hands, "board": [card("A1", 1, "strongman", 1)]})
    assert places(s, 0, "fakir") == ["row=A1,slot=2", "row=A2,slot=1"]
    board = [card("A1", 1, "strongman", 1), card("A2", 1, "clown", 2), card("B1", 1, "acrobat", 3)]
    s = GAME.new(4, setup={"first": 0, "hands": hands, "board": board})
    assert places(s, 0, "fakir") == ["row=A1,slot=2", "row=A2,slot=2", "row=B1,slot=2", "row=B2,slot=1"]


def test_SB_6_cover_a_face_down_card_in_any_row_of_either_board() -> None:
    board = [card("A1", 1, "strongman", 1), card("A1", 2, "clown", 2, face_up=False),
             card("A2", 1, "clown", 1, face_up=False), card("B1", 1, "acrobat", 3, face_up=False)]
    s = GAME.new(4, setup={"first": 0, "hands": [["fakir", "mime", "juggler"]] * 4, "board": board})
    assert places(s, 0, "fakir") == ["row=A1,slot=2", "row=A1,slot=3", "row=A2,slot=1", "row=A2,slot=2",
                                      "row=B1,slot=1", "row=B1,slot=2", "row=B2,slot=1"]


def test_SB_6_a_full_row_still_offers_its_face_down_cards_but_no_8th_slot() -> None:
    board = [card("1", i, k, B, face_up=(i != 4)) for i, k in enumerate(SEVEN, start=1)]
    s = GAME.new(2, setup=setup([["strongman", "aerialists", "juggler"], HANDS2[1]], board))
    assert places(s, A, "strongman") == ["row=1,slot=4", "row=2,slot=1"]
    assert places(s, A, "aerialists") == ["row=1,slot=4", "row=2,slot=1", "row=1,slot=8"]
    s.apply(A, place("strongman", "1", 4))
    assert s.row_len[0] == 7 and slot(s, "1", 4)["covered"] == [{"card": "mime", "owner": B}]


def test_SB_6_aerialists_open_slot_8_only_in_a_row_of_exactly_7() -> None:
    board = [card("1", i, k, B) for i, k in enumerate(SEVEN[:6], start=1)]
    s = GAME.new(2, setup=setup([["aerialists", "strongman", "juggler"], HANDS2[1]], board))
    assert places(s, A, "aerialists") == ["row=1,slot=7", "row=2,slot=1"]
    with pytest.raises(IllegalAction):
        s.apply(A, place("aerialists", "1", 8))


def test_SB_6_a_face_down_8th_card_can_be_covered_by_any_card_and_the_row_stays_closed() -> None:
    board = [card("1", i, k, B) for i, k in enumerate(SEVEN, start=1)]
    board.append(card("1", 8, "aerialists", B, face_up=False))
    board += [card("2", 1, "strongman", B)]
    s = GAME.new(2, setup=setup([["cannonball", "aerialists", "juggler"], HANDS2[1]], board))
    assert places(s, A, "cannonball") == ["row=1,slot=8", "row=2,slot=2"]
    assert places(s, A, "aerialists") == ["row=1,slot=8", "row=2,slot=2"]  # no 9th slot anywhere


def test_SB_6_extra_placement_obeys_the_same_places() -> None:
    """ФОКУСНИК's extra card: at a legal place only (here the aerialists may open slot 8)."""
    board = [card("1", i, k, B) for i, k in enumerate(["clown", "juggler", "mime", "acrobat", "tightrope",
                                                          "fakir"], start=1)]
    board.append(card("2", 1, "strongman", B))
    s = run(2, setup([["magician", "aerialists", "strongman"], HANDS2[1]], board),
            [(A, place("magician", "1", 7))])
    assert phase(s) == "extra"
    extra = [a for a in s.legal_ids(A) if a.startswith("place:")]
    assert place("aerialists", "1", 8) in extra and place("strongman", "1", 8) not in extra
    assert place("strongman", "2", 2) in extra


# ---------------------------------------------------------------------------------------------- SB-7
def test_SB_7_step_1_uses_the_active_value_of_the_left_card() -> None:
    # B's strongman turned to its bottom edge (3): A's knife thrower (5 < 6) only rotates it (3 < 5, ccw → 5)
    s = run(2, setup([["knives", "mime", "fakir"], HANDS2[1]], [card("1", 1, "strongman", B, orient=2)]),
            [(A, place("knives", "1", 2))])
    assert slot(s, "1", 1)["face_up"] and slot(s, "1", 1)["orient"] == 1 and value(s, "1", 1) == 8
    # ... and A's strongman (7 ≥ 6) knocks it out
    s = run(2, setup([["strongman", "mime", "fakir"], HANDS2[1]], [card("1", 1, "strongman", B, orient=2)]),
            [(A, place("strongman", "1", 2))])
    assert not slot(s, "1", 1)["face_up"]


def test_SB_7_step_1_a_left_card_showing_0_always_flies_out() -> None:
    s = run(2, setup([["magician", "mime", "fakir"], HANDS2[1]], [card("1", 1, "clown", B, orient=3)]),
            [(A, place("magician", "1", 2)), (A, "skip")])
    assert not slot(s, "1", 1)["face_up"]


def test_SB_7_step_1_uses_the_new_cards_base_value_exactly_twice() -> None:
    # acrobat showing 2 (orient 3) vs the tightrope (4): 4 ≥ 4 → flies out; vs the juggler (3): rotates
    s = run(2, setup([["tightrope", "mime", "fakir"], HANDS2[1]], [card("1", 1, "acrobat", B, orient=3)]),
            [(A, place("tightrope", "1", 2))])
    assert not slot(s, "1", 1)["face_up"]
    s = run(2, setup([["juggler", "mime", "fakir"], HANDS2[1]], [card("1", 1, "acrobat", B, orient=3)]),
            [(A, place("juggler", "1", 2)), (A, "skip")])
    assert slot(s, "1", 1)["face_up"] and value(s, "1", 1) == 8  # 2 < 3: ccw → orient 2 → 8


def test_SB_7_fakir_rotates_instead_of_leaving() -> None:
    # ФАКИР showing 1 (orient 2): the mime (3 ≥ 2) would knock it out — step 2 instead: 1 < 3, ccw → 5
    s = run(2, setup([["mime", "clown", "juggler"], HANDS2[1]], [card("1", 1, "fakir", B, orient=2)]),
            [(A, place("mime", "1", 2))])
    assert slot(s, "1", 1)["face_up"] and slot(s, "1", 1)["orient"] == 1 and value(s, "1", 1) == 5


def test_SB_7_fakir_at_value_equal_to_the_new_card_does_not_rotate() -> None:
    # ФАКИР showing 2 (orient 3), the magician (2): 2 ≥ 4 is false and 2 = 2 → nothing
    s = run(2, setup([["magician", "clown", "juggler"], HANDS2[1]], [card("1", 1, "fakir", B, orient=3)]),
            [(A, place("magician", "1", 2)), (A, "skip")])
    assert slot(s, "1", 1)["orient"] == 3 and value(s, "1", 1) == 2


def test_SB_7_untouchable_left_card_ignores_rotation_and_the_trainer() -> None:
    s = run(2, setup([["trainer", "clown", "juggler"], ["clown", "juggler", "knives"]],
                     [card("1", 1, "strongman", B, token=True)]),
            [(A, place("trainer", "1", 2))])
    assert value(s, "1", 1) == 7 and slot(s, "1", 1)["orient"] == 0
    assert effects(s, A) == [] and phase(s) != "effect"


def test_SB_7_covering_a_face_down_card_acts_on_the_top_card_of_the_slot_to_its_left() -> None:
    board = [card("1", 1, "strongman", B), card("1", 2, "juggler", B, face_up=False),
             card("1", 3, "acrobat", B, orient=3)]
    s = run(2, setup([["knives", "mime", "fakir"], HANDS2[1]], board), [(A, place("knives", "1", 2))])
    assert value(s, "1", 1) == 8  # left: the strongman rotated clockwise (7 > 5)
    assert slot(s, "1", 3)["orient"] == 3 and value(s, "1", 3) == 2  # the right neighbour is untouched
    assert slot(s, "1", 2)["card"] == "knives" and slot(s, "1", 2)["covered"] == [{"card": "juggler", "owner": B}]
    assert s.row_len[0] == 3  # the row does not get longer
    # the knife thrower may then discard the acrobat (B's, showing 2) on its right: it is in this row
    assert "effect:card=knives,slot=3" in effects(s, A)


def test_SB_7_covering_when_the_left_slot_is_face_down_nothing_happens_to_it() -> None:
    board = [card("1", 1, "strongman", B, face_up=False), card("1", 2, "juggler", B, face_up=False)]
    s = run(2, setup([["strongman", "mime", "fakir"], HANDS2[1]], board), [(A, place("strongman", "1", 2))])
    assert not slot(s, "1", 1)["face_up"] and slot(s, "1", 1)["covered"] == []
    assert value(s, "1", 2) == 7


def test_SB_7_covering_slot_1_has_no_left_card() -> None:
    board = [card("1", 1, "clown", B, face_up=False), card("1", 2, "juggler", B)]
    s = run(2, setup([["strongman", "mime", "fakir"], HANDS2[1]], board), [(A, place("strongman", "1", 1))])
    assert value(s, "1", 1) == 7 and value(s, "1", 2) == 3 and slot(s, "1", 2)["orient"] == 0


def test_SB_7_the_first_card_of_a_row_has_no_left_card_across_rows() -> None:
    board = [card("1", 1, "clown", B)]
    s = run(2, setup([["strongman", "mime", "fakir"], HANDS2[1]], board), [(A, place("strongman", "2", 1))])
    assert slot(s, "1", 1)["face_up"] and value(s, "1", 1) == 1


def test_SB_7_no_cascade_after_a_tightrope_or_trainer_rotation() -> None:
    # the tightrope rotates the clown (1) ccw to 0 next to it: no weak-act check follows
    s = run(2, setup([["tightrope", "mime", "fakir"], HANDS2[1]], [card("1", 1, "clown", B, orient=1)]),
            [(A, place("tightrope", "1", 2)), (A, "effect:card=tightrope")])
    # step 2: clown 3 < 4 → ccw → 1; effect: walker cw → 6, clown ccw → 0, still face up
    assert slot(s, "1", 1)["face_up"] and value(s, "1", 1) == 0 and value(s, "1", 2) == 6
    assert s.turn == A and phase(s) == "end"


def test_SB_7_a_card_moved_by_the_juggler_never_uses_its_effect_again() -> None:
    board = [card("1", 1, "knives", B), card("1", 2, "clown", A, orient=1)]  # the clown shows 3 = 3
    s = run(2, setup([["juggler", "mime", "fakir"], HANDS2[1]], board),
            [(A, place("juggler", "1", 3)), (A, "effect:card=juggler,slot=1")])
    assert slot(s, "1", 2)["card"] == "knives" and slot(s, "1", 1)["card"] == "clown"
    assert s.view(None)["pending"] is None and s.turn == A and phase(s) == "end"


# ---------------------------------------------------------------------------------------------- SB-3 cards
def test_SB_3_clown_only_in_its_own_row_and_only_uncovered_own_cards() -> None:
    board = [card("1", 1, "acrobat", A, face_up=False), card("1", 1, "strongman", B, face_up=False),
             card("1", 2, "knives", A, face_up=False), card("1", 2, "juggler", B),
             card("2", 1, "cannonball", A, face_up=False)]
    s = run(2, setup([["clown", "mime", "fakir"], HANDS2[1]], board), [(A, place("clown", "1", 3))])
    # the acrobat lies under B's face-down strongman, the knife thrower under B's juggler, the cannonball is
    # in row 2: nothing to revive, no decision
    assert effects(s, A) == [] and phase(s) != "effect"
    s = run(2, setup([["clown", "mime", "fakir"], HANDS2[1]], board), [(A, place("clown", "2", 2))])
    assert effects(s, A) == ["effect:card=clown,slot=1"]


def test_SB_3_mime_copying_the_clown_revives_the_mimes_owners_cards() -> None:
    board = [card("1", 1, "acrobat", A, face_up=False), card("1", 2, "strongman", B, face_up=False),
             card("1", 3, "clown", B, orient=1)]
    # A's mime (3) next to B's clown showing 3: equal, nothing; it copies the clown for A
    s = run(2, setup([["mime", "juggler", "fakir"], HANDS2[1]], board), [(A, place("mime", "1", 4))])
    assert value(s, "1", 3) == 3 and effects(s, A) == ["effect:card=clown,slot=1"]
    s = run(2, setup([["mime", "juggler", "fakir"], HANDS2[1]], board),
            [(A, place("mime", "1", 4)), (A, "effect:card=clown,slot=1")])
    assert slot(s, "1", 1)["face_up"] and value(s, "1", 1) == 4 and slot(s, "1", 1)["owner"] == A


def test_SB_3_juggler_may_swap_itself_with_a_neighbour() -> None:
    board = [card("1", 1, "strongman", B, orient=1)]
    s = run(2, setup([["juggler", "mime", "fakir"], HANDS2[1]], board), [(A, place("juggler", "1", 2))])
    # strongman 8 > 3: cw → 3 (orient 2); the only pair is (1, 2)
    assert effects(s, A) == ["effect:card=juggler,slot=1"]
    s = run(2, setup([["juggler", "mime", "fakir"], HANDS2[1]], board),
            [(A, place("juggler", "1", 2)), (A, "effect:card=juggler,slot=1")])
    assert slot(s, "1", 1)["card"] == "juggler" and slot(s, "1", 2)["card"] == "strongman"
    assert slot(s, "1", 2)["orient"] == 2 and value(s, "1", 2) == 3  # orientation kept, no new rotation


def test_SB_3_juggler_never_swaps_across_rows_or_with_a_face_down_card() -> None:
    board = [card("1", 1, "strongman", B), card("1", 2, "clown", B, face_up=False), card("1", 3, "acrobat", B),
             card("2", 1, "fakir", B), card("2", 2, "tightrope", B)]
    s = run(2, setup([["juggler", "mime", "clown"], HANDS2[1]], board), [(A, place("juggler", "1", 4))])
    # acrobat 4 > 3 → cw → 6; pairs in row 1: (3, 4) only — (1, 2) and (2, 3) touch the face-down clown
    assert effects(s, A) == ["effect:card=juggler,slot=3"]


def test_SB_3_mime_copies_the_knife_thrower_against_the_mimes_opponents() -> None:
    # A's mime next to B's knife thrower showing 3 (orient 3): equal, no step 1–2; it copies the knives
    board = [card("1", 1, "clown", B), card("1", 2, "juggler", A, orient=3), card("1", 3, "knives", B, orient=3)]
    s = run(2, setup([["mime", "acrobat", "fakir"], HANDS2[1]], board), [(A, place("mime", "1", 4))])
    # targets: B's clown (1) — not A's own juggler (2), not the knife thrower (3)
    assert effects(s, A) == ["effect:card=knives,slot=1"]


def test_SB_3_mime_copies_the_juggler() -> None:
    board = [card("1", 1, "strongman", B), card("1", 2, "juggler", B, orient=1)]
    s = run(2, setup([["mime", "acrobat", "fakir"], HANDS2[1]], board), [(A, place("mime", "1", 3))])
    # juggler 5 > 3 → cw → 1; the copied juggler may swap (1,2) or (2,3)
    assert value(s, "1", 2) == 1 and effects(s, A) == ["effect:card=juggler,slot=1", "effect:card=juggler,slot=2"]


def test_SB_3_mime_copies_the_tightrope_rotating_itself_and_the_walker() -> None:
    board = [card("1", 1, "tightrope", B)]
    s = run(2, setup([["mime", "acrobat", "fakir"], HANDS2[1]], board),
            [(A, place("mime", "1", 2)), (A, "effect:card=tightrope")])
    # step 2: 4 > 3 → cw → orient 1 (6); effect: mime cw → 4, walker ccw → back upright (4)
    assert value(s, "1", 2) == 4 and value(s, "1", 1) == 4 and slot(s, "1", 1)["orient"] == 0


def test_SB_3_mime_copying_the_trainer_needs_its_own_step_2_rotation() -> None:
    # the trainer showing 3 (orient 3) = the mime's 3: no rotation in step 2, so nothing to copy
    board = [card("1", 1, "trainer", B, orient=3)]
    s = run(2, setup([["mime", "acrobat", "fakir"], HANDS2[1]], board), [(A, place("mime", "1", 2))])
    assert effects(s, A) == [] and phase(s) != "effect"


def test_SB_3_mime_at_slot_1_has_nothing_to_copy() -> None:
    board = [card("1", 1, "acrobat", B), card("2", 1, "clown", B, face_up=False)]
    s = run(2, setup([["mime", "juggler", "fakir"], HANDS2[1]], board), [(A, place("mime", "2", 1))])
    assert s.view(None)["pending"] is None and phase(s) in ("end", "start")


def test_SB_3_mime_does_not_copy_a_face_down_left_card() -> None:
    board = [card("1", 1, "acrobat", B, face_up=False)]
    s = run(2, setup([["mime", "juggler", "fakir"], HANDS2[1]], board), [(A, place("mime", "1", 2))])
    assert s.view(None)["pending"] is None


def test_SB_3_acrobat_may_rotate_itself_either_way_but_no_face_down_card() -> None:
    board = [card("1", 1, "clown", B, face_up=False)]
    s = run(2, setup([["acrobat", "mime", "fakir"], HANDS2[1]], board), [(A, place("acrobat", "1", 2))])
    assert effects(s, A) == ["effect:card=acrobat,slot=2,dir=cw", "effect:card=acrobat,slot=2,dir=ccw"]
    s = run(2, setup([["acrobat", "mime", "fakir"], HANDS2[1]], board),
            [(A, place("acrobat", "1", 2)), (A, "effect:card=acrobat,slot=2,dir=ccw")])
    assert value(s, "1", 2) == 2 and slot(s, "1", 2)["orient"] == 3


def test_SB_3_tightrope_is_one_choice_both_or_neither_and_works_on_a_fakir() -> None:
    board = [card("1", 1, "fakir", B)]
    s = run(2, setup([["tightrope", "mime", "juggler"], HANDS2[1]], board), [(A, place("tightrope", "1", 2))])
    assert effects(s, A) == ["effect:card=tightrope"]  # 4 = 4: no step 2; the fakir can rotate
    s = run(2, setup([["tightrope", "mime", "juggler"], HANDS2[1]], board),
            [(A, place("tightrope", "1", 2)), (A, "effect:card=tightrope")])
    assert value(s, "1", 2) == 6 and value(s, "1", 1) == 2
    s = run(2, setup([["tightrope", "mime", "juggler"], HANDS2[1]], board),
            [(A, place("tightrope", "1", 2)), (A, "skip")])
    assert value(s, "1", 2) == 4 and value(s, "1", 1) == 4


def test_SB_3_trainer_not_after_a_step_1_discard() -> None:
    s = run(2, setup([["trainer", "mime", "fakir"], ["clown", "juggler", "knives"]],
                     [card("1", 1, "magician", B)]),
            [(A, place("trainer", "1", 2))])
    assert not slot(s, "1", 1)["face_up"] and effects(s, A) == []


def test_SB_3_trainer_repeats_a_clockwise_rotation_clockwise() -> None:
    # B's acrobat showing 6 (orient 1): 6 > 5 → cw → 8; the trainer turns it cw again → 2
    s = run(2, setup([["trainer", "mime", "fakir"], ["clown", "juggler", "knives"]],
                     [card("1", 1, "acrobat", B, orient=1)]),
            [(A, place("trainer", "1", 2)), (A, "effect:card=trainer")])
    assert slot(s, "1", 1)["orient"] == 3 and value(s, "1", 1) == 2


@pytest.mark.parametrize("orient, target", [(3, True), (0, False)])
def test_SB_3_knife_thrower_value_2_is_a_target_3_is_not(orient: int, target: bool) -> None:
    # B's mime showing 2 (orient 3) or 3 (upright), two slots left of the knife thrower (an untouchable
    # strongman between them takes no part in steps 1–2)
    board = [card("1", 1, "mime", B, orient=orient), card("1", 2, "strongman", A, token=True)]
    s = run(2, setup([["knives", "clown", "fakir"], ["trainer", "juggler", "acrobat"]], board),
            [(A, place("knives", "1", 3))])
    assert ("effect:card=knives,slot=1" in effects(s, A)) == target


def test_SB_3_knife_thrower_not_in_another_row() -> None:
    board = [card("1", 1, "clown", B), card("2", 1, "strongman", A, token=True)]
    s = run(2, setup([["knives", "mime", "fakir"], ["trainer", "juggler", "acrobat"]], board),
            [(A, place("knives", "2", 2))])
    assert effects(s, A) == []


def test_SB_3_cannonball_discards_whatever_the_value_and_any_colour() -> None:
    # its own aerialists showing 10 (orient 2): 10 > 5 → cw → 2; then the cannonball may discard it
    board = [card("1", 1, "aerialists", A, orient=2)]
    s = run(2, setup([["cannonball", "mime", "fakir"], HANDS2[1]], board), [(A, place("cannonball", "1", 2))])
    assert value(s, "1", 1) == 2 and effects(s, A) == ["effect:card=cannonball"]
    board = [card("1", 1, "aerialists", B, orient=1)]  # showing 7 → cw → 10
    s = run(2, setup([["cannonball", "mime", "fakir"], HANDS2[1]], board),
            [(A, place("cannonball", "1", 2)), (A, "effect:card=cannonball")])
    assert not slot(s, "1", 1)["face_up"] and value(s, "1", 2) == 1


def test_SB_3_cannonball_declined_does_not_rotate() -> None:
    s = run(2, setup([["cannonball", "mime", "fakir"], HANDS2[1]], [card("1", 1, "strongman", B)]),
            [(A, place("cannonball", "1", 2)), (A, "skip")])
    assert slot(s, "1", 1)["face_up"] and value(s, "1", 2) == 5 and slot(s, "1", 2)["orient"] == 0


def test_SB_3_cannonball_next_to_a_face_down_card_does_nothing() -> None:
    s = run(2, setup([["cannonball", "mime", "fakir"], HANDS2[1]], [card("1", 1, "strongman", B, face_up=False)]),
            [(A, place("cannonball", "1", 2))])
    assert effects(s, A) == [] and value(s, "1", 2) == 5


def test_SB_3_magician_extra_card_resolves_steps_1_and_2_and_its_effect() -> None:
    # the extra strongman (7) next to the magician (2): 7 ≥ 4 → the own magician flies out
    s = run(2, setup([["magician", "strongman", "acrobat"], HANDS2[1]]),
            [(A, place("magician", "1", 1)), (A, place("strongman", "1", 2))])
    assert not slot(s, "1", 1)["face_up"] and value(s, "1", 2) == 7
    # the extra acrobat (4 ≥ 4) also knocks it out, then its own effect is offered
    s = run(2, setup([["magician", "strongman", "acrobat"], HANDS2[1]]),
            [(A, place("magician", "1", 1)), (A, place("acrobat", "1", 2))])
    assert not slot(s, "1", 1)["face_up"] and phase(s) == "effect"
    assert "effect:card=acrobat,slot=2,dir=cw" in effects(s, A)
    assert not any(a.startswith("token:") for a in s.legal_ids(A))


def test_SB_3_mime_copying_the_magician_then_the_own_magician_adds_another_placement() -> None:
    board = [card("1", 1, "magician", B, orient=1)]  # showing 4 > 3 → cw → 6
    s = run(2, setup([["mime", "magician", "juggler"], HANDS2[1]], board),
            [(A, place("mime", "1", 2)), (A, place("magician", "2", 1))])
    assert phase(s) == "extra" and place("juggler", "2", 2) in s.legal_ids(A)
    s.apply(A, place("juggler", "2", 2))
    # the juggler (3) next to the magician (2): 3 < 4, it rotates ccw → 1; then the juggler's effect
    assert value(s, "2", 1) == 1 and phase(s) == "effect"
    assert s.hands[A] == []


def test_SB_7_fakir_step_2_instead_of_step_1_counts_as_a_rotation_for_the_trainer() -> None:
    # the trainer (5) next to B's ФАКИР showing 2 (orient 3): 5 ≥ 4 would discard it — step 2 instead,
    # 2 < 5: ccw → 1; that is a step-2 rotation, so the trainer may turn it ccw once more → 5
    board = [card("1", 1, "fakir", B, orient=3)]
    s = run(2, setup([["trainer", "mime", "juggler"], ["clown", "juggler", "knives"]], board),
            [(A, place("trainer", "1", 2))])
    assert value(s, "1", 1) == 1 and effects(s, A) == ["effect:card=trainer"]
    s.apply(A, "effect:card=trainer")
    assert slot(s, "1", 1)["face_up"] and slot(s, "1", 1)["orient"] == 1 and value(s, "1", 1) == 5


def test_SB_3_mime_next_to_a_fakir_rotates_it_but_copies_nothing() -> None:
    board = [card("1", 1, "fakir", B)]
    s = run(2, setup([["mime", "acrobat", "juggler"], HANDS2[1]], board), [(A, place("mime", "1", 2))])
    assert value(s, "1", 1) == 5 and s.view(None)["pending"] is None  # 4 > 3: cw → 5


def test_SB_3_knife_thrower_in_a_4_player_game_targets_only_its_own_row() -> None:
    board = [card("A1", 1, "clown", 1), card("A2", 1, "clown", 2), card("A2", 2, "strongman", 0, token=True)]
    s = run(4, {"first": 0, "board": board, "hands": [["knives", "mime", "fakir"]] * 4},
            [(0, place("knives", "A2", 3))])
    assert effects(s, 0) == ["effect:card=knives,slot=1"]
    s.apply(0, "effect:card=knives,slot=1")
    assert not slot(s, "A2", 1)["face_up"] and slot(s, "A1", 1)["face_up"]
