"""Edge cases of the turn, the hand, the ring, the chain, cargo and artifacts (RULES.md R4..R12, R16..R18).

Every scenario starts from an explicit setup; the rule id is in every test name.
"""

from __future__ import annotations

from typing import Any

from .helpers import act, hold_names, names, new, record, run_record

FIVE = ["cargo_ice", "cargo_orchids", "cargo_medicine", "cargo_bananas", "cargo_mangoes"]
TEN = FIVE + ["cargo_airmail", "cargo_coffee", "cargo_clocks", "cargo_fireworks", "cargo_gold"]


def _two(hands: list[list[str]], **kw: Any) -> dict[str, Any]:
    setup: dict[str, Any] = {"characters": ["kit", "karnage"], "first": 0, "step": 2, "hands": hands}
    setup.update(kw)
    return setup


# ---------------------------------------------------------------- R4 turn steps
def test_R4_1_hand_of_ten_draws_nothing_at_step_1() -> None:
    s = new({"characters": ["kit", "karnage"], "first": 0, "hands": [TEN, []], "deck": ["pas_client"]})
    assert len(s.hands[0]) == 10 and "pas_client" not in names(s.hands[0])
    assert s.decision == ("main", 0)


def test_R4_1_artifact_trigger_only_in_the_active_players_own_face_up_hold() -> None:
    # a Treasure Map in the opponent's hold, and a packed one in mine: neither triggers on my Step 1
    s = new({"characters": ["kit", "karnage"], "first": 0, "hands": [FIVE, []],
             "holds": [["art_treasure_map"], ["open:art_lucky_coin"]]})
    assert len(s.hands[0]) == 6


def test_R4_1_R11_4_triggers_resolve_after_the_fill_in_hold_order() -> None:
    # hand of 3: draw 1, fill to 5, then the Idol (discard 1), then the Map (draw 1)
    s = new({"characters": ["kit", "karnage"], "first": 0, "hands": [FIVE[:3], []],
             "holds": [["open:art_cursed_idol", "open:art_treasure_map"], []],
             "deck": ["pas_client", "pas_tourists", "pas_dunder", "pas_louie"]})
    assert s.decision[:3] == ("discard", 0, "effect")  # then the source of the discard and len(s.hands[0]) == 5
    assert "pas_dunder" not in names(s.hands[0])  # the Map has not drawn yet
    act(s, "discard:card=pas_client")
    assert len(s.hands[0]) == 5 and "pas_dunder" in names(s.hands[0])


def test_R4_2_no_step_2_card_during_a_dogfight_and_step_2_goes_on_after_it() -> None:
    s = new({"characters": ["karnage", "baloo"], "first": 0, "step": 2, "positions": [12, 3],
             "hands": [["act_rush", "pas_client"], ["cargo_gold"]],
             "deck": ["cargo_ice", "cargo_orchids", "pas_tourists", "pas_dunder", "pas_spy"]})
    act(s, "dogfight:target=1", "accept")
    assert s.decision[0] == "defend"
    act(s, "block:card=cargo_gold")
    # the attacker must attack: no Passenger, Action or end among the options
    assert all(a.startswith(("maneuver:", "action:")) for a in s.legal_ids(0))
    assert "action:card=act_rush" not in s.legal_ids(0)


def test_R4_4_R5_2_non_active_player_discards_to_seven_and_picks_the_cards() -> None:
    s = new(_two([[], TEN[:9]], dice=[1], positions=[3, 9]))
    act(s, "end", "move:dir=cw,n=1")
    assert s.decision == ("discard", 1, "end")
    act(s, "discard:card=cargo_fireworks", "discard:card=cargo_ice")
    assert len(s.hands[1]) == 7 + 1 and s.active == 1  # 7, then Karnage's own Step 1 draw
    assert names(s.discard)[-2:] == ["cargo_fireworks", "cargo_ice"]


def test_R4_4_R17_1_win_checked_after_the_discards() -> None:
    # Kit wins at the end of the turn, but only after both players discarded down to 7
    s = new(_two([TEN[:8] + ["pas_client"], ["pas_tourists"]],
                 dice=[1], positions=[2, 9], holds=[["pas_louie", "pas_dunder", "pas_spy", "pas_defector"], []]))
    act(s, "end", "move:dir=cw,n=1", "cargo:card=cargo_ice")
    assert hold_names(s, 0)[-1] == "open:cargo_ice" and not s.is_over
    assert s.decision == ("discard", 0, "end")
    act(s, "discard:card=pas_client")
    assert s.is_over and s.winners == (0,)


