"""Submitted bots for the league tests (imported by the league's workers from this folder, as a user's would be).

Each implements the documented bot interface — ``Class(game, seed)`` with ``choose(state, seat) -> action
id`` — and one of them misbehaves in each way the league must survive.
"""

from __future__ import annotations

import random
import time
from typing import Any


class Polite:
    """Plays a random legal move: the well-behaved submission."""

    def __init__(self, game: Any, seed: int) -> None:
        self.name = "polite"
        self.rng = random.Random(seed)

    def choose(self, state: Any, seat: int) -> str:
        return self.rng.choice(state.legal_ids(seat))


class Raises(Polite):
    def choose(self, state: Any, seat: int) -> str:
        raise RuntimeError("this bot has a bug")


class SleepsForever(Polite):
    def choose(self, state: Any, seat: int) -> str:
        while True:
            time.sleep(3600)


class Hog(Polite):
    """Asks for 4 GiB (and touches it, so it is really used), far beyond the league's memory cap."""

    def choose(self, state: Any, seat: int) -> str:
        block = bytearray(4 << 30)
        block[::4096] = b"x" * len(block[::4096])
        return self.rng.choice(state.legal_ids(seat))


class Illegal(Polite):
    def choose(self, state: Any, seat: int) -> str:
        return "fly:to=moon"
