"""One or more tests per numbered rule of RULES.md (R0..R22); the rule id is in every test name."""

from __future__ import annotations

import pytest

from nastolka.engine import IllegalAction, OptionError
from nastolka.games.talespin import data as T
from nastolka.games.talespin import dogfight
from nastolka.games.talespin.dogfight import DF_DEFEND

from .helpers import GAME, act, hold_names, names, new


def _two(hands: list[list[str]], **kw) -> dict:
    setup = {"characters": ["kit", "karnage"], "first": 0, "step": 2, "hands": hands}
    setup.update(kw)
    return setup


# ---------------------------------------------------------------- R0 conventions
def test_R0_1_double_check_plays_cargo_in_step_2() -> None:
    s = new(_two([["act_double_check", "cargo_ice"], ["cargo_gold"]], positions=[3, 9]))
    act(s, "action:card=act_double_check")
    assert s.decision[0] == "cargo"
    act(s, "cargo:card=cargo_ice")
    assert len(s.holds[0]) == 1 and s.phase == 1


def test_R0_4_stat_floor_zero() -> None:
    s = new(_two([["art_jinxed_compass"], []], holds=[[], []]))
    act(s, "artifact:card=art_jinxed_compass,seat=0")
    assert s.stat(0, 1) == 0  # Kit RANGE 2 - 2
    assert s.stat(0, 2) == 1


# ---------------------------------------------------------------- R1 components
def test_R1_components_110_cards_12_locations_4_players() -> None:
    assert T.NCARDS == 110
    assert len(T.LOCATIONS) == 12 and [loc["clock"] for loc in T.LOCATIONS] == list(range(1, 13))
    assert len(T.PL) == 4
    counts = {t: 0 for t in range(5)}
    for c in range(T.NCARDS):
        counts[T.C_TYPE[c]] += 1
    assert counts == {T.CARGO: 24, T.ARTIFACT: 8, T.PASSENGER: 24, T.PILOT: 18, T.ACTION: 36}


# ---------------------------------------------------------------- R2 card types
def test_R2_9_every_maneuver_value_in_1_13_and_names_match() -> None:
    for d in range(T.NDEFS):
        assert 1 <= T.D_VAL[d] <= 13
        assert T.DEFS[d]["maneuver"]["name"] == T.MANEUVER_NAMES[T.D_VAL[d]][0]


def test_R2_6_artifact_works_for_the_hold_owner() -> None:
    s = new(_two([["art_sprocket"], []]))
    act(s, "artifact:card=art_sprocket,seat=1")
    assert s.stat(1, 0) == 2 + 2 and s.stat(0, 0) == 2


# ---------------------------------------------------------------- R3 setup
@pytest.mark.parametrize("players,size", [(2, 106), (3, 107), (4, 106), (1, 107)])
def test_R3_3_deck_size_by_mode(players: int, size: int) -> None:
    s = GAME.new(players, seed=1)
    assert T.NCARDS - len(s.removed) == size


def test_R3_3_two_player_deck_has_unused_character_passengers_only() -> None:
    s = GAME.new(2, {"characters": ["baloo", "kit"]}, seed=3)
    removed = set(names(list(s.removed)))
    assert {"pas_baloo", "pas_kit", "cargo_khan"} <= removed
    assert "pas_molly" not in removed and "pas_karnage" not in removed


@pytest.mark.parametrize("pair,expected", [(("karnage", "kit"), [9, 3]), (("kit", "baloo"), [12, 6]),
                                           (("baloo", "molly"), [3, 9]), (("molly", "karnage"), [6, 12]),
                                           (("karnage", "baloo"), [12, 6]), (("kit", "molly"), [3, 9])])
def test_R3_5_1_two_players_start_opposite(pair: tuple[str, str], expected: list[int]) -> None:
    s = GAME.new(2, {"characters": list(pair)}, seed=0)
    assert s.pos[:2] == expected


def test_R3_5_2_three_four_players_start_on_primaries() -> None:
    s = GAME.new(4, {"characters": ["baloo", "karnage", "kit", "molly"]}, seed=0)
    assert s.pos == [6, 12, 3, 9]


def test_R3_6_turn_order_clockwise_from_first_player() -> None:
    s = GAME.new(4, {"characters": ["baloo", "karnage", "kit", "molly"]}, seed=0, setup={"first": 0})
    # Baloo (6) first, then Molly (9), Karnage (12), Kit (3)
    assert s.order == (0, 3, 1, 2)


