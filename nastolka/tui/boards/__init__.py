"""Per-game board drawing: ``boards/<game_id>.py`` exposes ``PRESENTER``; every other game gets the generic one."""

from __future__ import annotations

import importlib

from .base import GENERIC, CardFace, Presenter

__all__ = ["CardFace", "Presenter", "presenter_for"]


def presenter_for(game_id: str) -> Presenter:
    """The game's own presenter if its module exists, else the generic one (render_view text)."""
    try:
        module = importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{game_id}":
            raise
        return GENERIC
    presenter = getattr(module, "PRESENTER", None)
    return presenter if isinstance(presenter, Presenter) else GENERIC
