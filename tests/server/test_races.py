"""Races between two server processes on one real PostgreSQL database (issue 12 #3 and #4): the last two
seats of a table taken at the same instant through both processes start the game exactly once, and two
games ending at once with the same new player both keep their final move and both count in the rating."""

from __future__ import annotations

import concurrent.futures
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from .attack import Player
from .conftest import drop_pg_database, new_pg_database, pg_available
from .procs import ServerProcess


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    if not pg_available():
        pytest.skip("PostgreSQL is not reachable")
    url, tmp = new_pg_database(), tmp_path_factory.mktemp("races")
    s1 = ServerProcess(url, log_path=tmp / "s1.log").start()
    try:
        s2 = ServerProcess(url, log_path=tmp / "s2.log").start()
        try:
            yield s1, s2
        finally:
            s2.stop()
    finally:
        s1.stop()
        drop_pg_database(url)


def at_once(calls: list[Callable[[], Any]]) -> list[Any]:
    """Run every call in its own thread, released together by a barrier."""
    barrier = threading.Barrier(len(calls))

    def run(call: Callable[[], Any]) -> Any:
        barrier.wait()
        return call()

    with concurrent.futures.ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(run, calls))


def wait_status(player: Player, tid: str, status: str, seconds: float = 5.0) -> str:
    end = time.monotonic() + seconds
    current = ""
    while time.monotonic() < end:
        current = player.table(tid)["table"]["status"]
        if current == status:
            return current
        time.sleep(0.05)
    return current


# ---------------------------------------------------------------------------------------------- finding 3
def test_last_seats_taken_at_once_through_two_processes_start_the_game(
        two_servers: tuple[ServerProcess, ServerProcess]) -> None:
    one, two = (Player(s) for s in two_servers)
    ids = [one.create([{}, {}, {}], options={"hand": 1})["table"]["id"] for _ in range(12)]
    for tid in ids:
        one.join(tid, 0, "first")
    for tid in ids:
        codes = at_once([
            lambda t=tid: one.http.post(f"/api/tables/{t}/join", json={"seat": 1, "name": "left"}).status_code,
            lambda t=tid: two.http.post(f"/api/tables/{t}/join", json={"seat": 2, "name": "right"}).status_code,
        ])
        assert codes == [200, 200]
    stuck = [tid for tid in ids if wait_status(one, tid, "playing") != "playing"]
    assert not stuck, f"{len(stuck)} of {len(ids)} full tables never started"
    assert all(wait_status(two, tid, "playing") == "playing" for tid in ids)


# ---------------------------------------------------------------------------------------------- finding 4
def test_games_ending_at_once_with_a_new_shared_player_both_finish(
        two_servers: tuple[ServerProcess, ServerProcess]) -> None:
    one, two = (Player(s) for s in two_servers)
    finals: list[Callable[[], Any]] = []
    pairs = 6

    def person(server: ServerProcess, handle: str, new: bool) -> Player:
        """A player with an account (a table is rated only when every person at it has one)."""
        p = Player(server)
        r = p.http.post("/api/accounts" if new else "/api/session", json={"handle": handle, "password": "long phrase 1"})
        assert r.status_code in (200, 201), r.text
        return p

    for i in range(pairs):
        shared = [person(two_servers[0], f"shared-{i}", True), person(two_servers[1], f"shared-{i}", False)]
        for side, (player, rival) in enumerate(((one, "north"), (two, "south"))):
            tid = player.create([{}, {}], options={"hand": 1})["table"]["id"]
            tokens = [shared[side].join(tid, 0, f"shared-{i}"),
                      person(two_servers[side], f"{rival}-{i}", True).join(tid, 1, f"{rival}-{i}")]
            first = player.table(tid, tokens[0])
            r = player.http.post(f"/api/tables/{tid}/actions", headers={"X-Seat-Token": tokens[0]},
                                 json={"action": first["legal"][0]["id"], "version": 0})
            assert r.status_code == 200, r.text
            last = player.table(tid, tokens[1])
            assert last["legal"] and side in (0, 1)
            finals.append(lambda p=player, t=tid, tok=tokens[1], a=last["legal"][0]["id"]: p.http.post(
                f"/api/tables/{t}/actions", headers={"X-Seat-Token": tok}, json={"action": a, "version": 1}))
    answers = at_once(finals)
    refused = [(r.status_code, r.text[:200]) for r in answers if r.status_code != 200]
    assert not refused, refused
    board = {row["player"]: row for row in one.http.get("/api/ratings/toy").json()}
    for i in range(pairs):
        assert board[f"shared-{i}"]["games"] == 2
