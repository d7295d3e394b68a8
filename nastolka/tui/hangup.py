"""When the terminal goes away, the client saves the game in progress and leaves (issue 35).

Textual's Linux driver reads the terminal in a thread that treats an empty read as "nothing yet" and
selects again: after a hangup the terminal is readable forever and every read is empty, so that thread
spins at most of a core. A directly started client never noticed, because the hangup's SIGHUP (sent by the
kernel to the session leader) killed it first; under ``make play`` the session leader is ``make``, which
on SIGHUP waits for its child, and the child never hears anything but end-of-file.

So here the terminal's end is an exit, whichever way it is seen: a read that returns nothing or fails,
SIGHUP, or SIGTERM. Each posts one :class:`TerminalGone` to the app, which saves (as a quit with
"save" does) and calls :meth:`HangupDriver.leave`: the terminal is put back as it was (if it is still
there: SIGTERM) and the process ends at once. Textual's own exit would first wait for a bot thinking in
its worker thread (and the rest of the bot pace it sleeps), then Python would spend a third of a second
of CPU freeing objects; with the game saved and nobody watching, neither is worth waiting for. Writes to
a terminal that is gone are dropped instead of raising in the output thread, since a dead output thread
would leave the exit blocked on its full queue.
"""

from __future__ import annotations

import os
import selectors
import signal
import sys
from codecs import getincrementaldecoder
from io import TextIOWrapper
from typing import IO, Any, NoReturn, cast

from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver
from textual.message import Message

#: the signals that mean "leave now": the terminal hung up, or the system (or a person) asks politely
LEAVE_SIGNALS = (signal.SIGHUP, signal.SIGTERM)


class TerminalGone(Message):
    """The terminal closed, its input ended, or SIGHUP/SIGTERM came: save what is in progress and exit."""

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason


class _Output:
    """The terminal's output stream, minus the errors: once the terminal is gone, writes go nowhere.

    The driver's output thread calls ``write`` and ``flush``; an ``OSError`` there (EIO after a hangup)
    would end that thread, and the exit, which queues its last escape codes, would then wait forever.
    """

    def __init__(self, file: IO[str], gone: Any) -> None:
        self._file = file
        self._gone = gone

    def write(self, text: str) -> int:
        try:
            return self._file.write(text)
        except (OSError, ValueError):
            self._gone("output")
            return len(text)

    def flush(self) -> None:
        try:
            self._file.flush()
        except (OSError, ValueError):
            self._gone("output")

    def fileno(self) -> int:
        return self._file.fileno()

    def isatty(self) -> bool:
        return self._file.isatty()


class HangupDriver(LinuxDriver):
    """Textual's Linux driver, except that the terminal's end (or SIGHUP/SIGTERM) ends the app."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._gone_reason: str | None = None
        if self._file is not None:
            self._file = cast(TextIOWrapper, _Output(self._file, self.terminal_gone))
        # the driver is made inside the app's running loop, on the main thread: the only place where
        # asyncio may take signals
        for sig in LEAVE_SIGNALS:
            self._loop.add_signal_handler(sig, self.terminal_gone, signal.Signals(sig).name)

    def terminal_gone(self, reason: str) -> None:
        """Tell the app once, from any thread; a second SIGHUP (the shell passes one on after the kernel's)
        must not kill the process in the middle of the save, so the handlers stay and do nothing more."""
        if self._gone_reason is not None:
            return
        self._gone_reason = reason
        self.send_message(TerminalGone(reason))

    def leave(self) -> NoReturn:
        """End the process now, the terminal restored: called by the app once the game is saved."""
        self.stop_application_mode()
        self.close()
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError, AttributeError):
                pass
        os._exit(0)

    def close(self) -> None:
        super().close()
        for sig in LEAVE_SIGNALS:
            self._loop.remove_signal_handler(sig)

    def run_input_thread(self) -> None:
        """Textual's loop (select, read, parse, tick) with one change: an empty or failed read is the end
        of the terminal, reported and final, never retried."""
        selector = selectors.SelectSelector()
        parser = XTermParser(self._debug)
        decode = getincrementaldecoder("utf-8")().decode
        try:
            selector.register(self.fileno, selectors.EVENT_READ)
            while not self.exit_event.is_set():
                if selector.select(0.1):
                    data = os.read(self.fileno, 4096)
                    if not data:
                        self.terminal_gone("end of input")
                        return
                    for event in parser.feed(decode(data)):
                        self.process_message(event)
                for event in parser.tick():
                    self.process_message(event)
        except OSError:
            self.terminal_gone("input error")
        finally:
            selector.close()
