"""Graceful drain on real server processes: SIGTERM closes sockets with 1012 "service restart", the process
exits within 10 s, a restarted process on the same database serves the same table, and no acknowledged
move is lost; then the rolling-restart drill (bench/rolling_restart.py) at a small size on PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import signal
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from .procs import HERE, free_port

sys.path.insert(0, str(HERE.parents[1] / "bench"))
import rolling_restart  # noqa: E402


def toy_server(db_url: str, port: int, log: Path, **settings: Any) -> rolling_restart.Server:
    """serve_toy.py (the toy game registered) as a drill server, its JSON log in ``log``."""
    cmd = [sys.executable, str(HERE / "serve_toy.py"), str(port), db_url, "-", "0.0"]
    return rolling_restart.Server(cmd, port, env={"NASTOLKA_TEST_SETTINGS": json.dumps(settings),
                                                  "NASTOLKA_TEST_LOG_LEVEL": "info"}, log=log)


async def _recv_until(ws: Any, pred: Any) -> dict[str, Any]:
    while True:
        msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if pred(msg):
            return msg


def _move(http: httpx.Client, table_id: str, tokens: list[str]) -> tuple[int, str] | None:
    """The seat to act plays its first legal move over HTTP: (position, action) once acknowledged (200)."""
    for token in tokens:
        st = http.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": token}).json()
        if st["table"]["status"] == "over":
            return None
        if st["legal"]:
            action = st["legal"][0]["id"]
            r = http.post(f"/api/tables/{table_id}/actions", json={"action": action, "version": st["version"]},
                          headers={"X-Seat-Token": token})
            assert r.status_code == 200, r.text
            return st["version"], action
    raise AssertionError("nobody may act at a table in play")


async def _closed_with(url: str, token: str, sigterm: Any) -> tuple[int | None, str | None]:
    """Open a seat's socket, read its first state, send SIGTERM; the close code and reason it then gets."""
    async with websockets.connect(url) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        await _recv_until(ws, lambda m: m["type"] == "state")
        await asyncio.get_running_loop().run_in_executor(None, sigterm)
        with pytest.raises(websockets.ConnectionClosed) as closed:
            while True:
                await asyncio.wait_for(ws.recv(), 10)
    rcvd = closed.value.rcvd
    return (rcvd.code, rcvd.reason) if rcvd else (None, None)


def test_sigterm_drains_and_a_restart_resumes_the_table(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'drain.db'}"
    server = toy_server(db, free_port(), tmp_path / "server.log", drain_grace=1.0)
    server.start()
    try:
        http = httpx.Client(base_url=server.url, timeout=10)
        table = http.post("/api/tables", json={"game": "toy", "seats": [{}, {}], "options": {"hand": 3}}).json()["table"]
        tid = table["id"]
        tokens = [http.post(f"/api/tables/{tid}/join", json={"seat": s, "name": f"P{s}"}).json()["token"]
                  for s in (0, 1)]
        acked = dict(m for m in (_move(http, tid, tokens) for _ in range(3)) if m)
        seen: dict[str, Any] = {}

        def sigterm() -> None:   # SIGTERM, then what a load balancer and a late visitor meet meanwhile
            assert server.proc is not None
            seen["begin"] = time.monotonic()
            server.proc.send_signal(signal.SIGTERM)
            deadline = time.monotonic() + 5
            while httpx.get(server.url + "/readyz").status_code != 503:
                assert time.monotonic() < deadline, "/readyz did not turn 503"
            seen["create"] = httpx.post(server.url + "/api/tables", json={"game": "toy", "seats": [{}, {}]})
            seen["health"] = httpx.get(server.url + "/healthz").status_code

        code, reason = asyncio.run(_closed_with(f"{server.ws_url}/ws/tables/{tid}", tokens[0], sigterm))
        assert (code, reason) == (1012, "service restart")
        assert seen["create"].status_code == 503 and seen["create"].json()["error"]["code"] == "draining"
        assert seen["create"].json()["error"]["text"]["ru"]
        assert seen["health"] == 200
        assert server.proc is not None
        assert server.proc.wait(10) == 0
        assert time.monotonic() - seen["begin"] < 10
        assert '"event": "drain finished"' in (tmp_path / "server.log").read_text()

        server.start()   # the same port and database: the same table, every acknowledged move in it
        assert http.get(f"/api/tables/{tid}").json()["version"] == len(acked) == 3
        while _move(http, tid, tokens):
            pass
        record = http.get(f"/api/tables/{tid}/record").json()
        assert all(record["actions"][v][1] == a for v, a in acked.items())
    finally:
        server.kill()


def test_rolling_restart_of_two_processes_on_postgres(pg_url: str, tmp_path: Path) -> None:
    """Two processes on one PostgreSQL database, people and bots at 4 tables, each process restarted in
    turn: no acknowledged move lost, no table stuck, every person told to reconnect resumed."""
    servers = [toy_server(pg_url, free_port(), tmp_path / f"server{i}.log") for i in range(2)]
    try:
        report = asyncio.run(rolling_restart.drill(servers, pg_url, 4, warm=15, between=15, finish_timeout=60,
                                                   pace=(0.005, 0.02)))
    finally:
        for s in servers:
            s.kill()
    print(json.dumps(report))
    assert report["lost"] == 0, report
    assert report["stuck"] == 0, report
    assert report["moves_acknowledged"] > 30
    assert report["told_restart"] > 0 and report["resumed"] == report["told_restart"], report
    assert all(r["exit_code"] == 0 and r["exit_seconds"] < 10 for r in report["restarts"]), report
