"""3-4 players (R19), solitaire against Shere Khan (R20) and hidden information (R5.3).

Every scenario starts from an explicit setup; the rule id is in every test name.
"""

from __future__ import annotations

from typing import Any

from nastolka.bots import RandomBot
from nastolka.games.talespin import data as T

from .helpers import GAME, act, hold_names, names, new

FILL = ["pas_louie", "pas_dunder", "pas_tourists", "pas_spy", "pas_defector", "pas_rebecca", "pas_wildcat"]


def _solo(**kw: Any) -> dict[str, Any]:
    setup: dict[str, Any] = {"characters": ["baloo"], "step": 2}
    setup.update(kw)
    return setup


# ---------------------------------------------------------------- R19 three or four players
def test_R19_3_R4_4_discard_to_seven_in_turn_order_from_the_active_player() -> None:
    big = [["cargo_ice", "cargo_ice", "cargo_orchids", "cargo_orchids", "cargo_medicine", "cargo_medicine",
            "cargo_bananas", "cargo_bananas"],
           ["cargo_mangoes", "cargo_mangoes", "cargo_airmail", "cargo_airmail", "cargo_coffee", "cargo_coffee",
            "cargo_clocks", "cargo_clocks"]]
    # Kit (3) is active; turn order Kit -> Baloo (6) -> Karnage (12)
    s = new({"characters": ["kit", "karnage", "baloo"], "first": 0, "step": 2, "dice": [1], "positions": [3, 12, 6],
             "hands": [[], big[0], big[1]]}, players=3)
    act(s, "end", "move:dir=cw,n=1")
    assert s.decision == ("discard", 2, "end")
    act(s, "discard:card=cargo_clocks")
    assert s.decision == ("discard", 1, "end")
    act(s, "discard:card=cargo_ice")
    assert s.active == 2


def test_R19_4_R12_7_every_player_draws_in_turn_order_from_the_active_player() -> None:
    # Troublemaker 3 with four players: Kit (3) active; order Kit, Baloo (6), Molly (9), Karnage (12)
    s = new({"characters": ["kit", "karnage", "baloo", "molly"], "first": 0, "step": 2, "dice": [3],
             "positions": [3, 12, 6, 9], "hands": [[], [], [], []], "chains": [["pas_balamut"], [], [], []],
             "deck": ["cargo_ice", "cargo_orchids", "cargo_medicine", "cargo_bananas"]}, players=4)
    assert s.order == (0, 2, 3, 1)
    act(s, "end", "move:dir=cw,n=1")
    # Baloo has started his turn since (Step 1 draws): compare the first card of each hand
    assert [names(h)[0] for h in s.hands] == ["cargo_ice", "cargo_bananas", "cargo_orchids", "cargo_medicine"]


def test_R19_4_artifact_into_any_of_three_holds() -> None:
    s = new({"characters": ["kit", "karnage", "baloo"], "first": 0, "step": 2,
             "hands": [["art_stone_statue"], [], []]}, players=3)
    assert [a for a in s.legal_ids(0) if a.startswith("artifact:")] == [
        "artifact:card=art_stone_statue,seat=0", "artifact:card=art_stone_statue,seat=1",
        "artifact:card=art_stone_statue,seat=2"]
    act(s, "artifact:card=art_stone_statue,seat=2")
    assert s.stat(2, 0) == 1


def test_R19_5_range_dogfight_offers_every_opponent_in_range() -> None:
    s = new({"characters": ["karnage", "kit", "baloo"], "first": 0, "step": 2, "positions": [12, 2, 10],
             "hands": [[], [], []]}, players=3)
    assert [a for a in s.legal_ids(0) if a.startswith("dogfight:")] == ["dogfight:target=1", "dogfight:target=2"]


def test_R19_5_other_players_get_no_win_or_lose_window() -> None:
    s = new({"characters": ["karnage", "baloo", "kit"], "first": 0, "step": 2, "positions": [12, 3, 9],
             "hands": [[], [], ["act_press", "act_bail_out"]], "deck": FILL}, players=3)
    act(s, "dogfight:target=1", "decline", strict=True)
    # Kit is not asked in the win/lose windows; only in DF-E, where his win/lose cards cannot be played
    assert s.decision == ("window", 2, "dogfight_ends") and s.legal_ids(2) == ["pass"]
    act(s, "pass", strict=True)
    assert s.dogfight is None and s.decision == ("main", 0)


