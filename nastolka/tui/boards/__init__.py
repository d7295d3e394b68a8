"""Per-game board drawing: ``boards/<game_id>.py`` exposes ``PRESENTER``; every other game gets the generic one."""

from __future__ import annotations

import importlib
from typing import Any

from .base import GENERIC, CardFace, Presenter

__all__ = ["GENERIC", "CardFace", "Presenter", "present", "presenter_for"]


def presenter_for(game_id: str) -> Presenter:
    """The game's own presenter if its module exists, else the generic one (render_view text)."""
    try:
        module = importlib.import_module(f"{__name__}.{game_id}")
    except Exception:  # noqa: BLE001 - no module, or a game module it reads changed: draw generically
        return GENERIC
    presenter = getattr(module, "PRESENTER", None)
    return presenter if isinstance(presenter, Presenter) else GENERIC


def present(presenter: Presenter, part: str, *args: Any) -> tuple[Any, Exception | None]:
    """``presenter.<part>(*args)``, or the generic presenter's if the game's raises, with the error.

    A view that changed under a board module must cost a plainer picture, never the game in progress.
    """
    try:
        return getattr(presenter, part)(*args), None
    except Exception as exc:  # noqa: BLE001
        return getattr(GENERIC, part)(*args), exc
