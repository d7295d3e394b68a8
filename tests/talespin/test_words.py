"""Russian forms in TaleSpin's words: cards in the accusative after a verb («Сбросить Громил Хана»), verbs
agreeing with a plural or feminine card («Громилы Хана покидают цепочку», «Команда воздушных пиратов сбита
с кольца»), Locations in the dative after «к», and every card with its forms and rules text in words.toml."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from nastolka.engine import Event
from nastolka.games.talespin import GAME
from nastolka.games.talespin import data as T
from nastolka.games.talespin.text import W, card_noun, card_text

NAMES = ["Аня", "Обычный бот Лёва"]


def _state():
    return GAME.new(2, {"characters": ["baloo", "kit"]}, seed=1)


def test_every_card_has_its_forms_and_rules_text() -> None:
    """Each of the 79 card kinds of cards.toml has a name with the genitive and accusative (words.py
    refuses an entry without them), a gender, and its rules text in both languages, without rule ids."""
    for cid in T.DEF_ID:
        assert W.has(cid), cid
        noun = W.noun(cid, "ru")
        assert noun.form("acc") and noun.form("gen") and noun.gender in ("m", "f", "n", "pl"), cid
        for lang in ("ru", "en"):
            assert card_text(cid, lang) and not re.search(r"\(R\d", card_text(cid, lang)), (cid, lang)


def test_card_names_in_sentence_case() -> None:
    """Russian card names are written as a sentence («Блоки льда»), capitals only for proper names."""
    assert W.name("cargo_ice", "ru") == "Блоки льда"
    assert W.name("art_medal", "ru") == "Тембрийская медаль за отвагу"
    assert W.name("pas_wildcat", "ru") == "Дикий Кот"   # a name keeps its capitals
    assert W.name("loc.11", "ru") == "Облачная гряда"


def test_cards_in_the_accusative_after_a_verb() -> None:
    s = _state()
    assert s.action_label("discard:card=pas_henchmen", "ru", NAMES) == "Сбросить Громил Хана"
    assert s.action_label("discard:card=art_sprocket", "ru", NAMES) == "Сбросить Золотую шестерёнку дружбы"
    assert s.action_label("passenger:card=pas_wildcat", "ru", NAMES) == "Взять на борт Дикого Кота"
    assert s.action_label("action:card=act_ambush", "ru", NAMES) == "Сыграть Засаду"
    assert s.action_label("action:card=act_wingman", "ru", NAMES) == "Сыграть карту «Ведомый»"
    assert s.action_label("discard:card=pas_henchmen", "en", NAMES) == "Discard Khan's Henchmen"
    event = Event("discard", {"seat": 0, "card": "pas_rebecca"})
    assert s.event_text(event, "ru", NAMES) == "Аня сбрасывает Ребекку Каннингем"
    event = Event("passenger", {"seat": 1, "card": "pas_monkeys"})
    assert s.event_text(event, "ru", NAMES) == "Обычный бот Лёва берёт на борт Рабочих обезьян"


def test_verbs_agree_with_the_card() -> None:
    s = _state()
    leave = Event("discard_passenger", {"seat": 0, "card": "pas_henchmen"})
    assert s.event_text(leave, "ru", NAMES) == "Громилы Хана покидают цепочку Балу (Аня)"
    assert s.event_text(leave, "en", NAMES) == "Khan's Henchmen leave Аня's chain"
    leave = Event("discard_passenger", {"seat": 0, "card": "pas_spy"})
    assert s.event_text(leave, "ru", NAMES) == "Тембрийский шпион покидает цепочку Балу (Аня)"
    assert s.event_text(Event("uncover", {"card": "pas_pirate_crew"}), "ru") == \
        "Команда воздушных пиратов сбита с кольца"
    assert s.event_text(Event("uncover", {"card": "pas_karnage"}), "ru") == "Дон Карнаж сбит с кольца"
    assert s.event_text(Event("uncover", {"card": "pas_henchmen"}), "ru") == "Громилы Хана сбиты с кольца"


def test_locations_by_name_in_the_right_case() -> None:
    s = _state()
    assert s.event_text(Event("move", {"seat": 0, "to": 5}), "ru", NAMES) == "Аня летит на Остров сокровищ"
    assert s.event_text(Event("move", {"seat": 0, "to": 1}), "ru", NAMES) == "Аня летит в Тембрию"
    assert s.event_text(Event("move", {"seat": 0, "to": 3}), "ru", NAMES) == "Аня летит к Луи"
    cargo = Event("cargo", {"seat": 1, "location": 5})
    assert s.event_text(cargo, "ru", NAMES) == "Обычный бот Лёва играет груз на Острове сокровищ"
    assert s.event_text(Event("cargo", {"seat": 0, "location": 3}), "ru", NAMES) == "Аня играет груз у Луи"


def test_a_player_declines_through_the_character() -> None:
    """A display name does not decline; where a case governs a player, the character takes the case and
    the name follows it — never «крадёт груз, у кого: Вика»."""
    s = _state()
    steal = Event("steal_cargo", {"seat": 0, "side": 1})
    assert s.event_text(steal, "ru", NAMES) == "Аня крадёт груз у Кита Ветрогона (Обычный бот Лёва)"
    assert s.event_text(steal, "en", NAMES) == "Аня steals a cargo from Обычный бот Лёва"
    assert s.event_text(Event("dogfight", {"seat": 1, "target": 0}), "ru", NAMES) == \
        "Обычный бот Лёва начинает закус против Балу (Аня)"
    assert s.event_text(steal, "ru") == "Балу крадёт груз у Кита Ветрогона"
    assert s.event_text(Event("cover", {"card": "pas_karnage", "location": 8}), "ru") == \
        "Дон Карнаж накрывает Хан Индастриз"


def test_damage_choices_count_from_one_and_name_open_cargo() -> None:
    """The page scan once saw «discard open cargo #0»: a Damage choice names the cargo by its place in
    the hold counted from 1, and an open cargo (public) by its card."""
    s = _state()
    s.holds[1] = [T.INSTANCES_OF[T.DEF_INDEX["cargo_gold"]][0] | T.OPEN]
    from nastolka.games.talespin.dogfight import Dogfight
    s.dogfight = Dogfight()
    s.dogfight.attacker, s.dogfight.defender = 0, 1
    label = s.action_label("damage:do=discard,pos=0", "ru", NAMES)
    assert label == "Урон: сбросить открытый груз № 1 (Золотые слитки)"
    assert s.action_label("damage:do=open,pos=0", "en", NAMES) == "Damage: open packed cargo 1"


def test_no_client_reads_names_from_cards_toml() -> None:
    """words.toml is the one source of the words; cards.toml (the spec's list) is data for the rules."""
    import inspect

    from nastolka.games.talespin import text
    from nastolka.games.talespin import tui as board
    for module in (text, board):
        source = inspect.getsource(module)
        assert "name_ru" not in source and "D_NAME" not in source and "TYPE_RU" not in source, module
    raw = tomllib.loads(Path(T.__file__).with_name("cards.toml").read_text(encoding="utf-8"))
    assert {c["id"] for c in raw["cards"]} == set(T.DEF_ID)
    assert card_noun("cargo_gold", "ru").plural
