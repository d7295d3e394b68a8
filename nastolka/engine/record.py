"""Records: the JSON that describes a game completely (options, seed or setup, seats, actions, result).

A record is written from a state alone (:func:`record_of`) and replayed by re-applying each action with
full legality checks (:func:`replay`). The same format serves saved games, bug reports and the
hand-written rules scenarios with an explicit ``setup`` block. See ``docs/records.md``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import IllegalAction, NastolkaError, OptionError, RecordError
from .game import Game
from .registry import get
from .secure_rng import DEFAULT_RNG, RNG_KINDS
from .state import GameState, Result

FORMAT = "nastolka-record/1"


@dataclass
class Record:
    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    setup: dict[str, Any] | None = None
    seats: list[str] = field(default_factory=list)
    actions: list[tuple[int, str]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    rules_version: str = ""
    notes: dict[str, Any] = field(default_factory=dict)
    #: the generator the seed drives; written only when it is not SplitMix64 (older records have none)
    rng: str = DEFAULT_RNG

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "players": self.players,
            "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()},
            "seed": self.seed,
            **({"rng": self.rng} if self.rng != DEFAULT_RNG else {}),
            "seats": list(self.seats),
            "actions": [[seat, aid] for seat, aid in self.actions],
            "result": self.result,
        }
        if self.setup is not None:
            data["setup"] = self.setup
        if self.notes:
            data["notes"] = self.notes
        return data

    def dumps(self) -> str:
        """Indented JSON with one ``[seat, "action id"]`` pair per line, so records read and diff well."""
        data = self.to_json()
        actions = data.pop("actions")
        body = json.dumps(data, ensure_ascii=False, indent=1)
        lines = ",\n".join("  " + json.dumps(pair, ensure_ascii=False) for pair in actions)
        listing = f'"actions": [\n{lines}\n ]' if actions else '"actions": []'
        return body[:-2] + ",\n " + listing + "\n}"

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, data: Any) -> Record:  # noqa: C901
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        fmt = data.get("format", FORMAT)
        if fmt != FORMAT:
            raise RecordError(f"unsupported record format {fmt!r} (expected {FORMAT!r})")
        for key in ("game", "players", "actions"):
            if key not in data:
                raise RecordError(f"the record has no {key!r}")
        if not isinstance(data["game"], str):
            raise RecordError("'game' must be a game id string")
        players = data["players"]
        if isinstance(players, bool) or not isinstance(players, int):
            raise RecordError("'players' must be a whole number")
        seed = data.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RecordError("'seed' must be a whole number")
        rng = data.get("rng", DEFAULT_RNG)
        if rng not in RNG_KINDS:
            raise RecordError(f"unknown random generator {rng!r} (known: {', '.join(RNG_KINDS)})")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RecordError("'options' must be an object")
        setup = data.get("setup")
        if setup is not None and not isinstance(setup, dict):
            raise RecordError("'setup' must be an object")
        raw_actions = data["actions"]
        if not isinstance(raw_actions, list):
            raise RecordError("'actions' must be a list of [seat, action id] pairs")
        actions: list[tuple[int, str]] = []
        for index, item in enumerate(raw_actions):
            if (not isinstance(item, (list, tuple)) or len(item) != 2 or isinstance(item[0], bool)
                    or not isinstance(item[0], int) or not isinstance(item[1], str)):
                raise RecordError(f"action #{index} must be a [seat, action id] pair, not {item!r}")
            actions.append((item[0], item[1]))
        seats = data.get("seats", [])
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise RecordError("'seats' must be a list of names")
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise RecordError("'result' must be an object or null")
        return cls(game=data["game"], players=players, options=options, seed=seed, setup=setup,
                   seats=list(seats), actions=actions, result=result,
                   rules_version=str(data.get("rules_version", "")), notes=dict(data.get("notes", {})), rng=rng)

    @classmethod
    def loads(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"the record is not valid JSON: {exc.msg} at line {exc.lineno}") from None
        return cls.from_json(data)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read {path}: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise RecordError(f"{path} is not a UTF-8 text file") from None
        return cls.loads(text)


def record_of(state: GameState, seats: Sequence[str] | None = None,
              notes: dict[str, Any] | None = None) -> Record:
    """The record of everything applied to ``state`` since it began (needs nothing but the state)."""
    origin = state.origin
    if origin.determinized:
        raise RecordError("a determinized state has no record: its hidden parts were resampled")
    return Record(
        game=state.game.id,
        players=origin.players,
        options=dict(origin.options),
        seed=origin.seed,
        setup=origin.setup,
        seats=list(seats) if seats is not None else [f"seat {i}" for i in range(origin.players)],
        actions=state.history(),
        result=state.result().to_json() if state.is_over else None,
        rules_version=state.game.rules_version,
        notes=dict(notes or {}),
        rng=origin.rng,
    )


def check_rules_version(record: Record, game: Game) -> None:
    """Refuse a record written under other rules than the game's current ones (docs/decisions.md).

    Why refuse rather than replay: a record is only evidence of a game if every action is checked against
    the rules it was played under, and this code holds only the current rules. A record without a
    ``rules_version`` (a hand-written scenario) is read under the current rules.
    """
    if record.rules_version and record.rules_version != game.rules_version:
        raise RecordError(
            f"this record was played under {game.name_en} rules version {record.rules_version}, but this "
            f"nastolka implements rules version {game.rules_version}; replay it with the nastolka release "
            f"that wrote it")


def start(record: Record, *, any_rules: bool = False) -> GameState:
    """The initial state a record describes (errors are RecordErrors naming the problem).

    ``any_rules`` skips the rules-version check: the record is then judged by the current rules only.
    """
    try:
        game = get(record.game)
        if not any_rules:
            check_rules_version(record, game)
        return game.new(record.players, record.options, seed=record.seed, setup=record.setup, rng=record.rng)
    except OptionError as exc:
        raise RecordError(f"the record's setup is not valid: {exc}") from None
    except RecordError:
        raise
    except NastolkaError as exc:
        raise RecordError(str(exc)) from None


def iter_replay(record: Record, *, any_rules: bool = False) -> Iterator[GameState]:
    """Yield the initial state and then the state after each action (the same object, mutated).

    Ids of an older shape are upgraded first (:meth:`Game.upgrade_id`), so old records still replay.
    """
    state = start(record, any_rules=any_rules)
    yield state
    upgrade = state.game.upgrade_id
    for index, (seat, aid) in enumerate(record.actions):
        aid = upgrade(aid)
        try:
            state.apply(seat, aid)
        except IllegalAction as exc:
            raise RecordError(f"action #{index} ({seat}, {aid!r}) does not replay: {exc.reason}") from None
        yield state


def replay(record: Record, *, upto: int | None = None, verify_result: bool = True,
           any_rules: bool = False) -> GameState:
    """Re-execute ``record`` (the first ``upto`` actions) and check the stored result if it is complete.

    A record of another rules version is refused unless ``any_rules`` (see :func:`check_rules_version`).
    """
    if upto is not None and not 0 <= upto <= len(record.actions):
        raise RecordError(f"step {upto} is outside the record (0..{len(record.actions)})")
    state: GameState | None = None
    for count, state in enumerate(iter_replay(record, any_rules=any_rules)):
        if upto is not None and count == upto:
            return state
    assert state is not None
    if verify_result and record.result is not None:
        if not state.is_over:
            raise RecordError("the record claims a result but its actions do not finish the game")
        if state.result().to_json() != Result.from_json(record.result).to_json():
            raise RecordError("the record's result differs from the result its actions produce")
    return state
