"""The presentation layer: every word a player reads, from one TOML file per game (``words.toml``).

Why a layer of its own: a game's rules work with ids and small ints, and every client (terminal, browser,
line-based CLI, hint, arena report) must say the same thing about them in the same words. So the words
live in data beside the rules, in Russian and English, and the game's text module only fills templates.

A ``words.toml`` has these tables (all optional):

``[names.<id>]``
    a noun: ``en``, ``ru`` (nominative), ``ru_gen``, ``ru_acc`` (required with ``ru``; ``ru_dat``,
    ``ru_ins``, ``ru_pre`` optional), ``gender`` (Russian gender or number: ``m``, ``f``, ``n``, ``pl``),
    ``en_plural = true`` for an English plural (agreement), and ``text_en`` / ``text_ru``: the rules text
    of that card, event or location, shown on demand. ``kind`` groups names for the rules-text index.
``[templates.<key>]``
    ``en`` and ``ru`` strings with placeholders (below).

Placeholders, in ``{}``:

* ``{x}`` — argument ``x``: a :class:`Noun` in the nominative, a list of nouns joined with "and"/«и», or
  anything else as ``str``;
* ``{x:acc}`` — the noun in that case (``nom gen dat acc ins pre``; English has one form); a place also
  has the phrases ``{x:at}`` («в Тембрии») and ``{x:to}`` («в Тембрию»), prepositions included (``ru_at``,
  ``ru_to``; English templates write "at {x}" / "to {x}");
* ``{x:lower}`` — ``x`` with its first letter in lower case (a sentence that goes on after a colon);
* ``{x|бежит|бегут}`` — the form agreeing with ``x`` in number (singular | plural), or with four forms
  ``{x|выбыл|выбыла|выбыло|выбыли}`` in gender (m | f | n | plural);
* ``{n#карту|карты|карт}`` — the number ``n`` with the word agreeing with it (Russian: one | few | many;
  English: ``{n#card|cards}``).

People are nouns too (:func:`person`): a display name does not decline, and its gender is unknown, so a
template whose subject is a person agrees in number only (present tense) — a four-form agreement with a
person raises, which the tests catch.

Why over 400 lines: the template language (cases, agreement, plurals), the loading and checking of a
words file and the people's names belong together — a client asks one module for every word.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CASES = ("nom", "gen", "dat", "acc", "ins", "pre")
#: prepositional phrases a place spells out whole (``ru_at`` «в Тембрии» / «на Острове сокровищ» / «у Луи»,
#: ``ru_to`` «в Тембрию» / «на Остров сокровищ» / «к Луи»): the preposition belongs to the place, not to
#: the template, so a template says ``{location:at}`` and never «в {location:pre}»
PHRASES = ("at", "to")
FORMS = CASES + PHRASES
GENDERS = ("m", "f", "n", "pl")
LANGS = ("en", "ru")
#: Russian cases a noun must spell out (the others fall back to the nominative only if absent)
REQUIRED_CASES = ("gen", "acc")


@dataclass(frozen=True)
class Noun:
    """A name with its forms in one language: ``forms[case]``; ``gender`` is m/f/n/pl or None (a person)."""

    forms: Mapping[str, str]
    gender: str | None = "m"

    def form(self, case: str = "nom") -> str:
        if case not in FORMS:
            raise ValueError(f"unknown case {case!r}")
        return self.forms.get(case) or self.forms["nom"]

    @property
    def plural(self) -> bool:
        return self.gender == "pl"

    def __str__(self) -> str:
        return self.form("nom")


def person(name: str) -> Noun:
    """A player's display name: the same in every case, singular, gender unknown."""
    return Noun({"nom": name}, None)


def person_as(name: str, role: Noun) -> Noun:
    """A player's name that a sentence can decline through the role they play (a TaleSpin character, a
    Colt Express bandit): the nominative is the name, every other case the role in that case with the name
    after it — «Аня крадёт груз у Кита Ветрогона (Борис)». A display name cannot decline (it is whatever
    the person typed, and its gender is unknown), so a case that governs a person goes to the role; the
    agreement stays a person's (number only)."""
    forms = {"nom": name}
    forms.update({case: f"{role.form(case)} ({name})" for case in CASES[1:]})
    return Noun(forms, None)


