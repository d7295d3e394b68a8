"""Dogfight edge cases (RULES.md R13, R14 and the dogfight clarifications of R24).

Every scenario starts from an explicit setup; the rule id is in every test name.
"""

from __future__ import annotations

from typing import Any

from .helpers import act, hold_names, names, new, record, run_record

FILL = ["pas_louie", "pas_dunder", "pas_tourists", "pas_spy", "pas_defector", "pas_rebecca", "pas_wildcat"]
HOLD = ["pas_client", "pas_monkeys", "pas_henchmen", "pas_pirate_crew", "pas_client"]


def _df(att: list[str], dfd: list[str], **kw: Any) -> dict[str, Any]:
    """Karnage (RANGE 3, PILOTING 2, Pirate Attack 6 with 2 Damage) at 12 against Baloo (PILOTING 3) at 3."""
    setup: dict[str, Any] = {"characters": ["karnage", "baloo"], "first": 0, "step": 2, "positions": [12, 3],
                             "hands": [att, dfd], "deck": FILL}
    setup.update(kw)
    return setup


def _until(s: Any, kind: str) -> None:
    while s.decision is not None and s.decision[0] != kind:
        legal = s.legal_ids(s.to_act[0])
        act(s, next((a for a in ("pass", "bounty:card=none") if a in legal), legal[0]))


# ---------------------------------------------------------------- R13.4 accept / decline
def test_R13_4_decline_scores_the_first_maneuvers_draw_icon() -> None:
    # Kit's Serpentine 10 has 1 Draw: a decline gives Kit that card, and no PILOTING draws happen
    s = new({"characters": ["kit", "karnage"], "first": 0, "step": 2, "positions": [3, 4],
             "hands": [[], []], "deck": FILL})
    act(s, "dogfight:target=1", "decline")
    assert s.dogfight is None and names(s.hands[0]) == ["pas_louie"] and s.hands[1] == []


def test_R13_4_spigot_forces_acceptance_and_a_yield_adds_one_damage() -> None:
    s = new(_df(["pil_spigot"], [], holds=[[], ["cargo_gold"] + HOLD[:3]]))
    act(s, "pilot:card=pil_spigot,target=1")
    assert s.dogfight.cannot_decline == 1 and s.dogfight.accepted == 1 and s.decision == ("defend", 1)
    assert "decline" not in s.legal_ids(1)
    act(s, "yield")
    assert s.dogfight.damage == 2 and s.dogfight.yield_bonus == 1  # Sideslip 4 with 2 Damage, + 1 for yielding


def test_R24_4_yield_bonus_even_when_the_piloting_draw_was_zero() -> None:
    # Jammed Guns takes Baloo's 3 PILOTING cards to 1; with Danger Woman's -1 ... here: Karnage plays
    # Jammed Guns (-2) and Baloo's chain has no Passenger: 3 - 2 = 1 card; a second Jammed is not in the deck,
    # so Baloo's PILOTING is cut to 0 by a Jinxed Compass (-1) in his hold
    s = new(_df(["act_jammed"], [], holds=[[], ["open:art_jinxed_compass"]]))
    assert s.stat(1, 2) == 2
    act(s, "dogfight:target=1", "accept", "action:card=act_jammed")
    assert s.dogfight.defender_piloting == -2 and s.hands[1] == []
    act(s, "yield")
    assert s.dogfight.yield_bonus == 1


# ---------------------------------------------------------------- R13.5 PILOTING draws
def test_R13_5_pilot_dogfight_draws_the_pilots_piloting_not_the_players_total() -> None:
    # Karnage's total PILOTING is 2 + Louie 1 = 3, but Air Pirate Fighter has PILOTING 1
    s = new(_df(["pil_pirate_fighter"], [], chains=[["pas_louie"], []], deck=FILL[1:]))
    assert s.stat(0, 2) == 3
    act(s, "pilot:card=pil_pirate_fighter,target=1", "accept")
    assert names(s.hands[0]) == ["pas_dunder"] and len(s.hands[1]) == 3


