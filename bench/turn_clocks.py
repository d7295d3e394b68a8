"""Durable clocks under load (issue 26, point 6): N turn-based tables whose first movers' deadlines fall due
over one minute, fired by two server processes sharing one PostgreSQL database.

It creates a fresh database, starts two real server processes (uvicorn, ``create_app``) that share a
clock file (``Settings.clock_file``: the wall clock plus an offset), creates ``--tables`` two-player
turn-based tables (1 hour a move, no bank) over HTTP through both processes and seats two people at each
(or, ``--direct-setup``, inserts the same rows in bulk), then compresses their deadlines into ``--window`` seconds (the stored dues are rescaled linearly: setting
the tables up takes longer than a minute) and moves the shared time an hour ahead so that they fall due
over the next window. Measured:

* every deadline fired exactly once (one stand-in move at the first mover's version per table, none twice,
  none missing, no due row left); the away seat's stand-in then goes on playing its turns (counted apart);
* lateness of each firing: when the stand-in's move was committed (PostgreSQL's clock, the same machine)
  minus its due time, p50/p99/max;
* each process's resident memory (VmRSS, MB) sampled every second: before, peak, after;

    python bench/turn_clocks.py --tables 10000 --window 60 --out bench/turn_clocks.json

Bounded: setup and the run stop after ``--timeout`` seconds; the processes and the database are removed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

PG_ADMIN = os.environ.get("NASTOLKA_PG_ADMIN", "postgresql://postgres@127.0.0.1:5432/postgres")
LOOSE = {"http_read_rate": 1e6, "http_read_burst": 1_000_000, "http_write_rate": 1e6,
         "http_write_burst": 1_000_000, "create_per_minute": 1e9, "create_burst": 1_000_000,
         "open_tables_per_address": 1_000_000, "turn_based_games": 1_000_000, "bot_delay": 0.0}


def serve(port: int, db: str, extra: str) -> None:
    import uvicorn

    from nastolka.server import Settings, create_app

    app = create_app(Settings(db_url=db, **json.loads(extra)))
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_s(pid: int) -> float:
    """User + system CPU seconds of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start(db: str, settings: dict[str, Any], log: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, __file__, "--serve", str(port), db, json.dumps(settings)],
                            stdout=log.open("ab"), stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    end = time.monotonic() + 60
    while time.monotonic() < end:
        try:
            if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.2)
    raise RuntimeError("server did not start")


async def setup(urls: list[str], tables: int, game: str, players: int, parallel: int) -> list[str]:
    """Create and fill the tables through both processes, ``parallel`` at a time."""
    clients = [httpx.AsyncClient(base_url=u, timeout=60) for u in urls]
    ids: list[str] = []
    gate = asyncio.Semaphore(parallel)

    async def post(c: httpx.AsyncClient, path: str, body: dict[str, Any]) -> httpx.Response:
        """A request, sent again when a kept-alive connection was closed under it (a client-side race
        with the server's keep-alive timeout, not a refusal); a join that did land the first time
        answers 409 the second time, which is as good."""
        for attempt in range(5):
            try:
                r = await c.post(path, json=body)
            except (httpx.ReadError, httpx.RemoteProtocolError, httpx.ConnectError):
                if attempt == 4:
                    raise
                await asyncio.sleep(0.2)
                continue
            if r.status_code != 409:
                r.raise_for_status()
            return r
        raise RuntimeError("unreachable")

    async def one(i: int) -> None:
        async with gate:
            r = await post(clients[i % len(clients)], "/api/tables",
                           {"game": game, "seats": [{}] * players, "clock": 3600})
            tid = r.json()["table"]["id"]
            for seat in range(players):
                await post(clients[(i + seat) % len(clients)], f"/api/tables/{tid}/join",
                           {"seat": seat, "name": f"P{seat}"})
            ids.append(tid)

    await asyncio.gather(*(one(i) for i in range(tables)))
    for c in clients:
        await c.aclose()
    return ids


