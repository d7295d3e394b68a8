"""``nastolka arena``: bots against bots in rotating seats — win rates with 95% CIs, ratings, a report."""

from __future__ import annotations

from typing import Any

import typer
from rich.table import Table

from nastolka.arena import report_names, run_arena, write_report

from ._batch import batch_progress, chunk_option, cluster_option
from .common import console, load_game, parse_options, print_json, split_names
from .lang import LANG_HELP, resolve_lang


def arena_cmd(
    game_id: str = typer.Argument(..., metavar="GAME", help="game id (see `nastolka games`)"),
    players: int = typer.Option(..., "--players", "-p", help="number of seats"),
    bots: str = typer.Option(..., "--bots", "-b", help="one bot per seat, comma-separated (e.g. hard,normal)"),
    count: int = typer.Option(100, "-n", "--count", help="number of games (a multiple of --players "
                                                          "gives every bot every seat equally)"),
    jobs: int = typer.Option(1, "--jobs", "-j", help="worker processes"),
    seed: int = typer.Option(0, "--seed", help="deal seeds are seed + game // players"),
    option: list[str] = typer.Option([], "--option", "-o", help="KEY=VALUE game option (repeatable)"),
    records: str | None = typer.Option(None, "--records", help="save every game's record into this folder"),
    ratings: str | None = typer.Option(None, "--ratings", help="openskill ratings JSON file to read and update"),
    report: str | None = typer.Option(None, "--report", help="balance report: out.html, or out.png for PNGs"),
    time_scale: float | None = typer.Option(None, "--time-scale",
                                            help="multiply the search bots' time per move (e.g. 0.2)"),
    cluster: str | None = cluster_option(),
    chunk_size: int | None = chunk_option(),
    json_out: bool = typer.Option(False, "--json", help="machine-readable output"),
    lang: str | None = typer.Option(None, "--lang", help=LANG_HELP),
) -> None:
    """Play bots against each other with rotating seats; win rates, ratings and a balance report."""
    lang = resolve_lang(lang)
    game = load_game(game_id)
    opts = parse_options(game, option)
    names = split_names(bots, "bots")
    kwargs: dict[str, Any] = dict(seed=seed, options=opts, jobs=jobs, records_dir=records, ratings_path=ratings,
                                  time_scale=time_scale, cluster=cluster, chunk_size=chunk_size)
    with batch_progress(f"{game.name_en}: {', '.join(names)}", count, quiet=json_out) as hooks:
        result = run_arena(game.id, players, names, count, **kwargs, **hooks)
    summary = result.summary()
    if report:
        summary["report"] = str(write_report(result, report, lang))
    if json_out:
        print_json(summary)
    else:
        table = Table(title=f"{game.name_ru} / {game.name_en}: {summary['finished']} games, {players} players")
        for col in ("bot", "wins", "win rate", "95% CI", "mean score", "mean rank", "rating (μ ± σ)",
                    "s/move (max)"):
            table.add_column(col)
        shown = report_names(result, lang)
        for row in summary["entries"]:
            r = summary["ratings"].get(row["bot"])
            table.add_row(shown[row["entry"]], str(row["wins"]), f"{row['win_rate']:.1%}",
                          f"{row['ci95'][0]:.1%}–{row['ci95'][1]:.1%}", str(row["mean_score"]),
                          str(row["mean_rank"]), f"{r['mu']:.1f} ± {r['sigma']:.1f}" if r else "—",
                          f"{row['mean_move_seconds']:.3f} ({row['max_move_seconds']:.3f})")
        console.print(table)
        seats = ", ".join(f"{s}: {w:.1%}" for s, w in enumerate(summary["win_rate_by_seat"]))
        console.print(f"win rate by seat {seats}; mean length {summary['mean_actions']} actions; "
                      f"{summary['mean_seconds_per_game']} s/game; errors {summary['errors']}")
        for key, tab in summary["categories"].items():
            parts = ", ".join(f"{k} {v['win_rate']:.0%}" for k, v in sorted(tab.items()))
            console.print(f"by {key}: {parts}")
        for message in summary["error_messages"]:
            console.print(f"[red]{message}[/red]")
        if report:
            console.print(f"report: {summary['report']}")
    if summary["errors"]:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("arena")(arena_cmd)
