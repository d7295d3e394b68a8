"""OpenSkill (Plackett–Luce) ratings per game, updated in the transaction that ends a game.

Players are identified by account (``a:<account id>``, issue 25), bots by ``bot:<level>``; a table is rated
only when every person at it sits as an account. Rows keyed by a display name (before accounts) were moved
to ``ratings_unclaimed`` by migration 0009: history nobody can claim by typing a name. New players'
rows are upserted, then every row is read ``FOR UPDATE`` (in name order), so two games ending at once on
PostgreSQL neither fail nor lose each other's update.
"""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce
from sqlalchemy import Connection, String, insert, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from nastolka.engine.words import level_name

from .accounts.schema import accounts
from .models import ratings
from .runtime import Runtime

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


def rating_keys(rt: Runtime) -> list[str] | None:
    """The rating key of every seat, or None when the table is not rated (casual, or a person at it is a
    guest). A person away (a bot standing in) is still rated as themselves."""
    if not rt.rated:
        return None
    keys = []
    for seat in rt.seats:
        if seat.kind == "bot":
            keys.append(seat.player_name())
        elif seat.account_id is not None:
            keys.append(f"a:{seat.account_id}")
        else:
            return None
    return keys


#: the familiar scale: a newcomer (mu 25, sigma 25/3) shows 1500; the number is conservative (mu - 2 sigma)
BASE, SCALE, START = 1500, 60.0, 25.0 - 2 * 25.0 / 3


def shown(mu: float, sigma: float) -> tuple[int, int]:
    """(rating, ±): a conservative estimate on a 1500 scale and its two-sigma spread."""
    return round(BASE + SCALE * (mu - 2 * sigma - START)), round(SCALE * 2 * sigma)


def leaderboard(conn: Connection, game: str, limit: int = 50) -> list[dict[str, object]]:
    """Accounts (by handle) and bots (by their level's name in both languages), best first."""
    rows = conn.execute(select(ratings, accounts.c.handle)
                        .outerjoin(accounts, ratings.c.player == ("a:" + accounts.c.id.cast(String)))
                        .where(ratings.c.game == game)).all()
    out: list[dict[str, object]] = []
    for r in sorted(rows, key=lambda r: r.mu - 2 * r.sigma, reverse=True):
        if r.player.startswith("bot:"):
            level = r.player.removeprefix("bot:")
            name = {lang: level_name(level, lang) for lang in ("en", "ru")}
            kind = "bot"
        elif r.handle is not None:
            name, kind = {"en": r.handle, "ru": r.handle}, "account"
        else:
            continue   # a deleted account
        rating, spread = shown(r.mu, r.sigma)
        out.append({"player": r.handle if kind == "account" else r.player, "kind": kind, "name": name,
                    "rating": rating, "spread": spread, "games": r.games})
    return out[:limit]
