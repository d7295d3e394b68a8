"""The ack inside the state (``hello`` with ``"ack_in_state": true``): the socket that acted finds
``"accepted": {"version", "action"}`` in the state it is sent after its move and gets no separate
``accepted`` frame; a socket that did not ask still gets the frame; nobody else's state ever carries
``accepted``; a refused action is an error, never an ack. Against a real server process (``procs.py``),
and in-process for the one case a real server cannot be made to show: the hub failing to send the state,
when the ack must still come as a frame."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from nastolka.server import Settings, create_app
from nastolka.server.patch import merge_state

from .attack import Player, drain, recv
from .conftest import create_table, join
from .procs import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("ack")
    with ServerProcess(f"sqlite:///{tmp / 'ack.db'}", log_path=tmp / "server.log") as proc:
        yield proc


def hello(ws: Any, token: str | None, *, ack: bool, delta: bool = True) -> dict[str, Any]:
    body: dict[str, Any] = {"type": "hello", "token": token, "delta": delta}
    if ack:
        body["ack_in_state"] = True
    ws.send(json.dumps(body))
    assert recv(ws)["type"] == "welcome"
    held = recv(ws)
    assert held["type"] == "state" and "delta" not in held and "accepted" not in held
    while (msg := recv(ws))["type"] != "chat":   # the chat backlog follows; a bot may move meanwhile
        assert msg["type"] == "state" and "accepted" not in msg, msg
        merged = merge_state(held, msg)
        assert merged is not None
        held = merged
    return held


def until_state(ws: Any, after: int, seen: list[dict[str, Any]]) -> dict[str, Any]:
    """Every message up to the first state past version ``after`` goes into ``seen``; that state is returned."""
    while True:
        msg = recv(ws)
        seen.append(msg)
        if msg["type"] == "state" and msg["version"] > after:
            return msg


def test_the_ack_comes_inside_the_state_for_sockets_that_ask(server: ServerProcess) -> None:
    """Three seats: 0 asks (deltas), 1 asks (whole states), 2 does not; a second socket of seat 0 that does
    not ask, and a spectator that asks, watch. A whole game is played."""
    host = Player(server)
    tid = host.create([{}] * 3, options={"hand": 3})["table"]["id"]
    tokens = [host.join(tid, i, f"P{i}") for i in range(3)]
    names = ["seat0", "seat1", "seat2", "seat0_old", "spectator"]
    asks = {"seat0": True, "seat1": True, "seat2": False, "seat0_old": False, "spectator": True}
    full_states = {"seat1"}
    socks = {name: host.socket(tid) for name in names}
    seen: dict[str, list[dict[str, Any]]] = {name: [] for name in names}
    try:
        held = {name: hello(socks[name], tok, ack=asks[name], delta=name not in full_states)
                for name, tok in zip(names, [*tokens, tokens[0], None], strict=True)}
        moved = {0: 0, 1: 0, 2: 0}
        while held["spectator"]["table"]["status"] == "playing":
            mover = next(i for i in range(3) if held[f"seat{i}"]["legal"])
            actor = f"seat{mover}"
            before = held[actor]["version"]
            aid = held[actor]["legal"][-1]["id"]
            socks[actor].send(json.dumps({"type": "action", "action": aid, "version": before}))
            for name in names:
                marks = len(seen[name])
                msg = until_state(socks[name], before, seen[name])
                assert msg["version"] == before + 1
                assert not any(m["type"] == "error" for m in seen[name][marks:]), seen[name][marks:]
                if name == actor and asks[name]:
                    assert msg["accepted"] == {"version": before + 1, "action": aid}
                else:   # other seats, the same seat's other socket, spectators: never an ack
                    assert "accepted" not in msg, (name, actor)
                if name in full_states:
                    assert "delta" not in msg
                else:
                    assert msg.get("delta") is True
                merged = merge_state(held[name], msg)
                assert merged is not None
                held[name] = merged
            if not asks[actor]:   # the old protocol: the separate frame, after the state
                frame = recv(socks[actor])
                seen[actor].append(frame)
                assert frame == {"type": "accepted", "version": before + 1, "action": aid}
            moved[mover] += 1
        assert held["spectator"]["table"]["status"] == "over"
        assert all(n == 3 for n in moved.values()), moved
        for name in names:
            seen[name] += drain(socks[name])
        frames = {name: [m for m in seen[name] if m["type"] == "accepted"] for name in names}
        assert frames == {"seat0": [], "seat1": [], "seat2": frames["seat2"], "seat0_old": [], "spectator": []}
        assert len(frames["seat2"]) == 3
        acks = {name: [m["accepted"]["version"] for m in seen[name] if m["type"] == "state" and "accepted" in m]
                for name in names}
        assert acks["seat2"] == acks["seat0_old"] == acks["spectator"] == []
        assert len(acks["seat0"]) == len(acks["seat1"]) == 3
        assert sorted(acks["seat0"] + acks["seat1"] + [m["version"] for m in frames["seat2"]]) == list(range(1, 10))
        # what the sockets hold is what the server shows
        for i in range(3):
            assert held[f"seat{i}"]["view"] == host.table(tid, tokens[i])["view"]
    finally:
        for ws in socks.values():
            ws.close()
        host.close()


def test_a_refused_action_is_an_error_and_no_ack(server: ServerProcess) -> None:
    host = Player(server)
    tid = host.create([{}] * 2)["table"]["id"]
    tokens = [host.join(tid, i, f"P{i}") for i in range(2)]
    socks = [host.socket(tid) for _ in range(2)]
    try:
        held = [hello(ws, tok, ack=True) for ws, tok in zip(socks, tokens, strict=True)]
        mover = 0 if held[0]["legal"] else 1
        ws, version = socks[mover], held[mover]["version"]
        ws.send(json.dumps({"type": "action", "action": "no-such-move", "version": version}))
        err = recv(ws)
        assert err["type"] == "error" and err["code"] == "illegal" and "accepted" not in err["state"]
        ws.send(json.dumps({"type": "action", "action": held[mover]["legal"][0]["id"], "version": version - 1}))
        err = recv(ws)
        assert err["type"] == "error" and err["code"] == "stale" and "accepted" not in err["state"]
        other = socks[1 - mover]   # not its turn
        other.send(json.dumps({"type": "action", "action": held[mover]["legal"][0]["id"], "version": version}))
        err = recv(other)
        assert err["type"] == "error" and err["code"] == "illegal" and "accepted" not in err["state"]
        for s in socks:   # nothing moved: no state, no ack of any kind
            assert drain(s) == []
        # and the next legal move is acked in its state, once
        aid = held[mover]["legal"][0]["id"]
        ws.send(json.dumps({"type": "action", "action": aid, "version": version}))
        msg = recv(ws)
        assert msg["type"] == "state" and msg["accepted"] == {"version": version + 1, "action": aid}
        assert "accepted" not in recv(other)
        assert all(m["type"] != "accepted" and "accepted" not in m for s in socks for m in drain(s))
    finally:
        for s in socks:
            s.close()
        host.close()


def test_a_bot_move_after_mine_carries_no_ack(server: ServerProcess) -> None:
    """The bot's move is driven by a task started inside my ``submit``: its state must not carry my ack."""
    host = Player(server)
    tid = host.create([{}, {"kind": "bot", "bot": "random"}], options={"hand": 3})["table"]["id"]
    token = host.join(tid, 0, "P0")
    ws = host.socket(tid)
    try:
        held = hello(ws, token, ack=True)
        acks: list[dict[str, Any]] = []
        seen: list[dict[str, Any]] = []
        while held["table"]["status"] == "playing":
            if not held["legal"]:   # the bot's turn
                msg = until_state(ws, held["version"], seen)
                assert "accepted" not in msg
            else:
                before, aid = held["version"], held["legal"][0]["id"]
                ws.send(json.dumps({"type": "action", "action": aid, "version": before}))
                msg = until_state(ws, before, seen)
                assert msg["accepted"] == {"version": before + 1, "action": aid}
                acks.append(msg["accepted"])
            merged = merge_state(held, msg)
            assert merged is not None
            held = merged
        seen += drain(ws)
        assert len(acks) == 3
        assert not [m for m in seen if m["type"] in ("accepted", "error")]
        assert len([m for m in seen if "accepted" in m]) == 3
    finally:
        ws.close()
        host.close()


