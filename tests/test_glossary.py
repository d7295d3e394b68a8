"""Read like an editor: one term one spelling (each game's ``[glossary]`` in words.toml, from the Russian
rulebooks), typography (minus, ranges, spaces, quotes) in every text random games produce, and numerals
and genders in every template checked against a small table of expected forms."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from nastolka.engine import get
from nastolka.engine.words import ENGINE, GENDERS, Noun, Words, fill, plural_index

sys.path.insert(0, str(Path(__file__).parent))
from test_words_scan import _texts  # noqa: E402

GAMES = ["colt_express", "show_battle", "talespin"]
#: one game per game and a variant that changes the words (kept few: each renders every line twice)
CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("colt_express", 4, {"expert": True}), ("show_battle", 1, {"automa_level": "legend"}),
    ("show_battle", 3, {}), ("talespin", 1, {}), ("talespin", 3, {})]


def _glossary(game_id: str) -> dict[str, dict[str, Any]]:
    path = Path(get(game_id).folder) / "words.toml"
    return tomllib.loads(path.read_text(encoding="utf-8")).get("glossary", {})


TYPOGRAPHY = [
    (re.compile(r"(?:^|[\s(/:])-\d"), "hyphen-minus used as a minus (write −)"),
    (re.compile(r"\b\d+-\d+\b"), "hyphen in a range of numbers (write –)"),
    (re.compile(r"\S  +\S"), "double space"),
    (re.compile(r"\s[,.;:!?](?:\s|$)"), "space before punctuation"),
    (re.compile(r"\(\s|\s\)"), "space inside brackets"),
    (re.compile(r"\([^()]*\([^()]*\)[^()]*\)"), "nested brackets"),
]
RUSSIAN_ONLY = [(re.compile(r"\"[^\"]*\""), "straight quotes in Russian (write «»)"),
                (re.compile(r"\d\.\d"), "decimal point in Russian (write a comma)")]


def typography(lang: str, text: str, board: bool = False) -> list[str]:
    """The slips in one line; a board (``board``) aligns its columns with spaces, so runs of spaces pass."""
    rules = TYPOGRAPHY + (RUSSIAN_ONLY if lang == "ru" else [])
    return [f"{what}: {m.group(0)!r}" for pattern, what in rules for m in [pattern.search(text)]
            if m and not (board and what == "double space")]


def test_every_game_has_a_glossary_with_both_forms() -> None:
    for game_id in GAMES:
        glossary = _glossary(game_id)
        assert glossary, game_id
        for term, entry in glossary.items():
            assert entry.get("ru") and entry.get("en"), (game_id, term)
            for pattern in (*entry.get("avoid_ru", ()), *entry.get("avoid_en", ())):
                re.compile(pattern)


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS,
                         ids=[f"{g}-{n}-{'-'.join(map(str, o.values())) or 'base'}" for g, n, o in CONFIGS])
def test_one_term_one_spelling_and_typography(game_id: str, players: int, options: dict[str, Any]) -> None:
    """Every text a random game shows (labels, events, views, results, rules texts, option help), both
    languages: no avoided variant of a glossary term, and no typographic slip."""
    avoid = {lang: [(term, re.compile(p)) for term, e in _glossary(game_id).items() for p in e.get(f"avoid_{lang}", ())]
             for lang in ("ru", "en")}
    bad: set[str] = set()
    seen = 0
    for lang, where, text in _texts(game_id, players, options, 1):
        seen += 1
        for line in text.splitlines():
            for term, pattern in avoid[lang]:
                m = pattern.search(line)
                if m:
                    bad.add(f"{lang} {where}: glossary {term!r} — {m.group(0)!r} in {line.strip()[:140]!r}")
            for problem in typography(lang, line.strip(), board="view" in where):
                bad.add(f"{lang} {where}: {problem} in {line.strip()[:140]!r}")
    assert seen > 300
    assert not bad, f"{len(bad)}:\n" + "\n".join(sorted(bad)[:40])


def test_the_scans_can_fail() -> None:
    for lang, line in [("ru", "ЗАГРУЗКА -2"), ("ru", "игроков 3-4"), ("ru", "Акробат (Бот Гоша (обычный))"),
                       ("ru", "201 поиск за 0.04 с"), ("ru", "Аня  берёт"), ("ru", "сказал \"да\""),
                       ("en", "(+1/-1/+0)")]:
        assert typography(lang, line), line
    assert not typography("ru", "ЗАГРУЗКА −2, игроков 3–4, Акробат (Обычный бот Гоша), 0,04 с")
    assert re.search(_glossary("talespin")["opponent"]["avoid_ru"][0], "ответ соперников")


# ---------------------------------------------------------------------------- numerals and genders
NUMERALS = (0, 1, 2, 5, 11, 21, 22, 101)
#: the Russian form (one | few | many) each numeral takes, and the English (one | other)
EXPECTED_RU = {0: 2, 1: 0, 2: 1, 5: 2, 11: 2, 21: 0, 22: 1, 101: 0}
EXPECTED_EN = {0: 1, 1: 0, 2: 1, 5: 1, 11: 1, 21: 1, 22: 1, 101: 1}
COUNT = re.compile(r"\{(\w+)#([^{}]*)\}")
AGREE4 = re.compile(r"\{(\w+)\|([^|{}]*)\|([^|{}]*)\|([^|{}]*)\|([^|{}]*)\}")


def _all_words() -> list[tuple[str, Words]]:
    return [("engine", ENGINE)] + [(g, get(g).words) for g in GAMES if get(g).words is not None]  # type: ignore[misc]


def test_the_table_of_forms() -> None:
    for n in NUMERALS:
        assert plural_index(n, "ru") == EXPECTED_RU[n], n
        assert plural_index(n, "en") == EXPECTED_EN[n], n
    assert fill("{n#карта|карты|карт}", "ru", {"n": 21}) == "21 карта"
    assert fill("{n#карта|карты|карт}", "ru", {"n": 11}) == "11 карт"
    assert fill("{n#card|cards}", "en", {"n": 1}) == "1 card"


def test_every_template_with_every_numeral_and_gender() -> None:
    """Each template's "number + noun" has its three Russian forms (two English) and each renders at
    0, 1, 2, 5, 11, 21, 22, 101 the form the table expects; each four-form agreement renders the form of
    a masculine, feminine, neuter and plural noun."""
    bad = []
    nouns = {g: Noun({"nom": f"noun-{g}"}, g) for g in GENDERS}
    for source, words in _all_words():
        for key, both in words.templates.items():
            for lang in ("ru", "en"):
                template = both[lang]
                for name, forms in COUNT.findall(template):
                    parts = forms.split("|")
                    want = 3 if lang == "ru" else 2
                    if len(parts) != want:
                        bad.append(f"{source} {key} {lang}: {{{name}#…}} has {len(parts)} forms, not {want}")
                        continue
                    table = EXPECTED_RU if lang == "ru" else EXPECTED_EN
                    for n in NUMERALS:
                        got = fill(f"{{{name}#{forms}}}", lang, {name: n})
                        if got != f"{n} {parts[table[n]]}":
                            bad.append(f"{source} {key} {lang} {n}: {got!r}")
                for name, *forms in AGREE4.findall(template):
                    for i, gender in enumerate(GENDERS):
                        got = fill(f"{{{name}|{'|'.join(forms)}}}", lang, {name: nouns[gender]})
                        if got != forms[i]:
                            bad.append(f"{source} {key} {lang} {gender}: {got!r}")
    assert not bad, "\n".join(bad[:40])


def test_numbers_never_stand_without_their_noun_in_talespin() -> None:
    """The issue's «на 3 по часовой», «куда лететь (до 5)»: a count of Locations carries its noun."""
    from nastolka.games.talespin.text import W
    for key in ("action.move", "decision.move"):
        assert "#" in W.templates[key]["ru"], key
