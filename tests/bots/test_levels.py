"""Difficulty levels: what each level is built from, with and without a game heuristic."""

from __future__ import annotations

import pytest
from toy_game import TOY, ToyState

from nastolka.bots import RandomBot, bot_names, make_bot
from nastolka.bots.evaluators import evaluator_for
from nastolka.bots.ismcts import IsmctsBot
from nastolka.bots.levels import NamedBot, NoisyBot
from nastolka.engine import Game, get
from nastolka.match import run_match


class FirstLegal:
    """A stand-in game heuristic: always the first legal action."""

    name = "heuristic"

    def choose(self, state, seat: int) -> str:
        return state.legal_ids(seat)[0]


class ToyHState(ToyState):
    """The toy game under another id (a state class belongs to one Game)."""


TOY_H = Game(id="toy_h", name_en="Toy", name_ru="Игрушка", min_players=2, max_players=4, rules_version="1",
             state_class=ToyHState, options=TOY.options,
             bots={"heuristic": lambda game, seed=0, **_: FirstLegal()})


def test_levels_are_registered_for_every_game() -> None:
    assert {"random", "easy", "normal", "hard", "expert"} <= set(bot_names(TOY))


def test_levels_without_a_heuristic() -> None:
    assert isinstance(make_bot(TOY, "easy", 1), RandomBot)
    normal = make_bot(TOY, "normal", 1)
    assert isinstance(normal, IsmctsBot) and normal.config.iterations == 100
    assert make_bot(TOY, "expert", 1).config.rollout == "random"


def test_levels_with_a_heuristic(quick_bots) -> None:
    easy = make_bot(TOY_H, "easy", 1)
    normal = make_bot(TOY_H, "normal", 1)
    expert = make_bot(TOY_H, "expert", 1)
    assert isinstance(easy, NoisyBot) and easy.name == "easy" and 0 < easy.noise < 1
    assert isinstance(normal, NamedBot) and normal.name == "normal"
    assert expert.config.rollout == "heuristic" and expert.config.heuristic_plies == 10
    assert expert.config.seconds == pytest.approx(2.0 * 0.02)
    state = run_match(TOY_H, [easy, expert], seed=3, options={"hand": 2})
    assert state.is_over


def test_evaluator_lookup_is_guarded() -> None:
    assert evaluator_for(TOY) is None
    state = TOY.new(2, seed=0)
    talespin = get("talespin")
    assert evaluator_for(talespin, state) is None  # reads fields the toy does not have
    evaluate = evaluator_for(talespin, talespin.new(3, seed=1))
    assert evaluate is not None and evaluate(talespin.new(3, seed=1)) == [0.5, 0.5, 0.5]


def test_tuning_comes_from_the_descriptor(quick_bots) -> None:
    """TaleSpin's descriptor asks hard for a 16-ply cut-off scored by its cargo race; Show Battle's expert
    plays random playouts; a game without tuning gets the common settings."""
    hard = make_bot(get("talespin"), "hard", 1)
    assert hard.config.rollout_depth == 16 and hard.config.evaluator is not None
    assert make_bot(get("show_battle"), "expert", 1).config.rollout == "random"
    assert make_bot(get("colt_express"), "hard", 1).config.evaluator is None
    import pickle

    assert pickle.loads(pickle.dumps(hard.config)).evaluator(get("talespin").new(2, seed=1)) == [0.5, 0.5]
