"""The ``heuristic`` bot for «Шоу-Битва»: lookahead on the strength difference.

It never reads hidden parts of the true state: it searches ``state.determinize(seat, rng)`` (its own hand
and the board are public to it; others' hands and every deck order are resampled). A placement is scored
after the whole own turn it starts — the effect decisions and the ФОКУСНИК extra placement that follow are
searched greedily too, because a card's value is mostly in its effect — by ``own strength − best rival's``.
With ``reply=True`` (the default) the next opponent's greedy answer on the sampled hand is played out
before scoring, so leaving a strong card at the open end of a row (the next card's left neighbour) costs
what it should. In solo the automa's answer is already part of ``apply``. Tokens go on the most exposed
strong own card; the mulligan is never taken.
"""

from __future__ import annotations

from typing import Any

from nastolka.engine import Game, GameState, Rng

from .actions import A_MULLIGAN, A_TOKEN, DONE, PARSED
from .data import CARD_OWNER, CARD_VAL, ROW_SLOTS
from .state import EFFECT, END, EXTRA, ShowBattleState

#: a card showing at least this much is worth a token when it is exposed at the open end of a row
PROTECT_AT = 5
#: how many effect / extra-placement decisions of one turn are searched
TURN_DEPTH = 3


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int = 0, reply: bool = True) -> None:
        self.rng = Rng(seed)
        self.reply = reply

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
            if PARSED[aid][0] in (A_TOKEN, A_MULLIGAN):
                continue
            after = self._line(det, seat, aid, TURN_DEPTH)
            if self.reply and not after.solo and not after.is_over and after.turn != seat:
                opp = after.turn
                replies = [self._line(after, opp, r, TURN_DEPTH) for r in after.legal_ids(opp)
                           if PARSED[r][0] not in (A_TOKEN, A_MULLIGAN)]
                if replies:
                    after = max(replies, key=lambda st: st._diff(opp))
            value = after._diff(seat)
            if best_value is None or value > best_value:
                best, best_value = aid, value
        return best

    def _line(self, state: ShowBattleState, seat: int, aid: str, depth: int) -> ShowBattleState:
        """The state after ``aid`` and the best (greedy) continuation of ``seat``'s own turn."""
        sim = state.clone()
        sim.apply_unchecked(seat, aid)
        if sim.turn == seat and sim.phase == END:
            sim.apply_unchecked(seat, DONE)  # tokens do not change the strength now
        if depth > 0 and not sim.is_over and sim.turn == seat and sim.phase in (EFFECT, EXTRA):
            return max((self._line(sim, seat, nxt, depth - 1) for nxt in sim.legal_ids(seat)),
                       key=lambda st: st._diff(seat))
        return sim

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
            if CARD_OWNER[c] != seat or s != state.row_len[r] - 1 or state.row_len[r] >= ROW_SLOTS:
                continue
            value = CARD_VAL[c][state.orient[c]]
            if value > best_value:
                best, best_value = aid, value
        return best


def factory(game: Game, seed: int = 0, **kw: Any) -> HeuristicBot:
    return HeuristicBot(seed, reply=bool(kw.get("reply", True)))
