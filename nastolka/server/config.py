"""Server settings in one frozen value, so tests and the CLI build apps the same way."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    #: SQLAlchemy-style URL; ``postgresql://`` is accepted and mapped to the psycopg 3 driver.
    db_url: str = "sqlite:///nastolka.db"
    #: with a Redis URL, table changes fan out over Redis pub/sub instead of PostgreSQL LISTEN/NOTIFY
    redis_url: str | None = None
    #: seconds a bot waits before moving, so people can follow what happens (0 in tests and benchmarks)
    bot_delay: float = 0.4
    #: websocket messages a connection may send per second (sustained) and in a burst
    rate_per_second: float = 20.0
    rate_burst: int = 40
    #: threads for database work; SQLite always uses one (a single writer avoids "database is locked")
    db_threads: int = 8
    #: threads that compute bot moves off the event loop
    bot_threads: int = 2
    #: shortest per-move clock a table may have (seconds); tests lower it
    min_clock: int = 5
    #: how many recent events a (re)connecting client receives for its log
    log_backlog: int = 60
