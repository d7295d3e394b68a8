"""Backups, restores and the replay check of a server's database (``nastolka db …``, docs/operations.md).

Why SQLite's online backup API and not a file copy: a copy of a database being written (WAL mode: the
main file plus ``-wal``) can be torn; the backup API copies a consistent snapshot while the server runs.
Why ``pg_dump``/``pg_restore`` for PostgreSQL: they are PostgreSQL's own consistent-snapshot tools (a
dump is one transaction), their custom format restores selectively and in parallel, and an operator
already knows them. The commands here only spell them out right (no owners, clean before restore, stop
at the first error, in one transaction).

Why ``check``: a backup that does not replay is not a backup. Every table's action log is replayed under
the rules this program has; a finished table's stored record must be what the replay gives.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import select

from . import store
from .db import libpq_url, make_engine, normalize_url
from .models import tables
from .runtime import Runtime


class BackupError(Exception):
    """A backup or restore that cannot be done, said in one line for the operator."""


def _sqlite_path(url: str) -> Path | None:
    url = normalize_url(url)
    if not url.startswith("sqlite:///"):
        return None
    return Path(url[len("sqlite:///"):])


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise BackupError(f"{name} is not installed (Debian: apt-get install postgresql-client)")
    return found


def backup(db_url: str, target: Path) -> str:
    """Write a consistent copy of the database to ``target``; what was done, in one line."""
    path = _sqlite_path(db_url)
    if path is not None:
        if not path.exists():
            raise BackupError(f"no database at {path}")
        src = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        dst = sqlite3.connect(target)
        try:
            with dst:
                src.backup(dst)   # the online backup API: a consistent snapshot while the server writes
        finally:
            dst.close()
            src.close()
        return f"SQLite {path} -> {target} (online backup)"
    out = subprocess.run([_tool("pg_dump"), "--format=custom", "--no-owner", "--no-privileges",
                          f"--file={target}", libpq_url(normalize_url(db_url))],
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise BackupError(f"pg_dump failed: {out.stderr.strip()}")
    return f"PostgreSQL -> {target} (pg_dump, custom format)"


def restore(source: Path, db_url: str) -> str:
    """Replace the database's contents with the backup ``source`` (the server must be stopped)."""
    if not source.exists():
        raise BackupError(f"no backup at {source}")
    path = _sqlite_path(db_url)
    if path is not None:
        src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        try:
            names = {r[0] for r in src.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        except sqlite3.DatabaseError as exc:
            src.close()
            raise BackupError(f"{source} is not an SQLite backup: {exc}") from None
        if "tables" not in names or "alembic_version" not in names:
            src.close()
            raise BackupError(f"{source} is not a nastolka database (no tables/alembic_version)")
        dst = sqlite3.connect(path)
        try:
            with dst:
                src.backup(dst)   # page by page over the old contents, in one go
        finally:
            dst.close()
            src.close()
        for suffix in ("-wal", "-shm"):   # a stale write-ahead log must not be replayed over the restore
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        return f"{source} -> SQLite {path}"
    out = subprocess.run([_tool("pg_restore"), "--clean", "--if-exists", "--no-owner", "--no-privileges",
                          "--single-transaction", "--exit-on-error", f"--dbname={libpq_url(normalize_url(db_url))}",
                          str(source)], capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise BackupError(f"pg_restore failed: {out.stderr.strip()}")
    return f"{source} -> PostgreSQL (pg_restore, one transaction)"


@dataclass
class CheckReport:
    replayed: int = 0
    #: tables played under other rules versions than this program's (kept, not replayable here)
    outdated: list[str] = field(default_factory=list)
    #: table id -> why it does not replay
    broken: dict[str, str] = field(default_factory=dict)


def check(db_url: str) -> CheckReport:
    """Replay every stored table; a finished one must end where its stored record says."""
    report = CheckReport()
    engine = make_engine(normalize_url(db_url))
    try:
        with engine.connect() as conn:
            ids = [r.id for r in conn.execute(select(tables.c.id).order_by(tables.c.id))]
            for table_id in ids:
                loaded = store.load_table(conn, table_id)
                if loaded is None:
                    continue
                why = _replay(*loaded)
                if why == "outdated":
                    report.outdated.append(table_id)
                elif why:
                    report.broken[table_id] = why
                else:
                    report.replayed += 1
    finally:
        engine.dispose()
    return report


def _replay(row: object, seat_rows: list[object], action_rows: list[object]) -> str:
    """'' when the table replays, 'outdated' for other rules, else what is wrong."""
    try:
        rt = Runtime.from_rows(row, seat_rows)
        if rt.outdated:
            return "outdated"
        for a in action_rows:
            rt.apply_logged(a.version, a.seat, a.action, a.by)  # type: ignore[attr-defined]
    except Exception as exc:   # any failure names the table: the operator needs all of them, not the first
        return f"{type(exc).__name__}: {exc}"
    status = getattr(row, "status", None)
    if status == "over":
        record = json.loads(getattr(row, "record", None) or "null")
        if not rt.state.is_over:
            return f"stored as over, but the replay of {len(action_rows)} moves is not over"
        up = rt.game.upgrade_id
        if record is None or [[s, up(aid)] for s, aid in record.get("actions", [])] != [
                [a.seat, up(a.action)] for a in action_rows]:  # type: ignore[attr-defined]
            return "the stored record's moves differ from the action log"
    elif status == "playing" and rt.state.is_over:
        return "the replay is over, but the table is stored as still playing"
    return ""
