"""The ``heuristic`` TaleSpin bot: hand-written priorities, no search.

What it knows: its own hand, the public board (positions, chains, open cargo, hold sizes, the discard
pile, the dogfight table) and the packed cargo it may see — exactly ``view(seat)`` plus ``legal_ids``.
It never reads another seat's hand, the deck order or unseen packed cargo.

Policy, in words: fill the chain with Passengers that add SHIPPING; pack cargo every time it may (a bluff
from low cards while keeping one genuine Cargo for the final, face-up slot); fly where it can ship and
where the bonus is best; attack only the player closest to winning and only with a strong first maneuver;
answer a dogfight when its hand can block, block with the *lowest* card that holds (high cards stay for
defence), spend Damage on packed cargo first (bluffs are discarded) and then on open cargo.
"""

from __future__ import annotations

from typing import Any

from nastolka.engine import GameState, Rng
from nastolka.engine.ids import format_id, split_id

from . import data as T
from .actions import BOUNTY_NONE, CARGO_NONE

_GOOD_ART = {"art_sprocket", "art_lucky_coin", "art_medal", "art_treasure_map", "art_power_crystal"}
_BAD_ART = {"art_cursed_idol", "art_stone_statue", "art_jinxed_compass"}
_SKIP_ACTIONS = {"act_change_seats", "act_secret_hold"}


def _p(aid: str) -> dict[str, str]:
    """The parameters of a legal id (the engine's grammar)."""
    return split_id(aid)[1]


def _val(cid: str) -> int:
    return T.D_VAL[T.DEF_INDEX[cid]]


