"""Fixtures for the server tests: real SQLite files and real PostgreSQL databases (created per test run,
dropped afterwards), the toy game registered, and helpers to seat players and play."""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from nastolka.engine import registry
from nastolka.server import Settings, create_app

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from toy_game import TOY  # noqa: E402

PG_ADMIN = os.environ.get("NASTOLKA_PG_ADMIN", "postgresql://postgres@127.0.0.1:5432/postgres")
REDIS = os.environ.get("NASTOLKA_REDIS", "redis://127.0.0.1:6379/0")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
#: Debian's Chromium (never a downloaded browser), as `make chromium` installs it
CHROMIUM = os.environ.get("NASTOLKA_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def require_chromium() -> None:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is missing at {CHROMIUM}: `make test` installs it (apt-get install -y chromium)")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium per test module (each browser test module starts its own server beside it)."""
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def player(server: Any) -> Iterator[Any]:
    """An attacker or player from a loopback address of its own, on the module's ``server``."""
    from .attack import Player

    p = Player(server)
    yield p
    p.close()


def pg_available() -> bool:
    try:
        import psycopg

        psycopg.connect(PG_ADMIN, connect_timeout=3).close()
        return True
    except Exception:
        return False


def new_pg_database() -> str:
    import psycopg

    name = f"nastolka_test_{secrets.token_hex(5)}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return PG_ADMIN.rsplit("/", 1)[0] + "/" + name


def drop_pg_database(url: str) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1]
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[None]:
    """The toy game is registered only while a server test runs (other tests list the real games)."""
    registry._GAMES[TOY.id] = TOY
    try:
        yield
    finally:
        registry._GAMES.pop(TOY.id, None)


@pytest.fixture
def pg_url() -> Iterator[str]:
    if not pg_available():
        pytest.skip("PostgreSQL is not reachable")
    url = new_pg_database()
    try:
        yield url
    finally:
        drop_pg_database(url)


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'test.db'}"
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(Settings(db_url=db_url, bot_delay=0.0, min_clock=1))) as c:
        yield c


def create_table(client: TestClient, seats: list[dict[str, Any]], game: str = "toy",
                 **extra: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": game, "seats": seats, **extra})
    assert r.status_code == 201, r.text
    return r.json()["table"]


def join(client: TestClient, table_id: str, seat: int, name: str) -> str:
    r = client.post(f"/api/tables/{table_id}/join", json={"seat": seat, "name": name})
    assert r.status_code == 200, r.text
    return r.json()["token"]


def state(client: TestClient, table_id: str, token: str | None = None) -> dict[str, Any]:
    headers = {"X-Seat-Token": token} if token else {}
    r = client.get(f"/api/tables/{table_id}", headers=headers)
    assert r.status_code == 200, r.text
    return r.json()


def act(client: TestClient, table_id: str, token: str, action: str, version: int) -> Any:
    return client.post(f"/api/tables/{table_id}/actions", json={"action": action, "version": version},
                       headers={"X-Seat-Token": token})
