"""CE-1..CE-4, CE-7 and CE-9: components, setup, the round structure, round cards, events and scoring."""

from __future__ import annotations

from collections import Counter
from typing import Any

from nastolka.games.colt_express import GAME
from nastolka.games.colt_express import data as D
from nastolka.games.colt_express.effects import EVENTS
from nastolka.games.colt_express.text import W

from .helpers import EMPTY, base, empty_train, loot_of, received, run, where


# ----------------------------------------------------------------------------- CE-1 components
def test_CE_1_components() -> None:
    assert Counter(D.PURSE_VALUES) == {250: 8, 300: 2, 350: 2, 400: 2, 450: 2, 500: 2}
    assert (D.N_JEWELS, D.N_STRONGBOXES, D.NEUTRAL_BULLETS, D.BULLETS_PER_BANDIT) == (6, 2, 13, 6)
    assert dict(zip(D.CAR_IDS, zip(D.CAR_PURSES, D.CAR_JEWELS, strict=True), strict=True)) == {
        "baggage": (1, 0), "second_class": (1, 1), "first_class": (0, 3), "dining": (3, 0), "mail": (4, 1),
        "saloon": (3, 1)}
    assert dict(zip(D.KIND_IDS, D.KIND_COUNT, strict=True)) == {
        "move": 2, "floor": 2, "fire": 2, "punch": 1, "marshal": 1, "rob": 2}
    assert len(D.NORMAL_ROUNDS) == 7 and len(D.STATION_ROUNDS) == 3
    assert tuple(W.name(b, "ru") for b in D.BANDIT_IDS) == ("Призрак", "Док", "Туко", "Шайенн", "Красотка", "Джанго")


# ----------------------------------------------------------------------------- CE-2 setup
def test_CE_2_setup_train_loot_marshal_and_round_deck() -> None:
    for players in range(3, 7):
        s = GAME.new(players, seed=players)
        assert s.car_count == players and len(set(s.cars)) == players
        view = s.view(None)
        for c, car in enumerate(view["cars"][1:], start=1):
            printed = s.cars[c - 1]
            assert len(car["inside"]["purses"]) == D.CAR_PURSES[printed]
            assert car["inside"]["jewels"] == D.CAR_JEWELS[printed]
            assert all(v is None for v in car["inside"]["purses"])      # face down for everyone
        assert view["cars"][0]["inside"]["strongboxes"] == 1 and s.marshal == 0 and s.box2
        assert all(b["purses"] == [250] for b in view["bandits"])       # the known starting purse
        assert [r in D.NORMAL_ROUNDS for r in s.rounds] == [True] * 4 + [False]
        assert len(set(s.rounds)) == 5
        assert view["rounds_seen"] == [D.ROUND_IDS[s.rounds[0]]]
        assert all(s.hand_size(q) == len(s.hand[q]) for q in range(players))


def test_CE_2_odd_players_start_in_the_caboose_even_in_the_next_car() -> None:
    s = run(5, {"first": 3})
    # player 1 is seat 3, player 2 seat 4, player 3 seat 0 ...
    expected = {3: 5, 4: 4, 0: 5, 1: 4, 2: 5}
    assert [s.pos[b] >> 1 for b in range(5)] == [expected[b] for b in range(5)]
    assert all(p & 1 == 0 for p in s.pos)


def test_CE_2_options_fix_bandits_and_cars() -> None:
    s = GAME.new(3, {"bandits": "belle,doc,ghost", "cars": "mail,dining,saloon"}, seed=1)
    assert [s.bname(b) for b in range(3)] == ["belle", "doc", "ghost"]
    assert [D.CAR_IDS[c] for c in s.cars] == ["mail", "dining", "saloon"]


# ----------------------------------------------------------------------------- CE-3 rounds
def test_CE_3_round_start_shuffles_and_draws_six() -> None:
    s = GAME.new(4, {"bandits": "ghost,tuco,belle,django"}, seed=5)
    assert [len(h) for h in s.hand] == [6, 6, 6, 6] and [len(d) for d in s.deck] == [4, 4, 4, 4]


def test_CE_3_schemin_order_normal_and_tunnel_turns() -> None:
    setup = base(3, first=1, rounds=["swivel_arm"], hands=[["move", "floor", "rob", "rob", "fire", "fire"]] * 3)
    s = run(3, setup)
    order = []
    actions = []
    for _ in range(12):       # N T N N for three players
        seat = s.actor
        order.append(seat)
        aid = "play:card=rob" if "play:card=rob" in s.legal_ids(seat) else "play:card=fire"
        actions.append((seat, aid))
        s.apply(seat, aid)
    assert order == [1, 2, 0] * 4
    assert [e & 1 for e in s.pile] == [0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0]


