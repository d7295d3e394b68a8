"""The ``heuristic`` Colt Express bot: rob when loot is in reach, shoot the leader, avoid the Marshal.

Why rules instead of search: a random playout costs milliseconds, and a bot that clearly beats random play
is what the arena and the tests need; a few dozen lines of preferences over the seat's own view do that
in microseconds per decision. The bot reads only ``state.view(seat)`` and ``state.legal_ids(seat)``, so it
can never peek at hidden purses, hands or future round cards.

Schemin': each playable card is scored at the position the bandit is predicted to have when the card
resolves (its own earlier cards of the round applied, the others assumed still): Robbery is worth the loot
there, Punch the loot of a bandit there, Fire a fixed amount more when the leader is in range, Move/Floor
the loot they bring within reach (never inside the Marshal's car) plus what the round's event will do
there, Marshal the rivals it would hit; drawing wins when nothing scores. A Robbery counts the loot that
earlier Robbery cards (ours, and rivals' standing there) will already have taken. Stealin': each option is
scored by the same measures.
"""

from __future__ import annotations

from typing import Any

from nastolka.engine import Rng
from nastolka.engine.ids import split_id

from .codes import PICKPOCKET_TAKE

#: expected value of a purse whose value the seat does not know (mean of the 18 purses)
PURSE_GUESS = 336
VALUES = {"purse": PURSE_GUESS, "jewel": 500, "strongbox": 1000, "none": 0}




def _loot_values(loot: dict[str, Any]) -> list[int]:
    vals = [v if v is not None else PURSE_GUESS for v in loot["purses"]]
    return vals + [500] * loot["jewels"] + [1000] * loot["strongboxes"]


class _Board:
    """The parts of a view the scoring needs, as plain lists indexed by car and level."""

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.seat = seat
        self.k = len(view["cars"]) - 1
        self.marshal = view["marshal"]
        self.bandits = view["bandits"]
        self.place_loot: dict[tuple[int, int], list[int]] = {}
        for c, car in enumerate(view["cars"]):
            self.place_loot[(c, 0)] = sorted(_loot_values(car["inside"]), reverse=True)
            self.place_loot[(c, 1)] = sorted(_loot_values(car["roof"]), reverse=True)
        self.pos = {b["id"]: (b["car"], 0 if b["level"] == "inside" else 1) for b in self.bandits}
        self.seat_of = {b["id"]: b["seat"] for b in self.bandits}
        self.bullets = {b["id"]: b["bullets"] for b in self.bandits}
        self.held = {b["id"]: sorted(_loot_values(b), reverse=True) for b in self.bandits}
        self.wealth = [t["known"] + PURSE_GUESS * t["unknown_purses"] for t in view["loot_totals"]]
        others = [w for s, w in enumerate(self.wealth) if s != seat]
        self.leader_wealth = max(others) if others else 0
        self.mine = [b["id"] for b in self.bandits if b["seat"] == seat]
        card = view.get("round_card")
        self.event = {"tunnels": "", "full_steam": ""}.get(card, card) if card else ""

    def value(self, place: tuple[int, int]) -> int:
        loot = self.place_loot.get(place)
        return loot[0] if loot else 0

    def reach(self, place: tuple[int, int]) -> float:
        """Loot near ``place``: each step of distance halves what it is worth."""
        c, lvl = place
        best = 0.0
        for (qc, ql), loot in self.place_loot.items():
            if loot:
                best = max(best, loot[0] * 0.5 ** (abs(qc - c) + abs(ql - lvl)))
        return best

    def is_rival(self, bid: str) -> bool:
        return bool(self.seat_of[bid] != self.seat)

    def rival_score(self, bid: str) -> float:
        """How much hurting ``bid`` is worth: rivals by wealth, our own bandit (2 players) is a loss."""
        if not self.is_rival(bid):
            return -1000.0
        w: float = self.wealth[self.seat_of[bid]]
        return 100.0 + 0.1 * w + (150.0 if w >= self.leader_wealth else 0.0)

    def targets_from(self, me: str, place: tuple[int, int]) -> list[str]:
        """Fire targets from ``place`` (CE-6 without Tuco/Belle subtleties: a bot's estimate)."""
        c, lvl = place
        out = []
        if lvl == 0:
            out = [b for b, (bc, bl) in self.pos.items() if b != me and bl == 0 and abs(bc - c) == 1]
        else:
            for step in (-1, 1):
                x = c + step
                while 0 <= x <= self.k:
                    here = [b for b, (bc, bl) in self.pos.items() if b != me and bl == 1 and bc == x]
                    if here:
                        out += here
                        break
                    x += step
        return out

    def event_term(self, place: tuple[int, int]) -> float:
        """What the round card's end-of-round event will do to a bandit standing at ``place``."""
        c, lvl = place
        e = self.event
        if e == "rebellion" and lvl == 0:
            return -150.0
        if e in ("angry_marshal", "marshals_revenge") and lvl == 1 and c == self.marshal:
            return -150.0
        if e == "hostage_conductor" and c == 0:
            return 250.0
        return 0.0

    def bad_place(self, place: tuple[int, int]) -> bool:
        return place[1] == 0 and place[0] == self.marshal


