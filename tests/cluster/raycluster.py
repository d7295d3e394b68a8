"""A real two-node Ray cluster on 127.0.0.1 for the tests: ``ray start --head`` plus a second node.

Both nodes get ``--num-cpus 1`` and no dashboard UI; every port comes from the test port block
(``NASTOLKA_TEST_PORT_BASE`` + 5000 …, away from the server tests' per-worker ranges) and the cluster has
a temp dir of its own. The nodes listen on the loopback address 127.0.0.2: Ray replaces 127.0.0.1 (and
``localhost``) by the machine's outside address, and this cluster must stay on loopback.

``stop()`` ends exactly the processes of this cluster — every process whose command line names its temp
dir, and their descendants (workers) — by process id, never ``ray stop``, which stops every Ray process on
the machine.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent
RAY = str(BIN / "ray")
NASTOLKA = str(BIN / "nastolka")
#: a loopback address Ray keeps as given (it rewrites 127.0.0.1 and localhost to the machine's outside
#: address, see ``ray._private.services.resolve_ip_for_localhost``); the whole 127.0.0.0/8 is loopback
HOST = "127.0.0.2"


def _port_base() -> int:
    return int(os.environ.get("NASTOLKA_TEST_PORT_BASE", "20000")) + 5_000


def ray_env() -> dict[str, str]:
    env = dict(os.environ)
    env.update(RAY_USAGE_STATS_ENABLED="0",
               RAY_DISABLE_DOCKER_CPU_WARNING="1", PYTHONUNBUFFERED="1",
               # Ray lowers its workers to nice 15 so that its own daemons come first; on a machine shared
               # with other work that starves the games (the local runs it is compared with run at nice 0)
               RAY_worker_niceness="0")
    return env


def _node_ports(base: int) -> list[str]:
    return ["--node-manager-port", str(base + 1), "--object-manager-port", str(base + 2),
            "--dashboard-agent-listen-port", str(base + 4), "--dashboard-agent-grpc-port", str(base + 5),
            "--runtime-env-agent-port", str(base + 6), "--metrics-export-port", str(base + 7),
            "--min-worker-port", str(base + 20), "--max-worker-port", str(base + 59)]


class RayCluster:
    def __init__(self) -> None:
        base = _port_base()
        self.head_port = base
        self.address = f"{HOST}:{base}"
        self.node_bases = [base, base + 100]
        # a short path: Ray's socket paths must stay under the kernel's 107-byte limit
        self.temp_dir = tempfile.mkdtemp(prefix="nkray-", dir="/tmp")
        self.env = ray_env()

    def _start(self, args: list[str]) -> None:
        proc = subprocess.run([RAY, "start", *args], env=self.env, capture_output=True, text=True, timeout=120)
        if proc.returncode != 0:
            raise RuntimeError(f"ray start failed ({proc.returncode}):\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")

    def start(self) -> RayCluster:
        common = ["--node-ip-address", HOST, "--num-cpus", "1", "--disable-usage-stats",
                  "--object-store-memory", str(80 * 1024 * 1024), "--temp-dir", self.temp_dir]
        try:
            self._start(["--head", "--port", str(self.head_port), "--include-dashboard=false",
                         "--dashboard-port", str(self.head_port + 8), *common, *_node_ports(self.node_bases[0])])
            self._join(["--address", self.address, *common, *_node_ports(self.node_bases[1])])
            self.wait_nodes(2)
        except BaseException:
            self.stop()
            raise
        return self

    def _join(self, args: list[str]) -> None:
        """Start the second node; Ray gives a joining node 30 s (hard-coded) to register, which a machine
        under heavy load can miss although the node comes up a little later: then wait for it, and if it
        never registers, end its processes and start it once more."""
        try:
            self._start(args)
        except RuntimeError:
            try:
                self.wait_nodes(2, timeout=30)
                return
            except RuntimeError:
                self._end_node(1)
                self._start(args)

    def _end_node(self, index: int) -> None:
        try:
            raylet = self.raylet_of_node(index)
        except RuntimeError:
            return
        procs = self.processes()
        doomed = {raylet} | {pid for pid, (ppid, _) in procs.items() if ppid == raylet}
        for pid in doomed:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        time.sleep(1)

    def wait_nodes(self, count: int, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        script = ("import ray,sys; ray.init(address=sys.argv[1], logging_level='ERROR', log_to_driver=False); "
                  "print(sum(1 for n in ray.nodes() if n['Alive']))")
        seen = ""
        while time.monotonic() < deadline:
            proc = subprocess.run([sys.executable, "-c", script, self.address], env=self.env, capture_output=True,
                                  text=True, timeout=60)
            seen = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else proc.stderr[-500:]
            if seen == str(count):
                return
            time.sleep(0.5)
        raise RuntimeError(f"the cluster did not reach {count} nodes: {seen}")

    # -------------------------------------------------------------------------------- processes
    def processes(self) -> dict[int, tuple[int, str]]:
        """pid -> (ppid, command line) of every process of this cluster."""
        table: dict[int, tuple[int, str]] = {}
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            table[int(entry.name)] = (ppid, cmd)
        roots = {pid for pid, (_, cmd) in table.items() if self.temp_dir in cmd}
        mine = set(roots)
        grew = True
        while grew:
            grew = False
            for pid, (ppid, _) in table.items():
                if ppid in mine and pid not in mine:
                    mine.add(pid)
                    grew = True
        return {pid: table[pid] for pid in mine}

    def raylet_of_node(self, index: int) -> int:
        port = f"--node_manager_port={self.node_bases[index] + 1}"
        for pid, (_, cmd) in self.processes().items():
            if "raylet" in cmd.split(" ")[0] and port in cmd:
                return pid
        raise RuntimeError(f"no raylet for node {index}")

    def workers_running(self, node: int, task: str) -> list[int]:
        """Worker processes of ``node`` executing the remote function ``task`` right now."""
        raylet = self.raylet_of_node(node)
        return [pid for pid, (ppid, cmd) in self.processes().items()
                if ppid == raylet and cmd.startswith(f"ray::{task}")]

    def stop(self) -> None:
        procs = self.processes()
        for sig in (signal.SIGTERM, signal.SIGKILL):
            for pid in procs:
                try:
                    os.kill(pid, sig)
                except ProcessLookupError:
                    pass
            deadline = time.monotonic() + 2
            while time.monotonic() < deadline and any(Path(f"/proc/{p}").exists() for p in procs):
                time.sleep(0.1)
        shutil.rmtree(self.temp_dir, ignore_errors=True)
