"""Rules of «Шоу-Битва», one or more tests per rule id (SB-1..SB-10); scenarios are records with a setup."""

from __future__ import annotations

import pytest

from nastolka.engine import IllegalAction, OptionError
from nastolka.games.show_battle.data import KIND_IDS, VALUES
from nastolka.games.show_battle.text import card_name

from .helpers import GAME, card, place, run, slot, value

A, B = 0, 1
FILLER = ["clown", "mime", "fakir"]


def two(a: list[str], b: list[str], first: int = A, board: list | None = None, **extra: object) -> dict:
    """A 2-player setup; hand cards that are already on the board are swapped for unused ones."""
    board = board or []
    hands = []
    for t, hand in enumerate((a, b)):
        used = {x["card"] for x in board if x["owner"] == t}
        keep = [k for k in hand if k not in used]
        spare = [k for k in KIND_IDS if k not in used and k not in keep]
        hands.append(keep + spare[:len(hand) - len(keep)])
    setup = {"first": first, "board": board, "hands": hands}
    setup.update(extra)
    return setup


def effects(s, seat: int) -> list[str]:
    """The pending effect's options (without the decline)."""
    return [a for a in s.legal_ids(seat) if a.startswith("effect:") and a != "skip"]


# ---------------------------------------------------------------------------------------------- SB-1
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_SB_1_each_troupe_has_a_12_card_deck_and_3_tokens(players: int) -> None:
    s = GAME.new(players, seed=7)
    troupes = s.view(0)["troupes"]
    assert len(troupes) == max(2, players)  # solo: you and the rival troupe
    for t in troupes:
        assert t["hand_size"] + t["deck_size"] == 12 and t["hand_size"] == 3 and t["tokens"] == 3


@pytest.mark.parametrize("players, rows", [(1, ["1", "2"]), (2, ["1", "2"]), (3, ["A1", "A2", "B1", "B2"]),
                                           (4, ["A1", "A2", "B1", "B2"])])
def test_SB_1_one_board_of_two_rows_or_two_boards_of_four(players: int, rows: list[str]) -> None:
    assert [r["name"] for r in GAME.new(players, seed=1).view(None)["rows"]] == rows


# ---------------------------------------------------------------------------------------------- SB-2
def test_SB_2_rotation_wraps_clockwise_and_counter_clockwise() -> None:
    # clockwise from orientation 3 (the CCW edge, 5) back to upright (7)
    s = run(2, two(FILLER, ["juggler", "acrobat", "knives"], first=B,
                   board=[card("1", 1, "strongman", A, orient=3)]),
            [(B, place("juggler", "1", 2)), (B, "skip")])
    assert slot(s, "1", 1)["orient"] == 0 and value(s, "1", 1) == 7
    # counter-clockwise from upright (4) to orientation 3 (the CCW edge, 2)
    s = run(2, two(FILLER, ["trainer", "juggler", "knives"], first=B, board=[card("1", 1, "acrobat", A)]),
            [(B, place("trainer", "1", 2)), (B, "skip")])
    assert slot(s, "1", 1)["orient"] == 3 and value(s, "1", 1) == 2


def test_SB_2_a_card_enters_the_board_upright() -> None:
    s = run(2, two(["acrobat", "mime", "fakir"], ["juggler", "trainer", "knives"]),
            [(A, place("acrobat", "1", 1)), (A, "skip")])
    assert slot(s, "1", 1)["orient"] == 0 and value(s, "1", 1) == 4


# ---------------------------------------------------------------------------------------------- SB-3
def test_SB_3_the_card_table_matches_the_spec() -> None:
    spec = {"clown": (1, 3, 5, 0), "magician": (2, 4, 6, 1), "juggler": (3, 5, 1, 2), "mime": (3, 4, 0, 2),
            "acrobat": (4, 6, 8, 2), "tightrope": (4, 6, 9, 1), "fakir": (4, 5, 1, 2),
            "trainer": (5, 7, 2, 3), "knives": (5, 6, 1, 3), "aerialists": (5, 7, 10, 2),
            "cannonball": (5, 6, 9, 1), "strongman": (7, 8, 3, 5)}
    assert dict(zip(KIND_IDS, VALUES, strict=True)) == spec
    assert card_name("aerialists", "ru") == "Воздушные гимнасты"   # sentence case, as in the rulebook's text
    assert card_name("cannonball", "en") == "Human cannonball"