def test_CE_3_tunnel_cards_are_hidden_from_the_others() -> None:
    setup = base(3, rounds=["swivel_arm"], hands=[["move", "floor", "rob", "rob", "fire", "fire"]] * 3)
    s = run(3, setup, [(0, "play:card=rob"), (1, "play:card=rob"), (2, "play:card=rob"), (0, "play:card=move")])
    assert s.view(0)["pile"][3] == {"seat": 0, "card": "move", "face_down": True}
    assert s.view(1)["pile"][3] == {"seat": 0, "card": None, "face_down": True}
    assert s.view(None)["pile"][3]["card"] is None


def test_CE_3_speeding_up_turn_drawing_six() -> None:
    """Full Steam (N D N): in the speeding-up turn seat 0 draws 3 twice in a row = draws 6."""
    setup = base(3, rounds=["full_steam"], hands=[["move", "floor"], ["move", "floor"], ["move", "floor"]])
    s = run(3, setup, [(0, "play:card=move"), (1, "play:card=move"), (2, "play:card=move"), (0, "draw")])
    assert s.actor == 0 and len(s.hand[0]) == 4       # the same player acts again
    s.apply(0, "draw")
    assert len(s.hand[0]) == 7 and len(s.deck[0]) == 2
    assert s.actor == 1


def test_CE_3_speeding_up_play_two_in_a_row() -> None:
    setup = base(3, rounds=["full_steam"], hands=[["move", "floor", "rob"]] * 3)
    s = run(3, setup, [(0, "play:card=move"), (1, "play:card=move"), (2, "play:card=move"),
                       (0, "play:card=rob"), (0, "draw")])
    assert s.actor == 1 and [e >> 1 for e in s.pile][-1] % 6 == D.ROB


def test_CE_3_switching_turn_goes_counter_clockwise_from_the_first_player() -> None:
    hands = [["move", "floor", "rob", "rob", "fire", "fire"]] * 3
    setup = base(3, first=1, rounds=["angry_marshal"], hands=hands)
    acts = []
    for _turn in range(3):
        for seat in (1, 2, 0):
            acts.append((seat, "play:card=fire" if _turn < 2 else "play:card=rob"))
    s = run(3, setup, acts)
    order = []
    for _ in range(3):
        order.append(s.actor)
        s.apply(s.actor, "play:card=move")
    assert order == [1, 0, 2]


def test_CE_3_draw_is_not_offered_from_an_empty_deck_and_bullets_are_never_playable() -> None:
    setup = base(3, hands=[["bullet:neutral", "bullet:doc"], ["move"], ["move"]], decks=[[], ["floor"], ["rob"]])
    s = run(3, setup)
    assert s.legal_ids(0) == ["pass"]
    setup["decks"] = [["rob"], ["floor"], ["rob"]]
    s = run(3, setup)
    assert s.legal_ids(0) == ["draw"]


def test_CE_3_draw_takes_fewer_when_the_deck_is_short() -> None:
    s = run(3, base(3, hands=[["move"], ["move"], ["move"]], decks=[["rob", "fire"], [], []]), [(0, "draw")])
    assert sorted(s.names[c] for c in s.hand[0]) == ["fire", "move", "rob"]


def test_CE_3_stealin_resolves_first_played_first() -> None:
    """Doc moves away before Cheyenne's shot resolves: the shot finds nobody."""
    setup = base(3, positions=[[2, "inside"], [1, "inside"], [3, "roof"]], pile=[[1, "floor"], [0, "fire"]])
    s = run(3, setup)
    assert received(s, 1) == []
    setup["pile"] = [[0, "fire"], [1, "floor"]]
    s = run(3, setup)
    assert received(s, 1) == ["bullet:cheyenne"]


def test_CE_3_hand_back_on_deck_and_resolved_card_on_top() -> None:
    setup = base(3, positions=[[2, "inside"], [1, "roof"], [3, "roof"]], pile=[[0, "floor"], [1, "move"]],
                 hands=[["rob"], ["rob"], ["rob"]], decks=[["fire"], ["fire"], ["fire"]])
    s = run(3, setup)
    assert s.phase == 5 and s.actor == 1          # Doc's move waits for his choice
    assert s.hand == [[], [], []]
    assert [s.names[c] for c in reversed(s.deck[0])] == ["floor", "rob", "fire"]


def test_CE_3_first_player_passes_clockwise_and_five_rounds() -> None:
    s = GAME.new(4, seed=8)
    firsts = [s.first]
    rounds = 1
    from nastolka.engine import Rng
    rng = Rng(2)
    while not s.is_over:
        legal = s.legal_ids(s.actor)
        r = s.round
        s.apply(s.actor, legal[rng.randbelow(len(legal))])
        if s.round != r:
            rounds += 1
            firsts.append(s.first)
    assert rounds == 6 and firsts == [(firsts[0] + i) % 4 for i in range(6)]