def plain(text: str, gender: str = "m") -> Noun:
    """A fixed phrase used as a noun (for example a row label)."""
    return Noun({"nom": text}, gender)


_PLACEHOLDER = re.compile(r"\{(?P<name>\w+)(?::(?P<case>\w+))?(?:#(?P<count>[^{}]*)|(?P<agree>(?:\|[^|{}]*)+))?\}")


def plural_index(n: int, lang: str) -> int:
    """Which plural form a number takes: English 0 one / 1 other; Russian 0 one / 1 few / 2 many."""
    n = abs(int(n))
    if lang != "ru":
        return 0 if n == 1 else 1
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


def count(n: int, forms: str, lang: str) -> str:
    """The number with its noun agreeing: ``count(3, "карта|карты|карт", "ru")`` → «3 карты»,
    ``count(1, "card|cards", "en")`` → "1 card". The one builder of "number + noun": the templates'
    ``{n#карта|карты|карт}`` is this, and code outside a template (the command line) calls it."""
    words = forms.split("|")
    return f"{n} {words[min(plural_index(int(n), lang), len(words) - 1)]}"


def decimal(value: float, lang: str, places: int = 2) -> str:
    """A fraction as the language writes it: «0,04» in Russian, "0.04" in English."""
    text = f"{value:.{places}f}"
    return text.replace(".", ",") if lang == "ru" else text


def number(value: object, lang: str, places: int = 2) -> str:
    """A table cell's number: a whole number as it is, a fraction with the language's decimal sign."""
    if isinstance(value, float) and not value.is_integer():
        return decimal(value, lang, places)
    return str(int(value) if isinstance(value, float) else value)


def percent(share: float, lang: str, places: int = 1) -> str:
    """A share as a percentage: «12,5 %» (a comma and a no-break space in Russian), "12.5%" in English."""
    text = decimal(share * 100, lang, places)
    return f"{text}\u00a0%" if lang == "ru" else f"{text}%"


def sentence(text: str) -> str:
    """The text with its first letter upper-case (the rest untouched)."""
    return text[:1].upper() + text[1:]


def pick(lang: str, en: str, ru: str) -> str:
    """The Russian text for ``ru`` (when there is one), else the English: the one place a client chooses
    between two spelled-out texts (option help, a game's description), so none writes ``if ru else``."""
    return ru if lang == "ru" and ru else en


def other_lang(lang: str) -> str:
    """The language a "switch the language" key goes to."""
    return "en" if lang == "ru" else "ru"


def join(items: Sequence[str], lang: str, either: bool = False) -> str:
    """"A, B and C" / «А, Б и В»; with ``either`` "A, B or C" / «А, Б или В»."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    if either:
        last = " или " if lang == "ru" else " or "
    else:
        last = " и " if lang == "ru" else " and "
    return ", ".join(items[:-1]) + last + items[-1]


def _as_nouns(value: Any) -> list[Noun] | None:
    if isinstance(value, Noun):
        return [value]
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, Noun) for v in value):
        return list(value)
    return None


#: a placeholder, parsed: (name, case, count forms or None, agreement forms or None)
_Slot = tuple[str, str, "list[str] | None", "list[str] | None"]
#: each template parsed once: literal text and placeholders in order (labels and event texts are filled
#: for every move of every table the server runs; re-scanning the template each time was most of the cost)
_PARSED: dict[str, list[str | _Slot]] = {}
#: how many filled templates a ``Words`` keeps (``Words.t``) before it starts again
_FILLED_MAX = 8192


def _parse(template: str) -> list[str | _Slot]:
    parts: list[str | _Slot] = []
    at = 0
    for m in _PLACEHOLDER.finditer(template):
        if m.start() > at:
            parts.append(template[at:m.start()])
        count = m["count"].split("|") if m["count"] is not None else None
        agree = m["agree"].split("|")[1:] if m["agree"] is not None else None
        parts.append((m["name"], m["case"] or "nom", count, agree))
        at = m.end()
    if at < len(template):
        parts.append(template[at:])
    if len(_PARSED) < 4096:   # templates come from the games' TOML: a bounded set
        _PARSED[template] = parts
    return parts


def fill(template: str, lang: str, args: Mapping[str, Any]) -> str:
    """Fill a template's placeholders (see the module docstring) from ``args``."""
    parts = _PARSED.get(template)
    if parts is None:
        parts = _parse(template)
    out: list[str] = []
    for part in parts:
        if isinstance(part, str):
            out.append(part)
        else:
            out.append(_fill_one(template, lang, args, part))
    return "".join(out)


