"""Invariants over random games (hypothesis), the text rendering, setup validation and the heuristic bot."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nastolka.bots import make_bot
from nastolka.engine import OptionError, Record, Rng, record_of, replay
from nastolka.games.show_battle.data import NKINDS
from nastolka.games.show_battle.state import ShowBattleState
from nastolka.match import run_match

from .helpers import GAME, card, place


def cards_everywhere(s: ShowBattleState) -> list[int]:
    cards: list[int] = []
    for h in s.hands:
        cards += h
    for d in s.decks:
        cards += d
    cards += [c for c in s.top if c >= 0]
    for stack in s.covered:
        cards += stack
    return cards


@settings(max_examples=60, deadline=None)
@given(players=st.integers(1, 4), seed=st.integers(0, 2**32), policy=st.integers(0, 2**32),
       options=st.fixed_dictionaries({"jury_sympathy": st.booleans(),
                                      "automa_level": st.sampled_from(["debut", "artist", "star", "legend"])}))
def test_SB_1_cards_are_conserved_in_random_games(players: int, seed: int, policy: int, options: dict) -> None:
    """Every card is in a deck, a hand or a slot (top or covered) exactly once, after every action."""
    s = GAME.new(players, options, seed=seed)
    assert isinstance(s, ShowBattleState)
    rng = Rng(policy)
    everything = list(range(s.troupes * NKINDS))
    while True:
        assert sorted(cards_everywhere(s)) == everything
        assert all(len(h) <= 3 for h in s.hands)
        assert not any(s.face_up[c] for stack in s.covered for c in stack)  # covered cards are always face down
        assert sum(s.tokens) + sum(1 for c in s.top if c >= 0 and s.protected[c]) == 3 * s.troupes
        if s.is_over:
            break
        seat = s.to_act[0]
        legal = s.legal_ids(seat)
        s.apply(seat, legal[rng.randbelow(len(legal))])


def test_SB_10_render_view_shows_the_board_in_both_languages() -> None:
    board = [card("1", 1, "strongman", 0, orient=1, token=True), card("1", 2, "clown", 1, face_up=False),
             card("1", 2, "juggler", 0, face_up=False)]
    s = GAME.new(2, setup={"first": 0, "board": board, "hands": [["fakir", "mime", "acrobat"],
                                                                  ["trainer", "knives", "magician"]]})
    ru = s.render(0, "ru")
    en = s.render(0, "en")
    assert "Силач" in ru and "8 →" in ru and "жетон" in ru and "красные" in ru and "лицом вниз" in ru
    assert "Strongman" in en and "[token]" in en and "face down" in en and "covers: Clown — Player 2" in en
    assert "(под ним: Клоун — Игрок 2)" in ru   # «под ним»: agrees with the covering Жонглёр
    assert "Факир" in ru and "Fakir" in en  # own hand shown to its seat
    assert "Факир" not in s.render(1, "ru") and "Факир" not in s.render(None, "ru")
    labels = {a.id: (a.label_en, a.label_ru) for a in s.legal_actions(0)}
    assert labels[place("fakir", "1", 2)][0].startswith("Place the Fakir")
    assert labels[place("fakir", "1", 2)][1] == "Выложить Факира в ряд 1 на место 2 (поверх сброшенного Жонглёра)"
    assert "token:row=1,slot=1" not in labels  # already untouchable
    s.apply(0, place("acrobat", "1", 3))
    labels = {a.id: a.label_ru for a in s.legal_actions(0)}
    assert labels["skip"] == "Не применять свойство"
    assert any("повернуть" in v for v in labels.values())


def test_SB_10_event_texts_in_both_languages() -> None:
    board = [card("1", 1, "strongman", 0)]
    s = GAME.new(2, setup={"first": 1, "board": board, "hands": [["fakir", "mime", "acrobat"],
                                                                  ["cannonball", "knives", "magician"]]})
    events = s.apply(1, place("cannonball", "1", 2)) + s.apply(1, "effect:card=cannonball")
    ru = [s.event_text(e, "ru") for e in events]
    en = [s.event_text(e, "en") for e in events]
    assert "Поворот карты: Силач (Игрок 1) поворачивается по часовой стрелке, теперь 8" in ru
    assert any("discards the Strongman" in t for t in en)
    assert all("(" not in t or "=" not in t for t in en)  # no fallback "kind(args)" texts


@pytest.mark.parametrize("setup, message", [
    ({"board": [card("1", 2, "strongman")]}, "gap"),
    ({"board": [card("1", 1, "strongman"), card("1", 1, "clown")]}, "face-down"),
    ({"board": [card("2", 1, "strongman")]}, "earlier row"),
    ({"board": [card("1", 1, "strongman"), card("1", 1, "strongman", face_up=False)]}, "twice"),
    ({"hands": [["clown"], ["nobody"]]}, "not a card"),
    ({"hands": [["clown"]]}, "one per troupe"),
    ({"first": 5}, "first"),
    ({"board": [card("1", 1, "clown", token=True, face_up=False)]}, "token"),
    ({"decks": [["clown"], []]}, "are in no hand"),
    ({"colour": "red"}, "unknown setup keys"),
])
def test_setup_errors_say_what_is_wrong(setup: dict, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        GAME.new(2, setup=setup)


def test_records_of_random_games_replay() -> None:
    for players in (1, 2, 3, 4):
        s = GAME.new(players, seed=players)
        rng = Rng(9)
        while not s.is_over:
            legal = s.legal_ids(s.to_act[0])
            s.apply(s.to_act[0], legal[rng.randbelow(len(legal))])
        rec = Record.loads(json.dumps(record_of(s).to_json()))
        assert replay(rec).result() == s.result()


def test_heuristic_beats_random_clearly() -> None:
    games, wins = 40, 0.0
    for i in range(games):
        seat = i % 2
        bots = [make_bot(GAME, "random", 2 * i), make_bot(GAME, "random", 2 * i + 1)]
        bots[seat] = make_bot(GAME, "heuristic", i)
        result = run_match(GAME, bots, seed=1000 + i).result()
        if seat in result.winners:
            wins += 1 / len(result.winners)
    assert wins / games >= 0.8


def test_heuristic_reads_only_what_its_seat_may_know() -> None:
    """Its choice is the same from any state that looks the same to its seat (others' hands resampled)."""
    s = GAME.new(2, seed=11)
    seat = s.turn
    bot = make_bot(GAME, "heuristic", 5)
    first = bot.choose(s, seat)
    for k in range(5):
        twin = s.determinize(seat, k)
        assert make_bot(GAME, "heuristic", 5).choose(twin, seat) == first


@pytest.mark.parametrize("players", [1, 3, 4])
def test_heuristic_plays_every_player_count(players: int) -> None:
    bots = [make_bot(GAME, "heuristic", seat) for seat in range(players)]
    state = run_match(GAME, bots, seed=players)
    assert state.is_over and (state.result().winners or players == 1)


def test_game_descriptor_has_setup_keys_summary_and_options() -> None:
    assert set(GAME.setup_keys) == {"first", "hands", "decks", "board", "tokens", "mulligan_used"}
    assert "Шоу-Битва" in GAME.rules_summary["ru"] and "Show Battle" in GAME.rules_summary["en"]
    assert GAME.options.names() == ["jury_sympathy", "automa_level"]
    assert (GAME.min_players, GAME.max_players, GAME.name_ru) == (1, 4, "Шоу-Битва")
    assert make_bot(GAME, "heuristic").name == "heuristic"
