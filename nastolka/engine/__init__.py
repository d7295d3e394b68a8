"""The nastolka engine: decision model, actions, events, seeded RNG, options, registry, records."""

from .actions import Action
from .errors import IllegalAction, NastolkaError, OptionError, RecordError, UnknownGame
from .events import Event, visible
from .game import Game
from .ids import MalformedId, ParsedId, format_id, is_well_formed, parse_id, verb_of
from .options import Option, OptionSchema
from .registry import all_games, get, register
from .rng import Rng
from .secure_rng import Blake2bRng
from .state import GameState, Origin, Result, Status

__all__ = [
    "Action", "Blake2bRng", "Event", "Game", "GameState", "IllegalAction", "MalformedId", "NastolkaError",
    "Option", "OptionError", "ParsedId",
    "OptionSchema", "Origin", "RecordError", "Result", "Rng", "Status", "UnknownGame", "all_games", "get",
    "register", "visible", "format_id", "is_well_formed", "parse_id", "verb_of",
]
from .record import Record, record_of, replay  # noqa: E402

__all__ += ["Record", "record_of", "replay"]
