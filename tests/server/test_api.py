"""HTTP API: creating tables, seats and tokens, moves with versions, errors, records and ratings."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .conftest import act, create_table, join, state


def play_out(client: TestClient, table_id: str, tokens: dict[int, str]) -> dict:
    """Play the toy game to the end by always taking the first legal action of the seat to act."""
    for _ in range(100):
        s = state(client, table_id)
        if s["table"]["status"] == "over":
            return s
        seat = s["view"]["to_act"][0]
        mine = state(client, table_id, tokens[seat])
        r = act(client, table_id, tokens[seat], mine["legal"][0]["id"], mine["version"])
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def test_games_list_has_toy(client: TestClient) -> None:
    ids = [g["id"] for g in client.get("/api/games").json()]
    assert "toy" in ids


def test_create_join_start_play_record(client: TestClient) -> None:
    t = create_table(client, [{"kind": "open"}, {"kind": "open"}])
    assert t["status"] == "open" and "seed" not in t
    a = join(client, t["id"], 0, "Аня")
    s = state(client, t["id"])
    assert s["table"]["status"] == "open" and s["view"] is None
    b = join(client, t["id"], 1, "Boris")
    assert a != b
    s = state(client, t["id"], a)
    assert s["table"]["status"] == "playing" and s["you"] == 0
    assert s["view"]["hand"] is not None
    final = play_out(client, t["id"], {0: a, 1: b})
    assert final["view"]["status"] == "over" and "result" in final["view"]
    rec = client.get(f"/api/tables/{t['id']}/record")
    assert rec.status_code == 200 and "attachment" in rec.headers["content-disposition"]
    data = rec.json()
    assert data["seats"] == ["Аня", "Boris"] and len(data["actions"]) == final["version"]
    assert client.get("/api/ratings/toy").json() == []   # guests: not rated (issue 25, test_accounts.py)
    # the replay viewer's steps
    first = client.get(f"/api/tables/{t['id']}/replay/0").json()
    last = client.get(f"/api/tables/{t['id']}/replay/{data['actions'].__len__()}").json()
    assert first["step"] == 0 and first["view"]["hand"] is None
    assert last["view"]["status"] == "over" and last["action"]["id"] == data["actions"][-1][1]


def test_stale_illegal_wrong_turn_and_bad_token(client: TestClient) -> None:
    t = create_table(client, [{"kind": "open"}, {"kind": "open"}])
    a = join(client, t["id"], 0, "A")
    b = join(client, t["id"], 1, "B")
    s = state(client, t["id"], a)
    good = s["legal"][0]["id"]
    # wrong turn: seat 1 is not to act
    r = act(client, t["id"], b, "play:card=1", 0)
    assert r.status_code == 422 and "not seat 1" in r.json()["error"]["message"]
    assert r.json()["view"]["seat"] == 1          # the error carries the current view
    # illegal
    r = act(client, t["id"], a, "play:card=999", 0)
    assert r.status_code == 422 and r.json()["error"]["code"] == "illegal"
    # bad token
    r = act(client, t["id"], "nope", good, 0)
    assert r.status_code == 403 and r.json()["error"]["code"] == "bad_token"
    # accepted once; the same request again is stale and applies nothing
    assert act(client, t["id"], a, good, 0).status_code == 200
    r = act(client, t["id"], a, good, 0)
    assert r.status_code == 409 and r.json()["error"]["code"] == "stale"
    assert r.json()["version"] == 1 and state(client, t["id"])["version"] == 1


def test_seats_taken_reserved_and_leave_before_start(client: TestClient) -> None:
    made = client.post("/api/tables", json={"game": "toy", "seats": [
        {"kind": "open"}, {"kind": "reserved", "name": "Vera"}, {"kind": "open"}]}).json()
    t = made["table"]
    a = join(client, t["id"], 0, "A")
    r = client.post(f"/api/tables/{t['id']}/join", json={"seat": 0, "name": "X"})
    assert r.status_code == 409 and r.json()["error"]["code"] == "seat_taken"
    r = client.post(f"/api/tables/{t['id']}/join", json={"seat": 1, "name": "Vera"})   # the name is public
    assert r.status_code == 403 and "reserved" in r.json()["error"]["message"]
    secret = made["seat_invites"]["1"].rsplit("/", 1)[1]
    r = client.post(f"/api/tables/{t['id']}/join", json={"seat": 1, "name": "vera", "invite": secret})
    assert r.status_code == 200 and r.json()["table"]["seats"][1]["name"] == "Vera"
    # leaving before the start frees the seat
    r = client.post(f"/api/tables/{t['id']}/leave", headers={"X-Seat-Token": a})
    assert r.status_code == 200 and r.json()["table"]["seats"][0]["kind"] == "open"
    join(client, t["id"], 0, "A2")
    join(client, t["id"], 2, "C")
    assert state(client, t["id"])["table"]["status"] == "playing"
    r = client.post(f"/api/tables/{t['id']}/join", json={"seat": 2, "name": "Late"})
    assert r.status_code == 409


def test_input_validation(client: TestClient) -> None:
    bad = [
        ({"game": "nope", "seats": [{}, {}]}, "bad_game"),
        ({"game": "toy", "seats": [{}]}, "bad_options"),                        # 1 player
        ({"game": "toy", "seats": [{}, {}], "options": {"hand": 9}}, "bad_options"),
        ({"game": "toy", "seats": [{}, {"kind": "bot", "bot": "skynet"}]}, "bad_seats"),
        ({"game": "toy", "seats": [{}, {"kind": "alien"}]}, "bad_request"),
        ({"game": "toy", "seats": [{}, {}], "clock": 0}, "bad_clock"),
        ({"game": "toy", "seats": [{}, {}], "clock": "30"}, "bad_request"),    # never coerced
        ({"game": "toy", "seats": [{}, {}], "extra": 1}, "bad_request"),
    ]
    for body, code in bad:
        r = client.post("/api/tables", json=body)
        assert r.status_code in (400, 422), (body, r.text)
        assert r.json()["error"]["code"] == code, (body, r.text)
        assert r.json()["error"]["message"]
    t = create_table(client, [{}, {}])
    for name in ["", "   ", "x" * 30, "<script>", "a\nb"]:
        r = client.post(f"/api/tables/{t['id']}/join", json={"seat": 0, "name": name})
        assert r.status_code in (400, 422) and r.json()["error"]["message"], name
    r = client.post(f"/api/tables/{t['id']}/join", json={"seat": 5, "name": "ok"})
    assert r.json()["error"]["code"] == "bad_seat"
    assert client.get("/api/tables/zzzz").status_code == 404
    assert client.get(f"/api/tables/{t['id']}/record").status_code == 409   # not over: the seed stays secret


def test_bots_play_a_whole_table(client: TestClient) -> None:
    t = create_table(client, [{"kind": "bot", "bot": "random"}] * 3)
    import time

    for _ in range(200):
        s = state(client, t["id"])
        if s["table"]["status"] == "over":
            break
        time.sleep(0.02)
    assert s["table"]["status"] == "over" and s["table"]["seed"] >= 0
    data = client.get(f"/api/tables/{t['id']}/record").json()
    assert data["seats"] == ["bot:random"] * 3 and data["result"] is not None


def test_lobby_lists_tables(client: TestClient) -> None:
    t = create_table(client, [{}, {"kind": "bot", "bot": "random"}])
    open_ids = [x["id"] for x in client.get("/api/tables?status=open").json()]
    assert t["id"] in open_ids
    r = client.get("/api/tables?status=weird")   # the schema names the statuses
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_request"


def test_a_slow_bot_does_not_block_the_server(client: TestClient) -> None:
    """Bots think in a worker thread: while one thinks for a second, the server answers at once."""
    import time

    from nastolka.bots import base

    class Sleepy:
        name = "sleepy"

        def choose(self, state, seat):  # type: ignore[no-untyped-def]
            time.sleep(1.0)
            return state.legal_ids(seat)[0]

    base.register_generic("sleepy", lambda game, seed=0, **kw: Sleepy())
    try:
        t = create_table(client, [{"kind": "bot", "bot": "sleepy"}, {}])
        join(client, t["id"], 1, "Patient")
        time.sleep(0.1)                       # the bot is thinking now
        start = time.monotonic()
        assert client.get("/healthz").status_code == 200
        assert state(client, t["id"])["version"] == 0
        assert time.monotonic() - start < 0.5
        for _ in range(100):
            if state(client, t["id"])["version"] == 1:
                break
            time.sleep(0.05)
        assert state(client, t["id"])["version"] == 1
    finally:
        base._GENERIC.pop("sleepy", None)


def test_unknown_ids_leave_nothing_and_idle_tables_are_evicted(client: TestClient) -> None:
    """Issue 12 #7: a flood of unknown table ids leaves no lock behind; a table nobody watches or moves at
    leaves memory (its bots with it) and comes back from the database when opened again."""
    from nastolka.server.app import evict_idle

    app = client.app
    svc, hub, worker = app.state.service, app.state.hub, app.state.worker   # type: ignore[attr-defined]
    for i in range(200):
        assert client.get(f"/api/tables/nosuch{i}").status_code == 404
    assert svc._loading == {}
    t = create_table(client, [{}, {"kind": "bot", "bot": "random"}])
    join(client, t["id"], 0, "Idle")
    assert t["id"] in svc.cache
    assert evict_idle(svc, hub, worker, idle=3600) == 0          # recently used: kept
    svc.cache[t["id"]].touched -= 7200
    assert worker.busy(t["id"])            # seat 0's clock is pending: that keeps the table in memory
    assert evict_idle(svc, hub, worker, idle=3600) == 0
    for key in [k for k in worker.clocks if k[0] == t["id"]]:
        worker.clocks.pop(key).cancel()
    assert not worker.busy(t["id"])
    assert evict_idle(svc, hub, worker, idle=3600) == 1
    assert t["id"] not in svc.cache and not any(k[0] == t["id"] for k in worker.bots)
    assert state(client, t["id"])["table"]["seats"][0]["name"] == "Idle"   # reloaded from the database
