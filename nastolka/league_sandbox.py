"""One league entrant in its own process: a time limit per move, a memory cap, crashes kept inside.

Why a process per entrant: a submitted bot is someone else's code. In its own process (forked from
multiprocessing's *forkserver*, a small clean process that has imported the engine once, so a worker
inherits nothing of the league's memory and a restart costs milliseconds, not an interpreter start) it can raise, loop forever or allocate without
bound, and the league only sees a missing or wrong answer: the worker caps its address space with
``resource.setrlimit(RLIMIT_AS)`` before it imports the bot, the league waits at most the move limit
(``Connection.poll``) and kills a worker that does not answer.

The worker keeps its own copy of the game: the league sends the deal (game, players, options, seed) once,
then with each request the actions played since the worker's last answer; the rules are deterministic,
so the copy is the league's game. The bot is asked exactly as in-process bots are
(``choose(state, seat) -> action id``, see :mod:`nastolka.bots.base`).

Entrant specs: a bot name (``normal``), a bot family name (``policy:PATH``), or ``module:Class`` — a
submitted bot, imported in the worker from the folders the user names (``paths``) and built as
``Class(game, seed)``.
"""

from __future__ import annotations

import importlib
import multiprocessing
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

#: how long a worker may take to start and build its bot for a game (imports, a policy file)
START_SECONDS = 60.0


class Forfeit(Exception):
    """An entrant lost the game by what its bot did; ``kind`` says what (``crash``: it raised, ``detail`` is
    the exception; ``died``: its process ended, ``detail`` the exit code; ``timeout``: no answer within
    ``detail`` seconds; ``illegal``: ``detail`` is the move it sent). The words are the league's
    (``league.kind.*``), so a report says it in the reader's language."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


@dataclass(frozen=True)
class Entrant:
    label: str
    spec: str

    @property
    def submitted(self) -> bool:
        from nastolka.bots.base import family_of

        return ":" in self.spec and family_of(self.spec) is None


def bot_factory(spec: str) -> Callable[[Any, int], Any]:
    """``(game, seed) -> bot`` for an entrant spec (runs in the worker, after the paths are added)."""
    from nastolka.bots.base import family_of, make_bot

    if ":" in spec and family_of(spec) is None:
        module_name, _, class_name = spec.partition(":")
        cls = getattr(importlib.import_module(module_name), class_name)
        return lambda game, seed: cls(game, seed)
    return lambda game, seed: make_bot(game, spec, seed)


def _serve(conn: Connection, spec: str, paths: Sequence[str], memory_bytes: int | None) -> None:
    """The worker's loop: answer ``new`` and ``move`` requests until ``stop`` (or the pipe closes)."""
    if memory_bytes:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    sys.path[:0] = list(paths)
    state: Any = None
    bot: Any = None
    factory: Callable[[Any, int], Any] | None = None
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        kind = message[0]
        try:
            if kind == "stop":
                return
            if kind == "new":
                from nastolka.engine import get

                _, game_id, players, options, deal_seed, bot_seed = message
                if factory is None:
                    factory = bot_factory(spec)
                game = get(game_id)
                state = game.new(players, options, seed=deal_seed)
                bot = factory(game, bot_seed)
                conn.send(("ok", None))
            elif kind == "move":
                _, moves, seat = message
                for s, aid in moves:
                    state.apply_unchecked(s, aid)
                conn.send(("ok", str(bot.choose(state, seat))))
        except BaseException as exc:  # noqa: BLE001 — whatever the bot does, the league hears one line
            try:
                conn.send(("error", f"{type(exc).__name__}: {exc}"[:500]))
            except Exception:  # the pipe or memory is gone: the league sees the process die
                return


def _context() -> Any:
    """The forkserver context, with the engine preloaded into the server (where fork is unavailable: spawn)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["nastolka.league_sandbox", "nastolka.league_preload"])
    return ctx


class Sandbox:
    """The league's handle on one entrant's worker; restarted after it is killed."""

    def __init__(self, entrant: Entrant, paths: Sequence[str] = (), memory_bytes: int | None = None) -> None:
        self.entrant = entrant
        self.paths = list(paths)
        self.memory_bytes = memory_bytes
        self._ctx = _context()
        self._conn: Connection | None = None
        self._proc: Any = None
        self.synced = 0     # how many of the current game's actions the worker has applied
        self.restarts = 0

    def _ensure(self) -> Connection:
        if self._conn is None or self._proc is None or not self._proc.is_alive():
            self.kill()
            parent, child = self._ctx.Pipe()
            self._proc = self._ctx.Process(target=_serve, args=(child, self.entrant.spec, self.paths,
                                                                self.memory_bytes), daemon=True)
            self._proc.start()
            child.close()
            self._conn = parent
            self.restarts += 1
        return self._conn

    def _call(self, message: tuple[Any, ...], limit: float) -> Any:
        conn = self._ensure()
        started = time.perf_counter()
        try:
            conn.send(message)
            ready = conn.poll(limit)
        except (OSError, EOFError):
            ready = False
        if not ready:
            alive = self._proc is not None and self._proc.is_alive()
            self.kill()
            if alive:
                raise Forfeit("timeout", f"{limit:g}")
            raise Forfeit("died", "")
        try:
            status, value = conn.recv()
        except (EOFError, OSError):
            code = self._proc.exitcode if self._proc is not None else None
            self.kill()
            raise Forfeit("died", str(code)) from None
        self.last_seconds = time.perf_counter() - started
        if status != "ok":
            raise Forfeit("crash", str(value))
        return value

    def new_game(self, game_id: str, players: int, options: dict[str, Any], deal_seed: int, bot_seed: int) -> None:
        self.synced = 0
        self._call(("new", game_id, players, options, deal_seed, bot_seed), START_SECONDS)

    def choose(self, log: Sequence[tuple[int, str]], seat: int, limit: float) -> str:
        moves = list(log[self.synced:])
        aid = self._call(("move", moves, seat), limit)
        self.synced = len(log)
        return str(aid)

    def kill(self) -> None:
        """Stop the worker now (a hung bot is not asked twice)."""
        if self._conn is not None:
            try:
                self._conn.close()
            except OSError:
                pass
        if self._proc is not None and self._proc.is_alive():
            self._proc.kill()
            self._proc.join(5)
        self._conn = None
        self._proc = None

    def close(self) -> None:
        if self._conn is not None and self._proc is not None and self._proc.is_alive():
            try:
                self._conn.send(("stop",))
                self._proc.join(2)
            except (OSError, EOFError):
                pass
        self.kill()
