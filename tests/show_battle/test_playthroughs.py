"""Playthrough regression records (1–4 players): replaying must give the same final board and result.

They pin the whole rules engine (and the solo automa, whose moves happen inside ``apply``): a change that
alters any placement, effect or automa choice shows up here. If a rules change is intended, regenerate
them with ``.venv/bin/python tests/show_battle/test_playthroughs.py`` and say why in the commit.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nastolka.engine import Record, replay

FILES = sorted((Path(__file__).parent / "playthroughs").glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_SB_11_playthrough_records_replay_exactly(path: Path) -> None:
    record = Record.load(path)
    state = replay(record)  # checks every action's legality and the stored result
    assert state.is_over
    assert state.view(None) == record.notes["final_view"]


def test_there_is_a_playthrough_for_every_player_count() -> None:
    assert {Record.load(p).players for p in FILES} == {1, 2, 3, 4}


def regenerate() -> None:
    """Write the records again: heuristic and random bots alternate seats, one game per player count."""
    from nastolka.bots import make_bot
    from nastolka.engine import record_of
    from nastolka.games import get
    from nastolka.match import run_match

    game = get("show_battle")
    folder = Path(__file__).parent / "playthroughs"
    for players, options in ((1, {"automa_level": "artist"}), (2, {"jury_sympathy": True}), (3, {}), (4, {})):
        bots = [make_bot(game, "heuristic" if s % 2 == 0 else "random", 100 + s) for s in range(players)]
        state = run_match(game, bots, seed=2026 + players, options=options)
        record = record_of(state, seats=[b.name for b in bots], notes={"final_view": state.view(None)})
        record.save(folder / f"show_battle_{players}p.json")


if __name__ == "__main__":
    regenerate()
