"""Errors the server answers with: a stable code for programs and a sentence for people in both languages.

Why both languages in every answer: the server does not know which language a page shows, and a Russian
player must not read an English refusal. So each refusal names a sentence of ``words.toml`` beside this
module; the answer carries ``code`` (for programs), ``message`` (English, for logs and scripts) and
``text`` (``{"en": …, "ru": …}``, which the browser shows in its language).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from nastolka.engine import words

WORDS = words.load(Path(__file__).with_name("words.toml"))
LANGS = ("en", "ru")


def sentences(say: str, **args: Any) -> dict[str, str]:
    """The refusal ``say`` of words.toml in both languages (a missing sentence raises ``KeyError``)."""
    return {lang: WORDS.s(f"error.{say}", lang, **args) for lang in LANGS}


def refusal(code: str, say: str, **args: Any) -> dict[str, Any]:
    """The JSON body of a refusal that is not raised (socket notices)."""
    text = sentences(say, **args)
    return {"code": code, "message": text["en"], "text": text}


class PlayError(Exception):
    """A request was refused; nothing changed. ``status`` is the HTTP status to answer with; ``say`` names
    the sentence in words.toml, filled with ``args``."""

    def __init__(self, code: str, say: str, status: int = 400, **args: Any) -> None:
        self.text = sentences(say, **args)
        super().__init__(self.text["en"])
        self.code = code
        self.message = self.text["en"]
        self.status = status

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "text": self.text}


def not_found() -> PlayError:
    """No table has the asked id (the sentence leaves the id out: it means nothing to a person)."""
    return PlayError("not_found", "no_table", 404)