# ----------------------------------------------------------------------------- CE-4 round cards
def test_CE_4_round_card_patterns_by_player_count() -> None:
    assert D.ROUND_TURNS_SMALL[D.ROUND_INDEX["take_it_all"]] == (0, 1, 2, 0)
    assert D.ROUND_TURNS_LARGE[D.ROUND_INDEX["take_it_all"]] == (0, 2, 3)
    assert all(D.ROUND_TURNS_SMALL[r] == (0, 0, 1, 0) for r in D.STATION_ROUNDS)
    s = run(5, {"rounds": ["take_it_all"], "first": 0})
    assert len(s.schedule) == 5 + 10 + 5 and s.view(0)["turns"] == "NDR"
    s = run(4, {"rounds": ["take_it_all"], "first": 0})
    assert s.view(0)["turns"] == "NTDN" and len(s.schedule) == 4 + 4 + 8 + 4


# ----------------------------------------------------------------------------- CE-7 events
def event(card: str, positions: list[list[Any]], **kw: Any) -> Any:
    return run(3, base(3, rounds=[card], positions=positions, pile=[], **kw))


def test_CE_7_each_event_of_the_round_cards_has_its_function_at_its_index() -> None:
    # effects.EVENTS is indexed by data.ROUND_EVENT: a function out of place would run another event
    assert [f.__name__ for f in EVENTS[1:]] == list(D.EVENT_IDS[1:])
    assert len(EVENTS) == len(D.EVENT_IDS)


def test_CE_7_angry_marshal() -> None:
    s = event("angry_marshal", [[1, "roof"], [2, "inside"], [3, "roof"]], marshal=1)
    assert received(s, 0) == ["bullet:neutral"]           # on his roof
    assert s.marshal == 2 and where(s, "doc") == (2, "roof") and received(s, 1) == ["bullet:neutral"]
    assert received(s, 2) == []


def test_CE_7_angry_marshal_stays_in_the_caboose() -> None:
    s = event("angry_marshal", [[1, "roof"], [2, "inside"], [3, "roof"]], marshal=3)
    assert s.marshal == 3 and received(s, 2) == ["bullet:neutral"]


def test_CE_7_swivel_arm() -> None:
    s = event("swivel_arm", [[0, "roof"], [2, "inside"], [1, "roof"]])
    assert where(s, "cheyenne") == (3, "roof") and where(s, "tuco") == (3, "roof")
    assert where(s, "doc") == (2, "inside")


def test_CE_7_braking() -> None:
    s = event("braking", [[0, "roof"], [2, "inside"], [3, "roof"]])
    assert where(s, "cheyenne") == (0, "roof") and where(s, "tuco") == (2, "roof")
    assert where(s, "doc") == (2, "inside")


def test_CE_7_take_it_all() -> None:
    s = event("take_it_all", [[1, "roof"], [2, "roof"], [3, "roof"]], marshal=2)
    assert s.view(None)["cars"][2]["inside"]["strongboxes"] == 1 and not s.box2


def test_CE_7_rebellion_and_its_all_or_none_shortage() -> None:
    s = event("rebellion", [[0, "inside"], [2, "inside"], [3, "roof"]], marshal=1)
    assert received(s, 0) == received(s, 1) == ["bullet:neutral"] and received(s, 2) == []
    s = event("rebellion", [[0, "inside"], [2, "inside"], [3, "roof"]], marshal=1, neutral=1)
    assert received(s, 0) == received(s, 1) == [] and s.neutral == 1


def test_CE_7_pickpocketing_alone_may_take_a_purse() -> None:
    loot = empty_train(3)
    loot[1] = {"purses": [400]}
    loot[2] = {"purses": [450]}
    setup = base(3, rounds=["pickpocketing"], positions=[[1, "inside"], [2, "inside"], [2, "inside"]], pile=[],
                 loot=loot, marshal=0)
    s = run(3, setup)
    assert s.actor == 0 and s.legal_ids(0) == ["pickpocket:choice=take", "pickpocket:choice=pass"]
    assert s.view(1)["pickpocket"] == "cheyenne" and "Cheyenne may take a purse" in s.render(1, "en")
    done = run(3, setup, [(0, "pickpocket:choice=take")])
    assert done.is_over and loot_of(done, "cheyenne")["purses"] == [400]
    assert loot_of(done, "doc")["purses"] == []          # not alone
    passed = run(3, setup, [(0, "pickpocket:choice=pass")])
    assert loot_of(passed, "cheyenne")["purses"] == []