def test_R12_3_reaction_window_order_in_four_players() -> None:
    s = new({"characters": ["kit", "karnage", "baloo", "molly"], "first": 2, "step": 2, "dice": [1],
             "positions": [3, 12, 6, 9], "hands": [["act_lookout"], ["act_storm"], [], ["cargo_ice"]],
             "holds": [[], [], ["pas_client"], []]}, players=4)
    # Baloo (6) active: Molly (9), Karnage (12), Kit (3)
    assert s.order == (2, 3, 1, 0)
    act(s, "end", strict=True)
    assert s.decision == ("window", 3, "any_turn") and s.legal_ids(3) == ["pass"]  # Molly holds no Action
    act(s, "pass", strict=True)
    assert s.decision == ("window", 1, "any_turn")
    act(s, "pass", strict=True)
    assert s.decision == ("window", 0, "any_turn")
    act(s, "pass", strict=True)
    assert s.decision[0] == "move" and s.decision[1] == 2


# ---------------------------------------------------------------- R20 solitaire
def test_R20_3_khan_gets_one_packed_card_after_the_draw_step() -> None:
    s = new({"characters": ["baloo"], "hands": [["cargo_ice", "cargo_orchids", "cargo_medicine", "cargo_bananas",
                                                 "cargo_mangoes"]],
             "holds": [["open:art_treasure_map"], []], "deck": ["pas_client", "pas_tourists", "pas_dunder"]},
            players=1)
    # Step 1 draws Client, the Map draws Tourists, then Khan's card (Dunder) goes face down into his hold
    assert names(s.hands[0])[-2:] == ["pas_client", "pas_tourists"]
    assert [T.DEF_ID[T.C_DEF[v & 127]] for v in s.holds[1]] == ["pas_dunder"]
    assert s.view(0)["khan_hold"] == [{"card": None, "open": False}]


def test_R20_3_no_cargo_on_a_covered_location_even_after_a_won_dogfight() -> None:
    s = new(_solo(dice=[1], positions=[7], hands=[["cargo_gold", "cargo_fireworks", "cargo_ice"]],
                  covered=["pas_boltun"], deck=["pas_client", "pas_tourists", "pas_spy", "cargo_orchids",
                                                "cargo_medicine", "cargo_machine_parts"]), players=1)
    act(s, "dogfight:target=1", "maneuver:card=cargo_gold", "maneuver:card=cargo_fireworks")
    assert s.won_khan
    while s.decision[0] == "damage":
        act(s, s.legal_ids(0)[0])
    act(s, "end", "move:dir=cw,n=1")
    assert s.pos[0] == 8 and s.holds[0] == [] and s.turn_no == 2
    s = new(_solo(dice=[1], positions=[7], hands=[["cargo_gold", "cargo_fireworks", "cargo_ice"]],
                  covered=["pas_boltun"], deck=["pas_client", "pas_tourists", "pas_spy", "cargo_orchids",
                                                "cargo_medicine", "cargo_machine_parts"]), players=1)
    act(s, "dogfight:target=1", "maneuver:card=cargo_gold", "maneuver:card=cargo_fireworks")
    while s.decision[0] == "damage":
        act(s, s.legal_ids(0)[0])
    act(s, "end", "move:dir=ccw,n=1")
    assert s.pos[0] == 6 and s.decision == ("cargo", 0)  # uncovered Higher for Hire: cargo allowed


def test_R20_4_red_character_drawn_as_piloting_card_covers_the_next_location() -> None:
    s = new(_solo(hands=[["cargo_gold", "cargo_fireworks"]], covered=["pas_boltun"],
                  deck=["pas_client", "pil_mad_dog", "pas_tourists", "cargo_ice", "cargo_orchids", "cargo_medicine"]), players=1)
    act(s, "dogfight:target=1")
    # Baloo's PILOTING 3: Client, Mad Dog (red: covers 9, counts as one of the 3), Tourists
    assert names(s.covered) == ["pas_boltun", "pil_mad_dog"] and s._covered(9)
    assert names(s.hands[0]) == ["cargo_gold", "cargo_fireworks", "pas_client", "pas_tourists"]