def direct_setup(engine: Any, tables: int, game_id: str, players: int) -> list[str]:
    """The rows the server writes for a created, filled turn-based table (1 hour a move, no bank), inserted
    in bulk: HTTP setup of 10,000 tables (30,000 requests) takes longer than the run it prepares on a
    small shared machine. Same columns and values as ``create`` + ``join`` + ``start_in_tx``."""
    from sqlalchemy import insert

    from nastolka.engine import get
    from nastolka.engine.secure_rng import SECRET_BITS
    from nastolka.server.models import due_clocks, seats
    from nastolka.server.models import tables as tables_t
    from nastolka.server.tokens import hash_token, new_table_id, new_token

    game = get(game_id)
    options = json.dumps(dict(game.new(players, {}, seed=1, rng="blake2b").origin.options))
    ids: list[str] = []
    now = time.time()
    for start in range(0, tables, 1000):
        t_rows, s_rows, d_rows = [], [], []
        for _ in range(min(1000, tables - start)):
            tid = new_table_id()
            ids.append(tid)
            seed = secrets.randbits(SECRET_BITS)
            state = game.new(players, {}, seed=seed, rng="blake2b")
            t_rows.append({"id": tid, "game": game.id, "options": options, "players": players, "seed": str(seed),
                           "rng": "blake2b", "status": "playing", "clock": 3600, "bank": 0,
                           "owner_hash": hash_token(new_token()), "private": 0, "invite_hash": None,
                           "rules_version": game.rules_version, "rated": 1})
            for seat in range(players):
                first = seat in state.to_act
                s_rows.append({"table_id": tid, "seat": seat, "kind": "human", "name": f"P{seat}", "bot": None,
                               "token_hash": hash_token(new_token()), "away": 0, "invite_hash": None,
                               "turn_at": now if first else None, "holder": f"addr:bench{seat}"})
                if first:
                    d_rows.append({"table_id": tid, "seat": seat, "version": 0, "due": now + 3600})
        with engine.begin() as conn:
            conn.execute(insert(tables_t), t_rows)
            conn.execute(insert(seats), s_rows)
            conn.execute(insert(due_clocks), d_rows)
    return ids


