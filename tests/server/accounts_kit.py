"""Helpers for the accounts tests: a server process whose accounts' clock the test moves (a file of
seconds added to the wall clock), and people with their own loopback address and cookie jar."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import httpx

from .attack import Player
from .procs import ServerProcess, free_port

#: the guard's per-address request limits out of the way: these tests measure the accounts' own limits
LOOSE = {"http_read_rate": 10_000.0, "http_read_burst": 10_000, "http_write_rate": 10_000.0,
         "http_write_burst": 10_000}
PASSWORD = "a long and private phrase"


class Clock:
    """The server's accounts clock: the wall clock plus what the test has moved it by."""

    def __init__(self, path: Path) -> None:
        self.path, self.offset = path, 0.0
        path.write_text("0")

    def advance(self, seconds: float) -> None:
        self.offset += seconds
        self.path.write_text(repr(self.offset))


def accounts_server(tmp: Path, db_url: str | None = None, port: int | None = None,
                    **settings: Any) -> tuple[ServerProcess, Clock]:
    clock = Clock(tmp / "clock")
    port = port or free_port()
    server = ServerProcess(db_url or f"sqlite:///{tmp / 'accounts.db'}", port=port, log_path=tmp / "server.log",
                           settings={**LOOSE, **settings}, env={"NASTOLKA_TEST_CLOCK": str(clock.path)})
    return server, clock


def unique_handle(prefix: str = "Игрок") -> str:
    return f"{prefix}{secrets.token_hex(3)}"


def register(person: Player, handle: str, password: str = PASSWORD, expect: int = 201,
             **extra: Any) -> httpx.Response:
    r = person.http.post("/api/accounts", json={"handle": handle, "password": password, **extra})
    assert r.status_code == expect, r.text
    return r


def sign_in(person: Player, handle: str, password: str = PASSWORD, expect: int = 200) -> httpx.Response:
    r = person.http.post("/api/session", json={"handle": handle, "password": password})
    assert r.status_code == expect, r.text
    return r


def cookie(person: Player) -> str | None:
    return person.http.cookies.get("nastolka_session")
