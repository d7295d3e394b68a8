"""The bot league: submitted bots that raise, hang, eat memory or cheat forfeit their games, and the league
goes on; round-robin on shared deals with seats rotating; ratings, per-pair rates and the HTML leaderboard.

The submitted bots live in ``submitted/bad_bots.py`` and are imported by the league's workers from that
folder, as a user's bots would be. Time limits are small so that the hung bot costs a fraction of a second.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nastolka.league import read_entrants, run_league, schedule
from nastolka.league_sandbox import Entrant

SUBMITTED = str(Path(__file__).parent / "submitted")


@pytest.mark.parametrize(("cls", "kind", "words"), [
    ("Raises", "crash", "this bot has a bug"),
    ("SleepsForever", "timeout", "0.4"),
    ("Hog", "crash", "MemoryError"),
    ("Illegal", "illegal", "fly:to=moon"),
])
def test_a_misbehaving_bot_forfeits_and_the_league_goes_on(cls: str, kind: str, words: str) -> None:
    entrants = [Entrant("rnd", "random"), Entrant("bad", f"bad_bots:{cls}"), Entrant("polite", "bad_bots:Polite")]
    league = run_league("show_battle", 2, entrants, deals=1, move_seconds=0.4, memory_mb=512, paths=[SUBMITTED])
    s = league.summary()
    assert s["games"] == 6 and s["finished"] == 6 and s["errors"] == 0
    bad_games = [g for g in league.games if 1 in g.entries]
    assert len(bad_games) == 4
    for g in bad_games:
        assert g.forfeit is not None and g.forfeit["entrant"] == 1 and g.forfeit["kind"] == kind
        assert words in g.forfeit["detail"]
        assert g.entries[g.forfeit["seat"]] == 1 and g.forfeit["seat"] not in g.winners
    # the games without the bad bot were played to the end, by the rules
    clean = [g for g in league.games if 1 not in g.entries]
    assert len(clean) == 2 and all(g.forfeit is None and g.actions > 10 for g in clean)
    rows = {row["label"]: row for row in s["leaderboard"]}
    assert rows["bad"]["forfeits"] == 4 and rows["bad"]["win_rate"] == 0.0
    assert s["leaderboard"][-1]["label"] == "bad"
    assert {f["label"] for f in s["forfeits"]} == {"bad"}
    assert s["pairs"][0][1] == {"games": 2, "ahead": 2.0, "rate": 1.0}
    assert all(row["rating"]["interval95"][0] < row["rating"]["mu"] < row["rating"]["interval95"][1]
               for row in s["leaderboard"])


def test_round_robin_rotates_seats_on_shared_deals() -> None:
    games = schedule(4, 3, 2, seed=10)
    assert len(games) == 4 * 2 * 3   # C(4,3) groups × 2 deals × 3 rotations
    for group_start in range(0, len(games), 6):
        block = games[group_start:group_start + 6]
        assert sorted({seed for _, seed, _ in block}) == [10, 11]
        for deal in (10, 11):
            seatings = [entries for _, seed, entries in block if seed == deal]
            for seat in range(3):   # every entrant of the group sits at every seat of the deal once
                assert sorted(e[seat] for e in seatings) == sorted(seatings[0])


def test_cli_writes_the_leaderboard(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from typer.testing import CliRunner

    from nastolka.cli.main import app

    entrants = tmp_path / "entrants.txt"
    entrants.write_text("# our bot, a submission, and one with a bug\nrnd = random\npolite = bad_bots:Polite\n"
                        "buggy = bad_bots:Raises\n", encoding="utf-8")
    assert [e.label for e in read_entrants(entrants)] == ["rnd", "polite", "buggy"]
    html = tmp_path / "league.html"
    result = CliRunner().invoke(app, ["league", "show_battle", "-p", "2", "--entrants", str(entrants), "--path",
                                      SUBMITTED, "--deals", "1", "--move-seconds", "0.5", "--report", str(html),
                                      "--json", "--lang", "ru"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == 6 and len(summary["forfeits"]) == 4
    page = html.read_text(encoding="utf-8")
    assert "buggy" in page and "polite" in page and "бот упал: RuntimeError: this bot has a bug" in page
    assert "Рейтинг" in page and "Лига" in page