# ---------------------------------------------------------------- R5 hand cap
def test_R5_1_search_at_hand_cap_takes_nothing_but_still_shuffles() -> None:
    s = new(_two([TEN[:9] + ["act_double_check"], []], positions=[8, 2], chains=[["pas_rebecca"], []]))
    before = s.deck[:]
    act(s, "action:card=act_double_check", "cargo:card=cargo_ice")
    # hand 8 after playing: the Khan Industries search takes one Cargo (a decision), hand 9
    assert s.decision[0] == "take"
    act(s, s.legal_ids(0)[0])
    assert len(s.hands[0]) == 9 and sorted(s.deck + [s.hands[0][-1]]) == sorted(before)
    s = new(_two([TEN + ["act_double_check"][:0], []], positions=[8, 2], chains=[["pas_rebecca"], []]))
    assert len(s.hands[0]) == 10


def test_R5_1_piloting_draws_stop_at_the_hand_cap() -> None:
    # Baloo (PILOTING 3) holds 9: only one PILOTING card enters, the rest of the draw is lost
    s = new({"characters": ["karnage", "baloo"], "first": 0, "step": 2, "positions": [12, 3],
             "hands": [[], TEN[:9]], "deck": ["pas_client", "pas_tourists", "pas_dunder", "pas_spy", "pas_fint"]})
    act(s, "dogfight:target=1", "accept")
    assert names(s.hands[0]) == ["pas_client", "pas_tourists"]
    assert len(s.hands[1]) == 10 and names(s.hands[1])[-1] == "pas_dunder"
    assert len(s.deck) > 0 and names(s.deck[-2:]) == ["pas_fint", "pas_spy"]


def test_R5_1_take_from_hand_at_cap_leaves_the_card() -> None:
    s = new({"characters": ["karnage", "baloo"], "first": 0, "step": 2, "positions": [12, 3],
             "hands": [TEN + ["pil_khan_pilot"], ["pas_client"]]})
    act(s, "pilot:card=pil_khan_pilot,target=1", "decline")
    # Karnage holds 10 after playing the Pilot: the Reward's random card stays in Baloo's hand
    assert s.decision == ("damage", 0)
    assert len(s.hands[0]) == 10 and names(s.hands[1]) == ["pas_client"]


# ---------------------------------------------------------------- R7 ring
def test_R7_3_counter_clockwise_wraps_from_1_to_12() -> None:
    s = new(_two([[], []], dice=[1], positions=[1, 7]))
    act(s, "end")
    legal = s.legal_ids(0)
    assert "move:dir=ccw,n=3" in legal and "move:dir=cw,n=4" not in legal
    act(s, "move:dir=ccw,n=2")
    assert s.pos[0] == 11


def test_R7_5_range_counts_both_ways_and_flight_plan_extends_it() -> None:
    s = new(_two([["act_flight_plan"], []], positions=[3, 8]))
    assert not any(a.startswith("dogfight:") for a in s.legal_ids(0))  # distance 5 > RANGE 2
    act(s, "action:card=act_flight_plan", "move:dir=cw,n=2")
    assert s.pos[0] == 5 and s.stat(0, 1) == 3
    assert "dogfight:target=1" in s.legal_ids(0)  # distance 3 <= RANGE 2 + 1


def test_R7_5_modify_stat_lasts_until_end_of_turn_only() -> None:
    s = new(_two([["act_flight_plan"], []], positions=[3, 8], dice=[1]))
    act(s, "action:card=act_flight_plan", "move:dir=cw,n=1")
    assert s.stat(0, 1) == 3
    act(s, "end", "move:dir=cw,n=1")
    assert s.active == 1 and s.stat(0, 1) == 2


# ---------------------------------------------------------------- R8 chain
def test_R8_3_stolen_passenger_over_the_limit_stays_and_owner_drops_another() -> None:
    s = new({"characters": ["karnage", "kit"], "first": 0, "step": 2, "hands": [["act_kidnapped"], []],
             "chains": [["pas_dumptruck", "pas_client", "pas_tourists", "pas_dunder"], ["pas_balamut", "pas_louie"]]})
    act(s, "action:card=act_kidnapped")  # the only Kid Passenger: Troublemaker
    assert s.decision == ("drop", 0)
    assert s.legal_ids(0) == ["drop:pos=0", "drop:pos=1", "drop:pos=2", "drop:pos=3"]
    act(s, "drop:pos=0")
    assert names(s.chains[0]) == ["pas_client", "pas_tourists", "pas_dunder", "pas_balamut"]
    assert names(s.chains[1]) == ["pas_louie"]


