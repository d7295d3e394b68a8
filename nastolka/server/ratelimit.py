"""Token buckets, and the key every per-address limit counts under.

Why a key rather than the raw address: an IPv6 host is normally given a whole /64, so one person holds
2^64 addresses; limits keyed on the exact address (tables, sockets, requests, connections, replays) were
each multiplied by however many addresses the attacker cared to use. IPv4 keeps one bucket per address.
"""

from __future__ import annotations

import ipaddress
import time

#: the IPv6 prefix one household or server is usually given (RFC 6177): one limit for all of it
IPV6_PREFIX = 64


def address_key(host: str) -> str:
    """The bucket an address counts in: an IPv4 address itself (also written IPv4-mapped, ``::ffff:a.b.c.d``,
    as a dual-stack socket reports it), an IPv6 address by its /64, anything else (a test client's
    name, ``?`` for none) as it is."""
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0])   # a scoped address (fe80::1%eth0) keys its /64
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        mapped = ip.ipv4_mapped
        if mapped is not None:
            return str(mapped)
        return str(ipaddress.IPv6Network((ip, IPV6_PREFIX), strict=False))
    return str(ip)


class TokenBucket:
    """``rate`` tokens a second up to ``burst``: cheap, and enough to stop one client from flooding."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def allow(self, cost: float = 1.0) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False
