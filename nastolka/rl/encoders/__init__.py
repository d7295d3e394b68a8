"""Fixed-shape observation vectors built only from ``view(seat)``.

Why only from the view? The view is the engine's single guarantee about hidden information: whatever is
not in it, the seat may not know. Encoding anything else would leak cards into a learning agent.

A game may provide a hand-written encoder in its folder's ``observe.py`` (its RL part, found through the
descriptor: :meth:`nastolka.engine.Game.part`) exposing ``make_encoder(players: int, options: dict) ->
Encoder``, built from named pieces (``pieces``: name -> slice of the vector, as OpenSpiel's observers). Without one, :class:`HashedViewEncoder` turns
any view into a fixed-length vector (a hashed bag of features, see ``docs/rl.md``), which needs no
knowledge of the game and therefore works for every game the moment it is registered.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable, Mapping
from typing import Any, Protocol

import numpy as np

from nastolka.engine import Game


class Encoder(Protocol):
    """Turns a view into a float32 vector of a fixed ``size`` with values in ``[low, high]``.

    ``pieces`` names the parts of the vector in order (``"bandits"``, ``"hand"``, …; each a slice, together
    covering it exactly), as OpenSpiel's observers name their tensors: :func:`split` reads them back.
    """

    size: int
    low: float
    high: float
    name: str

    @property
    def pieces(self) -> Mapping[str, slice]: ...

    def encode(self, view: Mapping[str, Any], out: np.ndarray | None = None) -> np.ndarray: ...


def pieces_of(sizes: Mapping[str, int]) -> dict[str, slice]:
    """Named, consecutive slices from the sizes of the pieces, in their order."""
    out: dict[str, slice] = {}
    start = 0
    for name, size in sizes.items():
        out[name] = slice(start, start + size)
        start += size
    return out


def blank(out: np.ndarray | None, size: int) -> np.ndarray:
    """The vector an ``encode`` fills: ``out`` zeroed (a caller's buffer, reused), or a new float32 one."""
    if out is None:
        return np.zeros(size, dtype=np.float32)
    out.fill(0.0)
    return out


def scatter(out: np.ndarray, idx: list[int], val: list[float]) -> None:
    """Add the pairs of a sink (:class:`nastolka.rl.sink.Sink`) into ``out`` (zeroed; C-contiguous), all at once.

    The values are made float32 before adding, so a value set once equals what ``out[i] = v`` stores.
    """
    if idx:
        np.add.at(out.reshape(-1), np.asarray(idx, dtype=np.intp), np.asarray(val, dtype=np.float32))


def encode_sparse(encoder: Any, view: Mapping[str, Any], out: np.ndarray | None = None) -> np.ndarray:
    """``encode`` for an encoder that writes sparse pairs (``fill(view, sink)``): one row, zeroed, filled."""
    from nastolka.rl.sink import Sink

    arr = blank(out, encoder.size)
    sink = Sink()
    encoder.fill(view, sink)
    scatter(arr, sink.idx, sink.val)
    if encoder.clip:
        np.clip(arr, encoder.low, encoder.high, out=arr)
    return arr


def split(encoder: Encoder, vector: np.ndarray) -> dict[str, np.ndarray]:
    """An encoded vector as its named pieces (views into ``vector``)."""
    return {name: vector[part] for name, part in encoder.pieces.items()}


#: header keys of every view that carry no decision-relevant information (or leak the step count)
SKIP_KEYS = frozenset({"game", "step", "status"})


class HashedViewEncoder:
    """Generic encoder: every leaf of the view becomes a hashed feature.

    * a number at path ``p`` adds ``symlog(value)`` at ``h(p)`` (``symlog(x) = sign(x)·log(1+|x|)``
      keeps scores and counts in a small range without a per-game scale);
    * a bool adds 1 or 0 at ``h(p)``;
    * a string ``s`` at path ``p`` adds 1 at ``h(p, s)`` (one-hot of categorical values);
    * ``None`` adds 1 at ``h(p, None)``;
    * a list of strings at ``p`` is a bag: each element adds 1 at ``h(p[], s)`` (a hand of cards
      does not depend on the order it is listed in), plus ``symlog(length)`` at ``h(p#)``;
    * any other list adds ``symlog(length)`` at ``h(p#)`` and recurses with the index in the path
      (``scores[2]``): positions matter there;
    * a dict recurses with the key in the path.

    Path hashes are built incrementally, ``h(child) = (h(parent) · 1000003) xor crc32(part)`` modulo
    2**32, with CRC-32 (stable across processes and Python versions, unlike the salted ``hash()``), so no
    path string is ever built. The feature index is ``h mod size`` and bit 31 gives its sign (signed
    feature hashing: collisions cancel on average instead of piling up). The sum is clipped to
    ``[low, high]``.
    """

    low = -16.0
    high = 16.0

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self.name = f"hashed-{size}"
        self.pieces = {"hashed": slice(0, size)}
        self._crc: dict[Any, int] = {}

    def _h(self, part: Any) -> int:
        c = self._crc.get(part)
        if c is None:
            c = zlib.crc32(repr(part).encode("utf-8"))
            if len(self._crc) < 100_000:
                self._crc[part] = c
        return c

    def encode(self, view: Mapping[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        acc = [0.0] * self.size
        crc = self._h
        for key, value in view.items():
            if key in SKIP_KEYS:
                continue
            self._walk(value, crc(key), acc)
        arr = np.asarray(acc, dtype=np.float32)
        np.clip(arr, self.low, self.high, out=arr)
        if out is None:
            return arr
        out[:] = arr
        return out

    def _add(self, acc: list[float], h: int, value: float) -> None:
        if h & 0x80000000:
            acc[h % self.size] -= value
        else:
            acc[h % self.size] += value

    def _walk(self, node: Any, h: int, acc: list[float]) -> None:
        size = self.size
        if node is None or isinstance(node, str):
            k = ((h * 1000003) ^ self._h(node)) & 0xFFFFFFFF
            acc[k % size] += -1.0 if k & 0x80000000 else 1.0
        elif isinstance(node, bool):
            if node:
                acc[h % size] += -1.0 if h & 0x80000000 else 1.0
        elif isinstance(node, int | float):
            v = math.log1p(node) if node >= 0 else -math.log1p(-node)
            acc[h % size] += -v if h & 0x80000000 else v
        elif isinstance(node, Mapping):
            crc = self._h
            base = h * 1000003
            for key, value in node.items():
                self._walk(value, (base ^ crc(key)) & 0xFFFFFFFF, acc)
        elif isinstance(node, list | tuple):
            crc = self._h
            base = h * 1000003
            n = len(node)
            k = (base ^ 0x23) & 0xFFFFFFFF  # "#": the length
            v = math.log1p(n)
            acc[k % size] += -v if k & 0x80000000 else v
            if n and all(isinstance(x, str) for x in node):
                bag = (base ^ 0x5B5D) & 0xFFFFFFFF  # "[]": a bag of strings
                bag_base = bag * 1000003
                for x in node:
                    k = (bag_base ^ crc(x)) & 0xFFFFFFFF
                    acc[k % size] += -1.0 if k & 0x80000000 else 1.0
            else:
                for i, x in enumerate(node):
                    self._walk(x, (base ^ (0x9E3779B1 + i)) & 0xFFFFFFFF, acc)
        else:
            k = ((h * 1000003) ^ self._h(repr(node))) & 0xFFFFFFFF
            acc[k % size] += -1.0 if k & 0x80000000 else 1.0


EncoderFactory = Callable[[int, dict[str, Any]], Encoder]
_REGISTERED: dict[str, EncoderFactory] = {}


def register(game_id: str, factory: EncoderFactory) -> None:
    """Register a per-game encoder factory in code (test games that live outside the package)."""
    _REGISTERED[game_id] = factory


def make_encoder(game: Game, players: int, options: Mapping[str, Any], size: int | None = None) -> Encoder:
    """The game's own encoder if it has one (unless ``size`` forces the hashed one), else hashed."""
    if size is None:
        factory = _REGISTERED.get(game.id)
        if factory is None:
            module = game.part("observe")
            factory = getattr(module, "make_encoder", None) if module is not None else None
        if factory is not None:
            return factory(players, dict(options))
    return HashedViewEncoder(size or 512)
