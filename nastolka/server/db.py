"""Database access: engine from a URL, Alembic migrations at start-up, and a thread pool for queries.

Why a thread pool: SQLAlchemy here is synchronous (one code path for SQLite and PostgreSQL), and the event
loop must never wait on disk or network. SQLite gets exactly one thread: a single writer never meets
"database is locked", and WAL mode lets the file survive a killed process with every commit intact.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, event

T = TypeVar("T")

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


class Database:
    """An engine plus the executor every query runs in (``await db.run(fn)`` with ``fn(conn)``)."""

    def __init__(self, url: str, threads: int = 8) -> None:
        self.url = normalize_url(url)
        self.engine = make_engine(self.url)
        self.is_postgres = self.engine.dialect.name == "postgresql"
        workers = threads if self.is_postgres else 1
        self.executor = concurrent.futures.ThreadPoolExecutor(workers, thread_name_prefix="nastolka-db")

    def migrate(self) -> None:
        migrate(self.engine)

    def transact(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn`` in one transaction (committed when it returns, rolled back if it raises)."""
        with self.engine.begin() as conn:
            return fn(conn)

    async def run(self, fn: Callable[[Connection], T]) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, self.transact, fn)

    def close(self) -> None:
        self.executor.shutdown(wait=True)
        self.engine.dispose()