def test_R3_7_opening_hands_of_five() -> None:
    s = GAME.new(3, seed=5)
    # the first player has also drawn at Step 1 (1 card, hand already at 5 or more)
    for seat in range(3):
        expected = 6 if seat == s.order[0] else 5
        assert len(s.hands[seat]) == expected


# ---------------------------------------------------------------- R4 turn structure
def test_R4_1_draw_one_then_fill_to_five() -> None:
    s = new({"characters": ["kit", "karnage"], "first": 0, "hands": [["cargo_ice"], ["cargo_gold"]]})
    assert len(s.hands[0]) == 5
    s = new({"characters": ["kit", "karnage"], "first": 0, "hands": [["cargo_ice"] * 2 + ["cargo_gold"] * 2
                                                                      + ["cargo_orchids"] * 2, []]})
    assert len(s.hands[0]) == 7


def test_R4_4_everyone_discards_to_seven_in_turn_order() -> None:
    big = ["cargo_ice", "cargo_ice", "cargo_orchids", "cargo_orchids", "cargo_medicine", "cargo_medicine",
           "cargo_bananas", "cargo_bananas", "cargo_mangoes"]
    s = new(_two([big[:8], big[8:] + ["pas_client", "pas_client", "cargo_gold", "cargo_gold", "cargo_coffee",
                                      "cargo_coffee", "cargo_airmail", "cargo_airmail"]], dice=[1], positions=[3, 9]))
    act(s, "end", "move:dir=cw,n=1")
    assert s.decision == ("discard", 0, "end")
    act(s, "discard:card=cargo_ice")
    assert s.decision == ("discard", 1, "end")
    act(s, "discard:card=pas_client", "discard:card=pas_client")
    assert s.active == 1


# ---------------------------------------------------------------- R5 hand
def test_R5_1_hand_cap_ten_stops_draws() -> None:
    ten = ["cargo_ice", "cargo_ice", "cargo_orchids", "cargo_orchids", "cargo_medicine", "cargo_medicine",
           "cargo_bananas", "cargo_bananas", "cargo_mangoes", "act_rush"]
    s = new(_two([ten, []]))
    before = len(s.deck)
    act(s, "action:card=act_rush")  # hand 9 -> draws 1 of the 2
    assert len(s.hands[0]) == 10 and len(s.deck) == before - 1


def test_R5_3_packed_cargo_hidden_from_others_known_to_owner() -> None:
    s = new(_two([["cargo_ice"], []], holds=[["pas_client"], []]))
    assert s.view(0)["seats"][0]["hold"] == [{"card": "pas_client", "open": False}]
    assert s.view(1)["seats"][0]["hold"] == [{"card": None, "open": False}]
    assert s.view(None)["seats"][0]["hold"] == [{"card": None, "open": False}]
    assert s.view(1)["seats"][0]["hand"] is None


# ---------------------------------------------------------------- R6 stats
def test_R6_1_stats_sum_player_passengers_open_artifacts() -> None:
    s = new(_two([[], []], chains=[["pas_rebecca", "pas_wildcat"], []],
                  holds=[["open:art_power_crystal", "art_sprocket"], []]))
    assert [s.stat(0, k) for k in range(3)] == [2 + 4 + 1, 2 + 1 + 1, 2 + 1 + 1]


# ---------------------------------------------------------------- R7 ring
def test_R7_2_R7_5_distance_and_range() -> None:
    s = new(_two([[], []], positions=[12, 2]))
    assert s._in_range(0, 1)  # distance 2 across 12->1, Kit RANGE 2
    s = new(_two([[], []], positions=[12, 3]))
    assert not s._in_range(0, 1) and s._in_range(1, 0)  # Karnage RANGE 3


def test_R7_3_move_one_direction_never_zero() -> None:
    s = new(_two([[], []], dice=[2], positions=[11, 5]))
    act(s, "end")
    assert s.decision[0] == "move"
    legal = s.legal_ids(0)
    assert sorted(legal) == sorted(["move:dir=cw,n=1", "move:dir=ccw,n=1", "move:dir=cw,n=2",
                                    "move:dir=ccw,n=2", "move:dir=cw,n=3", "move:dir=ccw,n=3"])
    act(s, "move:dir=cw,n=3")
    assert s.pos[0] == 2


# ---------------------------------------------------------------- R8 chain
def test_R8_3_fifth_passenger_forces_a_drop_of_another() -> None:
    s = new(_two([["pas_client"], []], chains=[["pas_fint", "pas_rebecca", "pas_wildcat", "pas_dunder"], []]))
    act(s, "passenger:card=pas_client")
    assert s.legal_ids(0) == ["drop:pos=0", "drop:pos=1", "drop:pos=2", "drop:pos=3"]
    act(s, "drop:pos=1")
    assert names(s.chains[0]) == ["pas_fint", "pas_wildcat", "pas_dunder", "pas_client"]