def test_R13_5_R13_13_danger_woman_defender_draws_one_fewer() -> None:
    s = new(_df(["pil_danger_woman"], []))
    act(s, "pilot:card=pil_danger_woman,target=1", "accept")
    assert s.dogfight.defender_piloting == -1
    assert len(s.hands[0]) == 1 and len(s.hands[1]) == 2  # Danger Woman 1; Baloo 3 - 1


def test_R13_5_R24_1_piloting_deltas_are_summed_before_the_floor() -> None:
    # Danger Woman (-1) and Jammed Guns (-2) against Baloo's 3 with Wingman (+2, Baloo is a Pilot): 3 - 1 - 2 + 2 = 2
    s = new(_df(["pil_danger_woman", "act_jammed"], ["act_wingman"]))
    act(s, "pilot:card=pil_danger_woman,target=1", "accept", "action:card=act_jammed", "action:card=act_wingman")
    assert s.dogfight.defender_piloting == -1 - 2 + 2 and len(s.hands[1]) == 2


# ---------------------------------------------------------------- R13.6 / R13.7 the exchange
def test_R13_6_attacker_out_of_cards_loses_and_the_pilot_can_be_bounty() -> None:
    # Air Pirate Fighter (PILOTING 1) is cut to 0 by Jammed Guns: after the block Karnage has no card
    s = new(_df(["pil_pirate_fighter"], ["act_jammed", "cargo_gold"]))
    act(s, "pilot:card=pil_pirate_fighter,target=1", "accept", "action:card=act_jammed")
    assert s.dogfight.attacker_piloting == -2 and s.hands[0] == []
    act(s, "block:card=cargo_gold")
    assert s.decision == ("bounty", 1, 1)
    assert s.legal_ids(1) == ["bounty:card=cargo_gold", "bounty:card=pil_pirate_fighter", "bounty:card=none"]
    act(s, "bounty:card=pil_pirate_fighter")
    assert "pil_pirate_fighter" in names(s.hands[1]) and "cargo_gold" in names(s.discard)
    assert s.dogfight is None and s.decision == ("main", 0)


def test_R13_6_block_needs_equal_or_higher_and_the_attacker_must_go_on() -> None:
    s = new(_df([], ["cargo_medicine", "cargo_bananas", "cargo_mangoes"]))
    act(s, "dogfight:target=1", "accept")
    legal = s.legal_ids(1)
    assert "block:card=cargo_medicine" not in legal and "block:card=cargo_bananas" in legal
    act(s, "block:card=cargo_bananas")
    assert s.decision == ("attack", 0) and "end" not in s.legal_ids(0)


def test_R13_7_lucky_shot_blocks_a_modified_13_under_ties_favour_attacker() -> None:
    # Khan Squadron Pilot (7, ties favour the attacker) + Surprise Attack (+2) = 9; the defender's 9 cannot block,
    # his Lucky Shot can
    s = new(_df(["pil_khan_pilot", "act_surprise"], ["cargo_coffee", "act_bail_out"],
                deck=["cargo_ice", "cargo_ice", "cargo_orchids", "cargo_orchids", "cargo_medicine"]))
    act(s, "pilot:card=pil_khan_pilot,target=1", "action:card=act_surprise", "accept")
    assert s.dogfight.ties_favour_attacker == 1 and s.dogfight.current == 9
    assert s.legal_ids(1) == ["block:card=act_bail_out", "yield"]
    s = new(_df(["pil_danger_woman", "act_surprise"], ["art_power_crystal", "act_bail_out"]))
    act(s, "pilot:card=pil_danger_woman,target=1", "action:card=act_surprise", "accept")
    assert s.dogfight.current == 13  # 12 + 2, clamped
    assert "block:card=art_power_crystal" in s.legal_ids(1) and "block:card=act_bail_out" in s.legal_ids(1)


def test_R13_6_evasive_on_the_third_maneuver_wins_for_the_defender() -> None:
    s = new(_df(["cargo_gold", "cargo_fireworks"], ["cargo_bananas", "act_evasive", "act_lookout"]))
    act(s, "dogfight:target=1", "accept", "block:card=cargo_bananas", "maneuver:card=cargo_gold",
        "block:card=act_lookout", "maneuver:card=cargo_fireworks", "action:card=act_evasive")
    assert s.decision[0] == "bounty" and s.decision[1] == 1  # defender victory


