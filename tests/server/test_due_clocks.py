"""Durable clocks across real server processes on one PostgreSQL database (issue 26, point 6): every due
turn-based deadline fires exactly once — one stand-in move, the seat marked away, the next player's clock
started once — whichever process claims it; a process SIGKILLed after the clocks fell due, and a claim
left by a process that died mid-fire, leave nothing unfired once their lease is over.

Both processes read their time from one clock file the test writes (no sleeping for timing).
"""

from __future__ import annotations

import time
from pathlib import Path

import httpx
from sqlalchemy import create_engine, func, select, update

from nastolka.server.db import normalize_url
from nastolka.server.models import actions, due_clocks, seats

from .attack import Player
from .procs import ServerProcess
from .test_turn_based import Clock

TABLES = 30
LEASE = 20.0
LOOSE = {"http_write_rate": 10_000.0, "http_write_burst": 10_000, "create_per_minute": 60_000.0,
         "create_burst": 10_000, "open_tables_per_address": 100_000, "turn_based_games": 1000,
         "due_poll": 0.05, "due_lease": LEASE}


def wait_for(check: object, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while not check():   # type: ignore[operator]
        assert time.monotonic() < end, "the clocks did not all fire"
        time.sleep(0.05)


def test_each_due_clock_fires_once_across_processes_and_a_killed_one_leaves_none(
        pg_url: str, tmp_path: Path) -> None:
    clock = Clock(tmp_path / "clock")
    settings = {**LOOSE, "clock_file": str(clock.path)}
    a = ServerProcess(pg_url, log_path=tmp_path / "a.log", settings=settings).start()
    b = ServerProcess(pg_url, log_path=tmp_path / "b.log", settings=settings).start()
    engine = create_engine(normalize_url(pg_url))
    try:
        host = Player(a)
        ids = []
        for i in range(TABLES):
            tid = host.create([{}, {}], clock=3600, options={"hand": 3})["table"]["id"]
            via = host if i % 2 else Player(b)    # seats taken through both processes
            via.join(tid, 0, "Ann")
            via.join(tid, 1, "Bob")
            ids.append(tid)
        with engine.begin() as conn:
            assert conn.execute(select(func.count()).select_from(due_clocks)).scalar() == TABLES
            # a process that claimed a third of them and died before firing (its lease still runs)
            dead = [r.table_id for r in conn.execute(select(due_clocks.c.table_id).limit(TABLES // 3))]
            conn.execute(update(due_clocks).where(due_clocks.c.table_id.in_(dead))
                         .values(claimed_until=time.time() + 3600 + LEASE))
        clock.advance(3601)                       # every first mover's hour is over
        a.kill()                                  # one process dies while the clocks fall due

        def fired() -> int:
            with engine.connect() as conn:
                return int(conn.execute(select(func.count()).select_from(actions)
                                        .where(actions.c.by == "clock")).scalar_one())

        def unclaimed_due() -> int:   # due first-move clocks that no live claim holds
            now = time.time() + clock.offset
            with engine.connect() as conn:
                return int(conn.execute(select(func.count()).select_from(due_clocks).where(
                    due_clocks.c.version == 0,
                    (due_clocks.c.claimed_until.is_(None)) | (due_clocks.c.claimed_until <= now))).scalar_one())

        wait_for(lambda: unclaimed_due() == 0)     # b fires every clock nobody else holds
        assert TABLES - fired() >= len(dead)       # the dead claims wait for their lease
        clock.advance(LEASE + 1)                   # they lapse (and any a held when killed): b fires them
        wait_for(lambda: fired() == TABLES)
        with engine.connect() as conn:
            moves = list(conn.execute(select(actions.c.table_id, actions.c.version, actions.c.seat, actions.c.by)))
            rows = list(conn.execute(select(due_clocks.c.table_id, due_clocks.c.seat, due_clocks.c.version)))
            away = list(conn.execute(select(seats.c.table_id, seats.c.seat).where(seats.c.away == 1)))
        assert sorted(m.table_id for m in moves) == sorted(ids)            # exactly one move per table
        assert all(m.version == 0 and m.by == "clock" for m in moves)
        by_table = {m.table_id: m.seat for m in moves}
        assert sorted(away) == sorted(by_table.items())                    # the timed-out seat, marked
        # the other player's clock runs now, once, from version 1
        assert sorted((r.table_id, r.seat, r.version) for r in rows) == sorted(
            (t, 1 - s, 1) for t, s in by_table.items())
        # the process that was killed comes back: nothing fires twice
        a.start()
        assert httpx.get(a.url + "/healthz").status_code == 200
        with engine.connect() as conn:
            assert conn.execute(select(func.count()).select_from(actions)).scalar() == TABLES
    finally:
        engine.dispose()
        a.stop()
        b.stop()
