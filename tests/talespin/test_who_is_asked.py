"""Who is asked must not reveal a hand (R5.3 with the windows of R12 and R14).

``to_act`` and the pending decision are public. So a decision may be skipped only when public facts show
that it has a single option (docs/decisions.md, TaleSpin). Each test builds two games that differ only in
one seat's hidden cards: one where that seat could act (Into the Clouds, Lookout, a Cargo for the last
slot, two different cards to discard), one where it could not. It then plays the same actions in both and
checks that every other seat, and a spectator, sees the same views, the same ``to_act`` and the same
events throughout.
"""

from __future__ import annotations

from typing import Any

from nastolka.engine import visible
from nastolka.games.talespin.state import TaleSpinState

from .helpers import new

FILL = ["pas_louie", "pas_dunder", "pas_tourists", "pas_spy", "pas_defector", "pas_rebecca", "pas_wildcat",
        "cargo_machine_parts", "cargo_bananas", "cargo_mangoes", "cargo_airmail", "pas_monkeys", "pas_henchmen"]
PREFER = ("pass", "accept", "yield", "cargo:card=none", "bounty:card=none", "end")


def _walk_alike(a: TaleSpinState, b: TaleSpinState, hidden: int, steps: int,
                prefer: tuple[str, ...] = PREFER) -> list[tuple[Any, ...]]:
    """Play the same actions in ``a`` and ``b``; every observer but ``hidden`` must see the same game.

    Returns the decisions met on the way (``a.decision`` before each action)."""
    observers: list[int | None] = [o for o in range(a.players) if o != hidden]
    observers.append(None)
    met = []
    for _ in range(steps):
        assert a.to_act == b.to_act
        for o in observers:
            assert a.view(o) == b.view(o), f"seat {o} can tell the games apart at {a.decision} / {b.decision}"
        if a.is_over:
            break
        seat = a.to_act[0]
        la, lb = a.legal_ids(seat), b.legal_ids(seat)
        if seat != hidden:
            assert la == lb
        aid = next((x for x in prefer if x in la and x in lb), None) or next(x for x in la if x in lb)
        met.append(a.decision)
        ea, eb = a.apply(seat, aid), b.apply(seat, aid)
        for o in observers:
            assert visible(ea, o) == visible(eb, o)
            assert a.view(o) == b.view(o)
    return met


def test_R14_DF_W2_into_the_clouds_window_does_not_show_the_defenders_hand() -> None:
    def game(defender: list[str]) -> TaleSpinState:
        return new({"characters": ["karnage", "baloo"], "first": 0, "step": 2, "positions": [12, 3],
                    "hands": [["cargo_clocks"], defender], "deck": FILL})

    a, b = game(["act_into_clouds", "cargo_ice"]), game(["cargo_gold", "cargo_ice"])
    a.apply(0, "dogfight:target=1")
    b.apply(0, "dogfight:target=1")
    a.apply(0, "pass")  # DF-W1: Karnage holds a card, so he is asked too
    b.apply(0, "pass")
    assert a.decision == b.decision == ("window", 1, "opponent_starts_dogfight")
    assert a.legal_ids(1) == ["action:card=act_into_clouds", "pass"] and b.legal_ids(1) == ["pass"]
    met = _walk_alike(a, b, hidden=1, steps=40)
    # through the whole dogfight: accept, the draw windows, the exchange, the end window
    assert ("accept", 1) in met and ("window", 1, "after_piloting_draws") in met
    assert ("window", 1, "dogfight_ends") in met


def test_R12_3_reaction_window_does_not_show_lookout_or_sudden_storm() -> None:
    def game(hand: list[str]) -> TaleSpinState:
        return new({"characters": ["kit", "karnage", "baloo"], "first": 0, "step": 2, "dice": [1],
                    "positions": [3, 12, 6], "hands": [["cargo_ice"], ["cargo_gold"], hand],
                    "holds": [["pas_client"], [], []], "deck": FILL}, players=3)

    for card in ("act_lookout", "act_storm"):
        a, b = game([card, "cargo_coffee"]), game(["cargo_orchids", "cargo_coffee"])
        met = _walk_alike(a, b, hidden=2, steps=6)
        # Kit ends Step 2: Baloo (6) then Karnage (12) are asked, whatever they hold (R12.3); then Kit moves
        assert met[:3] == [("main", 0), ("window", 2, "any_turn"), ("window", 1, "any_turn")]
        assert met[3][:2] == ("move", 0)


def test_R12_3_empty_hand_is_not_asked_everybody_sees_its_size() -> None:
    s = new({"characters": ["kit", "karnage"], "first": 0, "step": 2, "dice": [1], "positions": [3, 9],
             "hands": [["cargo_ice"], []]})
    s.apply(0, "end")
    assert s.decision[0] == "move" and s.decision[1] == 0


