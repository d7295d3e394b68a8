"""``nastolka simulate``: many bot games, win rates by seat, speed."""

from __future__ import annotations

import sys

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from nastolka.simulate import simulate

from .common import console, load_game, parse_options, print_json, split_names


def simulate_cmd(
    game_id: str = typer.Argument(..., metavar="GAME", help="game id (see `nastolka games`)"),
    players: int = typer.Option(..., "--players", "-p", help="number of seats"),
    bots: str = typer.Option("random", "--bots", "-b", help="one bot for all seats, or one per seat"),
    count: int = typer.Option(100, "-n", "--count", min=1, help="number of games"),
    seed: int = typer.Option(0, "--seed", help="game i uses seed+i"),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="worker processes"),
    option: list[str] = typer.Option([], "--option", "-o", help="KEY=VALUE game option (repeatable)"),
    records: str | None = typer.Option(None, "--records", help="save every record into this folder"),
    json_out: bool = typer.Option(False, "--json", help="machine-readable output"),
) -> None:
    """Run games between bots and report win rates by seat, length, errors and speed."""
    game = load_game(game_id)
    opts = parse_options(game, option)
    names = split_names(bots, "bots")
    show_bar = not json_out and sys.stderr.isatty()
    if show_bar:
        with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), console=console, transient=True) as bar:
            task = bar.add_task(game.name_en, total=count)
            batch = simulate(game.id, players, names, count, seed=seed, options=opts, jobs=jobs,
                             records_dir=records, progress=lambda k: bar.advance(task, k))
    else:
        batch = simulate(game.id, players, names, count, seed=seed, options=opts, jobs=jobs,
                         records_dir=records)
    summary = batch.summary()
    if json_out:
        print_json(summary)
    else:
        table = Table(title=f"{game.name_ru} / {game.name_en}: {summary['games']} games, {players} players")
        table.add_column("seat")
        table.add_column("bot")
        table.add_column("wins")
        table.add_column("win rate")
        table.add_column("mean score")
        for seat in range(players):
            table.add_row(str(seat), batch.bots[seat], str(summary["wins_by_seat"][seat]),
                          f"{summary['win_rate_by_seat'][seat]:.1%}", str(summary["mean_score_by_seat"][seat]))
        console.print(table)
        console.print(f"mean actions per game {summary['mean_actions']}, errors {summary['errors']}, "
                      f"{summary['games_per_second']} games/s, {summary['actions_per_second']} actions/s")
        for message in summary["error_messages"]:
            console.print(f"[red]{message}[/red]")
    if summary["errors"]:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate_cmd)