def test_R8_5_move_to_last_keeps_order() -> None:
    s = new(_two([[], []], dice=[2], positions=[3, 9], chains=[["pas_dumptruck", "pas_fint", "pas_client"], []]))
    act(s, "end", "move:dir=cw,n=1")
    assert names(s.chains[0]) == ["pas_fint", "pas_client", "pas_dumptruck"]


# ---------------------------------------------------------------- R9 roll
def test_R9_3_passenger_moved_back_resolves_once() -> None:
    # Rebecca 1 = move to last; she must not resolve again at the end of the chain
    s = new(_two([[], []], dice=[1], positions=[3, 9], chains=[["pas_rebecca", "pas_dunder"], []]))
    act(s, "end", "move:dir=cw,n=1")
    # Rebecca went last, then Dunder (1 = move to last) went behind her
    assert names(s.chains[0]) == ["pas_rebecca", "pas_dunder"]


# ---------------------------------------------------------------- R10 cargo
def test_R10_2_cargo_optional_and_any_card_may_be_packed() -> None:
    s = new(_two([["act_rush", "cargo_ice"], []], dice=[1], positions=[2, 9]))
    act(s, "end", "move:dir=cw,n=1")
    assert "cargo:card=none" in s.legal_ids(0) and "cargo:card=act_rush" in s.legal_ids(0)
    act(s, "cargo:card=act_rush")
    assert hold_names(s, 0) == ["act_rush"]


def test_R10_5_final_cargo_must_be_genuine_face_up() -> None:
    s = new(_two([["act_rush", "cargo_ice"], []], dice=[1], positions=[2, 9],
                 holds=[["pas_client", "pas_client", "cargo_gold", "cargo_gold"], []]))
    act(s, "end", "move:dir=cw,n=1")
    assert s.legal_ids(0) == ["cargo:card=cargo_ice", "cargo:card=none"]
    act(s, "cargo:card=cargo_ice")
    assert hold_names(s, 0)[-1] == "open:cargo_ice"
    assert s.is_over and s.winners == (0,)


def test_R10_5_locked_hold_refuses_artifacts_and_packed_steals() -> None:
    s = new(_two([["art_sprocket"], []], holds=[[], ["cargo_ice"] * 2 + ["cargo_gold"] * 2]))
    assert "artifact:card=art_sprocket,seat=1" not in s.legal_ids(0)
    assert "artifact:card=art_sprocket,seat=0" in s.legal_ids(0)


def test_R10_7_repack_then_shuffle() -> None:
    s = new(_two([["act_secret_hold"], []], holds=[["open:cargo_ice", "open:cargo_gold", "pas_client"], []]))
    act(s, "action:card=act_secret_hold")
    assert sorted(hold_names(s, 0)) == ["cargo_gold", "cargo_ice", "pas_client"]
    assert all(e["card"] is None for e in s.view(1)["seats"][0]["hold"])


def test_R10_8_steal_keeps_state_and_no_bonus() -> None:
    s = new({"characters": ["karnage", "kit"], "first": 0, "step": 2, "positions": [12, 2],
             "hands": [["act_pirate_raid"], []], "holds": [[], ["pas_client", "open:cargo_ice"]]})
    act(s, "action:card=act_pirate_raid")  # the only packed cargo in range: no choice to make
    assert hold_names(s, 0) == ["pas_client"] and hold_names(s, 1) == ["open:cargo_ice"]
    assert s.view(0)["seats"][0]["hold"][0]["card"] == "pas_client"  # the stealer may look
    assert s.view(1)["seats"][0]["hold"][0]["card"] == "pas_client"  # the victim knows what it lost


# ---------------------------------------------------------------- R11 artifacts
def test_R11_4_after_draw_step_trigger() -> None:
    s = new({"characters": ["kit", "karnage"], "first": 0, "hands": [["cargo_ice"] * 2 + ["cargo_gold"] * 2 +
                                                                      ["cargo_orchids"], []],
             "holds": [["open:art_treasure_map"], []]})
    assert len(s.hands[0]) == 7  # 5 + Step 1 draw + Treasure Map


def test_R11_2_packed_artifact_does_nothing() -> None:
    s = new(_two([[], []], holds=[["art_sprocket"], []]))
    assert s.stat(0, 0) == 2