def test_R8_4_R8_5_move_to_first_keeps_the_others_in_order() -> None:
    s = new(_two([["act_change_seats"], []], chains=[["pas_client", "pas_dunder", "pas_louie", "pas_spy"], []]))
    act(s, "action:card=act_change_seats", "chain:seat=0,pos=2")
    assert names(s.chains[0]) == ["pas_louie", "pas_client", "pas_dunder", "pas_spy"]


def test_R8_6_discarded_passenger_goes_to_discard_and_chain_compacts() -> None:
    s = new(_two([["act_out_you_go"], []], chains=[[], ["pas_client", "pas_dumptruck"]]))
    act(s, "action:card=act_out_you_go")
    assert names(s.chains[1]) == ["pas_client"] and "pas_dumptruck" in names(s.discard)


# ---------------------------------------------------------------- R9 roll
def test_R9_3_a_passenger_moved_to_the_front_before_its_turn_still_resolves_once() -> None:
    # roll 5: Wildcat (5 = move one of your Passengers to first) moves Gibber (not yet resolved) to the front;
    # Gibber (5 = open 1 packed cargo of an opponent) still resolves, once; Wildcat, now behind, never again
    s = new({"characters": ["baloo", "karnage"], "first": 0, "step": 2, "hands": [[], []], "dice": [5],
             "positions": [3, 9], "chains": [["pas_client", "pas_wildcat", "pas_spy", "pas_boltun"], []],
             "holds": [[], ["pas_tourists", "cargo_ice"]]})
    act(s, "end", "move:dir=cw,n=1")  # empty hand: no cargo
    assert s.decision[0] == "chain"
    act(s, "chain:seat=0,pos=3")  # Gibber to the front
    assert names(s.chains[0]) == ["pas_boltun", "pas_client", "pas_wildcat", "pas_spy"]
    assert s.decision[0] == "pick"  # Gibber opens one of Karnage's two packed cargo
    act(s, "cargo:seat=1,pos=1")
    assert hold_names(s, 1) == ["pas_tourists", "open:cargo_ice"]
    assert s.active == 1  # no second Wildcat decision: the turn is over


def test_R9_3_resolved_passenger_moved_back_does_not_resolve_again() -> None:
    # roll 2: Dumptruck (2 = move to last) goes behind Kit (2 = move to first) who then jumps in front
    s = new({"characters": ["baloo", "molly"], "first": 0, "step": 2, "hands": [[], []], "dice": [2],
             "positions": [3, 9], "chains": [["pas_dumptruck", "pas_kit"], []]})
    act(s, "end", "move:dir=cw,n=1")
    assert names(s.chains[0]) == ["pas_kit", "pas_dumptruck"] and s.active == 1


def test_R9_4_cargo_bonus_resolves_before_the_next_passenger() -> None:
    # Baloo Passenger 6: move 2 then play cargo; at Thembria (1) the bonus draws 2 before Louie (6: all draw 1)
    s = new({"characters": ["kit", "karnage"], "first": 0, "step": 2, "dice": [6], "positions": [9, 6],
             "hands": [["cargo_ice", "cargo_orchids"], []], "chains": [["pas_baloo", "pas_louie"], []],
             "deck": ["pas_client", "pas_tourists", "pas_dunder", "pas_spy", "pas_fint"]})
    # Kit 6: move up to 6 then cargo, then draw 1
    act(s, "end", "move:dir=cw,n=2", "cargo:card=none")
    assert names(s.hands[0])[-1] == "pas_client"  # Kit's own draw
    act(s, "move:dir=cw,n=2")
    assert s.pos[0] == 1 and s.stat(0, 0) == 2 + 1 + 1
    # SHIPPING 4 < RECEIVING 5 at Thembria: no cargo; Louie then makes everyone draw
    assert s.active == 1 or s.decision[0] != "cargo"
    s = new({"characters": ["kit", "karnage"], "first": 0, "step": 2, "dice": [6], "positions": [9, 6],
             "hands": [["cargo_ice", "cargo_orchids"], []], "chains": [["pas_baloo", "pas_louie", "pas_rebecca"], []],
             "deck": ["pas_client", "pas_tourists", "pas_dunder", "pas_spy", "pas_fint"]})
    act(s, "end", "move:dir=cw,n=2", "cargo:card=none", "move:dir=cw,n=2", "cargo:card=cargo_ice")
    # Thembria's bonus (draw 2) came before Louie's "every player draws 1", Rebecca 6 draws last
    assert names(s.hands[0])[:5] == ["cargo_orchids", "pas_client", "pas_tourists", "pas_dunder", "pas_spy"]
    assert names(s.hands[1])[0] == "pas_fint" and len(s.hands[0]) == 6