def test_SB_3_clown_revives_own_face_down_uncovered_card_upright_without_its_effect() -> None:
    board = [card("1", 1, "knives", A, orient=2, face_up=False), card("1", 2, "acrobat", B, face_up=False),
             card("1", 3, "juggler", A, face_up=False), card("1", 3, "strongman", A, face_up=False)]
    s = run(2, two(["clown", "mime", "fakir"], ["trainer", "juggler", "knives"], board=board),
            [(A, place("clown", "1", 4))])
    # only A's own face-down top cards: not B's acrobat, not the covered juggler
    assert effects(s, A) == ["effect:card=clown,slot=1", "effect:card=clown,slot=3"]
    s = run(2, two(["clown", "mime", "fakir"], ["trainer", "juggler", "knives"], board=board),
            [(A, place("clown", "1", 4)), (A, "effect:card=clown,slot=1")])
    assert slot(s, "1", 1)["face_up"] and slot(s, "1", 1)["orient"] == 0 and value(s, "1", 1) == 5
    assert s.view(None)["phase"] != "effect"  # the revived knife thrower does not act


def test_SB_3_magician_places_one_more_card_or_declines() -> None:
    s = run(2, two(["magician", "strongman", "fakir"], ["trainer", "juggler", "knives"]),
            [(A, place("magician", "1", 1))])
    legal = s.legal_ids(A)
    assert s.view(None)["phase"] == "extra" and "skip" in legal
    assert place("strongman", "1", 2) in legal and place("fakir", "2", 1) in legal
    assert not any(a.startswith("token:") for a in legal)  # never in the middle of a placement
    s = run(2, two(["magician", "strongman", "fakir"], ["trainer", "juggler", "knives"]),
            [(A, place("magician", "1", 1)), (A, "skip"), (A, "done")])
    assert s.turn == B and s.view(A)["troupes"][A]["hand_size"] == 3


def test_SB_3_juggler_swaps_neighbours_keeping_orientation_and_covered_cards() -> None:
    board = [card("1", 1, "mime", B, face_up=False), card("1", 1, "strongman", B, orient=1),
             card("1", 2, "acrobat", A, token=True), card("1", 3, "clown", B, orient=2),
             card("1", 4, "fakir", B, face_up=False)]
    setup = two(["juggler", "mime", "magician"], ["trainer", "juggler", "knives"], board=board)
    s = run(2, setup, [(A, place("juggler", "1", 5))])
    # neither untouchable (slot 2) nor face down (slot 4): only slot 1..2? no — 2 has the token
    assert effects(s, A) == []
    board[2]["token"] = False
    s = run(2, setup, [(A, place("juggler", "1", 5)), (A, "effect:card=juggler,slot=1")])
    assert slot(s, "1", 1)["card"] == "acrobat" and slot(s, "1", 1)["covered"] == [{"card": "mime", "owner": B}]
    assert slot(s, "1", 2)["card"] == "strongman" and slot(s, "1", 2)["orient"] == 1
    assert s.view(None)["phase"] != "effect"  # nothing triggers after a swap


