"""The description of a game: identity, player counts, options, its state class and its own bots."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import OptionError
from .ids import is_well_formed
from .options import OptionSchema
from .secure_rng import DEFAULT_RNG, make_rng
from .state import GameState, Origin
from .words import Words, load, pick


@dataclass(frozen=True)
class Game:
    id: str
    name_en: str
    name_ru: str
    min_players: int
    max_players: int
    rules_version: str
    state_class: type[GameState]
    options: OptionSchema = field(default_factory=OptionSchema)
    description_en: str = ""
    description_ru: str = ""
    #: game-specific bot factories by name (e.g. ``heuristic``): ``factory(game, seed) -> Bot``
    bots: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    #: keys of the explicit ``setup`` block with a one-line meaning each (documented in docs/records.md)
    setup_keys: Mapping[str, str] = field(default_factory=dict)
    #: rules summary for help screens, by language
    rules_summary: Mapping[str, str] = field(default_factory=dict)
    #: upgrades an action id written before the engine's id grammar (``nastolka.engine.ids``) to today's
    #: id; called only for ids that do not parse, so records and stored games of any age replay
    legacy_ids: Callable[[str], str] | None = None

    def __post_init__(self) -> None:
        self.state_class.game = self

    def name(self, lang: str = "en") -> str:
        return self.name_ru if lang == "ru" else self.name_en

    def description(self, lang: str = "en") -> str:
        return pick(lang, self.description_en, self.description_ru)

    def upgrade_id(self, aid: str) -> str:
        """Today's id for ``aid``: itself when it is well formed, else the game's legacy upgrade of it."""
        if self.legacy_ids is None or is_well_formed(aid):
            return aid
        return self.legacy_ids(aid)

    @property
    def words(self) -> Words | None:
        """The game's presentation data (``words.toml`` beside its state module), or None if it has none."""
        module = sys.modules.get(self.state_class.__module__)
        path = Path(getattr(module, "__file__", "") or ".").resolve().with_name("words.toml")
        return load(path) if path.is_file() else None

    def choice_label(self, option: str, value: Any, lang: str = "en") -> str:
        """An option value in words (``automa_level=debut`` -> «Дебют»); names ``<option>.<value>`` in
        ``words.toml``, else the value itself (numbers, on/off)."""
        words = self.words
        key = f"{option}.{value}"
        return words.name(key, lang) if words is not None and words.has(key) else str(value)

    def check_players(self, players: Any) -> int:
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(f"the number of players must be a whole number, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise OptionError(f"{self.name_en} is for {self.min_players}–{self.max_players} players, "
                              f"not {players}")
        return players

    def new(self, players: int, options: Mapping[str, Any] | None = None, seed: int | None = None,
            setup: Mapping[str, Any] | None = None, rng: str = DEFAULT_RNG) -> GameState:
        """A new game. ``seed`` drives every random element; ``setup`` pins them explicitly; ``rng`` names
        the generator (``"blake2b"``: unpredictable from any view, for online tables)."""
        players = self.check_players(players)
        opts = self.state_class._check_options(players, self.options.validate(options))
        if seed is None:
            seed = 0
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise OptionError(f"the seed must be a whole number, not {seed!r}")
        if setup is not None and not isinstance(setup, Mapping):
            raise OptionError("the setup block must be an object")
        try:
            source = make_rng(rng, seed)
        except ValueError as exc:
            raise OptionError(str(exc)) from None
        setup_dict = dict(setup) if setup is not None else None
        state = self.state_class._create(players, opts, source, setup_dict)
        state.players = players
        state.rng = source
        state.step = 0
        state._start_history()
        state.origin = Origin(players, opts, seed, setup_dict, rng=rng)
        state._settle([])
        return state

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name_ru": self.name_ru, "name_en": self.name_en,
                "min_players": self.min_players, "max_players": self.max_players,
                "rules_version": self.rules_version, "options": self.options.to_json(),
                "bots": sorted(self.bots)}
