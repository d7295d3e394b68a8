"""Chat (two channels, limits, in the record), rematch with the same seats, hints only on casual tables."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from .conftest import act, create_table, join, state


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
    assert [m["channel"] for m in client.get(url).json()["messages"]] == ["players", "spectators"]
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