def test_the_ack_is_a_frame_when_no_state_was_sent(tmp_path: Path) -> None:
    """In-process (the real app): the hub's listener fails, so the acting socket gets no state for its
    move; the move is committed all the same and its ack comes as the separate frame."""
    with TestClient(create_app(Settings(db_url=f"sqlite:///{tmp_path / 'ack.db'}", bot_delay=0.0))) as client:
        svc, hub = client.app.state.service, client.app.state.hub   # type: ignore[attr-defined]
        t = create_table(client, [{}, {}])
        tokens = [join(client, t["id"], i, f"P{i}") for i in range(2)]

        async def broken(*_: Any) -> None:
            raise RuntimeError("the hub failed")

        with client.websocket_connect(f"/ws/tables/{t['id']}") as a, \
                client.websocket_connect(f"/ws/tables/{t['id']}") as b:
            held = []
            for ws, tok in ((a, tokens[0]), (b, tokens[1])):
                ws.send_json({"type": "hello", "token": tok, "delta": True, "ack_in_state": True})
                assert ws.receive_json()["type"] == "welcome"
                held.append(ws.receive_json())
                assert ws.receive_json()["type"] == "chat"
            mover = 0 if held[0]["legal"] else 1
            ws, version, aid = (a, b)[mover], held[mover]["version"], held[mover]["legal"][0]["id"]
            svc.listeners[svc.listeners.index(hub.on_change)] = broken
            ws.send_json({"type": "action", "action": aid, "version": version})
            assert ws.receive_json() == {"type": "accepted", "version": version + 1, "action": aid}
            svc.listeners[svc.listeners.index(broken)] = hub.on_change
            # the hub works again: the next move's ack is inside the state
            ws2 = (a, b)[1 - mover]
            ws2.send_json({"type": "sync"})   # it was sent no state for the move: it asks for one
            full = ws2.receive_json()
            assert full["type"] == "state" and full["version"] == version + 1 and full["legal"]
            aid2 = full["legal"][0]["id"]
            ws2.send_json({"type": "action", "action": aid2, "version": version + 1})
            msg = ws2.receive_json()
            assert msg["type"] == "state" and msg["accepted"] == {"version": version + 2, "action": aid2}
