"""Goofspiel: a tiny game with simultaneous secret bids and chance, for the bot tests.

Every player holds the cards 1..6. Each round a prize card (1..6, shuffled) is turned up; all players bid a
card at once (secretly: the others only learn that a bid was made); when all have bid the bids are
revealed and the single highest bid takes the prize (a tie discards it). Most prize points wins.
"""

from __future__ import annotations

from typing import Any

from nastolka.engine import Event, Game, GameState, Result, Rng

CARDS = 6


class SimState(GameState):
    @classmethod
    def _create(cls, players: int, options: dict[str, Any], rng: Rng, setup: dict[str, Any] | None):
        s = cls.__new__(cls)
        s.prizes = list(range(1, CARDS + 1))
        rng.shuffle(s.prizes)
        s.prize = s.prizes.pop()
        s.hands = [list(range(1, CARDS + 1)) for _ in range(players)]
        s.pending = [0] * players
        s.points = [0] * players
        s.last = []
        return s

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.is_over:
            return ()
        return tuple(i for i in range(self.players) if not self.pending[i])

    @property
    def is_over(self) -> bool:
        return self.prize == 0

    def legal_ids(self, seat: int) -> list[str]:
        if self.is_over or self.pending[seat]:
            return []
        return [f"bid:{c}" for c in self.hands[seat]]

    def _apply(self, seat: int, aid: str) -> list[Event]:
        c = int(aid[4:])
        self.hands[seat].remove(c)
        self.pending[seat] = c
        events = [Event("bid", {"seat": seat}), Event("your_bid", {"card": c}, seats=(seat,))]
        if all(self.pending):
            top = max(self.pending)
            if self.pending.count(top) == 1:
                self.points[self.pending.index(top)] += self.prize
            self.last = self.pending[:]
            events.append(Event("reveal", {"bids": self.pending[:], "prize": self.prize}))
            self.pending = [0] * self.players
            self.prize = self.prizes.pop() if self.prizes else 0
        return events

    def _copy_into(self, new: Any) -> None:
        new.prizes = self.prizes[:]
        new.prize = self.prize
        new.hands = [h[:] for h in self.hands]
        new.pending = self.pending[:]
        new.points = self.points[:]
        new.last = self.last[:]

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"prize": self.prize, "prizes_left": sorted(self.prizes),
                "hands": [sorted(h + ([p] if p and o != seat else [])) for o, (h, p)
                          in enumerate(zip(self.hands, self.pending, strict=True))],
                "bid_made": [bool(p) for p in self.pending],
                "my_bid": None if seat is None else self.pending[seat],
                "points": list(self.points), "last": list(self.last)}

    def _determinize(self, seat: int, rng: Rng) -> None:
        self.prizes.sort()
        rng.shuffle(self.prizes)
        for o in range(self.players):
            if o != seat and self.pending[o]:
                pool = sorted(self.hands[o] + [self.pending[o]])
                self.pending[o] = pool.pop(rng.randbelow(len(pool)))
                self.hands[o] = pool

    def _result(self) -> Result:
        return Result.from_keys([(p,) for p in self.points], [float(p) for p in self.points])


SIM = Game(id="simtoy", name_en="Goofspiel", name_ru="Гофшпиль", min_players=2, max_players=4,
           rules_version="1", state_class=SimState)