def test_SB_3_mime_repeats_the_left_cards_effect() -> None:
    # МИМ right of a face-up АКРОБАТ: the acrobat's options, as if printed on the Mime
    board = [card("1", 1, "strongman", B), card("1", 2, "acrobat", A, orient=1)]
    s = run(2, two(["mime", "clown", "fakir"], ["trainer", "juggler", "knives"], board=board),
            [(A, place("mime", "1", 3))])
    # step 2 first: acrobat 6 > 3 → clockwise → 8; then the copied acrobat effect
    assert value(s, "1", 2) == 8
    assert "effect:card=acrobat,slot=1,dir=cw" in s.legal_ids(A) and "effect:card=acrobat,slot=3,dir=ccw" in s.legal_ids(A)
    # МИМ copying the ЧЕЛОВЕК-ЯДРО discards the cannonball itself and turns the Mime counter-clockwise
    board = [card("1", 1, "cannonball", B)]
    s = run(2, two(["mime", "clown", "fakir"], ["trainer", "juggler", "knives"], board=board),
            [(A, place("mime", "1", 2)), (A, "effect:card=cannonball")])
    assert not slot(s, "1", 1)["face_up"] and slot(s, "1", 2)["orient"] == 3 and value(s, "1", 2) == 2


def test_SB_3_mime_copies_a_magician_and_a_token_card() -> None:
    board = [card("1", 1, "magician", B, orient=1, token=True)]
    s = run(2, two(["mime", "clown", "fakir"], ["trainer", "juggler", "knives"], board=board),
            [(A, place("mime", "1", 2))])
    assert s.view(None)["phase"] == "extra"  # ФОКУСНИК copied although it carries a token
    assert slot(s, "1", 1)["orient"] == 1  # the untouchable card ignored step 2


@pytest.mark.parametrize("left", ["mime", "fakir", "aerialists", "strongman"])
def test_SB_3_mime_cannot_copy_mime_or_standing_properties(left: str) -> None:
    board = [card("1", 1, left, B, orient=1)]
    s = run(2, two(["mime", "clown", "fakir" if left != "fakir" else "juggler"],
                   ["trainer", "juggler", "knives"], board=board),
            [(A, place("mime", "1", 2))])
    assert s.view(None)["phase"] in ("end", "start") and s.view(None)["pending"] is None


def test_SB_3_mime_reads_the_left_card_after_steps_1_and_2() -> None:
    # the mime (3) knocks out a clown (1) in step 1: nothing face up is left to copy
    board = [card("1", 1, "clown", B)]
    s = run(2, two(["mime", "juggler", "fakir"], ["trainer", "juggler", "knives"], board=board),
            [(A, place("mime", "1", 2))])
    assert not slot(s, "1", 1)["face_up"] and s.view(None)["pending"] is None


def test_SB_3_acrobat_rotates_any_face_up_card_in_its_row_either_way() -> None:
    board = [card("1", 1, "strongman", B), card("1", 2, "juggler", B, face_up=False),
             card("1", 3, "fakir", B, token=True), card("2", 1, "clown", B)]
    s = run(2, two(["acrobat", "clown", "mime"], ["trainer", "juggler", "knives"], board=board),
            [(A, place("acrobat", "1", 4))])
    assert effects(s, A) == ["effect:card=acrobat,slot=1,dir=cw", "effect:card=acrobat,slot=1,dir=ccw",
                       "effect:card=acrobat,slot=4,dir=cw", "effect:card=acrobat,slot=4,dir=ccw"]
    s = run(2, two(["acrobat", "clown", "mime"], ["trainer", "juggler", "knives"], board=board),
            [(A, place("acrobat", "1", 4)), (A, "effect:card=acrobat,slot=4,dir=cw")])
    assert value(s, "1", 4) == 6


def test_SB_3_tightrope_needs_a_rotatable_face_up_left_card() -> None:
    for left in (card("1", 1, "strongman", B, token=True), card("1", 1, "strongman", B, face_up=False)):
        s = run(2, two(["tightrope", "clown", "mime"], ["trainer", "juggler", "knives"], board=[left]),
                [(A, place("tightrope", "1", 2))])
        assert "effect:card=tightrope" not in s.legal_ids(A)


