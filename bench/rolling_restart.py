"""Rolling restart drill: server processes on one database, people and bots playing, each process restarted
in turn (SIGTERM: drained, then started again on the same port); every acknowledged move must be stored.

Each table slot plays games back to back on two seats: scripted people (a websocket client each, playing a
random legal move after a short think, as the browser does: deltas and the ack inside the state) and
``random`` bots. A person whose socket is closed with 1012 "service restart" reconnects to the next
process (as a browser behind a load balancer would) and plays on from the state it is sent.

Reported (JSON): moves acknowledged, acknowledged moves missing from the database (``lost``, must be 0),
tables not finished at the end (``stuck``, must be 0), people who were told to reconnect and did
(``resumed`` of ``told_restart``), each process's exit time after SIGTERM, and the ack latency overall and
during the restart windows (SIGTERM -> the process serves again).

    python bench/rolling_restart.py --seats 200 --pg postgresql://postgres@127.0.0.1:5432/postgres

The test suite runs the same drill at a small size (tests/server/test_ops_drain.py) with the toy game.
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
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from nastolka.server.patch import merge_state

PERSON_HELLO = {"type": "hello", "delta": True, "ack_in_state": True, "lang": "en"}


@dataclass
class Server:
    """A server process on a fixed port, started from ``cmd`` (the port is in it) and restarted in place."""

    cmd: list[str]
    port: int
    env: dict[str, str] = field(default_factory=dict)
    log: Path | None = None
    proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 240) -> float:
        """Start and wait until ``/readyz`` answers 200; the seconds it took."""
        begin = time.monotonic()
        out = open(self.log, "ab") if self.log else subprocess.DEVNULL   # noqa: SIM115
        self.proc = subprocess.Popen(self.cmd, stdout=out, stderr=subprocess.STDOUT, env={**os.environ, **self.env})
        while time.monotonic() - begin < timeout:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server on port {self.port} exited with {self.proc.returncode}")
            try:
                if httpx.get(self.url + "/readyz", timeout=1).status_code == 200:
                    return time.monotonic() - begin
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"server on port {self.port} did not start")

    def terminate(self, timeout: float = 15) -> tuple[float, int | None]:
        """SIGTERM, then wait for the exit: (seconds, exit code; None if it had to be killed)."""
        assert self.proc is not None
        begin = time.monotonic()
        self.proc.send_signal(signal.SIGTERM)
        try:
            code: int | None = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)
            code = None
        return time.monotonic() - begin, code

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)


@dataclass
class Person:
    table_id: str
    token: str
    server: int
    rng: random.Random
    #: the loopback address this person's table slot comes from (per-address limits are for one person)
    address: str = "127.0.0.1"
    #: position (the version before the move) -> action, for every move the server acknowledged
    acked: dict[int, str] = field(default_factory=dict)
    told_restart: int = 0
    resumed: int = 0


@dataclass
class Drill:
    servers: list[Server]
    game: str = "show_battle"
    pace: tuple[float, float] = (0.01, 0.05)
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    people: list[Person] = field(default_factory=list)
    tables: list[str] = field(default_factory=list)
    #: (wall time the move was sent, seconds to its ack)
    latencies: list[tuple[float, float]] = field(default_factory=list)
    windows: list[tuple[float, float]] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)

    async def person(self, p: Person) -> None:
        """Play one seat to the end of its game, reconnecting (to the next process) when told to."""
        while True:
            server = self.servers[p.server % len(self.servers)]
            try:
                async with websockets.connect(f"{server.ws_url}/ws/tables/{p.table_id}", open_timeout=5,
                                              compression=None, max_size=2**22, local_addr=(p.address, 0)) as ws:
                    await ws.send(json.dumps({**PERSON_HELLO, "token": p.token}))
                    if await self._play(ws, p):
                        return
                    code = ws.close_code
            except websockets.ConnectionClosed as exc:
                code = exc.rcvd.code if exc.rcvd else None
            except (OSError, TimeoutError, websockets.InvalidStatus, websockets.InvalidHandshake):
                code = None
                await asyncio.sleep(0.05)
            if code == 1012:
                p.told_restart += 1
            self.errors[f"closed_{code}"] = self.errors.get(f"closed_{code}", 0) + 1
            p.server += 1   # the next process, as a load balancer would pick another

    async def _play(self, ws: Any, p: Person) -> bool:  # noqa: C901
        last: dict[str, Any] | None = None
        sent: tuple[int, float, float] | None = None   # version, perf time, wall time
        acted_at: int | None = None
        waiting_resume = p.told_restart > p.resumed
        async for raw in ws:
            msg = json.loads(raw)
            ack = msg if msg["type"] == "accepted" else msg.get("accepted") if msg["type"] == "state" else None
            if ack is not None:
                p.acked[ack["version"] - 1] = ack["action"]
                if sent is not None and sent[0] == ack["version"] - 1:
                    self.latencies.append((sent[2], time.perf_counter() - sent[1]))
                    sent = None
            if msg["type"] == "error":
                self.errors[msg.get("code", "?")] = self.errors.get(msg.get("code", "?"), 0) + 1
                last, sent = msg.get("state") or last, None
            elif msg["type"] == "state":
                merged = merge_state(last, msg)
                if merged is None:
                    await ws.send(json.dumps({"type": "sync"}))
                    continue
                last = merged
            if last is None:
                continue
            if waiting_resume:
                p.resumed += 1
                waiting_resume = False
            if last["table"]["status"] == "over":
                return True
            if last["legal"] and sent is None and last["version"] != acted_at:
                await asyncio.sleep(p.rng.uniform(*self.pace))
                choice = p.rng.choice(last["legal"])["id"]
                sent = (last["version"], time.perf_counter(), time.time())
                acted_at = last["version"]
                await ws.send(json.dumps({"type": "action", "action": choice, "version": last["version"]}))
        return False

    async def _post(self, http: httpx.AsyncClient, path: str, body: dict[str, Any], start: int) -> dict[str, Any]:
        """POST to the first process that takes it (one restarting answers 503 or refuses the connection)."""
        for attempt in range(400):
            server = self.servers[(start + attempt) % len(self.servers)]
            try:
                r = await http.post(server.url + path, json=body)
            except httpx.HTTPError:
                await asyncio.sleep(0.05)
                continue
            if r.status_code in (429, 503):
                await asyncio.sleep(0.05)
                continue
            r.raise_for_status()
            return dict(r.json())
        raise RuntimeError(f"POST {path}: no process took it")

    async def slot(self, index: int, rng: random.Random) -> None:
        """One table slot: games back to back until the drill stops (the game in play is finished)."""
        bot_seat = index % 2 == 1   # every other table: a person and a bot
        seats: list[dict[str, Any]] = [{}, {"kind": "bot", "bot": "random"} if bot_seat else {}]
        # each slot from a loopback address of its own, as people come from theirs: the server's limits
        # per address (tables created per minute, sockets) are meant for one person, not for the drill
        address = f"127.0.{1 + index // 250}.{1 + index % 250}"
        transport = httpx.AsyncHTTPTransport(local_address=address)
        async with httpx.AsyncClient(timeout=30, transport=transport) as http:
            while not self.stop.is_set():
                table = (await self._post(http, "/api/tables", {"game": self.game, "seats": seats}, index))["table"]
                self.tables.append(table["id"])
                people = []
                for seat in range(1 if bot_seat else 2):
                    token = (await self._post(http, f"/api/tables/{table['id']}/join",
                                              {"seat": seat, "name": f"p{index}x{seat}"}, index))["token"]
                    people.append(Person(table["id"], token, index + seat, random.Random(rng.random()), address))
                self.people += people
                await asyncio.gather(*(self.person(p) for p in people))

    async def progress(self, moves: int, timeout: float = 120) -> None:
        """Wait until ``moves`` more moves were acknowledged (the drill is under load, not idle)."""
        target = self.acked() + moves
        end = time.monotonic() + timeout
        while self.acked() < target:
            if time.monotonic() > end:
                raise RuntimeError(f"no progress: {self.acked()} of {target} moves acknowledged")
            await asyncio.sleep(0.05)

    def acked(self) -> int:
        return sum(len(p.acked) for p in self.people)


def stored_moves(db_url: str, table_ids: list[str]) -> tuple[dict[tuple[str, int], str], dict[str, str]]:
    """Every stored move of the drill's tables, and each table's status, read from the database itself."""
    from sqlalchemy import select

    from nastolka.server.db import make_engine, normalize_url
    from nastolka.server.models import actions, tables

    engine = make_engine(normalize_url(db_url))
    try:
        with engine.connect() as conn:
            moves = {(r.table_id, r.version): r.action for r in conn.execute(
                select(actions.c.table_id, actions.c.version, actions.c.action).where(actions.c.table_id.in_(table_ids)))}
            status = {r.id: r.status for r in conn.execute(
                select(tables.c.id, tables.c.status).where(tables.c.id.in_(table_ids)))}
    finally:
        engine.dispose()
    return moves, status


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)


async def drill(servers: list[Server], db_url: str, slots: int, *, game: str = "show_battle",
                warm: int = 20, between: int = 20, finish_timeout: float = 120, seed: int = 1,
                pace: tuple[float, float] = (0.01, 0.05)) -> dict[str, Any]:
    """Start ``servers``, play on ``slots`` tables, restart each server in turn, finish the games, check."""
    loop = asyncio.get_running_loop()
    for s in servers:
        await loop.run_in_executor(None, s.start)
    d = Drill(servers, game=game, pace=pace)
    rng = random.Random(seed)
    began = time.monotonic()
    tasks = [asyncio.create_task(d.slot(i, random.Random(rng.random()))) for i in range(slots)]
    restarts: list[dict[str, Any]] = []
    try:
        await d.progress(warm)
        for s in servers:
            t0 = time.time()
            exit_s, code = await loop.run_in_executor(None, s.terminate)
            start_s = await loop.run_in_executor(None, s.start)
            d.windows.append((t0, time.time()))
            restarts.append({"port": s.port, "exit_seconds": round(exit_s, 2), "exit_code": code,
                             "start_seconds": round(start_s, 2)})
            await d.progress(between)
        d.stop.set()
        done, pending = await asyncio.wait(tasks, timeout=finish_timeout)
        for t in pending:
            t.cancel()
        for t in done:
            if t.exception() is not None:
                raise t.exception()  # type: ignore[misc]
        elapsed = time.monotonic() - began
    finally:
        for t in tasks:
            t.cancel()
        for s in servers:
            await loop.run_in_executor(None, s.terminate)
    moves, status = await loop.run_in_executor(None, stored_moves, db_url, d.tables)
    lost = [(p.table_id, v, a) for p in d.people for v, a in p.acked.items() if moves.get((p.table_id, v)) != a]
    stuck = [t for t in d.tables if status.get(t) != "over"]
    during = [lat for at, lat in d.latencies if any(a <= at <= b for a, b in d.windows)]
    return {
        "servers": len(servers), "table_slots": slots, "tables": len(d.tables), "people": len(d.people),
        "seats": 2 * slots, "moves_acknowledged": d.acked(), "moves_stored": len(moves),
        "lost": len(lost), "lost_examples": lost[:5], "stuck": len(stuck), "stuck_tables": stuck[:5],
        "told_restart": sum(p.told_restart for p in d.people), "resumed": sum(p.resumed for p in d.people),
        "restarts": restarts, "seconds": round(elapsed, 1),
        "ack_ms": {"p50": pct([x for _, x in d.latencies], 0.5), "p99": pct([x for _, x in d.latencies], 0.99),
                   "max": pct([x for _, x in d.latencies], 1.0)},
        "ack_ms_during_restarts": {"moves": len(during), "p50": pct(during, 0.5), "p99": pct(during, 0.99),
                                   "max": pct(during, 1.0)},
        "client_errors": d.errors,
    }


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seats", type=int, default=200, help="seats in play at once (two per table)")
    p.add_argument("--servers", type=int, default=2)
    p.add_argument("--game", default="show_battle")
    p.add_argument("--pg", default="postgresql://postgres@127.0.0.1:5432/postgres",
                   help="PostgreSQL server: a temporary database is created on it and dropped afterwards")
    p.add_argument("--pace", default="0.2,1.0", help="MIN,MAX seconds a person thinks before a move")
    p.add_argument("--bot-delay", type=float, default=0.2)
    p.add_argument("--warm", type=int, default=300, help="moves acknowledged before the first restart")
    p.add_argument("--between", type=int, default=300, help="moves acknowledged after each restart")
    p.add_argument("--server-log", default=None)
    p.add_argument("--out", default=None, help="also write the JSON here")
    args = p.parse_args()
    import psycopg

    name = f"nastolka_rolling_{secrets.token_hex(4)}"
    with psycopg.connect(args.pg, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    db = args.pg.rsplit("/", 1)[0] + "/" + name
    log = Path(args.server_log) if args.server_log else None
    servers = []
    for _ in range(args.servers):
        port = free_port()
        servers.append(Server([sys.executable, "-m", "nastolka.cli.main", "serve", "--port", str(port), "--db", db,
                               "--bot-delay", str(args.bot_delay), "--log-level", "warning"], port, log=log))
    lo, hi = (float(x) for x in args.pace.split(","))
    try:
        report = asyncio.run(drill(servers, db, args.seats // 2, game=args.game, warm=args.warm,
                                   between=args.between, pace=(lo, hi), finish_timeout=300))
    finally:
        for s in servers:
            s.kill()
        with psycopg.connect(args.pg, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    report["pace"] = args.pace
    report["bot_delay"] = args.bot_delay
    report["cpus"] = os.cpu_count()
    text = json.dumps(report, indent=2)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n")


if __name__ == "__main__":
    main()
