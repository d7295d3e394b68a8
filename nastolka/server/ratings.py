"""OpenSkill (Plackett–Luce) ratings per game, updated in the transaction that ends a game.

Players are identified by display name (there are no accounts); bots by ``bot:<level>``. New players'
rows are upserted, then every row is read ``FOR UPDATE`` (in name order), so two games ending at once on
PostgreSQL neither fail nor lose each other's update.
"""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce
from sqlalchemy import Connection, insert, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

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
    ensure_rows(conn, game, names)
    rows = {r.player: r for r in conn.execute(
        select(ratings).where(ratings.c.game == game, ratings.c.player.in_(names)).with_for_update())}
    teams = [[_MODEL.rating(mu=rows[n].mu, sigma=rows[n].sigma, name=n) if n in rows else _MODEL.rating(name=n)]
             for n in names]
    new = _MODEL.rate(teams, ranks=[best[n] for n in names])
    for name, team in zip(names, new, strict=True):
        r = team[0]
        conn.execute(update(ratings).where(ratings.c.game == game, ratings.c.player == name)
                     .values(mu=r.mu, sigma=r.sigma, games=rows[name].games + 1))


def ensure_rows(conn: Connection, game: str, names: Sequence[str]) -> None:
    """Insert a starting rating for each new player, doing nothing where a row exists (an upsert).

    Why: two games ending at once with the same new player both found no row and both inserted; the
    second insert failed and its final move was refused. ``ON CONFLICT DO NOTHING`` waits for the other
    transaction instead, and the ``FOR UPDATE`` read after it sees that game's rating."""
    fresh = _MODEL.rating()
    values = [{"game": game, "player": n, "mu": fresh.mu, "sigma": fresh.sigma, "games": 0} for n in names]
    dialect = conn.dialect.name
    if dialect == "postgresql":
        conn.execute(pg_insert(ratings).values(values).on_conflict_do_nothing(index_elements=["game", "player"]))
    elif dialect == "sqlite":
        conn.execute(sqlite_insert(ratings).values(values).on_conflict_do_nothing(index_elements=["game", "player"]))
    else:  # pragma: no cover - the server runs on SQLite or PostgreSQL only
        have = {r.player for r in conn.execute(select(ratings.c.player).where(
            ratings.c.game == game, ratings.c.player.in_(names)))}
        missing = [v for v in values if v["player"] not in have]
        if missing:
            conn.execute(insert(ratings), missing)


def leaderboard(conn: Connection, game: str, limit: int = 50) -> list[dict[str, object]]:
    rows = conn.execute(select(ratings).where(ratings.c.game == game)).all()
    ordered = sorted(rows, key=lambda r: r.mu - 3 * r.sigma, reverse=True)[:limit]
    return [{"player": r.player, "mu": round(r.mu, 2), "sigma": round(r.sigma, 2),
             "ordinal": round(r.mu - 3 * r.sigma, 2), "games": r.games} for r in ordered]
