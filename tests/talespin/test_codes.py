"""Integer-coded decisions (``codes.py``): the fast interface plays the same games as the ids, and every code
has one id in the engine's grammar that leads back to it."""

from __future__ import annotations

import pytest

from nastolka.engine import Rng
from nastolka.engine.ids import is_well_formed
from nastolka.games.talespin import codes

from .helpers import GAME


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_play_index_plays_the_game_legal_ids_plays(players: int) -> None:
    """``legal_count`` + ``play_index`` (codes, no events) and ``legal_ids`` + ``apply_unchecked`` (ids,
    events) take the same option at every step, so seeded games end identically."""
    for seed in range(6):
        by_index = GAME.new(players, seed=seed)
        by_id = GAME.new(players, seed=seed)
        rng = Rng(seed)
        while not by_index.is_over:
            seat = by_index.to_act[0]
            assert by_id.to_act[0] == seat
            keys = by_index.legal_keys(seat)
            ids = by_id.legal_ids(seat)
            assert [codes.code_id(k) for k in keys] == ids
            assert by_index.legal_count(seat) == len(ids)
            i = rng.randbelow(len(ids))
            by_index.play_index(seat, i)
            by_id.apply_unchecked(seat, ids[i])
        assert by_id.is_over
        assert by_index.history() == by_id.history()
        assert by_index.view(0) == by_id.view(0)
        assert by_index.result() == by_id.result()


def test_every_code_has_one_well_formed_id_leading_back() -> None:
    seen: dict[str, int] = {}
    for seed in range(10):
        state = GAME.new(2, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            seat = state.to_act[0]
            for c in state.legal_keys(seat):
                aid = codes.code_id(c)
                assert is_well_formed(aid) or aid == "take:none"
                assert codes.id_code(aid) == c
                assert seen.setdefault(aid, c) == c
            state.play_index(seat, rng.randbelow(state.legal_count(seat)))
    assert len(seen) > 100


def test_options_kept_for_apply_index_are_dropped_when_the_hands_are_resampled() -> None:
    """``legal_count`` keeps the options of the pending decision; a determinized copy (other hands, same
    decision) must list its own."""
    for seed in range(30):
        state = GAME.new(2, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            seat = state.to_act[0]
            state.legal_count(seat)
            det = state.determinize(1 - seat, Rng(seed + 7))
            assert det.legal_keys(seat) == [codes.id_code(a) for a in det.legal_ids(seat)]
            state.play_index(seat, rng.randbelow(state.legal_count(seat)))
