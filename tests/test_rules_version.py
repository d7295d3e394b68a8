"""Records carry their rules version: a record of other rules is refused with both versions named.

The decision and its reason are in docs/decisions.md ("Records carry their rules version").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_cli import run_cli

from nastolka.bots import RandomBot
from nastolka.engine import Record, RecordError, record_of, replay
from nastolka.games import get
from nastolka.match import run_match
from nastolka.tui.session import Session

COLT = get("colt_express")


def _toy_record(toy, seed: int = 5) -> Record:
    state = run_match(toy, [RandomBot(1), RandomBot(2)], seed=seed)
    return record_of(state, seats=["a", "b"])


def test_record_of_another_rules_version_is_refused_naming_both_versions(toy) -> None:
    record = _toy_record(toy)
    assert record.rules_version == toy.rules_version == "1"
    replay(record)                                   # the same version replays
    for other in ("0", "2"):                         # older or newer: both refused
        record.rules_version = other
        with pytest.raises(RecordError) as info:
            replay(record)
        message = str(info.value)
        assert f"rules version {other}" in message and "rules version 1" in message and "\n" not in message


def test_record_without_rules_version_is_read_under_the_current_rules(toy) -> None:
    data = _toy_record(toy).to_json()
    del data["rules_version"]                        # a hand-written scenario usually omits it
    final = replay(Record.from_json(data))
    assert final.is_over


def test_any_rules_replays_another_version_under_the_current_rules(toy) -> None:
    record = _toy_record(toy)
    record.rules_version = "0"
    assert replay(record, any_rules=True).is_over


def test_cli_replay_of_another_rules_version_is_exit_2_with_one_line(toy, capsys, monkeypatch,
                                                                      tmp_path: Path) -> None:
    record = _toy_record(toy)
    record.rules_version = "0"
    path = tmp_path / "old.json"
    record.save(path)
    code, out, err = run_cli(capsys, monkeypatch, "replay", str(path))
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in out + err
    assert "rules version 0" in err and "rules version 1" in err
    code, out, err = run_cli(capsys, monkeypatch, "replay", str(path), "--any-rules", "--json")
    assert code == 0 and json.loads(out)["ok"] is True


def test_tui_resume_refuses_another_rules_version(toy) -> None:
    record = _toy_record(toy)
    record.rules_version = "0"
    with pytest.raises(RecordError, match="rules version 0"):
        Session.from_record(toy, record)


def test_CE_11_old_colt_express_expert_record_is_refused_not_silently_failing() -> None:
    """Expert records of version 1 asked for a keep step after the last round (CE-11 fixed that in 2): they
    are refused by name instead of failing at an action."""
    state = run_match(COLT, [RandomBot(1), RandomBot(2), RandomBot(3)], options={"expert": True}, seed=8)
    record = record_of(state)
    record.rules_version = "1"
    with pytest.raises(RecordError, match=rf"Colt Express rules version 1, .*rules version {COLT.rules_version}"):
        replay(record)


def test_CE_10_two_player_record_with_a_switching_turn_cover_needs_its_own_rules() -> None:
    """A version-2 two-player record that covered a Fire in a switching turn is refused by version; judged by
    the current rules anyway (``any_rules``) its cover action does not replay."""
    hands = [["fire:doc", "fire:ghost", "rob:ghost", "move:doc", "marshal"],
             ["move:tuco", "move:belle", "floor:tuco", "floor:belle", "rob:tuco", "rob:belle"]]
    empty = {"purses": [], "jewels": 0, "strongboxes": 0}
    setup = {"bandits": ["ghost", "doc", "tuco", "belle"], "cars": ["baggage", "mail", "dining"], "first": 0,
             "rounds": ["angry_marshal"], "loot": [dict(empty) for _ in range(4)],
             "held": [dict(empty) for _ in range(4)], "hands": hands,
             "positions": [[3, "inside"], [2, "inside"], [3, "roof"], [2, "roof"]]}
    actions = [(0, "play:card=move,bandit=doc"), (1, "play:card=move,bandit=tuco"), (0, "play:card=marshal"),
               (1, "play:card=move,bandit=belle"), (0, "play:card=rob,bandit=ghost"),
               (1, "play:card=floor,bandit=tuco"), (0, "play:card=fire,bandit=doc"),
               (0, "cover:card=fire,bandit=ghost")]
    record = Record(game="colt_express", players=2, setup=setup, actions=actions, rules_version="2")
    with pytest.raises(RecordError, match="rules version 2"):
        replay(record)
    with pytest.raises(RecordError, match=r"action #7 .* does not replay"):
        replay(record, any_rules=True)