def test_SB_3_fakir_cannot_be_discarded_by_anything() -> None:
    board = [card("1", 1, "fakir", B, orient=3)]  # showing 2
    s = run(2, two(["strongman", "clown", "mime"], ["trainer", "juggler", "knives"], board=board),
            [(A, place("strongman", "1", 2))])
    assert slot(s, "1", 1)["face_up"] and value(s, "1", 1) == 1  # rotated instead (step 2)
    s = run(2, two(["knives", "clown", "mime"], ["trainer", "juggler", "strongman"],
                   board=[card("1", 1, "fakir", B, orient=2), card("1", 2, "juggler", B, orient=2)]),
            [(A, place("knives", "1", 3))])
    # the juggler (1 → counter-clockwise... no: 1 < 5 → ccw → 5) is not a target; the fakir (1) is immune
    assert "effect:card=knives,slot=1" not in s.legal_ids(A)


def test_SB_3_trainer_needs_a_step_2_rotation() -> None:
    # equal values (5 = 5): no rotation, so no trainer decision
    s = run(2, two(["trainer", "clown", "mime"], ["strongman", "juggler", "knives"],
                   board=[card("1", 1, "knives", B)]),
            [(A, place("trainer", "1", 2))])
    assert value(s, "1", 1) == 5 and "effect:card=trainer" not in s.legal_ids(A)


def test_SB_3_knife_thrower_only_targets_weak_opponent_cards() -> None:
    board = [card("1", 1, "clown", B), card("1", 2, "mime", A, orient=3), card("1", 3, "juggler", B, orient=3),
             card("1", 4, "acrobat", B, orient=3, token=True), card("1", 5, "strongman", B)]
    s = run(2, two(["knives", "clown", "fakir"], ["trainer", "juggler", "cannonball"], board=board),
            [(A, place("knives", "1", 6))])
    # clown 1 (B) and juggler 2 (B) qualify; own mime and the untouchable acrobat do not; the strongman
    # turned clockwise to 8 by step 2
    assert [a for a in s.legal_ids(A) if a.startswith("effect:card=knives")] == ["effect:card=knives,slot=1",
                                                                           "effect:card=knives,slot=3"]


def test_SB_3_aerialists_may_be_the_8th_card() -> None:
    board = [card("1", i, k, B) for i, k in enumerate(["clown", "magician", "juggler", "mime", "acrobat",
                                                          "tightrope", "fakir"], start=1)]
    board += [card("2", 1, "strongman", B)]
    s = GAME.new(2, setup=two(["aerialists", "strongman", "clown"], ["trainer", "juggler", "knives"],
                             board=board))
    legal = s.legal_ids(A)
    assert place("aerialists", "1", 8) in legal and place("strongman", "1", 8) not in legal
    s.apply(A, place("aerialists", "1", 8))
    assert slot(s, "1", 8)["card"] == "aerialists"


def test_SB_3_strongman_has_no_effect() -> None:
    s = run(2, two(["strongman", "clown", "mime"], ["trainer", "juggler", "knives"],
                   board=[card("1", 1, "acrobat", B)]),
            [(A, place("strongman", "1", 2))])
    assert s.view(None)["pending"] is None


# ---------------------------------------------------------------------------------------------- SB-4
def test_SB_4_shuffle_draw_3_random_first_player_first_card_at_row_1_slot_1() -> None:
    firsts = set()
    for seed in range(40):
        s = GAME.new(3, seed=seed)
        firsts.add(s.turn)
        places = {a.split(",", 1)[1] for a in s.legal_ids(s.turn) if a.startswith("place:")}
        assert places == {"row=A1,slot=1"}
    assert firsts == {0, 1, 2}
    decks = {tuple(GAME.new(2, seed=seed).view(0)["troupes"][0]["hand"]) for seed in range(20)}
    assert len(decks) > 5  # decks are shuffled


