"""Errors the server answers with: a stable code for programs and a sentence for people."""

from __future__ import annotations


class PlayError(Exception):
    """A request was refused; nothing changed. ``status`` is the HTTP status to answer with."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


def not_found(table_id: str) -> PlayError:
    return PlayError("not_found", f"there is no table {table_id!r}", 404)