# ---------------------------------------------------------------- R12 actions, windows, priority
def test_R12_3_reaction_window_for_any_turn_cards() -> None:
    s = new(_two([[], ["act_lookout"]], holds=[["pas_client"], []], dice=[1], positions=[3, 9]))
    act(s, "end")
    assert s.decision == ("window", 1, "any_turn")
    act(s, "action:card=act_lookout")
    assert s.decision[0] == "window" or s.decision[0] == "move"
    assert s.view(1)["seats"][0]["hold"][0]["card"] == "pas_client"


def test_R12_5_tiki_once_per_turn() -> None:
    s = new(_two([["act_double_check", "act_double_check", "cargo_ice"], []], positions=[3, 9]))
    act(s, "action:card=act_double_check", "cargo:card=none")
    assert "action:card=act_double_check" not in s.legal_ids(0)


def test_R12_4_cost_must_be_payable() -> None:
    s = new(_two([[], ["act_second_wind"]], positions=[3, 4]))
    act(s, "dogfight:target=1", "accept")
    # Karnage holds only Second Wind plus drawn cards; it can pay with a drawn card
    assert s.decision[0] in ("window", "defend")


def test_R12_7_priority_active_first_for_every_player_draws() -> None:
    s = new(_two([[], []], dice=[3], positions=[3, 9], chains=[["pas_balamut"], []],
                 deck=["cargo_ice", "cargo_gold"]))
    act(s, "end", "move:dir=cw,n=1")
    assert "cargo_ice" in names(s.hands[0]) and "cargo_gold" in names(s.hands[1])


# ---------------------------------------------------------------- R13 dogfights
def _df(att: list[str], dfd: list[str], **kw) -> dict:
    setup = {"characters": ["karnage", "baloo"], "first": 0, "step": 2, "positions": [12, 3],
             "hands": [att, dfd], "deck": ["pas_louie", "pas_dunder", "pas_tourists", "cargo_orchids", "cargo_orchids"]}
    setup.update(kw)
    return setup


def test_R13_4_decline_gives_first_maneuver_damage() -> None:
    s = new(_df([], [], holds=[[], ["cargo_gold", "pas_monkeys"]]))
    act(s, "dogfight:target=1", "decline")
    assert s.dogfight.damage == 2 and s.dogfight.yield_bonus == 0 and s.decision[0] == "damage"


def test_R13_6_tie_favours_defender_and_no_cards_means_attacker_loses() -> None:
    s = new(_df([], ["cargo_bananas"]))
    act(s, "dogfight:target=1", "accept")
    assert "block:card=cargo_bananas" in s.legal_ids(1)  # 6 blocks Pirate Attack 6
    act(s, "block:card=cargo_bananas")
    # Karnage drew 2 cards, so he must attack
    assert s.decision[0] == "attack"


def test_R13_7_lucky_shot_blocks_anything() -> None:
    s = new(_df([], ["act_lookout"]))
    act(s, "dogfight:target=1", "accept")
    assert "block:card=act_lookout" in s.legal_ids(1)


def test_R13_8_yield_after_accept_adds_one_damage() -> None:
    s = new(_df([], [], holds=[[], ["cargo_gold", "pas_monkeys", "pas_client"]]))  # noqa: E501
    act(s, "dogfight:target=1", "accept", "yield")
    assert s.dogfight.yield_bonus == 1 and s.dogfight.damage == 2 and s.dogfight.accepted == 1 and s.dogfight.blocked == 0


def test_R13_10_defender_victory_bounty() -> None:
    s = new(_df([], ["cargo_gold", "cargo_fireworks", "cargo_airmail"], deck=["pas_client"] * 2 + ["cargo_ice"] * 2
                + ["cargo_orchids"]))
    act(s, "dogfight:target=1", "accept", "block:card=cargo_gold", "maneuver:card=pas_client",
        "block:card=cargo_fireworks", "maneuver:card=pas_client", "block:card=cargo_airmail")
    assert s.decision[0] == "bounty" and "bounty:card=cargo_gold" in s.legal_ids(1)
    act(s, "bounty:card=cargo_gold")
    assert "cargo_gold" in names(s.hands[1]) and s.dogfight is None
    assert "cargo_fireworks" in names(s.discard)


def test_R13_11_cancelled_dogfight_still_counts() -> None:
    s = new(_df([], ["act_into_clouds"]))
    act(s, "dogfight:target=1", "action:card=act_into_clouds")
    assert s.dogfight is None and s.dogfight_used
    assert not any(a.startswith("dogfight:") for a in s.legal_ids(0))


