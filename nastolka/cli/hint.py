"""``nastolka hint``: what would the bot do in the last position of a record, and why.

The search runs on ``seat``'s information set only (determinizations of the replayed state), so a hint
never reveals another player's hidden cards; the visit counts and values show how sure the bot is.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from nastolka.bots.ismcts import IsmctsBot, IsmctsConfig
from nastolka.bots.levels import BUDGETS, search_settings
from nastolka.engine import Record, replay
from nastolka.engine.words import decimal, percent, record_names

from .common import CliError, console, print_json
from .lang import LANG_HELP, resolve_lang, word


def hint_cmd(  # noqa: C901
    path: Path = typer.Argument(..., metavar="RECORD", help="a record JSON file (its last position is used)"),
    seat: int = typer.Option(..., "--seat", "-s", help="the seat asking for a hint"),
    level: str = typer.Option("hard", "--level", help="search settings of this level: hard or expert"),
    seconds: float | None = typer.Option(None, "--seconds", help="search time (default: the level's)"),
    iterations: int | None = typer.Option(None, "--iterations", "-i",
                                          help="search iterations instead of time (reproducible)"),
    rollout: str | None = typer.Option(None, "--rollout", help="playout policy: random or heuristic"),
    seed: int = typer.Option(0, "--seed", help="search seed"),
    jobs: int = typer.Option(1, "--jobs", "-j", help="processes searching in parallel (root parallelism)"),
    lang: str | None = typer.Option(None, "--lang", help=LANG_HELP),
    json_out: bool = typer.Option(False, "--json", help="machine-readable output"),
) -> None:
    """Recommend an action for SEAT at the end of RECORD, with visit counts and value estimates."""
    lang = resolve_lang(lang)
    record = Record.load(path)
    state = replay(record, verify_result=False)
    if not 0 <= seat < state.players:
        raise CliError(f"--seat must be 0..{state.players - 1}, not {seat}")
    if state.is_over:
        raise CliError("the game in this record is over: there is nothing to decide")
    if seat not in state.to_act:
        raise CliError(f"seat {seat} does not decide now (waiting for seat "
                       f"{', '.join(str(s) for s in state.to_act)})")
    if level not in BUDGETS:
        raise CliError(f"--level must be one of {', '.join(BUDGETS)}, not {level!r}")
    if rollout not in {None, "random", "heuristic"}:
        raise CliError(f"--rollout must be random or heuristic, not {rollout!r}")
    if iterations is not None and iterations < 1:
        raise CliError("--iterations must be at least 1")
    if seconds is not None and seconds <= 0:
        raise CliError("--seconds must be positive")
    if jobs < 1:
        raise CliError("--jobs must be at least 1")
    overrides: dict[str, Any] = {"jobs": jobs}
    if iterations is not None:
        overrides["iterations"] = iterations
    if seconds is not None:
        overrides["seconds"] = seconds
    if rollout is not None:
        overrides["rollout"] = rollout
    config = IsmctsConfig(**search_settings(level, state.game, overrides))
    result = IsmctsBot(state.game, seed, name="hint", config=config).analyse(state, seat)
    if json_out:
        data = result.to_json()
        names = record_names(record.seats, state.players, lang)
        data.update({"game": record.game, "seat": seat, "step": state.step,
                     "label": state.action_label(result.action, lang, names)})
        for row in data["stats"]:
            row["label"] = state.action_label(row["action"], lang, names)
        print_json(data)
        return
    names = record_names(record.seats, state.players, lang)
    head = word("hint_head", lang, game=state.game.name(lang), step=state.step, name=names[seat])
    console.print(f"{head} [bold]{state.action_label(result.action, lang, names)}[/bold]")
    table = Table(title=word("hint_title", lang, n=result.iterations, s=decimal(result.seconds, lang)))
    for col in ("col_action", "col_visits", "col_share", "col_value"):
        table.add_column(word(col, lang))
    total = max(1, sum(s.visits for s in result.stats))
    for s in result.stats:
        table.add_row(state.action_label(s.action, lang, names), str(s.visits),
                      percent(s.visits / total, lang, 0), decimal(s.value, lang, 3))
    console.print(table)


def register(app: typer.Typer) -> None:
    app.command("hint")(hint_cmd)
