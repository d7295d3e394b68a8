"""Time banks are kept with the table (migration 0006): a server restarted in the middle of a game — here
SIGKILLed — goes on with what is left of each person's bank, not a full bank again (issue 12)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from .attack import Player
from .procs import ServerProcess


def move(player: Player, tid: str, tokens: list[str]) -> int:
    """The seat to act plays its first legal action; returns that seat."""
    seat = player.table(tid)["view"]["to_act"][0]
    mine = player.table(tid, tokens[seat])
    r = player.http.post(f"/api/tables/{tid}/actions", headers={"X-Seat-Token": tokens[seat]},
                         json={"action": mine["legal"][0]["id"], "version": mine["version"]})
    assert r.status_code == 200, r.text
    return int(seat)


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_time_banks_survive_a_restart(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    db = f"sqlite:///{tmp_path / 'banks.db'}" if backend == "sqlite" else request.getfixturevalue("pg_url")
    server = ServerProcess(db, log_path=tmp_path / "server.log").start()
    try:
        host = Player(server)
        made = host.create([{}, {}], clock=1, bank=30, options={"hand": 3})
        tid = made["table"]["id"]
        tokens = [host.join(tid, i, f"P{i}") for i in range(2)]
        time.sleep(3.0)                       # the first mover runs 2 s or more over the 1 s limit
        slow = move(host, tid, tokens)
        banks = host.table(tid)["bank_left"]
        assert banks[slow] <= 28.5 and banks[1 - slow] == 30, banks
        host.close()

        server.kill()                         # no chance to write anything more
        server.start()
        again = Player(server)
        after = again.table(tid)
        assert after["table"]["status"] == "playing"
        assert abs(after["bank_left"][slow] - banks[slow]) <= 0.11, (banks, after["bank_left"])
        assert after["bank_left"][1 - slow] == 30
        # and the game goes on, charging the same banks
        time.sleep(2.5)
        other = move(again, tid, tokens)
        assert other == 1 - slow
        later = again.table(tid)["bank_left"]
        assert later[other] < 30 and abs(later[slow] - banks[slow]) <= 0.11, later
        again.close()
    finally:
        server.stop()
