"""Fixed-shape observation vectors built only from ``view(seat)``.

Why only from the view? The view is the engine's single guarantee about hidden information: whatever is
not in it, the seat may not know. Encoding anything else would leak cards into a learning agent.

A game may provide a hand-written encoder as a module ``nastolka.rl.encoders.<game_id>`` exposing
``make_encoder(players: int, options: dict) -> Encoder``. Without one, :class:`HashedViewEncoder` turns
any view into a fixed-length vector (a hashed bag of features, see ``docs/rl.md``), which needs no
knowledge of the game and therefore works for every game the moment it is registered.
"""

from __future__ import annotations

import importlib
import math
import zlib
from collections.abc import Callable, Mapping
from typing import Any, Protocol

import numpy as np

from nastolka.engine import Game


class Encoder(Protocol):
    """Turns a view into a float32 vector of a fixed ``size`` with values in ``[low, high]``."""

    size: int
    low: float
    high: float
    name: str

    def encode(self, view: Mapping[str, Any], out: np.ndarray | None = None) -> np.ndarray: ...


#: header keys of every view that carry no decision-relevant information (or leak the step count)
SKIP_KEYS = frozenset({"game", "step", "status"})


def _symlog(x: float) -> float:
    return math.copysign(math.log1p(abs(x)), x)


class HashedViewEncoder:
    """Generic encoder: every leaf of the view becomes a hashed feature.

    * a number at path ``p`` adds ``symlog(value)`` at ``hash(p)`` (``symlog(x) = sign(x)·log(1+|x|)``
      keeps scores and counts in a small range without a per-game scale);
    * a bool adds 1 or 0 at ``hash(p)``;
    * a string ``s`` at path ``p`` adds 1 at ``hash(p=s)`` (one-hot of categorical values);
    * ``None`` adds 1 at ``hash(p=None)``;
    * a list of strings at ``p`` is a bag: each element adds 1 at ``hash(p[]=s)`` (a hand of cards
      does not depend on the order it is listed in), plus its length at ``hash(p#)``;
    * any other list recurses with the index in the path (``scores[2]``): positions matter there;
    * a dict recurses with the key in the path.

    Each feature's sign is taken from a second hash bit (signed feature hashing), so collisions
    cancel on average instead of piling up. The result is clipped to ``[-high, high]``.
    Paths are hashed with CRC-32, which is stable across processes and Python versions (``hash()`` is
    salted); hashes are memoised because views repeat their paths endlessly.
    """

    low = -16.0
    high = 16.0

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self.name = f"hashed-{size}"
        self._cache: dict[str, tuple[int, float]] = {}

    def _slot(self, key: str) -> tuple[int, float]:
        hit = self._cache.get(key)
        if hit is None:
            h = zlib.crc32(key.encode("utf-8"))
            hit = (h % self.size, -1.0 if (h >> 31) & 1 else 1.0)
            if len(self._cache) < 200_000:
                self._cache[key] = hit
        return hit

    def encode(self, view: Mapping[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        acc: dict[int, float] = {}
        self._walk(view, "", acc, top=True)
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out.fill(0.0)
        if acc:
            idx = np.fromiter(acc.keys(), dtype=np.intp, count=len(acc))
            val = np.fromiter(acc.values(), dtype=np.float32, count=len(acc))
            out[idx] = val
            np.clip(out, self.low, self.high, out=out)
        return out

    def _add(self, acc: dict[int, float], key: str, value: float) -> None:
        i, sign = self._slot(key)
        acc[i] = acc.get(i, 0.0) + sign * value

    def _walk(self, node: Any, path: str, acc: dict[int, float], top: bool = False) -> None:
        if isinstance(node, bool):
            self._add(acc, path, 1.0 if node else 0.0)
        elif isinstance(node, int | float):
            self._add(acc, path, _symlog(float(node)))
        elif isinstance(node, str):
            self._add(acc, f"{path}={node}", 1.0)
        elif node is None:
            self._add(acc, f"{path}=None", 1.0)
        elif isinstance(node, Mapping):
            for key, value in node.items():
                if top and key in SKIP_KEYS:
                    continue
                self._walk(value, f"{path}.{key}" if path else str(key), acc)
        elif isinstance(node, list | tuple):
            if node and all(isinstance(x, str) for x in node):
                for x in node:
                    self._add(acc, f"{path}[]={x}", 1.0)
                self._add(acc, f"{path}#", _symlog(len(node)))
            else:
                self._add(acc, f"{path}#", _symlog(len(node)))
                for i, x in enumerate(node):
                    self._walk(x, f"{path}[{i}]", acc)
        else:
            self._add(acc, f"{path}={node!r}", 1.0)


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
            try:
                module = importlib.import_module(f"{__name__}.{game.id}")
            except ModuleNotFoundError as exc:
                if exc.name != f"{__name__}.{game.id}":
                    raise
                module = None
            factory = getattr(module, "make_encoder", None) if module is not None else None
        if factory is not None:
            return factory(players, dict(options))
    return HashedViewEncoder(size or 512)
