"""``nastolka league``: our bots, trained policies and submitted bots, every one against every other."""

from __future__ import annotations

import typer
from rich.table import Table

from nastolka.engine.words import ENGINE
from nastolka.league import read_entrants, run_league
from nastolka.league_report import write_report

from ._batch import batch_progress
from .common import console, load_game, parse_options, print_json
from .lang import LANG_HELP, resolve_lang


def league_cmd(
    game_id: str = typer.Argument(..., metavar="GAME", help="game id (see `nastolka games`)"),
    players: int = typer.Option(..., "--players", "-p", help="seats at every table"),
    entrants_file: str = typer.Option(..., "--entrants", help="text file: one entrant a line, `label = spec`, where "
                                      "spec is a bot name, policy:FILE or a submitted module:Class"),
    path: list[str] = typer.Option([], "--path", help="folder submitted bots are imported from (repeatable)"),
    deals: int = typer.Option(2, "--deals", help="deals every group of entrants plays (each in every seat order)"),
    seed: int = typer.Option(0, "--seed", help="deal seeds are seed, seed + 1, …"),
    move_seconds: float = typer.Option(1.0, "--move-seconds", help="time a bot has for one move"),
    memory_mb: int = typer.Option(1024, "--memory-mb", help="memory cap of each bot's process (0: none)"),
    option: list[str] = typer.Option([], "--option", "-o", help="KEY=VALUE game option (repeatable)"),
    ratings: str | None = typer.Option(None, "--ratings", help="openskill ratings JSON file to read and update"),
    report: str | None = typer.Option(None, "--report", help="HTML leaderboard to write"),
    json_out: bool = typer.Option(False, "--json", help="machine-readable output"),
    lang: str | None = typer.Option(None, "--lang", help=LANG_HELP),
) -> None:
    """A round-robin league on shared deals with rotating seats: ratings, head-to-head rates, forfeits."""
    lang = resolve_lang(lang)
    game = load_game(game_id)
    opts = parse_options(game, option)
    entrants = read_entrants(entrants_file)
    from math import comb

    total = comb(len(entrants), players) * deals * players if len(entrants) >= players else 0
    with batch_progress(ENGINE.t("league.head", lang, game=game.name(lang)), total, quiet=json_out) as hooks:
        league = run_league(game.id, players, entrants, deals=deals, seed=seed, options=opts,
                            move_seconds=move_seconds, memory_mb=memory_mb or None, paths=path,
                            ratings_path=ratings, progress=hooks["progress"])
    summary = league.summary()
    if report:
        summary["report"] = str(write_report(league, report, lang))
    if json_out:
        print_json(summary)
        return
    table = Table(title=ENGINE.t("league.title", lang, game=game.name(lang), players=players, n=summary["finished"]))
    for key in ("league.col_place", "league.col_entrant", "league.col_rating", "league.col_interval",
                "league.col_games", "arena.col_win_rate", "arena.col_ci", "league.col_forfeits"):
        table.add_column(ENGINE.t(key, lang))
    for place, r in enumerate(summary["leaderboard"], 1):
        rating = r["rating"]
        table.add_row(str(place), r["label"], f"{rating['mu']:.2f} ± {rating['sigma']:.2f}" if rating else "—",
                      f"{rating['interval95'][0]:.1f} … {rating['interval95'][1]:.1f}" if rating else "—",
                      str(r["games"]), f"{r['win_rate']:.1%}", f"{r['ci95'][0]:.1%}–{r['ci95'][1]:.1%}",
                      str(r["forfeits"]))
    console.print(table)
    for f in summary["forfeits"]:
        console.print(ENGINE.t("league.forfeit_line", lang, game=f["game"] + 1, entrant=f["label"],
                               what=ENGINE.t("league.kind." + f["kind"], lang, detail=f["detail"])))
    if report:
        console.print(ENGINE.t("league.written", lang, path=summary["report"]))


def register(app: typer.Typer) -> None:
    app.command("league")(league_cmd)
