"""Conservation laws of a Colt Express state, used by the hypothesis and scenario tests."""

from __future__ import annotations

from collections import Counter

from nastolka.games.colt_express import data as D
from nastolka.games.colt_express.setup import personal_deck
from nastolka.games.colt_express.state import ColtState


def seat_cards(s: ColtState, seat: int) -> Counter[int]:
    """Every card a seat owns wherever it is: deck, hand, discard pile and the unresolved pile."""
    cards: Counter[int] = Counter(s.deck[seat] + s.hand[seat] + s.disc[seat])
    for e in s.pile[s.resolving:]:
        if s.card_owner(e >> 1) == seat:
            cards[e >> 1] += 1
    return cards


def check_invariants(s: ColtState) -> None:
    # loot: every token is in exactly one place; the off-train strongbox is nowhere yet
    tokens = [t for f in s.floor for t in f] + [t for h in s.held for t in h] + list(s.removed)
    assert len(tokens) == len(set(tokens)), "a loot token is in two places"
    boxes = [t for t in tokens if t >= D.FIRST_BOX]
    assert len(boxes) == (1 if s.box2 else 2), "strongboxes not conserved"
    purses = [t for t in tokens if t < D.FIRST_JEWEL]
    # standard game: starting purses + printed purses of the cars
    expected_purses = s.bandit_count + sum(D.CAR_PURSES[c] for c in s.cars)
    assert len(purses) == expected_purses, (len(purses), expected_purses)
    assert len([t for t in tokens if D.FIRST_JEWEL <= t < D.FIRST_BOX]) == sum(D.CAR_JEWELS[c] for c in s.cars)
    assert sorted(s.purse_values) == sorted(D.PURSE_VALUES)
    # bullets: player bullets left + given out = 6 per bandit; neutral supply + given = 13
    given = Counter(c for seat in range(s.n) for c in seat_cards(s, seat).elements() if c >= D.BULLET0)
    for b in range(s.bandit_count):
        assert s.bullets[b] + given[D.BULLET0 + b] == D.BULLETS_PER_BANDIT, f"bandit {b} bullets"
    assert s.neutral + given[D.NEUTRAL] == D.NEUTRAL_BULLETS, "neutral bullets"
    # action cards: every seat still owns exactly its personal deck
    for seat in range(s.n):
        actions = Counter(c for c in seat_cards(s, seat).elements() if c < D.BULLET0)
        assert actions == Counter(personal_deck(s.two, seat, s.seat_bandits[seat])), f"seat {seat} cards"
    # positions: nobody inside the Marshal's car
    for b in range(s.bandit_count):
        assert 0 <= s.pos[b] < 2 * (s.car_count + 1)
        assert s.pos[b] != 2 * s.marshal, "a bandit stays inside the Marshal's car"
    assert 0 <= s.marshal <= s.car_count
