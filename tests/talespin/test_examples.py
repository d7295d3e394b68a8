"""The rulebook's own examples (RULES.md R8.7, R9.6, R6.2, R10.6, R13.14, R20.4) as records with a setup."""

from __future__ import annotations

from .helpers import act, hold_names, names, new, record, run_record


def test_R8_7_R9_6_molly_chain_roll_of_3() -> None:
    setup = {
        "characters": ["molly", "karnage"], "first": 0, "step": 2, "dice": [3],
        "hands": [["pas_boltun", "cargo_coffee", "pas_client"], ["cargo_mangoes"]],
        "chains": [["pas_fint", "pas_baloo", "pas_balamut", "pas_monkeys"], []],
        "deck": ["cargo_ice", "cargo_gold"],
    }
    actions = ["passenger:card=pas_boltun", "drop:pos=3", "end", "move:dir=cw,n=3", "cargo:card=none"]
    rec = record(setup, actions)
    # after Gibber joins and the Monkey Workers are dropped: [Feint, Baloo, Troublemaker, Gibber]
    s = run_record(rec, upto=2)
    assert names(s.chains[0]) == ["pas_fint", "pas_baloo", "pas_balamut", "pas_boltun"]
    assert "pas_monkeys" in names(s.discard)
    s = run_record(rec)
    assert s.pos[0] == 9
    # Feint discarded himself, Troublemaker made everyone draw (Molly first), Gibber moved to the front
    assert names(s.chains[0]) == ["pas_boltun", "pas_baloo", "pas_balamut"]
    assert "pas_fint" in names(s.discard)
    assert "cargo_ice" in names(s.hands[0])
    assert "cargo_gold" in names(s.hands[1])
    assert s.active == 1  # Molly's turn is over


def test_R6_2_kit_and_rebecca_ship_6_at_khan_industries() -> None:
    setup = {"characters": ["kit", "baloo"], "first": 0, "step": 2, "dice": [1], "positions": [5, 11],
             "hands": [["pas_rebecca", "cargo_ice", "cargo_gold"], ["cargo_mangoes"]],
             "deck": ["cargo_orchids"]}
    assert new(setup).stat(0, 0) == 2
    rec = record(setup, ["passenger:card=pas_rebecca", "end", "move:dir=cw,n=3", "cargo:card=cargo_ice",
                         "take:card=cargo_coffee"])
    s = run_record(rec, upto=1)
    assert s.stat(0, 0) == 6
    s = run_record(rec, upto=[a for _, a in rec.actions].index("move:dir=cw,n=3") + 1)
    assert s.pos[0] == 8 and s.decision[0] == "cargo"  # SHIPPING 6 >= RECEIVING 6
    s = run_record(rec)
    # Khan Industries' bonus searched the deck for a Cargo
    assert len(s.holds[0]) == 1 and "cargo_coffee" in names(s.hands[0])


def test_R6_2_kit_without_rebecca_cannot_ship_at_khan_industries() -> None:
    setup = {"characters": ["kit", "baloo"], "first": 0, "step": 2, "dice": [1], "positions": [5, 11],
             "hands": [["cargo_ice", "cargo_gold"], ["cargo_mangoes"]]}
    s = new(setup)
    act(s, "end", "move:dir=cw,n=3")
    assert s.pos[0] == 8
    assert s.active == 1  # no cargo decision was offered: SHIPPING 2 < RECEIVING 6
    assert s.holds[0] == []


def test_R10_6_open_two_of_karnages_four_packed_cargo() -> None:
    setup = {"characters": ["kit", "karnage"], "first": 0, "step": 2,
             "hands": [["act_customs"], ["cargo_mangoes"]],
             "holds": [[], ["pas_client", "cargo_gold", "pil_patrol", "cargo_ice"]]}
    actions = ["action:card=act_customs", "cargo:seat=1,pos=1", "cargo:seat=1,pos=2"]
    s = run_record(record(setup, actions))
    assert hold_names(s, 1) == ["pas_client", "open:cargo_gold", "cargo_ice"]
    assert "pil_patrol" in names(s.discard)


def test_R13_14_karnage_vs_baloo_dogfight() -> None:
    setup = {"characters": ["karnage", "baloo"], "first": 0, "step": 2, "positions": [12, 3],
             "hands": [["act_pirate_raid", "cargo_clocks"], ["cargo_airmail", "cargo_medicine"]],
             "holds": [[], ["cargo_gold", "pas_client", "pas_tourists", "cargo_coffee"]],
             "deck": ["cargo_ice", "cargo_ice", "cargo_orchids", "cargo_orchids", "pas_monkeys"]}
    actions = ["dogfight:target=1", "accept", "block:card=cargo_airmail", "maneuver:card=act_pirate_raid",
               "block:card=cargo_medicine", "maneuver:card=cargo_clocks", "yield"]
    rec = record(setup, actions)
    s = run_record(rec)
    assert s.dogfight is not None and s.dogfight.damage == 4 and s.dogfight.yield_bonus == 0
    assert names(s.hands[0]) == ["cargo_ice", "cargo_ice"]  # Karnage drew PILOTING 2
    assert s.decision[0] == "damage" and s.decision[1] == 0
    act(s, "damage:do=open,pos=1", "damage:do=open,pos=1", "damage:do=open,pos=1", "damage:do=discard,pos=1")
    # the two bluffs were discarded after opening, the genuine cargo opened and then discarded
    assert s.dogfight is None
    assert len(s.holds[1]) == 1


def test_R20_4_solitaire_covering_from_khan_industries_clockwise() -> None:
    setup = {"characters": ["baloo"], "first": 0, "hands": [["cargo_ice", "cargo_gold", "cargo_orchids", "act_rush"]],
             "deck": ["pas_boltun", "pil_mad_dog", "cargo_coffee", "pas_dumptruck"]}
    rec = record(setup, [], players=1)
    s = run_record(rec)
    # Step 1: draw 1 (Gibber, red: covers 8 and counts as the one card), fill to 5 (Mad Dog covers 9,
    # Jungle Coffee fills the hand), then Khan takes the top card (Dumptruck) as cargo without covering
    assert names(s.covered) == ["pas_boltun", "pil_mad_dog"]
    assert s._covered(8) and s._covered(9) and not s._covered(10)
    assert len(s.hands[0]) == 5
    assert names([v & 127 for v in s.holds[1]]) == ["pas_dumptruck"]
