"""A sample of cards.toml entries checked against their effect (parameters, timing, targets).

Locations' Cargo Bonuses (R10.3), Player and Passenger die results (R9), Pilot Rewards (R13.9) and Actions (R12).
"""

from __future__ import annotations

from typing import Any

from nastolka.games.talespin import data as T

from .helpers import act, hold_names, names, new


def _kit(hands: list[list[str]], **kw: Any) -> dict[str, Any]:
    """Kit (SHIPPING 2) with Rebecca (+4): SHIPPING 6 meets every RECEIVING."""
    setup: dict[str, Any] = {"characters": ["kit", "karnage"], "first": 0, "step": 2, "hands": hands,
                             "chains": [["pas_rebecca"], []]}
    setup.update(kw)
    return setup


# ---------------------------------------------------------------- Location bonuses (R10.3)
def test_R10_3_locations_receiving_and_bonus_parameters() -> None:
    assert T.LOC_RECEIVING[1:] == (5, 2, 2, 4, 3, 3, 2, 6, 1, 4, 2, 5)
    assert T.LOC_BONUS[1] == (("draw", 2, "self"),)
    assert T.LOC_BONUS[4] == (("move_to_first", "choose_own"), ("draw", 1, "self"))
    assert T.LOC_BONUS[10] == (("open_cargo", 1, "opponent"),)
    assert T.LOC_BONUS[12] == (("steal_cargo", "packed", "chosen_opponent", False),)


def test_R10_3_treasure_island_searches_an_artifact_and_shuffles() -> None:
    s = new(_kit([["act_double_check", "cargo_ice"], []], positions=[5, 11]))
    act(s, "action:card=act_double_check", "cargo:card=cargo_ice")
    assert s.decision[0] == "take" and all(T.D_TYPE[T.DEF_INDEX[a.split("=")[1]]] == T.ARTIFACT for a in s.legal_ids(0))
    act(s, "take:card=art_medal")
    assert names(s.hands[0]) == ["art_medal"] and s.view(1)["seats"][0]["known_hand"] == ["art_medal"]


def test_R10_3_panda_la_moves_a_passenger_first_then_draws() -> None:
    s = new(_kit([["act_double_check", "cargo_ice"], []], positions=[4, 11], chains=[["pas_rebecca", "pas_client"], []],
                 deck=["pas_tourists"]))
    act(s, "action:card=act_double_check", "cargo:card=cargo_ice")
    assert s.decision[0] == "chain"
    act(s, "chain:seat=0,pos=1")
    assert names(s.chains[0]) == ["pas_client", "pas_rebecca"] and names(s.hands[0]) == ["pas_tourists"]


def test_R10_3_cliff_guns_opens_an_opponents_packed_cargo_only() -> None:
    s = new(_kit([["act_double_check", "cargo_ice"], []], positions=[10, 4],
                 holds=[["pas_client"], ["pas_tourists", "open:cargo_gold"]]))
    act(s, "action:card=act_double_check", "cargo:card=cargo_ice")
    # the only packed cargo of an opponent is the Tourists: a bluff, discarded; Kit's own stay packed
    assert hold_names(s, 1) == ["open:cargo_gold"] and hold_names(s, 0) == ["pas_client", "cargo_ice"]
    assert "pas_tourists" in names(s.discard)


def test_R10_3_no_bonus_for_an_artifact_played_in_step_2() -> None:
    s = new(_kit([["art_medal"], []], positions=[1, 7], deck=["pas_tourists", "pas_client"]))
    act(s, "artifact:card=art_medal,seat=0")
    assert s.hands[0] == [] and s.decision == ("main", 0)


def test_R6_2_stone_statue_takes_shipping_below_receiving() -> None:
    s = new(_kit([["act_double_check", "cargo_ice"], []], positions=[8, 2], chains=[["pas_rebecca"], []],
                 holds=[["open:art_stone_statue"], []]))
    assert s.stat(0, 0) == 4
    act(s, "action:card=act_double_check")
    # SHIPPING 4 < RECEIVING 6 at Khan Industries: Double Check does nothing (R16.4)
    assert s.decision == ("main", 0) and hold_names(s, 0) == ["open:art_stone_statue"] and names(s.hands[0]) == ["cargo_ice"]