def _fill_one(template: str, lang: str, args: Mapping[str, Any], slot: _Slot) -> str:
    name, case, count, agree = slot
    if name not in args:
        raise KeyError(f"template {template!r} needs {name!r}")
    value = args[name]
    if count is not None:
        return f"{value} {count[min(plural_index(int(value), lang), len(count) - 1)]}"   # = count()
    nouns = _as_nouns(value)
    if agree is not None:
        if nouns is None:
            raise TypeError(f"{name!r} in {template!r} must be a noun to agree with")
        plural = len(nouns) > 1 or nouns[0].plural
        if len(agree) == 2:
            return agree[1 if plural else 0]
        if len(agree) == 4:
            if plural:
                return agree[3]
            gender = nouns[0].gender
            if gender is None:
                raise ValueError(f"{template!r}: a person's gender is unknown; agree in number only")
            return agree[GENDERS.index(gender)]
        raise ValueError(f"{template!r}: agreement takes 2 or 4 forms, not {len(agree)}")
    if case == "lower":
        text = join([n.form() for n in nouns], lang) if nouns is not None else str(value)
        return text[:1].lower() + text[1:]
    if nouns is not None:
        return join([n.form(case) for n in nouns], lang)
    if isinstance(value, (list, tuple)):
        return join([str(v) for v in value], lang)
    return str(value)


@dataclass(frozen=True)
class Entry:
    """One ``[names.<id>]`` entry, both languages."""

    id: str
    nouns: Mapping[str, Noun]
    texts: Mapping[str, str] = field(default_factory=dict)
    kind: str = ""


class Words:
    """A game's words: nouns with their forms, templates and rules texts, in both languages."""

    def __init__(self, data: Mapping[str, Any], source: str = "words") -> None:
        self.source = source
        self.entries: dict[str, Entry] = {}
        for ident, raw in (data.get("names") or {}).items():
            self.entries[ident] = _entry(ident, raw, source)
        self.templates: dict[str, dict[str, str]] = {}
        #: filled templates (``t``): the text and the arguments it was filled with (keeping its nouns alive)
        self._filled: dict[tuple[Any, ...], tuple[str, tuple[Any, ...]]] = {}
        for key, raw in _flatten(data.get("templates") or {}):
            if set(raw) != set(LANGS) or not all(isinstance(raw[lang], str) for lang in LANGS):
                raise ValueError(f"{source}: template {key!r} needs en and ru strings")
            self.templates[key] = dict(raw)

    # ------------------------------------------------------------------ nouns
    def noun(self, ident: str, lang: str) -> Noun:
        try:
            return self.entries[ident].nouns[_lang(lang)]
        except KeyError:
            raise KeyError(f"{self.source}: no name for {ident!r}") from None

    def name(self, ident: str, lang: str, case: str = "nom") -> str:
        return self.noun(ident, lang).form(case)

    def has(self, ident: str) -> bool:
        return ident in self.entries

    def labels(self, ids: Iterable[Any], prefix: str = "") -> dict[Any, tuple[str, str]]:
        """Each id's name in English and Russian (an option's choices: ``Option.labels``)."""
        return {i: (self.name(f"{prefix}{i}", "en"), self.name(f"{prefix}{i}", "ru")) for i in ids
                if self.has(f"{prefix}{i}")}

    def text(self, ident: str, lang: str) -> str:
        """The rules text of a card / event / location ("" if it has none)."""
        entry = self.entries.get(ident)
        return entry.texts.get(_lang(lang), "") if entry else ""

    def of_kind(self, kind: str) -> list[str]:
        return [e.id for e in self.entries.values() if e.kind == kind]

    # ------------------------------------------------------------------ templates
    def t(self, key: str, lang: str, **args: Any) -> str:
        """The template ``key`` in ``lang``, filled with ``args``.

        Kept once filled when every argument is a number, a string or a noun: the server writes every
        button label and event of every move, and the same ones come back move after move (the same card
        onto the same place). A noun is keyed by its identity (the game's nouns and a table's people are
        made once) and the entry holds the noun, so its identity is never reused by another meanwhile."""
        lang = _lang(lang)
        try:
            template = self.templates[key][lang]
        except KeyError:
            raise KeyError(f"{self.source}: no template {key!r}") from None
        memo_key: tuple[Any, ...] | None = (template, lang)
        for name, value in args.items():
            kind = type(value)
            if kind is str or kind is int:
                memo_key += (name, value)   # type: ignore[operator]
            elif kind is Noun:
                memo_key += (name, id(value))   # type: ignore[operator]
            else:   # lists, floats, anything else: filled every time
                memo_key = None
                break
        if memo_key is None:
            return fill(template, lang, args)
        kept = self._filled.get(memo_key)
        if kept is None:
            if len(self._filled) >= _FILLED_MAX:
                self._filled.clear()
            kept = self._filled[memo_key] = (fill(template, lang, args), tuple(args.values()))
        return kept[0]

    def s(self, key: str, lang: str, **args: Any) -> str:
        """Like :meth:`t`, as a sentence: the first letter upper-case (a name such as «труппа соперников»
        may begin it)."""
        return sentence(self.t(key, lang, **args))

    def has_template(self, key: str) -> bool:
        return key in self.templates

    # ------------------------------------------------------------------ for clients
    def glossary(self) -> dict[str, dict[str, str]]:
        """Id -> names (and rules texts) in both languages, for the browser."""
        out: dict[str, dict[str, str]] = {}
        for entry in self.entries.values():
            item = {lang: entry.nouns[lang].form("nom") for lang in LANGS}
            for lang, text in entry.texts.items():
                item[f"text_{lang}"] = text
            if entry.kind:
                item["kind"] = entry.kind
            out[entry.id] = item
        return out

    def rules_texts(self, lang: str, kinds: Iterable[str] | None = None) -> list[tuple[str, str]]:
        """(name, rules text) of every entry that has a text, in file order (optionally of some kinds)."""
        wanted = set(kinds) if kinds is not None else None
        return [(e.nouns[_lang(lang)].form("nom"), e.texts[_lang(lang)]) for e in self.entries.values()
                if _lang(lang) in e.texts and (wanted is None or e.kind in wanted)]


