"""Colt Express «Кольт Экспресс» (2–6 players): the base game, the two-player game and the expert variant.

Spec: ``docs/rules/colt_express.md`` (rule ids CE-1..CE-12); grep a rule id to find its code.
``state.py`` holds the fields, the engine hooks and the turn flow, ``rounds.py`` the round's phases,
``decisions.py`` the legal decisions, ``effects.py`` the action cards and round events, ``setup.py`` the
``setup`` block, ``views.py`` hidden information, ``text.py`` words and ``heuristic.py`` the bot.
"""

from __future__ import annotations

from typing import Any

from nastolka.engine import Game, Option, OptionSchema
from nastolka.engine.words import for_module

from . import data as D
from .setup import SETUP_KEYS
from .state import ColtState, legacy_id

W = for_module(__file__)


def _heuristic(game: Game, seed: int = 0, **kw: Any) -> Any:
    from .heuristic import HeuristicBot

    return HeuristicBot(seed, **kw)


OPTIONS = OptionSchema((
    Option("expert", "bool", False, W.t("option.expert", "en"), W.t("option.expert", "ru"), players=(3, 4, 5, 6), title_en=W.t("title.expert", "en"), title_ru=W.t("title.expert", "ru")),
    Option("bandits", "list", (), W.t("option.bandits", "en"), W.t("option.bandits", "ru"), choices=D.BANDIT_IDS,
           title_en=W.t("title.bandits", "en"), title_ru=W.t("title.bandits", "ru"), labels=W.labels(D.BANDIT_IDS)),
    Option("cars", "list", (), W.t("option.cars", "en"), W.t("option.cars", "ru"), choices=D.CAR_IDS,
           title_en=W.t("title.cars", "en"), title_ru=W.t("title.cars", "ru"), labels=W.labels(D.CAR_IDS)),
))

GAME = Game(
    id="colt_express", name_en="Colt Express", name_ru="Кольт Экспресс", min_players=2, max_players=6,
    rules_version="3", state_class=ColtState, options=OPTIONS,
    description_en="Bandits rob a train: plan actions blind, then watch them go wrong.",
    description_ru="Бандиты грабят поезд: планируйте действия вслепую и смотрите, как всё идёт не так.",
    bots={"heuristic": _heuristic}, setup_keys=SETUP_KEYS,
    rules_summary={lang: W.t("rules.summary", lang) for lang in ("en", "ru")}, legacy_ids=legacy_id,
)
