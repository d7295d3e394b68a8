"""Observation rows as sparse (index, value) pairs: what compiled encoders write, numpy scatters at once.

Why: an observation is mostly zeros, and setting numpy elements one by one from Python costs more than
deciding them (each ``out[i] = v`` boxes a float and goes through numpy's indexing). An encoder that
writes into a :class:`Sink` does only list appends (native in the compiled build), and one
``np.add.at`` per batch (:func:`nastolka.rl.encoders.scatter`) turns the pairs of every row into the
``[N, D]`` array. ``base`` shifts the indices of row ``i`` to ``i * D``, so one sink serves a whole batch.

Adding is the one write: every cell an encoder *sets* it sets once, so "set" and "add to zero" agree;
zeros are dropped (adding them changes nothing).
"""

from __future__ import annotations


class Sink:
    def __init__(self) -> None:
        self.idx: list[int] = []
        self.val: list[float] = []
        self.base = 0

    def add(self, i: int, v: float) -> None:
        """Add ``v`` at index ``i`` of the current row."""
        if v != 0.0:
            self.idx.append(self.base + i)
            self.val.append(v)

    def one(self, i: int) -> None:
        """Add 1 at index ``i`` of the current row (one-hots and counts: the commonest write)."""
        self.idx.append(self.base + i)
        self.val.append(1.0)

    def clear(self) -> None:
        self.idx = []
        self.val = []
        self.base = 0