# ---------------------------------------------------------------- R13.8 totals
def test_R13_8_yield_after_a_block_gets_no_extra_damage() -> None:
    s = new(_df(["cargo_machine_parts"], ["cargo_bananas"], holds=[[], HOLD[:3]]))
    act(s, "dogfight:target=1", "accept", "block:card=cargo_bananas", "maneuver:card=cargo_machine_parts", "yield")
    assert s.dogfight.blocked == 1 and s.dogfight.yield_bonus == 0 and s.dogfight.damage == 2 + 1


def test_R13_7_yield_without_a_maneuver_takes_one_extra_damage() -> None:
    s = new(_df([], [], holds=[[], HOLD[:4]]))
    act(s, "dogfight:target=1", "accept", "yield")
    assert s.decision == ("damage", 0) and s.dogfight.damage + s.dogfight.yield_bonus == 3
    act(s, "damage:do=open,pos=0", "damage:do=open,pos=0", "damage:do=open,pos=0")
    assert hold_names(s, 1) == ["pas_pirate_crew"] and s.dogfight is None


def test_R13_8_press_the_attack_and_bail_out_sum_before_the_floor() -> None:
    # 2 (Pirate Attack) + 1 (yield) + 1 (Press the Attack) - 2 (Bail Out!) = 2 points
    s = new(_df(["act_press"], ["act_bail_out"], holds=[[], HOLD[:4]]))
    act(s, "dogfight:target=1", "accept", "yield", "action:card=act_press", "action:card=act_bail_out")
    assert s.dogfight.damage_adjust == 1 - 2 and s.decision == ("damage", 0)
    act(s, "damage:do=open,pos=0", "damage:do=open,pos=0")
    assert s.dogfight is None and len(s.holds[1]) == 2


def test_R13_8_quick_repairs_with_a_mechanic_prevents_three() -> None:
    s = new(_df([], ["act_quick_repairs"], holds=[[], HOLD[:4]], chains=[[], ["pas_wildcat"]], deck=FILL[:6]))
    act(s, "dogfight:target=1", "accept", "yield", "action:card=act_quick_repairs")
    assert s.dogfight is None and len(s.holds[1]) == 4  # 2 + 1 - 3 = 0


def test_R13_8_reinforcements_card_counts_its_icons() -> None:
    # Reinforcements: the top card (Dumptruck: 8 with 2 Damage) + 1 = 9 becomes A2
    s = new(_df(["act_reinforcements"], ["cargo_bananas"], holds=[[], HOLD[:5]],
                deck=FILL[:5] + ["pas_dumptruck"]))
    act(s, "dogfight:target=1", "accept", "block:card=cargo_bananas", "action:card=act_reinforcements")
    assert s.dogfight.current == 9 and names(s.attack_cards) == ["pas_dumptruck"]
    act(s, "yield")
    assert s.dogfight.damage == 2 + 2 and s.dogfight.yield_bonus == 0


def test_R13_6_R15_3_reinforcements_reshuffles_an_empty_deck() -> None:
    s = new(_df(["act_reinforcements"], ["cargo_bananas"]))
    act(s, "dogfight:target=1", "accept")
    s.discard.extend(s.deck)
    s.deck.clear()
    act(s, "block:card=cargo_bananas", "action:card=act_reinforcements")
    assert len(s.attack_cards) == 1 and s.decision[0] == "defend"


def test_R13_6_reinforcements_with_no_card_anywhere_loses_the_dogfight() -> None:
    s = new(_df(["act_reinforcements"], ["cargo_bananas"]))
    act(s, "dogfight:target=1", "accept")
    s.deck.clear()
    s.discard.clear()
    act(s, "block:card=cargo_bananas", "action:card=act_reinforcements")
    assert s.attack_cards == [] and s.decision[0] == "bounty" and s.decision[1] == 1


