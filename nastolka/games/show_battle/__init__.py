"""«Шоу-Битва» (Show Battle): the circus card game, 1–4 players, with the solo automa (spec SB-1..SB-11)."""

from __future__ import annotations

from nastolka.engine import Game, Option, OptionSchema
from nastolka.engine.words import for_module

from .actions import legacy_id
from .data import LEVELS
from .heuristic import factory as heuristic_factory
from .state import ShowBattleState

W = for_module(__file__)

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
               players=(2,), title_en=W.t("title.jury_sympathy", "en"), title_ru=W.t("title.jury_sympathy", "ru")),
        Option("automa_level", "choice", "debut", W.t("option.automa_level", "en"),
               W.t("option.automa_level", "ru"), choices=LEVELS, players=(1,),
               title_en=W.t("title.automa_level", "en"), title_ru=W.t("title.automa_level", "ru"),
               labels=W.labels(LEVELS, "automa_level.")),
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
    rules_summary={lang: W.t("rules.summary", lang) for lang in ("en", "ru")},
    legacy_ids=legacy_id,
)

__all__ = ["GAME", "ShowBattleState"]