def test_R13_1_one_dogfight_per_turn() -> None:
    s = new(_df(["pil_patrol"], []))
    assert "pilot:card=pil_patrol,target=1" in s.legal_ids(0)
    act(s, "dogfight:target=1", "decline")
    while s.dogfight is not None:
        act(s, s.legal_ids(s.to_act[0])[0])
    assert not any(a.startswith(("pilot:", "dogfight:")) for a in s.legal_ids(0))


def test_R13_2_pilot_ignores_range() -> None:
    s = new(_df(["pil_patrol"], [], positions=[12, 6]))
    assert "dogfight:target=1" not in s.legal_ids(0)
    assert "pilot:card=pil_patrol,target=1" in s.legal_ids(0)


def test_R13_6_ties_favour_attacker_rule() -> None:
    s = new(_df(["pil_khan_pilot"], ["cargo_mangoes", "cargo_airmail"]))
    act(s, "pilot:card=pil_khan_pilot,target=1", "accept")
    assert s.dogfight.ties_favour_attacker == 1 and s.dogfight.current == 7
    assert "block:card=cargo_mangoes" not in s.legal_ids(1)
    assert "block:card=cargo_airmail" in s.legal_ids(1)


# ---------------------------------------------------------------- R14 timing table
def test_R14_windows_in_order() -> None:
    """Every window of the timing table is offered, in order, to each seat it names that holds a card; a seat
    that played a card is asked again until it passes (R12.2)."""
    s = new(_df(["act_ambush", "act_wingman", "act_second_wind", "cargo_ice"],
                ["act_jammed", "act_into_clouds"]))
    act(s, "dogfight:target=1", strict=True)
    assert s.decision == ("window", 0, "start_dogfight")
    act(s, "action:card=act_ambush", strict=True)
    assert s.decision == ("window", 0, "start_dogfight") and s.legal_ids(0) == ["pass"]  # nothing left: pass
    act(s, "pass", strict=True)
    assert s.decision == ("window", 1, "opponent_starts_dogfight")
    act(s, "pass", strict=True)
    # Ambush: the defender cannot decline, so acceptance is automatic
    assert s.decision == ("window", 0, "before_piloting_draws")
    act(s, "action:card=act_wingman", "pass", strict=True)
    assert s.decision == ("window", 1, "before_piloting_draws")
    act(s, "action:card=act_jammed", "pass", strict=True)
    assert s.dogfight.attacker_piloting == 2 - 2 and s.dogfight.defender_piloting == 0
    assert s.decision == ("window", 0, "after_piloting_draws")
    act(s, "pass", strict=True)
    assert s.decision == ("window", 1, "after_piloting_draws") and s.legal_ids(1) == ["pass"]
    act(s, "pass", strict=True)
    assert s.dogfight.phase == DF_DEFEND and s.decision[0] == "defend"


# ---------------------------------------------------------------- R15 deck
def test_R15_3_discard_reshuffled_when_deck_runs_out() -> None:
    s = new(_two([["act_rush"], []]))
    s.discard.extend(s.deck[:-1])
    del s.deck[:-1]
    act(s, "action:card=act_rush")
    assert len(s.hands[0]) == 2 and len(s.deck) > 0


# ---------------------------------------------------------------- R16 resolving
def test_R16_5_open_cargo_action_needs_enough_packed_cargo() -> None:
    s = new(_two([["act_customs", "act_inspection"], []], holds=[["pas_client"], []]))
    legal = s.legal_ids(0)
    assert "action:card=act_inspection" in legal and "action:card=act_customs" not in legal
    act(s, "action:card=act_inspection")  # only its own packed cargo is left: it must open it
    assert s.holds[0] == []


def test_R16_4_mandatory_source_does_as_much_as_possible() -> None:
    s = new({"characters": ["karnage", "kit"], "first": 0, "step": 2, "dice": [6], "positions": [12, 3],
             "hands": [[], []]})
    act(s, "end", "move:dir=cw,n=1")
    assert s.active == 1  # open 1 of an opponent's packed cargo: none, nothing happens


# ---------------------------------------------------------------- R17 winning
def test_R17_2_only_active_player_wins_at_end_of_own_turn() -> None:
    s = new(_two([[], []], holds=[[], ["cargo_ice"] * 2 + ["cargo_gold"] * 2 + ["open:cargo_coffee"]],
                 dice=[1], positions=[3, 9]))
    act(s, "end", "move:dir=cw,n=1")
    assert not s.is_over and s.active == 1


