"""Records played before the compiled build replay identically in this build (compiled or pure).

``golden_records.json`` was written by the code of main before any module was compiled: for every game
and player count, three seeded random games with their actions, a digest of each step's legal ids and
the result. ``make test`` runs this file in both builds.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from nastolka.engine import get

GOLDEN = json.loads((Path(__file__).parent / "golden_records.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("rec", GOLDEN, ids=lambda r: f"{r['game']}-{r['players']}p-{r['seed']}")
def test_golden_record_replays_identically(rec: dict) -> None:
    state = get(rec["game"]).new(rec["players"], seed=rec["seed"])
    h = hashlib.sha256()
    for seat, aid in rec["actions"]:
        h.update(json.dumps([seat, state.legal_ids(seat)]).encode())
        state.apply(seat, aid)
    assert state.is_over
    assert h.hexdigest() == rec["legal_digest"]
    assert state.result().to_json() == rec["result"]
    assert [list(p) for p in state.history()] == rec["actions"]
