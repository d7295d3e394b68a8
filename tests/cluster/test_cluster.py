"""``simulate`` and ``arena`` on a real two-node Ray cluster give the local run's results; a lost worker's
chunk is played again, and every game is counted (and recorded) exactly once."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from nastolka.arena import run_arena
from nastolka.simulate import simulate

from .raycluster import NASTOLKA, RayCluster

pytestmark = pytest.mark.xdist_group("ray_cluster")

SIM_KEYS = ("games", "finished", "errors", "mean_actions", "wins_by_seat", "win_rate_by_seat",
            "mean_score_by_seat")


def _cli(cluster: RayCluster, *args: str, timeout: float = 120) -> dict[str, Any]:
    proc = subprocess.run([NASTOLKA, *args, "--cluster", cluster.address, "--json"], env=cluster.env,
                          capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


def _records(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.iterdir())}


def _arena_view(summary: dict[str, Any]) -> dict[str, Any]:
    """What an arena decides: everything but timings."""
    entries = [{k: v for k, v in row.items() if "seconds" not in k} for row in summary["entries"]]
    return {"entries": entries, "by_bot": summary["by_bot"], "win_rate_by_seat": summary["win_rate_by_seat"],
            "ci95_by_seat": summary["ci95_by_seat"], "mean_actions": summary["mean_actions"],
            "finished": summary["finished"], "categories": summary["categories"]}


def _on_both_nodes(run_once: Callable[[], dict[str, Any]], what: str) -> dict[str, Any]:
    """``run_once`` (which checks its own result) until both nodes took part, at most three times.

    Ray starts each job's workers on demand: on an overloaded machine the second node's worker can come up
    after the head has played a short batch alone. Every attempt must equal the local run; only the
    taking part of both nodes is waited for.
    """
    for _attempt in range(3):
        out = run_once()
        if out["run"]["nodes_used"] == 2:
            break
    assert out["run"]["nodes_used"] == 2, f"both nodes must have played (in any of three {what})"
    return out


def test_simulate_and_arena_on_the_cluster_equal_the_local_run(cluster: RayCluster, tmp_path: Path) -> None:
    local = simulate("show_battle", 2, ["random"], 400, seed=11, records_dir=str(tmp_path / "local"))
    pooled = simulate("show_battle", 2, ["random"], 400, seed=11, jobs=2, chunk_size=7)

    def simulate_remotely() -> dict[str, Any]:
        shutil.rmtree(tmp_path / "remote", ignore_errors=True)
        remote = _cli(cluster, "simulate", "show_battle", "-p", "2", "--bots", "random", "-n", "400", "--seed",
                      "11", "--chunk-size", "10", "--records", str(tmp_path / "remote"))
        for key in SIM_KEYS:
            assert remote[key] == local.summary()[key] == pooled.summary()[key], key
        assert remote["finished"] == 400
        run = remote["run"]
        assert run["backend"] == "ray" and run["nodes"] == 2 and run["workers"] == 2
        return remote

    _on_both_nodes(simulate_remotely, "batches")
    # every record was gathered on this machine, byte for byte the local run's
    assert _records(tmp_path / "remote") == _records(tmp_path / "local")
    assert len(_records(tmp_path / "remote")) == 400

    arena_local = run_arena("show_battle", 2, ["normal", "random"], 40, seed=5)

    def arena_remotely() -> dict[str, Any]:
        remote = _cli(cluster, "arena", "show_battle", "-p", "2", "--bots", "normal,random", "-n", "40",
                      "--seed", "5", "--chunk-size", "3")
        assert _arena_view(remote) == _arena_view(arena_local.summary())
        return remote

    _on_both_nodes(arena_remotely, "arenas")


def test_a_worker_killed_mid_run_loses_no_game_and_counts_none_twice(cluster: RayCluster,
                                                                      tmp_path: Path) -> None:
    count = 480  # long enough that a chunk of the second node is caught running on a quiet machine too
    args = ["simulate", "show_battle", "-p", "2", "--bots", "normal,random", "-n", str(count), "--seed", "3",
            "--chunk-size", "6", "--records", str(tmp_path / "remote")]
    proc = subprocess.Popen([NASTOLKA, *args, "--cluster", cluster.address, "--json"], env=cluster.env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    killed: list[int] = []

    def kill_one_worker_of_the_second_node() -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and proc.poll() is None and not killed:
            busy = cluster.workers_running(1, "_ray_chunk")
            if busy:
                os.kill(busy[0], signal.SIGKILL)
                killed.append(busy[0])
                return
            time.sleep(0.02)

    killer = threading.Thread(target=kill_one_worker_of_the_second_node)
    killer.start()
    try:
        out, err = proc.communicate(timeout=120)
    finally:
        killer.join()
        if proc.poll() is None:
            proc.kill()
    assert killed, "no worker of the second node was caught playing a chunk"
    assert proc.returncode == 0, err[-3000:]
    remote = json.loads(out)
    assert remote["run"]["retried_chunks"] >= 1, "the killed worker's chunk was not retried"
    assert remote["games"] == remote["finished"] == count and remote["errors"] == 0

    local = simulate("show_battle", 2, ["normal", "random"], count, seed=3, records_dir=str(tmp_path / "local"))
    for key in SIM_KEYS:
        assert remote[key] == local.summary()[key], key
    records = _records(tmp_path / "remote")
    assert len(records) == count  # one file per game: none lost, none twice
    assert records == _records(tmp_path / "local")