# ---------------------------------------------------------------- R10 cargo
def test_R10_2_shipping_below_receiving_offers_no_cargo() -> None:
    s = new(_two([["cargo_ice"], []], dice=[1], positions=[11, 6]))
    act(s, "end", "move:dir=cw,n=1")  # Iron Vulture: RECEIVING 5 > Kit's 2
    assert s.active == 1 and s.holds[0] == []


def test_R10_5_locked_hold_may_steal_an_open_cargo_but_not_an_open_artifact() -> None:
    s = new({"characters": ["karnage", "kit"], "first": 0, "step": 2, "positions": [12, 2],
             "hands": [["act_takeover"], []], "chains": [["pas_henchmen"], []],
             "holds": [["pas_client", "pas_tourists", "pas_dunder", "pas_spy"],
                       ["open:art_sprocket", "cargo_ice", "open:cargo_gold"]]})
    act(s, "action:card=act_takeover")  # Khan keyword: steal 1 open cargo; only the Gold Bullion is legal
    assert hold_names(s, 0)[-1] == "open:cargo_gold"
    assert hold_names(s, 1) == ["open:art_sprocket", "cargo_ice"]


def test_R10_5_locked_hold_cannot_steal_packed_cargo_at_iron_vulture() -> None:
    s = new({"characters": ["karnage", "kit"], "first": 0, "step": 2, "positions": [11, 2], "dice": [1],
             "hands": [["cargo_ice"], []], "holds": [["pas_client", "pas_tourists", "pas_dunder"], ["cargo_gold"]],
             "chains": [["pas_dumptruck"], []]})
    act(s, "end", "move:dir=cw,n=1", "cargo:card=cargo_ice")
    # 4 in the hold now: the Iron Vulture steal of a packed cargo is forbidden
    assert hold_names(s, 1) == ["cargo_gold"] and len(s.holds[0]) == 4 and s.active == 1


def test_R10_5_hold_of_four_needs_a_genuine_cargo_no_artifact() -> None:
    s = new(_two([["art_sprocket", "pas_client"], []], dice=[1], positions=[2, 9],
                 holds=[["pas_tourists", "pas_dunder", "pas_spy", "pas_louie"], []]))
    act(s, "end", "move:dir=cw,n=1")
    # no Cargo card in hand: nothing may be played, but the seat is still asked (its hand is hidden)
    assert s.decision == ("cargo", 0) and s.legal_ids(0) == ["cargo:card=none"]
    act(s, "cargo:card=none")
    assert s.active == 1 and len(s.holds[0]) == 4


def test_R18_1_R10_5_long_game_final_cargo_is_the_seventh() -> None:
    s = new(_two([["cargo_ice", "pas_client"], []], dice=[1], positions=[2, 9],
                 holds=[["pas_tourists", "pas_dunder", "pas_spy", "pas_louie", "pas_fint", "pas_defector"], []]),
            options={"cargo_to_win": 7})
    act(s, "end", "move:dir=cw,n=1")
    assert s.legal_ids(0) == ["cargo:card=cargo_ice", "cargo:card=none"]
    act(s, "cargo:card=cargo_ice")
    assert s.is_over and s.winners == (0,) and hold_names(s, 0)[-1] == "open:cargo_ice"


def test_R10_6_opened_artifact_stays_and_starts_working() -> None:
    s = new(_two([["act_inspection"], []], holds=[[], ["art_sprocket"]]))
    assert s.stat(1, 0) == 2
    act(s, "action:card=act_inspection")
    assert hold_names(s, 1) == ["open:art_sprocket"] and s.stat(1, 0) == 4


