"""Chat (two channels, limits, in the record), rematch with the same seats, hints only on casual tables."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from .conftest import act, create_table, join, state
from .procs import ServerProcess

#: spectators' sockets come from an address of their own, as they would (GET …/chat judges by address)
SPECTATOR = "127.0.0.77"


def play_out(client: TestClient, table_id: str, tokens: dict[int, str]) -> dict[str, Any]:
    """Play to the end with the first legal action of each person; bot seats move by themselves."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        s = state(client, table_id)
        if s["table"]["status"] == "over":
            return s
        seat = s["view"]["to_act"][0]
        if seat not in tokens:
            time.sleep(0.02)
            continue
        mine = state(client, table_id, tokens[seat])
        if mine["legal"]:
            act(client, table_id, tokens[seat], mine["legal"][0]["id"], mine["version"])
    raise AssertionError("the game did not end")


@contextlib.contextmanager
def elsewhere(client: TestClient, host: str = "203.0.113.9") -> Iterator[None]:
    """Requests of ``client`` come from another address meanwhile (same app, same event loop)."""
    transport = client._transport
    before = transport.client  # type: ignore[attr-defined]
    transport.client = (host, 50000)  # type: ignore[attr-defined]
    try:
        yield
    finally:
        transport.client = before  # type: ignore[attr-defined]


def test_chat_channels_limits_and_record(client: TestClient) -> None:
    t = create_table(client, [{"kind": "open"}, {"kind": "open"}])
    a, b = join(client, t["id"], 0, "Аня"), join(client, t["id"], 1, "Boris")
    url = f"/api/tables/{t['id']}/chat"
    r = client.post(url, json={"text": "  привет\n\n всем "}, headers={"X-Seat-Token": a})
    assert r.status_code == 201 and r.json()["text"] == "привет всем" and r.json()["name"] == "Аня"
    # a seated person writes as their seat, whatever name they send; a spectator needs a clean name
    assert client.post(url, json={"text": "hi", "name": "Zed"}).json()["channel"] == "spectators"
    assert client.post(url, json={"text": "hi", "name": "<b>"}).status_code == 400
    assert client.post(url, json={"text": "x" * 301}, headers={"X-Seat-Token": b}).json()["error"]["code"] == "bad_text"
    assert client.post(url, json={"text": "   "}, headers={"X-Seat-Token": b}).status_code == 400
    assert client.post(url, json={"text": "hi"}, headers={"X-Seat-Token": "forged"}).status_code == 403
    # players do not read the spectators' channel during the game; spectators read both
    seen_by_b = client.get(url, headers={"X-Seat-Token": b}).json()["messages"]
    assert [m["channel"] for m in seen_by_b] == ["players"]
    with elsewhere(client):   # a spectator reads both (from an address that holds no seat here)
        assert [m["channel"] for m in client.get(url).json()["messages"]] == ["players", "spectators"]
    # the same address as a seated person, without a token, is still a player (issue 34, finding 12)
    assert [m["channel"] for m in client.get(url).json()["messages"]] == ["players"]
    after = seen_by_b[-1]["id"]
    assert client.get(f"{url}?after={after}", headers={"X-Seat-Token": b}).json()["messages"] == []
    # a flood is cut off
    codes = [client.post(url, json={"text": f"m{i}"}, headers={"X-Seat-Token": b}).status_code for i in range(8)]
    assert 429 in codes
    play_out(client, t["id"], {0: a, 1: b})
    record = client.get(f"/api/tables/{t['id']}/record").json()
    assert [m["text"] for m in record["notes"]["chat"]][:2] == ["привет всем", "hi"]