def test_R10_5_hold_of_four_cargo_decision_does_not_show_a_missing_cargo() -> None:
    def game(hand: list[str]) -> TaleSpinState:
        return new({"characters": ["kit", "karnage"], "first": 0, "step": 2, "dice": [1], "positions": [2, 9],
                    "hands": [hand, ["cargo_gold"]], "deck": FILL[7:],
                    "holds": [["pas_tourists", "pas_dunder", "pas_spy", "pas_louie"], []]})

    a, b = game(["cargo_ice", "pas_client"]), game(["art_sprocket", "pas_client"])
    a.apply(0, "end")
    b.apply(0, "end")
    a.apply(1, "pass")
    b.apply(1, "pass")
    a.apply(0, "move:dir=cw,n=1")
    b.apply(0, "move:dir=cw,n=1")
    assert a.decision == b.decision == ("cargo", 0)
    assert a.legal_ids(0) == ["cargo:card=cargo_ice", "cargo:card=none"] and b.legal_ids(0) == ["cargo:card=none"]
    met = _walk_alike(a, b, hidden=0, steps=8)
    assert met[0] == ("cargo", 0) and a.active == b.active == 1


def test_R4_4_R16_discard_of_copies_of_one_card_is_asked() -> None:
    """Sudden Storm: each player discards 1 and picks it. Two copies of one card still make a decision, so
    nobody learns that the hand holds copies; a hand of one card (public) goes by itself."""
    def game(hand: list[str]) -> TaleSpinState:
        return new({"characters": ["kit", "karnage"], "first": 0, "step": 2, "positions": [3, 9],
                    "hands": [["act_storm", "cargo_gold"], hand], "deck": FILL})

    a, b = game(["cargo_ice", "cargo_ice"]), game(["cargo_ice", "cargo_orchids"])
    a.apply(0, "action:card=act_storm")
    b.apply(0, "action:card=act_storm")
    # Kit's single card (Jungle Gold) was discarded by itself: everybody knew it was his only card
    assert a.discard == b.discard and len(a.hands[0]) == 0
    assert a.decision == b.decision and a.decision[:3] == ("discard", 1, "effect")
    assert a.legal_ids(1) == ["discard:card=cargo_ice"]
    met = _walk_alike(a, b, hidden=1, steps=3, prefer=("discard:card=cargo_ice",))
    assert met[0][:3] == ("discard", 1, "effect")


def test_R13_9_hand_damage_discard_of_copies_is_asked() -> None:
    def game(hand: list[str]) -> TaleSpinState:
        return new({"characters": ["karnage", "baloo"], "first": 0, "step": 2, "positions": [12, 3],
                    "hands": [[], hand], "deck": FILL})

    a, b = game(["cargo_ice", "cargo_ice"]), game(["cargo_ice", "cargo_orchids"])
    for s in (a, b):
        s.apply(0, "dogfight:target=1")
        s.apply(1, "pass")
        s.apply(1, "decline")
        s.apply(1, "pass")  # DF-V2
    assert a.decision == b.decision == ("damage", 0)
    # Pirate Attack: 2 Damage. The first point costs a hand card that Baloo picks; both games look alike
    # until the second point, which takes his last card by itself and so shows it (the card is public then)
    met = _walk_alike(a, b, hidden=1, steps=2, prefer=("damage:do=hand", "discard:card=cargo_ice"))
    assert [m[:3] for m in met] == [("damage", 0), ("discard", 1, "effect")]


def test_R15_2_search_with_one_kind_left_in_the_deck_is_asked() -> None:
    """The deck is hidden: taking the only kind of Cargo left in it is still a decision of the searcher."""
    others = [f"cargo_{n}" for n in ("orchids", "medicine", "machine_parts", "bananas", "mangoes", "airmail",
                                     "coffee", "clocks", "fireworks", "khan")]

    def game(hand: list[str]) -> TaleSpinState:
        return new({"characters": ["karnage", "kit", "baloo"], "first": 0, "step": 2, "positions": [12, 2, 6],
                    "hands": [["act_business_deal"], hand, ["cargo_gold"]], "chains": [["pas_shere_khan"], [], []],
                    "discard": [c for c in others for _ in range(2)]}, players=3)

    a, b = game(["cargo_ice", "cargo_ice"]), game(["pas_client", "pas_client"])
    a.apply(0, "action:card=act_business_deal")
    b.apply(0, "action:card=act_business_deal")
    # one kind of Cargo in the deck (Jungle Gold, Kit holds both Ice) or two: the searcher is asked in both
    assert a.decision == b.decision == ("take", 0, "deck", 0)
    assert a.legal_ids(0) == ["take:card=cargo_gold"]
    assert sorted(b.legal_ids(0)) == ["take:card=cargo_gold", "take:card=cargo_ice"]
    a.apply(0, "take:card=cargo_gold")
    b.apply(0, "take:card=cargo_gold")
    for o in (2, None):
        assert a.view(o) == b.view(o)
