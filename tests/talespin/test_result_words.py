"""What TaleSpin's result says (issue 14): each player's cargo as the state holds it, the winner by name,
how the game ended — the cargo to win (R17), Shere Khan's wins in solitaire (R20.7), or the most cargo after
60 rounds with the open cargo as tie-break (R24.9) — in Russian and English, with the nouns agreeing
with their numbers («1 груз», «2 груза», «5 грузов»).

The expected lines are written here in full, not read from words.toml, so a changed template, number or
plural form fails a test."""

from __future__ import annotations

from typing import Any

import pytest

from nastolka.engine import Rng
from nastolka.games.talespin import data as T
from nastolka.games.talespin.state import TaleSpinState

from .helpers import new

NAMES = ["Аня", "Боря", "Вера", "Гоша"]


def ru_count(n: int, one: str, few: str, many: str) -> str:
    """The Russian noun agreeing with ``n`` (1 груз, 2 груза, 5 грузов, 11 грузов, 21 груз)."""
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} {one}"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return f"{n} {few}"
    return f"{n} {many}"


def random_game(players: int, seed: int, options: dict[str, Any] | None = None) -> TaleSpinState:
    s = new(None, players, options, seed)
    rng = Rng(seed)
    while not s.is_over:
        seat = s.to_act[0]
        legal = s.legal_ids(seat)
        s.apply(seat, legal[rng.randbelow(len(legal))])
    return s


def finish(s: TaleSpinState) -> TaleSpinState:
    """Play the first legal action until the game is over (a setup at the end of a turn ends at once)."""
    while not s.is_over:
        seat = s.to_act[0]
        s.apply(seat, s.legal_ids(seat)[0])
    return s


def lines(s: TaleSpinState, lang: str) -> list[str]:
    return s.result_lines(s.view(None), lang, NAMES[:max(s.players, 1)])


def player_lines(s: TaleSpinState) -> tuple[list[str], list[str]]:
    """Each player's line as it must read: the cards in the hold and how many of them lie face up, from
    the state (an Artifact played as cargo may lie open too, so this is not ``_open_cargo_count``)."""
    ru, en = [], []
    for seat in range(s.players):
        n, opened = len(s.holds[seat]), sum(1 for v in s.holds[seat] if v & T.OPEN)
        ru.append(f"{NAMES[seat]}: {ru_count(n, 'груз', 'груза', 'грузов')} в отсеке (открыто {opened})")
        en.append(f"{NAMES[seat]}: {n} cargo in the hold ({opened} open)")
    return ru, en


def turns_lines(s: TaleSpinState) -> tuple[str, str]:
    n = s.turn_no
    return f"Игра длилась {ru_count(n, 'ход', 'хода', 'ходов')}", f"The game lasted {n} turn{'' if n == 1 else 's'}"


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {}), (2, {"cargo_to_win": 7}), (3, {})])
def test_a_cargo_win_names_the_winner_and_every_players_cargo(players: int, options: dict[str, Any]) -> None:
    """Random games won by cargo: one line per player with the state's cargo and open cargo, then the
    winner by name with the cargo to win (the option's 7 in the long game), then the number of turns."""
    counts: set[int] = set()
    for seed in range(6):
        s = random_game(players, seed, options)
        assert s.end_reason == T.WIN_CARGO and len(s.winners) == 1, (seed, s.end_reason)
        w = s.winners[0]
        assert len(s.holds[w]) >= s.cargo_goal
        ru, en = player_lines(s)
        ru_turns, en_turns = turns_lines(s)
        assert lines(s, "ru") == ru + [f"Победитель: {NAMES[w]} (доставлено грузов: {s.cargo_goal})", ru_turns]
        assert lines(s, "en") == en + [f"Winner: {NAMES[w]} ({s.cargo_goal} cargo delivered)", en_turns]
        counts |= {len(h) for h in s.holds[:players]}
    # the games cover the three Russian forms: 1 груз, 2–4 груза, 0 or 5+ грузов
    assert options or 1 in counts and counts & {2, 3, 4} and counts & {0, 5, 6, 7}, counts


KHAN_ENDS = {"khan_cargo": ("пять грузов в его отсеке", "five cargo in his hold"),
             "khan_covered": ("всё кольцо накрыто", "the whole ring covered"),
             "khan_deck": ("кончилась колода", "the deck ran out")}


def khan_lines(s: TaleSpinState) -> tuple[str, str]:
    n, cov = len(s.holds[1]), len(s.covered)
    return (f"Шер Хан: {ru_count(n, 'груз', 'груза', 'грузов')} в отсеке, "
            f"накрыто {ru_count(cov, 'Локация', 'Локации', 'Локаций')}",
            f"Shere Khan: {n} cargo in the hold, {cov} Location{'' if cov == 1 else 's'} covered")


def test_solitaire_says_how_shere_khan_won() -> None:
    """Random solitaire games are Shere Khan's: his cargo and covered Locations as the state holds them,
    and why he won, in the words of the reason the state gives."""
    seen = set()
    for seed in range(12):
        s = random_game(1, seed)
        assert s.end_reason in KHAN_ENDS and s.winners == (), s.end_reason
        if s.end_reason == "khan_cargo":
            assert len(s.holds[1]) >= 5
        seen.add(s.end_reason)
        ru, en = player_lines(s)
        khan_ru, khan_en = khan_lines(s)
        why_ru, why_en = KHAN_ENDS[s.end_reason]
        ru_turns, en_turns = turns_lines(s)
        assert lines(s, "ru") == ru + [khan_ru, f"Побеждает Шер Хан: {why_ru}", ru_turns]
        assert lines(s, "en") == en + [khan_en, f"Shere Khan wins: {why_en}", en_turns]
    assert "khan_cargo" in seen