def test_rematch_keeps_the_seats(client: TestClient) -> None:
    t = create_table(client, [{"kind": "open"}, {"kind": "bot", "bot": "random"}, {"kind": "open"}])
    a, c = join(client, t["id"], 0, "Аня"), join(client, t["id"], 2, "Вера")
    early = client.post(f"/api/tables/{t['id']}/rematch", headers={"X-Seat-Token": a})
    assert early.status_code == 409
    play_out(client, t["id"], {0: a, 2: c})
    r1 = client.post(f"/api/tables/{t['id']}/rematch", headers={"X-Seat-Token": a}).json()
    assert "seat" in r1, r1
    assert r1["seat"] == 0 and r1["token"]
    new = state(client, r1["table"])["table"]
    assert new["status"] == "open" and [s["kind"] for s in new["seats"]] == ["human", "bot", "reserved"]
    assert new["seats"][2]["name"] == "Вера" and new["seats"][1]["bot"] == "random"
    # the other person finds the same rematch and takes the seat reserved for them: the game starts
    assert client.get(f"/api/tables/{t['id']}/chat").json()["rematch"] == r1["table"]
    r2 = client.post(f"/api/tables/{t['id']}/rematch", headers={"X-Seat-Token": c}).json()
    assert r2["table"] == r1["table"] and r2["seat"] == 2
    assert state(client, r1["table"])["table"]["status"] == "playing"
    assert client.post(f"/api/tables/{t['id']}/rematch").status_code == 403   # no token, no rematch


def test_hint_only_on_casual_tables(client: TestClient) -> None:
    rated = create_table(client, [{"kind": "open"}, {"kind": "open"}])
    a = join(client, rated["id"], 0, "Аня")
    join(client, rated["id"], 1, "Boris")
    assert client.post(f"/api/tables/{rated['id']}/hint", headers={"X-Seat-Token": a}).json()["error"]["code"] == "rated"
    casual = create_table(client, [{"kind": "open"}, {"kind": "open"}], rated=False)
    assert casual["rated"] is False
    tokens = {0: join(client, casual["id"], 0, "Аня"), 1: join(client, casual["id"], 1, "Boris")}
    s = state(client, casual["id"])
    mover = s["view"]["to_act"][0]
    waiting = 1 - mover
    assert client.post(f"/api/tables/{casual['id']}/hint", headers={"X-Seat-Token": tokens[waiting]}).status_code == 409
    r = client.post(f"/api/tables/{casual['id']}/hint", headers={"X-Seat-Token": tokens[mover]})
    assert r.status_code == 200, r.text
    hint = r.json()
    legal = [x["id"] for x in state(client, casual["id"], tokens[mover])["legal"]]
    assert hint["action"] in legal and hint["en"] and hint["ru"] and hint["stats"]
    assert abs(sum(x["share"] for x in hint["stats"]) - 1) < 0.05 or len(hint["stats"]) == 5
    again = client.post(f"/api/tables/{casual['id']}/hint", headers={"X-Seat-Token": tokens[mover]})
    assert again.status_code == 429     # one hint at a time
    final = play_out(client, casual["id"], tokens)
    assert final["table"]["status"] == "over"
    ratings = client.get("/api/ratings/toy").json()
    assert all(r["games"] == 0 or r["player"] not in ("Аня", "Boris") for r in ratings) or not ratings


# ------------------------------------------------------------------ chat pushed over the socket, real servers
def _hello(ws: Any, token: str | None = None) -> list[dict[str, Any]]:
    """Say hello; the chat backlog this socket may read comes right after the first state."""
    ws.send(json.dumps({"type": "hello", "token": token} if token else {"type": "hello"}))
    backlog = _recv_until(ws, lambda m: m["type"] == "chat")
    assert backlog["full"] is True, backlog
    return list(backlog["messages"])


def _recv_until(ws: Any, pred: Any, timeout: float = 8.0) -> dict[str, Any]:
    end = time.monotonic() + timeout
    while True:
        left = end - time.monotonic()
        assert left > 0, "the expected message did not come"
        msg = json.loads(ws.recv(timeout=left))
        if pred(msg):
            return dict(msg)


def _chat_seen(ws: Any, quiet: float = 0.6) -> list[dict[str, Any]]:
    """Every chat message pushed to this socket until it has been quiet for ``quiet`` seconds."""
    out: list[dict[str, Any]] = []
    while True:
        try:
            msg = json.loads(ws.recv(timeout=quiet))
        except TimeoutError:
            return out
        if msg["type"] == "chat":
            out += msg["messages"]


