"""Every nastolka game as an OpenSpiel game (``pyspiel.load_game("nastolka_show_battle(players=3)")``).

How the engine's model maps onto OpenSpiel's:

* **Chance.** The engine resolves chance itself with a seeded RNG inside ``apply``. OpenSpiel sees one
  explicit chance node at the start whose outcome is the engine seed (one of ``seeds`` equally likely
  values, default 4096, offset by ``seed_base``); every later shuffle or draw is folded into the engine
  RNG. Histories are therefore ``[seed, action, action, …]``, and OpenSpiel's default serialisation
  (replaying the history) reproduces a state exactly. Search bots never see the true RNG:
  ``resample_from_infostate`` calls ``determinize``, which also replaces the RNG, so the future is
  resampled too.
* **Turns.** ``current_player`` is the first seat in ``to_act``; seats that decide simultaneously are
  asked one after the other in seat order, exactly as the match runner asks them (the game keeps
  pending answers out of the other seats' views). The game is declared ``SEQUENTIAL``.
* **Actions** are the indices of :mod:`nastolka.rl.spaces` (the same as in PettingZoo), ascending.
* **Observations** (``observation_string/tensor``) are the seat's current ``view``: the canonical JSON,
  and the encoder vector of :mod:`nastolka.rl.encoders`.
* **Information states** add memory. The string is ``<digest>|<observation string>`` where the digest
  chains what the seat has observed, controlled by the ``recall`` parameter:
  ``decisions`` (default: the seat's observation and action at each of its own decisions),
  ``full`` (every seat's observation after every action: exact perfect recall, slower),
  ``actions`` (only the seat's own actions with their step numbers: the cheapest). The tensor is the
  observation vector followed by counts of the seat's own past actions (fixed size, lossy).
* **Returns** are the engine result through :func:`nastolka.rl.spec.terminal_rewards` (``reward``
  parameter: ``win`` or ``score``).

Call :func:`register` once (idempotent) before ``pyspiel.load_game``.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import pyspiel

from nastolka.engine import Game, GameState, Rng, all_games

from .spec import RLSpec, make_spec

PREFIX = "nastolka_"
RECALL_MODES = ("decisions", "full", "actions")
_REGISTERED: set[str] = set()


def short_name(game: Game | str) -> str:
    return PREFIX + (game if isinstance(game, str) else game.id)


def _game_type(game: Game) -> pyspiel.GameType:
    default_players = 2 if game.min_players <= 2 <= game.max_players else game.min_players
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"nastolka {game.name_en}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": default_players, "options": "{}", "reward": "win",
                                 "seeds": 4096, "seed_base": 0, "recall": "decisions",
                                 "max_length": 0},
    )


class NastolkaSpielGame(pyspiel.Game):
    """An OpenSpiel game backed by a nastolka :class:`Game`; one subclass per nastolka game."""

    nastolka_game: Game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game = self.nastolka_game
        gtype = _game_type(game)
        full = dict(gtype.parameter_specification)
        full.update(params)
        players = int(full["players"])
        options = json.loads(str(full["options"]) or "{}")
        recall = str(full["recall"])
        if recall not in RECALL_MODES:
            raise ValueError(f"recall must be one of {', '.join(RECALL_MODES)}, not {recall!r}")
        self.spec: RLSpec = make_spec(game, players, options, str(full["reward"]))
        self.recall = recall
        self.seeds = int(full["seeds"])
        self.seed_base = int(full["seed_base"])
        max_length = int(full["max_length"]) or 2 * (self.spec.max_length or 1000)
        low, high = (-1.0, 1.0) if self.spec.reward == "win" else (-2.0, 2.0)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.spec.actions.size,
            max_chance_outcomes=self.seeds,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,  # GENERAL_SUM (the type is shared by every player count)
            max_game_length=max_length + 1,
        )
        super().__init__(gtype, info, params)

    def new_initial_state(self) -> NastolkaSpielState:
        return NastolkaSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> NastolkaObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return NastolkaObserver(self.spec, perfect_recall)


def _digest(*parts: str) -> str:
    return hashlib.blake2b("\x1f".join(parts).encode("utf-8"), digest_size=12).hexdigest()


def observation_string(state: GameState, seat: int) -> str:
    """The seat's view as canonical JSON: equal strings exactly when the seat sees the same thing."""
    return json.dumps(state.view(seat), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


class _EngineBox:
    """Holds the engine state inside an OpenSpiel state's ``__dict__``.

    OpenSpiel deep-copies (C++ ``Clone``) and pickles (``serialize``) that ``__dict__``; the engine's
    history is a long chain of nested tuples that would overflow ``deepcopy``'s recursion, and a deep
    copy is slow anyway. The box copies with the engine's own ``clone``; pickling is the engine state's own.
    """

    __slots__ = ("state",)

    def __init__(self, state: GameState | None) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _EngineBox:
        return _EngineBox(self.state.clone() if self.state is not None else None)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_EngineBox, (self.state,))  # the engine state pickles its history flat itself


