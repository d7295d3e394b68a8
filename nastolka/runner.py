"""One runner for batches of independent seeded games: in this process, a local process pool, or Ray.

``nastolka simulate`` and ``nastolka arena`` both hand it a module-level ``play(task) -> Played`` and a
list of tasks; it returns the outcomes in task order. Why it is built this way:

* **Seeded chunks.** Every task carries everything its game needs (seed, seats, bot seeds derived from
  the game index), and tasks are cut into chunks of consecutive games. A chunk is a pure function of its
  tasks, so the same command with the same seed gives the same games on one core, on ``--jobs N`` and on
  a Ray cluster: only the speed changes.
* **Retries without double counting.** Results travel back as the return value of a chunk; nothing a
  chunk does outside it counts. A chunk whose worker (or node) is lost is submitted again, and whichever
  attempt returns is the one kept, once, by chunk number. Records are written here, on the machine that
  started the command, from what the chunks returned — so ``--records DIR`` gathers every record there,
  exactly one per game, whatever node played it.
* **Ray is optional** (``pip install 'nastolka[cluster]'``) and imported only for ``cluster=``; ``auto``
  joins the cluster this machine belongs to, an address (``HOST:PORT``) joins that one.
* **Same code on every node.** Each chunk reports the nastolka version and the rules versions of the
  games; a node that runs other code is refused, because its games would not be the ones asked for.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from nastolka.engine import NastolkaError

#: attempts per chunk before the run gives up (the first try and two retries)
MAX_ATTEMPTS = 3
#: chunks per worker when the caller does not choose a size: small enough for a lively progress bar and
#: for little lost work when a worker dies, large enough that the per-task overhead does not show
CHUNKS_PER_WORKER = 8
MAX_CHUNK = 200


class RunnerError(NastolkaError):
    """The batch could not run: no cluster at the address, Ray missing, a node with other code."""


@dataclass(frozen=True)
class Played:
    """What one game sends back: its outcome and, when records are kept, the record's file name and text."""

    outcome: Any
    record_name: str | None = None
    record_text: str | None = None


PlayFn = Callable[[Any], Played]


@dataclass
class RunInfo:
    """How a batch ran (reported by ``--json`` as ``run``)."""

    backend: str = "local"          # local | processes | ray
    address: str | None = None
    workers: int = 1
    nodes: int = 1
    chunks: int = 0
    chunk_size: int = 0
    retried_chunks: int = 0
    nodes_used: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"backend": self.backend, "address": self.address, "workers": self.workers,
                "nodes": self.nodes, "chunks": self.chunks, "chunk_size": self.chunk_size,
                "retried_chunks": self.retried_chunks, "nodes_used": len(self.nodes_used),
                "seconds": round(self.seconds, 3)}


@dataclass(frozen=True)
class ChunkResult:
    index: int
    played: list[Played]
    fingerprint: str
    node: str


@lru_cache(maxsize=64)
def _fingerprint(games: tuple[str, ...]) -> str:
    from importlib.metadata import PackageNotFoundError, version

    from nastolka.engine import get

    try:
        installed = version("nastolka")
    except PackageNotFoundError:  # running from a source tree that was never installed
        installed = "source"
    return f"nastolka {installed}; " + ",".join(f"{g}={get(g).rules_version}" for g in sorted(games))


def code_fingerprint(games: Sequence[str] = ()) -> str:
    """The nastolka version and the rules versions of ``games``: equal code gives equal games."""
    return _fingerprint(tuple(games))


@contextmanager
def _environment(env: Mapping[str, str] | None) -> Iterator[None]:
    """Set ``env`` for the duration of a chunk (e.g. the bots' time scale) and restore what was there."""
    if not env:
        yield
        return
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


#: ``(function, argument)`` called once per chunk before its games, in the worker (e.g. to install the
#: trained policies a batch ships to workers that cannot read the driver's files)
Prepare = tuple[Callable[[Any], None], Any]


def run_chunk(play: PlayFn, index: int, tasks: Sequence[Any], env: Mapping[str, str] | None = None,
              games: Sequence[str] = (), prepare: Prepare | None = None, node: str = "") -> ChunkResult:
    """Play one chunk (in whatever process or node it landed on)."""
    with _environment(env):
        if prepare is not None:
            prepare[0](prepare[1])
        played = [play(task) for task in tasks]
    return ChunkResult(index, played, code_fingerprint(games), node or f"{os.uname().nodename}:{os.getpid()}")


