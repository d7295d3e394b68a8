"""Replays cost a read (issue 34, finding 1), against a real server process: a game's frames are stored
when it ends, cycling replays over many games computes nothing, and a game without stored frames is
computed under a per-address budget."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from nastolka.engine import Record, replay

from .attack import Player
from .procs import ServerProcess

GAMES = 8
BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


def _finished(player: Player, count: int) -> list[str]:
    """``count`` all-bot toy games, waited for until they are over (bounded)."""
    ids = [player.create(BOTS, options={"hand": 3})["table"]["id"] for _ in range(count)]
    end = time.monotonic() + 30
    for tid in ids:
        while player.table(tid)["table"]["status"] != "over":
            assert time.monotonic() < end, "the bots did not finish"
            time.sleep(0.05)
    return ids


def _stored(db: Path) -> dict[str, int]:
    with sqlite3.connect(db) as conn:
        return dict(conn.execute("SELECT table_id, count(*) FROM replay_frames GROUP BY table_id").fetchall())


def _wait_stored(db: Path, ids: list[str]) -> dict[str, int]:
    end = time.monotonic() + 15
    while True:
        stored = _stored(db)
        if all(tid in stored for tid in ids) or time.monotonic() > end:
            return stored
        time.sleep(0.05)


def test_replays_are_stored_at_the_end_and_cycling_them_computes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "replays.db"
    settings = {"replay_builds_per_minute": 1.0, "replay_builds_burst": 3, "replay_cache": 2}
    with ServerProcess(f"sqlite:///{db}", log_path=tmp_path / "server.log", settings=settings) as server:
        owner, cycler, other = Player(server), Player(server), Player(server)
        ids = _finished(owner, GAMES)
        # every game's frames are in the database before anyone asked for a replay (computed off the
        # request path, once, by the process that ended the game)
        stored = _wait_stored(db, ids)
        for tid in ids:
            record = Record.from_json(owner.http.get(f"/api/tables/{tid}/record").json())
            assert stored.get(tid) == len(record.actions) + 1
        # one address cycling /replay/0 over every game, five times: all answered from the store, far past
        # the budget for computing (3) — so none of them was computed
        for _ in range(5):
            for tid in ids:
                r = cycler.http.get(f"/api/tables/{tid}/replay/0")
                assert r.status_code == 200, r.text
                assert r.json()["step"] == 0 and r.json()["total"] == stored[tid] - 1
        record = Record.from_json(owner.http.get(f"/api/tables/{ids[0]}/record").json())
        for step in range(len(record.actions) + 1):
            frame = other.http.get(f"/api/tables/{ids[0]}/replay/{step}").json()
            assert frame["view"] == replay(record, upto=step, verify_result=False).view(None)
        assert other.http.get(f"/api/tables/{ids[0]}/replay/{len(record.actions) + 1}").status_code == 400

        # games with no stored frames (finished before this version, or by a process that died first):
        # computed on demand, three per address, then 429 — and each only once (stored afterwards)
        with sqlite3.connect(db) as conn:
            conn.execute("DELETE FROM replay_frames")
        codes = [cycler.http.get(f"/api/tables/{tid}/replay/0").status_code for tid in ids]
        assert codes[:3] == [200] * 3 and set(codes[3:]) == {429}, codes
        assert cycler.http.get(f"/api/tables/{ids[4]}/replay/0").json()["error"]["code"] == "rate_limited"
        assert set(_wait_stored(db, ids[:3])) == set(ids[:3])
        for tid in ids[:3]:   # stored now: a read for anyone, the budget untouched
            assert cycler.http.get(f"/api/tables/{tid}/replay/1").status_code == 200
        assert other.http.get(f"/api/tables/{ids[5]}/replay/0").status_code == 200   # another address's budget
        for p in (owner, cycler, other):
            p.close()
