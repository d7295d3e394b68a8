"""``nastolka simulate``: many bot games, win rates by seat, speed."""

from __future__ import annotations

import typer
from rich.table import Table

from nastolka.simulate import simulate

from ._batch import batch_progress, chunk_option, cluster_option
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
    cluster: str | None = cluster_option(),
    chunk_size: int | None = chunk_option(),
    json_out: bool = typer.Option(False, "--json", help="machine-readable output"),
) -> None:
    """Run games between bots and report win rates by seat, length, errors and speed."""
    game = load_game(game_id)
    opts = parse_options(game, option)
    names = split_names(bots, "bots")
    with batch_progress(game.name_en, count, quiet=json_out) as hooks:
        batch = simulate(game.id, players, names, count, seed=seed, options=opts, jobs=jobs,
                         records_dir=records, cluster=cluster, chunk_size=chunk_size, **hooks)
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
        run = summary["run"]
        where = (f"Ray cluster {run['address']}: {run['nodes']} node(s), {run['workers']} CPU(s)"
                 if run["backend"] == "ray" else f"{run['workers']} process(es)")
        retried = f", {run['retried_chunks']} chunk(s) retried" if run["retried_chunks"] else ""
        console.print(f"mean actions per game {summary['mean_actions']}, errors {summary['errors']}, "
                      f"{summary['games_per_second']} games/s, {summary['actions_per_second']} actions/s "
                      f"({where}{retried})")
        for message in summary["error_messages"]:
            console.print(f"[red]{message}[/red]")
    if summary["errors"]:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate_cmd)
