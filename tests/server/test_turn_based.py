"""Table speeds and clocks (issue 26): the speed chosen at creation and refused when it is not offered,
untimed casual tables where nobody is ever replaced, clocks that start with the game, turn-based deadlines
kept in the database (fired by the time source, surviving a restart), the cap on turn-based games, the
expiry of a waiting table, and the waiting table's chat and who it waits for.

Time is moved through the server's clock file (``Settings.clock_file``), never slept through; the tests
wait only for what a person would see (the state the server answers).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select

from nastolka.server import Settings, create_app
from nastolka.server.models import actions, due_clocks, seats

from .accounts_kit import Clock  # the clock file every process of a test reads
from .conftest import act, create_table, join, state

DAY = 86400




@pytest.fixture
def clock(tmp_path: Path) -> Clock:
    return Clock(tmp_path / "clock")


def app(db: str, clock: Clock, **extra: Any) -> TestClient:
    return TestClient(create_app(Settings(db_url=db, bot_delay=0.0, clock_file=str(clock.path),
                                          due_poll=0.02, **extra)))


@pytest.fixture
def tb(tmp_path: Path, clock: Clock) -> Iterator[TestClient]:
    with app(f"sqlite:///{tmp_path / 'tb.db'}", clock) as c:
        yield c


def until(check: Any, timeout: float = 10.0) -> Any:
    """Ask until ``check()`` answers something true (what the server shows), or fail."""
    end = time.monotonic() + timeout
    while True:
        got = check()
        if got:
            return got
        assert time.monotonic() < end, "the expected state did not come"
        time.sleep(0.02)


def refused(client: TestClient, body: dict[str, Any], code: str) -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": "toy", "seats": [{}, {}], **body})
    assert r.status_code == 400, (body, r.text)
    err = r.json()["error"]
    assert err["code"] == code, (body, err)
    assert err["text"]["en"] and err["text"]["ru"] and err["text"]["en"] != err["text"]["ru"]
    return dict(err)


def test_speeds_offered_and_refused(tb: TestClient) -> None:
    real = create_table(tb, [{}, {}])
    assert (real["clock"], real["bank"], real["speed"]) == (120, 600, "realtime")
    turn = create_table(tb, [{}, {}], clock=DAY)
    assert (turn["clock"], turn["bank"], turn["speed"]) == (DAY, 0, "turn_based")
    for speed, seconds in (("fast", 3600), ("normal", DAY), ("slow", 3 * DAY)):
        assert create_table(tb, [{}, {}], speed=speed)["clock"] == seconds
    banked = create_table(tb, [{}, {}], clock=14 * DAY, bank=14 * DAY)
    assert banked["bank"] == 14 * DAY
    assert create_table(tb, [{}, {}], clock=1, bank=0)["clock"] == 1
    untimed = create_table(tb, [{}, {}], clock=None, rated=False)
    assert (untimed["clock"], untimed["speed"]) == (None, "none")
    lobby = {t["id"]: t for t in tb.get("/api/tables").json()}
    assert (lobby[turn["id"]]["speed"], lobby[turn["id"]]["clock"]) == ("turn_based", DAY)
    assert lobby[untimed["id"]]["speed"] == "none" and lobby[real["id"]]["bank"] == 600

    assert "1209600" in refused(tb, {"clock": 14 * DAY + 1}, "bad_clock")["message"]
    refused(tb, {"clock": 0}, "bad_clock")
    refused(tb, {"clock": None}, "bad_clock")                        # a rated table needs a clock
    refused(tb, {"clock": None, "bank": 60, "rated": False}, "bad_bank")   # a bank without a clock
    refused(tb, {"clock": 60, "bank": 7201}, "bad_bank")
    refused(tb, {"clock": DAY, "bank": 14 * DAY + 1}, "bad_bank")
    refused(tb, {"speed": "blitz"}, "bad_speed")                     # a speed not offered
    refused(tb, {"speed": "realtime", "clock": 7200}, "bad_speed")
    refused(tb, {"speed": "turn_based", "clock": 60}, "bad_speed")
    refused(tb, {"speed": "fast", "clock": DAY}, "bad_speed")
    refused(tb, {"speed": "slow", "clock": None, "rated": False}, "bad_speed")


def test_an_untimed_table_never_replaces_anyone(tb: TestClient, clock: Clock) -> None:
    t = create_table(tb, [{}, {}], clock=None, rated=False, options={"hand": 2})
    tokens = [join(tb, t["id"], i, f"P{i}") for i in range(2)]
    worker = tb.app.state.worker   # type: ignore[attr-defined]
    assert not worker.busy(t["id"])                                   # no clock task at all
    clock.advance(30 * DAY)
    tb.app.state.due.poll = 0   # type: ignore[attr-defined]
    s = state(tb, t["id"], tokens[0])
    assert "clock_left" not in s and "seat_clocks" not in s
    assert all(not seat["away"] for seat in s["table"]["seats"]) and s["version"] == 0
    db = tb.app.state.db   # type: ignore[attr-defined]
    assert db.engine.connect().execute(select(due_clocks)).first() is None   # nothing will ever fire


def test_the_clock_starts_with_the_game(tb: TestClient, clock: Clock) -> None:
    r = tb.post("/api/tables", json={"game": "toy", "seats": [{}, {"kind": "reserved", "name": "Vera"}],
                                     "clock": 3600, "options": {"hand": 2}})
    t, invite = r.json()["table"], r.json()["seat_invites"]["1"].rsplit("/", 1)[1]
    waiting = state(tb, t["id"])["table"]["waiting"]
    assert waiting["invited"] == [{"seat": 1, "name": "Vera"}] and waiting["open"] == [0]
    assert waiting["missing"] == 2
    tokens = [join(tb, t["id"], 0, "Ann")]
    assert state(tb, t["id"])["table"]["waiting"]["seated"] == [{"seat": 0, "name": "Ann"}]
    clock.advance(2 * DAY)                     # two days pass while the table waits for Vera
    r = tb.post(f"/api/tables/{t['id']}/join", json={"seat": 1, "name": "Vera", "invite": invite})
    assert r.status_code == 200, r.text
    s = state(tb, t["id"], tokens[0])
    assert "waiting" not in s["table"]
    first = s["view"]["to_act"][0]
    running = [c for c in s["seat_clocks"] if c["running"]]
    assert [c["seat"] for c in running] == [first]
    assert 3599 <= running[0]["clock_left"] <= 3600, s["seat_clocks"]   # not 2 days spent already
    assert all(c["clock_left"] is None for c in s["seat_clocks"] if not c["running"])

    # a real-time table: the time it waited for players is not charged to the first mover either
    rt_table = create_table(tb, [{}, {}], clock=30, bank=0, options={"hand": 2})
    rt = tb.app.state.service.cache[rt_table["id"]]   # type: ignore[attr-defined]
    join(tb, rt_table["id"], 0, "Ann")
    rt.turn_started -= 100                     # as if the table had waited 100 s for its second player
    join(tb, rt_table["id"], 1, "Bob")
    assert state(tb, rt_table["id"])["clock_left"] > 25


def test_a_turn_based_deadline_fires_once_and_the_owner_comes_back(tmp_path: Path, clock: Clock) -> None:
    db = f"sqlite:///{tmp_path / 'fire.db'}"
    with app(db, clock) as c:
        t = create_table(c, [{}, {}], clock=DAY, bank=3600, options={"hand": 3})
        tokens = [join(c, t["id"], i, f"P{i}") for i in range(2)]
        first = state(c, t["id"])["view"]["to_act"][0]
        clock.advance(DAY + 1800)               # the day and half the bank: nothing happens yet
        s = state(c, t["id"])
        ticking = s["seat_clocks"][first]
        assert ticking["clock_left"] == 0 and 1790 <= ticking["bank_left"] <= 1800, ticking
        assert s["version"] == 0
    # a restart in between: the deadline is in the database, not in the stopped process
    engine = create_engine(db)
    with engine.connect() as conn:
        rows = list(conn.execute(select(due_clocks.c.seat, due_clocks.c.version)))
    assert rows == [(first, 0)]
    with app(db, clock) as c:
        clock.advance(1801)
        s = until(lambda: (x := state(c, t["id"]))["version"] >= 1 and x)
        assert s["table"]["seats"][first]["away"] and s["seat_clocks"][first]["stand_in"]
        assert s["bank_left"][first] == 0
        with engine.connect() as conn:
            by = list(conn.execute(select(actions.c.version, actions.c.seat, actions.c.by)))
            left = list(conn.execute(select(due_clocks.c.seat, due_clocks.c.version)))
        assert by == [(0, first, "clock")]
        assert left == [(1 - first, 1)]              # the other player's day runs now, once
        assert c.app.state.due.fired == 1   # type: ignore[attr-defined]
        # the owner comes back whenever they like and plays their next turn themselves
        assert c.post(f"/api/tables/{t['id']}/back", headers={"X-Seat-Token": tokens[first]}).status_code == 200
        mine = state(c, t["id"], tokens[1 - first])
        assert act(c, t["id"], tokens[1 - first], mine["legal"][0]["id"], 1).status_code == 200
        back = state(c, t["id"], tokens[first])
        assert not back["table"]["seats"][first]["away"] and back["legal"]
        assert back["seat_clocks"][first]["running"] and back["seat_clocks"][first]["clock_left"] > DAY - 5


def test_turn_based_games_per_player_are_capped(tmp_path: Path, clock: Clock) -> None:
    with app(f"sqlite:///{tmp_path / 'cap.db'}", clock, turn_based_games=2) as c:
        held = [create_table(c, [{}, {}], speed="normal") for _ in range(3)]
        first = join(c, held[0]["id"], 0, "Ann")
        join(c, held[1]["id"], 0, "Ann")
        r = c.post(f"/api/tables/{held[2]['id']}/join", json={"seat": 0, "name": "Ann"})
        assert r.status_code == 429 and r.json()["error"]["code"] == "too_many_games", r.text
        assert "2" in r.json()["error"]["text"]["ru"]
        join(c, create_table(c, [{}, {}], clock=60)["id"], 0, "Ann")   # real-time tables are not counted
        assert c.post(f"/api/tables/{held[0]['id']}/leave", headers={"X-Seat-Token": first}).status_code == 200
        join(c, held[2]["id"], 0, "Ann")          # leaving a waiting table frees its place under the cap


def test_a_waiting_table_expires_after_14_days(tb: TestClient, clock: Clock) -> None:
    waiting = create_table(tb, [{}, {}], speed="slow")
    started = create_table(tb, [{}, {}], clock=60, options={"hand": 2})
    for i in range(2):
        join(tb, started["id"], i, f"P{i}")
    clock.advance(14 * DAY - 60)
    assert state(tb, waiting["id"])["table"]["status"] == "open"
    clock.advance(61)
    until(lambda: state(tb, waiting["id"])["table"]["status"] == "cancelled")
    assert state(tb, started["id"])["table"]["status"] == "playing"


def test_players_at_a_waiting_table_chat(tb: TestClient) -> None:
    t = create_table(tb, [{}, {}, {"kind": "reserved", "name": "Vera"}], clock=DAY)
    token = join(tb, t["id"], 0, "Ann")
    r = tb.post(f"/api/tables/{t['id']}/chat", json={"text": "who is coming?"}, headers={"X-Seat-Token": token})
    assert r.status_code == 201, r.text
    got = tb.get(f"/api/tables/{t['id']}/chat").json()
    assert [(m["channel"], m["name"], m["text"]) for m in got["messages"]] == [("players", "Ann", "who is coming?")]
    assert state(tb, t["id"])["table"]["waiting"]["missing"] == 2


def test_seat_holders_are_stored(tb: TestClient) -> None:
    t = create_table(tb, [{}, {}], clock=DAY)
    join(tb, t["id"], 0, "Ann")
    db = tb.app.state.db   # type: ignore[attr-defined]
    with db.engine.connect() as conn:
        holder = conn.execute(select(seats.c.holder).where(seats.c.table_id == t["id"], seats.c.seat == 0)).scalar()
    assert holder == "addr:testclient"
