"""SB-11: the eight worked examples of the spec, each a record with an explicit setup, replayed."""

from __future__ import annotations

from .helpers import card, place, record, run, slot, value

A, B = 0, 1


def hands(a: list[str], b: list[str]) -> list[list[str]]:
    return [a, b]


def test_SB_11_example_1_strongman_turns_clockwise() -> None:
    """[СИЛАЧ(A) 7], B places ЖОНГЛЁР: 3 < 14, no flip; 7 > 3, СИЛАЧ turns clockwise → 8."""
    setup = {"first": B, "board": [card("1", 1, "strongman", A)],
             "hands": hands(["clown", "mime", "fakir"], ["juggler", "acrobat", "knives"])}
    s = run(2, setup, [(B, place("juggler", "1", 2)), (B, "skip")])
    assert slot(s, "1", 1)["face_up"] and slot(s, "1", 1)["orient"] == 1 and value(s, "1", 1) == 8
    assert value(s, "1", 2) == 3


def test_SB_11_example_2_knife_thrower_may_discard_the_turned_juggler() -> None:
    """[ЖОНГЛЁР(A) 3], B places МЕТАТЕЛЬ НОЖЕЙ: 5 < 6, no flip; ЖОНГЛЁР ccw → 2; the effect may discard it."""
    setup = {"first": B, "board": [card("1", 1, "juggler", A)],
             "hands": hands(["clown", "mime", "fakir"], ["knives", "acrobat", "strongman"])}
    s = run(2, setup, [(B, place("knives", "1", 2))])
    assert value(s, "1", 1) == 2 and slot(s, "1", 1)["orient"] == 3
    assert "effect:card=knives,slot=1" in s.legal_ids(B)
    s = run(2, setup, [(B, place("knives", "1", 2)), (B, "effect:card=knives,slot=1")])
    assert not slot(s, "1", 1)["face_up"]


def test_SB_11_example_3_trainer_turns_the_walker_twice() -> None:
    """[КАНАТОХОДЕЦ(A) 4], A places ДРЕССИРОВЩИК: counter-clockwise → 1; effect: once more → 9."""
    setup = {"first": A, "board": [card("1", 1, "tightrope", A)],
             "hands": hands(["trainer", "mime", "fakir"], ["knives", "acrobat", "strongman"])}
    s = run(2, setup, [(A, place("trainer", "1", 2))])
    assert value(s, "1", 1) == 1
    s = run(2, setup, [(A, place("trainer", "1", 2)), (A, "effect:card=trainer")])
    assert value(s, "1", 1) == 9 and slot(s, "1", 1)["orient"] == 2


def test_SB_11_example_4_trainer_turns_the_strongman_twice() -> None:
    """[СИЛАЧ(A) 7], B places ДРЕССИРОВЩИК: clockwise → 8; effect: again → 3."""
    setup = {"first": B, "board": [card("1", 1, "strongman", A)],
             "hands": hands(["clown", "mime", "fakir"], ["trainer", "acrobat", "knives"])}
    s = run(2, setup, [(B, place("trainer", "1", 2))])
    assert value(s, "1", 1) == 8
    s = run(2, setup, [(B, place("trainer", "1", 2)), (B, "effect:card=trainer")])
    assert value(s, "1", 1) == 3


def test_SB_11_example_5_cannonball_discards_the_strongman() -> None:
    """[СИЛАЧ(A) 7], B places ЧЕЛОВЕК-ЯДРО: СИЛАЧ → 8; effect discards it; the cannonball shows 1."""
    setup = {"first": B, "board": [card("1", 1, "strongman", A)],
             "hands": hands(["clown", "mime", "fakir"], ["cannonball", "acrobat", "knives"])}
    s = run(2, setup, [(B, place("cannonball", "1", 2))])
    assert value(s, "1", 1) == 8
    s = run(2, setup, [(B, place("cannonball", "1", 2)), (B, "effect:card=cannonball")])
    assert not slot(s, "1", 1)["face_up"]
    assert value(s, "1", 2) == 1 and slot(s, "1", 2)["orient"] == 3


def test_SB_11_example_6_tightrope_walker_turns_both() -> None:
    """[СИЛАЧ(A) 7], B places КАНАТОХОДЕЦ: СИЛАЧ → 8; effect: walker → 6, СИЛАЧ back → 7."""
    setup = {"first": B, "board": [card("1", 1, "strongman", A)],
             "hands": hands(["clown", "mime", "fakir"], ["tightrope", "acrobat", "knives"])}
    s = run(2, setup, [(B, place("tightrope", "1", 2))])
    assert value(s, "1", 1) == 8
    s = run(2, setup, [(B, place("tightrope", "1", 2)), (B, "effect:card=tightrope")])
    assert value(s, "1", 2) == 6 and value(s, "1", 1) == 7


def test_SB_11_example_7_fakir_turns_and_is_never_discarded() -> None:
    """[ФАКИР(A) 4], B places СИЛАЧ: 7 < 8, no flip; ФАКИР ccw → 2; it can never be discarded."""
    setup = {"first": B, "board": [card("1", 1, "fakir", A)],
             "hands": hands(["clown", "mime", "juggler"], ["strongman", "acrobat", "knives"])}
    s = run(2, setup, [(B, place("strongman", "1", 2))])
    assert value(s, "1", 1) == 2
    # at 2, any card of base 4+ would knock it out — but a ФАКИР turns instead (step 2), and no effect
    # (knives, cannonball) is even offered against it
    setup2 = {"first": B, "board": [card("1", 1, "fakir", A, orient=3)],
              "hands": hands(["clown", "mime", "juggler"], ["cannonball", "acrobat", "knives"])}
    s = run(2, setup2, [(B, place("cannonball", "1", 2))])
    assert slot(s, "1", 1)["face_up"] and value(s, "1", 1) == 1
    assert s.view(None)["phase"] == "end"  # no cannonball decision: straight to B's token window
    assert not any(a.startswith("effect:") for a in s.legal_ids(B))
    s = run(2, setup2, [(B, place("knives", "1", 2))])
    assert slot(s, "1", 1)["face_up"] and s.view(None)["phase"] == "end"


def test_SB_11_example_8_magician_knocks_out_the_clown_and_places_again() -> None:
    """[КЛОУН(B) 1], A places ФОКУСНИК: 2 ≥ 2, the clown flies out; A places a second card."""
    setup = {"first": A, "board": [card("1", 1, "clown", B)],
             "hands": hands(["magician", "strongman", "fakir"], ["juggler", "acrobat", "knives"])}
    rec = record(2, setup, [(A, place("magician", "1", 2)), (A, place("strongman", "1", 1)), (A, "done")])
    assert rec.setup is not None
    s = run(2, setup, [(A, place("magician", "1", 2))])
    assert not slot(s, "1", 1)["face_up"]
    assert s.turn == A and place("strongman", "1", 1) in s.legal_ids(A) and "skip" in s.legal_ids(A)
    s = run(2, setup, rec.actions)
    top = slot(s, "1", 1)
    assert top["card"] == "strongman" and top["covered"] == [{"card": "clown", "owner": B}]
    assert value(s, "1", 2) == 2 and s.turn == B
