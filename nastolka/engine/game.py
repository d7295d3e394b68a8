"""The description of a game: identity, player counts, options, its state class, its bots and its parts.

Clients hold no knowledge of a particular game: they ask the descriptor. What a bot needs (its own bots,
a position evaluator, search tuning) are fields; what a client draws with is a module of the game's folder
found by name (:meth:`Game.part`: ``tui`` the terminal board, ``observe`` the RL observation; the
browser board is the folder's ``web/board.js``), so the rules never import a client's libraries and
adding a game edits no shared file.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
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
    #: each seat's progress towards winning in [0, 1] (1: as good as won) for a position that is not over:
    #: the search bots score a playout cut short with it (``bot_tuning``'s ``cutoff``); read from a
    #: determinized state, so it may use any field
    progress: Callable[[Any], Sequence[float]] | None = None
    #: search settings per bot level (``hard``, ``expert``) overriding the common ones of
    #: ``nastolka.bots.levels`` — chosen with arena runs, so each entry says why in a comment; ``cutoff``
    #: (plies) stops playouts there and scores them with ``progress``
    bot_tuning: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.state_class.game = self

    @property
    def package(self) -> str:
        """The package of the game's folder (where its parts are found); empty for a one-module game."""
        module = self.state_class.__module__
        spec = sys.modules[module].__spec__ if module in sys.modules else None
        if spec is not None and spec.submodule_search_locations is not None:
            return module
        return module.rpartition(".")[0]

    def part(self, name: str) -> ModuleType | None:
        """The module ``name`` of the game's folder (``tui``, ``observe``, …), or None if it has none.

        Imported on first use, so the rules never load a client's libraries. A part that exists but
        fails to import raises: a broken board must fail loudly, not quietly turn into a generic one.
        """
        if not self.package:
            return None
        full = f"{self.package}.{name}"
        if full not in sys.modules and importlib.util.find_spec(full) is None:
            return None
        return importlib.import_module(full)

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
    def folder(self) -> Path:
        """The game's folder (where its state module is): its data, words, vocabulary and ``web/`` board."""
        module = sys.modules.get(self.state_class.__module__)
        return Path(getattr(module, "__file__", "") or ".").resolve().parent

    @property
    def words(self) -> Words | None:
        """The game's presentation data (``words.toml`` beside its state module), or None if it has none."""
        path = self.folder / "words.toml"
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