def test_R10_7_shuffle_keeps_each_face_and_repack_alone_does_not_reorder() -> None:
    s = new({"characters": ["kit", "karnage"], "first": 0, "step": 2, "positions": [3, 4],
             "hands": [["act_patch_up", "cargo_ice"], ["cargo_gold"]],
             "holds": [["open:cargo_gold", "pas_client", "open:cargo_ice"], []]})
    # Patch Up (repack only) in the dogfight-ends window of Kit's own dogfight (Karnage declines)
    act(s, "dogfight:target=1", "decline")
    while s.decision[0] != "window":
        act(s, s.legal_ids(s.to_act[0])[0])
    act(s, "action:card=act_patch_up")
    assert hold_names(s, 0) == ["cargo_gold", "pas_client", "cargo_ice"]


def test_R11_1_artifact_into_an_opponents_hold_works_for_them() -> None:
    s = new(_two([["art_jinxed_compass"], []], positions=[3, 6]))
    assert "dogfight:target=0" not in s.legal_ids(0)
    act(s, "artifact:card=art_jinxed_compass,seat=1")
    assert hold_names(s, 1) == ["open:art_jinxed_compass"] and s.stat(1, 1) == 1 and s.stat(0, 1) == 2


def test_R11_5_stolen_open_artifact_works_for_its_new_owner() -> None:
    s = new({"characters": ["karnage", "kit"], "first": 0, "step": 2, "positions": [12, 2],
             "hands": [["act_takeover"], []], "chains": [["pas_henchmen"], []],
             "holds": [[], ["open:art_power_crystal"]]})
    act(s, "action:card=act_takeover")
    assert hold_names(s, 0) == ["open:art_power_crystal"]
    assert s.stat(0, 1) == 3 + 1 + 1 and s.stat(1, 1) == 2


# ---------------------------------------------------------------- R12 actions
def test_R12_2_reaction_window_seat_plays_several_then_passes_and_is_not_asked_again() -> None:
    s = new({"characters": ["kit", "karnage", "baloo"], "first": 0, "step": 2, "dice": [1], "positions": [3, 12, 6],
             "hands": [[], ["act_lookout", "act_storm", "cargo_ice"], ["cargo_gold"]],
             "holds": [["pas_client"], [], []]}, players=3)
    # turn order from Kit (3): Baloo (6), Karnage (12)
    assert s.order == (0, 2, 1)
    act(s, "end", strict=True)
    # Baloo has no any_turn card but holds a card: he is asked all the same, with only a pass (R12.3)
    assert s.decision == ("window", 2, "any_turn") and s.legal_ids(2) == ["pass"]
    act(s, "pass", strict=True)
    assert s.decision == ("window", 1, "any_turn")
    act(s, "action:card=act_lookout", strict=True)
    assert s.decision == ("window", 1, "any_turn")
    act(s, "action:card=act_storm", strict=True)
    # Sudden Storm: every player discards 1, active player first (Kit has no cards), then Baloo, then Karnage
    assert s.decision[0] == "move" or s.decision[1] != 1 or s.decision[0] == "discard"
    while s.decision[0] == "discard":
        act(s, s.legal_ids(s.to_act[0])[0])
    assert s.decision[0] == "move" and s.decision[1] == 0


def test_R12_4_cost_cannot_be_the_action_itself() -> None:
    s = new({"characters": ["karnage", "baloo"], "first": 0, "step": 2, "positions": [12, 3],
             "hands": [[], ["act_second_wind"]], "deck": []})
    # nothing to draw: Baloo's PILOTING draws come from an empty deck and an empty discard pile
    s.discard.extend(s.deck)
    s.deck.clear()
    s.discard.clear()
    act(s, "dogfight:target=1", "accept")
    assert s.decision[0] == "defend"  # Second Wind was not offered: no other card to discard


def test_R12_5_tiki_is_per_player_and_resets_next_turn() -> None:
    s = new(_two([["act_rush", "act_junk_pile"], []], dice=[1], positions=[3, 9], discard=["cargo_gold"],
                 deck=["cargo_ice", "cargo_orchids"]))
    act(s, "action:card=act_rush", "action:card=act_junk_pile", "take:card=cargo_gold")
    assert s.view(1)["seats"][0]["tiki"] == ["act_rush", "act_junk_pile"] or \
        sorted(s.view(1)["seats"][0]["tiki"]) == ["act_junk_pile", "act_rush"]
    act(s, "end", "move:dir=cw,n=1")
    assert s.active == 1 and s.tiki_played == [0, 0]


def test_R12_6_played_action_goes_to_the_discard_pile_after_resolving() -> None:
    s = new(_two([["act_double_check", "cargo_ice"], []], positions=[3, 9]))
    act(s, "action:card=act_double_check")
    assert names(s.resolving) == ["act_double_check"] and "act_double_check" not in names(s.discard)
    act(s, "cargo:card=cargo_ice")
    assert s.resolving == [] and names(s.discard) == ["act_double_check"]