def test_R20_5_khan_wins_ties_and_no_cargo_follows() -> None:
    s = new(_solo(dice=[1], hands=[["cargo_ice", "cargo_orchids", "cargo_gold"]],
                  deck=["pas_client", "pas_tourists", "pas_dunder", "cargo_coffee", "cargo_medicine", "cargo_medicine"]), players=1)
    act(s, "dogfight:target=1", "maneuver:card=cargo_ice", "maneuver:card=cargo_orchids")
    # H = Baloo's Loop-de-Loop 9; Khan reveals Coffee 9: a tie goes to Khan
    assert not s.won_khan and s.dogfight is None and "cargo_coffee" in names(s.discard)
    act(s, "end", "move:dir=cw,n=1")
    assert s.holds[0] == []


def test_R20_5_highest_single_maneuver_decides_and_icons_of_all_count() -> None:
    s = new(_solo(hands=[["cargo_fireworks", "cargo_machine_parts"]], holds=[[], ["pas_client", "pas_tourists",
                                                                                   "pas_spy"]],
                  deck=["pas_louie", "pas_dunder", "pas_defector", "cargo_ice", "cargo_orchids", "cargo_coffee"]), players=1)
    act(s, "dogfight:target=1", "maneuver:card=cargo_fireworks", "maneuver:card=cargo_machine_parts")
    # H = 11 (Fireworks); Khan's best is Coffee 9: Baloo wins; Damage 1 (Loop) + 1 (Fireworks) + 1 (Parts) = 3
    assert s.won_khan and s.dogfight.damage == 3
    act(s, "damage:do=open,pos=0", "damage:do=open,pos=0", "damage:do=open,pos=0")
    assert s.holds[1] == [] and s.dogfight is None


def test_R20_5_fewer_maneuvers_with_a_short_hand() -> None:
    s = new(_solo(hands=[[]], deck=["cargo_gold", "pas_dumptruck", "pil_mad_dog", "cargo_ice", "cargo_orchids",
                                    "cargo_medicine"]), players=1)
    act(s, "dogfight:target=1")
    # PILOTING 3: Gold, then two red cards that cover; one maneuver card to play
    assert s.legal_ids(0) == ["maneuver:card=cargo_gold"]
    act(s, "maneuver:card=cargo_gold")
    assert s.won_khan and s.dogfight is None or s.decision[0] in ("damage",)


def test_R20_7_khan_wins_a_tie_of_five_cargo_at_the_end_of_the_turn() -> None:
    s = new(_solo(dice=[1], hands=[["cargo_ice", "cargo_orchids", "cargo_gold"]],
                  holds=[["pas_client", "pas_tourists", "pas_spy", "pas_dunder", "open:cargo_coffee"],
                         ["pas_louie", "pas_defector", "pas_rebecca", "pas_wildcat", "pas_fint"]]), players=1)
    act(s, "end", "move:dir=cw,n=1")
    assert s.is_over and s.winners == () and s.end_reason == "khan_cargo"


def test_R20_7_all_twelve_locations_covered_khan_wins_at_end_of_turn() -> None:
    reds = ["pas_boltun", "pas_dumptruck", "pas_pirate_crew", "pas_pirate_crew", "pas_karnage", "pas_shere_khan",
            "pas_henchmen", "pas_henchmen", "pas_spy", "pil_mad_dog", "pil_mad_dog"]
    s = new({"characters": ["baloo"], "dice": [1], "covered": reds, "deck": ["pil_spigot", "pas_client"],
             "hands": [["cargo_ice", "cargo_orchids", "cargo_medicine", "cargo_bananas", "cargo_mangoes"]]}, players=1)
    # Step 1: Spigot (red) covers the twelfth Location and counts as the one card drawn
    assert len(s.covered) == 12 and len(s.hands[0]) == 5 and not s.is_over
    act(s, "end", "move:dir=cw,n=1")
    assert s.is_over and s.end_reason == "khan_covered" and s.winners == ()


