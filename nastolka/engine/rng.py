"""A tiny seeded RNG that lives inside a game state.

Why not :class:`random.Random`? Its state is 625 machine words: copying it on every ``clone()`` costs
microseconds that search bots pay millions of times, and its serialised form is bulky. SplitMix64 keeps
its whole state in one integer, so cloning is free, a record can store it as a number, and the stream is
identical on every Python version and platform (records replay exactly).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

from mypy_extensions import i64, mypyc_attr

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15



def _signed(value: int) -> i64:
    """The signed 64-bit integer with the same bits as the unsigned ``value``."""
    return value - (1 << 64) if value >= 1 << 63 else value


# The same constants as signed 64-bit values, for the compiled path. Computed by a call, not written as
# literals: compiled, a literal beyond 62 bits is a boxed Python int converted at every use (three
# conversions per number drawn), while a computed ``Final[i64]`` is a C static read as it is.
_GAMMA_I64: Final[i64] = _signed(_GAMMA)
_MUL1_I64: Final[i64] = _signed(0xBF58476D1CE4E5B9)
_MUL2_I64: Final[i64] = _signed(0x94D049BB133111EB)


def _probe() -> None:
    """Compiled by mypyc this is a native function, not a Python one: how the module knows its build."""


#: True when this module runs compiled. Compiled, big-int arithmetic is slower than interpreted (boxed
#: ints at every step), while machine integers (``i64``) are what C does best; interpreted, it is the other
#: way round. So the generator has two bodies, chosen by this flag, that give the same numbers (the
#: differential test compares the builds game by game).
COMPILED: Final = type(_probe).__name__ != "function"


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Rng:
    """SplitMix64: 64-bit outputs, a single integer of state, deterministic everywhere.

    ``state`` is the unsigned 64-bit state. Underneath, ``_s`` holds it as is in the pure build and as a
    signed ``i64`` (the same 64 bits) in the compiled one, where arithmetic wraps around (``-fwrapv``).
    """

    __slots__ = ("_s",)

    _s: i64

    def __init__(self, seed: int = 0) -> None:
        self.state = seed

    @property
    def state(self) -> int:
        return int(self._s) & _MASK

    @state.setter
    def state(self, value: int) -> None:
        value &= _MASK
        if COMPILED and value >= 1 << 63:
            value -= 1 << 64
        self._s = value

    def _next_i64(self) -> i64:
        """The next output as a signed 64-bit integer (compiled build only)."""
        s: i64 = self._s + _GAMMA_I64
        self._s = s
        z: i64 = (s ^ ((s >> 30) & 0x3FFFFFFFF)) * _MUL1_I64
        z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MUL2_I64
        return z ^ ((z >> 31) & 0x1FFFFFFFF)

    def next_u64(self) -> int:
        if COMPILED:
            return int(self._next_i64()) & _MASK
        self._s = s = (self._s + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` (multiply-shift; the bias is below 2**-50 for game-sized n)."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        if COMPILED and n < 1 << 31 and type(self) is Rng:
            # (u * n) >> 64 with u = hi * 2**32 + lo, in machine integers: no product exceeds 2**63
            z = self._next_i64()
            m: i64 = n
            hi: i64 = (z >> 32) & 0xFFFFFFFF
            lo: i64 = z & 0xFFFFFFFF
            return int((hi * m + ((lo * m) >> 32)) >> 32)
        return (self.next_u64() * n) >> 64

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in ``[lo, hi]``, both ends included (a die is ``randint(1, 6)``)."""
        return lo + self.randbelow(hi - lo + 1)

    def random(self) -> float:
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randbelow(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher–Yates in place: item ``i`` (from the last down to 1) swaps with item ``randbelow(i + 1)``.

        On a list with this very class the draws are inlined (no call per item): the same numbers as
        ``randbelow``, by the same arithmetic, so a shuffle gives the same order either way (records replay).
        """
        if isinstance(seq, list):
            # the same swaps on a list: compiled, list items are read and written directly
            items: list[T] = seq
            if type(self) is Rng:
                if COMPILED:
                    self._shuffle_i64(items)
                else:
                    self._s = _shuffle_big(items, int(self._s))
                return
            for i in range(len(items) - 1, 0, -1):
                j = self.randbelow(i + 1)
                items[i], items[j] = items[j], items[i]
            return
        for i in range(len(seq) - 1, 0, -1):
            j = self.randbelow(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def _shuffle_i64(self, items: list[T]) -> None:
        """The compiled body of :meth:`shuffle`: ``_next_i64`` and ``randbelow``'s multiply-shift inlined."""
        s: i64 = self._s
        i: i64 = len(items) - 1
        while i > 0:
            s += _GAMMA_I64
            z: i64 = (s ^ ((s >> 30) & 0x3FFFFFFFF)) * _MUL1_I64
            z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MUL2_I64
            z = z ^ ((z >> 31) & 0x1FFFFFFFF)
            m: i64 = i + 1
            hi: i64 = (z >> 32) & 0xFFFFFFFF
            lo: i64 = z & 0xFFFFFFFF
            j: i64 = (hi * m + ((lo * m) >> 32)) >> 32
            items[i], items[j] = items[j], items[i]
            i -= 1
        self._s = s

    def spawn(self) -> Rng:
        """An independent child stream (for determinizations and bots) that advances this one once."""
        return Rng(self.next_u64())

    def clone(self) -> Rng:
        new = Rng()
        new._s = self._s
        return new

    def __eq__(self, other: object) -> bool:
        return type(other) is Rng and isinstance(other, Rng) and other._s == self._s

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"


def _shuffle_big(items: list[T], s: int) -> int:
    """The interpreted body of :meth:`Rng.shuffle`: ``next_u64`` and ``randbelow`` inlined on Python ints
    (``s`` is the unsigned state); returns the state after the draws."""
    for i in range(len(items) - 1, 0, -1):
        s = (s + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    return s