def _ray_chunk(play: PlayFn, index: int, tasks: Sequence[Any], env: Mapping[str, str] | None,
               games: Sequence[str], prepare: Prepare | None) -> ChunkResult:
    import ray

    return run_chunk(play, index, tasks, env, games, prepare, node=ray.get_runtime_context().get_node_id())


def split(count: int, size: int) -> list[range]:
    return [range(start, min(count, start + size)) for start in range(0, count, size)]


def auto_chunk_size(count: int, workers: int) -> int:
    return max(1, min(MAX_CHUNK, math.ceil(count / max(1, workers * CHUNKS_PER_WORKER))))


def run_batch(play: PlayFn, tasks: Sequence[Any], *, jobs: int = 1, cluster: str | None = None,
              records_dir: str | Path | None = None, progress: Callable[[int], None] | None = None,
              notice: Callable[[str], None] | None = None, env: Mapping[str, str] | None = None,
              chunk_size: int | None = None, games: Sequence[str] = (),
              prepare: Prepare | None = None) -> tuple[list[Any], RunInfo]:
    """Run ``play`` over ``tasks``; outcomes in task order, and how the run went.

    ``progress(k)`` is called as ``k`` more games are done (per chunk on a pool or cluster);
    ``notice(text)`` with a line about where the run goes (the cluster's size, a retried chunk);
    ``games`` are the game ids played, whose rules versions every worker must share with this machine;
    ``prepare`` runs in the worker before each chunk.
    """
    if jobs < 1:
        raise RunnerError("--jobs must be at least 1")
    if chunk_size is not None and chunk_size < 1:
        raise RunnerError("--chunk-size must be at least 1")
    records = Path(records_dir) if records_dir is not None else None
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    results: dict[int, ChunkResult] = {}
    started = time.perf_counter()
    expected = code_fingerprint(games)
    games = tuple(games)

    def collect(result: ChunkResult, chunks: list[range]) -> None:
        if result.fingerprint != expected:
            raise RunnerError(f"a worker runs other code ({result.fingerprint}) than this machine "
                              f"({expected}): install the same nastolka on every node")
        if result.index in results:  # a retried chunk whose first attempt came back after all
            return
        results[result.index] = result
        if records is not None:
            for played in result.played:
                if played.record_name is not None and played.record_text is not None:
                    (records / played.record_name).write_text(played.record_text, encoding="utf-8")
        if progress:
            progress(len(chunks[result.index]))

    if cluster is not None:
        info = _run_ray(play, tasks, cluster, chunk_size, env, games, prepare, collect, notice)
    elif jobs == 1:
        info = RunInfo(backend="local", chunk_size=1)
        chunks = split(len(tasks), 1)
        info.chunks = len(chunks)
        for i, span in enumerate(chunks):
            collect(run_chunk(play, i, [tasks[k] for k in span], env, games, prepare), chunks)
    else:
        info = _run_pool(play, tasks, jobs, chunk_size, env, games, prepare, collect, notice)
    info.seconds = time.perf_counter() - started
    info.nodes_used = sorted({r.node for r in results.values()})
    outcomes = [played.outcome for i in sorted(results) for played in results[i].played]
    if len(outcomes) != len(tasks):
        raise RunnerError(f"{len(tasks) - len(outcomes)} games are missing from the results")
    return outcomes, info


# ------------------------------------------------------------------------------------------ process pool
def _run_pool(play: PlayFn, tasks: Sequence[Any], jobs: int, chunk_size: int | None,
              env: Mapping[str, str] | None, games: Sequence[str], prepare: Prepare | None, collect: Callable[[ChunkResult, list[range]], None],
              notice: Callable[[str], None] | None) -> RunInfo:
    size = chunk_size or auto_chunk_size(len(tasks), jobs)
    chunks = split(len(tasks), size)
    info = RunInfo(backend="processes", workers=jobs, chunks=len(chunks), chunk_size=size)
    attempts = [0] * len(chunks)
    todo = list(range(len(chunks)))
    while todo:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            running: dict[Future[ChunkResult], int] = {}
            for i in todo:
                attempts[i] += 1
                running[pool.submit(run_chunk, play, i, [tasks[k] for k in chunks[i]], env, games,
                                   prepare)] = i
            todo = []
            while running:
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    i = running.pop(future)
                    try:
                        collect(future.result(), chunks)
                    except BrokenProcessPool:  # a worker process died: every unfinished chunk goes again
                        todo.append(i)
        todo.sort()
        for i in todo:
            if attempts[i] >= MAX_ATTEMPTS:
                raise RunnerError(f"chunk {i} lost its worker process {attempts[i]} times; giving up")
        if todo:
            info.retried_chunks += len(todo)
            if notice:
                notice(f"a worker process died; retrying {len(todo)} chunk(s)")
    return info


