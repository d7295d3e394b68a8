"""Imported once by the league's forkserver: every game and our bots, so a forked worker starts warm.

Why a module: ``multiprocessing``'s forkserver preloads modules by name; importing this one registers the
games and the generic bots in the server, and every worker forked from it inherits them instead of
importing them again (a restart after a hung bot then costs a fork, not a second of imports).
"""

from __future__ import annotations

from nastolka.bots.base import _load_generic
from nastolka.engine import all_games

for _game in all_games():
    _game.new(max(2, _game.min_players) if _game.max_players >= 2 else _game.min_players, seed=0)
_load_generic()
