"""Tests of the decisions recorded in docs/decisions.md, section "Show Battle" (test_decision_…)."""

from __future__ import annotations

from nastolka.engine import Rng
from nastolka.games.show_battle import automa
from nastolka.games.show_battle.data import CARD_KIND, CLOWN, KIND_IDS, MAGICIAN, STRONGMAN

from .helpers import GAME, card, place, run, slot

A, B = 0, 1


def phase(s) -> str:
    return s.view(None)["phase"]


def test_decision_turn_is_start_effect_end_then_next_seat() -> None:
    s = GAME.new(2, setup={"first": A, "board": [card("1", 1, "strongman", B)],
                           "hands": [["acrobat", "mime", "fakir"], ["clown", "juggler", "knives"]]})
    assert phase(s) == "start"
    s.apply(A, place("acrobat", "1", 2))
    assert phase(s) == "effect" and s.turn == A
    s.apply(A, "skip")
    assert phase(s) == "end" and s.legal_ids(A) == ["token:row=1,slot=2", "done"]
    s.apply(A, "done")
    assert phase(s) == "start" and s.turn == B


def test_decision_no_one_option_decisions() -> None:
    # the knife thrower has no target: no lone skip; no token left: no end window
    s = GAME.new(2, setup={"first": A, "board": [card("1", 1, "strongman", B)], "tokens": [0, 3],
                           "hands": [["knives", "mime", "fakir"], ["clown", "juggler", "acrobat"]]})
    s.apply(A, place("knives", "1", 2))
    assert s.turn == B and phase(s) == "start"
    # a seat with nothing at all to choose passes by itself; with a token to place it must say "pass"
    names = ["clown", "magician", "juggler", "mime", "acrobat", "tightrope", "fakir"]
    board = [card("1", i, k, A) for i, k in enumerate(names, 1)] + [card("2", i, k, B) for i, k in enumerate(names, 1)]
    s = GAME.new(2, setup={"first": A, "board": board, "tokens": [3, 0], "mulligan_used": [True, True],
                           "hands": [["strongman", "trainer", "knives"], ["strongman", "trainer", "knives"]]})
    assert s.turn == A and "pass" in s.legal_ids(A)
    s.apply(A, "pass")
    assert s.is_over  # B had nothing to choose: its pass was automatic and ended the game
    assert not any(seat == B for seat, _ in s.history())


def test_decision_magician_extra_placement_is_optional_and_skipped_when_impossible() -> None:
    s = GAME.new(2, setup={"first": A, "hands": [["magician", "fakir", "mime"], ["clown", "juggler", "knives"]]})
    s.apply(A, place("magician", "1", 1))
    assert phase(s) == "extra" and "skip" in s.legal_ids(A)
    s = GAME.new(2, setup={"first": A, "hands": [["magician"], ["clown", "juggler", "knives"]], "tokens": [0, 3],
                           "decks": [[k for k in KIND_IDS if k != "magician"],
                                     [k for k in KIND_IDS if k not in ("clown", "juggler", "knives")]]})
    assert s.view(None)["troupes"][B]["deck_size"] == 9
    s.apply(A, place("magician", "1", 1))
    assert s.turn == B  # an empty hand: nothing to place, no decision


def test_decision_effect_ids_name_the_effect_a_mime_copies() -> None:
    s = run(2, {"first": A, "board": [card("1", 1, "trainer", B, orient=0)],
                "hands": [["mime", "clown", "fakir"], ["juggler", "acrobat", "knives"]]},
            [(A, place("mime", "1", 2))])
    # step 2: trainer 5 > 3 → clockwise; the copied trainer effect offers another clockwise turn
    assert "effect:card=trainer" in s.legal_ids(A)
    assert s.action_label("effect:card=trainer", "en").startswith("Animal trainer")


def test_decision_mulligan_only_first_in_the_turn_and_with_a_deck() -> None:
    s = GAME.new(2, setup={"first": A, "board": [card("1", 1, "strongman", A)],
                           "hands": [["acrobat", "mime", "fakir"], ["clown", "juggler", "knives"]]})
    assert "mulligan" in s.legal_ids(A)
    s.apply(A, "token:row=1,slot=1")
    assert "mulligan" not in s.legal_ids(A)
    s = GAME.new(2, setup={"first": A, "hands": [["acrobat", "mime", "fakir"], ["clown", "juggler", "knives"]],
                           "decks": [[], [k for k in KIND_IDS if k not in ("clown", "juggler", "knives")]],
                           "board": [card("1", 1, k, A, face_up=False) for k in KIND_IDS
                                     if k not in ("acrobat", "mime", "fakir")]})
    assert "mulligan" not in s.legal_ids(A)


