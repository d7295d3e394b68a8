"""A search bot's timing says nothing (issue 34, finding 11), against a real server process: a move with a
single legal action is answered at the bot's usual pace, not at once (before: 1 ms against 421 ms
through the server — anyone watching learnt when the seat had only one choice)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from .attack import Player, hello, recv
from .procs import ServerProcess

#: the hard bot's budget is 0.5 s times this (NASTOLKA_BOT_TIME_SCALE)
SCALE = 0.4


def _my_take(pile: int) -> int:
    """Steer towards leaving the bot one stone (its only move is then forced)."""
    if 2 <= pile <= 4:
        return pile - 1
    if 6 <= pile <= 8:
        return pile - 5
    return 1


def test_a_forced_search_move_takes_as_long_as_a_real_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NASTOLKA_TEST_GAMES", "stones")
    monkeypatch.setenv("NASTOLKA_BOT_TIME_SCALE", str(SCALE))
    forced: list[float] = []
    searched: list[float] = []
    with ServerProcess(f"sqlite:///{tmp_path / 'bots.db'}", log_path=tmp_path / "server.log") as server:
        me = Player(server)
        for _game in range(6):   # bounded: a game where the bot is left one stone comes soon
            if forced:
                break
            tid = me.create([{}, {"kind": "bot", "bot": "hard"}], game="stones", options={"pile": 15},
                            rated=False)["table"]["id"]
            token = me.join(tid, 0, "Ann")
            with me.socket(tid) as ws:
                hello(ws)
                while True:
                    mine = me.table(tid, token)
                    if mine["table"]["status"] == "over":
                        break
                    pile = mine["view"]["pile"]
                    take = _my_take(pile)
                    action = f"take:count={take}"
                    r = me.http.post(f"/api/tables/{tid}/actions", headers={"X-Seat-Token": token},
                                     json={"action": action, "version": mine["version"]})
                    assert r.status_code == 200, r.text
                    sent = time.monotonic()
                    left = pile - take
                    if left == 0:
                        break
                    target = mine["version"] + 2   # my move, then the bot's
                    while True:
                        msg = recv(ws, 10)
                        if msg["type"] == "state" and msg["version"] >= target:
                            break
                    (forced if left == 1 else searched).append(time.monotonic() - sent)
        me.close()
    assert forced, "the bot was never left a single stone"
    # the forced answer waits for the bot's pace: what its searches took (before the fix: 4 ms against
    # 118-177 ms here)
    assert searched and min(forced) >= 0.5 * min(searched), (forced, searched)
