"""Small helpers for TaleSpin scenario tests: start from an explicit setup, apply actions, replay."""

from __future__ import annotations

from typing import Any

from nastolka.engine import Record, replay
from nastolka.games import get
from nastolka.games.talespin import data as T
from nastolka.games.talespin.state import TaleSpinState

GAME = get("talespin")


def new(setup: dict[str, Any] | None = None, players: int = 2, options: dict[str, Any] | None = None,
        seed: int = 0) -> TaleSpinState:
    return GAME.new(players, options or {}, seed=seed, setup=setup)  # type: ignore[return-value]


def pass_empty_windows(state: TaleSpinState, pairs: list[tuple[int, str]] | None = None) -> TaleSpinState:
    """Answer ``pass`` to every pending window whose only legal action is ``pass`` (nothing to play).

    Every response window is offered to each seat its timing names that holds a card, eligible or not
    (R12, R14; docs/decisions.md), so most windows have nothing to play.  Scenario tests about other rules
    name only the decisions they are about and let ``act`` pass these; tests of the windows themselves use
    ``act(..., strict=True)`` and look at ``state.decision``.
    """
    while state.to_act and state.legal_ids(state.to_act[0]) == ["pass"]:
        seat = state.to_act[0]
        if pairs is not None:
            pairs.append((seat, "pass"))
        state.apply(seat, "pass")
    return state


def act(state: TaleSpinState, *aids: str, strict: bool = False) -> TaleSpinState:
    """Apply each action for whoever must act (with the full legality check).  Unless ``strict``, windows
    with nothing to play are passed before and after each action (``pass_empty_windows``)."""
    for aid in aids:
        if not strict:
            pass_empty_windows(state)
        assert state.to_act, f"nobody to act before {aid}"
        seat = state.to_act[0]
        legal = state.legal_ids(seat)
        assert aid in legal, f"{aid} not legal for seat {seat} ({state.decision}); legal: {legal}"
        state.apply(seat, aid)
    if not strict:
        pass_empty_windows(state)
    return state


def record(setup: dict[str, Any], actions: list[str], players: int = 2,
           options: dict[str, Any] | None = None, seed: int = 0) -> Record:
    """A record with an explicit setup; seats are filled in by playing the actions once.  The passes of
    windows with nothing to play, before and after each action, are written into the record."""
    s = new(setup, players, options, seed)
    pairs: list[tuple[int, str]] = []
    for aid in actions:
        pass_empty_windows(s, pairs)
        seat = s.to_act[0]
        pairs.append((seat, aid))
        s.apply(seat, aid)
    pass_empty_windows(s, pairs)
    return Record(game="talespin", players=players, options=dict(options or {}), seed=seed, setup=setup,
                  actions=pairs, rules_version=GAME.rules_version)


def run_record(rec: Record, upto: int | None = None) -> TaleSpinState:
    return replay(Record.from_json(rec.to_json()), upto=upto)  # type: ignore[return-value]


def names(insts: list[int]) -> list[str]:
    return [T.DEF_ID[T.C_DEF[i]] for i in insts]


def hold_names(state: TaleSpinState, side: int) -> list[str]:
    return [("open:" if v & 128 else "") + T.DEF_ID[T.C_DEF[v & 127]] for v in state.holds[side]]


def all_cards(state: TaleSpinState) -> list[int]:
    cards = list(state.deck) + list(state.discard) + list(state.removed) + list(state.covered) + list(state.resolving)
    cards += state.attack_cards + state.defence_cards
    if state.dogfight is not None and state.dogfight.pilot >= 0:
        cards.append(state.dogfight.pilot)
    for h in state.hands:
        cards += h
    for c in state.chains:
        cards += c
    for h in state.holds:
        cards += [v & 127 for v in h]
    return sorted(cards)


def playout(state: TaleSpinState, bots: list[Any], check: Any = None, limit: int = 100000) -> TaleSpinState:
    k = 0
    while not state.is_over:
        seat = state.to_act[0]
        state.apply_unchecked(seat, bots[seat].choose(state, seat))
        if check is not None:
            check(state)
        k += 1
        assert k < limit
    return state
