"""The group commit of moves (``Database.write``): writes that wait while one trip to the database thread is
out go together; each still succeeds or fails on its own, and nothing is answered before it is committed."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import Connection, text

from nastolka.server.db import Database


@pytest.fixture
def db(tmp_path: Path) -> Database:
    database = Database(f"sqlite:///{tmp_path / 'g.db'}")
    database.transact(lambda c: c.exec_driver_sql("CREATE TABLE moves (k INTEGER PRIMARY KEY, v TEXT)"))
    return database


def stored(db: Database) -> dict[int, str]:
    rows = db.transact(lambda c: c.execute(text("SELECT k, v FROM moves")).all())
    return {int(k): str(v) for k, v in rows}


def put(k: int, v: str) -> Callable[[Connection], int]:
    def fn(conn: Connection) -> int:
        conn.execute(text("INSERT INTO moves (k, v) VALUES (:k, :v)"), {"k": k, "v": v})
        return k
    return fn


def test_writes_waiting_meanwhile_share_one_trip_and_one_refused_write_takes_none_with_it(db: Database) -> None:
    gate = threading.Event()

    def slow_first(conn: Connection) -> str:   # holds the database thread while the others queue up
        gate.wait(5)
        conn.execute(text("INSERT INTO moves (k, v) VALUES (0, 'first')"))
        return "first"

    async def main() -> list[object]:
        first = asyncio.ensure_future(db.write(slow_first))
        await asyncio.sleep(0.05)
        # five moves arrive while the first trip is out; one of them conflicts with the first's key
        rest = [asyncio.ensure_future(db.write(put(k, f"m{k}"))) for k in (1, 2, 0, 3, 4)]
        await asyncio.sleep(0.05)
        gate.set()
        return await asyncio.gather(first, *rest, return_exceptions=True)

    try:
        results = asyncio.run(main())
    finally:
        db.close()
    assert results[0] == "first"
    assert results[1:3] == [1, 2] and results[4:] == [3, 4]
    assert isinstance(results[3], Exception) and "UNIQUE" in str(results[3])   # only that one is refused
    assert stored(db) == {0: "first", 1: "m1", 2: "m2", 3: "m3", 4: "m4"}
    assert list(db.batch_sizes) == [1, 5]   # the five went in one trip


def test_a_write_is_answered_only_once_it_is_committed(db: Database) -> None:
    seen: list[dict[int, str]] = []

    async def main() -> None:
        for k in range(3):
            await db.write(put(k, "x"))
            # another connection reads it: committed, not merely written in an open transaction
            seen.append(stored(db))

    try:
        asyncio.run(main())
    finally:
        db.close()
    assert [len(s) for s in seen] == [1, 2, 3]


def test_no_commit_copies_the_log_back_a_thread_of_its_own_does(tmp_path: Path) -> None:
    """SQLite: the commit that crossed 1,000 log pages used to copy the log into the file and fsync it
    (12-18 ms, every move behind it waiting); now commits only append and the Checkpointer copies."""
    database = Database(f"sqlite:///{tmp_path / 'wal.db'}")
    try:
        checkpointer = database.checkpointer
        assert checkpointer is not None
        before = checkpointer.done
        deadline = time.monotonic() + 5
        while checkpointer.done == before:   # it runs by itself, about once a second
            assert time.monotonic() < deadline, "the checkpointer did not run"
            time.sleep(0.05)
        checkpointer.stop()   # from here on only commits could copy the log back
        assert database.transact(lambda c: c.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar()) == 0
        database.transact(lambda c: c.exec_driver_sql("CREATE TABLE moves (k INTEGER PRIMARY KEY, v TEXT)"))
        for k in range(3000):
            database.transact(put(k, "x" * 100))
        wal = tmp_path / "wal.db-wal"
        # with the automatic checkpoint the log is reused from its start past 1,000 pages (~4 MB)
        assert wal.stat().st_size > 8 * 1024 * 1024, wal.stat().st_size
        checkpointer.checkpoint()
        busy, frames, copied = database.transact(
            lambda c: c.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").one())
        assert busy == 0 and frames == copied > 0
    finally:
        database.close()
