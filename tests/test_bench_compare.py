"""``make bench`` reports speed figures against the committed ``bench/results.json`` (a report, never a
timed test): the comparison itself is a pure function over two results trees."""

from __future__ import annotations

import json
from pathlib import Path

from nastolka.bench import compare

BASE = {"g": {"games_per_second": 100.0, "clone_microseconds": 2.0,
              "bots": {"ismcts_iterations_per_second": 50.0, "move_seconds": {"hard": 0.4}}},
        "_machine": {"cpus": 2}}


def test_figures_within_the_tolerance_are_the_same_and_beyond_it_slower_or_faster() -> None:
    now = {"g": {"games_per_second": 90.0, "clone_microseconds": 9.0,
                 "bots": {"ismcts_iterations_per_second": 70.0}, "rl": {"steps_per_second": 5.0}}}
    rows = {r["figure"]: r for r in compare(now, BASE, tolerance=0.15)}
    assert rows["g.games_per_second"]["status"] == "same" and rows["g.games_per_second"]["change"] == -0.1
    assert rows["g.bots.ismcts_iterations_per_second"]["status"] == "faster"
    assert rows["g.rl.steps_per_second"]["status"] == "new"
    assert set(rows) == {"g.games_per_second", "g.bots.ismcts_iterations_per_second", "g.rl.steps_per_second"}
    slower = compare({"g": {"games_per_second": 80.0}}, BASE, tolerance=0.15)
    assert {r["figure"]: r["status"] for r in slower} == {"g.games_per_second": "slower",
                                                          "g.bots.ismcts_iterations_per_second": "gone"}


def test_the_committed_results_hold_speed_figures_for_every_game() -> None:
    from nastolka.engine import all_games

    data = json.loads((Path(__file__).resolve().parents[1] / "bench" / "results.json").read_text())
    figures = {r["figure"] for r in compare(data, data)}
    for game in all_games():
        # ``nastolka bench`` writes ``<game>.<figure>``; ``make bench`` (both builds) ``builds.<build>.games.<game>/<n>p.<figure>``
        for figure in ("games_per_second", "clones_per_second"):
            assert f"{game.id}.{figure}" in figures or any(
                f.startswith(f"builds.compiled.games.{game.id}/") and f.endswith(f".{figure}") for f in figures), figure
