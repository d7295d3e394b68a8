"""Ratings and rematches against a real server process (issue 34, findings 3 and 4): a seat whose moves
the stand-in mostly made is not rated; a rematch is owned by the player who asked and counts towards
their address's waiting tables, not one cap shared by the whole process."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from .attack import Player
from .procs import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("rating")
    with ServerProcess(f"sqlite:///{tmp / 'rating.db'}", log_path=tmp / "server.log",
                       settings={"open_tables_per_address": 1}) as proc:
        yield proc


def _play_out(p: Player, tid: str, tokens: dict[int, str]) -> None:
    """Every person's move by HTTP (the first legal one) until the game is over; bots move themselves."""
    end = time.monotonic() + 30
    while True:
        table = p.table(tid)
        if table["table"]["status"] == "over":
            return
        assert time.monotonic() < end, "the game did not end"
        for seat in table["view"]["to_act"]:
            if seat in tokens:
                mine = p.table(tid, tokens[seat])
                if mine["legal"]:
                    p.http.post(f"/api/tables/{tid}/actions", headers={"X-Seat-Token": tokens[seat]},
                                json={"action": mine["legal"][0]["id"], "version": mine["version"]})
        time.sleep(0.02)


def test_a_seat_the_stand_in_played_is_not_rated(player: Player) -> None:
    for _ in range(3):   # joins a table of a random bot and leaves at once: the stand-in plays every move
        tid = player.create([{}, {"kind": "bot", "bot": "random"}], options={"hand": 2})["table"]["id"]
        token = player.join(tid, 0, "Farmer")
        assert player.http.post(f"/api/tables/{tid}/leave", headers={"X-Seat-Token": token}).status_code == 200
        _play_out(player, tid, {})
    honest = Player(player.server)
    tid = honest.create([{}, {"kind": "bot", "bot": "random"}], options={"hand": 2})["table"]["id"]
    _play_out(honest, tid, {0: honest.join(tid, 0, "Honest")})
    board = {row["player"]: row["games"] for row in player.http.get("/api/ratings/toy").json()}
    assert "Farmer" not in board, board
    assert board.get("Honest") == 1, board
    honest.close()


def test_rematches_are_owned_by_who_asked_and_counted_per_address(server: ServerProcess) -> None:
    made = []
    for _ in range(2):   # two pairs of people at two tables, each from addresses of their own
        a, b = Player(server), Player(server)
        tid = a.create([{}, {}], options={"hand": 1})["table"]["id"]
        tokens = {0: a.join(tid, 0, "Ann"), 1: b.join(tid, 1, "Bob")}
        _play_out(a, tid, tokens)
        r = a.http.post(f"/api/tables/{tid}/rematch", headers={"X-Seat-Token": tokens[0]})
        assert r.status_code == 200, r.text   # before: the second pair's rematch was refused (429)
        made.append((a, b, r.json()))
    for a, b, rematch in made:
        assert rematch["seat"] == 0 and rematch["owner_token"]
        assert a.table(rematch["table"])["table"]["status"] == "open"   # Bob's seat waits for him
        # its owner may call it off, like any table of theirs
        r = a.http.post(f"/api/tables/{rematch['table']}/cancel", headers={"X-Owner-Token": rematch["owner_token"]})
        assert r.status_code == 200 and r.json()["table"]["status"] == "cancelled"
        a.close()
        b.close()
