"""The client's rules without a terminal: seats, save and resume, and when undo is allowed."""

from __future__ import annotations

import random

import pytest
from toy_game import TOY

from nastolka.engine import Record, get, record_of
from nastolka.engine.errors import RecordError
from nastolka.tui.config import Settings, system_lang
from nastolka.tui.session import HUMAN, Session, seat_kinds_of


def toy_session(seats=("human", "random"), seed=4) -> Session:
    return Session.new(TOY, list(seats), {"hand": 2}, seed=seed)


def test_bots_sit_only_in_bot_seats():
    session = toy_session(("human", "random", "random"))
    assert session.humans == [0]
    assert sorted(session.bots) == [1, 2]


def test_save_and_resume_rebuild_the_same_game(tmp_path):
    session = toy_session()
    for _ in range(2):
        seat = session.next_seat()
        session.apply(seat, session.state.legal_ids(seat)[0])
    path = session.save(tmp_path / "game.json")
    record = Record.load(path)
    assert record.notes["seats"] == ["human", "random"]
    resumed = Session.from_record(TOY, record)
    assert resumed.seats == ["human", "random"]
    assert resumed.state.view(0) == session.state.view(0)
    assert [(s.seat, s.aid) for s in resumed.steps] == [(s.seat, s.aid) for s in session.steps]


def test_resume_refuses_a_record_of_another_game():
    record = toy_session().record()
    record.game = "something_else"
    with pytest.raises(RecordError):
        Session.from_record(TOY, record)


def test_seat_kinds_from_a_record_without_client_notes():
    record = Record(game="toy", players=3, seats=["alice", "random", "bob"])
    assert seat_kinds_of(TOY, record) == [HUMAN, "random", HUMAN]


def own_card(session: Session, seat: int) -> int:
    return session.state.view(seat)["hand"][0]


def test_undo_takes_back_a_move_that_showed_nothing_before_anyone_else_moves():
    session = toy_session()
    session.apply(0, f"play:card={own_card(session, 0)}")  # my own card, face up: the move names it
    assert session.undo_target() == (0, "")
    assert session.undo()
    assert session.steps == [] and session.state.step == 0
    assert session.state.view(0)["hand_sizes"] == [2, 2]


def test_undo_refused_once_a_bot_has_moved_since():
    session = toy_session()
    session.apply(0, f"play:card={own_card(session, 0)}")
    session.apply(1, f"discard:card={session.state.hands[1][0]}")  # face down, but it is a move of its own
    assert session.undo_target() == (None, "undo_why_other_acted")
    assert not session.undo()


def test_undo_in_a_real_game_restores_both_views():
    """«Шоу-Битва»: a placement whose row waits for its effect leaves the human to move again; the
    human's move is taken back when the engine allows it, and both views are as they were."""
    game = get("show_battle")
    for seed in range(40):
        session = Session.new(game, ["human", "random"], seed=seed)
        while not session.state.is_over and len(session.steps) < 60:
            seat = session.next_seat()
            legal = session.state.legal_ids(seat)
            session.apply(seat, legal[len(session.steps) * 7 % len(legal)])
            two = len(session.steps) >= 2 and [s.seat for s in session.steps[-2:]] == [0, 0]
            if two and session.undo_target()[0] is not None:
                views = session.before[-1].view(0), session.before[-1].view(1)
                assert session.undo()
                assert (session.state.view(0), session.state.view(1)) == views
                return
    raise AssertionError("no game gave the human two moves in a row to take back")


def test_undo_refused_between_humans_and_before_any_move():
    assert toy_session(("human", "human")).undo_target() == (None, "undo_why_humans")
    session = toy_session(("random", "human"))
    assert session.undo_target() == (None, "undo_why_nothing")


def test_language_is_remembered(tmp_path):
    path = tmp_path / "tui.json"
    settings = Settings.load(path)
    assert settings.lang == "en"  # from LANG=en_US (conftest)
    settings.lang = "ru"
    settings.save(path)
    assert Settings.load(path).lang == "ru"


def test_system_language_follows_the_locale(monkeypatch):
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert system_lang() == "ru"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert system_lang() == "en"


@pytest.mark.parametrize("game_id", ["show_battle", "colt_express", "talespin"])
def test_resume_an_online_record_with_its_own_generator(game_id, tmp_path):
    """An online table's record names its generator (``"rng": "blake2b"``, a 256-bit seed); resuming it in
    the terminal must deal the same cards, not SplitMix64's (the record would not replay, or would show
    other hands)."""
    game = get(game_id)
    seed = random.Random(7).getrandbits(256)
    state = game.new(game.min_players, None, seed=seed, rng="blake2b")
    rng = random.Random(3)
    for _ in range(25):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_ids(seat)))
    path = tmp_path / "online.json"
    record_of(state, seats=["ann"] * state.players).save(path)
    record = Record.load(path)
    assert record.rng == "blake2b"
    resumed = Session.from_record(game, record, [HUMAN] * state.players)
    assert resumed.state.origin.rng == "blake2b"
    for seat in range(state.players):
        assert resumed.state.view(seat) == state.view(seat)
