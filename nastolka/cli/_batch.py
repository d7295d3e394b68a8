"""What ``simulate`` and ``arena`` share on the command line: where the batch runs and its progress bar."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn, TimeRemainingColumn

from nastolka.engine import Game
from nastolka.engine.words import ENGINE

from .common import console, err_console, load_game, parse_options, split_names
from .lang import resolve_lang

CLUSTER_HELP = ("run the games on a Ray cluster: HOST:PORT of its head, or auto "
                "(needs pip install 'nastolka[cluster]'); records still land on this machine")


def cluster_option() -> Any:
    return typer.Option(None, "--cluster", help=CLUSTER_HELP)


def chunk_option() -> Any:
    return typer.Option(None, "--chunk-size", min=1, help="games per task sent to a worker (default: automatic)")


@contextmanager
def batch_progress(title: str, total: int, quiet: bool) -> Iterator[dict[str, Any]]:
    """Yield ``progress``/``notice`` callbacks for the runner: a Rich bar on a terminal, else nothing.

    The bar advances as chunks come back from workers, local or on a cluster; a notice (the cluster's
    size, a retried chunk) becomes part of the bar's description and, off a terminal, a line on stderr.
    """
    if quiet or not sys.stderr.isatty():
        def note(text: Any) -> None:
            if not quiet:
                err_console.print(f"[dim]{text}[/dim]")
        yield {"progress": None, "notice": note}
        return
    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TimeRemainingColumn(), console=console, transient=True) as bar:
        task = bar.add_task(title, total=total)

        def advance(k: Any) -> None:
            bar.advance(task, int(k))

        def notice(text: Any) -> None:
            bar.update(task, description=f"{title} [dim]({text})[/dim]")
        yield {"progress": advance, "notice": notice}


def words(key: str, lang: str, **args: Any) -> str:
    """A batch command's words (the engine's ``arena.*`` templates) in the reader's language."""
    return ENGINE.t(f"arena.{key}", lang, **args)


def title(game: Game, games: int, players: int, lang: str) -> str:
    """«Кольт Экспресс: 100 партий, игроков: 4» — the heading of a batch's table."""
    return words("title", lang, game=game.name(lang), n=games, players=players)


def speed_line(summary: dict[str, Any], lang: str) -> str:
    """Length, failures and speed of a batch, and where it ran (processes or a Ray cluster)."""
    run = summary["run"]
    if run["backend"] == "ray":
        where = words("where_ray", lang, address=run["address"], nodes=run["nodes"], cpus=run["workers"])
    else:
        where = words("where_local", lang, n=run["workers"])
    retried = words("retried", lang, n=run["retried_chunks"]) if run["retried_chunks"] else ""
    return words("speed", lang, length=summary["mean_actions"], errors=summary["errors"],
                 games=summary["games_per_second"], actions=summary["actions_per_second"], where=where,
                 retried=retried)


def batch_inputs(game_id: str, option: list[str], bots: str, lang: str | None) -> tuple[str, Game,
                                                                                    dict[str, Any], list[str]]:
    """What ``simulate`` and ``arena`` read first: the language, the game, its options and the bots — each
    refused with one clear line when wrong."""
    game = load_game(game_id)
    return resolve_lang(lang), game, parse_options(game, option), split_names(bots, "bots")
