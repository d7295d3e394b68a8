"""Playthrough files (``tests/playthroughs/``, written by :mod:`nastolka.playthrough`): every game, every
player count and every variant plays exactly as written — the same seats to act, legal ids, events and
spectator views at every step, and the same result.

They are the net under refactoring the rules: a change that alters any of those fails here with the step
where it first differs. If the change is intended, run ``make playthroughs`` and say why in the commit.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nastolka.engine import all_games, get
from nastolka.playthrough import (
    FOLDER,
    Config,
    all_configs,
    apply_patch,
    config_of,
    first_difference,
    lines,
    read,
)

FILES = sorted(FOLDER.glob("*.jsonl"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_playthrough_plays_exactly_as_written(path: Path) -> None:
    assert first_difference(path) is None, first_difference(path)


def test_every_game_player_count_and_variant_has_its_file() -> None:
    assert {p.stem for p in FILES} == {c.name for c in all_configs()}
    for game in all_games():
        counts = {config_of(p).players for p in FILES if config_of(p).game == game.id}
        assert counts == set(range(game.min_players, game.max_players + 1)), game.id


def test_variants_come_from_the_option_schemas() -> None:
    names = {c.name for c in all_configs()}
    assert {"colt_express_4p_expert", "show_battle_2p_jury_sympathy", "show_battle_1p_automa_level-legend",
            "talespin_2p_cargo_to_win-7", "talespin_2p_beginner"} <= names


@pytest.mark.parametrize("path", FILES[:3], ids=[p.stem for p in FILES[:3]])
def test_the_patches_rebuild_every_spectator_view(path: Path) -> None:
    """The stored patches are a faithful, readable record: applied in turn they give each step's view."""
    stored = read(path)
    config = config_of(path)
    game = get(config.game)
    state = game.new(config.players, options=config.options, seed=config.seed)
    view = stored[0]["view"]
    assert view == json.loads(json.dumps(state.view(None)))
    for line in stored[1:-1]:
        state.apply(line["seat"], line["action"])
        view = apply_patch(view, line["view"])
        assert view == json.loads(json.dumps(state.view(None))), f"step {line['step']}"
    assert stored[-1]["result"] == json.loads(json.dumps(state.result().to_json()))


def test_a_changed_step_is_caught(tmp_path: Path) -> None:
    """The check can fail: a file whose one step says something else is reported at that step."""
    source = FOLDER / "show_battle_2p.jsonl"
    stored = read(source)
    line = stored[3]
    line["legal"][0] = line["legal"][0][:-1]
    changed = tmp_path / source.name
    changed.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in stored), encoding="utf-8")
    problem = first_difference(changed)
    assert problem is not None and f"step {line['step']} differs" in problem and "legal" in problem
    shortened = read(source)[:-2]
    changed.write_text("".join(json.dumps(x) + "\n" for x in shortened), encoding="utf-8")
    assert "goes on past" in (first_difference(changed) or "")


def test_the_generator_is_deterministic() -> None:
    config = Config("talespin", 1)
    assert list(lines(config)) == list(lines(config))
