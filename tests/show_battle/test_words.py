"""Russian forms in «Шоу-Битва»'s words: cards in the accusative after «Выложить», agreement with plural
cards (Воздушные гимнасты), names of players instead of seat numbers."""

from __future__ import annotations

from nastolka.engine import Event
from nastolka.games.show_battle import GAME
from nastolka.games.show_battle.data import KIND_IDS

NAMES = ["Аня", "Обычный бот Лёва"]


def _state():
    return GAME.new(2, setup={"first": 0, "hands": [["juggler", "aerialists", "clown"], ["mime", "fakir", "acrobat"]]})


def test_a_card_is_in_the_accusative_after_vylozhit() -> None:
    s = _state()
    labels = {a.id: a.label_ru for a in s.legal_actions(0, NAMES)}
    assert labels["place:card=juggler,row=1,slot=1"] == "Выложить Жонглёра в ряд 1 на место 1"
    assert labels["place:card=aerialists,row=1,slot=1"] == "Выложить Воздушных гимнастов в ряд 1 на место 1"
    assert labels["place:card=clown,row=1,slot=1"] == "Выложить Клоуна в ряд 1 на место 1"


def test_verbs_agree_with_plural_cards() -> None:
    s = _state()
    out = Event("discard", {"card": "aerialists", "owner": 0, "row": "1", "slot": 1, "by": "weak"})
    assert s.event_text(out, "ru", NAMES) == "Слабый номер вылетает: Воздушные гимнасты (Аня) уходят в сброс"
    assert s.event_text(out, "en", ["Anya", "Bot"]).endswith("the Aerial gymnasts (Anya) are discarded")
    one = Event("discard", {"card": "clown", "owner": 1, "row": "1", "slot": 1, "by": "weak"})
    assert s.event_text(one, "ru", NAMES) == "Слабый номер вылетает: Клоун (Обычный бот Лёва) уходит в сброс"
    turn = Event("rotate", {"card": "aerialists", "owner": 0, "row": "1", "slot": 1, "dir": "ccw", "value": 2,
                            "by": "rotation"})
    assert "Воздушные гимнасты (Аня) поворачиваются против часовой стрелки" in s.event_text(turn, "ru", NAMES)


def test_players_are_named_never_numbered() -> None:
    s = _state()
    events = s.apply(0, "place:card=juggler,row=1,slot=1")
    texts = [s.event_text(e, "ru", NAMES) for e in events]
    assert texts[0] == "Аня выкладывает Жонглёра в ряд 1 на место 1"
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


def test_cases_after_prepositions_and_in_effects() -> None:
    """The genitive after «поверх» and «свойство», the accusative after «на», «меняет местами» and
    «сбрасывает», and the participle agreeing with a plural card («сброшенных Воздушных гимнастов»)."""
    s = _state()
    over = Event("place", {"seat": 0, "card": "clown", "row": "1", "slot": 2, "covers": "aerialists"})
    assert s.event_text(over, "ru", NAMES) == "Аня выкладывает Клоуна в ряд 1 на место 2, поверх Воздушных гимнастов"
    swap = Event("swap", {"by": "juggler", "cards": ["aerialists", "cannonball"], "row": "1"})
    assert s.event_text(swap, "ru", NAMES) == "Жонглёр меняет местами Воздушных гимнастов и Человека-ядро"
    token = Event("token", {"seat": 1, "card": "aerialists", "row": "1", "slot": 3})
    assert s.event_text(token, "ru", NAMES) == \
        "Обычный бот Лёва кладёт жетон «Неприкасаемая карта» на Воздушных гимнастов (ряд 1, место 3)"
    skip = Event("skip", {"seat": 0, "effect": "cannonball"})
    assert s.event_text(skip, "ru", NAMES) == "Аня не применяет свойство Человека-ядра"
    out = Event("discard", {"card": "aerialists", "owner": 1, "row": "1", "slot": 1, "by": "knives"})
    assert s.event_text(out, "ru", NAMES) == "Метатель ножей сбрасывает Воздушных гимнастов (Обычный бот Лёва)"


def test_labels_put_the_card_after_the_verb_in_the_accusative() -> None:
    hands = [["juggler", "strongman", "clown"], ["mime", "fakir", "acrobat"]]
    s = GAME.new(2, setup={"first": 0, "hands": hands,
                           "board": [{"row": "1", "slot": 1, "card": "aerialists", "owner": 0, "face_up": False}]})
    labels = {a.id: a.label_ru for a in s.legal_actions(0, NAMES)}
    assert labels["place:card=clown,row=1,slot=1"] == \
        "Выложить Клоуна в ряд 1 на место 1 (поверх сброшенных Воздушных гимнастов)"
    s = GAME.new(2, setup={"first": 0, "hands": hands,
                           "board": [{"row": "1", "slot": 1, "card": "aerialists", "owner": 0}]})
    labels = {a.id: a.label_ru for a in s.legal_actions(0, NAMES)}
    token = [text for text in labels.values() if text.startswith("Положить жетон")]
    assert token == ["Положить жетон «Неприкасаемая карта» на Воздушных гимнастов (ряд 1, место 1)"]


def test_one_english_term_for_each_card() -> None:
    """The rulebook's ВОЗДУШНЫЕ ГИМНАСТЫ are "Aerial gymnasts" everywhere a player reads English."""
    import re
    from pathlib import Path

    folder = Path(GAME.folder)
    for path in (folder / "words.toml", folder / "web" / "words.toml", folder / "decisions.toml"):
        text = re.sub(r"(?m)^\s*#.*$", "", path.read_text(encoding="utf-8"))
        assert not re.search(r"\baerialists?\b", text.replace("[names.aerialists]", ""), re.I), path


def test_the_solo_result_shows_a_lost_margin_with_a_minus_sign() -> None:
    """A random solo game at the Legend level is lost: its margin is printed with a minus sign, not a hyphen."""
    from nastolka.engine import Rng

    for seed in range(20):
        s = GAME.new(1, {"automa_level": "legend"}, seed=seed)
        rng = Rng(seed)
        while not s.is_over:
            seat = s.to_act[0]
            legal = s.legal_ids(seat)
            s.apply(seat, legal[rng.randbelow(len(legal))])
        margin = s.result().details["margin"]
        if margin < 0:
            break
    else:
        raise AssertionError("no lost solo game in 20 random ones")
    lines = s.result_lines(s.view(None), "ru", ["Аня"])
    assert f"Поражение: перевес над труппой соперников \u2212{-margin} (уровень «Легенда» требует 15)" in lines