def _said(http: httpx.Client, tid: str, text: str, token: str | None = None, name: str | None = None) -> dict[str, Any]:
    r = http.post(f"/api/tables/{tid}/chat", json={"text": text, **({"name": name} if name else {})},
                  headers={"X-Seat-Token": token} if token else {})
    assert r.status_code == 201, r.text
    return dict(r.json())


def test_chat_is_pushed_and_the_spectators_channel_stays_with_spectators(tmp_path: Path) -> None:
    """A real server process: chat arrives over the table's socket at once (no polling); a player's socket
    and the routes with a player's token never carry the spectators' channel while the game runs; a
    spectator's socket carries both; once the game is over the players are sent the spectators' chat; the
    rematch link is pushed too."""
    with ServerProcess(f"sqlite:///{tmp_path / 'chat.db'}", log_path=tmp_path / "server.log") as srv, \
            httpx.Client(base_url=srv.url, timeout=10) as http:
        tid = http.post("/api/tables", json={"game": "toy", "seats": [{}, {}]}).json()["table"]["id"]
        a = http.post(f"/api/tables/{tid}/join", json={"seat": 0, "name": "Аня"}).json()["token"]
        b = http.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Boris"}).json()["token"]
        early = _said(http, tid, "до начала", a)
        url = f"{srv.ws_url}/ws/tables/{tid}"
        with connect(url) as wa, connect(url, source_address=(SPECTATOR, 0)) as spec:
            assert [m["text"] for m in _hello(wa, a)] == ["до начала"]
            assert [m["text"] for m in _hello(spec)] == ["до начала"]
            start = time.monotonic()
            hi = _said(http, tid, "hi all", b)
            got = _recv_until(wa, lambda m: m["type"] == "chat")
            assert got["messages"] == [hi] and hi["name"] == "Boris" and hi["channel"] == "players"
            assert time.monotonic() - start < 2.0    # pushed, not waiting for a poll
            assert _recv_until(spec, lambda m: m["type"] == "chat")["messages"] == [hi]
            # a spectator coaches: other spectators read it, the players' sockets are not sent it
            tip = _said(http, tid, "play the high card", name="Zed")
            assert tip["channel"] == "spectators"
            assert _recv_until(spec, lambda m: m["type"] == "chat")["messages"] == [tip]
            assert tip["id"] not in [m["id"] for m in _chat_seen(wa)]
            # nor the route with a player's token, nor a new socket with one
            for token in (a, b):
                read = http.get(f"/api/tables/{tid}/chat", headers={"X-Seat-Token": token}).json()["messages"]
                assert [m["channel"] for m in read] == ["players", "players"]
            with connect(url) as wb:
                assert [m["id"] for m in _hello(wb, b)] == [early["id"], hi["id"]]
            with connect(url, source_address=(SPECTATOR, 0)) as spec2:
                assert [m["id"] for m in _hello(spec2)] == [early["id"], hi["id"], tip["id"]]
            # limits still hold for pushed chat: length, and a flood is cut off
            assert http.post(f"/api/tables/{tid}/chat", json={"text": "x" * 301},
                             headers={"X-Seat-Token": a}).status_code == 400
            codes = [http.post(f"/api/tables/{tid}/chat", json={"text": f"m{i}"},
                               headers={"X-Seat-Token": a}).status_code for i in range(8)]
            assert 429 in codes
            flood = [m for m in _chat_seen(spec) if m["text"].startswith("m")]
            assert len(flood) == codes.count(201) < 8
            # the game ends: now the players are sent the spectators' chat
            tokens = {0: a, 1: b}
            deadline = time.monotonic() + 30
            while True:
                s = http.get(f"/api/tables/{tid}").json()
                if s["table"]["status"] == "over":
                    break
                assert time.monotonic() < deadline, "the game did not end"
                seat = s["view"]["to_act"][0]
                mine = http.get(f"/api/tables/{tid}", headers={"X-Seat-Token": tokens[seat]}).json()
                if mine["legal"]:
                    http.post(f"/api/tables/{tid}/actions", json={"action": mine["legal"][0]["id"],
                                                                  "version": mine["version"]},
                              headers={"X-Seat-Token": tokens[seat]})
            opened = _recv_until(wa, lambda m: m["type"] == "chat" and any(x["channel"] == "spectators"
                                                                           for x in m["messages"]))
            assert tip["id"] in [m["id"] for m in opened["messages"]]
            # a rematch is pushed to everyone at the old table
            new = http.post(f"/api/tables/{tid}/rematch", headers={"X-Seat-Token": a}).json()["table"]
            assert _recv_until(spec, lambda m: m["type"] == "rematch")["table"] == new
        with connect(url) as late:
            backlog = _hello(late, a)
            assert tip["id"] in [m["id"] for m in backlog]