def test_R13_8_spoils_of_war_does_not_change_the_fixed_totals() -> None:
    s = new(_df(["act_spoils", "cargo_fireworks"], ["cargo_gold"], holds=[[], HOLD[:4]],
                deck=["cargo_clocks", "cargo_clocks"]))
    act(s, "dogfight:target=1", "accept", "block:card=cargo_gold", "maneuver:card=cargo_fireworks", "yield")
    assert s.dogfight.damage == 3
    act(s, "action:card=act_spoils")
    assert s.legal_ids(0) == ["bounty:card=cargo_fireworks", "bounty:card=cargo_gold"]  # no "none": mandatory
    act(s, "bounty:card=cargo_fireworks")
    assert s.dogfight.damage == 3 and s.decision == ("damage", 0)


# ---------------------------------------------------------------- R13.9 attacker victory
def test_R13_9_reward_resolves_before_damage() -> None:
    # Mad Dog: steal 1 packed cargo from the defender, then Damage (Strafe 8, 1 Damage) hits what is left
    s = new(_df(["pil_mad_dog"], [], holds=[[], ["pas_client"]]))
    act(s, "pilot:card=pil_mad_dog,target=1", "decline")
    assert hold_names(s, 0) == ["pas_client"] and s.holds[1] == []
    assert s.dogfight is None  # the Damage point had no legal option (no cargo, no hand): lost


def test_R13_9_one_point_opens_a_genuine_cargo_the_next_discards_it() -> None:
    s = new(_df([], [], holds=[[], ["cargo_gold"]]))
    act(s, "dogfight:target=1", "decline")
    assert s.legal_ids(0) == ["damage:do=open,pos=0"]
    act(s, "damage:do=open,pos=0")
    assert s.legal_ids(0) == ["damage:do=discard,pos=0"]
    act(s, "damage:do=discard,pos=0")
    assert s.holds[1] == [] and "cargo_gold" in names(s.discard)


def test_R13_9_hand_damage_is_chosen_by_the_defender() -> None:
    s = new(_df([], ["cargo_gold", "pas_client"]))
    act(s, "dogfight:target=1", "decline", "damage:do=hand")
    assert s.decision[:3] == ("discard", 1, "effect")  # then the source of the discard
    act(s, "discard:card=pas_client")
    assert s.decision == ("damage", 0)
    act(s, "damage:do=hand")  # one card left: no choice to make
    assert s.hands[1] == [] and s.dogfight is None


def test_R13_9_draw_icons_after_damage_and_hand_cap_applies() -> None:
    # Freelance Pilot: Pirate Attack 6 with 1 Damage and 1 Draw
    s = new(_df(["pil_freelance"], [], holds=[[], ["pas_client"]]))
    act(s, "pilot:card=pil_freelance,target=1", "decline")
    assert s.decision == ("damage", 0) and s.hands[0] == []
    act(s, "damage:do=open,pos=0")
    assert s.holds[1] == [] and s.dogfight is None and names(s.hands[0]) == ["pas_louie"]


def test_R13_9_reward_of_the_thembrian_fighter_discards_an_open_cargo() -> None:
    s = new(_df(["pil_thembrian_fighter"], [], holds=[[], ["pas_client", "open:cargo_gold", "open:cargo_ice"]]))
    act(s, "pilot:card=pil_thembrian_fighter,target=1", "decline")
    assert s.decision[0] == "pick" and s.legal_ids(0) == ["cargo:seat=1,pos=1", "cargo:seat=1,pos=2"]
    act(s, "cargo:seat=1,pos=1")
    assert hold_names(s, 1) == ["pas_client", "open:cargo_ice"] and s.decision == ("damage", 0)


def test_R13_9_spigot_reward_discards_the_defenders_last_passenger() -> None:
    s = new(_df(["pil_spigot"], [], chains=[[], ["pas_client", "pas_monkeys"]]))
    act(s, "pilot:card=pil_spigot,target=1", "yield")
    assert names(s.chains[1]) == ["pas_client"]


