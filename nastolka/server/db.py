"""Database access: engine from a URL, Alembic migrations at start-up, and a thread pool for queries.

Why a thread pool: SQLAlchemy here is synchronous (one code path for SQLite and PostgreSQL), and the event
loop must never wait on disk or network. SQLite gets exactly one thread: a single writer never meets
"database is locked", and WAL mode lets the file survive a killed process with every commit intact.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, event

T = TypeVar("T")
log = logging.getLogger("nastolka.server")

MIGRATIONS = Path(__file__).with_name("migrations")


def normalize_url(url: str) -> str:
    """Accept ``postgresql://`` / ``postgres://`` (what people type) and use the psycopg 3 driver."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def libpq_url(url: str) -> str:
    """The plain libpq form of a PostgreSQL URL (for psycopg's own LISTEN connection)."""
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def make_engine(url: str) -> Engine:
    url = normalize_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: a commit survives a killed process
            cur.execute("PRAGMA foreign_keys=ON")
            # no commit ever copies the log back into the database file (an fsync: 12-18 ms every ~460
            # moves on an idle disk, more on a busy one, and every move queued behind it waited): the
            # Checkpointer does it in a thread of its own
            cur.execute("PRAGMA wal_autocheckpoint=0")
            cur.close()

        return engine
    return create_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision (idempotent; safe when several processes start at once)."""
    upgrade(engine, "head")


def upgrade(engine: Engine, revision: str) -> None:
    """Migrate to ``revision``. On SQLite foreign keys are off meanwhile: a batch migration rebuilds a
    table (copy, drop, rename), and dropping ``tables`` with them on would cascade into every seat and
    action (the pragma only takes effect outside a transaction)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.connect() as conn:
        sqlite = conn.dialect.name == "sqlite"
        if sqlite:
            conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
            conn.commit()
        with conn.begin():
            if conn.dialect.name == "postgresql":
                # serialise concurrent start-ups of several server processes on one database
                conn.exec_driver_sql("SELECT pg_advisory_xact_lock(727172)")
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, revision)
        if sqlite:
            conn.exec_driver_sql("PRAGMA foreign_keys=ON")
            conn.commit()


class Checkpointer:
    """Copies SQLite's write-ahead log back into the database file, in a thread of its own.

    Why: with ``wal_autocheckpoint`` on, the commit that crosses 1,000 log pages does the copy and its
    fsync itself, so the moves waiting for the database thread behind it waited too (measured: every ~460
    one-row commits took 12-18 ms instead of 0.03 ms). A PASSIVE checkpoint here blocks no writer and no
    reader; durability is unchanged (a commit is in the log either way)."""

    def __init__(self, engine: Engine, every: float = 1.0) -> None:
        self.engine, self.every = engine, every
        self.done = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="nastolka-checkpoint", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            self.checkpoint()

    def checkpoint(self) -> None:
        try:
            with self.engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            self.done += 1
        except Exception:   # a busy or vanished file: the next round tries again
            log.debug("checkpoint failed", exc_info=True)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)
        self.checkpoint()   # the last moves into the file before the engine goes


class Database:
    """An engine plus the executor every query runs in (``await db.run(fn)`` with ``fn(conn)``), and a group
    commit for the moves (``await db.write(fn)``)."""

    def __init__(self, url: str, threads: int = 8) -> None:
        self.url = normalize_url(url)
        self.engine = make_engine(self.url)
        self.is_postgres = self.engine.dialect.name == "postgresql"
        workers = threads if self.is_postgres else 1
        self.executor = concurrent.futures.ThreadPoolExecutor(workers, thread_name_prefix="nastolka-db")
        #: writes waiting for the one in flight to finish, and whether one is in flight
        self._waiting: list[tuple[Callable[[Connection], Any], asyncio.Future[Any]]] = []
        self._writing = False
        #: how many writes each trip carried (the last 1,000: what the group commit saves)
        self.batch_sizes: collections.deque[int] = collections.deque(maxlen=1000)
        self.checkpointer = None if self.is_postgres else Checkpointer(self.engine)

    def migrate(self) -> None:
        migrate(self.engine)

    def transact(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn`` in one transaction (committed when it returns, rolled back if it raises)."""
        with self.engine.begin() as conn:
            return fn(conn)

    async def run(self, fn: Callable[[Connection], T]) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, self.transact, fn)

    async def write(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn`` in a transaction shared with the other writes that wait meanwhile (a group commit).

        Why: every trip to the database thread costs a hand-off each way, and every transaction a commit;
        when many tables move at once, the moves that arrive while one trip is out go together in the
        next. Each write still succeeds or fails on its own: if any of them raises, the shared transaction
        is rolled back and each is run again in a transaction of its own, so one refused move (a version
        race) never takes the others with it. The result is only returned once it is committed."""
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._waiting.append((fn, future))
        if not self._writing:
            self._writing = True
            asyncio.get_running_loop().create_task(self._write_waiting())
        return await future

    async def _write_waiting(self) -> None:
        loop = asyncio.get_running_loop()
        batch: list[tuple[Callable[[Connection], Any], asyncio.Future[Any]]] = []
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                self.batch_sizes.append(len(batch))
                outcomes = await loop.run_in_executor(self.executor, self._commit_together, [fn for fn, _ in batch])
                for (_, future), (ok, value) in zip(batch, outcomes, strict=True):
                    if future.done():   # its waiter was cancelled: what was committed stays committed
                        continue
                    if ok:
                        future.set_result(value)
                    else:
                        future.set_exception(value)
                batch = []
        except BaseException:   # the executor was shut down, or the loop is stopping: no waiter hangs
            for _, future in batch + self._waiting:
                if not future.done():
                    future.set_exception(RuntimeError("the database writer stopped"))
            self._waiting = []
            raise
        finally:
            self._writing = False

    def _commit_together(self, fns: list[Callable[[Connection], Any]]) -> list[tuple[bool, Any]]:
        """In the database thread: all of ``fns`` in one transaction, or, if any raises, each in its own."""
        if len(fns) > 1:
            try:
                with self.engine.begin() as conn:
                    results = [fn(conn) for fn in fns]
                return [(True, r) for r in results]
            except Exception:   # rolled back: nothing of the batch was stored; now one by one
                pass
        outcomes: list[tuple[bool, Any]] = []
        for fn in fns:
            try:
                outcomes.append((True, self.transact(fn)))
            except Exception as exc:
                outcomes.append((False, exc))
        return outcomes

    def close(self) -> None:
        self.executor.shutdown(wait=True)
        if self.checkpointer is not None:
            self.checkpointer.stop()
        self.engine.dispose()
