"""``nastolka replay``: re-execute a record, verify it, show a view at any step."""

from __future__ import annotations

from pathlib import Path

import typer

from nastolka.engine import Record, replay

from .common import CliError, console, print_json


def replay_cmd(
    path: Path = typer.Argument(..., metavar="FILE", help="a record JSON file"),
    step: int | None = typer.Option(None, "--step", "-k", help="show the state after K actions (default: end)"),
    seat: str = typer.Option("all", "--seat", help="whose view to show: a seat number, 'all' or 'public'"),
    lang: str = typer.Option("en", "--lang", help="ru or en"),
    json_out: bool = typer.Option(False, "--json", help="machine-readable output"),
    any_rules: bool = typer.Option(False, "--any-rules",
                                   help="replay a record of another rules version under the current rules"),
) -> None:
    """Replay a record with full legality checks and print the view at step K and the result."""
    record = Record.load(path)
    final = replay(record, any_rules=any_rules)  # verifies the rules version, every action and the result
    state = final if step is None else replay(record, upto=step, verify_result=False, any_rules=any_rules)
    players = state.players
    if seat == "all":
        seats: list[int | None] = [None, *range(players)]
    elif seat == "public":
        seats = [None]
    elif seat.isdigit() and int(seat) < players:
        seats = [int(seat)]
    else:
        raise CliError(f"--seat must be 0..{players - 1}, 'all' or 'public', not {seat!r}")
    result = final.result().to_json() if final.is_over else None
    if json_out:
        views = {("public" if s is None else str(s)): state.view(s) for s in seats}
        print_json({"ok": True, "game": record.game, "steps": len(record.actions),
                    "step": state.step, "result": result,
                    "view": views[next(iter(views))] if len(views) == 1 else views})
        return
    console.print(f"[green]ok[/green]: {record.game}, {len(record.actions)} actions replayed and verified")
    for s in seats:
        title = "public view" if s is None else f"seat {s}"
        console.rule(f"{title} after {state.step} actions")
        console.print(state.render(s, lang), markup=False, highlight=False)
    if result is not None:
        console.print(f"result: scores {result['scores']}, winners {result['winners']}")


def register(app: typer.Typer) -> None:
    app.command("replay")(replay_cmd)
