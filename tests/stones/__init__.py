"""«Камешки» (Stones): the fourth game, living outside the package, that proves a game is one folder.

Nothing shared names it: it registers itself (``register()``, as a plug-in would), and every client finds
its parts through the descriptor — ``tui.py`` (terminal board), ``observe.py`` (RL observation and every
action id), ``web/board.js`` + ``board.css`` (browser board), ``heuristic.py`` (its bot), ``progress`` and
``bot_tuning`` (the search bots' cut-off), ``words.toml`` (every word). ``tests/test_fourth_game.py`` plays
it in the generic, RL, bot, terminal and browser tests.

Rules: a pile of stones; in turn each player takes 1, 2 or 3; whoever takes the last stone wins.
"""

from __future__ import annotations

from typing import Any

from nastolka.engine import Game, Option, OptionSchema, registry
from nastolka.engine.words import for_module

from .state import StonesState

W = for_module(__file__)


def _heuristic(game: Game, seed: int = 0, **kw: Any) -> Any:
    from .heuristic import HeuristicBot

    return HeuristicBot(seed)


def progress(state: Any) -> list[float]:
    """A pile that is a multiple of 4 is lost for the player to move (the others can always answer 4 − k)."""
    mover = state.turn
    good = 0.8 if state.pile % 4 else 0.2
    return [good if s == mover else (1.0 - good) / max(1, state.players - 1) for s in range(state.players)]


GAME = Game(
    id="stones", name_en="Stones", name_ru="Камешки", min_players=2, max_players=4, rules_version="1",
    state_class=StonesState,
    options=OptionSchema((Option("pile", "int", 15, W.t("option.pile", "en"), W.t("option.pile", "ru"),
                                 choices=(15, 21)),)),
    description_en=W.t("description", "en"), description_ru=W.t("description", "ru"),
    bots={"heuristic": _heuristic},
    rules_summary={"en": W.t("rules", "en"), "ru": W.t("rules", "ru")},
    progress=progress,
    # a short game: a cut-off after 6 plies is as good as the end and cheaper (a test of the field, not a
    # measured tuning)
    bot_tuning={"hard": {"cutoff": 6}},
)


def register() -> Game:
    """Make the game known to this process (a plug-in's one call; nothing shared lists it)."""
    return registry.register(GAME)


def unregister() -> None:
    registry._GAMES.pop(GAME.id, None)
