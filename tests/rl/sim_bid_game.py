"""A tiny game with simultaneous decisions, to test how the RL adapters serialise them.

Each round every seat secretly bids 1–3 (all seats are in ``to_act`` until they have bid); when all have
bid, the highest single bid scores its value (ties score nothing). Three rounds. A seat's view shows its
own bid and only *whether* the others have bid, so determinize resamples the others' pending bids.
"""

from __future__ import annotations

from typing import Any

from nastolka.engine import Event, Game, GameState, Result, Rng


class BidState(GameState):
    @classmethod
    def _create(cls, players: int, options: dict[str, Any], rng: Rng, setup: dict[str, Any] | None):
        s = cls.__new__(cls)
        s.bids = [0] * players
        s.scores = [0] * players
        s.round = 0
        return s

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over else tuple(s for s in range(self.players) if not self.bids[s])

    @property
    def is_over(self) -> bool:
        return self.round >= 3

    def legal_ids(self, seat: int) -> list[str]:
        return [f"bid:{k}" for k in (1, 2, 3)] if seat in self.to_act else []

    def _apply(self, seat: int, aid: str) -> list[Event]:
        self.bids[seat] = int(aid[4:])
        if all(self.bids):
            top = max(self.bids)
            if self.bids.count(top) == 1:
                self.scores[self.bids.index(top)] += top
            events = [Event("reveal", {"bids": self.bids[:]})]
            self.bids = [0] * self.players
            self.round += 1
            return events
        return [Event("bid", {"seat": seat})]

    def _copy_into(self, new: Any) -> None:
        new.bids = self.bids[:]
        new.scores = self.scores[:]
        new.round = self.round

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"my_bid": self.bids[seat] if seat is not None else None,
                "has_bid": [bool(b) for b in self.bids], "scores": self.scores[:], "round": self.round}

    def _determinize(self, seat: int, rng: Rng) -> None:
        for other in range(self.players):
            if other != seat and self.bids[other]:
                self.bids[other] = rng.randint(1, 3)

    def _result(self) -> Result:
        return Result.from_keys([(s,) for s in self.scores], [float(s) for s in self.scores])


BID = Game(id="simbid", name_en="Sim bid", name_ru="Ставки", min_players=2, max_players=3,
           rules_version="1", state_class=BidState)
