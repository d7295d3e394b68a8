"""``nastolka games``: what is installed, for how many players, with which options."""

from __future__ import annotations

import typer
from rich.table import Table

from nastolka.bots import bot_names
from nastolka.engine import all_games

from .common import console, print_json


def games(json_out: bool = typer.Option(False, "--json", help="machine-readable output")) -> None:
    """List installed games, their player counts and options with defaults."""
    found = all_games()
    if json_out:
        rows = []
        for g in found:
            data = g.to_json()
            data["bots"] = bot_names(g)
            rows.append(data)
        print_json(rows)
        return
    table = Table(title="nastolka games")
    for column in ("id", "name", "players", "options (default)", "bots"):
        table.add_column(column)
    for g in found:
        opts = ", ".join(f"{o.name}={_show(o.default)}" for o in g.options.options) or "—"
        players = f"{g.min_players}–{g.max_players}" if g.min_players != g.max_players else str(g.min_players)
        table.add_row(g.id, f"{g.name_ru} / {g.name_en}", players, opts, ", ".join(bot_names(g)))
    console.print(table)


def _show(value: object) -> str:
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value) or "''"
    return str(value).lower() if isinstance(value, bool) else str(value)


def register(app: typer.Typer) -> None:
    app.command("games")(games)
