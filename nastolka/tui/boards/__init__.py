"""The terminal's drawing kit (:mod:`.base`, :mod:`.draw`) and how a game's own board is found.

A game draws its board in ``tui.py`` of its folder (``PRESENTER``), found through the descriptor
(:meth:`nastolka.engine.Game.part`); a game without one gets the generic presenter (its text rendering).
A board module that exists but does not import, or whose ``PRESENTER`` is not a :class:`Presenter`, is a
bug and raises here: it must never pass unnoticed as a plainer picture.
"""

from __future__ import annotations

from typing import Any

from nastolka.engine import Game

from .base import GENERIC, CardFace, Presenter

__all__ = ["GENERIC", "CardFace", "Presenter", "present", "presenter_for"]


def presenter_for(game: Game) -> Presenter:
    """The game's own presenter (``tui.py`` in its folder), else the generic one."""
    module = game.part("tui")
    if module is None:
        return GENERIC
    presenter = getattr(module, "PRESENTER", None)
    if not isinstance(presenter, Presenter):
        raise TypeError(f"{module.__name__}.PRESENTER must be a nastolka.tui.boards.Presenter, not {presenter!r}")
    return presenter


def present(presenter: Presenter, part: str, *args: Any) -> tuple[Any, Exception | None]:
    """``presenter.<part>(*args)``, or the generic presenter's if the game's raises, with the error.

    A view that changed under a board module must cost a plainer picture, never the game in progress;
    the error is returned so the screen reports it (and the tests fail on it).
    """
    try:
        return getattr(presenter, part)(*args), None
    except Exception as exc:  # noqa: BLE001
        return getattr(GENERIC, part)(*args), exc
