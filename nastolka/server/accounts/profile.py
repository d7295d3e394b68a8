"""A player's public profile: ratings per game, games played / won / finished / abandoned, recent games.

Why "finished" and "abandoned" from the seats: a person whose seat was being played by a stand-in bot when
the game ended (the clock ran out, or they left) abandoned it; the finish rate is an objective reputation,
not a vote. Private tables count, but are never listed (their ids are their readers' business).
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Connection, select

from ..models import ratings, seats, tables
from ..names import name_key
from ..ratings import shown
from . import store

RECENT = 10


def profile(conn: Connection, handle: str) -> dict[str, Any] | None:
    row = store.by_key(conn, name_key(handle)[:100])
    if row is None:
        return None
    key = f"a:{row.id}"
    rated = {r.game: r for r in conn.execute(select(ratings).where(ratings.c.player == key))}
    played = conn.execute(
        select(seats.c.seat, seats.c.away, tables.c.id, tables.c.game, tables.c.private, tables.c.record)
        .join(tables, tables.c.id == seats.c.table_id)
        .where(seats.c.account_id == row.id, tables.c.status == "over")
        .order_by(tables.c.updated_at.desc(), tables.c.id)).all()
    games: dict[str, dict[str, int]] = {}
    recent: list[dict[str, Any]] = []
    for p in played:
        ranks = (json.loads(p.record or "{}").get("result") or {}).get("ranks") or []
        rank = ranks[p.seat] if p.seat < len(ranks) else None
        count = games.setdefault(p.game, {"played": 0, "won": 0, "finished": 0, "abandoned": 0})
        count["played"] += 1
        count["won"] += int(rank == 0)
        count["abandoned" if p.away else "finished"] += 1
        if not p.private and len(recent) < RECENT:
            recent.append({"table": p.id, "game": p.game, "place": None if rank is None else rank + 1,
                           "replay": f"/#/r/{p.id}"})
    total = sum(c["played"] for c in games.values())
    finished = sum(c["finished"] for c in games.values())
    out_ratings = {}
    for game, r in rated.items():
        rating, spread = shown(r.mu, r.sigma)
        out_ratings[game] = {"rating": rating, "spread": spread, "games": r.games}
    return {"handle": row.handle, "since": store.since(row), "ratings": out_ratings, "games": games,
            "finish_rate": round(finished / total, 3) if total else None, "recent": recent}
