"""Text for people: the terminal rendering, action labels and event texts in Russian and English."""

from __future__ import annotations

from nastolka.engine import Rng
from nastolka.games.colt_express import GAME
from nastolka.games.colt_express import data as D

from .helpers import run


def test_render_shows_train_bandits_marshal_loot_pile_and_totals() -> None:
    setup = {"bandits": ["ghost", "doc", "tuco"], "cars": ["baggage", "mail", "dining"], "first": 0,
             "rounds": ["swivel_arm"], "hands": [["move", "rob", "fire"]] * 3}
    s = run(3, setup, [(0, "play:card=rob"), (1, "play:card=rob"), (2, "play:card=rob"), (0, "play:card=move")])
    en = s.render(1, "en")
    ru = s.render(1, "ru")
    for text in ("Locomotive", "Mail car", "Marshal", "Ghost", "Swivel Arm", "Robbery", "▒▒", "loot: $250",
                 "Your hand"):
        assert text in en, text
    for text in ("Локомотив", "Почтовый вагон", "почтовом вагоне", "Шериф", "Призрак", "Поворотный кронштейн", "Кража", "▒▒",
                 "добыча: $250", "Ваша рука"):
        assert text in ru, text
    assert "$?" in en                                  # floor purses are unknown
    assert "Move" in s.render(0, "en").split("Pile:")[1]   # the owner sees his own tunnel card


def test_action_labels_in_both_languages() -> None:
    s = GAME.new(3, {"bandits": "ghost,doc,tuco", "cars": "baggage,mail,dining"}, seed=1)
    cases = {
        "draw": ("Draw 3 cards", "Взять 3 карты из колоды"),
        "play:card=fire": ("Play Fire", "Выложить Выстрел"),
        "play:card=rob": ("Play Robbery", "Выложить Кражу"),                        # accusative
        "play:card=move,face=down": ("Play Move face down", "Выложить Движение рубашкой вверх"),
        "fire:target=doc": ("Fire at Doc", "Выстрелить в Дока"),
        "fire:target=belle": ("Fire at Belle", "Выстрелить в Красотку"),
        "rob:loot=jewel": ("Take a jewel", "Взять драгоценность"),
        "move:car=2": ("Move to the mail car", "Перейти в почтовый вагон"),       # cars by name, no index
        "marshal:car=0": ("Move the Marshal to the Locomotive", "Передвинуть шерифа в локомотив"),
    }
    for aid, (en, ru) in cases.items():
        assert s.action_label(aid, "en") == en
        assert s.action_label(aid, "ru") == ru
    punch = s.action_label("punch:target=belle,loot=purse,keep=1,car=1", "ru")
    assert punch == "Ударить Красотку: забрать кошелёк себе, отбросить в багажный вагон"


def test_every_event_has_words() -> None:
    for players in (2, 3, 5):
        s = GAME.new(players, seed=players)
        rng = Rng(players)
        while not s.is_over:
            legal = s.legal_ids(s.actor)
            for event in s.apply(s.actor, legal[rng.randbelow(len(legal))]):
                for lang in ("en", "ru"):
                    text = s.event_text(event, lang)
                    assert text and text != event.kind or event.kind in ("stealin",)
        for lang in ("en", "ru"):
            assert s.render(0, lang)
    for e in D.EVENT_IDS[1:]:
        from nastolka.engine import Event
        assert s.event_text(Event("event", {"event": e}), "ru")
