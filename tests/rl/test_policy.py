"""Trained-policy bots (``policy:PATH``): they play legal moves wherever bots are built — simulate, arena,
the terminal's sessions, the server's bot seats — and refuse, with a clear message, a table they were not
trained for."""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pytest
from fastapi.testclient import TestClient

from nastolka.arena import run_arena
from nastolka.bots import bot_names, make_bot
from nastolka.bots.base import check_seat_bot
from nastolka.engine import NastolkaError, get
from nastolka.rl import policy as policy_mod
from nastolka.rl.policy import PolicyError, load_policy, save_policy
from nastolka.rl.spec import make_spec
from nastolka.simulate import simulate

from .policy_file import random_policy


@pytest.fixture
def policy_path(tmp_path: Path) -> Path:
    return random_policy(tmp_path / "sb2.npz")


@pytest.fixture
def registered(policy_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(policy_mod, "_REGISTERED", {})
    monkeypatch.setenv(policy_mod.ENV, str(policy_path))
    return "policy:sb2"


def test_the_bot_plays_the_legal_move_its_network_ranks_highest(policy_path: Path) -> None:
    game = get("show_battle")
    bot = make_bot(game, f"policy:{policy_path}", seed=1)
    policy = load_policy(policy_path)
    spec = make_spec(game, 2)
    state = game.new(2, seed=4)
    while not state.is_over:
        seat = state.to_act[0]
        aid = bot.choose(state, seat)
        legal = state.legal_ids(seat)
        assert aid in legal
        logits = policy.logits(spec.observation(state, seat))
        assert max(legal, key=lambda a: logits[spec.actions.ids.index(a)]) == aid or len(legal) == 1
        state.apply(seat, aid)


def test_simulate_and_arena_seat_a_policy(policy_path: Path) -> None:
    name = f"policy:{policy_path}"
    batch = simulate("show_battle", 2, [name, "random"], 20, seed=3)
    assert batch.summary()["finished"] == 20
    pooled = simulate("show_battle", 2, [name, "random"], 20, seed=3, jobs=2)  # the file travels as bytes
    assert pooled.summary()["wins_by_seat"] == batch.summary()["wins_by_seat"]
    arena = run_arena("show_battle", 2, [name, "normal"], 8, seed=1).summary()
    assert arena["finished"] == 8 and arena["errors"] == 0


@pytest.mark.parametrize(("game", "players", "words"), [
    ("show_battle", 3, "trained for show_battle with 2 players; this table has 3 players"),
    ("colt_express", 2, "trained for show_battle with 2 players, not for colt_express"),
])
def test_a_policy_refuses_another_table(policy_path: Path, game: str, players: int, words: str) -> None:
    with pytest.raises(PolicyError, match=words):
        check_seat_bot(get(game), f"policy:{policy_path}", players)
    with pytest.raises(NastolkaError, match=words):
        simulate(game, players, [f"policy:{policy_path}"] + ["random"] * (players - 1), 2)


def test_a_file_that_is_not_a_policy_is_refused(tmp_path: Path, policy_path: Path) -> None:
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a policy")
    with pytest.raises(PolicyError, match="not a nastolka policy file"):
        load_policy(junk)
    with pytest.raises(PolicyError, match="cannot read the policy file"):
        load_policy(tmp_path / "missing.npz")
    other = load_policy(policy_path)
    stale = dict(other.meta, rules_version="0")
    stale.pop("format")
    save_policy(tmp_path / "stale.npz", stale, list(other.weights), list(other.biases))
    with pytest.raises(PolicyError, match="rules version 0"):
        make_bot(get("show_battle"), f"policy:{tmp_path / 'stale.npz'}")
    pickled = tmp_path / "pickled.npz"
    np.savez(pickled, meta=np.array([{"format": "x"}], dtype=object))
    with pytest.raises(PolicyError):  # never unpickled: loading a policy runs no code
        load_policy(pickled)


def test_registered_policies_are_offered_in_the_seat_lists_of_their_game(registered: str) -> None:
    assert registered in bot_names(get("show_battle"))
    assert registered not in bot_names(get("colt_express"))
    from nastolka.tui.session import Session
    from nastolka.tui.start import ordered_bots

    assert registered in ordered_bots(get("show_battle"))
    session = Session.new(get("show_battle"), ["human", registered], seed=5)
    assert session.bots[1].name == registered
    with pytest.raises(PolicyError, match="3 players"):
        Session.new(get("show_battle"), ["human", registered, "random"], seed=5)


def test_a_server_table_seats_a_registered_policy(registered: str, tmp_path: Path) -> None:
    from nastolka.server import Settings, create_app

    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'p.db'}", bot_delay=0.0, min_clock=1))
    with TestClient(app) as client:
        games = {g["id"]: g for g in client.get("/api/games").json()}
        assert registered in games["show_battle"]["bots"]
        bad = client.post("/api/tables", json={"game": "show_battle", "seats": [
            {"kind": "bot", "bot": registered}, {}, {}]})
        assert bad.json()["error"]["code"] == "bad_seats" and "3 players" in bad.text
        r = client.post("/api/tables", json={"game": "show_battle", "seats": [
            {"kind": "bot", "bot": registered}, {"kind": "bot", "bot": "random"}]})
        assert r.status_code == 201, r.text
        table = r.json()["table"]["id"]
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            status = client.get(f"/api/tables/{table}").json()["table"]["status"]
            if status == "over":
                break
            time.sleep(0.05)
        assert status == "over"
        record = client.get(f"/api/tables/{table}/record").json()
        assert record["seats"][0] == f"bot:{registered}" and record["result"] is not None
        assert json.dumps(record).count(str(tmp_path)) == 0  # the file's path is not shown to players
