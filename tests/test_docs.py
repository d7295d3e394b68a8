"""The documentation that scripts and scenario writers rely on stays in step with the code."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from nastolka.engine import Game, Record, all_games, replay

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


def _json_blocks() -> list[tuple[str, int, str]]:
    """Every ```json block of docs/*.md as (file name, line number, text)."""
    blocks: list[tuple[str, int, str]] = []
    for path in sorted(DOCS.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"^```json\n(.*?)^```", text, re.S | re.M):
            blocks.append((path.name, text.count("\n", 0, match.start()) + 1, match.group(1)))
    return blocks


JSON_BLOCKS = _json_blocks()


def test_docs_have_json_record_examples() -> None:
    """The extraction below must find the examples (a changed fence style would silently test nothing)."""
    names = [name for name, _line, _text in JSON_BLOCKS]
    assert names.count("records.md") >= 5
    records = (DOCS / "records.md").read_text(encoding="utf-8")
    for game in all_games():
        assert "```json" in _section(records, game.id), f"docs/records.md has no example record for {game.id}"


@pytest.mark.parametrize("name, line, text", JSON_BLOCKS, ids=[f"{n}:{ln}" for n, ln, _ in JSON_BLOCKS])
def test_every_json_record_in_the_docs_replays(name: str, line: int, text: str) -> None:
    """R10.2 and every other rule: an example that a reader copies must work (issue 13)."""
    data = json.loads(text)
    record = Record.from_json(data)
    final = replay(record)                 # every action legal; a stored result reproduced exactly
    if data.get("result") is not None:
        assert final.is_over
