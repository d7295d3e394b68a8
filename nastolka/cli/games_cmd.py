"""``nastolka games``: what is installed, for how many players, with which options."""

from __future__ import annotations

import typer
from rich import box
from rich.table import Table

from nastolka.bots import bot_names
from nastolka.engine import all_games

from .common import console, print_json
from .lang import LANG_HELP, resolve_lang, word


def games(json_out: bool = typer.Option(False, "--json", help="machine-readable output"),
          lang: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    """List installed games, their player counts and options with defaults."""
    lang = resolve_lang(lang)
    found = all_games()
    if json_out:
        rows = []
        for g in found:
            data = g.to_json()
            data["bots"] = bot_names(g)
            rows.append(data)
        print_json(rows)
        return
    # one option a line and folded rather than cut: at 80 columns every key and default stays readable
    table = Table(title=word("games_title", lang), box=box.SIMPLE_HEAD)
    table.add_column(word("col_id", lang) + " / " + word("col_name", lang))
    table.add_column(word("col_players", lang), no_wrap=True)
    table.add_column(word("col_options", lang), no_wrap=True)
    table.add_column(word("col_bots", lang), ratio=1)
    for g in found:
        opts = "\n".join(f"{o.name}={_show(o.default)}" for o in g.options.options) or "—"
        players = f"{g.min_players}–{g.max_players}" if g.min_players != g.max_players else str(g.min_players)
        table.add_row(f"{g.id}\n{g.name(lang)}", players, opts, ", ".join(bot_names(g)))
    console.print(table)


def _show(value: object) -> str:
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value) or "''"
    return str(value).lower() if isinstance(value, bool) else str(value)


def register(app: typer.Typer) -> None:
    app.command("games")(games)
