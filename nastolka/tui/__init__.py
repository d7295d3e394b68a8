"""The Textual terminal client (``nastolka tui``, ``make play``)."""

from __future__ import annotations

__all__ = ["NastolkaApp"]


def __getattr__(name: str) -> object:
    # Textual is imported only when the app is actually wanted, so ``nastolka --help`` stays fast.
    if name == "NastolkaApp":
        from .app import NastolkaApp

        return NastolkaApp
    raise AttributeError(name)
