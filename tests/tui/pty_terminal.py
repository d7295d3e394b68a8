"""A real pseudo-terminal for the client, read through pyte (a terminal emulator) as a person reads it.

``Terminal.spawn`` forks with ``pty.fork``: the child is a session leader with the pty as its controlling
terminal, exactly as a terminal window starts a program, so closing the master is a real hangup (the
kernel sends SIGHUP to the session leader and reads on the pty end). Every wait polls with a deadline.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import termios
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pyte

COLS, ROWS = 120, 40


class Terminal:
    def __init__(self, pid: int, master: int) -> None:
        self.pid = pid
        self.master: int | None = master
        self.screen = pyte.Screen(COLS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self.status: int | None = None
        #: processes the program started that must not outlive a failed test (the client under make)
        self.others: list[int] = []

    @classmethod
    def spawn(cls, argv: Sequence[str], env: dict[str, str], cwd: Path, stdin: int | None = None) -> Terminal:
        """``stdin``: a file descriptor to read instead of the terminal (the rest stays the pty)."""
        pid, master = pty.fork()
        if pid == 0:  # the child: set the window size, then become the program
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
                if stdin is not None:
                    os.dup2(stdin, 0)
                os.chdir(cwd)
                os.execvpe(argv[0], list(argv), env)
            finally:
                os._exit(127)
        return cls(pid, master)

    # ------------------------------------------------------------------ reading
    def pump(self, timeout: float = 0.05) -> bool:
        """Read whatever the program wrote, waiting up to ``timeout`` for it (the client must never block
        on a full terminal); True if something came. With the terminal closed, only the wait is left."""
        if self.master is None:
            time.sleep(timeout)  # a poll interval, not a timing: callers loop until a deadline
            return False
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.master, 65536)
        except OSError:  # EIO: every slave end is closed
            return False
        self.raw += data
        self.stream.feed(data)
        return bool(data)

    def drain(self) -> None:
        """Everything the program wrote before it ended."""
        while self.pump(0):
            pass

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wait_for(self, done: Callable[[], bool], what: str, limit: float = 60.0) -> None:
        deadline = time.monotonic() + limit
        while not done():
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}; the screen:\n{self.text()}")
            if self.exited():
                raise AssertionError(f"the program ended ({self.status}) while waiting for {what}:\n"
                                     f"{self.raw.decode(errors='replace')[-3000:]}")
            self.pump()

    def wait_exit(self, limit: float) -> int:
        """The program's exit code, once it ends (fails after ``limit`` seconds)."""
        deadline = time.monotonic() + limit
        while not self.exited():
            if time.monotonic() > deadline:
                raise AssertionError(f"the program still runs {limit} s later; the screen:\n{self.text()}")
            self.pump()
        assert self.status is not None
        return os.waitstatus_to_exitcode(self.status)

    def wait_text(self, words: str, limit: float = 60.0) -> None:
        self.wait_for(lambda: words in self.text(), repr(words), limit)

    def press(self, keys: bytes) -> None:
        assert self.master is not None
        os.write(self.master, keys)

    # ------------------------------------------------------------------ ending
    def close(self) -> None:
        """Close the terminal window: the master end goes, the pty hangs up."""
        if self.master is not None:
            os.close(self.master)
            self.master = None

    def exited(self) -> bool:
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = status
        return self.status is not None

    def kill(self) -> None:
        """Cleanup after a failed test: nothing the test started is left running."""
        for pid in self.others:
            if alive(pid):
                os.kill(pid, 9)
        if not self.exited():
            os.kill(self.pid, 9)
            os.waitpid(self.pid, 0)
        self.close()


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc: the client under make is make's child)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Running (a zombie is gone: it only waits for its parent to read its status)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def gone_within(pid: int, limit: float, pump: Callable[[], None]) -> float:
    """Seconds until ``pid`` is gone, polling; fails after ``limit``."""
    started = time.monotonic()
    while alive(pid):
        if time.monotonic() - started > limit:
            raise AssertionError(f"process {pid} still running {limit} s later")
        pump()
    return time.monotonic() - started
