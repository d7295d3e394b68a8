"""The nastolka engine: decision model, actions, events, seeded RNG, options, registry, records."""

from .actions import Action
from .errors import IllegalAction, NastolkaError, OptionError, RecordError, UnknownGame
from .events import Event, visible
from .game import Game
from .options import Option, OptionSchema
from .registry import all_games, get, register
from .rng import Rng
from .secure_rng import Blake2bRng
from .state import GameState, Origin, Result, Status

__all__ = [
    "Action", "Blake2bRng", "Event", "Game", "GameState", "IllegalAction", "NastolkaError", "Option", "OptionError",
    "OptionSchema", "Origin", "RecordError", "Result", "Rng", "Status", "UnknownGame", "all_games", "get",
    "register", "visible",
]
from .record import Record, record_of, replay  # noqa: E402

__all__ += ["Record", "record_of", "replay"]
