"""TaleSpin: The Card Game «Чудеса на виражах» (1–4 players, solitaire against Shere Khan at 1)."""

from __future__ import annotations

from typing import Any

from nastolka.engine import Game, Option, OptionSchema
from nastolka.engine.words import for_module

from .actions import legacy_id
from .data import CHARACTERS
from .progress import progress
from .state import TaleSpinState

W = for_module(__file__)


def _heuristic(game: Game, seed: int = 0, **kw: Any) -> Any:
    from .heuristic import HeuristicBot
    return HeuristicBot(seed)


RULES_EN = (
    "Fly cargo around a ring of 12 Locations. Each turn: 1) draw 1, then up to 5; 2) play Passengers, "
    "Artifacts, Actions and start at most one dogfight (by RANGE or with a Pilot); 3) roll the die and resolve "
    "your Player card and then each Passenger of your chain — usually 'move, then play cargo' (face down: any "
    "card may be a bluff; needs SHIPPING >= the Location's RECEIVING); 4) everyone discards to 7. Hand cap 10. "
    "Win with 5 cargo at the end of your turn; the 5th must be a genuine Cargo played face up. Dogfights: three "
    "maneuvers each blocked by an equal or higher card (a Lucky Shot blocks anything); the winner scores "
    "Damage/Draw icons or takes a bounty. Solitaire: Baloo against Shere Khan."
)
RULES_RU = (
    "Возите грузы по кольцу из 12 Локаций. Ход: 1) наберите 1 карту, затем до 5; 2) сажайте Пассажиров, "
    "играйте Артефакты и Действия, начните не более одного закуса (по ДАЛЬНОСТИ или Пилотом); 3) бросьте кубик и "
    "выполните результат своей карты Игрока, затем каждого Пассажира цепочки — обычно «переместитесь, затем "
    "сыграйте груз» (лицом вниз: любая карта может быть блефом; нужна ЗАГРУЗКА не меньше ПРИЁМА Локации); "
    "4) все сбрасывают до 7. Предел руки 10. Победа — 5 грузов в конце вашего хода; пятый — настоящий Груз "
    "лицом вверх. Закус: три манёвра, каждый блокируется картой не меньше (Выстрел на Удачу блокирует любой); "
    "победитель получает Урон/Набор или премию. Одиночная игра: Балу против Шер Хана."
)

GAME = Game(
    id="talespin",
    name_en="TaleSpin: The Card Game",
    name_ru="Чудеса на виражах",
    min_players=1,
    max_players=4,
    rules_version="2.2-spec1",
    state_class=TaleSpinState,
    options=OptionSchema((
        Option("cargo_to_win", "int", 5, W.t("option.cargo_to_win", "en"), W.t("option.cargo_to_win", "ru"),
               choices=(5, 7)),
        Option("beginner", "bool", False, W.t("option.beginner", "en"), W.t("option.beginner", "ru")),
        Option("characters", "list", (), W.t("option.characters", "en"), W.t("option.characters", "ru"),
               choices=CHARACTERS),
    )),
    description_en="Fan-made card game of cargo runs, bluffing and dogfights (Joe Fourhman, 2004).",
    description_ru="Фанатская карточная игра о перевозке грузов, блефе и воздушных боях (Джо Фурман, 2004).",
    bots={"heuristic": _heuristic},
    progress=progress,
    # ~120-ply games at ~75 playouts/s: playing to the end left hard at 40% vs normal (20 games); a 16-ply
    # playout scored by the cargo race measured 70% on the same deals (docs/bots.md)
    bot_tuning={"hard": {"cutoff": 16}, "expert": {"cutoff": 16, "heuristic_plies": 6}},
    setup_keys={
        "characters": "list per seat of baloo/karnage/kit/molly (solitaire: [baloo])",
        "first": "seat of the first player",
        "positions": "list per seat of the starting clock number 1..12",
        "hands": "list per side of card ids in hand (given hands skip the opening draw)",
        "chains": "list per side of Passenger card ids, position 1 first",
        "holds": "list per side (solitaire: side 1 = Shere Khan) of card ids; 'open:<id>' is face up",
        "discard": "card ids in the discard pile",
        "covered": "solitaire: red character ids covering Locations from Khan Industries (8) clockwise",
        "deck": "card ids on top of the draw deck, top first; the rest of the mode's deck is shuffled below",
        "dice": "forced die results for the next rolls, then the seeded RNG",
        "step": "the step the game starts at: 1 (default), 2 (no drawing), 3 (the roll) or 4 (discard to 7)",
        "turn": "the number of the turn the game starts in (default 1); the active player follows from 'first'",
        "dogfight_used": "true: the active player has already started a dogfight this turn (step 2 or later)",
        "khan_beaten": "solitaire: true if the player already won a dogfight against Khan this turn",
        "modifiers": "list per seat of [shipping, range, piloting] changes that last until the end of the turn",
        "tiki_played": "list per seat of Tiki card ids already played this turn",
        "dogfight": "{defender, pilot}: the active player has just started this dogfight (step 2)",
    },
    rules_summary={"en": RULES_EN, "ru": RULES_RU},
    legacy_ids=legacy_id,
)

__all__ = ["GAME", "TaleSpinState"]
