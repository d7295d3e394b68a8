"""Real server processes on loopback (for the crash test, the scale-out test and the browser tests)."""

from __future__ import annotations

import json
import os
import resource
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parent


_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
_WORKER_INDEX = int(_WORKER[2:]) if _WORKER[2:].isdigit() else 0
_next_offset = iter(range(1_000))


def free_port() -> int:
    """A free port from this test worker's own range.

    An OS-chosen port can be handed to two xdist workers in turn (one test kills a server and restarts it
    on the same port while another worker picks that port): the second server then fails to bind, and its
    health check answers from the other worker's server. Disjoint ranges per worker rule that out;
    ``NASTOLKA_TEST_PORT_BASE`` moves the whole block, for two checkouts testing on one machine at once.
    """
    base = int(os.environ.get("NASTOLKA_TEST_PORT_BASE", "20000")) + _WORKER_INDEX * 1_000
    for offset in _next_offset:
        port = base + offset
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port left in this worker's range")


class ServerProcess:
    """``python serve_toy.py`` in a subprocess; ``kill()`` is SIGKILL (no chance to clean up)."""

    def __init__(self, db_url: str, redis_url: str | None = None, bot_delay: float = 0.0,
                 port: int | None = None, log_path: Path | None = None,
                 settings: dict[str, object] | None = None, env: dict[str, str] | None = None,
                 nofile: int | None = None) -> None:
        self.nofile = nofile   # a lower descriptor limit for the process (the slowloris test fills it)
        self.db_url, self.redis_url, self.bot_delay = db_url, redis_url, bot_delay
        self.env = env or {}
        self.settings = settings or {}
        self.port = port or free_port()
        self.log_path = log_path
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 90) -> ServerProcess:
        out = open(self.log_path, "ab") if self.log_path else subprocess.DEVNULL   # noqa: SIM115
        cmd = [sys.executable, str(HERE / "serve_toy.py"), str(self.port), self.db_url,
               self.redis_url or "-", str(self.bot_delay)]
        nofile = self.nofile

        def limit() -> None:
            if nofile is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

        self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, preexec_fn=limit,
                                     env={**os.environ, "NASTOLKA_TEST_SETTINGS": json.dumps(self.settings),
                                          **self.env})
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}")
            try:
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200 and self.proc.poll() is None:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.kill()   # never left running behind a failed start
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
