"""Bounded load test of the online server: N simulated players over WebSockets on loopback.

It starts a real ``nastolka serve`` process (SQLite file or a fresh PostgreSQL database), creates
``--tables`` tables of ``--seats`` people each, and every simulated person plays random legal moves
as soon as it is their turn, sending the version they saw, exactly like the browser. It reports
accepted actions per second and the action latency (send -> "accepted" reply, which the server sends
only after the move is committed and pushed to every seat; the players ask for it inside the state after
their move, ``ack_in_state``, as the browser does) as JSON.

    python bench/load_server.py --backend sqlite --tables 50 --seats 4 --seconds 30
    python bench/load_server.py --backend postgres --pg postgresql://postgres@127.0.0.1:5432/postgres

With ``--pace MIN,MAX`` each person thinks that many seconds before a move (a human pace); with
``--abuse`` an abuse mix runs beside them, each part bounded and from loopback addresses of its own:
floods of joins and of table creation, big and deeply nested bodies, sync and replay floods, and
sockets that never read. Players each come from their own loopback address too (as people would), so
per-address limits meet only the abusers. Reported besides latency: whether every accepted move is in
the table's log (``lost_moves``) and the server process's CPU time per accepted move.

    python bench/load_server.py --tables 50 --seats 4 --seconds 30 --pace 1,3 --abuse
    python bench/load_server.py --tables 50 --seats 4 --seconds 20            # full speed: CPU per move

With ``--pin`` the server process gets CPU 0 and this generator (players and abusers) the other CPUs, the
abuse process at a low priority: on a real deployment the players' and the attackers' programs run on
their own machines, not on the server's CPU, so a bench on one small machine must not let them queue for
the same cores (``os.sched_setaffinity``). ``--server-nice``/``--players-nice`` below 0 (root) also put
the server and the players ahead of other programs on a shared machine. The load average before and
after is reported either way.

Bounded: it stops after ``--seconds`` or ``--max-actions``, whichever comes first, and cleans up the
server process and the database it created.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
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

from nastolka.server.patch import merge_state


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
        self.accepted: dict[str, int] = {}
        self.abuse: dict[str, dict[str, int]] = {}

    def abused(self, kind: str, outcome: str) -> None:
        counts = self.abuse.setdefault(kind, {})
        counts[outcome] = counts.get(outcome, 0) + 1

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1


async def absorb(ws: Any, last: dict[str, Any] | None, msg: dict[str, Any], stats: Stats) -> dict[str, Any] | None:
    """The full state after ``msg`` (a delta applies to the state this player holds); out of step, ask for
    a full one (``sync``) and keep what we hold."""
    merged = merge_state(last, msg)
    if merged is None:
        stats.error("delta_base")
        await ws.send(json.dumps({"type": "sync"}))
        return last
    return merged


async def player(ws_url: str, table_id: str, token: str, rng: random.Random, stats: Stats,
                 stop: asyncio.Event, address: str, pace: tuple[float, float] | None, lang: str | None) -> None:
    async with websockets.connect(f"{ws_url}/ws/tables/{table_id}", max_size=2**22, compression=None,
                                  local_addr=(address, 0)) as ws:
        # as the browser does: deltas, and the ack of its own move inside the state after it
        hello: dict[str, Any] = {"type": "hello", "token": token, "delta": True, "ack_in_state": True}
        if lang is not None:   # as the browser does: texts in its page's language alone
            hello["lang"] = lang
        await ws.send(json.dumps(hello))
        stats.connected += 1
        sent_at: float | None = None
        last: dict[str, Any] | None = None
        acted_at: int | None = None
        async for raw in ws:
            msg = json.loads(raw)
            kind = msg["type"]
            if (kind == "accepted" or (kind == "state" and "accepted" in msg)) and sent_at is not None:
                stats.latencies.append(time.perf_counter() - sent_at)
                stats.accepted[table_id] = stats.accepted.get(table_id, 0) + 1
                sent_at = None
            if kind == "error":
                stats.error(msg.get("code", "?"))
                sent_at = acted_at = None
                last = msg.get("state") or last
            elif kind == "state":
                last = await absorb(ws, last, msg, stats)
            if last is None:
                continue
            if last["table"]["status"] == "over" or stop.is_set():
                return
            # the state after my own move may arrive before my "accepted": act on the latest state
            if last["legal"] and sent_at is None and last["version"] != acted_at:
                if pace is not None:   # think like a person; the newest state is read after thinking
                    await asyncio.sleep(rng.uniform(*pace))
                    while True:
                        try:
                            newer = json.loads(await asyncio.wait_for(ws.recv(), 0.001))
                        except TimeoutError:
                            break
                        if newer["type"] == "state":
                            last = await absorb(ws, last, newer, stats)
                        elif newer["type"] == "error":
                            stats.error(newer.get("code", "?"))
                            last = newer.get("state") or last
                    if not last["legal"] or last["table"]["status"] != "playing" or stop.is_set():
                        continue
                choice = rng.choice(last["legal"])["id"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "action", "action": choice, "version": last["version"]}))
                acted_at = last["version"]   # not again on this state (its "accepted" may come first)


async def post(http: httpx.AsyncClient, path: str, body: dict[str, Any]) -> dict[str, Any]:
    for _ in range(50):
        r = await http.post(path, json=body)
        if r.status_code != 429:
            r.raise_for_status()
            return dict(r.json())
        await asyncio.sleep(0.2)
    raise RuntimeError("rate limited too long")


async def stored_version(http: httpx.AsyncClient, table_id: str) -> int:
    """The number of moves the server holds for a table. This read comes from one address, like anyone's,
    so after a fast run (hundreds of finished games) it meets the per-address read limit: wait as told."""
    for _ in range(120):
        r = await http.get(f"/api/tables/{table_id}")
        if r.status_code != 429:
            r.raise_for_status()
            return int(r.json()["version"])
        await asyncio.sleep(float(r.headers.get("retry-after", "1")))
    raise RuntimeError(f"table {table_id}: still rate-limited after two minutes of retries")


async def table_loop(base: str, ws_url: str, game: str, seats: int, rng: random.Random, stats: Stats,
                     stop: asyncio.Event, address: str, pace: tuple[float, float] | None,
                     lang: str | None) -> None:
    """One table slot (one loopback address): play games back to back until the time is up."""
    transport = httpx.AsyncHTTPTransport(local_address=address)
    async with httpx.AsyncClient(base_url=base, timeout=30, transport=transport) as http:
        while not stop.is_set():
            table = (await post(http, "/api/tables", {"game": game, "seats": [{}] * seats}))["table"]
            tokens = [(await post(http, f"/api/tables/{table['id']}/join", {"seat": i, "name": f"p{i}"}))["token"]
                      for i in range(seats)]
            stats.accepted.setdefault(table["id"], 0)
            await asyncio.gather(*(player(ws_url, table["id"], tok, random.Random(rng.random()), stats, stop,
                                          address, pace, lang) for tok in tokens))
            if not stop.is_set():
                stats.games_done += 1


# ------------------------------------------------------------------------------------------- the abuse mix
def abuser_http(base: str, address: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=base, timeout=30, transport=httpx.AsyncHTTPTransport(local_address=address))


async def abuse_joins(base: str, stats: Stats, stop: asyncio.Event, address: str) -> None:
    """Join every table the players use, again and again (all seats are taken: every join is refused)."""
    async with abuser_http(base, address) as http:
        while not stop.is_set():
            for tid in list(stats.accepted)[-20:]:
                r = await http.post(f"/api/tables/{tid}/join", json={"seat": 0, "name": "flood"})
                stats.abused("join_flood", str(r.status_code))
                if stop.is_set():
                    return


async def abuse_create(base: str, game: str, stats: Stats, stop: asyncio.Event, address: str) -> None:
    async with abuser_http(base, address) as http:
        while not stop.is_set():
            r = await http.post("/api/tables", json={"game": game, "seats": [{}, {}]})
            stats.abused("create_flood", str(r.status_code))


async def abuse_bodies(base: str, stats: Stats, stop: asyncio.Event, address: str) -> None:
    """Big bodies (with and without Content-Length) and deeply nested JSON."""
    big = b'{"game": "x", "seats": [' + b"{}, " * 500_000 + b"{}]}"
    deep = b'{"game": "x", "seats": [], "options": {"a": ' + b"[" * 20_000 + b"]" * 20_000 + b"}}"

    async def chunked() -> Any:   # (an async client needs an async body: a plain generator raised and ended this task)
        yield b'{"game": "x", "seats": ['
        for _ in range(200):
            yield b"{}, " * 1000
        yield b"{}]}"

    async with abuser_http(base, address) as http:
        while not stop.is_set():
            for kind, content in (("big_body", big), ("deep_body", deep)):
                r = await http.post("/api/tables", content=content, headers={"content-type": "application/json"})
                stats.abused(kind, str(r.status_code))
            try:
                r = await http.post("/api/tables", content=chunked(), headers={"content-type": "application/json"})
                stats.abused("chunked_body", str(r.status_code))
            except httpx.HTTPError:
                stats.abused("chunked_body", "cut off")


async def abuse_sync(ws_url: str, table_id: str, stats: Stats, stop: asyncio.Event, address: str) -> None:
    """A spectator asking for the full state as fast as it can (rate-limited, then closed: reconnects)."""
    while not stop.is_set():
        try:
            async with websockets.connect(f"{ws_url}/ws/tables/{table_id}", local_addr=(address, 0),
                                          max_size=2**22) as ws:
                await ws.send(json.dumps({"type": "hello"}))
                while not stop.is_set():
                    await ws.send(json.dumps({"type": "sync"}))
                    stats.abused("sync_flood", "sent")
                    await asyncio.sleep(0)
        except (websockets.ConnectionClosed, OSError):
            stats.abused("sync_flood", "closed")
            await asyncio.sleep(0.2)


async def abuse_replay(base: str, table_id: str, stats: Stats, stop: asyncio.Event, address: str) -> None:
    async with abuser_http(base, address) as http:
        total = len((await http.get(f"/api/tables/{table_id}/record")).json()["actions"])
        rng = random.Random(5)
        while not stop.is_set():
            r = await http.get(f"/api/tables/{table_id}/replay/{rng.randint(0, total)}")
            stats.abused("replay_flood", str(r.status_code))


async def abuse_silent(ws_url: str, stats: Stats, stop: asyncio.Event, address: str, count: int) -> None:
    """Sockets on the busiest tables that say hello and then never read a byte."""
    sockets = []
    for tid in list(stats.accepted)[:count]:
        try:
            ws = await websockets.connect(f"{ws_url}/ws/tables/{tid}", local_addr=(address, 0), max_queue=1,
                                          max_size=2**22)
            await ws.send(json.dumps({"type": "hello"}))
            sockets.append(ws)
            stats.abused("silent_sockets", "open")
        except (websockets.WebSocketException, OSError):
            stats.abused("silent_sockets", "refused")
    await stop.wait()
    for ws in sockets:
        ws.transport.abort()


async def finished_table(base: str, game: str, seats: int) -> str:
    """A game of bots played to the end, for the replay flood."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        tid = (await post(http, "/api/tables", {"game": game, "seats": [{"kind": "bot", "bot": "random"}] * seats}))
        table_id = str(tid["table"]["id"])
        for _ in range(600):
            if (await http.get(f"/api/tables/{table_id}")).json()["table"]["status"] == "over":
                return table_id
            await asyncio.sleep(0.1)
    raise RuntimeError("the bots' game did not finish")


