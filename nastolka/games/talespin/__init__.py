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
               choices=(5, 7), title_en=W.t("title.cargo_to_win", "en"), title_ru=W.t("title.cargo_to_win", "ru")),
        Option("beginner", "bool", False, W.t("option.beginner", "en"), W.t("option.beginner", "ru"),
               title_en=W.t("title.beginner", "en"), title_ru=W.t("title.beginner", "ru")),
        Option("characters", "list", (), W.t("option.characters", "en"), W.t("option.characters", "ru"),
               choices=CHARACTERS, title_en=W.t("title.characters", "en"), title_ru=W.t("title.characters", "ru"),
               labels=W.labels(CHARACTERS, "char.")),
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
    rules_summary={lang: W.t("rules.summary", lang) for lang in ("en", "ru")},
    legacy_ids=legacy_id,
)

__all__ = ["GAME", "TaleSpinState"]
