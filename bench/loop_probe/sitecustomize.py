"""Event-loop lag probe for ``bench/load_server.py --loop-probe`` (not part of the server).

Why: a move's latency seen by a player mixes the server's own work with every wait outside it (a CPU
taken by another program, the players' own loop). This probe, loaded into the server process through
``sitecustomize`` only when ``NASTOLKA_LOOP_PROBE`` names an output file, measures how late the server's
event loop wakes from a 5 ms sleep (its lag: what any message waits before the server even looks at it),
and, when the loop has not turned for 50 ms, where its thread was and whether another thread of the
server was busy (a stall in one piece of the server's code has the same place every time; a process the
machine did not run, or a garbage collection, stops anywhere), and how long the garbage collector's
passes took per generation. It writes a JSON summary once a second.
"""

from __future__ import annotations

import os

if os.environ.get("NASTOLKA_LOOP_PROBE"):
    import asyncio
    import collections
    import gc
    import json
    import sys
    import threading
    import time
    import traceback
    from typing import Any

    import uvicorn.server

    _OUT = os.environ["NASTOLKA_LOOP_PROBE"]
    _beat = [time.perf_counter()]
    _lags: list[float] = []
    _stalls: collections.Counter[str] = collections.Counter()
    _busy_threads = [0]
    _gc: dict[int, list[float]] = {0: [], 1: [], 2: []}   # collection pauses per generation
    _gc_freed = [0, 0, 0]
    _t0 = time.perf_counter()
    _full_passes: list[list[float]] = []   # [seconds since start-up, ms, objects freed] of each full pass
    _gc_started = [0.0]

    def _on_gc(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            _gc_started[0] = time.perf_counter()
        else:
            _gc[info["generation"]].append(time.perf_counter() - _gc_started[0])
            _gc_freed[info["generation"]] += info["collected"]
            if info["generation"] == 2:
                _full_passes.append([round(_gc_started[0] - _t0, 1), round(1000 * _gc[2][-1], 1), info["collected"]])

    gc.callbacks.append(_on_gc)

    def _where(frame: Any) -> str:
        return " < ".join(f"{f.name}:{os.path.basename(f.filename)}:{f.lineno}"
                          for f in reversed(traceback.extract_stack(frame)[-5:]))

    def _report() -> None:
        if not _lags:
            return
        lags = sorted(_lags)
        summary = {"samples": len(lags), "p50_ms": round(1000 * lags[len(lags) // 2], 2),
                   "p99_ms": round(1000 * lags[int(0.99 * len(lags))], 2), "max_ms": round(1000 * lags[-1], 1),
                   "stalls_over_50ms": sum(x > 0.05 for x in lags), "other_thread_busy_in_stalls": _busy_threads[0],
                   "stall_places": dict(_stalls.most_common(8)),
                   "gc": {f"gen{g}": {"count": len(p), "max_ms": round(1000 * max(p), 1) if p else 0,
                                      "total_ms": round(1000 * sum(p), 1), "freed": _gc_freed[g]}
                          for g, p in _gc.items()},
                   "gc_full_passes": _full_passes, "gc_objects": len(gc.get_objects())}
        with open(_OUT, "w", encoding="utf-8") as f:
            json.dump(summary, f, indent=1)

    def _watchdog(loop_thread: int) -> None:
        seen = None
        last = time.perf_counter()
        while True:
            time.sleep(0.01)
            now = time.perf_counter()
            if now - last > 1:
                last = now
                _report()
            if now - _beat[0] > 0.05 and seen != _beat[0]:
                seen = _beat[0]
                frames = sys._current_frames()
                if loop_thread in frames:
                    _stalls[_where(frames[loop_thread])] += 1
                for ident, frame in frames.items():   # a worker thread not waiting for work holds the CPU
                    if ident not in (loop_thread, threading.get_ident()) and "_worker:thread.py:8" not in _where(frame):
                        _busy_threads[0] += 1

    async def _probe() -> None:
        while True:
            t = time.perf_counter()
            _beat[0] = t
            await asyncio.sleep(0.005)
            _lags.append(time.perf_counter() - t - 0.005)

    _serve = uvicorn.server.Server.serve

    async def _serve_probed(self: Any, sockets: Any = None) -> None:
        task = asyncio.get_running_loop().create_task(_probe())
        threading.Thread(target=_watchdog, args=(threading.get_ident(),), daemon=True).start()
        try:
            await _serve(self, sockets)
        finally:
            task.cancel()
            _report()

    uvicorn.server.Server.serve = _serve_probed  # type: ignore[method-assign]
