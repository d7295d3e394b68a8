"""Attacks on a real server process (issue 12): one regression test per finding, each from its own
loopback address. The server is shared by the module (SQLite); tests that need other limits start their
own process."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest
from websockets.exceptions import ConnectionClosed

from nastolka.engine import Record, replay

from .attack import Player, drain, hello, recv, recv_until
from .procs import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("trust")
    with ServerProcess(f"sqlite:///{tmp / 'trust.db'}", log_path=tmp / "server.log") as proc:
        yield proc


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


def secret_of(link: str) -> str:
    return link.rsplit("/", 1)[1]


# ---------------------------------------------------------------------------------------------- finding 5
def test_reserved_seat_for_a_cyrillic_name_is_taken_case_folded(player: Player) -> None:
    made = player.create([{}, {"kind": "reserved", "name": "Маша"}, {}])
    tid, secret = made["table"]["id"], secret_of(made["seat_invites"]["1"])
    r = player.http.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "МАША", "invite": secret})
    assert r.status_code == 200, r.text
    seat = r.json()["table"]["seats"][1]
    assert (seat["kind"], seat["name"]) == ("human", "Маша")


# ---------------------------------------------------------------------------------------------- finding 6
def test_reserved_seat_needs_its_invite_secret_not_just_the_name(player: Player) -> None:
    made = player.create([{}, {"kind": "reserved", "name": "Vera"}])
    tid = made["table"]["id"]
    stranger = Player(player.server)
    for body in ({"seat": 1, "name": "Vera"}, {"seat": 1, "name": "Vera", "invite": "guess"},
                 {"seat": 1, "name": "Vera", "invite": made["owner_token"]}):
        r = stranger.http.post(f"/api/tables/{tid}/join", json=body)
        assert r.status_code == 403 and r.json()["error"]["code"] == "invite_required", r.text
    r = stranger.http.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Mallory",
                                                              "invite": secret_of(made["seat_invites"]["1"])})
    assert r.status_code == 403 and r.json()["error"]["code"] == "wrong_name"
    stranger.close()
    assert "invite_hash" not in json.dumps(player.table(tid)) and "owner" not in json.dumps(player.table(tid))


def test_owner_removes_a_player_and_cancels_before_the_start(player: Player) -> None:
    made = player.create([{}, {}, {}])
    tid, owner = made["table"]["id"], made["owner_token"]
    intruder = Player(player.server)
    token = intruder.join(tid, 0, "Intruder")
    with intruder.socket(tid) as ws:
        hello(ws, token)
        r = intruder.http.post(f"/api/tables/{tid}/remove", json={"seat": 0}, headers={"X-Owner-Token": token})
        assert r.status_code == 403 and r.json()["error"]["code"] == "not_owner"
        r = player.http.post(f"/api/tables/{tid}/remove", json={"seat": 0}, headers={"X-Owner-Token": owner})
        assert r.status_code == 200 and r.json()["table"]["seats"][0]["kind"] == "open"
        assert recv_until(ws, lambda m: m["type"] == "error")["code"] == "seat_lost"
    assert intruder.http.post(f"/api/tables/{tid}/cancel", headers={"X-Owner-Token": "x" * 32}).status_code == 403
    r = player.http.post(f"/api/tables/{tid}/cancel", headers={"X-Owner-Token": owner})
    assert r.status_code == 200 and r.json()["table"]["status"] == "cancelled"
    assert tid not in [t["id"] for t in player.http.get("/api/tables").json()]
    r = intruder.http.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Late"})
    assert r.status_code == 409
    intruder.close()


def test_private_table_is_unlisted_and_joined_only_with_its_invite(player: Player) -> None:
    made = player.create([{}, {}], private=True)
    tid = made["table"]["id"]
    assert made["table"]["private"] is True
    assert tid not in [t["id"] for t in player.http.get("/api/tables").json()]
    r = player.http.post(f"/api/tables/{tid}/join", json={"seat": 0, "name": "Guess"})
    assert r.status_code == 403 and r.json()["error"]["code"] == "invite_required"
    player.join(tid, 0, "Friend", invite=secret_of(made["invite"]))


def test_every_table_has_a_clock_and_the_bank_comes_on_top(player: Player) -> None:
    assert player.create([{}, {}])["table"]["clock"] == 120          # the default: nobody waits forever
    made = player.create([{}, {}], clock=1, bank=1, options={"hand": 2})
    tid = made["table"]["id"]
    assert (made["table"]["clock"], made["table"]["bank"]) == (1, 1)
    player.join(tid, 0, "Slow")
    player.join(tid, 1, "Other")
    started = time.monotonic()
    with player.socket(tid) as ws:
        hello(ws)
        away = recv_until(ws, lambda m: m["type"] == "state" and m["table"]["seats"][0]["away"], timeout=6)
    waited = time.monotonic() - started
    assert 1.6 < waited < 4.0, waited          # one second of clock, then one of bank, then the stand-in
    assert away["table"]["status"] == "playing"


# ---------------------------------------------------------------------------------------------- finding 8
def test_names_that_pose_as_bots_or_hide_text_are_refused(player: Player) -> None:
    tid = player.create([{}, {}])["table"]["id"]
    for name in ["bot:expert", "BOT:hard", "ｂｏｔ:expert", "\u202eevil", "a\u200bb", "zero\u200dwidth",
                 "bell\x07", "tab\tname"]:
        r = player.http.post(f"/api/tables/{tid}/join", json={"seat": 0, "name": name})
        assert r.status_code == 400, (name, r.text)
        assert r.json()["error"]["code"] == "bad_name" and r.json()["error"]["message"], name
    assert player.join(tid, 0, "Ана  Мария") and player.table(tid)["table"]["seats"][0]["name"] == "Ана Мария"


# ---------------------------------------------------------------------------------------------- finding 9
def test_bad_websocket_frames_get_clear_errors_and_the_socket_lives(player: Player) -> None:
    tid = player.create([{}, {}])["table"]["id"]
    with player.socket(tid) as ws:
        hello(ws)
        ws.send("[" * 1500 + "]" * 1500)
        assert recv_until(ws, lambda m: m["type"] == "error")["code"] == "bad_json"
        ws.send(b"\x00\x01binary")
        assert recv_until(ws, lambda m: m["type"] == "error")["code"] == "bad_frame"
        ws.send(json.dumps({"type": "ping", "t": 7}))
        assert recv_until(ws, lambda m: m["type"] == "pong")["t"] == 7
    log = (player.server.log_path.read_text() if player.server.log_path else "")
    assert "Traceback" not in log and "RecursionError" not in log and "KeyError" not in log


def test_a_flooding_socket_gets_its_error_and_a_close_frame(player: Player) -> None:
    tid = player.create([{}, {}])["table"]["id"]
    with player.socket(tid) as ws:
        hello(ws)
        try:  # the server may close while the flood is still being written: that is the point
            for _ in range(200):
                ws.send(json.dumps({"type": "ping"}))
        except ConnectionClosed:
            pass
        codes = []
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                codes.append(recv(ws)["type"] == "error" and "rate")
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    assert "rate" in codes


# ---------------------------------------------------------------------------------------------- finding 10
def test_http_errors_headers_and_strict_types(player: Player) -> None:
    r = player.http.get("/api/nothing-here")
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
    r = player.http.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code in (400, 422) and "error" in r.json() and "detail" not in r.json()
    r = player.http.post("/api/tables", json={"game": "toy", "seats": [{}, {}], "clock": "30"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_request"
    r = player.http.delete("/api/tables")
    assert r.status_code == 405 and r.json()["error"]["code"] == "method_not_allowed"
    for path in ("/", "/api/games"):
        headers = player.http.get(path).headers
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-frame-options"] == "DENY" and headers["x-content-type-options"] == "nosniff"
    schema = player.http.get("/api/openapi.json").json()
    create = schema["paths"]["/api/tables"]["post"]["responses"]
    assert {"201", "400", "409", "413", "422", "429"} <= set(create)
    assert "ErrorBody" in json.dumps(create["422"])


# ---------------------------------------------------------------------------------------------- finding 7
TIGHT = {"http_read_rate": 5.0, "http_read_burst": 40, "create_burst": 6, "create_per_minute": 1.0,
         "open_tables_per_address": 4, "sockets_per_address": 3, "max_body": 8192}


@pytest.fixture(scope="module")
def tight(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server with small limits, so that hitting them takes few requests."""
    tmp = tmp_path_factory.mktemp("tight")
    with ServerProcess(f"sqlite:///{tmp / 'tight.db'}", log_path=tmp / "server.log", settings=TIGHT) as proc:
        yield proc


