"""What an operator watches: Prometheus metrics of one app, in a registry of its own.

Why a registry per app (not prometheus-client's global one): tests build many apps in one process, and
two apps must never count into, or refuse to register, the same series. ``/metrics`` (``routes.py``)
renders this registry only.

Other code counts through ``app.state.metrics`` (e.g. ``metrics.emails_sent.inc()`` once mail is sent);
the moves, the database trips, the bots' thinking and the clocks are counted by ``instrument.py``.
"""

from __future__ import annotations

from collections.abc import Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

#: move latency buckets (seconds): a move takes ~1 ms on an idle server, a database trip ~0.2-5 ms
MOVE_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
DB_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0)
BOT_BUCKETS = (0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class Metrics:
    """The series of one app. Names follow Prometheus' conventions (``_total`` is added to counters)."""

    def __init__(self) -> None:
        r = self.registry = CollectorRegistry(auto_describe=True)
        self.moves_accepted = Counter("nastolka_moves_accepted", "Moves stored, by who made them "
                                      "(human, bot, clock)", ["by"], registry=r)
        self.moves_refused = Counter("nastolka_moves_refused", "Moves refused, by the refusal's code",
                                     ["reason"], registry=r)
        self.move_seconds = Histogram("nastolka_move_seconds", "Time from a move's submission to its "
                                      "commit (or refusal), seconds", buckets=MOVE_BUCKETS, registry=r)
        self.sockets_open = Gauge("nastolka_sockets_open", "Websockets open on this process", registry=r)
        self.tables_in_memory = Gauge("nastolka_tables_in_memory", "Tables loaded in this process",
                                      registry=r)
        self.db_seconds = Histogram("nastolka_db_trip_seconds", "One trip to the database thread "
                                    "(a transaction, or a group commit of several moves), seconds",
                                    buckets=DB_BUCKETS, registry=r)
        self.bot_seconds = Histogram("nastolka_bot_think_seconds", "Time a bot spends choosing a move, "
                                     "seconds", buckets=BOT_BUCKETS, registry=r)
        self.clocks_fired = Counter("nastolka_clocks_fired", "Move clocks that ran out (a stand-in "
                                    "moved for the person)", registry=r)
        self.emails_sent = Counter("nastolka_emails_sent", "Emails handed to the mail server", registry=r)
        self.tables_created = Counter("nastolka_tables_created", "Tables created on this process",
                                      registry=r)
        self.tables_finished = Counter("nastolka_tables_finished", "Games that ended on this process",
                                       registry=r)
        self.errors = Counter("nastolka_errors", "Requests and sockets that failed with an unexpected "
                              "error (each is logged with its request id)", registry=r)
        self.draining = Gauge("nastolka_draining", "1 while this process drains before it exits",
                              registry=r)

    def watch(self, sockets: Callable[[], float], tables: Callable[[], float]) -> None:
        """Read the gauges at scrape time from the live objects (nothing to keep in step)."""
        self.sockets_open.set_function(sockets)
        self.tables_in_memory.set_function(tables)

    def render(self) -> bytes:
        return generate_latest(self.registry)
