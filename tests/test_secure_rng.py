"""The online generator (keyed BLAKE2b in counter mode, issue 12 #2): known answers, clones and spawns
that replay, records that name it and replay exactly, and older records (no ``rng``) still SplitMix64."""

from __future__ import annotations

import hashlib
import secrets
import struct

import pytest

from nastolka.engine import Blake2bRng, Record, RecordError, Rng, get, record_of, replay
from nastolka.engine.secure_rng import make_rng


def test_outputs_are_keyed_blake2b_blocks_in_counter_mode() -> None:
    seed = secrets.randbits(256)
    rng = Blake2bRng(seed)
    key = seed.to_bytes(32, "little")
    expected = []
    for block in range(3):
        digest = hashlib.blake2b(block.to_bytes(16, "little"), key=key, digest_size=64).digest()
        expected += struct.unpack("<8Q", digest)
    assert [rng.next_u64() for _ in range(24)] == expected


def test_clone_and_spawn_replay_and_are_independent() -> None:
    rng = Blake2bRng(2**200 + 5)
    for _ in range(5):
        rng.next_u64()
    twin = rng.clone()
    assert twin == rng and twin is not rng
    assert [rng.randbelow(52) for _ in range(20)] == [twin.randbelow(52) for _ in range(20)]
    child_a, child_b = rng.clone().spawn(), rng.clone().spawn()
    assert isinstance(child_a, Blake2bRng) and child_a == child_b
    assert child_a.next_u64() != rng.next_u64()
    assert Blake2bRng(1) != Rng(1) and Rng(1) != Blake2bRng(1)
    assert str(2**200 + 5) not in repr(rng) and "key" not in repr(rng)


def test_seed_range_and_kinds_are_checked() -> None:
    with pytest.raises(ValueError):
        Blake2bRng(2**256)
    with pytest.raises(ValueError):
        make_rng("mersenne", 1)


@pytest.mark.parametrize("game_id", ["show_battle", "colt_express", "talespin"])
def test_records_of_the_online_generator_replay_exactly(game_id: str) -> None:
    import nastolka.games  # noqa: F401  (registers the games)

    game = get(game_id)
    seed = secrets.randbits(256)
    state = game.new(game.min_players, seed=seed, rng="blake2b")
    assert isinstance(state.rng, Blake2bRng)
    picker = Rng(3)
    for _ in range(40):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(seat, picker.choice(state.legal_actions(seat)).id)
        assert isinstance(state.clone().rng, Blake2bRng)
    data = record_of(state).to_json()
    assert data["rng"] == "blake2b" and data["seed"] == seed
    again = replay(Record.from_json(data), verify_result=False)
    assert again.view(None) == state.view(None) and again.history() == state.history()
    # the same seed through SplitMix64 is another game: the generator is part of the record
    plain = game.new(game.min_players, seed=seed % 2**64)
    assert plain.view(0) != game.new(game.min_players, seed=seed, rng="blake2b").view(0)


def test_records_without_rng_are_splitmix64() -> None:
    import nastolka.games  # noqa: F401

    game = get("show_battle")
    state = game.new(2, seed=1234)
    data = record_of(state).to_json()
    assert "rng" not in data               # older records and simulation records look as before
    assert type(replay(Record.from_json(data)).rng) is Rng
    with pytest.raises(RecordError, match="unknown random generator"):
        Record.from_json({**data, "rng": "dice"})
