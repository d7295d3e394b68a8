"""Issue 27: every forced discard says why — the card whose effect forces it, a lost dogfight's Damage or
the hand limit — in its event (``cause``) and in the log line both clients show (docs/decisions.md)."""

from __future__ import annotations

from nastolka.engine import Event
from nastolka.games.talespin import text

from .helpers import new, pass_empty_windows


def _events(state, *aids: str) -> list[Event]:
    out: list[Event] = []
    for aid in aids:
        pass_empty_windows(state)
        out += state.apply(state.to_act[0], aid) or []
    return out


def test_R9_3_a_passengers_die_discard_names_the_passenger() -> None:
    s = new({"characters": ["karnage", "kit", "baloo"], "first": 0, "step": 2, "dice": [6], "positions": [12, 3, 6],
             "hands": [["cargo_gold"], ["cargo_ice", "cargo_orchids"], ["cargo_medicine"]],
             "chains": [["pas_shere_khan"], [], []]}, players=3)
    ev = _events(s, "end", "move:dir=cw,n=1", "cargo:card=none", "discard:card=cargo_orchids")
    discards = [e for e in ev if e.kind == "discard"]
    assert {e.args["cause"] for e in discards} == {"pas_shere_khan"}, discards
    for e in discards:
        assert "Shere Khan" in text.event_text(s, e, "en")
        assert "Шер Хан" in text.event_text(s, e, "ru")


def test_R5_2_the_hand_limit_discard_says_so() -> None:
    s = new({"characters": ["karnage", "kit"], "first": 0, "step": 2, "dice": [1], "positions": [12, 3],
             "hands": [["cargo_gold", "cargo_ice", "cargo_orchids", "cargo_medicine", "cargo_mangoes",
                        "cargo_coffee", "cargo_bananas", "cargo_clocks"], ["cargo_fireworks"]]})
    ev = _events(s, "end", "move:dir=cw,n=1")
    if "cargo:card=none" in s.legal_ids(s.to_act[0]):
        ev += _events(s, "cargo:card=none")
    assert s.decision[:3] == ("discard", 0, "end")
    ev += _events(s, "discard:card=cargo_clocks")
    last = [e for e in ev if e.kind == "discard"][-1]
    assert last.args["cause"] == "hand_limit"
    assert "7" in text.event_text(s, last, "en") and "7" in text.event_text(s, last, "ru")