def main() -> None:  # noqa: C901
    ap = argparse.ArgumentParser()
    ap.add_argument("--serve", nargs=3, help=argparse.SUPPRESS)
    ap.add_argument("--tables", type=int, default=10_000)
    ap.add_argument("--window", type=float, default=60.0)
    ap.add_argument("--game", default="talespin")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--parallel", type=int, default=32)
    ap.add_argument("--timeout", type=float, default=1800.0)
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--direct-setup", action="store_true",
                    help="insert the tables' rows in bulk instead of creating and joining them over HTTP")
    args = ap.parse_args()
    if args.serve:
        serve(int(args.serve[0]), args.serve[1], args.serve[2])
        return

    import psycopg
    from sqlalchemy import create_engine, func, select, update

    from nastolka.server.models import actions, due_clocks

    name = f"nastolka_bench_{secrets.token_hex(4)}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    db = PG_ADMIN.rsplit("/", 1)[0] + "/" + name
    tmp = Path(tempfile.mkdtemp(prefix="nastolka-bench-"))
    clock_file = tmp / "clock"
    clock_file.write_text("0")
    settings = {**LOOSE, "clock_file": str(clock_file), "due_poll": 0.2, "due_lease": 30.0}
    procs: list[subprocess.Popen[bytes]] = []
    engine = create_engine(db.replace("postgresql://", "postgresql+psycopg://", 1))
    report: dict[str, Any] = {"tables": args.tables, "window_s": args.window, "game": args.game,
                              "players": args.players, "processes": 2, "cpus": os.cpu_count()}
    try:
        urls = []
        for i in range(2):
            proc, url = start(db, settings, tmp / f"server{i}.log")
            procs.append(proc)
            urls.append(url)
        t0 = time.monotonic()
        report["setup"] = "bulk insert" if args.direct_setup else "HTTP create + join"
        if args.direct_setup:
            ids = direct_setup(engine, args.tables, args.game, args.players)
        else:
            ids = asyncio.run(asyncio.wait_for(setup(urls, args.tables, args.game, args.players, args.parallel),
                                               args.timeout))
        report["setup_s"] = round(time.monotonic() - t0, 1)
        report["rss_mb_after_setup"] = [round(rss_mb(p.pid), 1) for p in procs]
        # the dues, compressed into the window and placed an hour (the clock) plus a few seconds ahead
        lead = 5.0
        with engine.begin() as conn:
            lo, hi = conn.execute(select(func.min(due_clocks.c.due), func.max(due_clocks.c.due))
                                  .where(due_clocks.c.seat >= 0)).one()
            start_at = time.time() + 3600 + lead
            span = max(hi - lo, 1e-9)
            conn.execute(update(due_clocks).where(due_clocks.c.seat >= 0)
                         .values(due=start_at + (due_clocks.c.due - lo) * (args.window / span)))
            dues = {(r.table_id, r.seat): r.due for r in conn.execute(select(due_clocks).where(due_clocks.c.seat >= 0))}
        assert len(dues) == len(ids), (len(dues), len(ids))
        cpu0 = [cpu_s(p.pid) for p in procs]
        load0 = os.getloadavg()[0]
        clock_file.write_text("3600")            # the hour passes: dues fall between lead and lead + window
        samples: list[list[float]] = []
        end = time.monotonic() + lead + args.window + 120
        fired = 0
        while time.monotonic() < end:
            samples.append([rss_mb(p.pid) for p in procs])
            with engine.connect() as conn:
                fired = int(conn.execute(select(func.count()).select_from(actions)
                                         .where(actions.c.by == "clock", actions.c.version == 0)).scalar_one())
            if fired >= len(ids) and time.monotonic() > end - 110:   # then 10 s more of memory samples
                break
            time.sleep(1.0)
        cpu = [round(cpu_s(p.pid) - c, 1) for p, c in zip(procs, cpu0, strict=True)]
        report["load_average_1min"] = {"before_run": round(load0, 1), "after_run": round(os.getloadavg()[0], 1)}
        with engine.connect() as conn:
            # the deadline's firing is the stand-in's move at version 0; later moves of the away seat
            # are its stand-in going on (counted apart)
            rows = list(conn.execute(select(actions.c.table_id, actions.c.seat, actions.c.version, actions.c.by,
                                            func.extract("epoch", actions.c.created_at).label("at"))
                                     .where(actions.c.by == "clock", actions.c.version == 0)))
            later = int(conn.execute(select(func.count()).select_from(actions)
                                     .where(actions.c.by == "clock", actions.c.version > 0)).scalar_one())
            left = int(conn.execute(select(func.count()).select_from(due_clocks)
                                    .where(due_clocks.c.version == 0, due_clocks.c.seat >= 0)).scalar_one())
        per_table: dict[str, int] = {}
        lateness = []
        for r in rows:
            per_table[r.table_id] = per_table.get(r.table_id, 0) + 1
            lateness.append(float(r.at) + 3600 - dues[(r.table_id, r.seat)])
        lateness.sort()

        def pct(q: float) -> float:
            return round(lateness[min(len(lateness) - 1, int(q * len(lateness)))], 3) if lateness else -1.0

        report.update({
            "deadlines_fired": len(rows), "later_stand_in_moves": later, "tables_fired_once": sum(1 for v in per_table.values() if v == 1),
            "tables_fired_twice_or_more": sum(1 for v in per_table.values() if v > 1),
            "tables_not_fired": len(ids) - len(per_table), "due_rows_left_unfired": left,
            "lateness_s": {"p50": pct(0.5), "p99": pct(0.99), "max": round(lateness[-1], 3) if lateness else -1,
                           "min": round(lateness[0], 3) if lateness else -1,
                           "mean": round(statistics.fmean(lateness), 3) if lateness else -1},
            "cpu_s_during_run": cpu,
            "cpu_ms_per_deadline_with_its_later_moves": round(1000 * sum(cpu) / max(1, len(rows)), 1),
            "rss_mb": [{"after_setup": report["rss_mb_after_setup"][i],
                        "peak_during_run": round(max(s[i] for s in samples), 1),
                        "end_of_run": round(samples[-1][i], 1)} for i in range(len(procs))],
        })
        report.pop("rss_mb_after_setup")
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
        engine.dispose()
        with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    text = json.dumps(report, indent=2)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
