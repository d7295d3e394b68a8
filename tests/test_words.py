"""The presentation layer (nastolka/engine/words.py): cases, agreement, numbers, names of seats and bots."""

from __future__ import annotations

import pytest

from nastolka.engine import words as w
from nastolka.engine.words import Noun, Words, fill, person, plural_index, seat_names

KLOUN = Noun({"nom": "Клоун", "gen": "Клоуна", "acc": "Клоуна"}, "m")
KRYSHA = Noun({"nom": "крыша", "gen": "крыши", "acc": "крышу"}, "f")
GYMNASTS = Noun({"nom": "Воздушные гимнасты", "gen": "Воздушных гимнастов", "acc": "Воздушных гимнастов"}, "pl")


def test_a_case_is_chosen_by_the_placeholder() -> None:
    assert fill("Выложить {card:acc}", "ru", {"card": KLOUN}) == "Выложить Клоуна"
    assert fill("на {place:acc}", "ru", {"place": KRYSHA}) == "на крышу"
    assert fill("{card}", "ru", {"card": KLOUN}) == "Клоун"


def test_a_verb_agrees_in_number_and_in_gender() -> None:
    run = "{who} {who|бежит|бегут}"
    assert fill(run, "ru", {"who": KLOUN}) == "Клоун бежит"
    assert fill(run, "ru", {"who": GYMNASTS}) == "Воздушные гимнасты бегут"
    assert fill(run, "ru", {"who": [KLOUN, KRYSHA]}) == "Клоун и крыша бегут"   # a list is plural
    fell = "{who} {who|выбыл|выбыла|выбыло|выбыли}"
    assert fill(fell, "ru", {"who": KRYSHA}) == "крыша выбыла"
    assert fill(fell, "ru", {"who": KLOUN}) == "Клоун выбыл"
    assert fill(fell, "ru", {"who": GYMNASTS}) == "Воздушные гимнасты выбыли"


def test_a_person_agrees_in_number_only() -> None:
    assert fill("{p} {p|пасует|пасуют}", "ru", {"p": person("Аня")}) == "Аня пасует"
    with pytest.raises(ValueError, match="gender"):
        fill("{p} {p|выбыл|выбыла|выбыло|выбыли}", "ru", {"p": person("Аня")})


def test_numbers_take_the_right_plural() -> None:
    assert [plural_index(n, "ru") for n in (1, 2, 5, 11, 21, 22, 25, 112)] == [0, 1, 2, 2, 0, 1, 2, 2]
    assert fill("{n#карту|карты|карт}", "ru", {"n": 3}) == "3 карты"
    assert fill("{n#карту|карты|карт}", "ru", {"n": 21}) == "21 карту"
    assert fill("{n#card|cards}", "en", {"n": 1}) == "1 card"


def test_a_missing_argument_or_form_fails_loudly() -> None:
    with pytest.raises(KeyError):
        fill("{x}", "ru", {})
    with pytest.raises(ValueError, match="ru_acc"):
        Words({"names": {"x": {"en": "X", "ru": "Икс", "ru_gen": "Икса"}}})
    with pytest.raises(ValueError, match="en and ru"):
        Words({"templates": {"t": {"en": "only English"}}})


def test_seats_are_named_people_and_distinct_bots() -> None:
    assert seat_names(["human", "normal"], "ru") == ["Игрок 1", "Обычный бот"]
    names = seat_names(["human", "normal", "normal", "hard"], "ru", {0: "Аня"})
    assert names == ["Аня", "Обычный бот Лёва", "Обычный бот Маша", "Сильный бот Гоша"]
    assert seat_names(["easy", "expert"], "en") == ["Easy bot Leo", "Expert bot Masha"]
    assert len(set(seat_names(["random"] * 6, "ru"))) == 6


def test_every_level_has_a_name_in_both_languages() -> None:
    for level in ("random", "easy", "normal", "hard", "expert", "heuristic", "ismcts"):
        assert w.ENGINE.has(f"level_{level}")
        assert w.level_name(level, "ru") != level and w.level_name(level, "en")


def test_sentences_start_with_a_capital() -> None:
    assert w.sentence("труппа соперников пасует") == "Труппа соперников пасует"


def test_rules_summaries_live_in_the_games_words() -> None:
    """The help screens' and the rules page's summary is presentation data (words.toml), in both languages,
    not a string in the game's ``__init__.py``."""
    import importlib
    import inspect

    from nastolka.engine import all_games

    for game in all_games():
        words = game.words
        assert words is not None and words.has_template("rules.summary"), game.id
        for lang in ("en", "ru"):
            assert game.rules_summary[lang] == words.t("rules.summary", lang) and len(game.rules_summary[lang]) > 200
        source = inspect.getsource(importlib.import_module(f"nastolka.games.{game.id}"))
        assert "RULES_RU" not in source and "RULES_EN" not in source, game.id