def test_R20_5_uncovering_frees_the_newest_location_for_the_next_cover() -> None:
    s = new(_solo(hands=[["cargo_gold", "cargo_fireworks"]], covered=["pas_boltun", "pas_dumptruck"],
                  deck=["pas_client", "pas_tourists", "pas_louie", "cargo_ice", "cargo_orchids", "cargo_medicine",
                        "pil_mad_dog"]), players=1)
    act(s, "dogfight:target=1", "maneuver:card=cargo_gold", "maneuver:card=cargo_fireworks", "damage:do=uncover")
    assert names(s.covered) == ["pas_boltun"] and not s._covered(9)
    act(s, s.legal_ids(0)[0])  # second point: uncover again
    assert s.dogfight is None


# ---------------------------------------------------------------- R5.3 hidden information
def _check_view(s: Any, viewer: int | None) -> None:
    v = s.view(viewer)
    assert isinstance(v["deck"], int)
    for side, p in enumerate(v["seats"]):
        if viewer == side:
            assert sorted(p["hand"]) == sorted(T.DEF_ID[T.C_DEF[i]] for i in s.hands[side])
        else:
            assert p["hand"] is None
            # a remembered hand card is one the viewer saw enter that hand (everyone, for the spectator)
            full = (1 << s.sides) - 1
            allowed = sorted(T.DEF_ID[k & 255] for k in s.hand_seen[side]
                             if (k >> 8 == full if viewer is None else k >> 8 >> viewer & 1))
            assert p["known_hand"] == allowed
        for entry, raw in zip(p["hold"], s.holds[side], strict=True):
            if entry["card"] is not None and not raw & 128:
                assert viewer is not None and (viewer == side or raw >> 8 >> viewer & 1)
    if s.solo:
        for entry, raw in zip(v["khan_hold"], s.holds[1], strict=True):
            if entry["card"] is not None and not raw & 128:
                assert viewer == 0 and raw >> 8 & 1
    # the view holds no card id beyond the public ones and the viewer's own
    text = repr(v)
    for side in range(s.players):
        if side == viewer:
            continue
        for inst in s.hands[side]:
            cid = T.DEF_ID[T.C_DEF[inst]]
            if cid in text:
                # it may be there only because it is public elsewhere (discard, table, open cargo, known)
                public = set(v["discard"]) | set(v["resolving"]) | {c for p in v["seats"] for c in p["chain"]}
                public |= {e["card"] for p in v["seats"] for e in p["hold"] if e["card"]}
                public |= {c for p in v["seats"] for c in (p["hand"] or []) + p["known_hand"]}
                public |= {c for p in v["seats"] for c in p["tiki"]}
                if v["decision"]:  # a seat searching the deck sees the cards it may take there
                    assert v["decision"]["seat"] == viewer or "options" not in v["decision"]
                    public |= set(v["decision"].get("options", []))
                if v["dogfight"]:
                    public |= set(v["dogfight"]["attack"]) | set(v["dogfight"]["defence"])
                    public.add(v["dogfight"]["pilot"])
                if s.solo:
                    public |= set(v["covered"])
                assert cid in public, (viewer, cid)


def test_R5_3_random_mid_game_views_never_show_hidden_cards() -> None:
    for players in (2, 3, 4):
        for seed in range(3):
            s = GAME.new(players, seed=100 + seed)
            bots = [RandomBot(seed * 10 + i) for i in range(players)]
            for step in range(300):
                if s.is_over:
                    break
                if step % 5 == 0:
                    for viewer in [None, *range(players)]:
                        _check_view(s, viewer)
                seat = s.to_act[0]
                s.apply(seat, bots[seat].choose(s, seat))


def test_R5_3_spectator_sees_no_packed_card_even_after_peeks_and_steals() -> None:
    s = new({"characters": ["karnage", "kit"], "first": 0, "step": 2, "positions": [12, 2],
             "hands": [["act_pirate_raid", "act_lookout"], []], "holds": [[], ["pas_client", "cargo_ice"]]})
    act(s, "action:card=act_lookout", "cargo:seat=1,pos=1", "action:card=act_pirate_raid", "cargo:seat=1,pos=0")
    assert [e["card"] for e in s.view(None)["seats"][0]["hold"]] == [None]
    assert [e["card"] for e in s.view(None)["seats"][1]["hold"]] == [None]
    assert [e["card"] for e in s.view(0)["seats"][1]["hold"]] == ["cargo_ice"]  # peeked
    assert [e["card"] for e in s.view(1)["seats"][0]["hold"]] == ["pas_client"]  # the victim knows it
    assert s.view(None)["seats"][1]["hand"] is None and s.view(None)["seats"][0]["hand"] is None


