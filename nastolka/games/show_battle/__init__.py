"""«Шоу-Битва» (Show Battle): the circus card game, 1–4 players, with the solo automa (spec SB-1..SB-11)."""

from __future__ import annotations

from nastolka.engine import Game, Option, OptionSchema
from nastolka.engine.words import for_module

from .actions import legacy_id
from .data import LEVELS
from .heuristic import factory as heuristic_factory
from .state import ShowBattleState

W = for_module(__file__)

RULES_EN = """\
Show Battle — each player directs a circus troupe with an identical 12-card deck.
On your turn place one card from your hand of 3: at slot 1 of the next unstarted row, right after the last
card of a row (at most 7 per row; the Aerial gymnasts may be the 8th), or on top of any face-down card.
Then, in order: 1) if your card's base value is at least twice the value of the face-up card to its left,
that card flies out (turns face down); 2) otherwise the left card turns clockwise if it is higher, counter-
clockwise if lower (its active value is the edge on top); 3) your card's own effect, which you may decline.
Once per game you may swap your hand (mulligan); once per turn you may put one of your 3 untouchable tokens
on your own face-up card (before or after your placements). Refill to 3. The game ends when nobody can
place or all cards are played; the highest sum of your face-up cards' active values wins.
Solo: play against the rival troupe automa and win by the level's margin (1, 5, 10, 15)."""

RULES_RU = """\
Шоу-Битва — вы директор цирка; у всех одинаковые колоды из 12 карт.
В свой ход выложите карту из руки (3 карты): в начало следующего ряда, вплотную за последней картой ряда
(не больше 7 в ряду; Воздушные гимнасты могут стать восьмой картой) или поверх любой сброшенной карты.
Затем по порядку: 1) «Слабый номер вылетает»: если карта вдвое (или больше) сильнее открытой карты слева,
та сбрасывается (переворачивается рубашкой вверх); 2) иначе «Поворот карты»: карта слева поворачивается
по часовой, если она больше, и против часовой, если меньше; 3) эффект карты (можно не применять).
Раз за игру можно сменить руку; раз за ход — положить жетон «Неприкасаемая карта» на свою открытую карту.
Доберите до 3. Игра кончается, когда выложить некуда или карты закончились; побеждает большая сила.
Соло: играйте против труппы соперников и выиграйте с перевесом уровня (1, 5, 10, 15)."""

GAME = Game(
    id="show_battle",
    name_en="Show Battle",
    name_ru="Шоу-Битва",
    min_players=1,
    max_players=4,
    rules_version="1",
    state_class=ShowBattleState,
    options=OptionSchema((
        Option("jury_sympathy", "bool", False, W.t("option.jury_sympathy", "en"), W.t("option.jury_sympathy", "ru"),
               players=(2,)),
        Option("automa_level", "choice", "debut", W.t("option.automa_level", "en"),
               W.t("option.automa_level", "ru"), choices=LEVELS, players=(1,)),
    )),
    description_en="The circus card game: place acts in rows, knock out weak acts, rotate cards.",
    description_ru="Цирковая карточная игра: выкладывайте номера, выбивайте слабые, поворачивайте карты.",
    bots={"heuristic": heuristic_factory},
    # the heuristic costs ~1.4 ms a move (it searches one turn ahead itself), as much as several whole random
    # playouts: guided playouts cut the iterations 20-fold and measured weaker (hard with heuristic playouts
    # 61% vs normal, with random playouts 82%, 40 games each), so expert searches longer instead
    bot_tuning={"expert": {"rollout": "random"}},
    setup_keys={
        "first": "seat that moves first (solo: must be 0)",
        "hands": "list per troupe (solo: you, then the rival) of card ids in hand, at most 3",
        "decks": "list per troupe of card ids, top first; if given, hand + deck + board must hold all 12",
        "board": "list of {row, slot, card, owner, orient 0-3, face_up, token}; entries in one slot stack "
                 "in order (earlier ones covered, face down)",
        "tokens": "list per troupe of untouchable tokens left (default 3 minus those on the board)",
        "mulligan_used": "list per troupe of true/false (default all false)",
    },
    rules_summary={"en": RULES_EN, "ru": RULES_RU},
    legacy_ids=legacy_id,
)

__all__ = ["GAME", "ShowBattleState"]
