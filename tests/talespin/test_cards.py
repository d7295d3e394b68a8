"""Every card definition of cards.toml is played at least once, in the window its type and timing allow.

Each scenario starts from an explicit setup, plays the card under test, then finishes the turn with a
fixed policy (the first legal action, declining or yielding in dogfights) while checking that the 110
cards are conserved.  Passengers are also resolved for every die result 1..6.
"""

from __future__ import annotations

from typing import Any

import pytest

from nastolka.games.talespin import data as T

from .helpers import act, all_cards, hold_names, names, new

ALL = list(range(110))


def _finish_turn(s: Any, prefer: tuple[str, ...] = ("decline", "yield", "pass", "end", "bounty:card=none",
                                                    "cargo:card=none")) -> None:
    start_turn = s.turn_no
    steps = 0
    while not s.is_over and s.turn_no == start_turn:
        seat = s.to_act[0]
        legal = s.legal_ids(seat)
        aid = next((a for a in prefer if a in legal), legal[0])
        s.apply(seat, aid)
        assert all_cards(s) == ALL
        steps += 1
        assert steps < 500


def _rich(hand0: list[str], hand1: list[str], **kw: Any) -> dict[str, Any]:
    """Karnage (Pirate; chain with Khan, Business, Mechanic, Thembrian keywords) at 12 against Kit at 2."""
    setup: dict[str, Any] = {
        "characters": ["karnage", "kit"], "first": 0, "step": 2, "positions": [12, 2], "dice": [1],
        "hands": [hand0 + ["cargo_bananas", "cargo_mangoes"], hand1 + ["cargo_medicine", "cargo_fireworks"]],
        "chains": [["pas_shere_khan", "pas_wildcat", "pas_dunder"], ["pas_molly", "pas_client"]],
        "holds": [["open:cargo_coffee"], ["pas_tourists", "cargo_ice", "open:cargo_gold"]],
        "discard": ["cargo_orchids"],
        "deck": ["cargo_airmail", "cargo_airmail", "cargo_clocks", "cargo_clocks", "pas_louie", "pas_defector",
                 "cargo_machine_parts", "cargo_machine_parts"],
    }
    setup.update(kw)
    return setup


DEFS = list(range(T.NDEFS))


def _played(events_holder: list[Any], kind: str, card: str) -> bool:
    return any(e.kind == kind and e.args.get("card") == card for e in events_holder)


@pytest.mark.parametrize("d", [d for d in DEFS if T.D_TYPE[d] == T.CARGO], ids=lambda d: T.DEF_ID[d])
def test_card_cargo_played_as_final_genuine_cargo(d: int) -> None:
    cid = T.DEF_ID[d]
    players = 3 if cid == "cargo_khan" else 2
    chars = ["kit", "karnage", "baloo"][:players]
    s = new({"characters": chars, "first": 0, "step": 2, "dice": [1], "positions": [2, 9, 6][:players],
             "hands": [[cid]] + [[]] * (players - 1), "holds": [["pas_client"] * 2 + ["pas_tourists", "pas_dunder"]]},
            players=players)
    act(s, "end", "move:dir=cw,n=1", f"cargo:card={cid}")
    assert hold_names(s, 0)[-1] == "open:" + cid and s.winners == (0,)


@pytest.mark.parametrize("d", [d for d in DEFS if T.D_TYPE[d] == T.ARTIFACT], ids=lambda d: T.DEF_ID[d])
def test_card_artifact_played_and_working(d: int) -> None:
    cid = T.DEF_ID[d]
    s = new(_rich([cid], []))
    before = [s.stat(0, k) for k in range(3)]
    act(s, f"artifact:card={cid},seat=0")
    after = [s.stat(0, k) for k in range(3)]
    assert after == [max(0, b + m) for b, m in zip(before, T.D_STATS[d], strict=True)]
    if T.D_TRIGGER[d] == "after_draw_step":
        s = new({"characters": ["kit", "karnage"], "first": 0, "hands": [["cargo_ice", "cargo_gold"] * 2 +
                                                                          ["pas_client"], []],
                 "holds": [["open:" + cid], []]})
        # 5 + 1 drawn at Step 1, then the trigger: Treasure Map draws 1, the Idol discards 1 (a choice)
        if T.D_EFFECT[d][0][0] == "draw":
            assert len(s.hands[0]) == 7
        else:
            assert s.decision[0] == "discard"
            act(s, "discard:card=pas_client")
            assert len(s.hands[0]) == 5
    _finish_turn(s)


