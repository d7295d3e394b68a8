"""Handles: a person's unique name. The display-name rules of today (``names.clean_name``), and unique
after NFKC + case folding, so «Аня», «аня» and «ＡＮЯ»-style width variants are one handle.

Why reserve the bots' names and seat labels: a handle is shown where a bot's name or «Игрок 2» is shown,
and a person called «Бот (сильный)» would pass for the bot at a table and in the ratings.
"""

from __future__ import annotations

from functools import cache

from nastolka.engine.words import ENGINE, bot_name, seat_label

from ..errors import PlayError
from ..names import clean_name, name_key

#: names no person may take as a handle besides the bots' (also in both languages)
_OTHER_RESERVED = ("deleted player", "удалённый игрок", "удаленный игрок", "admin", "nastolka")


@cache
def reserved_keys() -> frozenset[str]:
    levels = [ident.removeprefix("level_") for ident in ENGINE.entries if ident.startswith("level_")]
    givens = len(ENGINE.of_kind("bot_given_name"))
    out = {name_key(n) for n in _OTHER_RESERVED}
    for lang in ("en", "ru"):
        for level in levels:
            out.add(name_key(bot_name(level, lang)))
            out.update(name_key(bot_name(level, lang, i)) for i in range(givens))
        out.update(name_key(seat_label(seat, lang)) for seat in range(12))
    return frozenset(out)


def clean_handle(raw: object) -> tuple[str, str]:
    """(handle, key): the handle as written (NFC) and the form it is unique in; refused with a reason."""
    handle = clean_name(raw)
    key = name_key(handle)
    if key in reserved_keys():
        raise PlayError("bad_handle", "handle_reserved", name=handle)
    return handle, key
