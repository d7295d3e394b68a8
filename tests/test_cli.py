"""The command line: the ``--json`` contracts and one-line errors for bad input (never a traceback)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from nastolka.bots import RandomBot
from nastolka.cli.main import main
from nastolka.engine import record_of
from nastolka.match import run_match


def run_cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str,
            stdin: str = "") -> tuple[int, str, str]:
    import io

    monkeypatch.setattr(sys, "argv", ["nastolka", *args])
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = 0
    try:
        main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    out, err = capsys.readouterr()
    return code, out, err


def test_games_json_contract(toy, capsys, monkeypatch) -> None:
    code, out, _ = run_cli(capsys, monkeypatch, "games", "--json")
    assert code == 0
    rows = json.loads(out)
    toy_row = next(r for r in rows if r["id"] == "toy")
    for key in ("id", "name_ru", "name_en", "min_players", "max_players", "options"):
        assert key in toy_row
    assert toy_row["options"][0]["name"] == "hand" and toy_row["options"][0]["default"] == 2


def test_simulate_json_contract(toy, capsys, monkeypatch, tmp_path: Path) -> None:
    code, out, _ = run_cli(capsys, monkeypatch, "simulate", "toy", "--players", "3", "--bots", "random",
                           "-n", "50", "--seed", "4", "--json", "--records", str(tmp_path), "-o", "hand=3")
    assert code == 0
    data = json.loads(out)
    for key in ("game", "players", "games", "errors", "games_per_second", "actions_per_second",
                "mean_actions", "wins_by_seat"):
        assert key in data
    assert data["games"] == 50 and data["errors"] == 0 and data["mean_actions"] == 9
    assert abs(sum(data["wins_by_seat"]) - 50) < 1e-6
    assert len(list(tmp_path.glob("*.json"))) == 50


def test_simulate_with_jobs_gives_same_numbers(toy, capsys, monkeypatch) -> None:
    _, one, _ = run_cli(capsys, monkeypatch, "simulate", "toy", "-p", "2", "-n", "40", "--json")
    _, two, _ = run_cli(capsys, monkeypatch, "simulate", "toy", "-p", "2", "-n", "40", "--json", "-j", "2")
    assert json.loads(one)["wins_by_seat"] == json.loads(two)["wins_by_seat"]


def test_replay_json_contract(toy, capsys, monkeypatch, tmp_path: Path) -> None:
    state = run_match(toy, [RandomBot(1), RandomBot(2)], seed=9)
    path = tmp_path / "game.json"
    record_of(state).save(path)
    code, out, _ = run_cli(capsys, monkeypatch, "replay", str(path), "--json", "--seat", "1", "--step", "2")
    assert code == 0
    data = json.loads(out)
    assert data["ok"] is True and data["steps"] == 4 and data["result"]["winners"] == list(state.result().winners)
    assert data["view"]["seat"] == 1 and data["view"]["step"] == 2


def test_bench_json_contract(toy, capsys, monkeypatch) -> None:
    code, out, _ = run_cli(capsys, monkeypatch, "bench", "--game", "toy", "--seconds", "0.2", "--no-extras",
                           "--json")
    assert code == 0
    data = json.loads(out)
    for key in ("games_per_second", "actions_per_second", "clones_per_second"):
        assert data["toy"][key] > 0
    assert data["_machine"]["python"].startswith("3.")


def test_play_line_based_against_random(toy, capsys, monkeypatch, tmp_path: Path) -> None:
    save = tmp_path / "played.json"
    code, out, _ = run_cli(capsys, monkeypatch, "play", "toy", "--seats", "human,random", "--seed", "3",
                           "--save", str(save), stdin="1\n1\n")
    assert code == 0, out
    assert "winner" in out
    assert json.loads(save.read_text())["result"] is not None


def test_play_rejects_garbage_input_then_accepts(toy, capsys, monkeypatch) -> None:
    code, out, _ = run_cli(capsys, monkeypatch, "play", "toy", "--seats", "human,random", "--seed", "3",
                           "--lang", "en", stdin="abc\n99\n1\n1\n")
    assert code == 0 and "type a number from 1 to" in out


@pytest.mark.parametrize("args, message", [
    (["simulate", "nope", "-p", "2"], "unknown game 'nope'"),
    (["simulate", "toy", "-p", "9"], "2–4 players, not 9"),
    (["simulate", "toy", "-p", "2", "-o", "hand=9"], "at most 3, not 9"),
    (["simulate", "toy", "-p", "2", "-o", "colour=red"], "no option “colour”"),
    (["simulate", "toy", "-p", "2", "-o", "broken"], "must look like KEY=VALUE"),
    (["simulate", "toy", "-p", "2", "--bots", "genius"], "unknown bot 'genius'"),
    (["play", "toy", "--seats", "human,random", "--lang", "fr"], "--lang must be ru or en"),
    (["replay", "/no/such/file.json"], "cannot read"),
])
def test_bad_input_is_one_line_error(toy, capsys, monkeypatch, args: list[str], message: str) -> None:
    code, out, err = run_cli(capsys, monkeypatch, *args)
    assert code != 0
    assert message in err and "Traceback" not in err + out
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("content, message", [
    ("{not json", "not valid JSON"),
    ('{"game": "toy"}', "has no 'players'"),
    ('{"game": "toy", "players": 2, "actions": [[0, "play:card=999"]], "seed": 1}', "does not replay"),
])
def test_malformed_or_tampered_record_is_one_line_error(toy, capsys, monkeypatch, tmp_path: Path,
                                                         content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, out, err = run_cli(capsys, monkeypatch, "replay", str(path))
    assert code != 0 and message in err and "Traceback" not in err + out


def test_one_language_for_every_command_remembered(toy, capsys, monkeypatch, tmp_path: Path) -> None:
    save = tmp_path / "played.json"
    code, out, _ = run_cli(capsys, monkeypatch, "play", "toy", "--seats", "human,random", "--seed", "3",
                           "--save", str(save), "--lang", "ru", stdin="1\n1\n")
    assert code == 0, out
    assert "Ваш ход, Игрок 1:" in out and "номер (q — выход, s — сохранить)" in out and "Итог" in out
    assert "Your move" not in out and "winner(s)" not in out and "number (q" not in out  # one language a screen
    code, out, _ = run_cli(capsys, monkeypatch, "replay", str(save))  # no --lang: the remembered one
    assert code == 0 and "переиграны и проверены" in out and "открытая информация" in out
    code, out, _ = run_cli(capsys, monkeypatch, "replay", str(save), "--lang", "en")
    assert "replayed and verified" in out
    code, out, _ = run_cli(capsys, monkeypatch, "games")
    assert "options (default)" in out  # English is now the remembered language


def test_games_table_keeps_every_option_whole_at_80_columns(capsys, monkeypatch) -> None:
    code, out, _ = run_cli(capsys, monkeypatch, "games", "--lang", "en")
    assert code == 0
    assert all(len(line) <= 80 for line in out.splitlines())
    for option in ("jury_sympathy=false", "automa_level=debut", "cargo_to_win=5", "expert=false"):
        assert option in out
    assert "…" not in out
