"""``nastolka simulate``: many bot games, win rates by seat, speed."""

from __future__ import annotations

import typer
from rich.table import Table

from nastolka.engine.words import number, percent, seat_names
from nastolka.simulate import simulate

from ._batch import batch_inputs, batch_progress, chunk_option, cluster_option, speed_line, title, words
from .common import console, print_json
from .lang import LANG_HELP


def simulate_cmd(
    game_id: str = typer.Argument(..., metavar="GAME", help="game id (see `nastolka games`)"),
    players: int = typer.Option(..., "--players", "-p", help="number of seats"),
    bots: str = typer.Option("random", "--bots", "-b", help="one bot for all seats, or one per seat"),
    count: int = typer.Option(100, "-n", "--count", min=1, help="number of games"),
    seed: int = typer.Option(0, "--seed", help="game i uses seed+i"),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="worker processes"),
    option: list[str] = typer.Option([], "--option", "-o", help="KEY=VALUE game option (repeatable)"),
    records: str | None = typer.Option(None, "--records", help="save every record into this folder"),
    cluster: str | None = cluster_option(),
    chunk_size: int | None = chunk_option(),
    json_out: bool = typer.Option(False, "--json", help="machine-readable output"),
    lang: str | None = typer.Option(None, "--lang", help=LANG_HELP),
) -> None:
    """Run games between bots and report win rates by seat, length, errors and speed."""
    lang, game, opts, names = batch_inputs(game_id, option, bots, lang)
    with batch_progress(game.name(lang), count, quiet=json_out) as hooks:
        batch = simulate(game.id, players, names, count, seed=seed, options=opts, jobs=jobs,
                         records_dir=records, cluster=cluster, chunk_size=chunk_size, **hooks)
    summary = batch.summary()
    if json_out:
        print_json(summary)
    else:
        table = Table(title=title(game, summary["games"], players, lang))
        for column in ("col_seat", "col_bot", "col_wins", "col_win_rate", "col_score"):
            table.add_column(words(column, lang), no_wrap=column == "col_bot")
        shown = seat_names(batch.bots, lang)
        for seat in range(players):
            table.add_row(str(seat + 1), shown[seat], str(summary["wins_by_seat"][seat]),
                          percent(summary['win_rate_by_seat'][seat], lang), number(summary["mean_score_by_seat"][seat], lang))
        console.print(table)
        console.print(speed_line(summary, lang))
        for message in summary["error_messages"]:
            console.print(f"[red]{message}[/red]")
    if summary["errors"]:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate_cmd)