def _lang(lang: str) -> str:
    return "ru" if lang == "ru" else "en"


def _flatten(node: Mapping[str, Any], prefix: str = "") -> Iterable[tuple[str, Mapping[str, Any]]]:
    """``[templates.event.place]`` and ``[templates."event.place"]`` both name the key ``event.place``."""
    for key, value in node.items():
        if not isinstance(value, Mapping):
            raise ValueError(f"template {prefix + key!r} must be a table with en and ru")
        if "en" in value or "ru" in value:
            yield prefix + key, value
        else:
            yield from _flatten(value, prefix + key + ".")


def _entry(ident: str, raw: Mapping[str, Any], source: str) -> Entry:
    if not isinstance(raw.get("en"), str) or not isinstance(raw.get("ru"), str):
        raise ValueError(f"{source}: names.{ident} needs en and ru")
    gender = raw.get("gender", "m")
    if gender not in GENDERS:
        raise ValueError(f"{source}: names.{ident}: gender must be one of {GENDERS}, not {gender!r}")
    missing = [c for c in REQUIRED_CASES if not isinstance(raw.get(f"ru_{c}"), str)]
    if missing:
        raise ValueError(f"{source}: names.{ident} lacks the Russian forms {', '.join('ru_' + c for c in missing)}")
    ru_forms = {"nom": raw["ru"]}
    ru_forms.update({c: raw[f"ru_{c}"] for c in FORMS[1:] if isinstance(raw.get(f"ru_{c}"), str)})
    en_gender = "pl" if raw.get("en_plural") else "m"
    nouns = {"en": Noun({"nom": raw["en"]}, en_gender), "ru": Noun(ru_forms, gender)}
    texts = {lang: raw[f"text_{lang}"] for lang in LANGS if isinstance(raw.get(f"text_{lang}"), str)}
    return Entry(ident, nouns, texts, str(raw.get("kind", "")))


@functools.cache
def load(path: str | Path) -> Words:
    """The words of one TOML file (cached: the file is read once per process)."""
    p = Path(path)
    return Words(tomllib.loads(p.read_text(encoding="utf-8")), source=p.name if p.parent.name == "" else
                 f"{p.parent.name}/{p.name}")


