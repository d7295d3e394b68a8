"""The one batch runner of simulate and arena: same outcomes whatever the chunking or the number of
processes, records written once by the starting process, a dead worker process's chunks played again."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from nastolka.runner import Played, RunnerError, run_batch


def square(task: int) -> Played:
    return Played(task * task, f"game-{task}.txt", f"{task}\n")


def die_once(task: tuple[int, str]) -> Played:
    """Kills its own worker process the first time it sees game 5 (a marker file remembers)."""
    index, marker = task
    if index == 5 and not os.path.exists(marker):
        Path(marker).write_text("died")
        os._exit(1)
    return Played(index)


@pytest.mark.parametrize(("jobs", "chunk"), [(1, None), (2, None), (2, 1), (2, 7), (3, 50)])
def test_outcomes_and_records_do_not_depend_on_processes_or_chunks(jobs: int, chunk: int | None,
                                                                   tmp_path: Path) -> None:
    seen: list[int] = []
    outcomes, info = run_batch(square, list(range(23)), jobs=jobs, chunk_size=chunk, records_dir=tmp_path,
                               progress=seen.append)
    assert outcomes == [i * i for i in range(23)]
    assert sum(seen) == 23 and info.retried_chunks == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"game-{i}.txt" for i in range(23))
    assert (tmp_path / "game-4.txt").read_text() == "4\n"


def test_a_dead_worker_process_has_its_chunks_played_again(tmp_path: Path) -> None:
    marker = str(tmp_path / "died")
    notices: list[str] = []
    outcomes, info = run_batch(die_once, [(i, marker) for i in range(12)], jobs=2, chunk_size=2,
                               notice=notices.append)
    assert os.path.exists(marker), "the worker never died: the test proves nothing"
    assert outcomes == list(range(12))
    assert info.retried_chunks >= 1 and notices


def test_bad_settings_are_refused() -> None:
    with pytest.raises(RunnerError, match="--jobs"):
        run_batch(square, [1], jobs=0)
    with pytest.raises(RunnerError, match="--chunk-size"):
        run_batch(square, [1], chunk_size=0)