def test_CE_7_marshals_revenge_discards_the_cheapest_purse() -> None:
    held = [{"purses": [450, 250], "jewels": 1}, {"jewels": 1}, {"purses": [300]}]
    s = event("marshals_revenge", [[1, "roof"], [1, "roof"], [2, "roof"]], marshal=1, held=held)
    assert loot_of(s, "cheyenne")["purses"] == [450] and loot_of(s, "cheyenne")["jewels"] == 1
    assert loot_of(s, "doc")["jewels"] == 1 and loot_of(s, "tuco")["purses"] == [300]
    assert len(s.removed) == 1


def test_CE_7_hostage_taking_of_the_conductor() -> None:
    s = event("hostage_conductor", [[0, "roof"], [0, "inside"], [1, "roof"]], marshal=2)
    assert s.bonus == [250, 250, 0]
    assert s.result().details["totals"] == [250, 250, 0]


# ----------------------------------------------------------------------------- CE-9 scoring
def test_CE_9_scoring_sums_loot_and_reveals_every_purse() -> None:
    held = [{"purses": [500, 250], "jewels": 1, "strongboxes": 1}, {"purses": [300]}, dict(EMPTY)]
    s = event("tunnels", [[1, "roof"], [2, "roof"], [3, "roof"]], held=held)
    assert s.result().details["totals"] == [2250, 300, 0]
    assert s.view(2)["bandits"][0]["purses"] == [500, 250] or sorted(s.view(2)["bandits"][0]["purses"]) == [250, 500]


def test_CE_9_gunslinger_tie_both_get_1000() -> None:
    s = event("tunnels", [[1, "roof"], [2, "roof"], [3, "roof"]], fired=[2, 2, 1])
    assert s.result().details["gunslinger"] == [0, 1]
    assert s.result().details["totals"] == [1000, 1000, 0]
    assert s.result().winners == (0, 1)


def test_CE_9_nobody_fired_nobody_is_gunslinger() -> None:
    s = event("tunnels", [[1, "roof"], [2, "roof"], [3, "roof"]])
    assert s.result().details["gunslinger"] == [] and s.result().winners == (0, 1, 2)


def test_CE_9_tie_broken_by_fewest_bullets_received() -> None:
    held = [{"purses": [300]}, {"purses": [300]}, dict(EMPTY)]
    decks = [["move", "bullet:tuco"], ["move"], ["move"]]
    s = event("tunnels", [[1, "roof"], [2, "roof"], [3, "roof"]], held=held, decks=decks, fired=[0, 0, 0])
    assert s.result().winners == (1,) and s.result().ranks == (2, 1, 3)


def test_CE_2_bad_options_and_setups_are_refused_with_reasons() -> None:
    import pytest

    from nastolka.engine import OptionError

    for options in ({"bandits": "ghost,doc"}, {"bandits": "ghost,ghost,doc"}, {"cars": "mail,mail,dining"},
                    {"cars": "mail"}, {"bandits": "ghost,doc,nobody"}):
        with pytest.raises(OptionError):
            GAME.new(3, options)
    for setup in ({"first": 7}, {"rounds": ["nope"]}, {"positions": [[0, "inside"]] * 3},
                  {"held": [{"purses": [999]}] * 3}, {"hands": [["fire:doc"], [], []]}, {"unknown": 1},
                  {"loot": [{"purses": [500, 500, 500]}, {}, {}, {}]}, {"pile": [[0, "bullet:neutral"]]}):
        with pytest.raises(OptionError):
            GAME.new(3, setup=setup)


def test_CE_2_a_two_player_game_needs_four_bandits() -> None:
    import pytest

    from nastolka.engine import OptionError

    with pytest.raises(OptionError):
        GAME.new(2, {"bandits": "ghost,doc"})
    s = GAME.new(2, {"bandits": "ghost,doc,tuco,belle", "cars": "mail,dining,saloon"})
    assert [s.bname(b) for b in range(4)] == ["ghost", "doc", "tuco", "belle"]


def test_CE_2_records_with_options_replay_exactly() -> None:
    from nastolka.engine import Record, Rng, record_of, replay

    s = GAME.new(3, {"bandits": "ghost,doc,tuco", "cars": "mail,dining,saloon", "expert": True}, seed=4)
    rng = Rng(1)
    while not s.is_over:
        legal = s.legal_ids(s.actor)
        s.apply(s.actor, legal[rng.randbelow(len(legal))])
    rec = Record.loads(record_of(s).dumps())
    assert rec.options["bandits"] == ["ghost", "doc", "tuco"]
    assert replay(rec).result() == s.result()