# ---------------------------------------------------------------- R16 resolving
def test_R16_5_customs_raid_counts_packed_cargo_of_every_hold_including_own() -> None:
    s = new(_two([["act_customs"], []], holds=[["pas_client"], ["cargo_ice"]]))
    assert "action:card=act_customs" in s.legal_ids(0)
    s = new(_two([["act_customs"], []], holds=[["open:cargo_gold"], ["cargo_ice"]]))
    assert "action:card=act_customs" not in s.legal_ids(0)


def test_R16_5_R24_2_open_opponent_action_needs_opponent_packed_cargo() -> None:
    # Hostile Takeover without a Khan: open 1 packed cargo of an opponent; own packed cargo does not count
    s = new(_two([["act_takeover"], []], holds=[["pas_client"], ["open:cargo_gold"]]))
    assert "action:card=act_takeover" not in s.legal_ids(0)
    # with a Khan aboard the other branch resolves: playable even with nothing to steal (R16.4)
    s = new(_two([["act_takeover"], []], holds=[["pas_client"], []], chains=[["pas_henchmen"], []]))
    assert "action:card=act_takeover" in s.legal_ids(0)


def test_R16_4_die_result_opens_as_much_as_possible_never_own_for_opponent() -> None:
    # Karnage 6: open 1 packed cargo of an opponent; only his own packed cargo exists: nothing opens
    s = new({"characters": ["karnage", "kit"], "first": 0, "step": 2, "dice": [6], "positions": [12, 3],
             "hands": [[], []], "holds": [["pas_client"], ["open:cargo_ice"]]})
    act(s, "end", "move:dir=cw,n=1")
    assert hold_names(s, 0) == ["pas_client"] and s.active == 1


def test_R24_3_chosen_opponent_only_among_those_with_a_target() -> None:
    s = new({"characters": ["karnage", "kit", "baloo"], "first": 0, "step": 2, "positions": [12, 1, 2],
             "hands": [["act_pirate_raid"], [], []], "holds": [[], ["open:cargo_ice"], ["pas_client"]]}, players=3)
    act(s, "action:card=act_pirate_raid")  # Pirate: steal packed in range; only Baloo has packed cargo
    assert hold_names(s, 0) == ["pas_client"] and s.holds[2] == []


def test_R24_3_steal_in_range_skips_opponents_out_of_range() -> None:
    s = new({"characters": ["karnage", "kit", "baloo"], "first": 0, "step": 2, "positions": [12, 1, 6],
             "hands": [["act_pirate_raid"], [], []], "holds": [[], ["pas_tourists"], ["pas_client"]]}, players=3)
    act(s, "action:card=act_pirate_raid")  # Baloo at 6 is out of RANGE 3: Kit's cargo is taken, no choice
    assert hold_names(s, 0) == ["pas_tourists"] and hold_names(s, 2) == ["pas_client"]


# ---------------------------------------------------------------- R17 winning
def test_R17_2_only_the_active_player_is_checked_even_if_both_hold_five() -> None:
    # Kit (not active) already holds 5 cargo; Karnage plays his fifth and wins; Kit does not
    s = new({"characters": ["karnage", "kit"], "first": 0, "step": 2, "dice": [1], "positions": [8, 3],
             "hands": [["cargo_ice"], []],
             "holds": [["pas_client", "pas_tourists", "pas_dunder", "pas_spy"], FIVE[1:] + ["cargo_gold"]]})
    act(s, "end", "move:dir=cw,n=1", "cargo:card=cargo_ice")
    assert s.is_over and s.winners == (0,)


def test_R8_7_R9_6_record_molly_rolls_three() -> None:
    setup = {"characters": ["molly", "karnage"], "first": 0, "step": 2, "dice": [3],
             "hands": [["pas_boltun"], []], "chains": [["pas_fint", "pas_baloo", "pas_balamut", "pas_monkeys"], []],
             "deck": ["cargo_ice", "cargo_gold"]}
    rec = record(setup, ["passenger:card=pas_boltun", "drop:pos=3", "end", "move:dir=ccw,n=3"])
    s = run_record(rec)
    assert s.pos[0] == 3 and names(s.chains[0]) == ["pas_boltun", "pas_baloo", "pas_balamut"]
