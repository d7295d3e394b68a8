"""A tiny seeded RNG that lives inside a game state.

Why not :class:`random.Random`? Its state is 625 machine words: copying it on every ``clone()`` costs
microseconds that search bots pay millions of times, and its serialised form is bulky. SplitMix64 keeps
its whole state in one integer, so cloning is free, a record can store it as a number, and the stream is
identical on every Python version and platform (records replay exactly).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64: 64-bit outputs, a single integer of state, deterministic everywhere."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` (multiply-shift; the bias is below 2**-50 for game-sized n)."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        return (self.next_u64() * n) >> 64

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in ``[lo, hi]``, both ends included (a die is ``randint(1, 6)``)."""
        return lo + self.randbelow(hi - lo + 1)

    def random(self) -> float:
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randbelow(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher–Yates in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.randbelow(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def spawn(self) -> Rng:
        """An independent child stream (for determinizations and bots) that advances this one once."""
        return Rng(self.next_u64())

    def clone(self) -> Rng:
        return Rng(self.state)

    def __eq__(self, other: object) -> bool:
        return type(other) is Rng and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"
