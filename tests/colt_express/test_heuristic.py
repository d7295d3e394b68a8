"""The heuristic bot: registered, legal, deterministic, and clearly better than random play."""

from __future__ import annotations

from nastolka.bots import make_bot
from nastolka.games.colt_express import GAME
from nastolka.match import run_match


def test_heuristic_is_registered_and_deterministic() -> None:
    bot = make_bot(GAME, "heuristic", seed=1)
    assert bot.name == "heuristic"
    finals = []
    for _ in range(2):
        agents = [make_bot(GAME, "heuristic", seed=s) for s in range(3)]
        finals.append(run_match(GAME, agents, seed=5).history())
    assert finals[0] == finals[1]


def test_heuristic_beats_random_clearly_at_four_players() -> None:
    games, wins = 40, 0.0
    for g in range(games):
        seat = g % 4
        agents = [make_bot(GAME, "heuristic", seed=g) if s == seat else make_bot(GAME, "random", seed=100 * g + s)
                  for s in range(4)]
        result = run_match(GAME, agents, seed=1000 + g).result()
        if seat in result.winners:
            wins += 1 / len(result.winners)
    assert wins / games > 0.6     # a random seat wins 25%


def test_heuristic_plays_every_variant() -> None:
    for players, options in ((2, {}), (3, {"expert": True}), (6, {})):
        agents = [make_bot(GAME, "heuristic", seed=s) for s in range(players)]
        state = run_match(GAME, agents, seed=players, options=options)
        assert state.is_over


def test_heuristic_uses_only_the_seats_view() -> None:
    """Two states that look the same to the seat get the same choice (hidden parts resampled)."""
    from nastolka.engine import Rng

    state = GAME.new(4, seed=21)
    rng = Rng(2)
    for _ in range(30):
        legal = state.legal_ids(state.actor)
        state.apply(state.actor, legal[rng.randbelow(len(legal))])
    seat = state.actor
    choices = {make_bot(GAME, "heuristic", seed=0).choose(state.determinize(seat, Rng(k)), seat) for k in range(10)}
    assert len(choices) == 1