async def abuse_all(base: str, ws_url: str, game: str, replay_table: str, table_ids: list[str],
                    seconds: float) -> dict[str, dict[str, int]]:
    stats = Stats()
    for tid in table_ids:
        stats.accepted[tid] = 0
    stop = asyncio.Event()
    tasks = [
        asyncio.create_task(abuse_joins(base, stats, stop, "127.0.9.2")),
        asyncio.create_task(abuse_create(base, game, stats, stop, "127.0.9.3")),
        asyncio.create_task(abuse_bodies(base, stats, stop, "127.0.9.4")),
        asyncio.create_task(abuse_sync(ws_url, replay_table, stats, stop, "127.0.9.5")),
        asyncio.create_task(abuse_sync(ws_url, table_ids[0], stats, stop, "127.0.9.6")),
        asyncio.create_task(abuse_replay(base, replay_table, stats, stop, "127.0.9.7")),
        asyncio.create_task(abuse_silent(ws_url, stats, stop, "127.0.9.8", 40)),
    ]
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.wait(tasks, timeout=10)
    for t in tasks:
        t.cancel()
    return stats.abuse


#: the abuse process's priority when pinned: on a real deployment the attacker's CPU is the attacker's own,
#: so here its work must not take the CPU the simulated people (on their own machines too) would have
ABUSE_NICE = 10