# ---------------------------------------------------------------- R18 variants
def test_R18_1_long_game_locks_at_six() -> None:
    s = new(_two([["act_rush", "cargo_ice"], []], holds=[["pas_client"] * 2 + ["cargo_gold"] * 2, []],
                 dice=[1], positions=[2, 9]), options={"cargo_to_win": 7})
    act(s, "end", "move:dir=cw,n=1")
    assert "cargo:card=act_rush" in s.legal_ids(0)


def test_R18_2_beginner_removes_x_cards() -> None:
    s = GAME.new(2, {"beginner": True, "characters": ["baloo", "kit"]}, seed=0)
    in_game = set(range(110)) - set(s.removed)
    assert not any(T.D_X[T.C_DEF[c]] for c in in_game)
    assert len(in_game) == 106 - 15


# ---------------------------------------------------------------- R19 3-4 players
def test_R19_1_khan_cargo_in_3_4_player_deck() -> None:
    for n in (3, 4):
        s = GAME.new(n, seed=2)
        assert "cargo_khan" not in names(list(s.removed))


def test_R19_4_chosen_opponent_is_a_choice_with_three_players() -> None:
    s = new({"characters": ["kit", "karnage", "baloo"], "first": 0, "step": 2,
             "hands": [["act_out_you_go"], [], []], "chains": [[], ["pas_client"], ["pas_fint"]]}, players=3)
    act(s, "action:card=act_out_you_go")
    assert s.decision[0] == "opp" and sorted(s.legal_ids(0)) == ["opponent:seat=1", "opponent:seat=2"]
    act(s, "opponent:seat=2")
    assert s.chains[2] == []


def test_R19_5_others_act_only_in_dogfight_ends_window() -> None:
    s = new({"characters": ["karnage", "baloo", "kit"], "first": 0, "step": 2, "positions": [12, 3, 9],
             "hands": [[], [], ["act_patch_up", "act_press"]], "holds": [[], [], ["open:cargo_ice"]]}, players=3)
    act(s, "dogfight:target=1", "decline")
    while s.decision[0] == "damage" or s.decision[0] == "discard":
        act(s, s.legal_ids(s.to_act[0])[0])
    assert s.decision == ("window", 2, "dogfight_ends")


# ---------------------------------------------------------------- R20 solitaire
def test_R20_3_solitaire_only_blue_cards_no_actions() -> None:
    s = new({"characters": ["baloo"], "step": 2, "hands": [["pas_dumptruck", "pas_client", "pil_mad_dog", "pil_patrol",
                                                             "act_rush", "art_sprocket"]]}, players=1)
    legal = s.legal_ids(0)
    assert "passenger:card=pas_client" in legal and "passenger:card=pas_dumptruck" not in legal
    assert "pilot:card=pil_patrol,target=1" in legal and "pilot:card=pil_mad_dog,target=1" not in legal
    assert not any(a.startswith("action:") for a in legal)
    assert "artifact:card=art_sprocket,seat=0" in legal and "dogfight:target=1" in legal


def test_R20_3_solitaire_cargo_needs_a_won_dogfight() -> None:
    s = new({"characters": ["baloo"], "step": 2, "dice": [1], "hands": [["cargo_ice", "cargo_gold"]]}, players=1)
    act(s, "end", "move:dir=cw,n=1")
    assert s.holds[0] == [] and s.turn_no == 2


def test_R20_5_solitaire_dogfight_win_and_damage() -> None:
    s = new({"characters": ["baloo"], "step": 2, "hands": [["cargo_gold", "cargo_khan" if False else "cargo_fireworks"]],
             "holds": [[], ["pas_client", "cargo_ice"]], "covered": ["pas_boltun"],
             "deck": ["pas_client", "pas_tourists", "pas_monkeys", "cargo_ice", "cargo_orchids", "cargo_medicine"]},
            players=1)
    act(s, "dogfight:target=1")
    # Baloo draws PILOTING 3, then plays two maneuvers
    act(s, "maneuver:card=cargo_gold", "maneuver:card=cargo_fireworks")
    # Khan reveals Ice 2, Orchids 3, Medicine 4 < 12: Baloo wins; Damage = 1 (Loop) + 0 + 1 (Fireworks) = 2
    assert s.won_khan and s.decision[0] == "damage"
    assert "damage:do=uncover" in s.legal_ids(0)
    act(s, "damage:do=uncover", "damage:do=open,pos=0")
    assert s.covered == [] and hold_names(s, 1) == ["cargo_ice"]


