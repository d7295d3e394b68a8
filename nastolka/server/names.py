"""Display names: what a person may call themselves, and how two names are compared.

Why so strict: names are shown to everyone and key the ratings. A name must not pose as a bot
(``bot:expert`` would play under that bot's rating), nor reorder or hide text (right-to-left overrides,
zero-width and control characters), nor carry markup. Names are compared case-folded and NFKC-normalised,
so «Маша», «маша» and «ＭＡＳＨＡ»-style width variants meet, which SQL ``lower()`` (ASCII only on SQLite)
cannot do.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from .errors import PlayError

MAX_NAME = 24
#: Unicode categories refused anywhere in a name: controls, format characters (bidi overrides, zero-width
#: joiners and spaces, soft hyphens), surrogates, private use, unassigned, line and paragraph separators
_REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
_REFUSED_CHARS = set("<>")
#: prefixes the server uses for bots in ratings and records
_BOT_PREFIXES = ("bot:", "bot：")


def name_key(name: str) -> str:
    """The form two names are compared in: NFKC, then case-folded (Unicode, not just ASCII)."""
    return unicodedata.normalize("NFKC", name).casefold()


def clean_name(raw: Any) -> str:
    """A display name: 1–24 visible characters, trimmed, single spaces; refused with a reason otherwise."""
    if not isinstance(raw, str):
        raise PlayError("bad_name", "name_not_text")
    name = unicodedata.normalize("NFC", raw)
    for ch in name:
        if ch in _REFUSED_CHARS:
            raise PlayError("bad_name", "name_brackets")
        if unicodedata.category(ch) in _REFUSED_CATEGORIES:
            raise PlayError("bad_name", "name_invisible", char=f"{ord(ch):04X}")
    name = " ".join(name.split())   # runs of (visible) spaces become one; trimmed
    if not name:
        raise PlayError("bad_name", "name_empty")
    if len(name) > MAX_NAME:
        raise PlayError("bad_name", "name_long", n=MAX_NAME)
    if name_key(name).startswith(_BOT_PREFIXES):
        raise PlayError("bad_name", "name_bot")
    return name
