"""Action-space stability and observation encoding: the parts a trained policy depends on."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import numpy as np
import pytest

from nastolka.engine import Game, Rng
from nastolka.rl.encoders import HashedViewEncoder
from nastolka.rl.spaces import ActionMap, build_vocab, explore_ids, load_vocab
from nastolka.rl.spec import make_spec, terminal_rewards

from .conftest import CASES, TWO, case_id

GOLDEN = Path(__file__).with_name("golden_action_ids.json")


def _golden() -> dict:
    return json.loads(GOLDEN.read_text(encoding="utf-8")) if GOLDEN.exists() else {}


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_action_indices_are_append_only(case: tuple[Game, int]) -> None:
    """The committed id lists must be a prefix of today's: indices never move (a policy keeps meaning).

    To accept new ids (appended at the end) regenerate the golden file: ``python -m tests.rl.golden``.
    """
    game, n = case
    golden = _golden().get(game.id, {}).get(str(n))
    if golden is None:
        pytest.skip(f"no golden action ids for {game.id} {n}p yet (python -m tests.rl.golden)")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ids = make_spec(game, n).actions.ids
    assert ids[: len(golden)] == golden


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_offered_id_has_a_fixed_index(case: tuple[Game, int]) -> None:
    """Random games never need a spare index: the enumeration or vocabulary is complete."""
    game, n = case
    spec = make_spec(game, n)
    seen, _ = explore_ids(game, n, [{}], games=10, seed=99)
    missing = sorted(seen - set(spec.actions.ids[: spec.actions.known]))
    assert not missing, f"{game.id} {n}p: ids without a fixed index: {missing[:10]}"


@pytest.mark.parametrize("case", TWO, ids=case_id)
def test_observation_depends_only_on_the_view(case: tuple[Game, int]) -> None:
    """Determinizing for a seat must not change that seat's observation (no hidden information leaks)."""
    game, n = case
    spec = make_spec(game, n)
    rng = Rng(7)
    for seed in range(3):
        state = spec.new_state(seed)
        k = 0
        while not state.is_over:
            seat = state.to_act[0]
            if k % 5 == 0:
                obs = spec.observation(state, seat)
                assert obs.shape == (spec.encoder.size,) and obs.dtype == np.float32
                assert np.all(obs >= spec.encoder.low) and np.all(obs <= spec.encoder.high)
                for d in range(3):
                    other = state.determinize(seat, Rng(d))
                    np.testing.assert_array_equal(spec.observation(other, seat), obs)
            legal = state.legal_ids(seat)
            state.apply_unchecked(seat, legal[rng.randbelow(len(legal))])
            k += 1


def test_action_map_roundtrip_and_spares() -> None:
    amap = ActionMap(["a", "b", "c"], source="test", reserve=2)
    assert amap.size == 5 and [amap.index(x) for x in "abc"] == [0, 1, 2]
    assert amap.action_id(1) == "b"
    assert amap.mask(["c", "a"]).tolist() == [1, 0, 1, 0, 0]
    with pytest.warns(UserWarning):
        assert amap.index("new") == 3
    assert amap.action_id(3) == "new"
    with pytest.warns(UserWarning):
        amap.index("newer")
    with pytest.raises(KeyError):
        amap.index("too many")
    with pytest.raises(IndexError):
        ActionMap(["a"], source="t", reserve=1).action_id(1)


def test_vocab_build_is_append_only(tmp_path: Path) -> None:
    from toy_game import TOY

    first = build_vocab(TOY, games=5, directory=tmp_path)
    ids2 = first["players"]["2"]["ids"]
    data = load_vocab("toy", tmp_path)
    data["players"]["2"]["ids"] = list(reversed(ids2))  # pretend an older file had another order
    (tmp_path / "toy.json").write_text(json.dumps(data), encoding="utf-8")
    again = build_vocab(TOY, games=20, directory=tmp_path)
    assert again["players"]["2"]["ids"][: len(ids2)] == list(reversed(ids2))


def test_hashed_encoder_is_stable_and_order_free_for_string_bags() -> None:
    enc = HashedViewEncoder(64)
    a = enc.encode({"hand": ["x", "y", "z"], "score": 3, "name": "q", "flag": True, "none": None})
    b = HashedViewEncoder(64).encode({"hand": ["z", "x", "y"], "score": 3, "name": "q", "flag": True,
                                      "none": None})
    np.testing.assert_array_equal(a, b)
    assert a.any()
    c = enc.encode({"hand": ["x", "y", "z"], "score": 4, "name": "q", "flag": True, "none": None})
    assert not np.array_equal(a, c)


def test_terminal_rewards() -> None:
    from nastolka.engine import Result

    r = Result.from_keys([(3,), (5,), (5,)], [3.0, 5.0, 5.0])
    assert terminal_rewards(r, "win") == [-1.0, 1.0, 1.0]
    assert terminal_rewards(Result.from_keys([(1,), (1,)], [1.0, 1.0]), "win") == [0.0, 0.0]
    assert terminal_rewards(Result((3.0,), (0,), (1,)), "win") == [1.0]  # solo win
    assert terminal_rewards(Result((-2.0,), (), (2,)), "score") == [-1.0]  # solo loss
    s = terminal_rewards(r, "score")
    assert s[0] == pytest.approx((3 - 5) / 5) and s[1] == pytest.approx((5 - 4) / 5)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_encoder_pieces_are_named_and_cover_the_vector(case: tuple[Game, int]) -> None:
    """Every encoder names its parts in order, with no gap or overlap (OpenSpiel-style observers)."""
    from nastolka.rl.encoders import make_encoder, split

    game, players = case
    encoder = make_encoder(game, players, {})
    start = 0
    for name, part in encoder.pieces.items():
        assert part.start == start and part.stop > part.start, name
        start = part.stop
    assert start == encoder.size
    vector = encoder.encode(game.new(players, seed=3).view(0))
    assert sum(p.size for p in split(encoder, vector).values()) == encoder.size
