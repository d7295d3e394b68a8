"""``nastolka arena``: bots against bots in rotating seats — win rates with 95% CIs, ratings, a report."""

from __future__ import annotations

from typing import Any

import typer
from rich.table import Table

from nastolka.arena import run_arena
from nastolka.arena_report import label_name, report_names, write_report
from nastolka.engine.words import ENGINE, decimal, number, percent, seat_names

from ._batch import batch_inputs, batch_progress, chunk_option, cluster_option, title, words
from .common import console, print_json
from .lang import LANG_HELP


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
    lang, game, opts, names = batch_inputs(game_id, option, bots, lang)
    kwargs: dict[str, Any] = dict(seed=seed, options=opts, jobs=jobs, records_dir=records, ratings_path=ratings,
                                  time_scale=time_scale, cluster=cluster, chunk_size=chunk_size)
    with batch_progress(f"{game.name(lang)}: {', '.join(seat_names(names, lang))}", count, quiet=json_out) as hooks:
        result = run_arena(game.id, players, names, count, **kwargs, **hooks)
    summary = result.summary()
    if report:
        summary["report"] = str(write_report(result, report, lang))
    if json_out:
        print_json(summary)
    else:
        table = Table(title=title(game, summary["finished"], players, lang))
        for column in ("col_bot", "col_wins", "col_win_rate", "col_ci", "col_score", "col_rank", "col_rating",
                       "col_move"):
            table.add_column(words(column, lang), no_wrap=column == "col_bot")
        shown = report_names(result, lang)
        for row in summary["entries"]:
            r = summary["ratings"].get(row["bot"])
            table.add_row(shown[row["entry"]], str(row["wins"]), percent(row['win_rate'], lang),
                          f"{percent(row['ci95'][0], lang)}–{percent(row['ci95'][1], lang)}",
                          number(row["mean_score"], lang), number(row["mean_rank"], lang),
                          f"{decimal(r['mu'], lang, 1)} ± {decimal(r['sigma'], lang, 1)}" if r else "—",
                          f"{decimal(row['mean_move_seconds'], lang, 3)} ({decimal(row['max_move_seconds'], lang, 3)})")
        console.print(table)
        seats = ", ".join(words("seat_share", lang, nth=words(f"nth.{s + 1}", lang), share=percent(w, lang))
                          for s, w in enumerate(summary["win_rate_by_seat"]))
        console.print(words("seats", lang, seats=seats, length=summary["mean_actions"],
                            seconds=summary["mean_seconds_per_game"], errors=summary["errors"]))
        for key, tab in summary["categories"].items():
            what = words(f"category.{key}", lang) if ENGINE.has_template(f"arena.category.{key}") else key
            parts = ", ".join(f"{label_name(game, key, k, lang)} {percent(v['win_rate'], lang, 0)}" for k, v in sorted(tab.items()))
            console.print(words("by_category_line", lang, what=what, parts=parts))
        for message in summary["error_messages"]:
            console.print(f"[red]{message}[/red]")
        if report:
            console.print(words("report_written", lang, path=summary["report"]))
    if summary["errors"]:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("arena")(arena_cmd)
