"""Metrics, probes and logs of a real server process after a real session: a game with a bot, a person's
moves over a websocket (one refused as stale, one as illegal), a clock that runs out, a private table joined
with its invite. The scrape must show non-zero counters; the log must hold the session's events and none
of its secrets (seat and owner tokens, the invite secret, the metrics token)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from nastolka.server import Settings, create_app

from .conftest import drop_pg_database
from .procs import ServerProcess

METRICS_TOKEN = "scrape-4f1d9c0a7e2b"


async def _play_one_then_idle(ws_url: str, table_id: str, token: str) -> dict[str, Any]:
    """A person's socket: one good move, a stale one, an illegal one; then it waits while the clock runs out
    and a stand-in plays for them to the end."""
    seen: dict[str, Any] = {"errors": []}
    async with websockets.connect(f"{ws_url}/ws/tables/{table_id}") as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        state = None
        while True:
            msg = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if msg["type"] == "state":
                state = msg
                if state["table"]["status"] == "over":
                    return seen
                if state["legal"] and "moved" not in seen:
                    seen["moved"] = state["version"]
                    await ws.send(json.dumps({"type": "action", "action": state["legal"][0]["id"],
                                              "version": state["version"]}))
                    await ws.send(json.dumps({"type": "action", "action": state["legal"][0]["id"],
                                              "version": state["version"]}))   # stale: already played
                elif state["legal"] and state["version"] > seen["moved"] and "illegal" not in seen:
                    seen["illegal"] = True   # our turn again: a move no rule allows, at the right version
                    await ws.send(json.dumps({"type": "action", "action": "fly(to=moon)",
                                              "version": state["version"]}))
            elif msg["type"] == "error":
                seen["errors"].append(msg["code"])


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    tmp = tmp_path_factory.mktemp("ops")
    log = tmp / "server.log"
    server = ServerProcess(f"sqlite:///{tmp / 'ops.db'}", bot_delay=0.0, log_path=log,
                           settings={"metrics_token": METRICS_TOKEN},
                           env={"NASTOLKA_TEST_LOG_LEVEL": "info"})
    server.start(timeout=120)   # a loaded 2-vCPU machine took 20-40 s to start a server
    try:
        http = httpx.Client(base_url=server.url, timeout=10)
        secrets: list[str] = [METRICS_TOKEN]
        private = http.post("/api/tables", json={"game": "toy", "seats": [{}, {}], "private": True}).json()
        pid, invite = private["table"]["id"], private["invite"].rsplit("/", 1)[1]
        secrets += [private["owner_token"], invite]
        joined = http.post(f"/api/tables/{pid}/join", json={"seat": 0, "name": "Гость", "invite": invite})
        assert joined.status_code == 200, joined.text
        secrets.append(joined.json()["token"])
        assert http.get(f"/api/tables/{pid}", params={"invite": invite}).status_code == 403   # never in a URL
        assert http.get(f"/api/tables/{pid}", headers={"X-Invite": invite}).status_code == 200
        assert http.get(f"/api/tables/{pid}", params={"invite": "wrong-" + invite}).status_code == 403

        # the clock runs from the join: the person's socket connects at once (2 s to make the first move)
        made = http.post("/api/tables", json={"game": "toy", "seats": [{}, {"kind": "bot", "bot": "random"}],
                                              "clock": 2, "bank": 0, "options": {"hand": 3}}).json()
        tid = made["table"]["id"]
        secrets.append(made["owner_token"])
        token = http.post(f"/api/tables/{tid}/join", json={"seat": 0, "name": "Вера"}).json()["token"]
        secrets.append(token)
        seen = asyncio.run(_play_one_then_idle(server.ws_url, tid, token))

        async def scrape_with_a_spectator() -> httpx.Response:
            async with websockets.connect(f"{server.ws_url}/ws/tables/{pid}") as ws:
                await ws.send(json.dumps({"type": "hello", "invite": invite}))
                assert json.loads(await ws.recv())["type"] == "welcome"
                async with httpx.AsyncClient() as client:
                    return await client.get(server.url + "/metrics",
                                            headers={"Authorization": f"Bearer {METRICS_TOKEN}"})

        scrape = asyncio.run(scrape_with_a_spectator())
        answers = {"none": http.get("/metrics").status_code,
                   "wrong": http.get("/metrics", headers={"Authorization": "Bearer nope"}).status_code,
                   "health": http.get("/healthz").json(), "ready": http.get("/readyz").json()}
    finally:
        server.stop()
    yield {"scrape": scrape, "answers": answers, "log": log.read_text(), "secrets": secrets, "seen": seen}


def _samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def test_metrics_after_a_real_game_count_what_happened(session: dict[str, Any]) -> None:
    scrape = session["scrape"]
    assert scrape.status_code == 200 and scrape.headers["content-type"].startswith("text/plain")
    m = _samples(scrape.text)
    assert session["seen"]["errors"][:2] == ["stale", "illegal"]
    assert m["nastolka_moves_accepted_total", (("by", "human"),)] == 1
    assert m["nastolka_moves_accepted_total", (("by", "bot"),)] >= 1
    assert m["nastolka_moves_accepted_total", (("by", "clock"),)] >= 1   # the stand-in after the clock
    assert m["nastolka_moves_refused_total", (("reason", "stale"),)] >= 1
    assert m["nastolka_moves_refused_total", (("reason", "illegal"),)] == 1
    assert m["nastolka_clocks_fired_total", ()] >= 1
    assert m["nastolka_move_seconds_count", ()] >= 5
    assert m["nastolka_db_trip_seconds_count", ()] >= 5
    assert m["nastolka_bot_think_seconds_count", ()] >= 1
    assert m["nastolka_tables_created_total", ()] == 2
    assert m["nastolka_tables_finished_total", ()] == 1
    assert m["nastolka_sockets_open", ()] == 1   # the spectator watching while it scraped
    assert m["nastolka_tables_in_memory", ()] >= 1
    assert m["nastolka_emails_sent_total", ()] == 0   # counted by the mail code once it exists
    assert session["answers"]["none"] == 401 and session["answers"]["wrong"] == 401
    assert session["answers"]["health"] == {"status": "ok", "database": "ok"}
    assert session["answers"]["ready"] == {"ready": True}


def test_the_log_has_the_events_and_no_secret(session: dict[str, Any]) -> None:
    log = session["log"]
    events = [json.loads(line) for line in log.splitlines() if line.startswith("{")]
    assert len(events) == len(log.splitlines())   # every line is one JSON object
    names = [e["event"] for e in events]
    for name in ("start", "table created", "table finished", "move refused", "request refused"):
        assert name in names, name
    refused = next(e for e in events if e["event"] == "move refused")
    assert refused["reason"] == "illegal" and refused["request_id"] and refused["level"] == "info"
    for secret in session["secrets"]:
        assert secret not in log, f"a secret ({secret[:4]}…) reached the log"


def test_metrics_are_off_without_a_token(tmp_path: Path) -> None:
    with TestClient(create_app(Settings(db_url=f"sqlite:///{tmp_path / 'a.db'}"))) as client:
        assert client.get("/metrics").status_code == 404
        assert client.get("/metrics", headers={"Authorization": "Bearer x"}).status_code == 404
        r = client.get("/healthz")
        assert r.status_code == 200 and r.headers["x-request-id"]
        assert client.get("/healthz", headers={"X-Request-ID": "lb-check-7"}).headers["x-request-id"] == "lb-check-7"


def test_healthz_says_503_when_the_database_is_gone(pg_url: str) -> None:
    with TestClient(create_app(Settings(db_url=pg_url))) as client:
        assert client.get("/healthz").json() == {"status": "ok", "database": "ok"}
        drop_pg_database(pg_url)   # the database disappears under the running server
        begin = time.monotonic()
        r = client.get("/healthz")
        assert r.status_code == 503 and r.json() == {"status": "error", "database": "unreachable"}
        assert time.monotonic() - begin < 5


def test_an_unexpected_error_is_logged_once_with_its_request_id(tmp_path: Path) -> None:
    import logging

    from nastolka.server.ops.logs import JsonFormatter

    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'e.db'}", metrics_token=METRICS_TOKEN))

    @app.get("/api/boom")
    async def boom() -> None:   # a route with a bug, as any new code may have
        raise RuntimeError("token=abc123 went missing")

    app.router.routes.insert(0, app.router.routes.pop())   # ahead of the static files mounted at /

    lines: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda record: lines.append(JsonFormatter().format(record))  # type: ignore[method-assign]
    logger = logging.getLogger("nastolka.server")
    logger.addHandler(handler)
    try:
        with TestClient(app, raise_server_exceptions=False) as client:
            r = client.get("/api/boom", headers={"X-Request-ID": "user-report-42"})
            scrape = client.get("/metrics", headers={"Authorization": f"Bearer {METRICS_TOKEN}"}).text
    finally:
        logger.removeHandler(handler)
    assert r.status_code == 500
    failed = [json.loads(line) for line in lines if '"request failed"' in line]
    assert len(failed) == 1
    assert failed[0]["request_id"] == "user-report-42" and failed[0]["level"] == "error"
    assert failed[0]["path"] == "/api/boom" and "RuntimeError" in failed[0]["error"]
    assert "abc123" not in failed[0]["error"]   # the scrubber masks what looks like a secret in a traceback
    assert _samples(scrape)["nastolka_errors_total", ()] == 1