# ---------------------------------------------------------------------------------------------- SB-5
def test_SB_5_1_mulligan_once_per_game_puts_the_hand_under_the_deck() -> None:
    setup = two(["clown", "mime", "fakir"], ["trainer", "juggler", "knives"],
                decks=[["strongman", "acrobat", "magician", "tightrope", "cannonball", "aerialists", "juggler",
                        "trainer", "knives"],
                       ["clown", "mime", "fakir", "strongman", "acrobat", "magician", "tightrope", "cannonball",
                        "aerialists"]])
    s = GAME.new(2, setup=setup)
    assert "mulligan" in s.legal_ids(A)
    s.apply(A, "mulligan")
    assert s.view(A)["troupes"][A]["hand"] == ["magician", "acrobat", "strongman"]
    assert s.view(None)["troupes"][A]["mulligan_used"]
    assert {c % 12 for c in s.decks[A][:3]} == {KIND_IDS.index(k) for k in ("clown", "mime", "fakir")}
    assert "mulligan" not in s.legal_ids(A)
    s.apply(A, place("strongman", "1", 1))
    s.apply(A, "done")
    while s.turn != A:
        s.apply(s.turn, s.legal_ids(s.turn)[0])
    assert "mulligan" not in s.legal_ids(A)


def test_SB_5_1_mulligan_needs_a_full_hand() -> None:
    s = GAME.new(2, setup=two(["clown", "mime"], ["trainer", "juggler", "knives"]))
    assert "mulligan" not in s.legal_ids(A)


def test_SB_5_2_token_before_placement_then_no_second_window() -> None:
    board = [card("1", 1, "strongman", A)]
    s = GAME.new(2, setup=two(["clown", "mime", "fakir"], ["trainer", "juggler", "knives"], board=board))
    assert "token:row=1,slot=1" in s.legal_ids(A)
    s.apply(A, "token:row=1,slot=1")
    assert s.view(None)["troupes"][A]["tokens"] == 2 and slot(s, "1", 1)["token"]
    assert s.turn == A and not any(a.startswith("token:") for a in s.legal_ids(A))
    s.apply(A, place("fakir", "2", 1))
    assert s.turn == B  # no after-placement window: the token of this turn is used


def test_SB_5_2_token_after_all_placements() -> None:
    s = GAME.new(2, setup=two(["clown", "mime", "fakir"], ["trainer", "juggler", "knives"]))
    s.apply(A, place("fakir", "1", 1))
    assert s.view(None)["phase"] == "end" and s.legal_ids(A) == ["token:row=1,slot=1", "done"]
    s.apply(A, "token:row=1,slot=1")
    assert s.turn == B and slot(s, "1", 1)["token"]


def test_SB_5_2_untouchable_card_ignores_steps_1_2_and_effects() -> None:
    board = [card("1", 1, "clown", B, token=True)]
    s = run(2, two(["cannonball", "mime", "fakir"], ["trainer", "juggler", "knives"], board=board),
            [(A, place("cannonball", "1", 2))])
    assert slot(s, "1", 1)["face_up"] and value(s, "1", 1) == 1  # neither knocked out nor rotated
    assert "effect:card=cannonball" not in s.legal_ids(A)
    s = run(2, two(["acrobat", "mime", "fakir"], ["trainer", "juggler", "knives"], board=board),
            [(A, place("acrobat", "1", 2))])
    assert not any("slot=1" in a for a in s.legal_ids(A))


def test_SB_5_4_refill_to_three_fewer_when_the_deck_runs_out() -> None:
    setup = parked([card("1", 1, "acrobat", B)], hands=[["clown", "mime", "fakir"], ["trainer", "juggler", "knives"]],
                   decks=[["strongman"], ["cannonball"]], tokens=[0, 0])
    s = GAME.new(2, setup=setup)
    s.apply(A, place("fakir", "1", 2))
    assert s.view(A)["troupes"][A]["hand"] == ["clown", "mime", "strongman"]
    s.apply(B, place("knives", "1", 3) if place("knives", "1", 3) in s.legal_ids(B) else s.legal_ids(B)[0])
    while s.turn == B:
        s.apply(B, s.legal_ids(B)[-1])
    s.apply(A, s.legal_ids(A)[0])
    while s.turn == A:
        s.apply(A, s.legal_ids(A)[-1])
    assert s.view(A)["troupes"][A]["hand_size"] == 2 and s.view(A)["troupes"][A]["deck_size"] == 0


