"""The state of «Камешки»: the pile, whose turn, and how many stones each player took."""

from __future__ import annotations

from typing import Any

from nastolka.engine import Event, GameState, OptionError, Result, Rng, format_id, parse_id

#: most stones one turn may take
MOST = 3


class StonesState(GameState):
    text_module = "stones.text"

    pile: int            #: stones left
    turn: int            #: the seat to take next
    taken: list[int]     #: stones taken by each seat so far
    last: int            #: the seat that took the last stone (-1 while stones are left)

    @classmethod
    def _create(cls, players: int, options: dict[str, Any], rng: Rng, setup: dict[str, Any] | None) -> StonesState:
        s = cls.__new__(cls)
        s.pile = int(options["pile"])
        s.turn = 0
        if setup is not None:
            first = setup.get("first", 0)
            if not isinstance(first, int) or not 0 <= first < players:
                raise OptionError("setup 'first' must be a seat")
            s.turn = first
        s.taken = [0] * players
        s.last = -1
        return s

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over else (self.turn,)

    @property
    def is_over(self) -> bool:
        return self.pile == 0

    def legal_ids(self, seat: int) -> list[str]:
        if self.is_over or seat != self.turn:
            return []
        return [format_id("take", count=k) for k in range(1, min(MOST, self.pile) + 1)]

    def _apply(self, seat: int, aid: str) -> list[Event]:
        count = parse_id(aid).number("count")
        self.pile -= count
        self.taken[seat] += count
        if self.pile == 0:
            self.last = seat
        self.turn = (seat + 1) % self.players
        return [Event("take", {"seat": seat, "count": count, "left": self.pile})]

    def _copy_into(self, new: Any) -> None:
        new.pile = self.pile
        new.turn = self.turn
        new.taken = self.taken[:]
        new.last = self.last

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"pile": self.pile, "turn": self.turn, "taken": list(self.taken), "most": MOST}

    def _determinize(self, seat: int, rng: Rng) -> None:
        """Nothing is hidden."""

    def _result(self) -> Result:
        keys = [(1 if s == self.last else 0,) for s in range(self.players)]
        return Result.from_keys(keys, [float(k[0]) for k in keys], {"last": self.last})
