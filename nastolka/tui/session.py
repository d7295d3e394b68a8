"""One game being played in the client: the state, who sits where, the log, save, resume and undo.

Kept free of Textual so the rules of the client (whose turn is shown, what may be undone, what a save
holds) can be tested without a terminal. Bots never receive this object's state: they get a clone, in a
worker thread, so the interface can keep drawing while they think.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from nastolka.bots import bot_names, make_bot
from nastolka.bots.base import Bot
from nastolka.engine import Event, Game, GameState, NastolkaError, Record, record_of
from nastolka.engine.errors import RecordError
from nastolka.engine.record import check_rules_version
from nastolka.engine.undo import undo_target

from .config import saves_dir

HUMAN = "human"


@dataclass
class Step:
    """One applied action with every event it caused (filtered per viewer only when shown)."""

    seat: int
    aid: str
    events: list[Event]


@dataclass
class Session:
    game: Game
    state: GameState
    seats: list[str]  # "human" or a bot name, per seat
    seed: int = 0
    bots: dict[int, Bot] = field(default_factory=dict)
    steps: list[Step] = field(default_factory=list)
    #: a clone of the state before each applied action, for the undo check (clones are cheap)
    before: list[GameState] = field(default_factory=list)
    #: the file this game is saved in (a resumed game keeps its file: one game, one save), and how many
    #: steps that file holds — leaving asks first only when there is something unsaved
    save_path: Path | None = None
    saved_steps: int = 0

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, game: Game, seats: Sequence[str], options: dict[str, Any] | None = None,
            seed: int = 0) -> Session:
        state = game.new(len(seats), options, seed=seed)
        session = cls(game, state, list(seats), seed)
        session._make_bots()
        return session

    @classmethod
    def from_record(cls, game: Game, record: Record, seats: Sequence[str] | None = None) -> Session:
        """Rebuild a game from its record (every action re-applied with full legality checks)."""
        if record.game != game.id:
            raise RecordError(f"the record is of {record.game!r}, not {game.id!r}")
        check_rules_version(record, game)   # a record of other rules is refused, naming both versions
        kinds = list(seats) if seats is not None else seat_kinds_of(game, record)
        try:
            # the record's own generator: an online table's record is BLAKE2b, a local one SplitMix64
            state = game.new(record.players, record.options, seed=record.seed, setup=record.setup, rng=record.rng)
        except NastolkaError as exc:
            raise RecordError(f"the record's setup is not valid: {exc}") from None
        session = cls(game, state, kinds, record.seed)
        for index, (seat, aid) in enumerate(record.actions):
            try:
                session.apply(seat, aid)
            except NastolkaError as exc:
                raise RecordError(f"action #{index} ({seat}, {aid!r}) does not replay: {exc}") from None
        session._make_bots()
        return session

    def _make_bots(self) -> None:
        names = set(bot_names(self.game))
        self.bots = {}
        for seat, kind in enumerate(self.seats):
            if kind != HUMAN:
                if kind not in names:
                    raise NastolkaError(f"unknown bot {kind!r} for {self.game.id}")
                # each bot its own seed, derived from the game's, so a rerun with the same seed replays
                bot = make_bot(self.game, kind, seed=self.seed * 101 + seat + 1)
                check = getattr(bot, "check_table", None)  # a trained policy refuses a table it does not fit
                if check is not None:
                    check(self.state.players, dict(self.state.origin.options))
                self.bots[seat] = bot

    # ------------------------------------------------------------------ who acts
    @property
    def humans(self) -> list[int]:
        return [s for s, kind in enumerate(self.seats) if kind == HUMAN]

    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == HUMAN

    def next_seat(self) -> int | None:
        """The seat asked next (the first of ``to_act``, as the match runner does), or None when over."""
        if self.state.is_over or not self.state.to_act:
            return None
        return self.state.to_act[0]

    def apply(self, seat: int, aid: str) -> list[Event]:
        before = self.state.clone()
        events = self.state.apply(seat, aid)
        self.before.append(before)
        self.steps.append(Step(seat, aid, events))
        return events

    # ------------------------------------------------------------------ records
    def record(self) -> Record:
        return record_of(self.state, seats=list(self.seats), notes={"client": "tui", "seats": list(self.seats)})

    def save(self, path: Path | None = None) -> Path:
        if path is None:
            if self.save_path is None:
                stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
                self.save_path = saves_dir() / f"{self.game.id}-{stamp}.json"
            path = self.save_path
        path.parent.mkdir(parents=True, exist_ok=True)
        self.record().save(path)
        if path == self.save_path:
            self.saved_steps = len(self.steps)
        return path

    @property
    def unsaved(self) -> bool:
        """Moves were made since the last save and the game is not over (a finished game is kept only on
        request, from the result screen)."""
        return not self.state.is_over and len(self.steps) > self.saved_steps

    # ------------------------------------------------------------------ undo
    def undo_target(self) -> tuple[int | None, str]:
        """Index of the step to cut the record at, or None and the reason (an i18n key) why not.

        Undo is offered only against bots (one human: at one screen, only they can ask), and the engine
        decides (``nastolka.engine.undo``, the rule the server uses too): the human's own last move, with
        nobody acting since, that drew no randomness and showed nobody anything hidden. One move at a
        time; asking again takes back the move before it under the same rule.
        """
        humans = self.humans
        if len(humans) != 1:
            return None, "undo_why_humans"
        cut, why = undo_target([*self.before, self.state], humans[0])
        return (cut, "") if cut is not None else (None, f"undo_why_{why}")

    def undo(self) -> bool:
        """Take back the human's last move by replaying the shortened record (what a saved game holds)."""
        cut, _ = self.undo_target()
        if cut is None:
            return False
        record = self.record()
        record.actions = record.actions[:cut]
        record.result = None
        rebuilt = Session.from_record(self.game, record, self.seats)
        self.state, self.steps, self.before = rebuilt.state, rebuilt.steps, rebuilt.before
        if self.saved_steps > len(self.steps):
            self.saved_steps = -1  # the file holds moves this game no longer has
        return True


def seat_kinds_of(game: Game, record: Record) -> list[str]:
    """Who sat where in a saved record: bot names stay bots, everything else becomes a human seat."""
    noted = record.notes.get("seats")
    names: list[Any] = noted if isinstance(noted, list) else list(record.seats)
    known = set(bot_names(game))
    kinds = [n if isinstance(n, str) and n in known else HUMAN for n in names]
    kinds += [HUMAN] * (record.players - len(kinds))
    return kinds[: record.players]