def test_R20_5_solitaire_khan_lucky_shot_wins_and_you_draw() -> None:
    s = new({"characters": ["baloo"], "step": 2, "hands": [["cargo_gold", "cargo_fireworks"]],
             "deck": ["cargo_coffee", "pas_client", "pas_tourists", "act_lookout", "pas_monkeys", "pas_client",
                      "pas_dunder"]}, players=1)
    act(s, "dogfight:target=1", "maneuver:card=cargo_gold", "maneuver:card=cargo_fireworks")
    assert not s.won_khan and s.dogfight is None
    assert "cargo_coffee" in names(s.hands[0])


def test_R20_7_khan_wins_on_empty_deck() -> None:
    s = new({"characters": ["baloo"], "step": 2, "hands": [["act_rush"]]}, players=1)
    s.discard.extend(s.deck)
    s.deck.clear()
    act(s, "end")
    while not s.is_over:
        act(s, s.legal_ids(0)[0])
    assert s.winners == () and s.end_reason == "khan_deck"


def test_R20_7_khan_wins_with_five_cargo() -> None:
    s = new({"characters": ["baloo"], "step": 2, "dice": [1], "hands": [["cargo_ice"]],
             "holds": [[], ["pas_client"] * 2 + ["cargo_ice", "cargo_gold", "cargo_gold"]]}, players=1)
    act(s, "end", "move:dir=cw,n=1")
    assert s.is_over and s.result().details["won"] is False and s.result().scores == (0.0,)
    assert s.result().winners == () and s.result().ranks == (2,)  # Khan won: no seat among the winners


# ---------------------------------------------------------------- R21 / R22 data facts
def test_R21_maneuver_names() -> None:
    assert T.MANEUVER_NAMES[1] == ("Lucky Shot", "Выстрел на Удачу")
    assert T.MANEUVER_NAMES[6][0] == "Pirate Attack" and T.MANEUVER_NAMES[13][0] == "Impossible Turn"


def test_R22_fixed_facts_kept() -> None:
    assert T.LOC_NAME[8] == "Khan Industries" and T.LOC_RECEIVING[8] == 6
    assert T.PL_START == (6, 12, 3, 9) and T.PL_ALT == (3, 9, 12, 6)
    kit, karnage, baloo = 2, 1, 0
    assert T.PL_STATS[kit][0] == 2 and T.D_STATS[T.DEF_INDEX["pas_rebecca"]][0] == 4
    assert T.PL_MANEUVER[karnage] == (6, 2, 0) and T.PL_STATS[karnage][2] == 2 and T.PL_STATS[baloo][2] == 3
    assert T.PL_DIE[3][3] == (("move", 3, True),)
    assert T.D_VAL[T.DEF_INDEX["act_pirate_raid"]] == 3 and T.D_DMG[T.DEF_INDEX["act_pirate_raid"]] == 2


def test_R3_options_are_validated() -> None:
    with pytest.raises(OptionError):
        GAME.new(2, {"characters": ["kit"]})
    with pytest.raises(OptionError):
        GAME.new(2, {"characters": ["kit", "kit"]})
    with pytest.raises(OptionError):
        GAME.new(1, {"characters": ["kit"]})
    with pytest.raises(OptionError):
        GAME.new(2, {"cargo_to_win": 6})
    with pytest.raises(OptionError):
        GAME.new(2, setup={"hands": [["no_such_card"], []]})


def test_R13_illegal_action_leaves_state_untouched() -> None:
    s = new(_df([], []))
    before = s.view(0), s.view(1), s.view(None)
    with pytest.raises(IllegalAction):
        s.apply(0, "dogfight:target=0")
    with pytest.raises(IllegalAction):
        s.apply(1, "end")
    assert (s.view(0), s.view(1), s.view(None)) == before
    assert s.dogfight is None and s.decision is not None and s.decision[0] == "main"


# ---------------------------------------------------------------- R24 clarifications
def test_R24_1_damage_summed_then_clamped_once() -> None:
    s = new(_df([], ["act_bail_out"], holds=[[], ["cargo_gold", "pas_monkeys", "pas_client"]]))
    act(s, "dogfight:target=1", "accept", "yield")  # 2 (Pirate Attack) + 1 (yield)
    assert s.decision == ("window", 1, "lose_dogfight")
    act(s, "action:card=act_bail_out")  # -2
    assert s.dogfight.damage_adjust == -2 and s.decision[0] == "damage"
    act(s, "damage:do=open,pos=0")
    assert s.dogfight is None  # exactly one point was applied


