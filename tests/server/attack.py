"""Helpers for the attack tests: HTTP and websocket clients of a real server process, each from its own
loopback address (127.0.0.0/8 all reaches the server), so per-address limits of one test never touch
another test's requests."""

from __future__ import annotations

import itertools
import json
import time
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from .procs import ServerProcess

_addresses = (f"127.0.{b}.{c}" for b, c in itertools.product(range(1, 250), range(2, 250)))


def new_address() -> str:
    """A loopback address no other test of this worker has used."""
    return next(_addresses)


class Player:
    """One person (one address) talking to a server over HTTP and websockets."""

    def __init__(self, server: ServerProcess, address: str | None = None) -> None:
        self.server = server
        self.address = address or new_address()
        self.http = httpx.Client(base_url=server.url, timeout=10,
                                 transport=httpx.HTTPTransport(local_address=self.address))

    def create(self, seats: list[dict[str, Any]], game: str = "toy", expect: int = 201,
               **extra: Any) -> dict[str, Any]:
        r = self.http.post("/api/tables", json={"game": game, "seats": seats, **extra})
        assert r.status_code == expect, r.text
        return dict(r.json())

    def join(self, table_id: str, seat: int, name: str, **extra: Any) -> str:
        r = self.http.post(f"/api/tables/{table_id}/join", json={"seat": seat, "name": name, **extra})
        assert r.status_code == 200, r.text
        return str(r.json()["token"])

    def table(self, table_id: str, token: str | None = None) -> dict[str, Any]:
        r = self.http.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": token} if token else {})
        assert r.status_code == 200, r.text
        return dict(r.json())

    def socket(self, table_id: str) -> ClientConnection:
        return connect(f"{self.server.ws_url}/ws/tables/{table_id}", source_address=(self.address, 0),
                       open_timeout=10, max_size=2**22)

    def close(self) -> None:
        self.http.close()


def hello(ws: ClientConnection, token: str | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    ws.send(json.dumps({"type": "hello", "token": token} if token else {"type": "hello"}))
    welcome = recv(ws)
    assert welcome["type"] == "welcome", welcome
    first = recv(ws)
    assert first["type"] == "state", first
    return welcome, first


def recv(ws: ClientConnection, timeout: float = 5.0) -> dict[str, Any]:
    return dict(json.loads(ws.recv(timeout=timeout)))


def recv_until(ws: ClientConnection, pred: Any, timeout: float = 5.0) -> dict[str, Any]:
    """The first message for which ``pred(msg)`` holds (everything before it is dropped)."""
    end = time.monotonic() + timeout
    while True:
        left = end - time.monotonic()
        assert left > 0, "the expected message did not come"
        msg = recv(ws, left)
        if pred(msg):
            return msg


def drain(ws: ClientConnection, quiet: float = 0.3) -> list[dict[str, Any]]:
    """Every message that arrives until the socket has been quiet for ``quiet`` seconds."""
    out: list[dict[str, Any]] = []
    while True:
        try:
            out.append(recv(ws, quiet))
        except TimeoutError:
            return out
