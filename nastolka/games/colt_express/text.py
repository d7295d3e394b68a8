"""Words for Colt Express: action labels, event texts, the terminal rendering and the result, from
``words.toml``.

Everything here reads ids and views only (never the hidden parts of a state), so a client can print it
for any seat without leaking what that seat may not know. Players are named by the display names the
client passes (``names``); bandits, cars, cards and loot by their names, in the case the sentence needs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from nastolka.engine import Event, parse_id
from nastolka.engine.words import Noun, for_module, join, names_or_default, sentence

from . import data as D
from .codes import PICKPOCKET_PASS, PICKPOCKET_TAKE
from .rounds import COVER

if TYPE_CHECKING:
    from .state import ColtState

W = for_module(__file__)


def bandit(bid: str, lang: str) -> Noun:
    return W.noun(bid, lang)


def bandit_name(bid: str, lang: str) -> str:
    return W.name(bid, lang) if W.has(bid) else bid


def car(car_id: str, lang: str) -> Noun:
    return W.noun(car_id, lang)


def car_name(car_id: str, lang: str) -> str:
    return W.name(car_id, lang)


def loot(lid: str | None, lang: str) -> Noun:
    return W.noun(lid, lang) if lid and lid != "none" else Noun({"nom": W.t("nothing", lang)}, "n")


def card(name: str, lang: str) -> Noun:
    """``fire`` / ``fire:belle`` / ``bullet:neutral`` / ``bullet:belle`` / ``marshal`` as a noun."""
    kind, _, who = name.partition(":")
    if kind == "bullet":
        if who == "neutral":
            return W.noun("neutral_bullet", lang)
        b = bandit(who, lang)
        return Noun({"nom": W.t("bullet_of", lang, bandit=b), "acc": W.t("bullet_of_acc", lang, bandit=b),
                     "gen": W.t("bullet_of", lang, bandit=b)}, "f")
    base = W.noun(kind, lang)
    if not who:
        return base
    b = bandit(who, lang)
    return Noun({c: W.t("card_of", lang, card=base.form(c), bandit=b) for c in ("nom", "gen", "acc")}, base.gender)


def card_name(name: str | None, lang: str) -> str:
    return "▒▒" if name is None else card(name, lang).form()


def card_text(name: str, lang: str) -> str:
    """The rules text of an action card (``fire:belle`` -> the Fire card's text)."""
    return W.text(name.partition(":")[0], lang)


def turn_symbol(symbol: str, lang: str) -> str:
    """A round card's turn symbol (N, T, D, R; in Russian О, Т, Р, С)."""
    return W.t(f"symbol.{symbol}", lang)


def _car_id(s: ColtState | None, index: int) -> str:
    if index == 0 or s is None:
        return "locomotive"
    return D.CAR_IDS[s.cars[index - 1]]


def _car_at(s: ColtState | None, index: int, lang: str) -> Noun:
    return car(_car_id(s, index), lang)


def action_label(s: ColtState | None, aid: str, lang: str = "en", names: Sequence[str] | None = None) -> str:  # noqa: C901
    """Words for an action id (the state only supplies the train's car names)."""
    parsed = parse_id(aid)
    verb, a = parsed.verb, parsed.params
    if aid == "pass" and s is not None and s.phase == COVER:
        return W.t("action.no_cover", lang)
    if aid in ("draw", "pass", "floor"):
        return W.t(f"action.{aid}", lang)
    if aid == "keep":
        return W.t("action.keep_rest", lang)
    if aid == PICKPOCKET_TAKE:
        return W.t("action.take", lang)
    if aid == PICKPOCKET_PASS:
        return W.t("action.no_take", lang)
    name = a.get("card", "")
    if "bandit" in a and name:
        name = f"{name}:{a['bandit']}"
    if verb == "play":
        return W.t("action.play_down" if a.get("face") == "down" else "action.play", lang, card=card(name, lang))
    if verb in ("cover", "keep", "discard"):
        return W.t(f"action.{verb}", lang, card=card(name, lang))
    if verb == "start":
        return W.t("action.start", lang, bandit=bandit(a.get("caboose", ""), lang))
    if verb in ("move", "marshal"):
        return W.t(f"action.{verb}", lang, car=_car_at(s, int(a["car"]), lang))
    if verb == "fire":
        return W.t("action.fire", lang, target=bandit(a["target"], lang))
    if verb == "rob":
        return W.t("action.rob", lang, loot=loot(a["loot"], lang))
    if verb == "punch":
        where = _car_at(s, int(a["car"]), lang)
        target = bandit(a["target"], lang)
        if a.get("keep") == "1":
            return W.t("action.punch_keep", lang, target=target, car=where)
        if a.get("loot", "none") == "none":
            return W.t("action.punch_nothing", lang, target=target, car=where)
        return W.t("action.punch", lang, target=target, loot=loot(a["loot"], lang), car=where)
    return aid


def event_text(state: Any, event: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:  # noqa: C901
    k, a = event.kind, event.args
    players = int(getattr(state, "n", 0) or getattr(state, "players", 0) or 6)
    people = names_or_default(names, players, lang)

    def who() -> Noun:
        person: Noun = people[a["seat"]]
        return person

    def car_of(index: int) -> Noun:
        return _car_at(state, index, lang)

    if k == "play":
        if a.get("card") is None:
            return W.s("event.play_down", lang, player=who())
        return W.s("event.play", lang, player=who(), card=card(a["card"], lang))
    if k == "play_own":
        return W.s("event.play_own", lang, card=card(a["card"], lang))
    if k == "draw":
        return W.s("event.draw", lang, player=who(), n=a["count"])
    if k == "drawn":
        return W.s("event.drawn", lang, cards=join([card_name(c, lang) for c in a["cards"]], lang))
    if k in ("pass", "cover", "keep"):
        return W.s(f"event.{k}", lang, player=who())
    if k in ("discard", "kept"):
        return W.s(f"event.{k}", lang, player=who(), card=card(a["card"], lang))
    if k == "stealin":
        return W.s("event.stealin", lang)
    if k == "round":
        return W.s("event.round", lang, n=a["round"], name=W.name(a["card"], lang))
    if k == "moved":
        where = W.t("roof" if a["level"] == "roof" else "inside", lang, car=car_of(a["car"]))
        return W.s("event.moved", lang, bandit=bandit(a["bandit"], lang), where=where)
    if k == "flee":
        return W.s("event.flee", lang, bandits=[bandit(b, lang) for b in a["bandits"]], car=car_of(a["car"]))
    if k == "neutral_bullets":
        key = "event.neutral_bullet" if a["given"] else "event.no_neutral_bullet"
        return W.s(key, lang, bandits=[bandit(b, lang) for b in a["bandits"]])
    if k == "marshal":
        return W.s("event.marshal", lang, car=car_of(a["car"]))
    if k == "fire":
        return W.s("event.fire", lang, bandit=bandit(a["bandit"], lang), target=bandit(a["target"], lang))
    if k == "punch":
        args = {"bandit": bandit(a["bandit"], lang), "target": bandit(a["target"], lang)}
        if a.get("kept"):
            return W.s("event.punch_kept", lang, **args)
        if not a.get("loot"):
            return W.s("event.punch_nothing", lang, **args)
        return W.s("event.punch", lang, loot=loot(a["loot"], lang), **args)
    if k in ("rob", "pickpocket"):
        return W.s("event.rob", lang, bandit=bandit(a["bandit"], lang), loot=loot(a["loot"], lang))
    if k == "revealed":   # a face-down card resolves (issue 27: the log says what it was)
        return W.s("event.revealed", lang, player=who(), card=card(a["card"], lang))
    if k == "no_effect":
        return W.s("event.no_effect", lang, player=who(), card=card(a["card"], lang))
    if k == "event":
        # after a colon a Russian sentence goes on in lower case (the template says {text:lower})
        return W.s("event.event", lang, name=W.name(a["event"], lang), text=W.text(a["event"], lang))
    if k == "revenge":
        return W.s("event.revenge", lang, bandit=bandit(a["bandit"], lang))
    if k == "ransom":
        return W.s("event.ransom", lang, bandit=bandit(a["bandit"], lang), amount=a["amount"])
    if k == "start":
        return W.s("event.start", lang, player=who(), bandit=bandit(a["caboose"], lang))
    if k == "game_over":
        return W.s("event.game_over", lang)
    raise KeyError(f"colt_express: no words for the event {k!r}")


def _loot_text(loot: dict[str, Any]) -> str:
    parts = [f"${v}" for v in loot["purses"] if v is not None]
    unknown = sum(1 for v in loot["purses"] if v is None)
    if unknown:
        parts.append("$?" if unknown == 1 else f"$?×{unknown}")
    if loot["jewels"]:
        parts.append(f"◆×{loot['jewels']}")
    if loot["strongboxes"]:
        parts.append(f"▣×{loot['strongboxes']}")
    return " ".join(parts)


def _where(b: dict[str, Any], cars: list[dict[str, Any]], lang: str) -> str:
    return W.t("roof" if b["level"] == "roof" else "inside", lang, car=car(cars[b["car"]]["id"], lang))


def render_view(view: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
    """The train (roofs above insides, Locomotive on the right), bandits, Marshal, loot, pile, players."""
    people = names_or_default(names, view["players"], lang)
    lines: list[str] = []
    rc = view.get("round_card")
    if rc:
        turn = view.get("turn")
        marks = "".join(f"[{turn_symbol(t, lang)}]" if turn is not None and j == turn else turn_symbol(t, lang)
                        for j, t in enumerate(view["turns"]))
        lines.append(W.s("view.round", lang, n=view["round"], total=view["rounds_total"], name=W.name(rc, lang),
                         turns=marks))
    if view["to_act"]:
        to_act = join([people[q].form() for q in view["to_act"]], lang)
        lines.append(W.s("view.phase", lang, phase=W.name(f"phase.{view['phase']}", lang),
                         first=people[view["first_player"]], to_act=to_act))
    else:   # the game is over: nobody is first or to act, only the phase is news
        lines.append(W.s("view.phase_only", lang, phase=W.name(f"phase.{view['phase']}", lang)))
    cars = view["cars"]
    width = 22
    names_row, roof_row, roof_loot, in_row, in_loot = [], [], [], [], []
    for c in range(len(cars) - 1, -1, -1):   # caboose on the left, Locomotive on the right
        here = cars[c]
        names_row.append(sentence(car_name(here["id"], lang))[:width].ljust(width))
        roof = [b for b in view["bandits"] if b["car"] == c and b["level"] == "roof"]
        inside = [b for b in view["bandits"] if b["car"] == c and b["level"] == "inside"]
        roof_row.append(("^ " + ", ".join(bandit_name(b["id"], lang) for b in roof))[:width].ljust(width))
        roof_loot.append(("  " + _loot_text(here["roof"]))[:width].ljust(width))
        marshal = ("★" + W.t("view.marshal", lang) + " ") if view["marshal"] == c else ""
        in_row.append(("| " + marshal + ", ".join(bandit_name(b["id"], lang) for b in inside))[:width].ljust(width))
        in_loot.append(("| " + _loot_text(here["inside"]))[:width].ljust(width))
    lines += ["".join(r).rstrip() for r in (names_row, roof_row, roof_loot, in_row, in_loot)]
    line = W.s("view.neutral", lang, n=view["neutral_bullets"])
    if view["strongbox_off_train"]:
        line += "; " + W.t("view.box_off", lang)
    lines.append(line)
    if view["pile"]:
        lines.append(W.s("view.pile", lang, cards=" | ".join(
            f"{people[e['seat']].form()}: {card_name(e['card'], lang)}" for e in view["pile"])))
    for q in range(view["players"]):
        tot = view["loot_totals"][q]
        money = f"${tot['known']}" + (f" + {tot['unknown_purses']}×$?" if tot["unknown_purses"] else "")
        bandits = ", ".join(W.t("view.bandit", lang, bandit=bandit(b["id"], lang), where=_where(b, cars, lang),
                                bullets=b["bullets"], loot=_loot_text(b) or "—")
                            for b in view["bandits"] if b["seat"] == q)
        mark = "*" if q == view.get("seat") else " "
        lines.append(mark + W.s("view.player", lang, player=people[q], bandits=bandits, money=money,
                                hand=view["hand_sizes"][q], deck=view["deck_sizes"][q],
                                received=view["bullets_received"][q]))
    if view.get("hand") is not None:
        lines.append(W.s("view.hand", lang, cards=", ".join(card_name(c, lang) for c in view["hand"]) or "—"))
    if view.get("resolving"):
        r = view["resolving"]
        lines.append(W.s("view.resolving", lang, player=people[r["seat"]], card=card_name(r["card"], lang)))
    if view.get("pickpocket"):
        lines.append(W.s("view.pickpocket", lang, bandit=bandit(view["pickpocket"], lang)))
    if "result" in view:
        lines += result_lines(view, lang, names)
    return "\n".join(lines)


def result_lines(view: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
    """Each player's money by kind of loot, the ransom, the Gunslinger bonus (CE-9), and the tie-break."""
    res = view["result"]
    det = res.get("details", {})
    people = names_or_default(names, view["players"], lang)
    guns = set(det.get("gunslinger", []))
    fired = det.get("fired") or view.get("fired") or [0] * view["players"]
    bonus = det.get("bonus") or view.get("bonus") or [0] * view["players"]
    recv = det.get("bullets_received") or view["bullets_received"]
    lines = []
    for q in range(view["players"]):
        mine = [b for b in view["bandits"] if b["seat"] == q]
        purses = [v for b in mine for v in b["purses"]]
        known = [v for v in purses if v is not None]
        jewels = sum(b["jewels"] for b in mine)
        boxes = sum(b["strongboxes"] for b in mine)
        parts = []
        if purses:
            # a purse whose value this view does not show still counts in the total the rules computed
            hidden = int(res["scores"][q]) - sum(known) - jewels * 500 - boxes * 1000 - bonus[q] \
                - (1000 if q in guns else 0)
            parts.append(W.t("result.purses", lang, n=len(purses), sum=sum(known) + max(hidden, 0)))
        if jewels:
            parts.append(W.t("result.jewels", lang, n=jewels, sum=jewels * 500))
        if boxes:
            parts.append(W.t("result.boxes", lang, n=boxes, sum=boxes * 1000))
        if bonus[q]:
            parts.append(W.t("result.ransom", lang, sum=bonus[q]))
        if q in guns:
            parts.append(W.t("result.gunslinger", lang, n=fired[q]))
        if not parts:
            parts.append(W.t("result.no_loot", lang))
        parts.append(W.t("result.received", lang, n=recv[q]))
        who = W.t("player_bandits", lang, player=people[q], bandits=[bandit(b["id"], lang) for b in mine])
        lines.append(W.s("result.player", lang, player=who, total=int(res["scores"][q])) + " — " + ", ".join(parts))
    winners = [people[w] for w in res["winners"]]
    scores = res["scores"]
    top = [q for q in range(len(scores)) if scores[q] == max(scores)]
    if len(top) > len(winners):
        lines.append(W.s("result.tie_break", lang))
    lines.append(W.s("result.tie" if len(winners) > 1 else "result.winner", lang, players=winners))
    return lines
