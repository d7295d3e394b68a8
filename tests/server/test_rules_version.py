"""A table or record of another rules version is refused by name, never a 500 or a silent failure.

After an upgrade changes a game's rules version, tables stored under the old version cannot be replayed
under the new rules (docs/decisions.md, "Records carry their rules version"): the server says so, naming
both versions, and still lets the finished game's record be downloaded.
"""

from __future__ import annotations

import json
import time

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select, update

from nastolka.server import Settings, create_app
from nastolka.server.db import normalize_url
from nastolka.server.models import tables

from .conftest import act, create_table, join, state


def _wait_over(client: TestClient, table_id: str) -> None:
    for _ in range(300):
        if state(client, table_id)["table"]["status"] == "over":
            return
        time.sleep(0.02)
    raise AssertionError("the bots did not finish")


def _as_if_played_under(db_url: str, table_ids: list[str], version: str) -> None:
    """Rewrite stored tables as an older server would have left them (its rules version in row and record)."""
    engine = create_engine(normalize_url(db_url))
    with engine.begin() as conn:
        for table_id in table_ids:
            row = conn.execute(select(tables.c.record).where(tables.c.id == table_id)).first()
            values: dict[str, str] = {"rules_version": version}
            if row.record:
                record = json.loads(row.record)
                record["rules_version"] = version
                values["record"] = json.dumps(record)
            conn.execute(update(tables).where(tables.c.id == table_id).values(**values))
    engine.dispose()


def test_tables_remember_their_rules_version(client: TestClient, db_url: str) -> None:
    t = create_table(client, [{"kind": "open"}, {"kind": "open"}])
    engine = create_engine(normalize_url(db_url))
    with engine.connect() as conn:
        stored = conn.execute(select(tables.c.rules_version).where(tables.c.id == t["id"])).scalar_one()
    engine.dispose()
    assert stored == "1"


def test_tables_of_another_rules_version_are_refused_naming_both_versions(db_url: str) -> None:
    settings = Settings(db_url=db_url, bot_delay=0.0, min_clock=1)
    with TestClient(create_app(settings)) as client:
        over = create_table(client, [{"kind": "bot", "bot": "random"}] * 2)["id"]
        _wait_over(client, over)
        playing = create_table(client, [{"kind": "open"}, {"kind": "open"}])["id"]
        a = join(client, playing, 0, "Аня")
        join(client, playing, 1, "Boris")
        mine = state(client, playing, a)
        if mine["legal"]:
            assert act(client, playing, a, mine["legal"][0]["id"], mine["version"]).status_code == 200
    _as_if_played_under(db_url, [over, playing], "0")
    with TestClient(create_app(settings)) as client:   # a fresh process: nothing cached
        record = client.get(f"/api/tables/{over}/record")
        assert record.status_code == 200 and record.json()["rules_version"] == "0"
        for path in (f"/api/tables/{over}/replay/0", f"/api/tables/{over}", f"/api/tables/{playing}"):
            r = client.get(path)
            assert r.status_code == 409, (path, r.text)
            message = r.json()["error"]["message"]
            assert "rules version 0" in message and "rules version 1" in message, message
        r = client.post(f"/api/tables/{playing}/actions", json={"action": "pass", "version": 1},
                        headers={"X-Seat-Token": a})
        assert r.status_code == 409 and r.json()["error"]["code"] == "rules_version"
