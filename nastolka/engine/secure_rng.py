"""An unpredictable RNG for games played online: keyed BLAKE2b in counter mode.

Why: SplitMix64 is invertible, so from a few outputs (a seat's own hand, the cards it drew) one can
solve for its state and predict every later shuffle; with a small seed, brute force over the seeds
works too. An online table's secret is 256 random bits, used as a BLAKE2b key: output block *i* is
``BLAKE2b-512(key, i)``, eight 64-bit words. Without the key, outputs say nothing about the key or about
other blocks (BLAKE2b as a PRF), yet the stream is fully determined by the key, so a record (seed +
actions) still replays exactly once the seed is revealed.

The class is a :class:`Rng` (same methods, same uniform mappings), so a state carries either; search
and simulations keep the fast SplitMix64 (a determinized state gets one from the bot's own stream).
"""

from __future__ import annotations

import hashlib
import struct

from .rng import Rng

#: bits of secret an online table draws (anything of at least 128 bits is accepted)
SECRET_BITS = 256
_WORDS = struct.Struct("<8Q")


class Blake2bRng(Rng):
    """BLAKE2b keyed by ``seed`` (an integer below 2**256), in counter mode.

    ``state`` is the number of 64-bit words drawn so far (the stream position); the key never changes.
    """

    __slots__ = ("key", "_block", "_words")

    def __init__(self, seed: int = 0, position: int = 0) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << SECRET_BITS:
            raise ValueError(f"a BLAKE2b seed is a whole number from 0 to 2**{SECRET_BITS} - 1")
        self.key = seed.to_bytes(SECRET_BITS // 8, "little")
        self.state = position
        self._block = -1
        self._words: tuple[int, ...] = ()

    def next_u64(self) -> int:
        position = self.state
        block, index = position >> 3, position & 7
        if block != self._block:
            digest = hashlib.blake2b(block.to_bytes(16, "little"), key=self.key, digest_size=64).digest()
            self._words = _WORDS.unpack(digest)
            self._block = block
        self.state = position + 1
        return self._words[index]

    def spawn(self) -> Blake2bRng:
        """A child stream keyed by the next 256 bits of this one (still unpredictable without the key)."""
        words = [self.next_u64() for _ in range(SECRET_BITS // 64)]
        return Blake2bRng(sum(w << (64 * i) for i, w in enumerate(words)))

    def clone(self) -> Blake2bRng:
        new = Blake2bRng.__new__(Blake2bRng)
        new.key, new.state, new._block, new._words = self.key, self.state, self._block, self._words
        return new

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Blake2bRng) and other.key == self.key and other.state == self.state

    def __hash__(self) -> int:
        return hash((self.key, self.state))

    def __repr__(self) -> str:
        return f"Blake2bRng(position={self.state})"   # never the key: a repr may end up in a log


#: generator names as records write them (a record without ``rng`` is SplitMix64: every older record)
DEFAULT_RNG = "splitmix64"
RNG_KINDS: dict[str, type[Rng]] = {DEFAULT_RNG: Rng, "blake2b": Blake2bRng}


def make_rng(kind: str, seed: int) -> Rng:
    """The generator ``kind`` seeded with ``seed`` (ValueError for an unknown kind or a bad seed)."""
    cls = RNG_KINDS.get(kind)
    if cls is None:
        raise ValueError(f"unknown random generator {kind!r} (known: {', '.join(RNG_KINDS)})")
    return cls(seed)
