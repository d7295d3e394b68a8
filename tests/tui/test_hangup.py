"""The terminal client leaves when its terminal does, keeping the game (issue 35).

Each test runs the real client in a real pseudo-terminal: started by ``make play`` (the README's command,
where make is the session leader and the client its child, so only the end of input tells the client) or
directly (then the kernel's SIGHUP does), with SIGHUP or SIGTERM sent to it, with its input a pipe that
ends while the terminal stays, and with an input that cannot be read. The game is started and a
move made by keys; afterwards the Resume list (``saves.listing``, what the Resume screen shows) must offer
it. Saves go to the per-test XDG folders of conftest.py.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest

from nastolka.games import all_games
from nastolka.tui.config import saves_dir
from nastolka.tui.saves import listing

from .pty_terminal import Terminal, alive, children, gone_within

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
#: the client's own limit is a second; the tests allow five for a loaded machine (CI runs two workers)
LIMIT = 5.0


def client_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    env["TERM"] = "xterm-256color"
    # an outer make's jobserver is not ours; a COLUMNS/LINES left by the test runner would override the
    # pty's own size (the log, where the test reads the move, shows from 120 columns)
    for name in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "COLUMNS", "LINES"):
        env.pop(name, None)
    return env


def make_play() -> Terminal:
    """``make play`` as the README says, on the venv running these tests. ``-o .venv/.native`` keeps make
    from rebuilding the compiled modules first (on a clean clone ``make test`` has built them already;
    in a checkout without its own .venv there is nothing to rebuild)."""
    assert (BIN / "nastolka").exists(), f"no nastolka script next to {sys.executable}"
    return Terminal.spawn(["make", "-C", str(REPO), "-o", ".venv/.native", "play", f"BIN={BIN}"],
                          client_env(), REPO)


def direct(stdin: int | None = None) -> Terminal:
    return Terminal.spawn([str(BIN / "nastolka"), "tui"], client_env(), REPO, stdin)


def client_of(term: Terminal, under_make: bool) -> int:
    if not under_make:
        return term.pid
    term.wait_for(lambda: bool(children(term.pid)), "make's child")
    term.others = children(term.pid)
    return term.others[0]


def start_game_and_move(term: Terminal, press: Callable[[bytes], object] | None = None) -> None:
    """Start the default game (Show Battle, you against a bot) and make one move, as a person would."""
    press = press or term.press
    term.wait_text("Resume a saved game")
    press(b"\x13")  # Ctrl+S: Start
    term.wait_text("Your move")
    press(b"1")
    term.wait_text("Player 1 places")


def offered_by_resume() -> list:
    return [i for i in listing(saves_dir(), all_games(), finished=False) if i.record is not None]


def check_saved() -> None:
    offered = offered_by_resume()
    assert len(offered) == 1, [i.path.name for i in offered]
    assert offered[0].game is not None and offered[0].game.id == "show_battle"
    assert offered[0].moves >= 1


@pytest.mark.parametrize("under_make", [True, False], ids=["make-play", "direct"])
def test_closing_the_terminal_saves_and_ends_the_client(under_make):
    term = make_play() if under_make else direct()
    try:
        client = client_of(term, under_make)
        start_game_and_move(term)
        term.close()
        gone_within(client, LIMIT, term.pump)
        term.wait_exit(LIMIT)
        check_saved()
    finally:
        term.kill()


@pytest.mark.parametrize("sig", [signal.SIGHUP, signal.SIGTERM], ids=["SIGHUP", "SIGTERM"])
def test_a_signal_saves_and_ends_the_client_cleanly(sig):
    term = direct()
    try:
        start_game_and_move(term)
        os.kill(term.pid, sig)
        gone_within(term.pid, LIMIT, term.pump)
        assert term.wait_exit(LIMIT) == 0
        term.drain()
        assert b"Traceback" not in term.raw
        check_saved()
    finally:
        term.kill()


def test_the_end_of_input_saves_and_ends_the_client_while_the_terminal_stays():
    """Keys come through a pipe; closing it is end-of-file with no hangup and no signal (``echo | nastolka
    tui``, or a terminal whose input alone went): Textual's loop retried it forever."""
    keys_in, keys = os.pipe()
    term = direct(stdin=keys_in)
    os.close(keys_in)
    try:
        start_game_and_move(term, partial(os.write, keys))
        os.close(keys)
        keys = -1
        gone_within(term.pid, LIMIT, term.pump)
        assert term.wait_exit(LIMIT) == 0
        term.drain()
        assert b"Traceback" not in term.raw
        check_saved()
    finally:
        if keys >= 0:
            os.close(keys)
        term.kill()


def test_a_failing_read_ends_the_client():
    """Input that cannot be read (here one opened for writing only: every read fails with EBADF) ends the
    client at once, as a read failing with EIO on a terminal that went away does."""
    unreadable = os.open(os.devnull, os.O_WRONLY)
    term = direct(stdin=unreadable)
    os.close(unreadable)
    try:
        assert term.wait_exit(30) == 0
        term.drain()
        assert b"Traceback" not in term.raw
    finally:
        term.kill()


def test_with_nothing_in_progress_the_client_just_ends():
    term = direct()
    try:
        term.wait_text("Resume a saved game")
        term.close()
        gone_within(term.pid, LIMIT, term.pump)
        assert term.wait_exit(LIMIT) == 0
        assert not offered_by_resume()
        assert not saves_dir().exists() or not any(saves_dir().iterdir())
    finally:
        term.kill()


def test_the_helpers_see_a_running_process():
    """``alive`` and ``children`` are what the make-play test stands on: they must see a live child."""
    assert alive(os.getpid())
    assert not alive(2 ** 22 + 1)
    assert os.getpid() in children(os.getppid())