def _pas_setup(cid: str) -> tuple[list[str], str]:
    d = T.DEF_INDEX[cid]
    main = T.D_MAIN_CHAR[d]
    if main in ("pl_karnage", "pl_kit"):
        return ["baloo", "molly"], "baloo"
    return ["karnage", "kit"], "karnage"


@pytest.mark.parametrize("d", [d for d in DEFS if T.D_TYPE[d] == T.PASSENGER], ids=lambda d: T.DEF_ID[d])
def test_card_passenger_played_and_every_die_result(d: int) -> None:
    cid = T.DEF_ID[d]
    chars, _ = _pas_setup(cid)
    filler = ["cargo_ice", "cargo_orchids", "cargo_medicine"]
    bluff = "pas_tourists" if cid != "pas_tourists" else "pas_dumptruck"
    mine = "pas_louie" if cid != "pas_louie" else "pas_defector"
    theirs = "pas_client" if cid != "pas_client" else "pas_spy"
    base = {"characters": chars, "first": 0, "step": 2, "positions": [12, 2] if chars[0] == "karnage" else [6, 7],
            "holds": [[bluff], ["pas_monkeys", "cargo_ice", "open:cargo_gold"]],
            "discard": ["cargo_bananas"]}
    s = new({**base, "hands": [[cid] + filler, ["cargo_airmail"]]})
    act(s, f"passenger:card={cid}")
    assert names(s.chains[0]) == [cid]
    for r in range(1, 7):
        s = new({**base, "dice": [r], "hands": [filler[:], ["cargo_airmail", "cargo_coffee"]],
                 "chains": [[cid, mine], [theirs]]})
        act(s, "end")
        _finish_turn(s)


def test_card_passenger_die_effects_spot_checks() -> None:
    # Feint 4: peek 2 packed cargo of any hold; Gibber 2: peek 1
    s = new({"characters": ["karnage", "kit"], "first": 0, "step": 2, "dice": [4], "positions": [12, 2],
             "hands": [[], []], "chains": [["pas_fint"], []], "holds": [[], ["pas_client", "cargo_ice", "cargo_gold"]]})
    act(s, "end", "move:dir=cw,n=1")
    act(s, s.legal_ids(0)[0])
    act(s, s.legal_ids(0)[0])
    known = [e["card"] for e in s.view(0)["seats"][1]["hold"] if e["card"]]
    assert len(known) == 2
    # Wildcat 2: retrieve 1 card from the discard pile (shown to everyone)
    s = new({"characters": ["karnage", "kit"], "first": 0, "step": 2, "dice": [2], "positions": [12, 2],
             "hands": [[], []], "chains": [["pas_wildcat"], []], "discard": ["cargo_gold", "cargo_ice"]})
    act(s, "end", "move:dir=cw,n=1", "take:card=cargo_gold")
    assert "cargo_gold" in names(s.hands[0])


@pytest.mark.parametrize("d", [d for d in DEFS if T.D_TYPE[d] == T.PILOT], ids=lambda d: T.DEF_ID[d])
def test_card_pilot_dogfight_and_reward(d: int) -> None:
    cid = T.DEF_ID[d]
    s = new(_rich([cid], []))
    act(s, f"pilot:card={cid},target=1")
    evs: list[Any] = []
    while s.dogfight is not None:
        seat = s.to_act[0]
        legal = s.legal_ids(seat)
        aid = next((a for a in ("decline", "yield", "pass") if a in legal), legal[0])
        evs += s.apply(seat, aid)
        assert all_cards(s) == ALL
    assert cid in names(s.discard) or cid in names(s.hands[1])
    assert any(e.kind == "dogfight_won" for e in evs) or T.D_MODS[d]
    _finish_turn(s)