def test_solitaire_khan_covering_the_ring_and_the_players_win() -> None:
    """Built endings: Khan covers all twelve Locations (R20.7), and the player delivers the cargo to win."""
    reds = [d for d in T.DEF_ID if T.C_RED_CHAR[T.INSTANCES_OF[T.DEF_INDEX[d]][0]]]
    covered = (reds * 12)[:12]
    s = finish(new({"characters": ["baloo"], "first": 0, "step": 4, "covered": covered,
                    "holds": [["cargo_ice"], ["cargo_gold", "cargo_coffee"]]}, players=1))
    assert s.end_reason == "khan_covered" and len(s.covered) == 12
    khan_ru, khan_en = khan_lines(s)
    assert "накрыто 12 Локаций" in khan_ru
    assert lines(s, "ru")[1:3] == [khan_ru, "Побеждает Шер Хан: всё кольцо накрыто"]
    assert lines(s, "en")[1:3] == [khan_en, "Shere Khan wins: the whole ring covered"]

    cargo = ["cargo_ice", "cargo_gold", "cargo_coffee", "cargo_bananas", "open:cargo_ice"]
    s = finish(new({"characters": ["baloo"], "first": 0, "step": 4,
                    "holds": [cargo, ["cargo_gold"]]}, players=1))
    assert s.winners == (0,) and s.end_reason == T.WIN_CARGO
    assert lines(s, "ru")[:3] == ["Аня: 5 грузов в отсеке (открыто 1)",
                                  "Шер Хан: 1 груз в отсеке, накрыто 0 Локаций",
                                  "Победитель: Аня (доставлено грузов: 5)"]
    assert lines(s, "en")[:3] == ["Аня: 5 cargo in the hold (1 open)",
                                  "Shere Khan: 1 cargo in the hold, 0 Locations covered",
                                  "Winner: Аня (5 cargo delivered)"]


def _round_cap(players: int, holds: list[list[str]]) -> TaleSpinState:
    chars = ["kit", "karnage", "baloo", "molly"][:players]
    s = finish(new({"characters": chars, "first": 0, "turn": 60 * players, "step": 4, "holds": holds},
                   players=players))
    assert s.end_reason == T.WIN_CAP and s.turn_no == 60 * players
    return s


def test_round_cap_tie_broken_by_open_cargo() -> None:
    """R24.9 (docs/records.md's example): both hold two cargo, Kit's open Gold decides. The result says
    that nobody delivered five, that the most cargo wins, that open cargo broke the tie — and does not
    claim five were delivered (it once said «доставлено грузов: 5»)."""
    s = _round_cap(2, [["cargo_ice", "open:cargo_gold"], ["cargo_coffee", "cargo_bananas"]])
    assert s.winners == (0,)
    ru, en = player_lines(s)
    assert ru == ["Аня: 2 груза в отсеке (открыто 1)", "Боря: 2 груза в отсеке (открыто 0)"]
    assert lines(s, "ru") == ru + [
        "За 60 раундов никто не доставил 5 грузов: побеждает тот, у кого больше всего грузов в отсеке",
        "Грузов в отсеке поровну: решает число открытых грузов",
        "Победитель: Аня (2 груза в отсеке)", "Игра длилась 120 ходов"]
    assert lines(s, "en") == en + [
        "After 60 rounds nobody has delivered 5 cargo: the most cargo in the hold wins",
        "Equal cargo in the hold: more open cargo decides",
        "Winner: Аня (2 cargo in the hold)", "The game lasted 120 turns"]


def test_round_cap_in_four_players_most_cargo_and_a_draw() -> None:
    """Four players after 60 rounds: Gosha's four cargo win outright (no tie-break line); then two
    players level on cargo and open cargo share the win («Победители: Боря и Гоша», "Winners")."""
    s = _round_cap(4, [["cargo_ice"], ["cargo_gold", "cargo_coffee"], [],
                       ["cargo_bananas", "cargo_ice", "cargo_gold", "open:cargo_coffee"]])
    assert s.winners == (3,)
    ru, en = player_lines(s)
    assert ru[0] == "Аня: 1 груз в отсеке (открыто 0)" and ru[2] == "Вера: 0 грузов в отсеке (открыто 0)"
    assert lines(s, "ru") == ru + [
        "За 60 раундов никто не доставил 5 грузов: побеждает тот, у кого больше всего грузов в отсеке",
        "Победитель: Гоша (4 груза в отсеке)", "Игра длилась 240 ходов"]
    assert lines(s, "en")[4:6] == ["After 60 rounds nobody has delivered 5 cargo: the most cargo in the hold wins",
                                   "Winner: Гоша (4 cargo in the hold)"]

    s = _round_cap(4, [["cargo_ice"], ["cargo_gold", "open:cargo_coffee"], [],
                       ["cargo_bananas", "open:cargo_ice"]])
    assert s.winners == (1, 3)
    assert lines(s, "ru")[5] == "Победители: Боря и Гоша (2 груза в отсеке)"
    assert lines(s, "en")[5] == "Winners: Боря and Гоша (2 cargo in the hold)"
    assert len(lines(s, "ru")) == 7   # no tie-break line: open cargo did not separate them
