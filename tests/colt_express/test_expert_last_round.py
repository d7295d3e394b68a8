"""CE-11: the expert keep/discard step exists to prepare the next round, so the last round skips it."""

from __future__ import annotations

import pytest

from nastolka.engine import Rng
from nastolka.games import get


@pytest.mark.parametrize("players", [3, 5])
def test_CE_11_no_keep_step_after_the_last_rounds_schemin(players: int) -> None:
    state = get("colt_express").new(players, {"expert": True}, seed=players)
    rng = Rng(players)
    phases_by_round: dict[int, set[str]] = {}
    while not state.is_over:
        view = state.view(None)
        phases_by_round.setdefault(view["round"], set()).add(view["phase"])
        seat = state.to_act[0]
        legal = state.legal_ids(seat)
        state.apply(seat, legal[rng.randbelow(len(legal))])
    last = max(phases_by_round)
    assert "expert_keep" not in phases_by_round[last]
    assert any("expert_keep" in phases for r, phases in phases_by_round.items() if r < last)
