"""OpenSkill (Plackett–Luce) ratings per game, updated in the transaction that ends a game.

Players are identified by display name (there are no accounts); bots by ``bot:<level>``. Rows are read
``FOR UPDATE`` so two games ending at once on PostgreSQL cannot lose each other's update.
"""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce
from sqlalchemy import Connection, insert, select, update

from .models import ratings

_MODEL = PlackettLuce()


def update_ratings(conn: Connection, game: str, players: Sequence[str], ranks: Sequence[int]) -> None:
    """One team per seat; a person in two seats of one game is rated once (their best rank)."""
    best: dict[str, int] = {}
    for name, rank in zip(players, ranks, strict=True):
        best[name] = min(rank, best.get(name, rank))
    if len(best) < 2:
        return
    names = sorted(best)
    rows = {r.player: r for r in conn.execute(
        select(ratings).where(ratings.c.game == game, ratings.c.player.in_(names)).with_for_update())}
    teams = [[_MODEL.rating(mu=rows[n].mu, sigma=rows[n].sigma, name=n) if n in rows else _MODEL.rating(name=n)]
             for n in names]
    new = _MODEL.rate(teams, ranks=[best[n] for n in names])
    for name, team in zip(names, new, strict=True):
        r = team[0]
        if name in rows:
            conn.execute(update(ratings).where(ratings.c.game == game, ratings.c.player == name)
                         .values(mu=r.mu, sigma=r.sigma, games=rows[name].games + 1))
        else:
            conn.execute(insert(ratings).values(game=game, player=name, mu=r.mu, sigma=r.sigma, games=1))


def leaderboard(conn: Connection, game: str, limit: int = 50) -> list[dict[str, object]]:
    rows = conn.execute(select(ratings).where(ratings.c.game == game)).all()
    ordered = sorted(rows, key=lambda r: r.mu - 3 * r.sigma, reverse=True)[:limit]
    return [{"player": r.player, "mu": round(r.mu, 2), "sigma": round(r.sigma, 2),
             "ordinal": round(r.mu - 3 * r.sigma, 2), "games": r.games} for r in ordered]
