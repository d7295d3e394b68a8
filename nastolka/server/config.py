"""Server settings in one frozen value, so tests and the CLI build apps the same way."""

from __future__ import annotations

from dataclasses import dataclass, field


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
    #: shortest per-move clock a table may have (seconds); the longest is 14 days (``timers.MAX_CLOCK``)
    min_clock: int = 1
    #: how many recent events a (re)connecting client receives for its log
    log_backlog: int = 60
    # --- clocks: no table waits forever (docs/server.md, "Security model")
    #: seconds per move when a table's request names no clock (``"clock": null`` is no clock at all, on
    #: casual tables only)
    default_clock: int = 120
    #: extra seconds each person may spend over the per-move limit in the whole game (the time bank)
    default_bank: int = 600
    # --- limits per client address and resources (docs/server.md, "Security model")
    #: largest HTTP request body in bytes (413 beyond it)
    max_body: int = 64 * 1024
    #: HTTP requests per second per address (sustained, burst) for reads and for writes
    http_read_rate: float = 50.0
    http_read_burst: int = 200
    http_write_rate: float = 20.0
    http_write_burst: int = 100
    #: tables one address may create: sustained per minute, burst; and how many of its tables may be
    #: waiting for players at once
    create_per_minute: float = 6.0
    create_burst: int = 20
    open_tables_per_address: int = 20
    #: websockets one address may hold open at once
    sockets_per_address: int = 64
    #: TCP connections (HTTP and websocket) one address may hold open at once, and all addresses together
    #: (the latter also stays below the process's descriptor limit); 0 turns a cap off, e.g. behind a proxy
    connections_per_address: int = 128
    max_connections: int = 4096
    #: seconds a connection has to send a request's headers (from its start, or from the end of the last
    #: answer on a kept-alive connection), and a request's body
    header_timeout: float = 10.0
    body_timeout: float = 20.0
    #: seconds an idle kept-alive connection stays open
    keep_alive: int = 5
    #: a table nobody watches or moves at for this many seconds leaves this process's memory (the
    #: database keeps it; it is reloaded when someone opens it)
    idle_evict: float = 600.0
    #: chat messages a table keeps per channel (each channel full on its own)
    chat_cap_players: int = 1000
    chat_cap_spectators: int = 300
    #: finished games whose replay frames are kept in memory (an LRU; all of them are stored in the database)
    replay_cache: int = 32
    #: replay frames one address may have computed (games not yet stored): per minute, and in a burst
    replay_builds_per_minute: float = 6.0
    replay_builds_burst: int = 6
    # --- operations (docs/operations.md) -- ops hook
    #: with a token, ``GET /metrics`` answers Prometheus scrapes that send ``Authorization: Bearer <token>``;
    #: without one it does not exist (404). Kept out of ``repr`` so it never reaches a log.
    metrics_token: str | None = field(default=None, repr=False)
    #: seconds a draining process (SIGTERM) waits for moves in flight before it exits anyway
    drain_timeout: float = 5.0
    #: seconds a draining process still serves its open sockets with ``/readyz`` at 503 before it tells
    #: them to reconnect: time for a load balancer's health check to take it out (0: at once)
    drain_grace: float = 0.0
    # --- accounts (nastolka/server/accounts; docs/server.md, "Accounts")
    #: the address people reach the site at (``https://…``: the session cookie is Secure); email links use it
    public_url: str | None = None
    #: ``smtp://host:port``: email confirmation and password-reset links are offered (none without it)
    smtp_url: str | None = None
    #: Argon2id: passes and memory in KiB (OWASP: at least 2 and 19 MiB); stored hashes made with other
    #: parameters are re-made at the next sign-in
    argon2_time_cost: int = 2
    argon2_memory_kib: int = 19 * 1024
    #: a session ends after this many days without a visit, and this many days after the sign-in at most
    session_idle_days: float = 30.0
    session_max_days: float = 365.0
    #: sign-in attempts per address: sustained per minute, burst (a handle locks after 10 failures in a row)
    signin_per_minute: float = 10.0
    signin_burst: int = 20
    #: new accounts per address: sustained per hour, burst
    register_per_hour: float = 10.0
    register_burst: int = 10
    #: emailed links per address (and per account): sustained per hour, burst
    mail_per_hour: float = 6.0
    mail_burst: int = 3
    # --- turn-based tables and durable clocks (``timers.py``, ``duewatch.py``)
    #: turn-based games (waiting or in play) one player may hold at once
    turn_based_games: int = 30
    #: a file holding seconds to add to the wall clock (tests and benchmarks move every process's time by
    #: writing it; never set in production)
    clock_file: str | None = None
    #: how often each process looks for due clocks, and how long its claim on a due row lasts before
    #: another process may fire it (a process killed mid-fire)
    due_poll: float = 0.5
    due_lease: float = 30.0
