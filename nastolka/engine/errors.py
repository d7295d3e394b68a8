"""Errors that carry a reason a person can read; none of them leaves a state half-changed."""

from __future__ import annotations


class NastolkaError(Exception):
    """Base of every error the engine raises on purpose (clients print these as one line)."""


class IllegalAction(NastolkaError):
    """An action was refused; the state it was offered to is exactly as it was before."""

    def __init__(self, reason: str, *, seat: int | None = None, action: object = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.seat = seat
        self.action = action


class OptionError(NastolkaError):
    """A game option, player count or setup block is not acceptable. ``str()`` is the English reason;
    ``ru`` (when given) the same reason in Russian, so a client answers in the player's language."""

    def __init__(self, reason: str, ru: str = "") -> None:
        super().__init__(reason)
        self.ru = ru

    def text(self, lang: str) -> str:
        """The reason in ``lang`` (English when no Russian was written)."""
        return self.ru if lang == "ru" and self.ru else str(self)


class UnknownGame(NastolkaError):
    """No registered game has that id."""


class RecordError(NastolkaError):
    """A record is malformed, tampered with, or does not replay."""
