"""``nastolka db backup/restore/check`` on real databases: SQLite through the online backup API while the
server runs, PostgreSQL through pg_dump/pg_restore against the local server. A restored database is
served and its game played on to the end; ``check`` names a table whose log no longer replays."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import text
from typer.testing import CliRunner

from nastolka.cli.main import app as cli
from nastolka.server import Settings, create_app
from nastolka.server.db import make_engine, normalize_url

from .conftest import act, create_table, drop_pg_database, join, new_pg_database, state

runner = CliRunner()


def _app(url: str) -> TestClient:
    return TestClient(create_app(Settings(db_url=url, bot_delay=0.0, min_clock=1)))


def _play(client: TestClient, tid: str, tokens: list[str], moves: int | None = None) -> int:
    """Play ``moves`` moves (all, when None): each time the seat to act plays its first legal move."""
    done = 0
    while moves is None or done < moves:
        for token in tokens:
            st = state(client, tid, token)
            if st["table"]["status"] == "over":
                return done
            if st["legal"]:
                assert act(client, tid, token, st["legal"][0]["id"], st["version"]).status_code == 200
                done += 1
                break
    return done


def _backup_restore_play_on(url: str, restored_url: str, backup: Path) -> None:
    with _app(url) as client:   # the backup is taken while the server runs
        table = create_table(client, [{}, {}], options={"hand": 3})
        tid = table["id"]
        tokens = [join(client, tid, s, f"P{s}") for s in (0, 1)]
        _play(client, tid, tokens, 2)
        out = runner.invoke(cli, ["db", "backup", str(backup), "--db", url])
        assert out.exit_code == 0, out.output
        _play(client, tid, tokens, 1)   # after the backup: not in it
    out = runner.invoke(cli, ["db", "restore", str(backup), "--db", restored_url])
    assert out.exit_code == 0, out.output
    out = runner.invoke(cli, ["db", "check", "--db", restored_url])
    assert out.exit_code == 0 and "1 tables replay" in out.output, out.output
    with _app(restored_url) as client:   # served from the restore: the game as it was at the backup
        assert state(client, tid)["version"] == 2
        assert _play(client, tid, tokens) == 4   # and played on to its end (3 cards each)
        assert state(client, tid)["table"]["status"] == "over"
    out = runner.invoke(cli, ["db", "check", "--db", restored_url])
    assert out.exit_code == 0 and "1 tables replay" in out.output, out.output


def test_sqlite_backup_restore_and_play_on(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'live.db'}"
    restored = f"sqlite:///{tmp_path / 'restored.db'}"
    _backup_restore_play_on(url, restored, tmp_path / "nastolka.backup")


def test_postgres_backup_restore_with_pg_dump_and_play_on(pg_url: str, tmp_path: Path) -> None:
    restored = new_pg_database()
    try:
        with _app(restored):   # a database already holding a (migrated, empty) schema is cleaned first
            pass
        _backup_restore_play_on(pg_url, restored, tmp_path / "nastolka.pgdump")
    finally:
        drop_pg_database(restored)


def test_check_names_a_table_that_does_not_replay(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'c.db'}"
    with _app(url) as client:
        ids = []
        for _ in range(2):
            tid = create_table(client, [{}, {}], options={"hand": 2})["id"]
            tokens = [join(client, tid, s, f"P{s}") for s in (0, 1)]
            _play(client, tid, tokens, 2)
            ids.append(tid)
    assert runner.invoke(cli, ["db", "check", "--db", url]).exit_code == 0
    engine = make_engine(normalize_url(url))
    with engine.begin() as conn:   # a log damaged by hand: its second move is now one nobody could make
        conn.execute(text("UPDATE actions SET action = 'play(card=99)' WHERE table_id = :t AND version = 1"),
                     {"t": ids[1]})
    engine.dispose()
    out = runner.invoke(cli, ["db", "check", "--db", url])
    assert out.exit_code == 1
    assert f"table {ids[1]} does not replay" in out.output and ids[0] not in out.output.split("replay:")[0]
    assert "1 tables replay" in out.output and "1 broken" in out.output


def test_restore_refuses_a_file_that_is_no_backup(tmp_path: Path) -> None:
    bogus = tmp_path / "notes.txt"
    bogus.write_text("not a database")
    out = runner.invoke(cli, ["db", "restore", str(bogus), "--db", f"sqlite:///{tmp_path / 'x.db'}"])
    assert out.exit_code == 1 and "not" in out.output
