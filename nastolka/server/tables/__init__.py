"""The table service: create tables, seat people and bots, accept moves, finish games.

Every change follows one order: validate against the cached state, write to the database in one
transaction (the action log's primary key (table, version) rejects a conflicting write from any process),
then update the cache, then tell listeners (the websocket hub and the bot worker). Nobody hears of a move
before it is committed, and a move is never applied twice.

The order lives in one place, :class:`~.core.TableCore` (the cache, loading, catching up and the one
transaction helper every change of seats or status goes through); each part of the service builds on it:

* :mod:`.lifecycle` — a table's creation and the queries about tables (lists, records);
* :mod:`.seating` — who sits where before the start, owners' changes, who may read a private table,
  leaving and coming back;
* :mod:`.moves` — a move, from its checks to its commit and the end of the game.

Persistence lives in ``db.py`` and ``store.py``, the stand-in bots in ``bots.py``, the fan-out in ``hub.py``.
"""

from __future__ import annotations

from .core import ONLINE_RNG, is_action_conflict
from .lifecycle import Created, Lifecycle
from .moves import Moves


class TableService(Lifecycle, Moves):
    """The whole service: one object per process, shared by the HTTP routes, the sockets and the bots
    (:class:`Moves` builds on :class:`~.seating.Seating`: a move needs the seat its token acts for)."""


__all__ = ["ONLINE_RNG", "Created", "TableService", "is_action_conflict"]