# ---------------------------------------------------------------- die results (R9)
def test_R9_2_karnage_6_moves_plays_cargo_then_opens_an_opponents_cargo() -> None:
    s = new({"characters": ["karnage", "kit"], "first": 0, "step": 2, "dice": [6], "positions": [5, 3],
             "hands": [["cargo_ice"], []], "holds": [[], ["pas_client"]]})
    act(s, "end", "move:dir=cw,n=4", "cargo:card=cargo_ice")
    assert s.pos[0] == 9 and hold_names(s, 0) == ["cargo_ice"] and s.holds[1] == []


def test_R9_2_molly_1_draws_then_moves_at_most_one() -> None:
    s = new({"characters": ["molly", "karnage"], "first": 0, "step": 2, "dice": [1], "positions": [9, 12],
             "hands": [[], []], "deck": ["cargo_ice"]})
    act(s, "end")
    assert names(s.hands[0]) == ["cargo_ice"] and s.legal_ids(0) == ["move:dir=cw,n=1", "move:dir=ccw,n=1"]


def test_R9_2_kit_6_draws_after_the_cargo_and_its_bonus() -> None:
    s = new({"characters": ["kit", "karnage"], "first": 0, "step": 2, "dice": [6], "positions": [12, 6],
             "hands": [["cargo_ice"], []], "deck": ["pas_client", "pas_tourists"], "chains": [["pas_monkeys"], []]})
    act(s, "end", "move:dir=cw,n=6", "cargo:card=cargo_ice")
    # Higher for Hire's bonus (draw 1: the top card, Client) resolves before Kit's own draw (Tourists)
    assert names(s.hands[0]) == ["pas_client", "pas_tourists"]


def test_R9_3_shere_khan_passenger_6_each_opponent_discards_one() -> None:
    s = new({"characters": ["karnage", "kit", "baloo"], "first": 0, "step": 2, "dice": [6], "positions": [12, 3, 6],
             "hands": [["cargo_gold"], ["cargo_ice", "cargo_orchids"], ["cargo_medicine"]],
             "chains": [["pas_shere_khan"], [], []]}, players=3)
    act(s, "end", "move:dir=cw,n=1", "cargo:card=none")
    # turn order Karnage (12), Kit (3), Baloo (6): Kit chooses first, Baloo's single card goes by itself
    assert s.decision[:3] == ("discard", 1, "effect")  # then the source of the discard
    act(s, "discard:card=cargo_orchids")
    assert s.hands[2] == [] and names(s.hands[0]) == ["cargo_gold"]
    assert names(s.hands[1])[0] == "cargo_ice" and "cargo_orchids" in names(s.discard)  # then Kit's Step 1


def test_R9_3_thembrian_spy_2_peeks_and_keeps_the_card_packed() -> None:
    s = new({"characters": ["kit", "karnage"], "first": 0, "step": 2, "dice": [2], "positions": [3, 9],
             "hands": [[], []], "chains": [["pas_spy"], []], "holds": [[], ["cargo_ice"]]})
    act(s, "end", "move:dir=cw,n=1")
    assert hold_names(s, 1) == ["cargo_ice"] and s.view(0)["seats"][1]["hold"][0]["card"] == "cargo_ice"
    assert s.view(None)["seats"][1]["hold"][0]["card"] is None


def test_R9_3_wildcat_5_moves_any_own_passenger_first() -> None:
    s = new({"characters": ["kit", "karnage"], "first": 0, "step": 2, "dice": [5], "positions": [3, 9],
             "hands": [[], []], "chains": [["pas_client", "pas_wildcat", "pas_dunder"], []]})
    act(s, "end", "move:dir=cw,n=1")
    act(s, "chain:seat=0,pos=2")
    assert names(s.chains[0]) == ["pas_dunder", "pas_client", "pas_wildcat"]


