"""The ``heuristic`` bot for «Шоу-Битва»: a one-move lookahead on the strength difference.

It never reads hidden parts of the true state: it searches ``state.determinize(seat, rng)`` (its own hand
and the board are public to it; others' hands and every deck order are resampled). A placement is scored
after the whole own turn it starts — the effect decisions and the ФОКУСНИК extra placement that follow are
searched greedily too, because a card's value is mostly in its effect — by ``own strength − best rival's``.
Tokens go on the most exposed strong own card; the mulligan is never taken.
"""

from __future__ import annotations

from typing import Any

from nastolka.engine import Game, GameState, Rng

from .actions import A_MULLIGAN, A_TOKEN, DONE, PARSED
from .data import CARD_OWNER, CARD_VAL, ROW_SLOTS
from .state import EFFECT, END, EXTRA, ShowBattleState

#: a card showing at least this much is worth a token when it is exposed at the open end of a row
PROTECT_AT = 5


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: GameState, seat: int) -> str:
        legal = state.legal_ids(seat)
        if len(legal) == 1:
            return legal[0]
        assert isinstance(state, ShowBattleState)
        if state.phase == END:
            return self._token_or_done(state, seat, legal)
        det = state.determinize(seat, self.rng.spawn())
        best, best_value = legal[0], None
        for aid in legal:
            kind = PARSED[aid][0]
            if kind in (A_TOKEN, A_MULLIGAN):
                continue
            value = self._value_after(det, seat, aid, 3)
            if best_value is None or value > best_value:
                best, best_value = aid, value
        return best

    def _value_after(self, state: ShowBattleState, seat: int, aid: str, depth: int) -> float:
        sim = state.clone()
        sim.apply_unchecked(seat, aid)
        if depth > 0 and not sim.is_over and sim.turn == seat and sim.phase in (EFFECT, EXTRA):
            return max(self._value_after(sim, seat, nxt, depth - 1) for nxt in sim.legal_ids(seat))
        return float(sim._diff(seat))

    def _token_or_done(self, state: ShowBattleState, seat: int, legal: list[str]) -> str:
        """Protect the strongest own card at the open end of a row (the next placement's left card)."""
        best, best_value = DONE, PROTECT_AT - 1
        for aid in legal:
            a = PARSED[aid]
            if a[0] != A_TOKEN:
                continue
            idx = a[1]
            r, s = divmod(idx, ROW_SLOTS)
            c = state.top[idx]
            if CARD_OWNER[c] != seat or s != state.rlen[r] - 1 or state.rlen[r] >= ROW_SLOTS:
                continue
            value = CARD_VAL[c][state.ori[c]]
            if value > best_value:
                best, best_value = aid, value
        return best if best in legal else legal[-1]


def factory(game: Game, seed: int = 0, **_: Any) -> HeuristicBot:
    return HeuristicBot(seed)