def _action_scenario(cid: str) -> Any:
    d = T.DEF_INDEX[cid]
    timing, role = T.D_TIMING[d], T.D_ROLE[d]
    if timing in ("own_step2", "any_turn"):
        s = new(_rich([cid, "pas_client"], []))
        act(s, f"action:card={cid}")
        return s
    if timing in ("start_dogfight", "before_piloting_draws", "after_piloting_draws", "win_dogfight",
                  "dogfight_ends") or (timing == "instead_of_maneuver" and role == "attacker"):
        s = new(_rich([cid, "pas_client"], []))
        act(s, "dogfight:target=1")
        if timing == "instead_of_maneuver":
            act(s, "accept", "block:card=cargo_fireworks")
            assert s.decision[0] == "attack"
            act(s, f"action:card={cid}")
            return s
        while s.decision[0] != "window" or s.decision[1] != 0 or s.decision[2] != timing:
            legal = s.legal_ids(s.to_act[0])
            pref = "accept" if timing in ("before_piloting_draws", "after_piloting_draws") else "decline"
            s.apply(s.to_act[0], next((a for a in (pref, "yield", "pass") if a in legal), legal[0]))
        act(s, f"action:card={cid}")
        return s
    # defender cards
    s = new(_rich([], [cid]))
    act(s, "dogfight:target=1")
    if timing == "instead_of_maneuver":
        act(s, "accept", f"action:card={cid}")
        return s
    pref = "decline" if timing == "lose_dogfight" else "accept"
    while s.decision[0] != "window" or s.decision[1] != 1 or s.decision[2] != timing:
        legal = s.legal_ids(s.to_act[0])
        s.apply(s.to_act[0], next((a for a in (pref, "yield", "pass") if a in legal), legal[0]))
    act(s, f"action:card={cid}")
    return s


@pytest.mark.parametrize("d", [d for d in DEFS if T.D_TYPE[d] == T.ACTION], ids=lambda d: T.DEF_ID[d])
def test_card_action_played_in_its_window(d: int) -> None:
    cid = T.DEF_ID[d]
    s = _action_scenario(cid)
    assert all_cards(s) == ALL
    _finish_turn(s)
    assert cid in names(s.discard) or cid in names(s.hands[0]) + names(s.hands[1])


def test_card_action_effects_spot_checks() -> None:
    # Kidnapped!: Karnage (Pirate) steals Kit's Kid passenger (Molly)
    s = _action_scenario("act_kidnapped")
    assert "pas_molly" in names(s.chains[0])
    # Hostile Takeover with Shere Khan aboard: steal an open cargo
    s = _action_scenario("act_takeover")
    assert "open:cargo_gold" in hold_names(s, 0)
    # Thembrian Red Tape with Dunder (Thembrian): the opponent discards 2
    s = _action_scenario("act_red_tape")
    while s.decision[0] != "main":
        act(s, s.legal_ids(s.to_act[0])[0])
    assert len(s.hands[1]) == 0
    # Business Deal with a Business passenger: search the deck for a Cargo
    s = _action_scenario("act_business_deal")
    assert s.decision[0] == "take" or any(T.C_TYPE[i] == T.CARGO for i in s.hands[0][-1:])
    # Flight Plan: move up to 2, RANGE +1 this turn
    s = _action_scenario("act_flight_plan")
    act(s, "move:dir=cw,n=1")
    assert s.stat(0, 1) == 3 + 1 + 1 + 0 + 1  # Karnage 3, Khan +1, Wildcat +1, Dunder 0, Flight Plan +1
    # Surprise Attack: +2 to the first maneuver (Pirate Attack 6 -> 8)
    s = _action_scenario("act_surprise")
    assert s.dogfight.first_modifier == 2
    # Press the Attack as the winning attacker: +1 Damage
    s = _action_scenario("act_press")
    assert s.dogfight.damage_adjust == 1
    # Bail Out! as the losing defender: -2 Damage
    s = _action_scenario("act_bail_out")  # Pirate Attack's 2 Damage - 2: the hold stays intact
    assert s.dogfight is None and len(s.holds[1]) == 3
    # Evasive Maneuver blocks the first maneuver
    s = _action_scenario("act_evasive")
    assert s.dogfight.blocked == 1 and s.decision[0] == "attack"
    # Reinforcements: the top deck card becomes the attacking maneuver
    s = _action_scenario("act_reinforcements")
    assert len(s.attack_cards) == 1
