"""Bounded load test of the online server: N simulated players over WebSockets on loopback.

It starts a real ``nastolka serve`` process (SQLite file or a fresh PostgreSQL database), creates
``--tables`` tables of ``--seats`` people each, and every simulated person plays random legal moves
as soon as it is their turn, sending the version they saw, exactly like the browser. It reports
accepted actions per second and the action latency (send -> "accepted" reply, which the server sends
only after the move is committed and pushed to every seat) as JSON.

    python bench/load_server.py --backend sqlite --tables 50 --seats 4 --seconds 30
    python bench/load_server.py --backend postgres --pg postgresql://postgres@127.0.0.1:5432/postgres

Bounded: it stops after ``--seconds`` or ``--max-actions``, whichever comes first, and cleans up the
server process and the database it created.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: dict[str, int] = {}
        self.games_done = 0
        self.connected = 0

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1


async def player(ws_url: str, table_id: str, token: str, rng: random.Random, stats: Stats,
                 stop: asyncio.Event) -> None:
    async with websockets.connect(f"{ws_url}/ws/tables/{table_id}", max_size=2**22, compression=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        stats.connected += 1
        sent_at: float | None = None
        last: dict[str, Any] | None = None
        async for raw in ws:
            msg = json.loads(raw)
            kind = msg["type"]
            if kind == "accepted" and sent_at is not None:
                stats.latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            elif kind == "error":
                stats.error(msg.get("code", "?"))
                sent_at = None
                last = msg.get("state") or last
            elif kind == "state":
                last = msg
            if last is None:
                continue
            if last["table"]["status"] == "over" or stop.is_set():
                return
            # the state after my own move may arrive before my "accepted": act on the latest state
            if last["legal"] and sent_at is None:
                choice = rng.choice(last["legal"])["id"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "action", "action": choice, "version": last["version"]}))
                last = dict(last, legal=[])


async def post(http: httpx.AsyncClient, path: str, body: dict[str, Any]) -> dict[str, Any]:
    for _ in range(50):
        r = await http.post(path, json=body)
        if r.status_code != 429:
            r.raise_for_status()
            return dict(r.json())
        await asyncio.sleep(0.2)
    raise RuntimeError("rate limited too long")


async def table_loop(base: str, ws_url: str, game: str, seats: int, rng: random.Random, stats: Stats,
                     stop: asyncio.Event) -> None:
    """One table slot: play games back to back until the time is up."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        while not stop.is_set():
            table = (await post(http, "/api/tables", {"game": game, "seats": [{}] * seats}))["table"]
            tokens = [(await post(http, f"/api/tables/{table['id']}/join", {"seat": i, "name": f"p{i}"}))["token"]
                      for i in range(seats)]
            await asyncio.gather(*(player(ws_url, table["id"], tok, random.Random(rng.random()), stats, stop)
                                   for tok in tokens))
            if not stop.is_set():
                stats.games_done += 1


def start_server(port: int, db: str, redis: str | None) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "nastolka.cli.main", "serve", "--port", str(port), "--db", db,
           "--bot-delay", "0", "--log-level", "warning"]
    if redis:
        cmd += ["--redis", redis]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited: {proc.stderr.read().decode() if proc.stderr else ''}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("server did not start")


async def run(args: argparse.Namespace, db: str) -> dict[str, Any]:
    proc = None
    if args.url:
        base = args.url.rstrip("/")
    else:
        port = free_port()
        proc = start_server(port, db, args.redis)
        base = f"http://127.0.0.1:{port}"
    ws_url = "ws" + base[4:]
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(args.seed)
    try:
        tasks = [asyncio.create_task(table_loop(base, ws_url, args.game, args.seats, random.Random(rng.random()),
                                                stats, stop)) for _ in range(args.tables)]
        # warm-up: measure from the moment every simulated person is seated and connected
        warm_deadline = time.perf_counter() + 120
        while stats.connected < args.tables * args.seats and time.perf_counter() < warm_deadline:
            await asyncio.sleep(0.05)
        warmup = len(stats.latencies)
        started = time.perf_counter()
        while time.perf_counter() - started < args.seconds and len(stats.latencies) - warmup < args.max_actions:
            await asyncio.sleep(0.1)
        stop.set()
        elapsed = time.perf_counter() - started
        done_actions = len(stats.latencies) - warmup
        await asyncio.wait(tasks, timeout=10)
        for t in tasks:
            t.cancel()
    finally:
        if proc is not None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
    lat_ms = [x * 1000 for x in stats.latencies[warmup:warmup + done_actions]]
    return {
        "backend": args.backend, "game": args.game, "tables": args.tables, "seats": args.seats,
        "clients": args.tables * args.seats, "seconds": round(elapsed, 2), "actions": done_actions,
        "actions_per_s": round(done_actions / elapsed, 1),
        "latency_ms": {"p50": round(pct(lat_ms, 0.50), 2), "p99": round(pct(lat_ms, 0.99), 2),
                       "mean": round(statistics.fmean(lat_ms), 2) if lat_ms else None,
                       "max": round(max(lat_ms), 2) if lat_ms else None},
        "games_finished": stats.games_done, "errors": stats.errors, "cpus": os.cpu_count(),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--backend", choices=["sqlite", "postgres"], default="sqlite")
    p.add_argument("--pg", default="postgresql://postgres@127.0.0.1:5432/postgres",
                   help="PostgreSQL server URL; a temporary database is created on it and dropped afterwards")
    p.add_argument("--redis", default=None, help="run the server with --redis URL")
    p.add_argument("--url", default=None, help="load an already running server instead of starting one")
    p.add_argument("--game", default="show_battle")
    p.add_argument("--tables", type=int, default=50)
    p.add_argument("--seats", type=int, default=4)
    p.add_argument("--seconds", type=float, default=30.0)
    p.add_argument("--max-actions", type=int, default=200_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", default=None, help="also write the JSON here")
    args = p.parse_args()
    pg_name = None
    tmpdir = tempfile.TemporaryDirectory(prefix="nastolka-load-")
    if args.backend == "sqlite":
        db = f"sqlite:///{Path(tmpdir.name) / 'load.db'}"
    else:
        import psycopg

        pg_name = f"nastolka_load_{secrets.token_hex(4)}"
        with psycopg.connect(args.pg, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{pg_name}"')
        db = args.pg.rsplit("/", 1)[0] + "/" + pg_name
    try:
        result = asyncio.run(run(args, db))
    finally:
        if pg_name:
            import psycopg

            with psycopg.connect(args.pg, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{pg_name}" WITH (FORCE)')
        tmpdir.cleanup()
    text = json.dumps(result, indent=1)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
