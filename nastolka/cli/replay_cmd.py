"""``nastolka replay``: re-execute a record, verify it, show a view at any step."""

from __future__ import annotations

from pathlib import Path

import typer

from nastolka.engine import Record, replay
from nastolka.engine.words import record_names

from .common import CliError, console, print_json
from .lang import LANG_HELP, resolve_lang, word


def replay_cmd(
    path: Path = typer.Argument(..., metavar="FILE", help="a record JSON file"),
    step: int | None = typer.Option(None, "--step", "-k", help="show the state after K actions (default: end)"),
    seat: str = typer.Option("all", "--seat", help="whose view to show: a seat number, 'all' or 'public'"),
    lang: str | None = typer.Option(None, "--lang", help=LANG_HELP),
    json_out: bool = typer.Option(False, "--json", help="machine-readable output"),
    any_rules: bool = typer.Option(False, "--any-rules",
                                   help="replay a record of another rules version under the current rules"),
) -> None:
    """Replay a record with full legality checks and print the view at step K and the result."""
    lang = resolve_lang(lang)
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
    names = record_names(record.seats, players, lang)
    console.print(f"[green]{word('ok', lang)}[/green]: " + word("replay_ok", lang, game=final.game.name(lang), n=len(record.actions)))
    for s in seats:
        title = word("public_view", lang) if s is None else names[s]
        console.rule(word("after", lang, who=title, n=state.step))
        console.print(state.render(s, lang, names), markup=False, highlight=False)
    if result is not None:
        lines = final.result_lines(final.view(None), lang, names)
        if not lines:   # a game whose text module does not explain its scores
            scores = ", ".join(f"{names[s]}: {v:g}" for s, v in enumerate(result["scores"]))
            lines = [word("replay_result", lang, scores=scores, winners=", ".join(names[w] for w in result["winners"]))]
        for line in lines:
            console.print(line, markup=False, highlight=False)


def register(app: typer.Typer) -> None:
    app.command("replay")(replay_cmd)
