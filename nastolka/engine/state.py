"""The decision model every game is built on.

A state is always in exactly one of three conditions (:class:`Status`):

* **decision** — one or more seats (``to_act``) must choose among ``legal_ids(seat)``;
* **chance** — the game resolves it itself from the state's own seeded :class:`Rng`; ``apply`` and
  ``Game.new`` settle every chance node before returning, so callers only ever see decisions or the end;
* **over** — ``result()`` is final.

A game subclasses :class:`GameState` and fills in the ``_``-prefixed hooks. The base class owns what must
be identical in every game: legality checking before any change (an illegal action leaves the state
untouched), the action history a record is written from, the step counter, and the common view keys.

Why over 400 lines: the contract is one class (the checked path for clients and the fast index path for
search and playouts side by side, so they cannot drift apart), and it is compiled with mypyc as one unit.
"""

from __future__ import annotations

import enum
import importlib
import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from mypy_extensions import mypyc_attr

from .actions import Action, action_id
from .errors import IllegalAction
from .events import Event
from .rng import Rng

if TYPE_CHECKING:
    from .game import Game

S = TypeVar("S", bound="GameState")


#: the text modules of the games, by name (``GameState._text``)
_TEXT_MODULES: dict[str, Any] = {}
#: keys every view starts with (set by the engine; a game's own view must not reuse them)
_VIEW_HEADER = frozenset({"game", "players", "seat", "step", "status", "to_act", "result"})


class Status(enum.Enum):
    DECISION = "decision"
    CHANCE = "chance"
    OVER = "over"


