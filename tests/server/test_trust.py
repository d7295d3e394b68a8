"""Attacks on a real server process (issue 12): one regression test per finding, each from its own
loopback address. The server is shared by the module (SQLite); tests that need other limits start their
own process."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from nastolka.engine import Record, replay

from .attack import Player, drain, hello, recv_until
from .procs import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("trust")
    with ServerProcess(f"sqlite:///{tmp / 'trust.db'}", log_path=tmp / "server.log") as proc:
        yield proc


@pytest.fixture
def player(server: ServerProcess) -> Iterator[Player]:
    p = Player(server)
    yield p
    p.close()


# ---------------------------------------------------------------------------------------------- finding 1
def test_socket_loses_its_seat_when_the_seat_is_given_up(player: Player) -> None:
    """Join seat 0, open a socket, leave, take seat 1; someone else takes seat 0. The old socket is told
    (``seat_lost``) and becomes a spectator: no private view of seat 0, no legal actions, and its actions
    for seat 0 are refused."""
    tid = player.create([{}, {}], options={"hand": 2})["table"]["id"]
    first = player.join(tid, 0, "Ann")
    with player.socket(tid) as old:
        welcome, _ = hello(old, first)
        assert welcome["seat"] == 0
        assert player.http.post(f"/api/tables/{tid}/leave", headers={"X-Seat-Token": first}).status_code == 200
        lost = recv_until(old, lambda m: m["type"] == "error")
        assert lost["code"] == "seat_lost" and lost["state"]["you"] is None
        player.join(tid, 1, "Ann")
        stranger = Player(player.server)
        third = stranger.join(tid, 0, "Cid")   # the game starts: both seats are taken
        seen = drain(old)
        states = [m for m in seen if m["type"] == "state"]
        assert states and states[-1]["table"]["status"] == "playing"
        truth = stranger.table(tid, third)
        assert truth["legal"], "seat 0 acts first"
        spectator = player.table(tid)
        for m in states:
            assert m["you"] is None and m["legal"] == []
            if m["table"]["status"] == "playing":
                assert m["view"] == spectator["view"] != truth["view"]
        old.send(json.dumps({"type": "action", "action": truth["legal"][0]["id"], "version": 0}))
        refused = recv_until(old, lambda m: m["type"] in ("error", "accepted"))
        assert refused["type"] == "error" and refused["code"] == "spectator"
        old.send(json.dumps({"type": "leave"}))
        assert recv_until(old, lambda m: m["type"] == "error")["code"] == "spectator"
        assert player.table(tid)["version"] == 0
        assert stranger.table(tid, third)["table"]["seats"][0]["name"] == "Cid"
        stranger.close()



def play_to_the_end(player: Player, tid: str, tokens: list[str]) -> None:
    for _ in range(100):
        table = player.table(tid)
        if table["table"]["status"] == "over":
            return
        seat = table["view"]["to_act"][0]
        mine = player.table(tid, tokens[seat])
        assert "seed" not in mine["table"] and "seed" not in json.dumps(mine["view"])
        r = player.http.post(f"/api/tables/{tid}/actions", headers={"X-Seat-Token": tokens[seat]},
                             json={"action": mine["legal"][0]["id"], "version": mine["version"]})
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


# ---------------------------------------------------------------------------------------------- finding 2
def test_online_seed_is_a_256_bit_key_of_blake2b_revealed_only_in_the_record(player: Player) -> None:
    """A 31-bit seed of an invertible generator can be brute-forced from one seat's views; an online
    table's seed is a 256-bit BLAKE2b key, shown only once the game is over, and the record replays."""
    tid = player.create([{}, {}], options={"hand": 3})["table"]["id"]
    tokens = [player.join(tid, 0, "Ann"), player.join(tid, 1, "Bob")]
    assert player.http.get(f"/api/tables/{tid}/record").status_code == 409
    play_to_the_end(player, tid, tokens)
    data = player.http.get(f"/api/tables/{tid}/record").json()
    assert data["rng"] == "blake2b"
    assert isinstance(data["seed"], int) and data["seed"].bit_length() > 192   # 2**-64 to fail by chance
    assert player.table(tid)["table"]["seed"] == data["seed"]
    record = Record.from_json(data)
    assert replay(record).result().to_json() == data["result"]
