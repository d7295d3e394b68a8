"""``nastolka bench``: playouts, actions and clones per second for each game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from nastolka import bench

from .common import console, print_json


def bench_cmd(
    game: list[str] = typer.Option([], "--game", "-g", help="only this game (repeatable)"),
    seconds: float = typer.Option(2.0, "--seconds", help="time per measurement"),
    extras: bool = typer.Option(True, "--extras/--no-extras", help="include bot and RL benchmarks"),
    out: Path | None = typer.Option(None, "--out", help="also write the JSON here"),
    json_out: bool = typer.Option(False, "--json", help="machine-readable output"),
    compare_to: Path | None = typer.Option(None, "--compare", help="report each speed figure against this "
                                           "committed results file (e.g. bench/results.json)"),
    tolerance: float = typer.Option(0.15, "--tolerance", help="fraction a figure may move and still be 'same'"),
) -> None:
    """Benchmark every game (or the named ones) on one core."""
    from nastolka.rl.bench import bench_env

    results = bench.run(game or None, seconds, extras, sections={"rl": bench_env})
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(results, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    if compare_to is not None:
        baseline = json.loads(compare_to.read_text(encoding="utf-8"))
        rows = bench.compare(results, baseline, tolerance)
        if json_out:
            print_json({"results": results, "comparison": rows, "baseline": str(compare_to),
                        "tolerance": tolerance})
        else:
            _print_comparison(rows, compare_to, tolerance)
        return
    if json_out:
        print_json(results)
        return
    table = Table(title="nastolka bench (one core)")
    for column in ("game", "players", "games/s", "actions/s", "clones/s", "clone µs", "mean actions"):
        table.add_column(column)
    for gid, r in results.items():
        if gid.startswith("_"):
            continue
        table.add_row(gid, str(r["players"]), str(r["games_per_second"]), str(r["actions_per_second"]),
                      str(r["clones_per_second"]), str(r["clone_microseconds"]), str(r["mean_actions"]))
    console.print(table)
    console.print(f"python {results['_machine']['python']} on {results['_machine']['platform']}")


def _print_comparison(rows: list[dict[str, Any]], baseline: Path, tolerance: float) -> None:
    table = Table(title=f"against {baseline} (±{tolerance:.0%} is 'same')")
    for column in ("figure", "before", "now", "change", ""):
        table.add_column(column)
    style = {"slower": "bold red", "faster": "green", "same": "", "new": "cyan", "gone": "yellow"}
    for row in rows:
        change = "" if row["change"] is None else f"{row['change']:+.1%}"
        table.add_row(row["figure"], str(row["before"] or "—"), str(row["now"] or "—"), change,
                      f"[{style[row['status']]}]{row['status']}[/]" if style[row["status"]] else row["status"])
    console.print(table)
    slower = [r["figure"] for r in rows if r["status"] == "slower"]
    console.print(f"{len(slower)} figure(s) slower than the baseline by more than {tolerance:.0%}"
                  + (": " + ", ".join(slower) if slower else ""))


def register(app: typer.Typer) -> None:
    app.command("bench")(bench_cmd)