def abuse_process(base: str, ws_url: str, game: str, replay_table: str, table_ids: list[str], seconds: float,
                  out: Any, nice: int) -> None:
    if nice:
        os.setpriority(os.PRIO_PROCESS, 0, nice)
    out.put(asyncio.run(abuse_all(base, ws_url, game, replay_table, table_ids, seconds)))


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pin(server_pid: int, server_nice: int, players_nice: int) -> dict[str, Any]:
    """CPU 0 for the server, the rest for this generator (the players) and the abuse process it starts
    later (which lowers its own priority, ``ABUSE_NICE``). A nice value below 0 (root only) puts the server
    or the players ahead of other programs on a shared machine."""
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) < 2:
        return {"pinned": False, "why": "one CPU"}
    os.sched_setaffinity(server_pid, {cpus[0]})
    if server_nice:
        os.setpriority(os.PRIO_PROCESS, server_pid, server_nice)   # every thread: they share the process id
        for tid in os.listdir(f"/proc/{server_pid}/task"):
            os.setpriority(os.PRIO_PROCESS, int(tid), server_nice)
    os.sched_setaffinity(0, set(cpus[1:]))
    if players_nice:
        os.setpriority(os.PRIO_PROCESS, 0, players_nice)
    return {"pinned": True, "server_cpus": [cpus[0]], "server_nice": server_nice, "generator_cpus": cpus[1:],
            "players_nice": players_nice, "abuse_nice": ABUSE_NICE}


