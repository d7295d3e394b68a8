"""``nastolka tui``: the Textual terminal client (``make play``)."""

from __future__ import annotations

from pathlib import Path

import typer


def register(app: typer.Typer) -> None:
    @app.command("tui")
    def tui(
        lang: str = typer.Option(None, "--lang", help="ru or en (default: the last one used, else the system "
                                                      "locale); remembered for every command"),
        pace: float = typer.Option(None, "--pace", min=0, max=10, help="seconds between bot moves"),
        seed: int = typer.Option(None, "--seed", help="seed offered on the start screen"),
        resume: Path = typer.Option(None, "--resume", help="continue the game in this record file"),
        replay: Path = typer.Option(None, "--replay", help="watch this record file step by step"),
        policy: list[str] = typer.Option([], "--policy", help="a trained policy file to offer as the bot "
                                         "policy:<file stem> in the seat choices of its game (repeatable)"),
    ) -> None:
        """Play in the terminal: choose a game, seats and options, then play against bots or friends."""
        from nastolka.tui.app import NastolkaApp

        if policy:
            from nastolka.rl.policy import use_policies

            use_policies(policy)
        from nastolka.cli.lang import resolve_lang

        lang = resolve_lang(lang)
        path = replay or resume
        NastolkaApp(lang=lang, pace=pace, seed=seed, open_path=path, replay=replay is not None).run()