# ---------------------------------------------------------------------------------------------- SB-6
def test_SB_6_legal_places_on_one_board() -> None:
    board = [card("1", 1, "strongman", B), card("1", 2, "clown", A, face_up=False), card("1", 3, "acrobat", B)]
    s = GAME.new(2, setup=two(["fakir", "mime", "juggler"], ["trainer", "juggler", "knives"], board=board))
    places = [a.split(",", 1)[1] for a in s.legal_ids(A) if a.startswith("place:card=fakir")]
    # on the face-down card, after the last card of row 1, the start of row 2 — and nowhere detached
    assert places == ["row=1,slot=2", "row=1,slot=4", "row=2,slot=1"]


def test_SB_6_rows_open_in_order_on_two_boards() -> None:
    s = GAME.new(3, setup={"first": 0, "hands": [["fakir", "mime", "juggler"]] * 3,
                           "board": [card("A1", 1, "strongman", 1), card("A2", 1, "clown", 2)]})
    places = [a.split(",", 1)[1] for a in s.legal_ids(0) if a.startswith("place:card=fakir")]
    assert places == ["row=A1,slot=2", "row=A2,slot=2", "row=B1,slot=1"]
    with pytest.raises(OptionError):
        GAME.new(3, setup={"board": [card("B1", 1, "strongman", 1)]})  # B1 before A1/A2


def test_SB_6_seven_per_row() -> None:
    board = [card("1", i, k, B) for i, k in enumerate(["clown", "magician", "juggler", "mime", "acrobat",
                                                          "tightrope", "fakir"], start=1)]
    s = GAME.new(2, setup=two(["strongman", "mime", "juggler"], ["trainer", "juggler", "knives"], board=board))
    assert {a.split(",", 1)[1] for a in s.legal_ids(A) if a.startswith("place:")} == {"row=2,slot=1"}
    with pytest.raises(IllegalAction):
        s.apply(A, place("strongman", "1", 8))


# ---------------------------------------------------------------------------------------------- SB-7
def test_SB_7_weak_act_flies_out_stays_on_board_scores_0_and_can_be_covered() -> None:
    setup = two(["strongman", "mime", "fakir"], ["trainer", "juggler", "knives"],
                board=[card("1", 1, "acrobat", B, orient=3)])  # showing 2
    s = run(2, setup, [(A, place("strongman", "1", 2))])
    assert slot(s, "1", 1)["card"] == "acrobat" and not slot(s, "1", 1)["face_up"]
    assert s.view(None)["troupes"][B]["strength"] == 0
    assert place("fakir", "1", 1) in s.legal_ids(A) or s.view(None)["phase"] == "end"


def test_SB_7_no_rotation_when_step_1_discarded() -> None:
    s = run(2, two(["strongman", "mime", "fakir"], ["trainer", "juggler", "knives"],
                   board=[card("1", 1, "juggler", B)]),
            [(A, place("strongman", "1", 2))])
    assert not slot(s, "1", 1)["face_up"] and slot(s, "1", 1)["orient"] == 0


def test_SB_7_equal_values_nothing_happens() -> None:
    s = run(2, two(["acrobat", "mime", "fakir"], ["trainer", "juggler", "knives"],
                   board=[card("1", 1, "tightrope", B)]),
            [(A, place("acrobat", "1", 2)), (A, "skip")])
    assert slot(s, "1", 1)["orient"] == 0 and value(s, "1", 1) == 4


def test_SB_7_left_card_face_down_is_ignored() -> None:
    s = run(2, two(["strongman", "mime", "fakir"], ["trainer", "juggler", "knives"],
                   board=[card("1", 1, "clown", B, face_up=False)]),
            [(A, place("strongman", "1", 2))])
    assert not slot(s, "1", 1)["face_up"] and value(s, "1", 2) == 7