def test_chat_reaches_the_sockets_of_another_process(pg_url: str, tmp_path: Path) -> None:
    """Two server processes on one PostgreSQL database: a message written through one is pushed to a
    socket on the other (LISTEN/NOTIFY carries only its id; the other process reads it from the database),
    and the channel rule holds there too."""
    s1 = ServerProcess(pg_url, log_path=tmp_path / "s1.log").start()
    s2 = ServerProcess(pg_url, log_path=tmp_path / "s2.log").start()
    try:
        with httpx.Client(base_url=s1.url, timeout=10) as h1:
            tid = h1.post("/api/tables", json={"game": "toy", "seats": [{}, {}]}).json()["table"]["id"]
            a = h1.post(f"/api/tables/{tid}/join", json={"seat": 0, "name": "on-one"}).json()["token"]
            h1.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "on-two"})
            with connect(f"{s2.ws_url}/ws/tables/{tid}") as player, \
                    connect(f"{s2.ws_url}/ws/tables/{tid}", source_address=(SPECTATOR, 0)) as spec:
                _hello(player, a)
                _hello(spec)
                said = _said(h1, tid, "from process one", a)
                assert _recv_until(player, lambda m: m["type"] == "chat")["messages"] == [said]
                assert _recv_until(spec, lambda m: m["type"] == "chat")["messages"] == [said]
                aside = _said(h1, tid, "a spectator's aside", name="Zed")
                assert _recv_until(spec, lambda m: m["type"] == "chat")["messages"] == [aside]
                assert aside["id"] not in [m["id"] for m in _chat_seen(player)]
    finally:
        s1.stop()
        s2.stop()


def test_a_new_socket_is_sent_the_rematch_of_a_table_that_never_had_chat(tmp_path: Path) -> None:
    """A table this process created holds no chat: a socket's hello skips the database for it — until a
    rematch link (or a message) is written, which the next hello must then carry."""
    with ServerProcess(f"sqlite:///{tmp_path / 'quiet.db'}", log_path=tmp_path / "server.log") as srv, \
            httpx.Client(base_url=srv.url, timeout=10) as http:
        tid = http.post("/api/tables", json={"game": "toy", "seats": [{}, {}]}).json()["table"]["id"]
        tokens = {i: http.post(f"/api/tables/{tid}/join", json={"seat": i, "name": n}).json()["token"]
                  for i, n in enumerate(("Аня", "Boris"))}
        url = f"{srv.ws_url}/ws/tables/{tid}"
        with connect(url) as early:
            early.send(json.dumps({"type": "hello", "token": tokens[0]}))
            first = _recv_until(early, lambda m: m["type"] == "chat")
            assert first["messages"] == [] and first["rematch"] is None
        deadline = time.monotonic() + 30
        while (s := http.get(f"/api/tables/{tid}").json())["table"]["status"] != "over":
            assert time.monotonic() < deadline, "the game did not end"
            mine = http.get(f"/api/tables/{tid}", headers={"X-Seat-Token": tokens[s["view"]["to_act"][0]]}).json()
            if mine["legal"]:
                http.post(f"/api/tables/{tid}/actions", json={"action": mine["legal"][0]["id"], "version": mine["version"]},
                          headers={"X-Seat-Token": tokens[s["view"]["to_act"][0]]})
        new = http.post(f"/api/tables/{tid}/rematch", headers={"X-Seat-Token": tokens[1]}).json()["table"]
        with connect(url) as late:
            late.send(json.dumps({"type": "hello", "token": tokens[0]}))
            assert _recv_until(late, lambda m: m["type"] == "chat")["rematch"] == new