class HeuristicBot:
    """Greedy scoring over the seat's view; deterministic for a given seed."""

    name = "heuristic"

    def __init__(self, seed: int = 0, **_: Any) -> None:
        self.rng = Rng(seed)

    def choose(self, state: Any, seat: int) -> str:
        legal: list[str] = state.legal_ids(seat)
        if len(legal) == 1:
            return legal[0]
        view = state.view(seat)
        board = _Board(view, seat)
        best, best_score = legal[0], float("-inf")
        for aid in legal:
            score = self._score(aid, view, board) + self.rng.random() * 1e-3
            if score > best_score:
                best, best_score = aid, score
        return best

    # ------------------------------------------------------------------------- scoring
    def _predicted(self, view: dict[str, Any], board: _Board, bandit: str) -> tuple[int, int]:
        """Where ``bandit`` should stand when the next card resolves: its earlier pile cards applied."""
        c, lvl = board.pos[bandit]
        two = view["two_player"]
        for entry in view["pile"]:
            if entry["seat"] != board.seat or entry["card"] is None:
                continue
            kind, _, owner = entry["card"].partition(":")
            if two and owner != bandit:
                continue
            if kind == "floor":
                lvl = 1 - lvl
            elif kind == "move":
                dests = [d for d in range(c - (3 if lvl else 1), c + (3 if lvl else 1) + 1)
                         if 0 <= d <= board.k and d != c and not board.bad_place((d, lvl))]
                if dests:
                    c = max(dests, key=lambda d: (board.value((d, lvl)), board.reach((d, lvl))))
            if lvl == 0 and c == board.marshal:
                lvl = 1
        return c, lvl

    def _acting_bandit(self, view: dict[str, Any], board: _Board, args: dict[str, str]) -> str:
        if "bandit" in args:
            return args["bandit"]
        if view.get("resolving"):
            card: str = view["resolving"]["card"]
            if ":" in card:
                return card.split(":")[1]
        mine: str = board.mine[0]
        return mine

    def _score(self, aid: str, view: dict[str, Any], board: _Board) -> float:  # noqa: C901
        verb, a = split_id(aid)
        if verb in ("play", "cover"):
            return self._score_play(a, view, board) - (0 if verb == "play" else 60)
        if aid == "draw":
            playable = [c for c in (view["hand"] or []) if not c.startswith("bullet")]
            return 140.0 - 20 * len(playable)
        if aid == "pass":
            return 0.0 if verb == "pass" and view["phase"] == "cover" else -1.0
        if aid == PICKPOCKET_TAKE:
            return 1.0
        if verb in ("pickpocket",):
            return 0.0
        if verb == "keep":   # two-player keep-1 (Robbery first) / expert: keep the rest
            if aid == "keep":
                return 0.0
            kind = a.get("card", "")
            return {"rob": 5, "fire": 4, "move": 3, "punch": 2, "floor": 1}.get(kind, 0)
        if verb == "discard":
            return -1.0
        if verb == "start":
            return 0.0
        me = self._acting_bandit(view, board, a)
        here = board.pos.get(me, (0, 0))
        if verb == "rob":
            return VALUES[a["loot"]]
        if verb == "move":
            dest = (int(a["car"]), here[1])
            score = board.value(dest) + 0.3 * board.reach(dest) + board.event_term(dest)
            return score - (400 if board.bad_place(dest) else 0)
        if verb == "marshal":
            car = int(a["car"])
            score = 0.0
            for b, (bc, bl) in board.pos.items():
                if bl == 0 and bc == car:
                    score += 100 if board.is_rival(b) else -300
                if board.seat_of[b] == board.seat and bl == 0 and abs(bc - car) == 1:
                    score -= 50
            return score
        if verb == "fire":
            return board.rival_score(a["target"])
        if verb == "punch":
            target = a["target"]
            score = board.rival_score(target) + VALUES[a["loot"]] * (0.5 + (0.5 if a.get("keep") == "1" else 0))
            dest = (int(a["car"]), here[1])
            if board.bad_place(dest) and board.is_rival(target):
                score += 80
            return score - 0.1 * board.value(dest)
        return 0.0

    def _score_play(self, a: dict[str, str], view: dict[str, Any], board: _Board) -> float:
        kind = a["card"]
        face_down = a.get("face") == "down"
        bonus = 5.0 if face_down else 0.0   # hiding a card costs nothing
        if kind == "marshal":
            m = board.marshal
            score = 0.0
            for b, (bc, bl) in board.pos.items():
                if bl == 0 and abs(bc - m) == 1:
                    score += 80 if board.is_rival(b) else -120
            return score + bonus
        me = a.get("bandit") or board.mine[0]
        place = self._predicted(view, board, me)
        pending_robs = sum(1 for e in view["pile"] if e["card"] and e["card"].startswith("rob")
                           and e["seat"] == board.seat)
        if kind == "rob":
            loot = board.place_loot.get(place, [])
            # loot already claimed by earlier Robbery cards there: ours, and rivals' standing there now
            rival_robs = sum(1 for e in view["pile"] if e["card"] and e["card"].startswith("rob")
                             and e["seat"] != board.seat
                             and any(board.pos[b] == place for b in board.pos if board.seat_of[b] == e["seat"]))
            avail = loot[pending_robs + rival_robs:]
            return (float(avail[0]) if avail else -50.0) + bonus
        if kind == "fire":
            if board.bullets.get(me, 0) <= 0:
                return -50.0
            targets = board.targets_from(me, place)
            if not targets:
                return -20.0
            return 0.6 * max(board.rival_score(t) for t in targets) + bonus
        if kind == "punch":
            rivals = [b for b, p in board.pos.items() if p == place and b != me and board.is_rival(b)]
            if not rivals:
                return -30.0
            return max(0.5 * (board.held[b][0] if board.held[b] else 0) + 60 for b in rivals) + bonus
        if kind in ("move", "floor"):
            c, lvl = place
            if kind == "floor":
                dests = [(c, 1 - lvl)]
            else:
                span = 3 if lvl else 1
                dests = [(d, lvl) for d in range(c - span, c + span + 1) if 0 <= d <= board.k and d != c]
            best = float("-inf")
            for d in dests:
                s = (0.7 * board.value(d) + 0.3 * board.reach(d) + board.event_term(d)
                     - (500 if board.bad_place(d) else 0))
                best = max(best, s)
            stay = 0.7 * board.value(place) + 0.3 * board.reach(place) + board.event_term(place)
            return best - 0.8 * stay + bonus
        return bonus