# ---------------------------------------------------------------- R13.10 defender victory
def test_R13_10_bounty_is_optional_and_player_card_is_never_offered() -> None:
    s = new(_df([], ["cargo_gold", "cargo_fireworks", "cargo_clocks"],
                deck=["pas_client", "pas_tourists", "pas_dunder", "pas_spy", "pas_fint"]))
    act(s, "dogfight:target=1", "accept", "block:card=cargo_gold", "maneuver:card=pas_client",
        "block:card=cargo_fireworks", "maneuver:card=pas_tourists", "block:card=cargo_clocks")
    assert sorted(s.legal_ids(1)) == ["bounty:card=cargo_clocks", "bounty:card=cargo_fireworks",
                                      "bounty:card=cargo_gold", "bounty:card=none", "bounty:card=pas_client",
                                      "bounty:card=pas_tourists"]
    act(s, "bounty:card=none")
    assert s.dogfight is None and len(s.discard) == 5


def test_R13_10_attacker_bail_out_then_defender_press_the_attack_both_draw() -> None:
    s = new(_df(["act_bail_out", "cargo_ice", "cargo_orchids"],
                ["act_jammed", "cargo_gold", "cargo_clocks", "cargo_fireworks", "act_press"]))
    act(s, "dogfight:target=1", "accept", "action:card=act_jammed")
    assert len(s.hands[0]) == 3  # Karnage drew 0
    act(s, "block:card=cargo_gold", "maneuver:card=cargo_ice", "block:card=cargo_clocks",
        "maneuver:card=cargo_orchids", "block:card=cargo_fireworks")
    assert s.decision == ("window", 0, "lose_dogfight")  # DF-D1: the attacker's lose window first
    act(s, "action:card=act_bail_out")
    assert names(s.hands[0]) == ["pas_spy"]  # Bail Out! as the attacker: draw 1
    assert s.decision == ("window", 1, "win_dogfight")  # DF-D2
    act(s, "action:card=act_press")
    assert names(s.hands[1])[-1] == "pas_defector"  # Press the Attack as the defender: draw 1
    assert s.decision == ("bounty", 1, 1)


# ---------------------------------------------------------------- R13.11 / R13.12 cancel and cleanup
def test_R13_11_cancel_goes_to_dogfight_ends_for_everybody() -> None:
    s = new({"characters": ["karnage", "baloo", "kit"], "first": 0, "step": 2, "positions": [12, 3, 9],
             "hands": [["act_press"], ["act_into_clouds", "act_spoils"], ["act_patch_up"]],
             "holds": [["open:cargo_ice"], [], ["open:cargo_gold"]]}, players=3)
    act(s, "dogfight:target=1", "action:card=act_into_clouds")
    # no win/lose windows (Press the Attack, Spoils of War never offered); DF-E reaches the third player
    assert s.decision == ("window", 2, "dogfight_ends")
    act(s, "action:card=act_patch_up")
    assert s.dogfight is None and s.decision == ("main", 0) and s.dogfight_used
    assert hold_names(s, 0) == ["open:cargo_ice"] and hold_names(s, 2) == ["cargo_gold"]


def test_R13_12_cleanup_discards_every_maneuver_card_and_step_2_goes_on() -> None:
    s = new(_df(["pil_patrol", "cargo_gold"], ["cargo_clocks"], holds=[[], ["pas_client"]]))
    act(s, "pilot:card=pil_patrol,target=1", "accept", "block:card=cargo_clocks", "maneuver:card=cargo_gold",
        "yield", "damage:do=open,pos=0")
    assert s.dogfight is None and s.decision == ("main", 0)
    assert {"pil_patrol", "cargo_gold", "cargo_clocks", "pas_client"} <= set(names(s.discard))


# ---------------------------------------------------------------- R14 windows
def test_R14_win_and_lose_windows_order_attacker_victory() -> None:
    s = new(_df(["act_press", "act_bail_out"], ["act_bail_out", "act_spoils"], holds=[[], HOLD[:4]]))
    act(s, "dogfight:target=1", strict=True)
    assert s.decision == ("window", 0, "start_dogfight") and s.legal_ids(0) == ["pass"]  # DF-W1, nothing to play
    act(s, "pass", strict=True)
    assert s.decision == ("window", 1, "opponent_starts_dogfight") and s.legal_ids(1) == ["pass"]  # DF-W2
    act(s, "pass", "decline", strict=True)
    assert s.decision == ("window", 0, "win_dogfight")  # DF-V1: attacker's win
    assert s.legal_ids(0) == ["action:card=act_press", "pass"]  # Bail Out! is a lose card
    act(s, "pass", strict=True)
    assert s.decision == ("window", 1, "lose_dogfight")  # DF-V2: defender's lose
    act(s, "pass", strict=True)
    assert s.decision == ("damage", 0)


