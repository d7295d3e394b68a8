"""A tiny hidden-information game used to test the engine without any real game.

Each player is dealt 2 cards from a shuffled deck 1..(4n); on a turn a player plays one card face up or
discards one face down. Highest total of played cards wins once all hands are empty.
"""

from __future__ import annotations

from typing import Any

from nastolka.engine import (
    Event,
    Game,
    GameState,
    Option,
    OptionError,
    OptionSchema,
    Result,
    Rng,
    format_id,
    parse_id,
)


class ToyState(GameState):
    __slots__ = ("deck", "hands", "played", "discards", "turn")

    @classmethod
    def _create(cls, players: int, options: dict[str, Any], rng: Rng, setup: dict[str, Any] | None):
        s = cls.__new__(cls)
        if setup is not None:
            hands = setup.get("hands")
            if not isinstance(hands, list) or len(hands) != players:
                raise OptionError("setup 'hands' must list one hand per player")
            s.hands = [list(h) for h in hands]
            s.deck = []
        else:
            deck = list(range(1, 4 * players + 1))
            rng.shuffle(deck)
            s.hands = [sorted(deck[i * options["hand"]:(i + 1) * options["hand"]]) for i in range(players)]
            s.deck = deck[players * options["hand"]:]
        s.played = [0] * players
        s.discards = [0] * players
        s.turn = 0
        return s

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over else (self.turn,)

    @property
    def is_over(self) -> bool:
        return not any(self.hands)

    def legal_ids(self, seat: int) -> list[str]:
        if self.is_over or seat != self.turn:
            return []
        hand = self.hands[seat]
        return [format_id("play", card=c) for c in hand] + [format_id("discard", card=c) for c in hand]

    def _apply(self, seat: int, aid: str) -> list[Event]:
        parsed = parse_id(aid)
        verb, c = parsed.verb, parsed.number("card")
        self.hands[seat].remove(c)
        if verb == "play":
            self.played[seat] += c
            events = [Event("play", {"seat": seat, "card": c})]
        else:
            self.discards[seat] += 1
            events = [Event("discard", {"seat": seat})]
        n = self.players
        for k in range(1, n + 1):
            nxt = (seat + k) % n
            if self.hands[nxt]:
                self.turn = nxt
                break
        return events

    def _copy_into(self, new: Any) -> None:
        new.deck = self.deck[:]
        new.hands = [h[:] for h in self.hands]
        new.played = self.played[:]
        new.discards = self.discards[:]
        new.turn = self.turn

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "played": list(self.played),
            "discards": list(self.discards),
            "turn": self.turn,
        }

    def _determinize(self, seat: int, rng: Rng) -> None:
        unseen = self.deck[:]
        for other in range(self.players):
            if other != seat:
                unseen += self.hands[other]
        rng.shuffle(unseen)
        for other in range(self.players):
            if other != seat:
                k = len(self.hands[other])
                self.hands[other] = sorted(unseen[:k])
                unseen = unseen[k:]
        self.deck = unseen

    def _result(self) -> Result:
        return Result.from_keys([(p,) for p in self.played], [float(p) for p in self.played])


def _legacy_id(aid: str) -> str:
    """Records of the toy written before the engine grammar said ``play:3``; today it is ``play:card=3``."""
    verb, _, card = aid.partition(":")
    return format_id(verb, card=card) if verb in ("play", "discard") and card.isdigit() else aid


TOY = Game(
    id="toy", name_en="Toy", name_ru="Игрушка", min_players=2, max_players=4, rules_version="1",
    state_class=ToyState,
    options=OptionSchema((Option("hand", "int", 2, "cards per hand", "карт в руке", minimum=1, maximum=3),)),
    legacy_ids=_legacy_id,
)