@mypyc_attr(native_class=False)   # a frozen dataclass that pickles and deep-copies: kept a Python class
@dataclass(frozen=True)
class Result:
    """Final outcome. ``scores`` is per seat; ``winners`` share the victory; ``ranks`` start at 1."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    ranks: tuple[int, ...]
    details: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_keys(cls, keys: list[tuple[Any, ...]], scores: list[float],
                  details: dict[str, Any] | None = None) -> Result:
        """Rank seats by ``keys`` (higher is better, compared as tuples; equal keys share a rank)."""
        order = sorted(range(len(keys)), key=keys.__getitem__, reverse=True)
        ranks = [0] * len(keys)
        for position, seat in enumerate(order):
            if position and keys[seat] == keys[order[position - 1]]:
                ranks[seat] = ranks[order[position - 1]]
            else:
                ranks[seat] = position + 1
        winners = tuple(s for s in range(len(keys)) if ranks[s] == 1)
        return cls(tuple(scores), winners, tuple(ranks), details or {})

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "winners": list(self.winners), "ranks": list(self.ranks),
                "details": self.details}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Result:
        return cls(tuple(data["scores"]), tuple(data["winners"]), tuple(data["ranks"]),
                   dict(data.get("details", {})))


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Origin:
    """How a state began: enough, with the history, to write its record and replay it."""

    players: int
    options: dict[str, Any]
    seed: int
    setup: dict[str, Any] | None
    determinized: bool = False
    #: the generator the seed drives (``secure_rng.RNG_KINDS``): SplitMix64, or BLAKE2b for online tables
    rng: str = "splitmix64"


@mypyc_attr(allow_interpreted_subclasses=True)   # games subclass it, compiled or not
class GameState(ABC):
    """Base of every game's state. Subclasses keep their fields compact (ints, tuples, small lists)."""

    game: ClassVar[Game]

    players: int
    rng: Rng
    step: int
    origin: Origin
    #: the history, flat: ``[seat, entry, seat, entry, …]`` where an entry is an action id or, for a game
    #: with integer-coded decisions, the code (its id is made by ``_code_id`` only when someone asks).
    #: Clones share the list and each knows its own length ``_hlen``: a state appends in place while the
    #: list ends where its history ends, and copies its prefix first otherwise (see :meth:`_step_done`).
    #: So a clone costs O(1) and a playout appends without allocating a cell per action.
    _hist: list[Any]
    _hlen: int

    # ----------------------------------------------------------------- hooks a game implements
    @classmethod
    @abstractmethod
    def _create(cls: type[S], players: int, options: dict[str, Any], rng: Rng,
                setup: dict[str, Any] | None) -> S:
        """Build the initial state (``setup`` pins random elements; raise OptionError if it is bad)."""

    @classmethod
    def _check_options(cls, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Cross-checks between options and the player count; return the options to use."""
        return options

    @property
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats that must decide now; empty when over or at a chance node."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def legal_ids(self, seat: int) -> list[str]:
        """Legal action ids for ``seat`` in a stable order (empty if the seat need not act)."""

    @abstractmethod
    def _apply(self, seat: int, aid: str) -> list[Event]:
        """Apply a legal action (already checked). Must not raise."""

    @abstractmethod
    def _copy_into(self, new: Any) -> None:
        """Copy the game's own fields into ``new`` (a bare instance); share only immutable parts."""

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]:
        """JSON-ready game fields visible to ``seat`` (``None``: spectator, public only)."""

    @abstractmethod
    def _determinize(self, seat: int, rng: Rng) -> None:
        """Resample, in this (already cloned) state, everything ``seat`` cannot know."""

    @abstractmethod
    def _result(self) -> Result: ...

    def _resolve_chance(self) -> list[Event]:
        """Resolve one chance node with ``self.rng``. Only games that stop at chance nodes override it."""
        raise NotImplementedError

    def _apply_index(self, seat: int, index: int, events: list[Event] | None) -> Any:
        """Apply the ``index``-th legal action of ``seat``; return its history entry (the id or a code).

        Events go into ``events``; ``None`` means nobody will read them, and a game that overrides this
        hook builds none (playouts). The default goes through the id, for games without coded decisions.
        """
        aid = self.legal_ids(seat)[index]
        self._apply_id(seat, aid, events)
        return aid

    def _apply_id(self, seat: int, aid: str, events: list[Event] | None) -> None:
        """Apply the legal id ``aid`` of ``seat``, its events into ``events`` (``None``: nobody reads them, so
        a game that overrides this hook builds none). The default is :meth:`_apply`."""
        made = self._apply(seat, aid)
        if events is not None:
            events.extend(made)

    def _code_id(self, code: int) -> str:
        """The action id of an integer-coded history entry (games with coded decisions override it)."""
        raise TypeError(f"{type(self).__name__} records no integer-coded actions (got {code!r})")

    #: dotted path of the game's text module, with ``action_label(state, aid, lang, names)``,
    #: ``event_text(state, event, lang, names)``, ``render_view(view, lang, names)`` and
    #: ``result_lines(view, lang, names)``, whose words come from the game's ``words.toml`` (see
    #: :mod:`nastolka.engine.words`). ``names`` are the display names of the seats, which only the client
    #: or the match knows (``None``: «Игрок 1», "Player 1", …). Imported on first use, because a text module
    #: usually imports the state module (its constants) itself.
    text_module: ClassVar[str | None] = None

    @classmethod
    def _text(cls) -> Any:
        # looked up once per module name: the server asks for an event's words in two languages and for
        # every button's label after every move, and import_module costs a lock and a dict walk each time
        if not cls.text_module:
            return None
        module = _TEXT_MODULES.get(cls.text_module)
        if module is None:
            module = _TEXT_MODULES[cls.text_module] = importlib.import_module(cls.text_module)
        return module

    def action_label(self, aid: str, lang: str = "en", names: Sequence[str] | None = None) -> str:
        """Words for an action id, from the game's text module (the id itself if it has none)."""
        text = self._text()
        return str(text.action_label(self, aid, lang, names)) if text else aid

    def event_text(self, event: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:
        """Words for an event, from the game's text module."""
        text = self._text()
        if text:
            return str(text.event_text(self, event, lang, names))
        args = ", ".join(f"{k}={v}" for k, v in event.args.items())
        return f"{event.kind}({args})"

    @classmethod
    def render_view(cls, view: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
        """Text for the terminal, drawn from a view only (so it can never show hidden things)."""
        text = cls._text()
        if text:
            return str(text.render_view(view, lang, names))
        return json.dumps(view, ensure_ascii=False, indent=1)

    @classmethod
    def result_lines(cls, view: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
        """The final result in words: what each player scored and why (from a finished game's view)."""
        text = cls._text()
        if text and hasattr(text, "result_lines"):
            return [str(line) for line in text.result_lines(view, lang, names)]
        return []

    # ----------------------------------------------------------------- the public interface
    @property
    def status(self) -> Status:
        if self.is_over:
            return Status.OVER
        return Status.DECISION if self.to_act else Status.CHANCE

    def legal_actions(self, seat: int, names: Sequence[str] | None = None) -> list[Action]:
        return [Action(a, self.action_label(a, "en", names), self.action_label(a, "ru", names))
                for a in self.legal_ids(seat)]

    def check(self, seat: Any, action: Any) -> str:
        """Return the action id if ``seat`` may take ``action`` now; otherwise raise IllegalAction."""
        try:
            aid = action_id(action)
        except TypeError as exc:
            raise IllegalAction(str(exc), seat=seat, action=action) from None
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction(f"seat must be a number from 0 to {self.players - 1}, not {seat!r}",
                                seat=None, action=aid)
        if self.is_over:
            raise IllegalAction("the game is over", seat=seat, action=aid)
        if seat not in self.to_act:
            waiting = ", ".join(str(s) for s in self.to_act)
            raise IllegalAction(f"it is not seat {seat}'s decision now (waiting for seat {waiting})",
                                seat=seat, action=aid)
        legal = self.legal_ids(seat)
        if aid not in legal:
            shown = ", ".join(legal[:8]) + (", …" if len(legal) > 8 else "")
            raise IllegalAction(f"{aid!r} is not a legal action for seat {seat} now; legal: {shown}",
                                seat=seat, action=aid)
        return aid

    def apply(self, seat: Any, action: Any) -> list[Event]:
        """Apply a legal action and settle chance; returns every event (filter with ``events.visible``).

        ``seat`` is an int and ``action`` an :class:`Action` or its id; typed ``Any`` because anything may
        arrive (a client's message) and the compiled build would otherwise reject it with a ``TypeError``
        before :meth:`check` could explain.

        Raises :class:`IllegalAction` with a reason, leaving the state untouched, when the action is
        malformed, out of turn or not legal.
        """
        return self.apply_unchecked(seat, self.check(seat, action))

    def apply_unchecked(self, seat: int, aid: str) -> list[Event]:
        """Fast path for bots that took ``aid`` from ``legal_ids(seat)`` themselves."""
        events = self._apply(seat, aid)
        self._step_done(seat, aid, events)
        return events

    # ----------------------------------------------------------------- the fast interface (search, simulation)
    #: True when the game itself implements ``legal_count`` and ``_apply_index`` without building ids
    #: (integer-coded decisions). Otherwise both go through ``legal_ids``, so a loop that needs the count and
    #: then the move (a playout, a search) calls ``legal_ids`` once and :meth:`play_id` instead.
    indexed: ClassVar[bool] = False

    def legal_count(self, seat: int) -> int:
        """How many legal actions ``seat`` has (``legal_ids(seat)`` without building the ids)."""
        return len(self.legal_ids(seat))

    def legal_keys(self, seat: int) -> Sequence[Any]:
        """One hashable key per legal action, in ``legal_ids`` order, naming the same action in every
        determinization (search trees key their edges by it): the ids, or a game's integer codes."""
        return self.legal_ids(seat)

    def key_id(self, key: Any) -> str:
        """The action id of a key from :meth:`legal_keys`."""
        return key if isinstance(key, str) else self._code_id(key)

    def apply_index(self, seat: int, index: int) -> list[Event]:
        """Apply the ``index``-th of ``legal_ids(seat)`` (unchecked, like :meth:`apply_unchecked`)."""
        events: list[Event] = []
        self._step_done(seat, self._apply_index(seat, index, events), events)
        return events

    def play_index(self, seat: int, index: int) -> None:
        """Apply the ``index``-th legal action building no events: the playout step."""
        self._step_done(seat, self._apply_index(seat, index, None), None)

    def play_id(self, seat: int, aid: str) -> None:
        """:meth:`apply_unchecked` building no events where the game can skip them (``_apply_id``)."""
        self._apply_id(seat, aid, None)
        self._step_done(seat, aid, None)

    def _step_done(self, seat: int, entry: Any, events: list[Event] | None) -> None:
        """Count the step, append it to the history and settle chance."""
        self.step += 1
        hist = self._hist
        n = self._hlen
        if len(hist) != n:
            # a clone appended past our end first: the shared list is theirs now, take our prefix
            hist = self._hist = hist[:n]
        hist.append(seat)
        hist.append(entry)
        self._hlen = n + 2
        self._settle(events)

    def _start_history(self) -> None:
        """An empty history (a new game)."""
        self._hist = []
        self._hlen = 0

    def _settle(self, events: list[Event] | None) -> None:
        while not self.is_over and not self.to_act:
            made = self._resolve_chance()
            if events is not None:
                events.extend(made)

    def clone(self: S) -> S:
        cls: Any = type(self)
        new: S = cls.__new__(cls)   # no __init__: every field is copied below (compiled, object.__new__ is refused)
        new.players = self.players
        new.rng = self.rng.clone()
        new.step = self.step
        new.origin = self.origin
        new._hist = self._hist
        new._hlen = self._hlen
        self._copy_into(new)
        return new

    def determinize(self: S, seat: int, rng: Rng | int) -> S:
        """A full state in which everything ``seat`` cannot know is resampled, and future chance too."""
        rng = rng if isinstance(rng, Rng) else Rng(rng)
        new = self.clone()
        new._determinize(seat, rng)
        new.rng = rng.spawn()
        new.origin = Origin(self.origin.players, self.origin.options, self.origin.seed, self.origin.setup,
                            determinized=True, rng=self.origin.rng)
        return new

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """Everything ``seat`` may know, JSON-ready; ``None`` is a spectator's public view."""
        data: dict[str, Any] = {
            "game": self.game.id,
            "players": self.players,
            "seat": seat,
            "step": self.step,
            "status": self.status.value,
            "to_act": list(self.to_act),
        }
        own = self._view(seat)
        clash = _VIEW_HEADER.intersection(own)
        if clash:
            raise TypeError(f"{self.game.id}: a game's view may not redefine the common keys {sorted(clash)}")
        data.update(own)
        if self.is_over:
            data["result"] = self._result().to_json()
        return data

    def result(self) -> Result:
        if not self.is_over:
            raise IllegalAction("the game is not over yet")
        return self._result()

    def history(self) -> list[tuple[int, str]]:
        """The applied actions, oldest first, as ``(seat, action id)``."""
        hist = self._hist
        out: list[tuple[int, str]] = []
        for i in range(0, self._hlen, 2):
            entry = hist[i + 1]
            out.append((hist[i], entry if isinstance(entry, str) else self._code_id(entry)))
        return out

    def fields(self) -> dict[str, Any]:
        """Every field of the state, the engine's and the game's, by name (tests snapshot and compare it).

        ``vars(state)`` would miss the engine's fields in the compiled build, where they live in native
        slots rather than the instance dictionary.
        """
        out: dict[str, Any] = {}
        for klass in reversed(type(self).__mro__):
            names = tuple(getattr(klass, "__mypyc_attrs__", ())) + tuple(getattr(klass, "__slots__", ()))
            for name in names:
                if name not in ("__dict__", "__weakref__") and hasattr(self, name):
                    out[name] = getattr(self, name)
        out.update(getattr(self, "__dict__", {}))
        if "_hist" in out:
            out["_hist"] = out["_hist"][:self._hlen]    # the list may run on into a clone's history
        return out

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle by fields: compiled, the default would drop either the native or the dictionary part.

        The history is a flat list (``fields`` cuts it to this state's length), so a game far longer than
        Python's recursion limit pickles too; worker processes (ISMCTS) and OpenSpiel's serialisation just
        pickle the state.
        """
        return (_restore_state, (type(self), self.fields()))

    def render(self, seat: int | None = None, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return self.render_view(self.view(seat), lang, names)

    @property
    def options(self) -> dict[str, Any]:
        return self.origin.options


def _restore_state(cls: Any, fields: dict[str, Any]) -> Any:
    """Unpickle a state written by :meth:`GameState.__reduce__`."""
    new = cls.__new__(cls)
    for name, value in fields.items():
        setattr(new, name, value)
    return new
