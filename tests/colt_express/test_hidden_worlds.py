"""CE-12 hidden information, checked against worlds that differ only in what a seat cannot know.

``determinize`` is the game's own idea of what is hidden, so these tests build the alternative worlds
independently: they redeal other seats' hands, unknown deck parts and unresolved face-down cards, shuffle
the owner's own deck order, redraw unrevealed round cards, and both relabel and revalue every purse the
seat does not know. ``view(seat)`` (and the spectator's ``view(None)``) must not change.
"""

from __future__ import annotations

from typing import Any

from nastolka.engine import Rng
from nastolka.games.colt_express import GAME
from nastolka.games.colt_express import data as D
from nastolka.games.colt_express.rounds import STEAL
from nastolka.games.colt_express.state import ColtState
from nastolka.games.colt_express.views import known_mask, revealed_count

from .helpers import EMPTY, empty_train, run


def other_world(s: ColtState, seat: int | None, rng: Rng) -> ColtState:
    """A clone of ``s`` in which everything ``seat`` may not know is changed at random."""
    w = s.clone()
    # cards: a seat's own deck order is hidden from it too; the publicly known top cards stay
    first_hidden = w.resolving + 1 if w.phase == STEAL else w.resolving
    pile = list(w.pile)
    for q in range(w.n):
        deck = w.deck[q]
        cut = len(deck) - w.known_top[q]
        bottom = list(deck[:cut])
        if q == seat:
            rng.shuffle(bottom)
            w.deck[q] = bottom + deck[cut:]
            continue
        slots = [i for i in range(first_hidden, len(pile)) if pile[i] & 1 and w.card_owner(pile[i] >> 1) == q]
        pool = bottom + w.hand[q] + [pile[i] >> 1 for i in slots]
        rng.shuffle(pool)
        for i in slots:
            c = next(c for c in pool if c < D.BULLET0)
            pool.remove(c)
            pile[i] = 2 * c + 1
        nh = len(w.hand[q])
        w.hand[q] = sorted(pool[:nh])
        w.deck[q] = pool[nh:] + deck[cut:]
    w.pile = pile
    # round cards not revealed yet
    seen = revealed_count(w)
    rounds = list(w.rounds)
    for group in (D.NORMAL_ROUNDS, D.STATION_ROUNDS):
        hidden = [i for i in range(seen, len(rounds)) if rounds[i] in group]
        pool = [r for r in group if r not in rounds[:seen]]
        rng.shuffle(pool)
        for i, r in zip(hidden, pool, strict=False):
            rounds[i] = r
    w.rounds = tuple(rounds)
    # purses the seat does not know: new values, and new token ids (a pure relabelling must be invisible)
    known = known_mask(w, seat)
    unknown = [t for t in range(D.N_PURSES) if not (known >> t) & 1]
    values = [w.purse_values[t] for t in unknown]
    rng.shuffle(values)
    pv = list(w.purse_values)
    for t, v in zip(unknown, values, strict=True):
        pv[t] = v
    target = unknown[:]
    rng.shuffle(target)
    sigma = dict(zip(unknown, target, strict=True))
    relabelled = list(pv)
    for t in unknown:
        relabelled[sigma[t]] = pv[t]
    w.purse_values = tuple(relabelled)

    def move(tokens: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sigma.get(t, t) for t in tokens)

    w.floor = [move(f) for f in w.floor]
    w.held = [move(h) for h in w.held]
    w.removed = move(w.removed)
    w.known = [sum(1 << sigma.get(t, t) for t in range(D.N_PURSES) if (m >> t) & 1) for m in w.known]
    return w


def mid_game_states(players: int, seed: int, expert: bool = False) -> list[ColtState]:
    s = GAME.new(players, {"expert": expert}, seed=seed)
    rng = Rng(1000 + seed)
    out = []
    while not s.is_over:
        if rng.randbelow(6) == 0:
            out.append(s.clone())
        legal = s.legal_ids(s.actor)
        s.apply(s.actor, legal[rng.randbelow(len(legal))])
    return out


def test_CE_12_random_mid_game_views_hide_hands_decks_purses_and_face_down_cards() -> None:
    rng = Rng(7)
    checked = 0
    for players in (2, 3, 4, 5, 6):
        for seed in range(3):
            for s in mid_game_states(players, seed, expert=seed == 2 and players > 2):
                for seat in [None, *range(players)]:
                    view = s.view(seat)
                    if seat is None:
                        assert view["hand"] is None and view["ghost_face_down"] is None
                    else:
                        assert view["hand"] == [s.names[c] for c in s.hand[seat]]
                    for _ in range(2):
                        assert other_world(s, seat, rng).view(seat) == view, (players, seed, seat)
                    checked += 1
    assert checked > 300


def test_CE_12_a_known_purse_does_not_reveal_how_unknown_ones_rank_against_it() -> None:
    """Seat 0 dropped its $400 purse beside an unknown one: the floor listing is the same whatever the
    unknown value (it used to list purses by token id, which follows the value table)."""
    views = []
    for unknown in (250, 500):
        loot = empty_train(3)
        loot[2] = {"purses": [unknown]}
        setup = {"bandits": ["ghost", "doc", "tuco"], "cars": ["baggage", "mail", "dining"], "first": 0,
                 "rounds": ["tunnels"], "loot": loot, "held": [{"purses": [400]}, dict(EMPTY), dict(EMPTY)],
                 "positions": [[2, "inside"], [2, "inside"], [3, "roof"]], "pile": [[1, "punch"], [2, "move"]]}
        s = run(3, setup, [(1, "punch:target=ghost,loot=purse,car=1")])
        assert not s.is_over
        views.append(s.view(0))
        assert s.view(0)["cars"][2]["inside"]["purses"] == [400, None]
        assert s.view(1)["cars"][2]["inside"]["purses"] == [None, None]
    assert views[0] == views[1]


def test_CE_12_spectator_view_holds_no_private_card_or_purse() -> None:
    setup: dict[str, Any] = {
        "bandits": ["ghost", "doc", "tuco"], "first": 0, "rounds": ["swivel_arm"],
        "held": [{"purses": [450]}, {"purses": [300]}, {"purses": [500]}],
        "hands": [["move", "floor", "rob"], ["move", "fire", "rob"], ["move", "punch", "rob"]]}
    s = run(3, setup, [(0, "play:card=rob,face=down"), (1, "play:card=rob"), (2, "play:card=rob"),
                       (0, "play:card=move")])
    v = s.view(None)
    assert v["hand"] is None
    assert [p["card"] for p in v["pile"]] == [None, "rob", "rob", None]
    assert all(b["purses"] == [None] for b in v["bandits"])
    assert all(t == {"known": 0, "unknown_purses": 1} for t in v["loot_totals"])
    text = repr(v)
    for word in ("'floor'", "'fire'", "'punch'", "450", "300", "500"):
        assert word not in text


def test_CE_12_public_events_name_no_face_down_drawn_or_kept_card() -> None:
    for players in (2, 3, 5):
        for seed in range(2):
            s = GAME.new(players, {"expert": seed == 1 and players > 2}, seed=seed)
            rng = Rng(seed)
            while not s.is_over:
                legal = s.legal_ids(s.actor)
                actor = s.actor
                for e in s.apply(actor, legal[rng.randbelow(len(legal))]):
                    if e.seats is not None:
                        assert e.seats == (actor,) and e.kind in ("drawn", "kept", "play_own")
                        continue
                    assert e.kind not in ("drawn", "kept", "play_own")
                    if e.kind == "play" and e.args["face_down"]:
                        assert e.args["card"] is None
                    assert "value" not in e.args and "values" not in e.args
