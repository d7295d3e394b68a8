"""Tests every registered game gets for free (and the toy game, so the suite never runs empty).

Random playouts at every player count; illegal actions refused without change; replay reproduces every
state; views and records survive JSON; clones are independent; a seat's view is identical across
determinizations for that seat (nothing hidden leaks into a view).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator

import pytest
from toy_game import TOY

from nastolka.engine import (
    Game,
    GameState,
    IllegalAction,
    Record,
    Rng,
    all_games,
    record_of,
    registry,
    replay,
)
from nastolka.engine.record import iter_replay

GAMES: list[Game] = [*all_games(), TOY]
#: random playouts per player count (heavier games get fewer; the totals stay in the hundreds)
PLAYOUT_SEEDS = {"talespin": 40, "colt_express": 60}


@pytest.fixture(autouse=True)
def _toy_registered() -> Iterator[None]:
    registry._GAMES[TOY.id] = TOY
    yield
    registry._GAMES.pop(TOY.id, None)


def _params() -> list[tuple[Game, int]]:
    return [(g, n) for g in GAMES for n in range(g.min_players, g.max_players + 1)]


def _ids(param: object) -> str:
    if isinstance(param, Game):
        return param.id
    return str(param)


def random_step(state: GameState, rng: Rng) -> tuple[int, str]:
    seat = state.to_act[rng.randbelow(len(state.to_act))]
    legal = state.legal_ids(seat)
    assert legal, f"seat {seat} must act but has no legal action"
    aid = legal[rng.randbelow(len(legal))]
    state.apply(seat, aid)
    return seat, aid


def play_random(game: Game, players: int, seed: int, max_steps: int = 20_000) -> GameState:
    state = game.new(players, seed=seed)
    rng = Rng(seed + 99)
    while not state.is_over:
        random_step(state, rng)
        assert state.step < max_steps, "game did not end"
    return state


def all_views(state: GameState) -> list[dict]:
    return [state.view(None)] + [state.view(s) for s in range(state.players)]


@pytest.mark.parametrize("game, players", _params(), ids=_ids)
def test_random_playouts_finish(game: Game, players: int) -> None:
    for seed in range(PLAYOUT_SEEDS.get(game.id, 100)):
        state = play_random(game, players, seed)
        result = state.result()
        assert len(result.scores) == players
        assert result.winners or players == 1  # a solo game may be lost to the automa
        assert state.to_act == () and state.legal_ids(0) == []


@pytest.mark.parametrize("game, players", _params(), ids=_ids)
def test_illegal_actions_leave_state_untouched(game: Game, players: int) -> None:
    for seed in range(3):
        state = game.new(players, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            if rng.randbelow(4) == 0:
                before = copy.deepcopy(state.fields())
                seat = state.to_act[0]
                for bad_seat, bad_action in [(seat, "no-such-action"), (seat, 7), (players, "x"), (-1, "x")]:
                    with pytest.raises(IllegalAction):
                        state.apply(bad_seat, bad_action)  # type: ignore[arg-type]
                waiting = [s for s in range(players) if s not in state.to_act]
                if waiting:
                    with pytest.raises(IllegalAction):
                        state.apply(waiting[0], state.legal_ids(seat)[0])
                assert state.fields() == before
            random_step(state, rng)


@pytest.mark.parametrize("game, players", _params(), ids=_ids)
def test_replay_reproduces_states_and_result(game: Game, players: int) -> None:
    state = game.new(players, seed=17)
    rng = Rng(5)
    trace = [all_views(state)]
    while not state.is_over:
        random_step(state, rng)
        trace.append(all_views(state))
    record = Record.loads(record_of(state).dumps())
    for step, replayed in enumerate(iter_replay(record)):
        assert all_views(replayed) == trace[step], f"step {step} differs"
    assert replay(record).result() == state.result()


@pytest.mark.parametrize("game, players", _params(), ids=_ids)
def test_views_and_records_survive_json(game: Game, players: int) -> None:
    state = game.new(players, seed=23)
    rng = Rng(23)
    while not state.is_over:
        if state.step % 7 == 0:
            for view in all_views(state):
                assert json.loads(json.dumps(view)) == view
        random_step(state, rng)
    for view in all_views(state):
        assert json.loads(json.dumps(view)) == view
    record = record_of(state)
    assert Record.loads(record.dumps()).to_json() == json.loads(json.dumps(record.to_json()))


@pytest.mark.parametrize("game, players", _params(), ids=_ids)
def test_clone_is_independent(game: Game, players: int) -> None:
    state = game.new(players, seed=31)
    rng = Rng(31)
    for _ in range(3):
        for _ in range(1 + rng.randbelow(15)):
            if state.is_over:
                break
            random_step(state, rng)
        snapshot = copy.deepcopy(state.fields())
        twin = state.clone()
        assert all_views(twin) == all_views(state)
        twin_rng = Rng(77)
        while not twin.is_over:
            random_step(twin, twin_rng)
        assert state.fields() == snapshot


@pytest.mark.parametrize("game, players", _params(), ids=_ids)
def test_views_identical_across_determinizations(game: Game, players: int) -> None:
    state = game.new(players, seed=41)
    rng = Rng(41)
    checkpoints = 0
    while not state.is_over and checkpoints < 4:
        for _ in range(1 + rng.randbelow(12)):
            if state.is_over:
                break
            random_step(state, rng)
        checkpoints += 1
        for seat in range(players):
            own = state.view(seat)
            legal = state.legal_ids(seat)
            for k in range(20):
                sample = state.determinize(seat, Rng(1000 * k + seat))
                assert sample.view(seat) == own, f"seat {seat}'s view changed in determinization {k}"
                assert sample.legal_ids(seat) == legal
        # a determinized state is a full, playable state
        sample = state.determinize(state.to_act[0] if state.to_act else 0, Rng(3))
        sample_rng = Rng(4)
        while not sample.is_over:
            random_step(sample, sample_rng)


@pytest.mark.parametrize("game, players", [(g, n) for g, n in _params() if g.id != "toy"], ids=_ids)
def test_determinize_depends_only_on_what_the_seat_knows(game: Game, players: int) -> None:
    """Two worlds the seat cannot tell apart give the same sample for the same RNG, so a searching bot's
    choices cannot depend on hidden information (compared through every seat's view)."""
    state = game.new(players, seed=53)
    rng = Rng(53)
    for _ in range(3):
        for _ in range(1 + rng.randbelow(15)):
            if state.is_over:
                return
            random_step(state, rng)
        for seat in range(players):
            other_world = state.determinize(seat, Rng(7))
            assert other_world.view(seat) == state.view(seat)
            a = state.determinize(seat, Rng(11))
            b = other_world.determinize(seat, Rng(11))
            assert all_views(a) == all_views(b), f"seat {seat}: the sample depends on hidden information"


def _event_list(events: list) -> list:
    return [(e.kind, e.args, e.seats) for e in events]


@pytest.mark.parametrize("game, players", _params(), ids=_ids)
def test_the_fast_interface_plays_the_same_games_as_ids(game: Game, players: int) -> None:
    """``legal_count``/``legal_keys``/``apply_index``/``play_index`` (search and simulation) agree with
    ``legal_ids``/``apply`` at every step: the same legal actions in the same order, the same events, and
    in the end the same history, views and result, whichever way each move was applied."""
    for seed in range(6):
        by_id, by_index, quiet = (game.new(players, seed=seed) for _ in range(3))
        rng = Rng(seed + 7)
        while not by_id.is_over:
            seat = by_id.to_act[rng.randbelow(len(by_id.to_act))]
            ids = by_id.legal_ids(seat)
            keys = list(by_index.legal_keys(seat))
            assert by_index.legal_count(seat) == len(ids) == len(keys)
            assert [by_index.key_id(k) for k in keys] == ids
            i = rng.randbelow(len(ids))
            expected = by_id.apply(seat, ids[i])
            assert _event_list(by_index.apply_index(seat, i)) == _event_list(expected)
            quiet.play_index(seat, i)
            assert quiet.to_act == by_index.to_act == by_id.to_act
        assert by_index.is_over and quiet.is_over
        for state in (by_index, quiet):
            assert state.history() == by_id.history()
            assert all_views(state) == all_views(by_id)
            assert state.result() == by_id.result()


@pytest.mark.parametrize("game, players", _params(), ids=_ids)
def test_random_playout_plays_the_game_its_docstring_says(game: Game, players: int) -> None:
    """``engine.playout.random_playout`` (the benchmark's and simulations' loop, compiled) makes the moves
    ``legal_ids(seat)[rng.randbelow(len(legal))]`` would."""
    from nastolka.engine.playout import random_playout

    for seed in range(3):
        fast, slow = game.new(players, seed=seed), game.new(players, seed=seed)
        steps = random_playout(fast, Rng(seed))
        rng = Rng(seed)
        while not slow.is_over:
            seat = slow.to_act[0]
            legal = slow.legal_ids(seat)
            slow.apply(seat, legal[rng.randbelow(len(legal))])
        assert steps == slow.step and fast.history() == slow.history()


@pytest.mark.parametrize("game, players", _params(), ids=_ids)
def test_event_texts_read_only_the_tables_fixed_facts(game: Game, players: int) -> None:
    """The server writes an event's words on first demand, with whatever state the table holds by then
    (``server.runtime.LogEntry.text``); that is right only if no event text reads anything a move changes.
    Texts written right after each move must equal those written from the finished game's state."""
    for seed in range(3):
        state = game.new(players, seed=seed)
        rng = Rng(seed + 7)
        written = []
        while not state.is_over:
            seat = state.to_act[rng.randbelow(len(state.to_act))]
            legal = state.legal_ids(seat)
            for e in state.apply(seat, legal[rng.randbelow(len(legal))]):
                written.append((e, state.event_text(e, "en"), state.event_text(e, "ru")))
        assert written
        for e, en, ru in written:
            assert (state.event_text(e, "en"), state.event_text(e, "ru")) == (en, ru), e.kind