def test_R14_dogfight_ends_window_reaches_a_non_participant_in_four_players() -> None:
    s = new({"characters": ["baloo", "karnage", "kit", "molly"], "first": 0, "step": 2,
             "positions": [6, 12, 3, 9], "hands": [["pil_patrol"], [], ["act_patch_up"], []],
             "holds": [[], [], ["open:cargo_ice"], ["cargo_gold"]], "deck": FILL}, players=4)
    assert s.order == (0, 3, 1, 2)
    # Molly (defender) and Baloo have empty hands: DF-W1 and DF-W2 are skipped, as everybody can see
    act(s, "pilot:card=pil_patrol,target=3", "decline", "damage:do=open,pos=0", strict=True)
    assert hold_names(s, 3) == ["open:cargo_gold"] and names(s.hands[0]) == ["pas_louie"]  # Reward: draw 1
    # DF-E: attacker (who now holds a card), defender (no cards), then the others from the attacker
    assert s.decision == ("window", 0, "dogfight_ends") and s.legal_ids(0) == ["pass"]
    act(s, "pass", strict=True)
    assert s.decision == ("window", 2, "dogfight_ends")
    act(s, "action:card=act_patch_up")
    assert s.dogfight is None and hold_names(s, 2) == ["cargo_ice"]


def test_R14_W3_W4_attacker_then_defender() -> None:
    s = new(_df(["act_wingman", "act_second_wind", "pas_client"], ["pas_client"]))
    act(s, "dogfight:target=1", "accept")
    assert s.decision == ("window", 0, "before_piloting_draws")
    act(s, "action:card=act_wingman", "pass", strict=True)
    assert s.decision == ("window", 1, "before_piloting_draws") and s.legal_ids(1) == ["pass"]  # asked all the same
    act(s, "pass", strict=True)
    assert s.dogfight.attacker_piloting == 2 and len(s.hands[0]) == 2 + 4  # Karnage is a Pilot: +2
    assert s.decision == ("window", 0, "after_piloting_draws")
    act(s, "action:card=act_second_wind", "discard:card=pas_client")
    assert s.decision[0] == "defend"  # the defender has no after-draws card: his window was passed


def test_R13_14_record_damage_total_and_draw_total() -> None:
    setup = {"characters": ["kit", "karnage"], "first": 0, "step": 2, "positions": [3, 4],
             "hands": [["cargo_mangoes", "cargo_fireworks"], ["cargo_clocks", "cargo_gold"]],
             "holds": [[], HOLD[:4]], "deck": FILL}
    rec = record(setup, ["dogfight:target=1", "accept", "block:card=cargo_clocks", "maneuver:card=cargo_mangoes",
                         "block:card=cargo_gold", "maneuver:card=cargo_fireworks", "yield"])
    s = run_record(rec)
    # Serpentine 10 (1 Draw) + Mangoes 7 (1 Draw) + Fireworks 11 (1 Damage); blocked before: no +1
    assert s.dogfight.damage == 1 and s.dogfight.draw == 2 and s.dogfight.yield_bonus == 0


def test_R10_5_R13_9_mad_dog_cannot_steal_packed_cargo_into_a_hold_of_four() -> None:
    s = new(_df(["pil_mad_dog"], [], holds=[HOLD[:4], ["cargo_gold", "open:cargo_ice"]]))
    act(s, "pilot:card=pil_mad_dog,target=1", "decline")
    # the Reward does nothing (packed cargo may not enter a hold of 4); the Damage point comes next
    assert len(s.holds[0]) == 4 and s.decision == ("damage", 0)
    assert hold_names(s, 1) == ["cargo_gold", "open:cargo_ice"]
