"""Every registered real game through the server: what each seat and each spectator receives over the
websocket is exactly the engine's view for that seat (never more), and the events each receives are exactly
those the engine lets that seat see. Tokens never appear in anyone's messages."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from nastolka.engine import all_games, get, visible

from .conftest import create_table, join
from .test_ws import hello, next_of

GAMES = {"show_battle": 2, "colt_express": 3, "talespin": 2}
MAX_ACTIONS = 70


def registered() -> list[str]:
    ids = {g.id for g in all_games()}
    return [g for g in GAMES if g in ids]


@pytest.fixture
def sqlite_client(tmp_path: Any) -> Any:
    from nastolka.server import Settings, create_app

    with TestClient(create_app(Settings(db_url=f"sqlite:///{tmp_path / 'g.db'}", bot_delay=0.0,
                                               rate_per_second=1000.0, rate_burst=1000))) as c:
        yield c


@pytest.mark.parametrize("game_id", registered() or ["none"])
def test_views_and_events_per_seat_match_the_engine(game_id: str, sqlite_client: TestClient) -> None:
    if game_id == "none":
        pytest.skip("no real game registered yet")
    client = sqlite_client
    players = GAMES[game_id]
    rng = random.Random(11)
    t = create_table(client, [{}] * players, game=game_id)
    tokens = [join(client, t["id"], i, f"P{i}") for i in range(players)]
    path = f"/ws/tables/{t['id']}"
    received: dict[Any, list[dict[str, Any]]] = {s: [] for s in [*range(players), None]}
    socks: dict[Any, Any] = {}
    try:
        for seat in received:
            socks[seat] = client.websocket_connect(path).__enter__()
            _, full = hello(socks[seat], tokens[seat] if seat is not None else None)
            received[seat].append(full)
        for version in range(MAX_ACTIONS):
            latest = {s: msgs[-1] for s, msgs in received.items()}
            if latest[None]["view"]["status"] == "over":
                break
            movers = [s for s in range(players) if latest[s]["legal"]]
            assert movers, "nobody can act but the game is not over"
            seat = movers[0]
            aid = rng.choice(latest[seat]["legal"])["id"]
            socks[seat].send_json({"type": "action", "action": aid, "version": version})
            for s, ws in socks.items():
                received[s].append(next_of(ws, "state"))
                assert received[s][-1]["version"] == version + 1
    finally:
        for ws in socks.values():
            ws.__exit__(None, None, None)
    # rebuild the truth from the action log (all seats' views at every version, and all events)
    state = client.get(f"/api/tables/{t['id']}").json()
    n = state["version"]
    game = get(game_id)
    log = _action_log(client, t["id"], n)
    truth = game.new(players, state["table"]["options"], seed=_seed(client, t["id"]), rng="blake2b")
    views = {0: {s: truth.view(s) for s in received}}
    events_at: dict[int, list[Any]] = {}
    for v, (seat, aid) in enumerate(log):
        events_at[v] = truth.apply(seat, aid)
        views[v + 1] = {s: truth.view(s) for s in received}
    for seat, msgs in received.items():
        for msg in msgs:
            expected = json.loads(json.dumps(views[msg["version"]][seat]))
            assert msg["view"] == expected, (seat, msg["version"])
            if not msg["full"]:
                v = msg["version"] - 1
                want = [(e.kind, json.loads(json.dumps(e.args))) for e in visible(events_at[v], seat)]
                got = [(e["kind"], e["args"]) for e in msg["events"]]
                assert got == want, (seat, v)
            text = json.dumps(msg, ensure_ascii=False)
            assert not any(tok in text for tok in tokens)


def _seed(client: TestClient, table_id: str) -> int:
    """The seed is secret while the game runs; the test reads it from the server's own database."""
    app = client.app
    rt = app.state.service.cache[table_id]   # type: ignore[attr-defined]
    return int(rt.seed)


def _action_log(client: TestClient, table_id: str, n: int) -> list[tuple[int, str]]:
    rt = client.app.state.service.cache[table_id]   # type: ignore[attr-defined]
    hist = rt.state.history()
    assert len(hist) == n
    return hist