def for_module(module_file: str) -> Words:
    """The ``words.toml`` beside a module (a game's ``text.py`` calls ``for_module(__file__)``)."""
    return load(Path(module_file).resolve().with_name("words.toml"))


# ---------------------------------------------------------------------------- the engine's own words
ENGINE = for_module(__file__)


def level_name(level: str, lang: str) -> str:
    """A bot's difficulty level in words («обычный» / "normal"); an unknown level keeps its id."""
    key = f"level_{level}"
    return ENGINE.name(key, lang) if ENGINE.has(key) else level


def bot_name(level: str, lang: str, index: int | None = None) -> str:
    """«Обычный бот», or with ``index`` a distinct given name: «Обычный бот Лёва». Never in brackets: a
    game puts a name into its own brackets («Акробат (Обычный бот Лёва)»), and brackets must not nest."""
    label = ENGINE.t(f"bot.{level}", lang) if ENGINE.has_template(f"bot.{level}") else ENGINE.t("bot", lang)
    if index is None:
        return label
    given = ENGINE.of_kind("bot_given_name")
    name = ENGINE.name(given[index % len(given)], lang)
    return ENGINE.t("bot_named", lang, bot=label, name=name)


def seat_label(seat: int, lang: str) -> str:
    """A seat as people count it: «Игрок 1» / "Player 1" for seat 0."""
    return ENGINE.t("player_n", lang, n=seat + 1)


def default_names(players: int, lang: str) -> list[str]:
    return [seat_label(s, lang) for s in range(players)]


def seat_names(kinds: Sequence[str], lang: str, people: Mapping[int, str] | None = None,
               human: str = "human") -> list[str]:
    """Display names for a table: people by their name (or «Игрок N»), bots by level — and by a distinct
    given name when several bots sit at the table, so a log can tell them apart."""
    people = people or {}
    bots = [s for s, k in enumerate(kinds) if k != human]
    out = []
    for seat, kind in enumerate(kinds):
        if kind == human:
            out.append(people.get(seat) or seat_label(seat, lang))
        else:
            out.append(bot_name(kind, lang, bots.index(seat) if len(bots) > 1 else None))
    return out


_SEAT_FALLBACK = re.compile(r"seat \d+")


def record_names(seats: Sequence[str], players: int, lang: str) -> list[str]:
    """Display names for the seats a record lists: ``"bot:<level>"`` (the server) or a bare level
    (``nastolka play``, the arena) is a bot, ``"human"``, ``""`` or ``"seat N"`` a person without a name
    («Игрок N»), anything else a person's name — so a replay, a hint and a report name the players as
    the table did."""
    kinds: list[str] = []
    people: dict[int, str] = {}
    for seat in range(players):
        entry = str(seats[seat]) if seat < len(seats) else ""
        if entry.startswith("bot:"):
            kinds.append(entry[4:] or "random")
        elif ENGINE.has(f"level_{entry}"):
            kinds.append(entry)
        else:
            kinds.append("human")
            if entry and entry != "human" and not _SEAT_FALLBACK.fullmatch(entry):
                people[seat] = entry
    return seat_names(kinds, lang, people)


def names_or_default(names: Sequence[str] | None, players: int, lang: str) -> list[Noun]:
    """The people at a table as nouns (defaults: «Игрок 1», … when a caller passes none)."""
    return list(_people(tuple(names or ()), players, lang))


@functools.lru_cache(maxsize=256)
def _people(names: tuple[str, ...], players: int, lang: str) -> tuple[Noun, ...]:
    """``names_or_default`` kept per table seating: every event and label of every move names people
    (a noun is frozen, so the same ones are handed out again)."""
    given = list(names)
    if len(given) < players:   # the defaults are only written for the seats nobody named
        given += default_names(players, lang)[len(given):]
    return tuple(person(n) for n in given)


__all__ = ["CASES", "ENGINE", "Noun", "Words", "bot_name", "count", "decimal", "default_names", "number", "percent", "fill", "for_module", "join",
           "level_name", "load", "names_or_default", "other_lang", "person", "person_as", "pick", "plain", "plural_index", "record_names",
           "seat_label", "seat_names", "sentence"]
