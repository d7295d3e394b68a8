"""Undo (issue 29, BGA's policy): one engine rule for every game (``nastolka.engine.undo``).

For every registered game, the toy game and «Камешки»: whenever the rule lets a player take back a move,
taking it back (replaying the record without it, as every client does) restores exactly the state before,
for every seat's view and the spectator's; and the move leaked nothing to anyone, checked in worlds the
rule never looked at. Then each game's own cases: refused after a draw, a reveal, a die roll, another
seat's move; allowed after a move that showed nothing new.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
import stones
from toy_game import TOY

from nastolka.engine import Game, GameState, Rng, all_games, get, record_of, registry, replay
from nastolka.engine.undo import (
    NOTHING,
    OK,
    OTHER_ACTED,
    RANDOM,
    REVEALED,
    move_reveals,
    undo_reason,
    undo_target,
)

GAMES: list[Game] = [*all_games(), TOY, stones.GAME]


@pytest.fixture(autouse=True)
def _registered() -> Iterator[None]:
    registry._GAMES[TOY.id] = TOY
    stones.register()
    yield
    registry._GAMES.pop(TOY.id, None)
    stones.unregister()


def all_views(state: GameState) -> list[dict]:
    return [state.view(None)] + [state.view(s) for s in range(state.players)]


def undone(state: GameState) -> GameState:
    """The game without its last move, rebuilt the way the clients do: the record replayed."""
    record = record_of(state)
    record.actions = record.actions[:-1]
    record.result = None
    return replay(record)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_an_allowed_undo_restores_every_view_and_leaked_nothing(game: Game) -> None:
    allowed = refused = 0
    for players in range(game.min_players, min(game.max_players, 3) + 1):
        state = game.new(players, seed=players)
        rng = Rng(players + 40)
        while not state.is_over and state.step < 70:
            seat = state.to_act[rng.randbelow(len(state.to_act))]
            legal = state.legal_ids(seat)
            aid = legal[rng.randbelow(len(legal))]
            before = state.clone()
            views = all_views(before)
            state.apply(seat, aid)
            if state.step % 2:
                continue   # every other move is asked about: the rule costs a few hundred worlds a question
            why = undo_reason(before, state, seat)
            if why:
                refused += 1
                continue
            allowed += 1
            back = undone(state)
            assert all_views(back) == views, f"{game.id} step {before.step}: the undo changed a view"
            assert back.rng == before.rng and back.history() == before.history()
            # the move told nobody anything: worlds the rule never drew agree with the real game
            for viewer in range(players):
                for k in range(4):
                    world = before.determinize(viewer, 10_000 + k)
                    if seat in world.to_act and aid in world.legal_ids(seat):
                        world.apply_unchecked(seat, aid)
                        assert world.view(viewer) == state.view(viewer)
                        assert world.view(None) == state.view(None)
    assert allowed > 0, f"{game.id}: no move was ever undoable"


def test_the_rule_refuses_an_undo_once_another_seat_has_acted() -> None:
    state = get("show_battle").new(2, seed=1)
    states = [state.clone()]
    assert undo_target(states, state.to_act[0]) == (None, NOTHING)
    movers: list[int] = []
    while len(set(movers)) < 2:
        seat = state.to_act[0]
        legal = state.legal_ids(seat)
        state.apply(seat, next((a for a in legal if a.startswith("place:")), legal[0]))
        states.append(state.clone())
        movers.append(seat)
    first, last = movers[0], movers[-1]
    assert undo_target(states, first) == (None, OTHER_ACTED)
    assert undo_target(states, last)[1] in (OK, REVEALED, RANDOM)


def _find(game_id: str, players: int, wanted: Callable[[GameState, int, str, list], bool],
          seeds: int = 30) -> tuple[GameState, int, str]:
    """The first move of random games for which ``wanted(state, seat, aid, events)`` holds."""
    game = get(game_id)
    for seed in range(seeds):
        state = game.new(players, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_ids(seat)
            for aid in legal:
                events = state.clone().apply(seat, aid)
                if wanted(state, seat, aid, events):
                    return state, seat, aid
            state.apply(seat, legal[rng.randbelow(len(legal))])
    raise AssertionError(f"{game_id}: no such move in {seeds} games")


def _kinds(events: list) -> set[str]:
    return {e.kind for e in events}


# ---------------------------------------------------------------- Colt Express
def test_colt_a_face_up_schemin_card_may_be_taken_back() -> None:
    state, seat, aid = _find("colt_express", 3, lambda s, seat, a, ev: a.startswith("play:")
                             and _kinds(ev) == {"play"} and all(e.seats is None for e in ev)
                             and "card" in ev[0].args)
    assert move_reveals(state, seat, aid) == OK
    after = state.clone()
    after.apply(seat, aid)
    assert undo_reason(state, after, seat) == OK
    assert all_views(undone(after)) == all_views(state)


def test_colt_a_face_down_tunnel_card_is_no_reveal_to_its_owner() -> None:
    state, seat, aid = _find("colt_express", 3, lambda s, seat, a, ev: a.startswith("play:")
                             and "play_own" in _kinds(ev))
    assert move_reveals(state, seat, aid) == OK


def _turns_over(owner_is_mover: bool) -> Callable[[GameState, int, str, list], bool]:
    """A Stealin' choice after which the pile goes on through a face-down card (CE-3.4): that card is
    turned over for everybody. ``owner_is_mover``: the mover's own card, else another bandit's."""
    def wanted(state: GameState, seat: int, aid: str, events: list) -> bool:
        if state.phase != 5 or state.is_over:   # STEAL
            return False
        after = state.clone()
        after.apply_unchecked(seat, aid)
        if after.is_over or after.rng != state.rng:
            return False
        end = after.resolving if after.phase == 5 and after.pile else len(state.pile)
        passed = state.pile[state.resolving + 1:end + 1]
        return any(entry & 1 and (state.card_owner(entry >> 1) == seat) == owner_is_mover for entry in passed)
    return wanted


def test_colt_a_stealin_resolution_turning_over_anothers_tunnel_card_is_refused() -> None:
    state, seat, aid = _find("colt_express", 3, _turns_over(False))
    assert move_reveals(state, seat, aid) == REVEALED


def test_colt_a_stealin_resolution_turning_over_ones_own_tunnel_card_is_refused() -> None:
    state, seat, aid = _find("colt_express", 3, _turns_over(True))
    assert move_reveals(state, seat, aid) == REVEALED


def test_colt_a_draw_from_the_deck_is_refused() -> None:
    state, seat, aid = _find("colt_express", 3, lambda s, seat, a, ev: a == "draw" and len(s.deck[seat]) > 3
                             and s.known_top[seat] == 0 and len(set(s.deck[seat])) > 1 and not s.is_over
                             and "round" not in _kinds(ev))
    assert move_reveals(state, seat, aid) == REVEALED


# ---------------------------------------------------------------- TaleSpin
def test_talespin_a_die_roll_is_refused() -> None:
    state, seat, aid = _find("talespin", 2, lambda s, seat, a, ev: "roll" in _kinds(ev))
    assert move_reveals(state, seat, aid) == RANDOM


def test_talespin_moving_on_the_ring_without_a_draw_may_be_taken_back() -> None:
    state, seat, aid = _find("talespin", 2, lambda s, seat, a, ev: a.startswith("move:") and _kinds(ev) == {"move"})
    assert move_reveals(state, seat, aid) == OK


# ---------------------------------------------------------------- «Шоу-Битва»
def test_show_battle_a_refill_draw_is_refused() -> None:
    def refills_unknown(state: GameState, seat: int, aid: str, events: list) -> bool:
        deck = state.decks[seat]
        return "refill" in _kinds(events) and not state.mulligan_used[seat] and len(set(deck)) > 1
    state, seat, aid = _find("show_battle", 2, refills_unknown)
    assert move_reveals(state, seat, aid) == REVEALED


def test_show_battle_a_token_placement_may_be_taken_back() -> None:
    state, seat, aid = _find("show_battle", 2, lambda s, seat, a, ev: a.startswith("token:") and _kinds(ev) == {"token"})
    assert move_reveals(state, seat, aid) == OK
    after = state.clone()
    after.apply(seat, aid)
    assert all_views(undone(after)) == all_views(state)


def test_show_battle_a_placement_without_refill_may_be_taken_back() -> None:
    state, seat, aid = _find("show_battle", 2, lambda s, seat, a, ev: a.startswith("place:") and _kinds(ev) == {"place"})
    assert move_reveals(state, seat, aid) == OK


def test_show_battle_a_mulligan_draws_randomness() -> None:
    state, seat, aid = _find("show_battle", 2, lambda s, seat, a, ev: a == "mulligan")
    assert move_reveals(state, seat, aid) == RANDOM