class NastolkaSpielState(pyspiel.State):
    """Wraps an engine state (``None`` before the seed chance node) plus per-seat recall digests."""

    def __init__(self, game: NastolkaSpielGame) -> None:
        super().__init__(game)
        self._box = _EngineBox(None)
        n = game.spec.players
        self._trail: list[str] = [""] * n
        self._own: list[list[int]] = [[] for _ in range(n)]
        self._replaying = False
        #: a seat of ``to_act`` to ask before the others (set by the bot wrapper; cleared by any action)
        self.first_seat: int | None = None

    @property
    def engine(self) -> GameState | None:
        """The wrapped engine state (``None`` before the seed chance node)."""
        return self._box.state

    @engine.setter
    def engine(self, state: GameState | None) -> None:
        self._box = _EngineBox(state)

    # Only the engine state, the digests and own actions live in ``__dict__`` (which OpenSpiel pickles
    # for serialisation and deep copies); the game comes from ``get_game()`` so it is never pickled.
    @property
    def _sgame(self) -> NastolkaSpielGame:
        return self.get_game()  # type: ignore[no-any-return]

    @property
    def _spec(self) -> RLSpec:
        return self.get_game().spec  # type: ignore[no-any-return]

    # ---------------------------------------------------------------- OpenSpiel API
    def current_player(self) -> int:
        e = self.engine
        if e is None:
            return int(pyspiel.PlayerId.CHANCE)
        if e.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.first_seat is not None and self.first_seat in e.to_act:
            return self.first_seat
        return e.to_act[0]

    def _legal_actions(self, player: int) -> list[int]:
        e = self.engine
        if e is None or e.is_over or player not in e.to_act:
            return []
        return sorted(self._spec.actions.indices(e.legal_ids(player)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self._sgame.seeds
        return [(i, p) for i in range(self._sgame.seeds)]

    def _apply_action(self, action: int) -> None:
        if self._replaying:
            return
        if self.engine is None:
            self.engine = self._spec.new_state(self._sgame.seed_base + int(action))
            return
        e = self.engine
        seat = self.current_player()
        self.first_seat = None
        aid = self._spec.actions.action_id(action)
        recall = self._sgame.recall
        if recall == "decisions":
            self._trail[seat] = _digest(self._trail[seat], observation_string(e, seat), aid)
        elif recall == "actions":
            self._trail[seat] = _digest(self._trail[seat], str(e.step), aid)
        self._own[seat].append(int(action))
        e.apply_unchecked(seat, aid)
        if recall == "full":
            self._trail = [_digest(self._trail[s], observation_string(e, s)) for s in range(e.players)]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed:{self._sgame.seed_base + int(action)}"
        return self._spec.actions.action_id(action)

    def is_terminal(self) -> bool:
        return self.engine is not None and self.engine.is_over

    def returns(self) -> list[float]:
        if self.engine is None or not self.engine.is_over:
            return [0.0] * self._spec.players
        return [float(r) for r in self._spec.rewards(self.engine)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> NastolkaSpielState:
        """A state the player cannot tell from this one, through the engine's ``determinize``.

        The random stream comes from ``probability_sampler`` when given (OpenSpiel passes a callable
        returning floats in [0, 1)), so a seeded sampler gives reproducible searches.
        """
        if self.engine is None:
            return self.clone()
        if probability_sampler is not None:
            seed = int(probability_sampler() * 2**53)
        else:
            seed = int(np.random.default_rng().integers(0, 2**53))
        return self._copy(self.engine.determinize(int(player_id), Rng(seed)))

    def clone(self) -> NastolkaSpielState:
        """Engine ``clone`` instead of OpenSpiel's default pickle round trip (ten times faster)."""
        return self._copy(self.engine.clone() if self.engine is not None else None)

    def _copy(self, engine: GameState | None) -> NastolkaSpielState:
        new = NastolkaSpielState(self.get_game())
        new._replaying = True  # rebuild the C++ history (cheap) without touching the engine
        for action in self.history():
            new.apply_action(action)
        new._replaying = False
        new.engine = engine
        new.first_seat = self.first_seat
        new._trail = self._trail[:]
        new._own = [o[:] for o in self._own]
        return new

    def __str__(self) -> str:
        if self.engine is None:
            return "chance: engine seed"
        return self.engine.render(None)

    # ---------------------------------------------------------------- helpers for observers
    def info_string(self, player: int) -> str:
        assert self.engine is not None
        return f"{self._trail[player]}|{observation_string(self.engine, player)}"


class NastolkaObserver:
    """OpenSpiel's PyObserver: ``tensor``/``dict`` filled by ``set_from``, text from ``string_from``."""

    def __init__(self, spec: RLSpec, perfect_recall: bool) -> None:
        self.spec = spec
        self.perfect_recall = perfect_recall
        d = spec.encoder.size
        size = d + (spec.actions.size if perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, np.ndarray] = {"view": self.tensor[:d]}
        if perfect_recall:
            self.dict["own_actions"] = self.tensor[d:]

    def set_from(self, state: NastolkaSpielState, player: int) -> None:
        self.tensor.fill(0.0)
        if state.engine is None:
            return
        self.spec.encoder.encode(state.engine.view(player), self.dict["view"])
        if self.perfect_recall:
            counts = np.bincount(np.asarray(state._own[player], dtype=np.intp),
                                 minlength=self.spec.actions.size)[: self.spec.actions.size]
            self.dict["own_actions"][:] = np.log1p(counts)

    def string_from(self, state: NastolkaSpielState, player: int) -> str:
        if state.engine is None:
            return f"p{player}:before the deal"
        if self.perfect_recall:
            return state.info_string(player)
        return observation_string(state.engine, player)


def register(games: list[Game] | None = None) -> list[str]:
    """Register every nastolka game (or ``games``) with OpenSpiel; returns the short names. Idempotent."""
    names = []
    for game in games if games is not None else all_games():
        name = short_name(game)
        if name not in _REGISTERED:
            cls = type(f"Spiel_{game.id}", (NastolkaSpielGame,),
                       {"nastolka_game": game, "__module__": __name__})
            globals()[cls.__name__] = cls  # pickling (OpenSpiel's serialisation) finds classes by name
            pyspiel.register_game(_game_type(game), cls)
            _REGISTERED.add(name)
        names.append(name)
    return names


def load(game: Game | str, players: int | None = None, **params: Any) -> pyspiel.Game:
    """``pyspiel.load_game`` with keyword parameters; ``options`` may be given as a dict."""
    g = game if isinstance(game, Game) else None
    if g is None:
        from nastolka.engine import get

        g = get(str(game))
    register([g])
    if players is not None:
        params["players"] = players
    if isinstance(params.get("options"), dict):
        params["options"] = json.dumps(params["options"], sort_keys=True)
    return pyspiel.load_game(short_name(g), params)