def test_R24_4_auto_block_counts_as_a_response_no_yield_bonus() -> None:
    s = new(_df([], ["act_evasive"]))
    act(s, "dogfight:target=1", "accept", "action:card=act_evasive")
    assert s.dogfight.blocked == 1 and s.decision[0] == "attack"
    act(s, s.legal_ids(0)[0])
    act(s, "yield")
    assert s.dogfight.yield_bonus == 0


def test_R24_9_round_cap_most_cargo_wins() -> None:
    s = new(_two([[], []], dice=[1], positions=[3, 9], holds=[["pas_client"], ["cargo_ice", "cargo_gold"]]))
    s.turn_no = 60 * 2
    act(s, "end", "move:dir=cw,n=1")
    assert s.is_over and s.end_reason == "round_cap" and s.result().winners == (1,)


def test_R15_2_search_shuffles_even_when_nothing_found() -> None:
    s = new({"characters": ["karnage", "kit"], "first": 0, "step": 2, "positions": [12, 2],
             "hands": [["act_business_deal"], []], "chains": [["pas_shere_khan"], []]})
    s.discard.extend(i for i in s.deck if T.C_TYPE[i] == T.CARGO)
    s.deck[:] = [i for i in s.deck if T.C_TYPE[i] != T.CARGO]
    before = s.deck[:]
    act(s, "action:card=act_business_deal")
    assert sorted(s.deck) == sorted(before) and s.deck != before and s.hands[0] == []


@pytest.mark.parametrize("bad", [{"dice": [7]}, {"dice": "3"}, {"foo": 1}, {"first": True}, {"hands": "x"},
                                 {"holds": [["open:zzz"]]}, {"hands": [[3]]}, {"chains": [["cargo_ice"]]},
                                 {"step": 5}, {"positions": [13, 1]}, {"characters": ["kit", "kit"]}])
def test_R3_bad_setup_blocks_are_refused(bad: dict) -> None:
    with pytest.raises(OptionError):
        GAME.new(2, setup=bad)


def test_R20_bad_covered_setup_refused() -> None:
    with pytest.raises(OptionError):
        GAME.new(1, setup={"covered": ["cargo_ice"]})
    with pytest.raises(OptionError):
        GAME.new(2, setup={"covered": ["pas_boltun"]})


def test_R12_7_R14_dogfight_priority_attacker_defender_then_others() -> None:
    s = new({"characters": ["baloo", "karnage", "kit", "molly"], "first": 0, "step": 2,
             "hands": [["pil_patrol"], [], [], []]}, players=4)
    # turn order from Baloo (6): Molly (9), Karnage (12), Kit (3)
    assert s.order == (0, 3, 1, 2)
    act(s, "pilot:card=pil_patrol,target=1")
    assert dogfight.seats(s, "ALL") == (0, 1, 3, 2)
    assert s._prio() == (0, 1, 3, 2)


# ---------------------------------------------------------------- R23 design notes (the data they describe)
def test_R23_1_composition_79_definitions_110_copies() -> None:
    assert T.NDEFS == 79 and T.NCARDS == 110
    defs = {t: sum(1 for d in range(T.NDEFS) if T.D_TYPE[d] == t) for t in range(5)}
    assert defs == {T.CARGO: 12, T.ARTIFACT: 8, T.PASSENGER: 20, T.PILOT: 10, T.ACTION: 29}
    characters = [T.D_COLOUR[T.C_DEF[c]] for c in range(T.NCARDS) if T.C_TYPE[c] in (T.PASSENGER, T.PILOT)]
    assert characters.count(T.BLUE) == 24 and characters.count(T.RED) == 18
    assert sorted(T.D_NAME[d] for d in range(T.NDEFS) if T.D_TIKI[d]) == sorted(
        ["Double Check", "Customs Raid", "Rush Delivery", "Wildcat's Junk Pile"])
    assert sum(1 for c in range(T.NCARDS) if T.D_X[T.C_DEF[c]]) == 15   # X cards (R18.2)


def test_R23_2_maneuver_histogram() -> None:
    copies = [sum(1 for c in range(T.NCARDS) if T.C_VAL[c] == v) for v in range(1, 14)]
    assert copies == [4, 5, 7, 9, 10, 12, 13, 13, 11, 10, 7, 5, 4]
    assert sum(1 for c in range(T.NCARDS) if T.C_DMG[c] or T.C_DRW[c]) == 57
    assert sum(1 for c in range(T.NCARDS) if T.C_DMG[c]) == 42 and sum(T.C_DMG) == 48
    assert sum(1 for c in range(T.NCARDS) if T.C_DRW[c]) == 18 and sum(T.C_DRW) == 18
