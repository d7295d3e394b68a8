"""Two server processes on loopback sharing one PostgreSQL database: a move accepted by one reaches the
clients of the other at once (LISTEN/NOTIFY, or Redis pub/sub), and conflicting moves sent to both at
the same moment are accepted exactly once (the action log's primary key decides)."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from .conftest import REDIS
from .procs import ServerProcess


def recv_state(ws: Any, version: int, timeout: float = 5.0, status: str = "playing") -> dict[str, Any]:
    """The first state message at ``version`` or later with the table in ``status``."""
    end = time.monotonic() + timeout
    while True:
        left = end - time.monotonic()
        assert left > 0, f"no state with version {version}"
        msg = json.loads(ws.recv(timeout=left))
        if msg["type"] == "state" and msg["version"] >= version and msg["table"]["status"] == status:
            return msg


def redis_available() -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url(REDIS, socket_connect_timeout=2).ping())
    except Exception:
        return False


@pytest.mark.parametrize("bus", ["notify", "redis"])
def test_two_processes_share_tables(bus: str, pg_url: str, tmp_path: Path) -> None:
    if bus == "redis" and not redis_available():
        pytest.skip("Redis is not reachable")
    redis_url = REDIS if bus == "redis" else None
    s1 = ServerProcess(pg_url, redis_url, log_path=tmp_path / "s1.log").start()
    s2 = ServerProcess(pg_url, redis_url, log_path=tmp_path / "s2.log").start()
    try:
        h1, h2 = httpx.Client(base_url=s1.url, timeout=5), httpx.Client(base_url=s2.url, timeout=5)
        tid = h1.post("/api/tables", json={"game": "toy", "seats": [{}, {}], "options": {"hand": 3}}).json()["table"]["id"]
        joined = [h.post(f"/api/tables/{tid}/join", json={"seat": i, "name": n})
                  for i, (h, n) in enumerate([(h1, "on-one"), (h2, "on-two")])]
        assert all(r.status_code == 200 for r in joined), [r.text for r in joined]
        tok0, tok1 = (r.json()["token"] for r in joined)
        with connect(f"{s1.ws_url}/ws/tables/{tid}") as a, connect(f"{s2.ws_url}/ws/tables/{tid}") as b:
            a.send(json.dumps({"type": "hello", "token": tok0}))
            b.send(json.dumps({"type": "hello", "token": tok1}))
            sa, sb = recv_state(a, 0), recv_state(b, 0)
            assert sa["table"]["status"] == "playing" == sb["table"]["status"]
            # seat 0 moves on process 1; seat 1's client on process 2 hears of it at once
            start = time.monotonic()
            a.send(json.dumps({"type": "action", "action": sa["legal"][0]["id"], "version": 0}))
            sb = recv_state(b, 1)
            assert time.monotonic() - start < 2.0
            assert sb["legal"] and sb["events"]
            b.send(json.dumps({"type": "action", "action": sb["legal"][0]["id"], "version": 1}))
            assert recv_state(a, 2)["legal"]
        # conflicting moves for one version through both processes at the same instant: exactly one wins
        version = 2
        tokens = [tok0, tok1]
        while True:
            s = h1.get(f"/api/tables/{tid}").json()
            if s["table"]["status"] == "over":
                break
            seat = s["view"]["to_act"][0]
            legal = h1.get(f"/api/tables/{tid}", headers={"X-Seat-Token": tokens[seat]}).json()["legal"]
            choices = [legal[0]["id"], legal[-1]["id"]]
            barrier = threading.Barrier(2)
            codes: list[int] = []

            def send(http: httpx.Client, aid: str, v: int = version, t: str = tokens[seat],
                     barrier: threading.Barrier = barrier, codes: list[int] = codes) -> None:
                barrier.wait()
                codes.append(http.post(f"/api/tables/{tid}/actions", json={"action": aid, "version": v},
                                       headers={"X-Seat-Token": t}).status_code)

            threads = [threading.Thread(target=send, args=(h, c)) for h, c in zip((h1, h2), choices, strict=True)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert sorted(codes) == [200, 409], codes
            version += 1
            # both processes agree at once
            assert h2.get(f"/api/tables/{tid}").json()["version"] == version
        rec1 = h1.get(f"/api/tables/{tid}/record").json()
        rec2 = h2.get(f"/api/tables/{tid}/record").json()
        assert rec1 == rec2 and len(rec1["actions"]) == 6
        h1.close()
        h2.close()
    finally:
        s1.stop()
        s2.stop()


def test_bots_continue_when_their_process_dies(pg_url: str, tmp_path: Path) -> None:
    """A table of bots driven by process 1; process 2 has it loaded (a spectator watches there). Killing
    process 1 mid-game: process 2 takes over the bots after its grace period and finishes the game."""
    s1 = ServerProcess(pg_url, bot_delay=0.2, log_path=tmp_path / "s1.log").start()
    s2 = ServerProcess(pg_url, bot_delay=0.2, log_path=tmp_path / "s2.log").start()
    try:
        with httpx.Client(base_url=s1.url, timeout=5) as h1:
            tid = h1.post("/api/tables", json={"game": "toy", "options": {"hand": 3},
                                               "seats": [{"kind": "bot", "bot": "random"}] * 4}).json()["table"]["id"]
        with connect(f"{s2.ws_url}/ws/tables/{tid}") as spectator:
            spectator.send(json.dumps({"type": "hello"}))
            recv_state(spectator, 2)          # process 2 has seen the game move
            s1.kill()
            final = recv_state(spectator, 12, timeout=20, status="over")
            assert final["view"]["status"] == "over"
        with httpx.Client(base_url=s2.url, timeout=5) as h2:
            assert len(h2.get(f"/api/tables/{tid}/record").json()["actions"]) == 12
    finally:
        s1.stop()
        s2.stop()
