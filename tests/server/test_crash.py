"""Kill a server process (SIGKILL) in the middle of games; after a restart no accepted move is lost and
every table continues — people's tables and bots' tables alike."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import httpx
import pytest
from sqlalchemy import func, select

from nastolka.server.db import make_engine
from nastolka.server.models import actions

from .procs import ServerProcess


def play_until_killed(base: str, table_id: str, tokens: list[str], accepted: list[tuple[int, str]],
                      stop: threading.Event) -> None:
    """Act as fast as possible; remember every move the server answered 200 to."""
    with httpx.Client(base_url=base, timeout=5) as http:
        while not stop.is_set():
            try:
                s = http.get(f"/api/tables/{table_id}").json()
                if s["table"]["status"] != "playing":
                    return
                seat = s["view"]["to_act"][0]
                mine = http.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": tokens[seat]}).json()
                aid = mine["legal"][0]["id"]
                r = http.post(f"/api/tables/{table_id}/actions", json={"action": aid, "version": mine["version"]},
                              headers={"X-Seat-Token": tokens[seat]})
                if r.status_code == 200:
                    accepted.append((mine["version"], aid))
            except httpx.HTTPError:
                return


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_sigkill_mid_game_loses_nothing(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    db = f"sqlite:///{tmp_path / 'crash.db'}" if backend == "sqlite" else request.getfixturevalue("pg_url")
    server = ServerProcess(db, bot_delay=0.3, log_path=tmp_path / "server.log").start()
    try:
        base = server.url
        with httpx.Client(base_url=base, timeout=5) as http:
            people = http.post("/api/tables", json={"game": "toy", "seats": [{}] * 4, "options": {"hand": 3}}).json()
            tid = people["table"]["id"]
            tokens = [http.post(f"/api/tables/{tid}/join", json={"seat": i, "name": f"p{i}"}).json()["token"]
                      for i in range(4)]
            bots = [http.post("/api/tables", json={"game": "toy", "options": {"hand": 3},
                                                   "seats": [{"kind": "bot", "bot": "random"}] * 4}).json()
                    ["table"]["id"] for _ in range(3)]
        deadline = time.monotonic() + 10
        while not any(0 < httpx.get(f"{base}/api/tables/{b}").json()["version"] < 12 for b in bots):
            assert time.monotonic() < deadline, "the bots did not start"
            time.sleep(0.01)
        accepted: list[tuple[int, str]] = []
        stop = threading.Event()
        player = threading.Thread(target=play_until_killed, args=(base, tid, tokens, accepted, stop))
        player.start()
        while len(accepted) < 5 and time.monotonic() < deadline:
            time.sleep(0.002)
        server.kill()                       # in the middle of requests, bots mid-move
        stop.set()
        player.join(10)
        assert 5 <= len(accepted) < 12, accepted
        engine = make_engine(db)
        with engine.connect() as conn:      # what survived the kill, read straight from the database
            counts = dict(conn.execute(select(actions.c.table_id, func.count()).group_by(actions.c.table_id)).all())
        engine.dispose()
        assert counts[tid] >= len(accepted)
        assert any(0 < counts.get(b, 0) < 12 for b in bots), counts

        server.start()                      # same database, new process
        with httpx.Client(base_url=base, timeout=5) as http:
            record_so_far = http.get(f"/api/tables/{tid}").json()
            assert record_so_far["version"] >= len(accepted)
            # continue the people's table to the end
            accepted_after: list[tuple[int, str]] = []
            play_until_killed(base, tid, tokens, accepted_after, threading.Event())
            rec = http.get(f"/api/tables/{tid}/record").json()
            logged = [tuple(a) for a in rec["actions"]]
            for version, aid in accepted + accepted_after:
                assert logged[version][1] == aid, (version, aid)
            assert len(logged) == 12 and rec["result"]
            # the bots' tables resume by themselves after the restart
            end = time.monotonic() + 15
            for b in bots:
                while http.get(f"/api/tables/{b}").json()["table"]["status"] != "over":
                    assert time.monotonic() < end, "a bot table did not resume"
                    time.sleep(0.05)
                assert len(http.get(f"/api/tables/{b}/record").json()["actions"]) == 12
    finally:
        server.stop()
