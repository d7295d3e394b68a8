"""A private table is read only with its invite link's secret (or a seat token) — never by its id alone:
not its state, its socket, its chat, its record or its replay (issue 12). Against a real server process."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from websockets.exceptions import ConnectionClosed

from .attack import Player, recv
from .procs import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("private")
    with ServerProcess(f"sqlite:///{tmp / 'private.db'}", log_path=tmp / "server.log") as proc:
        yield proc


def secret_of(link: str) -> str:
    return link.rsplit("/", 1)[1]


def refused(r: object) -> None:
    assert getattr(r, "status_code", None) == 403, getattr(r, "text", r)
    assert r.json()["error"]["code"] == "invite_required"  # type: ignore[attr-defined]


def test_a_stranger_with_the_id_sees_nothing_of_a_private_table(server: ServerProcess) -> None:
    host, stranger, guest = Player(server), Player(server), Player(server)
    try:
        made = host.create([{}, {"kind": "reserved", "name": "Маша"}], private=True, options={"hand": 1})
        tid, secret = made["table"]["id"], secret_of(made["invite"])
        seat_secret = secret_of(made["seat_invites"]["1"])
        paths = [f"/api/tables/{tid}", f"/api/tables/{tid}/chat"]
        for path in paths:   # the id alone: refused; the link's secret in the header: shown
            refused(stranger.http.get(path))
            refused(stranger.http.get(path, headers={"X-Invite": "not-the-secret"}))
            assert stranger.http.get(path, headers={"X-Invite": secret}).status_code == 200
            refused(stranger.http.get(path, params={"invite": secret}))   # never in a URL (issue 34, 9)
            assert stranger.http.get(path, headers={"X-Invite": seat_secret}).status_code == 200
        refused(stranger.http.post(f"/api/tables/{tid}/chat", json={"name": "Eve", "text": "hi"}))
        assert stranger.http.post(f"/api/tables/{tid}/chat", json={"name": "Eve", "text": "hi"},
                                  headers={"X-Invite": secret}).status_code == 201

        # the socket: without the secret an error and a close, with it a spectator's state
        ws = stranger.socket(tid)
        ws.send(json.dumps({"type": "hello"}))
        assert recv(ws)["code"] == "invite_required"
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
        ws = stranger.socket(tid)
        ws.send(json.dumps({"type": "hello", "invite": secret}))
        assert recv(ws) == {"type": "welcome", "seat": None, "table": tid}
        assert recv(ws)["type"] == "state"
        ws.close()

        # the people seated read it by their tokens
        t0 = host.join(tid, 0, "Аня", invite=secret)
        t1 = guest.join(tid, 1, "Маша", invite=seat_secret)
        for token in (t0, t1):
            assert guest.http.get(f"/api/tables/{tid}", headers={"X-Seat-Token": token}).status_code == 200
        ws = guest.socket(tid)
        ws.send(json.dumps({"type": "hello", "token": t1}))
        assert recv(ws)["seat"] == 1
        ws.close()

        # finished: its record (with the chat) and its replay stay behind the secret too
        tokens = [t0, t1]
        while True:
            st = host.table(tid, t0)
            if st["table"]["status"] == "over":
                break
            seat = st["view"]["to_act"][0]
            mine = host.table(tid, tokens[seat])
            r = host.http.post(f"/api/tables/{tid}/actions", headers={"X-Seat-Token": tokens[seat]},
                               json={"action": mine["legal"][0]["id"], "version": mine["version"]})
            assert r.status_code == 200, r.text
        for path in (f"/api/tables/{tid}/record", f"/api/tables/{tid}/replay/1", f"/api/tables/{tid}"):
            refused(stranger.http.get(path))
            refused(stranger.http.get(path, params={"invite": secret}))   # access logs keep URLs
            assert stranger.http.get(path, headers={"X-Invite": secret}).status_code == 200
            assert stranger.http.get(path, headers={"X-Seat-Token": t1}).status_code == 200
        record = stranger.http.get(f"/api/tables/{tid}/record", headers={"X-Invite": secret}).json()
        assert record["notes"]["chat"]
    finally:
        for p in (host, stranger, guest):
            p.close()


def test_a_public_table_is_watched_by_anyone(server: ServerProcess) -> None:
    host, stranger = Player(server), Player(server)
    try:
        tid = host.create([{}, {}])["table"]["id"]
        assert stranger.http.get(f"/api/tables/{tid}").status_code == 200
        assert stranger.http.get(f"/api/tables/{tid}/chat").status_code == 200
        ws = stranger.socket(tid)
        ws.send(json.dumps({"type": "hello"}))
        assert recv(ws)["type"] == "welcome"
        ws.close()
    finally:
        host.close()
        stranger.close()
