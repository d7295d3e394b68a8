"""Russian forms in «Шоу-Битва»'s words: cards in the accusative after «Выложить», agreement with plural
cards (Воздушные гимнасты), names of players instead of seat numbers."""

from __future__ import annotations

from nastolka.engine import Event
from nastolka.games.show_battle import GAME
from nastolka.games.show_battle.data import KIND_IDS

NAMES = ["Аня", "Бот Лёва (обычный)"]


def _state():
    return GAME.new(2, setup={"first": 0, "hands": [["juggler", "aerialists", "clown"], ["mime", "fakir", "acrobat"]]})


def test_a_card_is_in_the_accusative_after_vylozhit() -> None:
    s = _state()
    labels = {a.id: a.label_ru for a in s.legal_actions(0, NAMES)}
    assert labels["place:card=juggler,row=1,slot=1"] == "Выложить Жонглёра: ряд 1, позиция 1"
    assert labels["place:card=aerialists,row=1,slot=1"] == "Выложить Воздушных гимнастов: ряд 1, позиция 1"
    assert labels["place:card=clown,row=1,slot=1"] == "Выложить Клоуна: ряд 1, позиция 1"


def test_verbs_agree_with_plural_cards() -> None:
    s = _state()
    out = Event("discard", {"card": "aerialists", "owner": 0, "row": "1", "slot": 1, "by": "weak"})
    assert s.event_text(out, "ru", NAMES) == "Слабый номер вылетает: Воздушные гимнасты (Аня) уходят в сброс"
    assert s.event_text(out, "en", ["Anya", "Bot"]).endswith("the Aerial gymnasts (Anya) are discarded")
    one = Event("discard", {"card": "clown", "owner": 1, "row": "1", "slot": 1, "by": "weak"})
    assert s.event_text(one, "ru", NAMES) == "Слабый номер вылетает: Клоун (Бот Лёва (обычный)) уходит в сброс"
    turn = Event("rotate", {"card": "aerialists", "owner": 0, "row": "1", "slot": 1, "dir": "ccw", "value": 2,
                            "by": "rotation"})
    assert "Воздушные гимнасты (Аня) поворачиваются против часовой стрелки" in s.event_text(turn, "ru", NAMES)


def test_players_are_named_never_numbered() -> None:
    s = _state()
    events = s.apply(0, "place:card=juggler,row=1,slot=1")
    texts = [s.event_text(e, "ru", NAMES) for e in events]
    assert texts[0] == "Аня выкладывает Жонглёра: ряд 1, позиция 1"
    assert all("0" not in t and "игрок 0" not in t.lower() for t in texts)


def test_every_card_has_a_rules_text_in_both_languages() -> None:
    words = GAME.words
    assert words is not None
    for kind in KIND_IDS:
        assert words.text(kind, "ru") and words.text(kind, "en"), kind
        assert words.name(kind, "ru") != words.name(kind, "ru").upper()   # sentence case, not CAPS


def test_option_values_have_names() -> None:
    assert GAME.choice_label("automa_level", "star", "ru") == "Звезда манежа"
    assert GAME.choice_label("automa_level", "debut", "en") == "Debut"
