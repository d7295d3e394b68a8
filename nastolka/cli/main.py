"""Entry point of the ``nastolka`` command.

Every module in this package that defines ``register(app)`` adds its commands, so a new command is one
new file (``arena.py``, ``tui`` …) and nobody edits a shared list. Errors the engine raises on purpose
(:class:`NastolkaError`) are printed as one line with a non-zero exit, never as a traceback.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

import typer

from nastolka.engine import NastolkaError, OptionError

app = typer.Typer(
    name="nastolka",
    help="Tabletop card games with their rules enforced: play, simulate, replay, benchmark.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _register_commands() -> None:
    import nastolka.cli as package

    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        if info.name in {"main", "__main__"} or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"nastolka.cli.{info.name}")
        register = getattr(module, "register", None)
        if callable(register):
            register(app)


_register_commands()


def _error_line(exc: NastolkaError) -> str:
    """The refusal in the language the commands speak (an option error has both; others are English)."""
    from nastolka.tui.config import Settings

    from .lang import word

    lang = Settings.load().lang
    text = exc.text(lang) if isinstance(exc, OptionError) else str(exc)
    return word("error", lang if isinstance(exc, OptionError) else "en", text=text)


def main() -> None:
    try:
        app()
    except NastolkaError as exc:
        typer.echo(_error_line(exc), err=True)
        sys.exit(2)
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        sys.exit(130)


if __name__ == "__main__":
    main()
