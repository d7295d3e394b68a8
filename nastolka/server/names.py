"""Display names: what a person may call themselves, and how two names are compared.

Why so strict: names are shown to everyone and key the ratings. A name must not pose as a bot
(``bot:expert`` would play under that bot's rating; «Bot (expert)» would carry a real bot's label), nor as
a nameless seat («Player 1», ``seat 1``), nor reorder or hide text (right-to-left overrides, zero-width and
control characters), nor carry markup.

Two names are the same name when their *skeletons* are equal: NFKC, each character mapped to its
prototype by Unicode's confusables table (UTS #39, through ``confusable-homoglyphs``) after
case-folding. So «Маша» meets «маша», "Victim" meets "victim", "Ｖｉｃｔｉｍ" and "Vіctim" (a Cyrillic
і); "bοt:expert" (a Greek ο) and "bot∶expert" (a ratio sign) are bot names. SQL ``lower()`` (ASCII
only on SQLite) could do none of this.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Any

from confusable_homoglyphs.confusables import confusables_data

from nastolka.engine.words import ENGINE

from .errors import PlayError

MAX_NAME = 24
#: Unicode categories refused anywhere in a name: controls, format characters (bidi overrides, zero-width
#: joiners and spaces, soft hyphens), surrogates, private use, unassigned, line and paragraph separators
_REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
_REFUSED_CHARS = set("<>")


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype. The library's table lists every pair of UTS #39's
    ``confusables.txt`` both ways; a source has exactly one partner (its prototype), a prototype has all
    its sources. A prototype with a single source is a pair of two single partners: either may stand for
    both (the smaller is taken), since only equality of skeletons matters."""
    table: dict[str, str] = {}
    for ch, partners in confusables_data.items():
        if len(ch) != 1 or len(partners) != 1:
            continue
        target = partners[0]["c"]
        back = confusables_data.get(target, [])
        if len(target) == 1 and len(back) == 1 and back[0]["c"] == ch and target > ch:
            continue   # a lone pair: the smaller character is the prototype
        table[ch] = target
    return table


def _map(text: str) -> str:
    protos = _prototypes()
    return "".join(protos.get(ch, ch) for ch in unicodedata.normalize("NFD", text))


@functools.lru_cache(maxsize=4096)
def name_keys(name: str) -> tuple[str, str]:
    """The forms two names are compared in: the confusables skeleton of the NFKC form taken after
    case-folding, and taken before it (each case-folded and mapped once more: some prototypes are
    capitals). Two are needed because the table is case-sensitive: it maps «б» and «Б» apart (so
    folding first keeps «Маша» and «маша» one name), and Cyrillic «М» with Latin "M" but not «м» with "m"
    (so mapping first catches "Mаша")."""
    nfkc = unicodedata.normalize("NFKC", name)
    return (unicodedata.normalize("NFD", _map(_map(nfkc.casefold()).casefold())),
            unicodedata.normalize("NFD", _map(_map(nfkc).casefold())))


def name_key(name: str) -> str:
    """One form of a name to store or index by (the case-folded skeleton); compare with ``same_name``."""
    return name_keys(name)[0]


def same_name(a: str, b: str) -> bool:
    """Whether people would take ``a`` and ``b`` for the same name."""
    return any(x == y for x, y in zip(name_keys(a), name_keys(b), strict=True))


def _squash(key: str) -> str:
    """A skeleton's letters and digits only: «Bot (expert)», "bot:expert" and "botexpert" meet."""
    return "".join(ch for ch in key if unicodedata.category(ch)[0] in "LN")


@functools.cache
def _reserved() -> tuple[frozenset[str], frozenset[str]]:
    """Skeletons a person's name may not be: the first words of bots' labels («Бот», "Bot"), and the whole
    names records give to bots and to seats without a name ("expert", "seat 1", «Игрок 1»)."""
    first: set[str] = set()
    whole: set[str] = set()
    words = ["bot", "бот", *(ENGINE.t("bot", lang, level="x").split()[0] for lang in ("en", "ru"))]
    labels = [*("random", "easy", "normal", "hard", "expert", "heuristic", "ismcts"),   # a record's bare level
              *(ENGINE.t("player_n", lang, n=n) for lang in ("en", "ru") for n in range(1, 13)),
              *(f"seat {n}" for n in range(1, 13))]
    for word in words:
        first.update(_squash(k) for k in name_keys(word))
    for label in labels:
        whole.update(_squash(k) for k in name_keys(label))
    return frozenset(first), frozenset(whole)


_FIRST_WORD = re.compile(r"[^\W_]+")


def poses_as_a_bot_or_seat(name: str) -> bool:
    """Whether a name would read as a bot's or a nameless seat's label (compared by skeleton)."""
    first_words, whole = _reserved()
    for key in name_keys(name):
        word = _FIRST_WORD.search(key)
        if (word is not None and _squash(word.group()) in first_words) or _squash(key) in whole \
                or key.startswith(("bot:", "bot：")):
            return True
    return False


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
    if poses_as_a_bot_or_seat(name):
        raise PlayError("bad_name", "name_bot")
    return name