# ---------------------------------------------------------------- Pilot Rewards (R13.9)
def test_R13_9_charter_pilot_reward_repacks_and_shuffles() -> None:
    s = new({"characters": ["karnage", "kit"], "first": 0, "step": 2, "positions": [12, 3],
             "hands": [["pil_charter"], []], "holds": [["open:cargo_gold", "open:cargo_ice"], []]})
    act(s, "pilot:card=pil_charter,target=1", "decline")
    assert sorted(hold_names(s, 0)) == ["cargo_gold", "cargo_ice"]
    assert all(e["card"] is None for e in s.view(1)["seats"][0]["hold"])


def test_R13_9_air_mail_pilot_reward_searches_a_cargo() -> None:
    s = new({"characters": ["karnage", "kit"], "first": 0, "step": 2, "positions": [12, 3],
             "hands": [["pil_air_mail"], []]})
    act(s, "pilot:card=pil_air_mail,target=1", "decline")
    assert s.decision[0] == "take" and all(a.startswith("take:card=cargo_") for a in s.legal_ids(0))


def test_R13_9_pirate_fighter_reward_opens_a_defenders_packed_cargo() -> None:
    s = new({"characters": ["karnage", "kit"], "first": 0, "step": 2, "positions": [12, 3],
             "hands": [["pil_pirate_fighter"], []], "holds": [["pas_client"], ["cargo_ice", "pas_tourists"]]})
    act(s, "pilot:card=pil_pirate_fighter,target=1", "decline")
    assert s.decision[0] == "pick" and s.legal_ids(0) == ["cargo:seat=1,pos=0", "cargo:seat=1,pos=1"]


# ---------------------------------------------------------------- Actions (R12)
def test_R12_1_flight_plan_moves_without_playing_cargo() -> None:
    s = new(_kit([["act_flight_plan", "cargo_ice"], []], positions=[3, 9]))
    act(s, "action:card=act_flight_plan", "move:dir=cw,n=2")
    assert s.pos[0] == 5 and s.decision == ("main", 0) and s.holds[0] == []


def test_R12_1_business_deal_without_a_business_passenger_draws_one() -> None:
    s = new({"characters": ["kit", "karnage"], "first": 0, "step": 2, "hands": [["act_business_deal"], []],
             "deck": ["pas_client"]})
    act(s, "action:card=act_business_deal")
    assert names(s.hands[0]) == ["pas_client"] and s.decision == ("main", 0)


def test_R12_1_red_tape_without_thembrian_each_opponent_discards_one() -> None:
    s = new({"characters": ["kit", "karnage"], "first": 0, "step": 2,
             "hands": [["act_red_tape"], ["cargo_ice", "cargo_orchids"]]})
    act(s, "action:card=act_red_tape")
    assert s.decision[:3] == ("discard", 1, "effect")  # then the source of the discard
    act(s, "discard:card=cargo_ice")
    assert names(s.hands[1]) == ["cargo_orchids"] and s.decision == ("main", 0)


def test_R12_1_kidnapped_without_a_pirate_does_nothing_but_is_playable() -> None:
    s = new({"characters": ["kit", "karnage"], "first": 0, "step": 2, "hands": [["act_kidnapped"], []],
             "chains": [[], ["pas_balamut"]]})
    act(s, "action:card=act_kidnapped")
    assert names(s.chains[1]) == ["pas_balamut"] and names(s.discard) == ["act_kidnapped"]


def test_R12_1_dogfight_actions_are_not_playable_in_step_2() -> None:
    s = new({"characters": ["kit", "karnage"], "first": 0, "step": 2,
             "hands": [["act_ambush", "act_evasive", "act_press", "act_patch_up", "act_into_clouds", "act_lookout"], []]})
    acts = [a for a in s.legal_ids(0) if a.startswith("action:")]
    assert acts == ["action:card=act_lookout"]