def test_R5_3_shuffle_makes_a_peeked_card_unknown_again() -> None:
    s = new({"characters": ["karnage", "kit"], "first": 0, "step": 2, "positions": [12, 6],
             "hands": [["act_lookout"], ["act_secret_hold"]], "holds": [[], ["pas_client", "cargo_ice"]],
             "dice": [1]})
    act(s, "action:card=act_lookout", "cargo:seat=1,pos=0")
    assert [e["card"] for e in s.view(0)["seats"][1]["hold"]] == ["pas_client", None]
    act(s, "end", "move:dir=cw,n=1")
    while s.active == 0:
        act(s, s.legal_ids(s.to_act[0])[0])
    while s.decision[0] != "main":
        act(s, s.legal_ids(s.to_act[0])[0])
    act(s, "action:card=act_secret_hold")
    assert all(e["card"] is None for e in s.view(0)["seats"][1]["hold"])
    assert hold_names(s, 1) and all(e["card"] for e in s.view(1)["seats"][1]["hold"])


def test_R15_2_R5_3_searcher_sees_the_deck_options_and_determinization_keeps_them() -> None:
    from nastolka.engine import Rng

    s = new({"characters": ["kit", "karnage"], "first": 0, "step": 2, "positions": [8, 2],
             "hands": [["act_double_check", "cargo_ice"], ["cargo_gold", "cargo_fireworks", "cargo_clocks"]],
             "chains": [["pas_rebecca"], []], "holds": [[], ["cargo_coffee", "open:cargo_airmail"]]})
    act(s, "action:card=act_double_check", "cargo:card=cargo_ice")  # Khan Industries: search for a Cargo
    assert s.decision[0] == "take" and s.decision[2] == "deck"
    legal = s.legal_ids(0)
    assert s.view(0)["decision"]["options"] == [a.split("=")[1] for a in legal if a != "take:none"]
    assert "options" not in s.view(1)["decision"] and "options" not in s.view(None)["decision"]
    for k in range(20):
        d = s.determinize(0, Rng(k))
        assert d.legal_ids(0) == legal and d.view(0) == s.view(0)
        # every Cargo outside the deck stays outside it (in Karnage's hand or packed hold)
        assert sum(T.C_TYPE[i] == T.CARGO for i in d.deck) == sum(T.C_TYPE[i] == T.CARGO for i in s.deck)
        assert sorted(d.hands[1] + [v & 127 for v in d.holds[1]] + d.deck) == \
            sorted(s.hands[1] + [v & 127 for v in s.holds[1]] + s.deck)


def test_R5_3_determinization_during_a_search_over_random_games() -> None:
    from nastolka.engine import Rng

    seen = 0
    for players in (1, 2, 3):
        for seed in range(12):
            s = GAME.new(players, seed=seed)
            bots = [RandomBot(seed + i) for i in range(players)]
            while not s.is_over and seen < 40:
                seat = s.to_act[0]
                if s.decision[0] == "take" and s.decision[2] == "deck":
                    seen += 1
                    for k in range(3):
                        d = s.determinize(seat, Rng(k))
                        assert d.legal_ids(seat) == s.legal_ids(seat) and d.view(seat) == s.view(seat)
                s.apply(seat, bots[seat].choose(s, seat))
    assert seen > 0


def test_R20_4_red_cards_revealed_as_khans_maneuvers_cover_nothing() -> None:
    s = new(_solo(hands=[["cargo_gold", "cargo_fireworks"]],
                  deck=["pas_client", "pas_tourists", "pas_louie", "pil_mad_dog", "pas_dumptruck", "cargo_ice"]),
            players=1)
    act(s, "dogfight:target=1", "maneuver:card=cargo_gold", "maneuver:card=cargo_fireworks")
    assert s.covered == [] and s.won_khan
    assert s.dogfight is None and {"pil_mad_dog", "pas_dumptruck"} <= set(names(s.discard))  # cleaned up
