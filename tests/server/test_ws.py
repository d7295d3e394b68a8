"""WebSocket play: per-seat views, hidden information, tokens never leaking, stale moves, reconnects,
rate limiting, clocks with a bot standing in, leave and return."""

from __future__ import annotations

import json
import time
from typing import Any

from fastapi.testclient import TestClient

from nastolka.engine import Record, replay

from .conftest import create_table, join, state


def hello(ws: Any, token: str | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    ws.send_json({"type": "hello", "token": token} if token else {"type": "hello"})
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome"
    full = ws.receive_json()
    assert full["type"] == "state" and full["full"]
    return welcome, full


def next_of(ws: Any, kind: str, limit: int = 20) -> dict[str, Any]:
    for _ in range(limit):
        msg = ws.receive_json()
        if msg["type"] == kind:
            return msg
        if msg["type"] == "error" and kind != "error":
            raise AssertionError(f"expected {kind}, got error {msg['code']}: {msg['message']}")
    raise AssertionError(f"no {kind} message")


def wait_over(client: TestClient, table_id: str, seconds: float = 10) -> dict[str, Any]:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        s = state(client, table_id)
        if s["table"]["status"] == "over":
            return s
        time.sleep(0.05)
    raise AssertionError("the game did not end")


def test_full_game_over_websockets_views_are_per_seat(client: TestClient) -> None:
    t = create_table(client, [{}, {}, {}], options={"hand": 2})
    tokens = [join(client, t["id"], i, f"P{i}") for i in range(3)]
    received: dict[Any, list[dict[str, Any]]] = {0: [], 1: [], 2: [], None: []}
    path = f"/ws/tables/{t['id']}"
    with client.websocket_connect(path) as w0, client.websocket_connect(path) as w1, \
            client.websocket_connect(path) as w2, client.websocket_connect(path) as spec:
        socks = {0: w0, 1: w1, 2: w2, None: spec}
        for seat, ws in socks.items():
            welcome, full = hello(ws, tokens[seat] if seat is not None else None)
            assert welcome["seat"] == seat and full["you"] == seat
            received[seat].append(full)
        version = 0
        while True:
            current = received[0][-1]
            if current["view"]["status"] == "over":
                break
            seat = current["view"]["to_act"][0]
            mine = received[seat][-1]
            assert mine["version"] == version and mine["legal"]
            socks[seat].send_json({"type": "action", "action": mine["legal"][-1]["id"], "version": version})
            version += 1
            for s, ws in socks.items():
                msg = next_of(ws, "state")
                assert msg["version"] == version
                received[s].append(msg)
            assert next_of(w0 if seat == 0 else socks[seat], "accepted")["version"] == version
        for s in (1, 2, None):
            assert received[s][-1]["view"]["status"] == "over"
    record = Record.from_json(client.get(f"/api/tables/{t['id']}/record").json())
    # every message a seat received carries exactly the engine's view for that seat, spectators the public
    # view, and nobody ever sees another seat's token
    for seat, msgs in received.items():
        for msg in msgs:
            truth = replay(record, upto=msg["version"], verify_result=False)
            assert msg["view"] == json.loads(json.dumps(truth.view(seat)))
            text = json.dumps(msg)
            for i, tok in enumerate(tokens):
                assert tok not in text, (seat, i)
            assert "token_hash" not in text
            if seat is None:
                assert msg["view"]["hand"] is None and msg["legal"] == []
            else:
                assert msg["legal"] == [] or msg["view"]["to_act"] == [seat]


def test_stale_and_illegal_over_ws_and_reconnect(client: TestClient) -> None:
    t = create_table(client, [{}, {}])
    a, b = join(client, t["id"], 0, "A"), join(client, t["id"], 1, "B")
    path = f"/ws/tables/{t['id']}"
    with client.websocket_connect(path) as ws:
        _, full = hello(ws, a)
        first = full["legal"][0]["id"]
        ws.send_json({"type": "action", "action": "play:card=999", "version": 0})
        err = next_of(ws, "error")
        assert err["code"] == "illegal" and err["state"]["version"] == 0 and err["state"]["legal"]
        ws.send_json({"type": "action", "action": first, "version": 0})
        assert next_of(ws, "state")["version"] == 1
        ws.send_json({"type": "action", "action": first, "version": 0})   # double click: applied once
        err = next_of(ws, "error")
        assert err["code"] == "stale" and err["state"]["version"] == 1
        ws.send_json({"type": "action", "action": "x", "version": "one"})
        assert next_of(ws, "error")["code"] == "bad_version"
        ws.send_json({"type": "teleport"})
        assert next_of(ws, "error")["code"] == "bad_type"
        ws.send_text("not json")
        assert next_of(ws, "error")["code"] == "bad_json"
    # reconnect: the full view and the recent events
    with client.websocket_connect(path) as ws:
        _, full = hello(ws, b)
        assert full["version"] == 1 and full["legal"] and full["events"]
        assert full["events"][0]["text_en"]
    # a spectator cannot act; a wrong token is told so and watches as a spectator
    with client.websocket_connect(path) as ws:
        ws.send_json({"type": "hello", "token": "forged"})
        assert next_of(ws, "error")["code"] == "bad_token"
        ws.send_json({"type": "action", "action": "play:card=1", "version": 1})
        assert next_of(ws, "error")["code"] == "spectator"
    assert state(client, t["id"])["version"] == 1


def test_rate_limit_per_connection(client: TestClient) -> None:
    t = create_table(client, [{}, {}])
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        hello(ws)
        for i in range(80):
            ws.send_json({"type": "ping", "t": i})
        kinds = [ws.receive_json().get("code") or "pong" for _ in range(80)]
        assert "rate_limited" in kinds and kinds.count("pong") >= 35


def test_clock_runs_out_and_a_bot_stands_in(client: TestClient) -> None:
    t = create_table(client, [{}, {}], clock=1, bank=0)
    join(client, t["id"], 0, "Sleepy")
    join(client, t["id"], 1, "Dozy")
    wait_over(client, t["id"], seconds=20)
    rec = client.get(f"/api/tables/{t['id']}/record").json()
    stood = rec["notes"]["bot_stood_in"]
    assert {seat for _v, seat in stood} == {0, 1} and len(stood) == len(rec["actions"])
    assert rec["notes"]["clock_seconds"] == 1


def test_leave_during_play_bot_plays_until_back(client: TestClient) -> None:
    t = create_table(client, [{}, {}], options={"hand": 3})
    a, b = join(client, t["id"], 0, "A"), join(client, t["id"], 1, "B")
    r = client.post(f"/api/tables/{t['id']}/leave", headers={"X-Seat-Token": a})
    assert r.json()["table"]["seats"][0]["away"] is True
    for _ in range(100):            # the stand-in moves for seat 0
        if state(client, t["id"])["version"] >= 1:
            break
        time.sleep(0.02)
    s = state(client, t["id"], b)
    assert s["version"] == 1 and s["legal"]
    client.post(f"/api/tables/{t['id']}/back", headers={"X-Seat-Token": a})
    from .conftest import act

    assert act(client, t["id"], b, s["legal"][0]["id"], 1).status_code == 200
    time.sleep(0.2)
    s = state(client, t["id"], a)     # seat 0 is back: nobody moved for it
    assert s["version"] == 2 and s["legal"] and not s["table"]["seats"][0]["away"]