def test_SB_7_effects_never_cascade() -> None:
    # the acrobat turns the strongman (7 → 8 would not matter) — rotating the clown to 0 next to the
    # strongman does not make the strongman knock it out, and nothing else triggers
    board = [card("1", 1, "clown", B), card("1", 2, "strongman", B)]
    s = run(2, two(["acrobat", "mime", "fakir"], ["trainer", "juggler", "knives"], board=board),
            [(A, place("acrobat", "1", 3)), (A, "effect:card=acrobat,slot=1,dir=ccw")])
    assert slot(s, "1", 1)["face_up"] and value(s, "1", 1) == 0
    assert value(s, "1", 2) == 8  # only step 2 of the acrobat's placement
    # the cannonball discards its left card; its own rotation triggers nothing on its right neighbour
    board = [card("1", 1, "juggler", B), card("1", 2, "clown", B, face_up=False)]
    s = run(2, two(["cannonball", "mime", "fakir"], ["trainer", "juggler", "knives"], board=board),
            [(A, place("cannonball", "1", 2)), (A, "effect:card=cannonball")])
    assert not slot(s, "1", 1)["face_up"] and value(s, "1", 2) == 1
    assert s.view(None)["pending"] is None


def test_SB_7_effect_only_on_first_placement() -> None:
    # the clown revives an own face-down knife thrower: it does not throw again
    board = [card("1", 1, "juggler", B, orient=3), card("1", 2, "knives", A, face_up=False)]
    s = run(2, two(["clown", "mime", "fakir"], ["trainer", "juggler", "knives"], board=board),
            [(A, place("clown", "1", 3)), (A, "effect:card=clown,slot=2")])
    assert value(s, "1", 2) == 5 and slot(s, "1", 1)["face_up"]
    assert s.view(None)["pending"] is None


# ---------------------------------------------------------------------------------------------- SB-8
def full_board(owner_of_row1: int = A, owner_of_row2: int = B) -> list[dict]:
    names = ["clown", "magician", "juggler", "mime", "acrobat", "tightrope", "fakir"]
    return ([card("1", i, k, owner_of_row1) for i, k in enumerate(names, start=1)]
            + [card("2", i, k, owner_of_row2) for i, k in enumerate(names, start=1)])


def test_SB_8_a_player_who_cannot_place_passes_and_all_passing_ends() -> None:
    s = GAME.new(2, setup=two(["strongman", "trainer", "knives"], ["strongman", "trainer", "knives"],
                              board=full_board()))
    assert s.turn == A and s.legal_ids(A)[0] == "pass"  # A may still put a token: an explicit pass
    s.apply(A, "pass")
    assert s.turn == B
    s.apply(B, "pass")
    assert s.is_over


def test_SB_8_game_ends_when_all_hands_and_decks_are_empty() -> None:
    setup = parked([card("1", 1, "acrobat", B)], hands=[["strongman"], []], tokens=[0, 0])
    s = GAME.new(2, setup=setup)
    assert not s.is_over and s.turn == A
    s.apply(A, place("strongman", "1", 2))
    assert s.is_over and s.result().scores == (7.0, 2.0)


def parked(board: list[dict], hands: list[list[str]], decks: list[list[str]] | None = None, players: int = 2,
           **extra: object) -> dict:
    """A setup where every card not on the board, in a hand or in a deck lies face down under the first
    board entry's slot (covered cards are out of play), so end-game positions are short to write."""
    nt = max(2, players)
    decks = decks or [[] for _ in range(nt)]
    used = {(b["owner"], b["card"]) for b in board}
    used |= {(t, k) for t in range(nt) for k in hands[t] + decks[t]}
    park = [card(board[0]["row"], board[0]["slot"], k, t, face_up=False)
            for t in range(nt) for k in KIND_IDS if (t, k) not in used]
    setup = {"first": 0, "board": park + board, "hands": hands, "decks": decks}
    setup.update(extra)
    return setup


