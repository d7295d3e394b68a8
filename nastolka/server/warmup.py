"""Load at start-up what the first request of each kind would otherwise load in the middle of play.

Why: the games' text modules, their words files, the browser's presentation data and the bot modules are
imported or parsed on first use. On a live server that first use is a player's move, and it stopped the
event loop for 50-130 ms while tomllib parsed a words file or a module was imported
(``bench/load_server.py --loop-probe`` saw the stalls in the import machinery and the TOML parser).
Done here, before the heap is frozen, those objects also join the frozen start-up heap the garbage
collector no longer walks (``app.settle_heap``).
"""

from __future__ import annotations

from nastolka.bots import bot_names, make_bot
from nastolka.engine import all_games
from nastolka.engine.words import default_names

from .presentation import boards, presentation

#: moves played per game (always the first legal action): enough to meet the common labels and event texts
WARM_MOVES = 12


def warm_up() -> None:
    """Touch every lazily loaded part of every registered game in both languages (0.3 s in all, pure build)."""
    boards()
    for game in all_games():
        presentation(game)
        players = max(game.min_players, min(2, game.max_players))
        state = game.new(players, seed=0)
        names = {lang: default_names(players, lang) for lang in ("en", "ru")}
        for _ in range(WARM_MOVES):
            if state.is_over:
                break
            seat = state.to_act[0]
            for lang, people in names.items():
                for action in state.legal_actions(seat, people):
                    action.label(lang)
            events = state.apply(seat, state.legal_ids(seat)[0])
            for lang, people in names.items():
                for event in events:
                    state.event_text(event, lang, people)
        for name in bot_names(game):
            if name in ("random", "easy", "normal"):
                make_bot(game, name, 0)