def test_request_bodies_are_capped(player: Player) -> None:
    big = b'{"game": "toy", "seats": [' + b"{}, " * 400_000 + b"{}]}"
    r = player.http.post("/api/tables", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"

    def chunks() -> Iterator[bytes]:   # no Content-Length: the cap counts what arrives
        yield b'{"game": "toy", "seats": ['
        for _ in range(2000):
            yield b"{}, " * 100
        yield b"{}]}"

    r = player.http.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_reads_tables_and_sockets_are_limited_per_address(tight: ServerProcess) -> None:
    flood = Player(tight)
    codes = [flood.http.get("/api/games").status_code for _ in range(80)]
    assert codes.count(429) > 20 and codes[0] == 200
    other = Player(tight)
    assert other.http.get("/api/games").status_code == 200          # another address is not affected
    made = [other.http.post("/api/tables", json={"game": "toy", "seats": [{}, {}]}) for _ in range(8)]
    statuses = [r.status_code for r in made]
    assert statuses[:4] == [201] * 4 and set(statuses[4:]) == {429}
    assert {r.json()["error"]["code"] for r in made[4:]} <= {"too_many_tables", "rate_limited"}
    tid = made[0].json()["table"]["id"]
    third = Player(tight)
    sockets = [third.socket(tid) for _ in range(3)]
    for ws in sockets:
        hello(ws)
    with third.socket(tid) as extra:
        refused = recv(extra)
        assert refused["type"] == "error" and refused["code"] == "too_many_sockets"
        with pytest.raises(ConnectionClosed):
            recv(extra)
    for ws in sockets:
        ws.close()
    for p in (flood, other, third):
        p.close()


def test_the_lobby_lists_tables_with_people_first(tight: ServerProcess) -> None:
    real = Player(tight)
    tid = real.create([{}, {}])["table"]["id"]
    real.join(tid, 0, "Real person")
    for _ in range(3):
        spam = Player(tight)
        for _ in range(4):
            spam.create([{}, {}])
        spam.close()
    lobby = real.http.get("/api/tables").json()
    assert lobby[0]["id"] == tid
    real.close()


def test_replays_are_served_off_the_event_loop_from_a_cache(player: Player) -> None:
    tid = player.create([{}, {}], options={"hand": 3})["table"]["id"]
    tokens = [player.join(tid, 0, "Ann"), player.join(tid, 1, "Bob")]
    play_to_the_end(player, tid, tokens)
    record = Record.from_json(player.http.get(f"/api/tables/{tid}/record").json())
    for step in range(len(record.actions) + 1):
        frame = player.http.get(f"/api/tables/{tid}/replay/{step}").json()
        assert frame["view"] == json.loads(json.dumps(replay(record, upto=step, verify_result=False).view(None)))
    assert player.http.get(f"/api/tables/{tid}/replay/{len(record.actions) + 1}").status_code == 400
