"""The spectators' chat against a real server process (issue 34, findings 6, 12, 13): its own budget and
cap, never able to block the players'; a seated person reads it only as a player does; a spectator
cannot write under a seated person's name; ``sync`` floods cost a full state at most so often."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from .attack import Player, hello, recv_until
from .procs import ServerProcess

SETTINGS = {"chat_cap_spectators": 6}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("chat")
    with ServerProcess(f"sqlite:///{tmp / 'chat.db'}", log_path=tmp / "server.log", settings=SETTINGS) as proc:
        yield proc


def _seated_table(host: Player, guest: Player) -> tuple[str, list[str]]:
    tid = host.create([{}, {}], options={"hand": 2}, rated=False)["table"]["id"]
    return tid, [host.join(tid, 0, "Ann"), guest.join(tid, 1, "Bob")]


def _say(p: Player, tid: str, text: str, token: str | None = None, name: str | None = None) -> int:
    body = {"text": text} if name is None else {"text": text, "name": name}
    r = p.http.post(f"/api/tables/{tid}/chat", json=body, headers={"X-Seat-Token": token} if token else {})
    return r.status_code


def test_a_spectators_flood_never_blocks_the_players(server: ServerProcess) -> None:
    """A spectator floods the table's chat under ever new names (before: one budget of 3/s and one cap of
    1,000 for both channels — half the players' messages failed, then all of them with chat_full)."""
    host, guest, flooder = Player(server), Player(server), Player(server)
    tid, tokens = _seated_table(host, guest)
    flood = [_say(flooder, tid, f"spam {i}", name=f"Spammer {i}") for i in range(60)]
    assert 1 <= flood.count(201) <= 7 and set(flood) <= {201, 429, 409}   # one address: 6 in a burst
    # the players talk in a burst right after: every one of their messages is taken
    said = [_say(host if i % 2 == 0 else guest, tid, f"move {i}", token=tokens[i % 2]) for i in range(6)]
    assert said == [201] * 6
    # the spectators' channel fills on its own (cap 6 here) — the players' does not
    others = [Player(server) for _ in range(2)]
    for i, p in enumerate(others):
        _say(p, tid, "more", name=f"Watcher {i}")
    late = Player(server)
    assert _say(late, tid, "anyone?", name="Late") == 409
    assert _say(host, tid, "still here", token=tokens[0]) == 201
    for p in (host, guest, flooder, late, *others):
        p.close()


def test_a_seated_player_cannot_read_the_spectators_during_the_game(server: ServerProcess) -> None:
    host, guest, fan = Player(server), Player(server), Player(server)
    tid, tokens = _seated_table(host, guest)
    assert _say(fan, tid, "play the 3!", name="Fan") == 201
    # the seated person leaves the token out: still a player (same address), so no spectators' chat
    for reader, token in ((host, None), (host, tokens[0]), (guest, None)):
        got = reader.http.get(f"/api/tables/{tid}/chat", headers={"X-Seat-Token": token} if token else {}).json()
        assert [m["channel"] for m in got["messages"]] == [], got
    # a real spectator (another address) reads it
    assert [m["text"] for m in fan.http.get(f"/api/tables/{tid}/chat").json()["messages"]] == ["play the 3!"]
    # a spectator may not write under a seated person's name, however it is written
    for name in ("Ann", "ann", "ＡＮＮ", "Bob"):
        r = fan.http.post(f"/api/tables/{tid}/chat", json={"text": "I am Ann", "name": name})
        assert r.status_code == 403 and r.json()["error"]["code"] == "bad_name", (name, r.text)
    for p in (host, guest, fan):
        p.close()


def test_sync_floods_get_a_full_state_at_most_so_often(server: ServerProcess) -> None:
    """A socket sending ``sync`` as fast as its message budget allows got a full state for each (240
    sockets: 3,000 full states a second). Now a socket is sent a full state for ``sync`` at most once per
    ``sync_interval``; the other syncs are answered by nothing (the state they would repeat is current)."""
    p = Player(server)
    tid = p.create([{}, {}], options={"hand": 2})["table"]["id"]
    with p.socket(tid) as ws:
        hello(ws)
        for _ in range(30):
            ws.send(json.dumps({"type": "sync"}))
        ws.send(json.dumps({"type": "ping", "t": 1}))
        seen = []
        while True:
            msg = recv_until(ws, lambda m: True)
            if msg["type"] == "pong":
                break
            seen.append(msg["type"])
    assert seen.count("state") <= 2, seen
    p.close()
