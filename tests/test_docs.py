"""The documentation that scripts and scenario writers rely on stays in step with the code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nastolka.engine import Game, all_games

DOCS = Path(__file__).resolve().parents[1] / "docs"


def _section(text: str, game_id: str) -> str:
    match = re.search(rf"^## {re.escape(game_id)}\b(.*?)(?=^## |\Z)", text, re.S | re.M)
    return match.group(1) if match else ""


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_records_md_documents_every_setup_key(game: Game) -> None:
    section = _section((DOCS / "records.md").read_text(encoding="utf-8"), game.id)
    assert section, f"docs/records.md has no '## {game.id}' section"
    missing = [key for key in game.setup_keys if f"`{key}`" not in section]
    assert not missing, f"setup keys not documented in docs/records.md: {missing}"


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_game_has_rules_summary_in_both_languages(game: Game) -> None:
    assert game.rules_summary.get("en") and game.rules_summary.get("ru")