def ended(board: list[dict], players: int = 2, options: dict | None = None, **extra: object):
    """A finished game: every card is on the board, nothing in hand or deck."""
    nt = max(2, players)
    s = GAME.new(players, options, setup=parked(board, [[] for _ in range(nt)], players=players, **extra))
    assert s.is_over
    return s.result()


def test_SB_8_highest_strength_wins() -> None:
    r = ended([card("1", 1, "strongman", A), card("1", 2, "acrobat", B)])
    assert r.scores == (7.0, 4.0) and r.winners == (A,)


def test_SB_8_tie_more_face_up_cards_then_higher_single_value_then_shared() -> None:
    r = ended([card("1", 1, "strongman", A), card("1", 2, "acrobat", B), card("1", 3, "juggler", B)])
    assert r.scores == (7.0, 7.0) and r.winners == (B,)  # 2 face-up cards beat 1
    r = ended([card("1", 1, "strongman", A), card("1", 2, "clown", A), card("1", 3, "acrobat", B),
               card("1", 4, "fakir", B)])
    assert r.scores == (8.0, 8.0) and r.winners == (A,)  # equal count (2), best single 7 > 4
    r = ended([card("1", 1, "acrobat", A), card("1", 2, "fakir", B)])
    assert r.winners == (A, B) and r.ranks == (1, 1)


def test_SB_8_jury_sympathy_gives_the_second_player_2() -> None:
    board = [card("1", 1, "strongman", A), card("1", 2, "trainer", B, orient=1)]  # 7 vs 7... B shows 7
    assert ended(board).winners == (A, B)
    r = ended(board, options={"jury_sympathy": True}, first=A)
    assert r.scores == (7.0, 9.0) and r.winners == (B,)
    r = ended(board, options={"jury_sympathy": True}, first=B)
    assert r.scores == (9.0, 7.0) and r.winners == (A,)


# ---------------------------------------------------------------------------------------------- SB-10
def test_SB_10_hands_private_board_and_face_down_cards_public() -> None:
    board = [card("1", 1, "strongman", A), card("1", 2, "clown", B, face_up=False)]
    s = GAME.new(2, setup=two(["fakir", "mime", "juggler"], ["trainer", "juggler", "knives"], board=board,
                              mulligan_used=[False, True]))
    v0, v1, spectator = s.view(0), s.view(1), s.view(None)
    assert v0["troupes"][0]["hand"] == ["juggler", "mime", "fakir"] and v0["troupes"][1]["hand"] is None
    assert v1["troupes"][0]["hand"] is None and spectator["troupes"][0]["hand"] is None
    assert spectator["rows"][0]["slots"][1]["card"] == "clown" and not spectator["rows"][0]["slots"][1]["face_up"]
    assert spectator["troupes"][1]["mulligan_used"] and "deck" not in spectator["troupes"][0]
    assert all("deck" not in key or key == "deck_size" for t in v0["troupes"] for key in t)


def test_SB_10_determinize_resamples_only_hands_and_deck_orders() -> None:
    s = GAME.new(2, seed=5)
    s.apply(s.turn, "mulligan")
    me = s.turn
    bottom = sorted(s.decks[me][:3])
    others_hands = set()
    for k in range(30):
        d = s.determinize(me, k)
        assert d.view(me) == s.view(me) and d.top == s.top and d.hands[me] == s.hands[me]
        assert sorted(d.decks[me][:3]) == bottom  # the mulliganed cards stay at the bottom
        other = 1 - me
        assert sorted(d.hands[other] + d.decks[other]) == sorted(s.hands[other] + s.decks[other])
        others_hands.add(tuple(d.hands[other]))
    assert len(others_hands) > 5


def test_SB_10_determinize_depends_only_on_the_seats_knowledge() -> None:
    """Two states that look the same to a seat give the same sample for the same rng."""
    s = GAME.new(2, seed=12)
    me = s.turn
    twin = s.determinize(me, 99)  # same view for `me`, but others' hands and every deck order differ
    for k in range(5):
        a, b = s.determinize(me, k), twin.determinize(me, k)
        assert a.hands == b.hands and a.decks == b.decks