def loadavg() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def start_server(port: int, db: str, redis: str | None, log: Any = None,
                 probe: str | None = None) -> subprocess.Popen[bytes]:
    """The server, its log to ``log`` (a file): a pipe nobody reads while the bench runs would fill up and
    stop the server's event loop at its next warning."""
    cmd = [sys.executable, "-m", "nastolka.cli.main", "serve", "--port", str(port), "--db", db,
           "--bot-delay", "0", "--log-level", "warning"]
    if redis:
        cmd += ["--redis", redis]
    env = dict(os.environ)
    if probe:   # the event-loop lag probe (bench/loop_probe), in the server process only
        env["NASTOLKA_LOOP_PROBE"] = probe
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(Path(__file__).with_name("loop_probe")),
                                                          env.get("PYTHONPATH")]))
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=log if log is not None else subprocess.DEVNULL,
                            env=env)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("server exited (see its log)")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("server did not start")


async def run(args: argparse.Namespace, db: str) -> dict[str, Any]:
    proc = None
    probe = None
    if args.url:
        base = args.url.rstrip("/")
    else:
        port = free_port()
        server_log = open(args.server_log, "wb")   # noqa: SIM115  (open for the server's lifetime)
        probe = str(Path(tempfile.gettempdir()) / f"nastolka-loop-{os.getpid()}.json") if args.loop_probe else None
        proc = start_server(port, db, args.redis, server_log, probe)
        base = f"http://127.0.0.1:{port}"
    pinned = pin(proc.pid, args.server_nice, args.players_nice) if args.pin and proc is not None else {"pinned": False}
    load_before = loadavg()
    ws_url = "ws" + base[4:]
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(args.seed)
    pace = tuple(float(x) for x in args.pace.split(",")) if args.pace else None
    abusers: list[asyncio.Task[None]] = []
    abuse_out = multiprocessing.get_context("spawn").Queue()
    abuse_proc = None
    try:
        replay_table = await finished_table(base, args.game, args.seats) if args.abuse else None
        tasks = [asyncio.create_task(table_loop(base, ws_url, args.game, args.seats, random.Random(rng.random()),
                                                stats, stop, f"127.0.{1 + i // 200}.{2 + i % 200}", pace,  # type: ignore[arg-type]
                                                None if args.lang == "both" else args.lang))
                 for i in range(args.tables)]
        # warm-up: measure from the moment every simulated person is seated and connected
        warm_deadline = time.perf_counter() + 120
        while stats.connected < args.tables * args.seats and time.perf_counter() < warm_deadline:
            await asyncio.sleep(0.05)
        abuse_proc = None
        if args.abuse:   # in a process of its own: a flood must not slow the players' own event loop
            assert replay_table is not None
            abuse_proc = multiprocessing.get_context("spawn").Process(
                target=abuse_process, args=(base, ws_url, args.game, replay_table, list(stats.accepted),
                                            args.seconds + 5, abuse_out, ABUSE_NICE if pinned["pinned"] else 0))
            abuse_proc.start()
        warmup = len(stats.latencies)
        cpu_start = cpu_seconds(proc.pid) if proc is not None else None
        gen_start = cpu_seconds(os.getpid())
        started = time.perf_counter()
        while time.perf_counter() - started < args.seconds and len(stats.latencies) - warmup < args.max_actions:
            await asyncio.sleep(0.1)
        cpu_used = cpu_seconds(proc.pid) - cpu_start if proc is not None and cpu_start is not None else None
        gen_used = cpu_seconds(os.getpid()) - gen_start
        abuse_used = cpu_seconds(abuse_proc.pid) if abuse_proc is not None and abuse_proc.is_alive() else None
        load_after = loadavg()
        stop.set()
        elapsed = time.perf_counter() - started
        done_actions = len(stats.latencies) - warmup
        await asyncio.wait(tasks + abusers, timeout=15)
        for t in tasks + abusers:
            t.cancel()
        if abuse_proc is not None:
            stats.abuse = await asyncio.get_running_loop().run_in_executor(None, abuse_out.get, True, 60)
            abuse_proc.join(30)
        lost = 0
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            for tid, accepted in stats.accepted.items():   # every accepted move is in the table's log
                lost += max(0, accepted - await stored_version(http, tid))
    finally:
        if proc is not None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
    lat_ms = [x * 1000 for x in stats.latencies[warmup:warmup + done_actions]]
    loop_lag = None
    if args.loop_probe and probe and Path(probe).exists():
        loop_lag = json.loads(Path(probe).read_text())
        Path(probe).unlink()
    return {
        "backend": args.backend, "game": args.game, "tables": args.tables, "seats": args.seats,
        "clients": args.tables * args.seats, "pace_s": args.pace, "abuse": args.abuse, "lang": args.lang,
        "seconds": round(elapsed, 2), "actions": done_actions,
        "actions_per_s": round(done_actions / elapsed, 1),
        "latency_ms": {"p50": round(pct(lat_ms, 0.50), 2), "p99": round(pct(lat_ms, 0.99), 2),
                       "mean": round(statistics.fmean(lat_ms), 2) if lat_ms else None,
                       "max": round(max(lat_ms), 2) if lat_ms else None},
        "server_cpu_s": round(cpu_used, 2) if cpu_used is not None else None,
        "server_cpu_ms_per_move": round(1000 * cpu_used / done_actions, 3) if cpu_used and done_actions else None,
        "server_cpu_share": round(cpu_used / elapsed, 3) if cpu_used is not None else None,
        "players_cpu_s": round(gen_used, 2), "abuse_cpu_s": round(abuse_used, 2) if abuse_used is not None else None,
        "loadavg_before": load_before, "loadavg_after": load_after, **pinned,
        "moves_over_50ms": sum(x > 50 for x in lat_ms), "server_loop_lag": loop_lag,
        "lost_moves": lost, "games_finished": stats.games_done, "errors": stats.errors,
        "abuse_outcomes": stats.abuse, "cpus": os.cpu_count(),
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
    p.add_argument("--pace", default=None, help="MIN,MAX seconds a person thinks before each move (human pace)")
    p.add_argument("--abuse", action="store_true", help="run the abuse mix beside the players")
    p.add_argument("--lang", default="ru", help="the players' language in hello, as the browser sends it "
                   "(\"both\": none named, texts in both languages)")
    p.add_argument("--pin", action="store_true",
                   help="server on CPU 0 alone; this generator and the abusers on the others, niced")
    p.add_argument("--server-nice", type=int, default=0,
                   help="with --pin: the server's nice value (below 0 needs root: ahead of other programs)")
    p.add_argument("--players-nice", type=int, default=0, help="with --pin: the players' nice value")
    p.add_argument("--server-log", default=os.devnull, help="where the server's log goes")
    p.add_argument("--loop-probe", action="store_true",
                   help="measure the server's event-loop lag and where it stalls (bench/loop_probe)")
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
