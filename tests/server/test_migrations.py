"""Alembic upgrades of a database written before issue 12 (SQLite and PostgreSQL): a table in play with
an integer seed keeps its seats, actions and game after the seed column becomes text (revision 0002),
and a real server process started on it serves and continues that game."""

from __future__ import annotations

from pathlib import Path

import httpx
from sqlalchemy import inspect, text

from nastolka.engine import get
from nastolka.server.db import make_engine, upgrade
from nastolka.server.tokens import hash_token

from .procs import ServerProcess


def test_an_old_database_is_migrated_and_its_game_goes_on(db_url: str, tmp_path: Path) -> None:
    engine = make_engine(db_url)
    upgrade(engine, "0001")
    game = get("toy")
    state = game.new(2, {"hand": 3}, seed=4242)   # the old generator, a 31-bit seed
    moves = []
    for _ in range(3):
        seat = state.to_act[0]
        aid = state.legal_ids(seat)[0]
        moves.append((state.step, seat, aid))
        state.apply(seat, aid)
    tokens = ["old-token-0", "old-token-1"]
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO tables (id, game, options, players, seed, status) "
                          "VALUES ('oldtable01', 'toy', '{\"hand\": 3}', 2, 4242, 'playing')"))
        for seat in (0, 1):
            conn.execute(text("INSERT INTO seats (table_id, seat, kind, name, token_hash, away) "
                              "VALUES ('oldtable01', :seat, 'human', :name, :hash, 0)"),
                         {"seat": seat, "name": f"P{seat}", "hash": hash_token(tokens[seat])})
        for version, seat, aid in moves:
            conn.execute(text("INSERT INTO actions (table_id, version, seat, action, by) "
                              "VALUES ('oldtable01', :v, :s, :a, 'human')"), {"v": version, "s": seat, "a": aid})
    engine.dispose()
    with ServerProcess(db_url, log_path=tmp_path / "server.log") as server:
        http = httpx.Client(base_url=server.url, timeout=10)
        seat = state.to_act[0]
        served = http.get("/api/tables/oldtable01", headers={"X-Seat-Token": tokens[seat]}).json()
        assert served["version"] == 3 and served["view"] == state.view(seat)
        r = http.post("/api/tables/oldtable01/actions", headers={"X-Seat-Token": tokens[seat]},
                      json={"action": served["legal"][0]["id"], "version": 3})
        assert r.status_code == 200, r.text
    engine = make_engine(db_url)
    with engine.connect() as conn:
        columns = {c["name"]: c for c in inspect(conn).get_columns("tables")}
        assert "CHAR" in str(columns["seed"]["type"]).upper()
        row = conn.execute(text("SELECT seed, rng FROM tables WHERE id = 'oldtable01'")).one()
        assert (str(row.seed), row.rng) == ("4242", "splitmix64")
        assert conn.execute(text("SELECT count(*) FROM actions")).scalar() == 4
        assert conn.execute(text("SELECT count(*) FROM seats")).scalar() == 2
    engine.dispose()
