"""``nastolka bench``: playouts, actions and clones per second for each game."""

from __future__ import annotations

import json
from pathlib import Path

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
) -> None:
    """Benchmark every game (or the named ones) on one core."""
    from nastolka.rl.bench import bench_env

    results = bench.run(game or None, seconds, extras, sections={"rl": bench_env})
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(results, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
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


def register(app: typer.Typer) -> None:
    app.command("bench")(bench_cmd)
