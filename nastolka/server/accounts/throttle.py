"""Token buckets keyed by address (or anything), on the accounts' injectable clock.

Why not the guard's buckets: these refill from the service's clock, so a test moves time forward instead
of sleeping, and they are small and slow (sign-ins and registrations per address), not per request.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable


class Throttle:
    """``rate`` per second sustained, ``burst`` at once, per key; the least recently seen keys forgotten
    past ``limit`` (memory stays bounded under a flood of addresses)."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float], limit: int = 50_000) -> None:
        self.rate, self.burst, self.clock, self.limit = rate, float(burst), clock, limit
        self._keys: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def allow(self, key: str) -> bool:
        now = self.clock()
        tokens, stamp = self._keys.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + max(0.0, now - stamp) * self.rate)
        allowed = tokens >= 1.0
        self._keys[key] = (tokens - 1.0 if allowed else tokens, now)
        if len(self._keys) > self.limit:
            self._keys.popitem(last=False)
        return allowed

    def wait(self, key: str) -> int:
        """Whole seconds until ``key`` may try again (for ``Retry-After``)."""
        tokens, _ = self._keys.get(key, (self.burst, 0.0))
        return max(1, int((1.0 - tokens) / self.rate) + 1) if self.rate > 0 else 3600
