"""Delta states (issue 12: "send what changed, not the whole view"): a client that applies every patch
holds exactly the full view at every step — over random games of all three games, in Python and in the
browser's own ``patch.js`` (run by Node) — and against a real server process, where a resync and a
reconnect bring a full state back."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import nastolka.games  # noqa: F401  (registers the games)
from nastolka.engine import get
from nastolka.server.patch import apply_patch, diff, merge_state

from .attack import Player, recv, recv_until
from .procs import ServerProcess

WEB = Path(__file__).resolve().parents[2] / "nastolka" / "web"
GAMES = ["show_battle", "colt_express", "talespin"]


def random_views(game_id: str, seed: int, players: int = 4) -> dict[int | None, list[Any]]:
    """Every seat's view (and the spectator's) after every step of one random game."""
    game = get(game_id)
    state = game.new(players, None, seed=seed)
    rng = random.Random(seed)
    seats: list[int | None] = [*range(players), None]
    views: dict[int | None, list[Any]] = {s: [state.view(s)] for s in seats}
    while not state.is_over and len(views[None]) < 400:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_ids(seat)))
        for s in seats:
            views[s].append(state.view(s))
    return views


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_applying_every_patch_gives_the_full_view(game_id: str, seed: int) -> None:
    for seat, views in random_views(game_id, seed).items():
        held = views[0]
        for before, after in zip(views, views[1:], strict=False):
            snapshot = json.dumps(before, sort_keys=True)
            held = apply_patch(held, diff(held, after))
            assert held == after, (game_id, seed, seat)
            assert json.dumps(before, sort_keys=True) == snapshot, "a patch changed the view it applied to"
        assert diff(held, views[-1]) == []


def test_patch_operations_cover_keys_lists_and_types() -> None:
    old = {"a": 1, "b": [1, 2, 3], "c": {"d": [{"e": 1}]}, "gone": True, "t": [1]}
    new = {"a": 2, "b": [1, 2], "c": {"d": [{"e": 2, "f": None}]}, "t": {"x": 1}, "n": "new"}
    ops = diff(old, new)
    assert [["gone"]] in ops and [["b"], [1, 2]] in ops and [["c", "d", 0, "e"], 2] in ops
    assert apply_patch(old, ops) == new
    assert apply_patch(old, diff(old, None)) is None and diff(new, new) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_the_browser_applies_the_same_patches(game_id: str, tmp_path: Path) -> None:
    """``nastolka/web/patch.js`` (the page's own code) rebuilds every view from the server's patches."""
    node = shutil.which("node")
    assert node, "Node.js is needed to run the browser's patch code"
    steps = []
    for views in random_views(game_id, 5).values():
        steps.append({"start": views[0], "steps": [[diff(a, b), b] for a, b in zip(views, views[1:], strict=False)]})
    (tmp_path / "steps.json").write_text(json.dumps(steps, ensure_ascii=False))
    script = tmp_path / "check.mjs"
    script.write_text(f"""
import {{ readFileSync }} from "node:fs";
import {{ applyPatch, mergeState }} from {json.dumps((WEB / "patch.js").as_uri())};
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
let n = 0;
for (const seat of JSON.parse(readFileSync({json.dumps(str(tmp_path / "steps.json"))}, "utf8"))) {{
  let held = seat.start;
  for (const [ops, want] of seat.steps) {{
    const before = JSON.stringify(held);
    const next = applyPatch(held, ops);
    if (JSON.stringify(held) !== before) throw new Error("a patch changed the view it applied to");
    if (!same(next, want)) throw new Error(`step ${{n}}: ${{JSON.stringify(next)}} != ${{JSON.stringify(want)}}`);
    held = next; n++;
  }}
}}
const last = {{ version: 3, view: {{ a: 1 }}, legal: [{{ id: "x" }}], table: {{ status: "playing", version: 3 }} }};
const m = mergeState(last, {{ type: "state", delta: true, base: 3, version: 4, patch: [[["a"], 2]], events: [] }});
if (!same(m.view, {{ a: 2 }}) || m.legal !== last.legal || m.table.version !== 4 || "patch" in m) throw new Error("merge");
if (mergeState(last, {{ type: "state", delta: true, base: 2, version: 4, patch: [] }}) !== null) throw new Error("base");
console.log(n);
""")
    out = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert int(out.stdout) > 50


# ---------------------------------------------------------------------------- against a real server
@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("deltas")
    with ServerProcess(f"sqlite:///{tmp / 'deltas.db'}", log_path=tmp / "server.log") as proc:
        yield proc


def hello(ws: Any, token: str | None, delta: bool = True) -> dict[str, Any]:
    ws.send(json.dumps({"type": "hello", "token": token, "delta": delta}))
    assert recv(ws)["type"] == "welcome"
    first = recv(ws)
    assert first["type"] == "state" and "delta" not in first, "the first state is always full"
    return first


@pytest.mark.parametrize("game_id", GAMES)
def test_a_delta_client_holds_the_full_state_at_every_step(server: ServerProcess, game_id: str) -> None:
    host = Player(server)
    made = host.create([{}] * 4, game=game_id)
    tid = made["table"]["id"]
    tokens = [host.join(tid, i, f"P{i}") for i in range(4)]
    sockets = [host.socket(tid) for _ in range(5)]           # four seats and a spectator
    watchers = [host.socket(tid)]                            # a full-state client beside them, as a referee
    try:
        held: list[dict[str, Any]] = [hello(ws, tok) for ws, tok in zip(sockets, [*tokens, None], strict=True)]
        reference = hello(watchers[0], tokens[0], delta=False)
        rng = random.Random(game_id)
        deltas = 0
        for step in range(40):
            state = held[0]
            if state["table"]["status"] != "playing":
                break
            mover = next(i for i in range(4) if held[i]["legal"])
            before = held[mover]["version"]
            sockets[mover].send(json.dumps({"type": "action", "version": before,
                                            "action": rng.choice(held[mover]["legal"])["id"]}))
            for i, ws in enumerate(sockets):   # every socket: the state after the move, as a delta
                msg = recv_until(ws, lambda m, v=before: m["type"] == "state" and m["version"] > v)
                assert msg.get("delta") is True and "view" not in msg and msg["base"] == before
                deltas += 1
                merged = merge_state(held[i], msg)
                assert merged is not None
                held[i] = merged
            reference = recv_until(watchers[0], lambda m, v=before: m["type"] == "state" and m["version"] > v)
            assert "delta" not in reference   # a client that did not ask gets whole states, as before
            assert held[0]["view"] == reference["view"] and held[0]["legal"] == reference["legal"]
            assert held[0]["table"] == reference["table"]
            if step % 5 == 0:                  # and what each seat holds is what the server would show it
                for i in range(4):
                    assert held[i]["view"] == host.table(tid, tokens[i])["view"]
                assert held[4]["view"] == host.table(tid)["view"]
        assert deltas >= 5 * 10
        # a resync brings the full state back, equal to what the patches built
        sockets[1].send(json.dumps({"type": "sync"}))
        full = recv_until(sockets[1], lambda m: m["type"] == "state")
        assert "delta" not in full and full["full"] is True
        assert full["view"] == held[1]["view"] and full["legal"] == held[1]["legal"]
        # and so does a reconnect
        sockets[2].close()
        sockets[2] = host.socket(tid)
        again = hello(sockets[2], tokens[2])
        assert again["full"] is True and again["view"] == held[2]["view"]
    finally:
        for ws in sockets + watchers:
            ws.close()
        host.close()


def test_a_refused_move_resets_the_base(server: ServerProcess) -> None:
    """An error carries a full state; the next delta applies to that state."""
    host = Player(server)
    tid = host.create([{}] * 2)["table"]["id"]
    tokens = [host.join(tid, i, f"P{i}") for i in range(2)]
    a, b = host.socket(tid), host.socket(tid)
    try:
        held = [hello(a, tokens[0]), hello(b, tokens[1])]
        mover = 0 if held[0]["legal"] else 1
        ws = (a, b)[mover]
        ws.send(json.dumps({"type": "action", "action": "no-such-move", "version": held[mover]["version"]}))
        err = recv_until(ws, lambda m: m["type"] == "error")
        assert err["code"] == "illegal" and "delta" not in err["state"]
        held[mover] = err["state"]
        ws.send(json.dumps({"type": "action", "action": held[mover]["legal"][0]["id"],
                            "version": held[mover]["version"]}))
        msg = recv_until(ws, lambda m: m["type"] == "state")
        merged = merge_state(held[mover], msg)
        assert merged is not None and merged["view"] == host.table(tid, tokens[mover])["view"]
    finally:
        a.close()
        b.close()
        host.close()


def test_a_socket_that_names_its_language_gets_texts_in_it_alone(server: ServerProcess) -> None:
    """``hello`` with ``lang``: labels and event texts in that language only, the same words a socket
    without ``lang`` gets in both; ``sync`` with ``lang`` switches; an unknown language means both."""
    host = Player(server)
    tid = host.create([{}] * 2)["table"]["id"]
    tokens = [host.join(tid, i, f"P{i}") for i in range(2)]
    token = next(t for t in tokens if host.table(tid, t)["legal"])   # three sockets of the seat that acts
    ru, both = host.socket(tid), host.socket(tid)
    odd = host.socket(tid)
    try:
        ru.send(json.dumps({"type": "hello", "token": token, "delta": True, "lang": "ru"}))
        both.send(json.dumps({"type": "hello", "token": token, "delta": True}))
        odd.send(json.dumps({"type": "hello", "token": token, "delta": True, "lang": "fr"}))
        held = {}
        for name, ws in (("ru", ru), ("both", both), ("odd", odd)):
            assert recv(ws)["type"] == "welcome"
            held[name] = recv_until(ws, lambda m: m["type"] == "state")
        assert held["both"]["legal"] and all(set(a) == {"id", "en", "ru"} for a in held["both"]["legal"])
        assert held["odd"]["legal"] == held["both"]["legal"]
        assert [set(a) for a in held["ru"]["legal"]] == [{"id", "ru"}] * len(held["ru"]["legal"])
        assert [a["ru"] for a in held["ru"]["legal"]] == [a["ru"] for a in held["both"]["legal"]]
        ru.send(json.dumps({"type": "action", "action": held["ru"]["legal"][0]["id"],
                            "version": held["ru"]["version"]}))
        for name, ws in (("ru", ru), ("both", both)):
            msg = recv_until(ws, lambda m: m["type"] == "state" and m["version"] > 0)
            assert msg.get("delta") is True and msg["events"], "the move's events come in the delta"
            merged = merge_state(held[name], msg)
            assert merged is not None
            held[name] = merged
        assert all(set(e) >= {"text_ru"} and "text_en" not in e for e in held["ru"]["events"])
        assert [e["text_ru"] for e in held["ru"]["events"]] == [e["text_ru"] for e in held["both"]["events"]]
        assert all("text_en" in e for e in held["both"]["events"])
        # the page switches to English: a sync with the new language, and the deltas follow it
        ru.send(json.dumps({"type": "sync", "lang": "en"}))
        full = recv_until(ru, lambda m: m["type"] == "state" and m.get("full") is True)
        assert full["events"] and all("text_en" in e and "text_ru" not in e for e in full["events"])
        assert all(set(a) == {"id", "en"} for a in full["legal"])
        assert [a["en"] for a in full["legal"]] == [a["en"] for a in held["both"]["legal"]]
    finally:
        for ws in (ru, both, odd):
            ws.close()
        host.close()
