"""The bot registry: generic bots for every game, a game's own bots first, research bots on demand."""

from __future__ import annotations

import pytest

from nastolka.bots import bot_names, make_bot
from nastolka.engine import NastolkaError, all_games


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_game_has_the_levels_and_its_heuristic(game) -> None:
    names = bot_names(game)
    for level in ("random", "easy", "normal", "hard", "expert", "heuristic"):
        assert level in names


def test_openspiel_ismcts_is_loaded_on_demand_by_name() -> None:
    game = all_games()[0]
    bot = make_bot(game, "openspiel_ismcts", 1)
    assert bot.name == "openspiel_ismcts"


def test_unknown_bot_names_the_available_ones() -> None:
    with pytest.raises(NastolkaError, match="unknown bot 'genius'.*random"):
        make_bot(all_games()[0], "genius")
