"""Migration 0007 (accounts) on a database with data in it, SQLite and PostgreSQL: the tables, seats,
actions and ratings written before stay as they were, and a real server process started on it registers,
signs in and serves the old table."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import inspect, text

from nastolka.server.db import make_engine, upgrade

from .accounts_kit import accounts_server, register, sign_in
from .attack import Player

VERSIONS = Path(__file__).resolve().parents[2] / "nastolka" / "server" / "migrations" / "versions"


def test_accounts_migrate_onto_a_database_in_use(db_url: str, tmp_path: Path) -> None:
    engine = make_engine(db_url)
    upgrade(engine, "0006")
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO tables (id, game, options, players, seed, status, rng) "
                          "VALUES ('oldtable07', 'toy', '{\"hand\": 3}', 2, '77', 'open', 'blake2b')"))
        conn.execute(text("INSERT INTO seats (table_id, seat, kind, name) VALUES ('oldtable07', 0, 'open', NULL)"))
        conn.execute(text("INSERT INTO seats (table_id, seat, kind, name) VALUES ('oldtable07', 1, 'open', NULL)"))
        conn.execute(text("INSERT INTO ratings (game, player, mu, sigma, games) "
                          "VALUES ('toy', 'Аня', 27.5, 7.1, 4), ('toy', 'bot:hard', 30.0, 6.0, 9)"))
    engine.dispose()
    server, _ = accounts_server(tmp_path, db_url=db_url)
    with server:
        person = Player(server)
        register(person, "Аня")                      # a name with old ratings can still be registered
        for _ in range(2):                            # failures counted (the upsert on each database)
            sign_in(Player(server), "аня", "not her password", expect=401)
        sign_in(Player(server), "аня")
        assert person.table("oldtable07")["table"]["status"] == "open"
        r = person.http.post("/api/tables/oldtable07/join", json={"seat": 0})   # an old table, a bound seat
        assert r.status_code == 200 and r.json()["table"]["seats"][0]["name"] == "Аня"
        assert [t["id"] for t in person.http.get("/api/me/tables").json()] == ["oldtable07"]
    engine = make_engine(db_url)
    with engine.connect() as conn:
        names = set(inspect(conn).get_table_names())
        assert {"accounts", "sessions", "account_tokens", "signin_failures"} <= names
        head = max(p.name[:4] for p in VERSIONS.glob("0*.py"))   # upgraded to the newest migration
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == head
        rows = conn.execute(text("SELECT player, mu, games FROM ratings ORDER BY player")).all()
        assert [(r.player, r.mu, r.games) for r in rows] == [("bot:hard", 30.0, 9)]   # bots stay
        rows = conn.execute(text("SELECT player, mu, games FROM ratings_unclaimed")).all()
        assert [(r.player, r.mu, r.games) for r in rows] == [("Аня", 27.5, 4)]   # a name's history, unclaimed
        assert conn.execute(text("SELECT count(*) FROM seats WHERE table_id = 'oldtable07'")).scalar() == 2
        assert conn.execute(text("SELECT count(*) FROM sessions")).scalar() == 2
        assert conn.execute(text("SELECT failures FROM signin_failures")).all() == []   # a success cleared them
        assert conn.execute(text("SELECT account_id FROM seats WHERE seat = 0")).scalar() == 1
        stored = conn.execute(text("SELECT password_hash FROM accounts")).scalar_one()
        assert str(stored).startswith("$argon2id$")
    engine.dispose()