def test_decision_knives_target_any_other_troupe() -> None:
    board = [card("A1", 1, "clown", 1), card("A1", 2, "clown", 2), card("A1", 3, "clown", 3)]
    s = run(4, {"first": 0, "board": board, "hands": [["knives", "mime", "fakir"]] * 4},
            [(0, place("knives", "A1", 4))])
    # clown 3 was knocked out by step 1 (5 ≥ 2); clowns 1 and 2 (seats 1 and 2) are targets
    assert [a for a in s.legal_ids(0) if a.startswith("effect:card=knives")] == ["effect:card=knives,slot=1",
                                                                           "effect:card=knives,slot=2"]


def test_decision_untargetable_cards_are_not_offered() -> None:
    for left in (card("1", 1, "fakir", B, orient=1), card("1", 1, "acrobat", B, token=True)):
        s = run(2, {"first": A, "board": [left], "hands": [["cannonball", "mime", "juggler"],
                                                           ["clown", "trainer", "knives"]]},
                [(A, place("cannonball", "1", 2))])
        assert "effect:card=cannonball" not in s.legal_ids(A)
        assert slot(s, "1", 2)["orient"] == 0  # the cannonball did not turn


def test_decision_face_down_cards_show_orientation_0() -> None:
    s = GAME.new(2, setup={"board": [card("1", 1, "strongman", B, orient=2, face_up=False)],
                           "hands": [["clown"], ["clown"]]})
    sl = slot(s, "1", 1)
    assert sl["orient"] == 0 and sl["value"] == 0 and not sl["face_up"]


def test_decision_jury_sympathy_only_with_two_players_automa_level_only_solo() -> None:
    for players in (3, 4):
        s = GAME.new(players, {"jury_sympathy": True, "automa_level": "legend"}, seed=1)
        assert not s.view(None)["jury_sympathy"] and s.view(None)["solo"] is None
    assert GAME.new(2, {"jury_sympathy": True}, seed=1).view(None)["jury_sympathy"]
    assert GAME.new(1, {"automa_level": "star"}, seed=1).view(None)["solo"] == {"level": "star",
                                                                                "margin_needed": 10}


def test_decision_solo_result_score_is_the_margin_and_the_seat_wins_only_by_reaching_it() -> None:
    s = GAME.new(1, {"automa_level": "debut"}, seed=4)
    rng = Rng(4)
    while not s.is_over:
        legal = s.legal_ids(0)
        s.apply(0, legal[rng.randbelow(len(legal))])
    r = s.result()
    d = r.details
    assert r.scores == (float(d["margin"]),)
    assert r.winners == ((0,) if d["reached"] else ()) and r.ranks == ((1,) if d["reached"] else (2,))
    assert d["margin"] == d["strength"][0] - d["rival_strength"]
    assert d["reached"] == (d["margin"] >= 1)


def test_decision_automa_avoids_knocking_out_its_own_card_and_takes_the_extra_placement() -> None:
    # its strongman would knock out its own juggler (7 ≥ 6): not a category; starting row 2 is (5)
    s = GAME.new(1, setup={"board": [card("1", 1, "juggler", 1)], "hands": [["clown"], ["strongman"]]})
    assert automa.pick(s, 1) == (STRONGMAN, 8)
    # ФОКУСНИК: the automa always places its second card
    s = GAME.new(1, setup={"board": [card("1", 1, "acrobat", 0, orient=3)], "hands": [["fakir"], ["magician", "clown"]]})
    automa.turn(s, [])
    # row 2 started with the magician (category 5), then the clown boosts it (category 4: 2 → 4)
    assert [CARD_KIND[c] for c in s.top[8:10]] == [MAGICIAN, CLOWN] and slot(s, "2", 1)["value"] == 4


def test_decision_automa_checks_for_a_token_after_a_pass_too() -> None:
    names = ["clown", "magician", "juggler", "mime", "acrobat", "tightrope", "fakir"]
    board = [card("1", i, k, 0) for i, k in enumerate(names, 1)]
    board += [card("2", i, k, 1) for i, k in enumerate(names[:6], 1)] + [card("2", 7, "strongman", 1, orient=1)]
    s = GAME.new(1, setup={"board": board, "hands": [["strongman"], ["trainer"]]})
    automa.turn(s, [])
    assert slot(s, "2", 7)["token"]


def test_decision_determinize_keeps_own_mulligan_cards_at_the_bottom() -> None:
    s = GAME.new(2, seed=8)
    me = s.turn
    s.apply(me, "mulligan")
    bottom = sorted(s.decks[me][:3])
    for k in range(10):
        assert sorted(s.determinize(me, k).decks[me][:3]) == bottom


def test_decision_setup_defaults() -> None:
    s = GAME.new(2, seed=3, setup={"board": [card("1", 1, "strongman", 0, token=True)]})
    v = s.view(None)
    assert [t["hand_size"] for t in v["troupes"]] == [3, 3]
    assert [t["deck_size"] for t in v["troupes"]] == [8, 9]
    assert [t["tokens"] for t in v["troupes"]] == [2, 3]
    again = GAME.new(2, seed=3, setup={"board": [card("1", 1, "strongman", 0, token=True)]})
    assert again.hands == s.hands and again.decks == s.decks  # the seed pins what the setup leaves open