# ------------------------------------------------------------------------------------------ Ray
def connect(address: str) -> tuple[Any, bool]:
    """Join the Ray cluster at ``address`` (or ``auto``); returns the module and whether we connected."""
    try:
        import ray
    except ImportError:
        raise RunnerError("--cluster needs Ray: pip install 'nastolka[cluster]'") from None
    if ray.is_initialized():
        return ray, False
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    try:
        ray.init(address=address, log_to_driver=False, logging_level=logging.ERROR,
                 configure_logging=True)
    except ConnectionError as exc:
        raise RunnerError(f"no Ray cluster at {address}: {exc}") from None
    except Exception as exc:  # Ray raises several kinds for an unreachable or refused cluster
        raise RunnerError(f"cannot join the Ray cluster at {address}: {type(exc).__name__}: {exc}") from None
    return ray, True


def _run_ray(play: PlayFn, tasks: Sequence[Any], address: str, chunk_size: int | None,
             env: Mapping[str, str] | None, games: Sequence[str], prepare: Prepare | None, collect: Callable[[ChunkResult, list[range]], None],
             notice: Callable[[str], None] | None) -> RunInfo:
    ray, connected = connect(address)
    # Ray's driver prints what the cluster reports (a worker that died …) on stdout; stdout belongs to
    # the command's output (``--json``), so those lines go to stderr
    with contextlib.redirect_stdout(sys.stderr):
        try:
            return _drive_ray(ray, play, tasks, address, chunk_size, env, games, prepare, collect, notice)
        finally:
            if connected:
                ray.shutdown()


def _drive_ray(ray: Any, play: PlayFn, tasks: Sequence[Any], address: str, chunk_size: int | None,
               env: Mapping[str, str] | None, games: Sequence[str], prepare: Prepare | None,
               collect: Callable[[ChunkResult, list[range]], None],
               notice: Callable[[str], None] | None) -> RunInfo:
    from ray.exceptions import RayError, RayTaskError

    nodes = [n for n in ray.nodes() if n.get("Alive")]
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    size = chunk_size or auto_chunk_size(len(tasks), cpus)
    chunks = split(len(tasks), size)
    info = RunInfo(backend="ray", address=address, workers=cpus, nodes=len(nodes), chunks=len(chunks),
                   chunk_size=size)
    if notice:
        notice(f"Ray cluster: {len(nodes)} node(s), {cpus} CPU(s)")
    # retries are ours, not Ray's, so that each one is counted and reported
    remote = ray.remote(num_cpus=1, max_retries=0)(_ray_chunk)
    play_ref = ray.put(play)
    prepare_ref = ray.put(prepare)
    attempts = [0] * len(chunks)
    pending: dict[Any, int] = {}

    def submit(i: int) -> None:
        attempts[i] += 1
        pending[remote.remote(play_ref, i, [tasks[k] for k in chunks[i]], dict(env or {}), games,
                              prepare_ref)] = i

    for i in range(len(chunks)):
        submit(i)
    while pending:
        ready, _ = ray.wait(list(pending), num_returns=1)
        for ref in ready:
            i = pending.pop(ref)
            try:
                result = ray.get(ref)
            except RayTaskError as exc:  # the chunk itself raised: a bug, not a lost worker
                raise RunnerError(f"chunk {i} failed on the cluster: {exc}") from None
            except RayError as exc:  # the worker or its node was lost: play the chunk again
                if attempts[i] >= MAX_ATTEMPTS:
                    raise RunnerError(f"chunk {i} was lost {attempts[i]} times; giving up "
                                      f"({type(exc).__name__})") from None
                info.retried_chunks += 1
                if notice:
                    notice(f"chunk {i} lost with its worker ({type(exc).__name__}); retrying")
                submit(i)
                continue
            collect(result, chunks)
    return info