def _is_cargo(cid: str) -> bool:
    return T.D_TYPE[T.DEF_INDEX[cid]] == T.CARGO


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    # ------------------------------------------------------------------ helpers over the view
    def choose(self, state: GameState, seat: int) -> str:
        legal = state.legal_ids(seat)
        if len(legal) == 1:
            return legal[0]
        view = state.view(seat)
        kind = view["decision"]["kind"] if view["decision"] else ""
        fn = getattr(self, "_" + kind, None)
        aid = fn(view, seat, legal) if fn is not None else None
        return aid if aid in legal else legal[0]

    @staticmethod
    def _hand(view: dict[str, Any], seat: int) -> list[str]:
        return view["seats"][seat]["hand"] or []

    @staticmethod
    def _holdsize(view: dict[str, Any], side: int) -> int:
        if view["mode"] == "solitaire" and side == 1:
            return len(view["khan_hold"])
        return len(view["seats"][side]["hold"])

    def _leader(self, view: dict[str, Any], seat: int, sides: list[int]) -> int:
        return max(sides, key=lambda s: (self._holdsize(view, s), -abs(s - seat)))

    # ------------------------------------------------------------------ decisions
    def _main(self, view: dict[str, Any], seat: int, legal: list[str]) -> str:  # noqa: C901
        me = view["seats"][seat]
        hand = self._hand(view, seat)
        n_cargo = sum(1 for c in hand if _is_cargo(c))
        for aid in legal:
            if aid.startswith("passenger:") and len(me["chain"]) < 4:
                cid = _p(aid)["card"]
                d = T.DEF_INDEX[cid]
                if T.D_STATS[d][0] >= 1 or len(me["chain"]) < 3:
                    return aid
        for aid in legal:
            if aid.startswith("artifact:"):
                p = _p(aid)
                if p["card"] in _GOOD_ART and int(p["seat"]) == seat:
                    return aid
                # a harmful Artifact still counts as cargo for its new owner: give it only to a
                # player far from winning, and never when it would be their second-to-last cargo
                if p["card"] in _BAD_ART and int(p["seat"]) != seat and \
                        self._holdsize(view, int(p["seat"])) <= view["cargo_to_win"] - 4:
                    return aid
        for aid in legal:
            if aid.startswith("action:"):
                cid = _p(aid)["card"]
                if cid in _SKIP_ACTIONS and not any(h["open"] for h in me["hold"]):
                    continue
                if cid == "act_change_seats":
                    continue
                if cid == "act_double_check" and me["stats"][0] < T.LOC_RECEIVING[me["position"]]:
                    continue
                if cid == "act_storm" or cid == "act_lookout":
                    continue
                return aid
        # dogfights: only with a strong opening and a worthwhile target
        hi = sorted((_val(c) for c in hand), reverse=True)
        strength = sum(hi[:2]) if len(hi) >= 2 else sum(hi)
        best = None
        for aid in legal:
            if aid.startswith("dogfight:") or aid.startswith("pilot:"):
                p = _p(aid)
                target = int(p["target"])
                first = _val(p["card"]) if "card" in p else view_first(view, seat)
                if self._holdsize(view, target) == 0 and view["mode"] != "solitaire":
                    continue
                score = first * 2 + strength + 3 * self._holdsize(view, target)
                if view["mode"] == "solitaire":
                    score += 20
                if first >= 8 and strength >= 16 and (best is None or score > best[0]):
                    best = (score, aid)
        if view["mode"] == "solitaire":
            return self._solo_fight(view, seat, legal, hand)
        if best is not None and n_cargo >= 1:
            return best[1]
        return "end"

    def _solo_fight(self, view: dict[str, Any], seat: int, legal: list[str], hand: list[str]) -> str:
        """Against Khan only a won dogfight allows cargo: fight every turn, with the best opening."""
        fights = [a for a in legal if a.startswith(("dogfight:", "pilot:"))]
        if not fights:
            return "end"

        def score(a: str) -> tuple[int, int]:
            p = _p(a)
            if "card" in p:
                d = T.DEF_INDEX[p["card"]]
                return (T.D_VAL[d], T.D_PIL[d])
            return (view_first(view, seat), view["seats"][seat]["stats"][2])
        return max(fights, key=score)

    def _window(self, view: dict[str, Any], seat: int, legal: list[str]) -> str:
        df = view["dogfight"]
        me = view["seats"][seat]
        for aid in legal:
            cid = _p(aid).get("card")
            if cid is None:
                continue
            if cid == "act_patch_up" and not any(h["open"] for h in me["hold"]):
                continue
            if cid == "act_into_clouds" and df is not None:
                hand = self._hand(view, seat)
                if any(_val(c) >= df["first_value"] or _val(c) == 1 for c in hand if c != cid):
                    continue
            if cid == "act_second_wind" and len(self._hand(view, seat)) > 8:
                continue
            return aid
        return "pass"

    def _accept(self, view: dict[str, Any], seat: int, legal: list[str]) -> str:
        df = view["dogfight"]
        hand = self._hand(view, seat)
        first = df["first_value"]
        can = any(_val(c) >= first or _val(c) == 1 or c == "act_evasive" for c in hand)
        # declining costs the first maneuver's Damage; accepting and then yielding costs one more
        return "accept" if can else "decline"

    def _defend(self, view: dict[str, Any], seat: int, legal: list[str]) -> str:
        blocks = [a for a in legal if a.startswith("block:")]
        evasive = [a for a in legal if a.startswith("action:")]
        if blocks:
            # lowest card that holds, sparing Lucky Shots and genuine Cargo if possible
            def key(a: str) -> tuple[int, int, int]:
                cid = _p(a)["card"]
                v = _val(cid)
                return (v == 1, _is_cargo(cid), v)
            choice = min(blocks, key=key)
            if _val(_p(choice)["card"]) == 1 and evasive:
                return evasive[0]
            return choice
        if evasive:
            return evasive[0]
        return "yield"

    def _attack(self, view: dict[str, Any], seat: int, legal: list[str]) -> str:
        def key(a: str) -> tuple[int, int]:
            cid = _p(a).get("card", "")
            if a.startswith("action:"):
                return (12, 0)
            return (_val(cid), -_is_cargo(cid))
        return max(legal, key=key)

    def _smaneuver(self, view: dict[str, Any], seat: int, legal: list[str]) -> str:
        """Against Khan only the single highest maneuver matters (R20.5): one high card, then the cheapest
        card that still brings icons, sparing genuine Cargo."""
        df = view["dogfight"]
        high = max([df["first"][0]] + [_val(c) for c in df["attack"]])
        best = max(legal, key=lambda a: _val(_p(a)["card"]))
        if _val(_p(best)["card"]) > high:
            return best

        def cost(a: str) -> tuple[int, int, int]:
            d = T.DEF_INDEX[_p(a)["card"]]
            return (-(T.D_DMG[d] + T.D_DRW[d]), T.D_TYPE[d] == T.CARGO, T.D_VAL[d])
        return min(legal, key=cost)

    def _damage(self, view: dict[str, Any], seat: int, legal: list[str]) -> str:
        order: tuple[str, ...] = ("open", "uncover", "discard", "hand")
        if len(view.get("covered", [])) >= 8:
            order = ("uncover", "open", "discard")
        df = view["dogfight"]
        side = 1 if view["mode"] == "solitaire" else df["defender"]
        for kind in order:
            opts = [a for a in legal if _p(a)["do"] == kind]
            if opts:
                if kind == "open":
                    # a packed card this seat knows to be genuine stays: open an unknown one first
                    def known_genuine(a: str) -> bool:
                        e = self._entry(view, side, int(_p(a)["pos"]))
                        return e["card"] is not None and T.D_TYPE[T.DEF_INDEX[e["card"]]] in (T.CARGO, T.ARTIFACT)
                    return min(opts, key=known_genuine)
                return opts[0]
        return legal[0]

    def _bounty(self, view: dict[str, Any], seat: int, legal: list[str]) -> str:
        cards = [a for a in legal if a != BOUNTY_NONE]
        if not cards or len(self._hand(view, seat)) >= 9:
            return legal[-1]
        return max(cards, key=lambda a: (_is_cargo(_p(a)["card"]), _val(_p(a)["card"])))

    def _move(self, view: dict[str, Any], seat: int, legal: list[str]) -> str:
        me = view["seats"][seat]
        ship = me["stats"][0]
        covered = len(view.get("covered", []))
        best, best_score = legal[0], -1e9
        for aid in legal:
            p = _p(aid)
            n = int(p["n"])
            dest = (me["position"] - 1 + (n if p["dir"] == "cw" else -n)) % 12 + 1
            score = 0.0
            if ship >= T.LOC_RECEIVING[dest] and not (covered and (dest - T.COVER_START) % 12 < covered):
                score += 10
                bonus = T.LOC_BONUS[dest]
                if bonus:
                    op = bonus[0][0]
                    score += {"draw": 3, "search_deck": 4, "steal_cargo": 3, "open_cargo": 2}.get(op, 1)
            score += self.rng.random() * 0.1
            if score > best_score:
                best, best_score = aid, score
        return best

    def _cargo(self, view: dict[str, Any], seat: int, legal: list[str]) -> str:
        cards = [a for a in legal if a != CARGO_NONE and "card" in _p(a)]
        if not cards:
            return CARGO_NONE
        hand = self._hand(view, seat)
        genuine = [a for a in cards if _is_cargo(_p(a)["card"])]
        holdn = len(view["seats"][seat]["hold"])
        if holdn >= view["cargo_to_win"] - 1:
            return min(genuine, key=lambda a: _val(_p(a)["card"])) if genuine else CARGO_NONE
        n_gen = sum(1 for c in hand if _is_cargo(c))
        if genuine and n_gen >= 2:
            return min(genuine, key=lambda a: _val(_p(a)["card"]))
        bluffs = [a for a in cards if not _is_cargo(_p(a)["card"])]
        if bluffs:
            return min(bluffs, key=lambda a: (_val(_p(a)["card"]) == 1, _val(_p(a)["card"])))
        return CARGO_NONE if n_gen <= 1 else cards[0]

    def _discard(self, view: dict[str, Any], seat: int, legal: list[str]) -> str:
        def key(a: str) -> tuple[int, int, int]:
            cid = _p(a)["card"]
            v = _val(cid)
            return (_is_cargo(cid), v == 1, v)
        return min(legal, key=key)

    def _drop(self, view: dict[str, Any], seat: int, legal: list[str]) -> str:
        chain = view["seats"][seat]["chain"]
        return min(legal, key=lambda a: T.D_STATS[T.DEF_INDEX[chain[int(_p(a)["pos"])]]][0])

    def _entry(self, view: dict[str, Any], side: int, pos: int) -> dict[str, Any]:
        hold = view["khan_hold"] if view["mode"] == "solitaire" and side == 1 else view["seats"][side]["hold"]
        entry: dict[str, Any] = hold[pos]
        return entry

    def _pick(self, view: dict[str, Any], seat: int, legal: list[str]) -> str:
        """Open a known bluff first (it is discarded), then an unknown card; steal known genuine cargo."""
        sides = sorted({int(_p(a)["seat"]) for a in legal})
        others = [s for s in sides if s != seat] or sides
        target = self._leader(view, seat, others)
        opts = [a for a in legal if int(_p(a)["seat"]) == target]

        def worth(a: str) -> int:
            p = _p(a)
            e = self._entry(view, int(p["seat"]), int(p["pos"]))
            genuine = e["card"] is not None and T.D_TYPE[T.DEF_INDEX[e["card"]]] in (T.CARGO, T.ARTIFACT)
            if e["card"] is None:
                return 1
            return 0 if genuine else 2
        kind = view["decision"].get("context")
        if kind == "open":
            return max(opts, key=worth)
        if kind == "steal":
            return min(opts, key=worth)
        return opts[-1]

    def _opp(self, view: dict[str, Any], seat: int, legal: list[str]) -> str:
        sides = [int(_p(a)["seat"]) for a in legal]
        t = self._leader(view, seat, sides)
        return format_id("opponent", seat=t)

    def _chain(self, view: dict[str, Any], seat: int, legal: list[str]) -> str:
        return legal[0]

    def _take(self, view: dict[str, Any], seat: int, legal: list[str]) -> str:
        return max(legal, key=lambda a: (_is_cargo(_p(a)["card"]), _val(_p(a)["card"])))


def view_first(view: dict[str, Any], seat: int) -> int:
    """Value of the seat's Player card maneuver (its first maneuver in a RANGE dogfight)."""
    return T.PL_MANEUVER[T.CHARACTERS.index(view["seats"][seat]["character"])][0]
