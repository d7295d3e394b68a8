"""Words for TaleSpin: action labels, event texts, the terminal rendering and the result, from
``words.toml`` (templates, characters, Locations with their cases) and ``cards.toml`` (card names and
rules texts, the spec's card list).

Everything here reads only action ids, events and view dicts, never hidden state, so a rendering can
never leak what its seat may not know. Players are named by the display names the client passes; without
them, by their characters («Балу летит в Тембрию»). In solitaire the second side is Shere Khan.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from nastolka.engine import Event, parse_id
from nastolka.engine.words import Noun, for_module, join, person_as, plain

from . import data as T
from .actions import NONE

W = for_module(__file__)
_RULE_REF = re.compile(r"\s*\(R\d+(?:\.\d+)*\)")


def card_noun(cid: str | None, lang: str = "en") -> Noun:
    """A card as a noun with its Russian cases and gender (words.toml), so a label can say «Сбросить
    Громил Хана» and an event «Громилы Хана покидают цепочку»; a packed card is «[упакован]»."""
    if cid is None:
        return plain(W.t("packed", lang))
    return W.noun(cid, lang) if W.has(cid) else plain(cid)


def card_name(cid: str | None, lang: str = "en") -> str:
    return card_noun(cid, lang).form()


def card_text(cid: str, lang: str = "en") -> str:
    """A card's rules text (words.toml), the same text every client shows."""
    return _RULE_REF.sub("", W.text(cid, lang))


def card_short(cid: str, lang: str = "en", case: str = "nom") -> str:
    """Name (in ``case``) with maneuver value and icons, e.g. «Пиратский налёт (3, урон 2)»."""
    d = T.DEF_INDEX[cid]
    icons = []
    if T.D_DMG[d]:
        icons.append(W.t("dmg", lang, n=T.D_DMG[d]))
    if T.D_DRW[d]:
        icons.append(W.t("drw", lang, n=T.D_DRW[d]))
    return W.t("card_short", lang, card=card_noun(cid, lang).form(case), value=T.D_VAL[d],
               icons=(", " + ", ".join(icons)) if icons else "")


def char(key: str, lang: str = "en") -> Noun:
    return W.noun(f"char.{key}", lang)


def char_name(key: str, lang: str = "en") -> str:
    return char(key, lang).form()


def location(clock: int, lang: str = "en") -> Noun:
    return W.noun(f"loc.{clock}", lang)


def loc_name(clock: int, lang: str = "en") -> str:
    return location(clock, lang).form()


def sides(characters: Sequence[str], solo: bool, lang: str, names: Sequence[str] | None) -> list[Noun]:
    """Each side as a noun: the display name (or, without names, the character); side 1 of solitaire is
    Shere Khan. A name declines through its character: «крадёт груз у Кита Ветрогона (Борис)»."""
    out = [person_as(names[s], char(c, lang)) if names and s < len(names) else char(c, lang)
           for s, c in enumerate(characters)]
    if solo:
        out = out[:1] + [char("khan", lang)]
    return out


def _state_sides(state: Any, lang: str, names: Sequence[str] | None) -> list[Noun]:
    chars = [T.CHARACTERS[c] for c in state.characters[:state.players]]
    return sides(chars, bool(getattr(state, "solo", False)), lang, names)


def action_label(state: Any, aid: str, lang: str = "en", names: Sequence[str] | None = None) -> str:  # noqa: C901
    parsed = parse_id(aid)
    verb, p = parsed.verb, parsed.params
    people = _state_sides(state, lang, names)
    has_card = p.get("card", NONE) != NONE
    the_card: Noun | str = card_noun(p["card"], lang) if has_card else ""

    def side(key: str) -> Noun:
        return people[int(p[key])]

    if verb in ("end", "pass", "accept", "decline", "yield"):
        return W.t(f"action.{verb}", lang)
    if verb in ("passenger", "action", "discard", "take"):
        return W.t(f"action.{verb}", lang, card=the_card)
    if verb == "artifact":
        return W.t("action.artifact", lang, card=the_card, player=side("seat"))
    if verb == "dogfight":
        return W.t("action.dogfight", lang, player=side("target"))
    if verb == "pilot":
        return W.t("action.pilot", lang, card=the_card, player=side("target"))
    if verb in ("block", "maneuver"):
        return W.t(f"action.{verb}", lang, card=card_short(p["card"], lang, "acc"))
    if verb == "damage":
        return _damage_label(state, p, lang)
    if verb == "bounty":
        return W.t("action.bounty", lang, card=the_card) if has_card else W.t("action.no_bounty", lang)
    if verb == "move":
        n, cw = int(p["n"]), p["dir"] == "cw"
        here = state.pos[state.active] if state is not None else 0
        to = (here - 1 + (n if cw else -n)) % 12 + 1
        return W.t("action.move", lang, n=n, dir=W.t("clockwise" if cw else "counter_clockwise", lang),
                   to=location(to, lang))
    if verb == "cargo":
        if "seat" in p:
            return W.t("action.cargo_of", lang, pos=int(p["pos"]) + 1, player=side("seat"))
        return W.t("action.cargo", lang, card=the_card) if has_card else W.t("action.no_cargo", lang)
    if verb == "drop":
        pos = int(p["pos"])
        who_seat = state.decision[1] if state is not None and state.decision is not None else getattr(state, "active", 0)
        chain = state.chains[who_seat] if state is not None else ()
        who = card_noun(T.DEF_ID[T.C_DEF[chain[pos]]], lang) if pos < len(chain) else plain("—")
        return W.t("action.drop", lang, pos=pos + 1, card=who)
    if verb == "opponent":
        return W.t("action.opponent", lang, player=side("seat"))
    if verb == "chain":
        s, pos = int(p["seat"]), int(p["pos"])
        chain = state.chains[s] if state is not None else ()
        who = card_noun(T.DEF_ID[T.C_DEF[chain[pos]]], lang) if pos < len(chain) else plain("—")
        return W.t("action.chain", lang, pos=pos + 1, player=people[s], card=who)
    return aid


def _damage_label(state: Any, p: Any, lang: str) -> str:
    """One Damage point: open a packed cargo (counted from 1 in the defender's hold) or discard an open
    one, named — it lies face up, everyone sees it."""
    do = p["do"]
    if "pos" not in p:
        return W.t(f"action.damage_{do}", lang)
    pos = int(p["pos"])
    df = getattr(state, "dogfight", None)
    hold = state.holds[df.defender] if df is not None else ()
    if do == "discard" and pos < len(hold):
        return W.t("action.damage_discard", lang, pos=pos + 1, card=card_noun(T.DEF_ID[T.C_DEF[hold[pos] & T.CARD_MASK]], lang))
    return W.t("action.damage_open", lang, pos=pos + 1)


def event_text(state: Any, event: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:  # noqa: C901
    k, a = event.kind, event.args
    people = _state_sides(state, lang, names)

    def side(key: str) -> Noun:
        return people[int(a[key])]

    card: Noun | str = card_noun(a["card"], lang) if isinstance(a.get("card"), str) else ""
    if k in ("accept", "decline", "yield", "repack", "shuffle_cargo", "end_step2", "dogfight_cancelled"):
        return W.s(f"event.{k}", lang, player=side("seat"))
    if k in ("drew_card", "took_card", "stolen_card", "packed_card", "uncover"):
        return W.s(f"event.{k}", lang, card=card)
    if k == "discard" and a.get("cause") in ("hand_limit", "damage"):   # R5.2 the hand limit, R13.9 Damage
        return W.s(f"event.discard_{a['cause']}", lang, player=side("seat"), card=card)
    if k == "discard" and isinstance(a.get("cause"), str) and a["cause"] in T.DEF_INDEX:   # R16.3: a card's effect
        return W.s("event.discard_by", lang, player=side("seat"), card=card, cause=card_name(a["cause"], lang))
    if k in ("passenger", "action", "discard", "bounty"):
        return W.s(f"event.{k}", lang, player=side("seat"), card=card)
    if k == "turn":
        return W.s("event.turn", lang, turn=a["turn"], player=side("seat"))
    if k == "roll":
        return W.s("event.roll", lang, player=side("seat"), value=a["value"])
    if k == "draw":
        return W.s("event.draw", lang, player=side("seat"), n=a["n"])
    if k == "artifact":
        return W.s("event.artifact", lang, player=side("seat"), card=card, target=side("target"))
    if k == "dogfight":
        if a.get("pilot"):
            return W.s("event.dogfight_pilot", lang, player=side("seat"), card=card_name(a["pilot"], lang),
                       target=side("target"))
        return W.s("event.dogfight", lang, player=side("seat"), target=side("target"))
    if k == "block":
        return W.s("event.block", lang, player=side("seat"), card=card, value=a["value"])
    if k == "maneuver":
        if card:
            return W.s("event.maneuver_card", lang, player=side("seat"), card=card, value=a["value"])
        return W.s("event.maneuver", lang, player=side("seat"), value=a["value"])
    if k == "move":
        return W.s("event.move", lang, player=side("seat"), to=location(a["to"], lang))
    if k == "cargo":
        where = location(a["location"], lang)
        if a.get("open") and a.get("card"):
            return W.s("event.cargo_open", lang, player=side("seat"), card=card, location=where)
        return W.s("event.cargo", lang, player=side("seat"), location=where)
    if k == "open_cargo":
        key = "event.open_bluff" if a.get("bluff") else "event.open_cargo"
        return W.s(key, lang, player=side("seat"), card=card, side=side("side"))
    if k == "steal_cargo":
        return W.s("event.steal_cargo", lang, player=side("seat"), side=side("side"))
    if k == "discard_cargo":
        return W.s("event.discard_cargo", lang, player=side("seat"), card=card, side=side("side"))
    if k == "dogfight_won":
        role = a["role"]
        if role == "khan":
            return W.s("event.dogfight_won_khan", lang)
        return W.s(f"event.dogfight_won_{role}", lang, player=side("seat"))
    if k == "game_over":
        reason = str(a["reason"])
        if reason.startswith("khan"):
            return W.s("event.game_over_khan", lang, why=W.t(f"end.{reason}", lang))
        return W.s("event.game_over_cargo", lang, players=[people[w] for w in a["winners"]])
    if k == "cover":
        return W.s("event.cover", lang, card=card, location=location(a["location"], lang))
    if k == "khan_cargo":
        return W.s("event.khan_cargo", lang, n=a["n"])
    if k == "dogfight_over":
        return W.s("event.dogfight_over", lang)
    if k == "peek":
        return W.s("event.peek", lang, card=card, side=side("side"), pos=int(a["pos"]) + 1)
    if k == "peek_public":
        return W.s("event.peek_public", lang, player=side("seat"), side=side("side"), pos=int(a["pos"]) + 1)
    if k == "discard_passenger":
        return W.s("event.discard_passenger", lang, card=card, player=side("seat"))
    if k == "move_passenger":
        return W.s("event.move_passenger", lang, card=card, to=W.t(f"pos.{a['to']}", lang))
    if k == "steal_passenger":
        return W.s("event.steal_passenger", lang, player=side("seat"), card=card, side=side("side"))
    if k == "take":
        return W.s("event.take", lang, player=side("seat"), card=card, source=W.t(f"source.{a['source']}", lang))
    if k == "take_from_hand":
        return W.s("event.take_from_hand", lang, player=side("seat"), side=side("side"))
    if k == "khan_maneuvers":
        return W.s("event.khan_maneuvers", lang, cards=join([card_name(c, lang) for c in a["cards"]], lang),
                   high=a["high"])
    if k == "reshuffle":
        return W.s("event.reshuffle", lang, n=a["size"])
    raise KeyError(f"talespin: no words for the event {k!r}")


def _hold_text(hold: list[dict[str, Any]], lang: str) -> str:
    if not hold:
        return "—"
    parts = []
    for e in hold:
        if e["open"]:
            parts.append(f"[{card_name(e['card'], lang)}]")
        elif e["card"] is not None:
            parts.append(f"▒{card_name(e['card'], lang)}▒")
        else:
            parts.append("▒▒")
    return " ".join(parts)


def _bonus(cid: str) -> str:
    sh, rg, pi = T.D_STATS[T.DEF_INDEX[cid]]
    return "(" + "/".join(f"{v:+d}".replace("-", "−") for v in (sh, rg, pi)) + ")"   # a true minus sign


def _view_sides(view: dict[str, Any], lang: str, names: Sequence[str] | None) -> list[Noun]:
    return sides([p["character"] for p in view["seats"]], view.get("mode") == "solitaire", lang, names)


def render_view(view: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
    """Ring with planes, stats, chains, holds (packed as backs), hand and the current dogfight."""
    out: list[str] = []
    players = view["seats"]
    people = _view_sides(view, lang, names)
    planes: dict[int, list[str]] = {}
    for p in players:
        planes.setdefault(p["position"], []).append(char_name(p["character"], lang))
    covered = view.get("covered", [])
    out.append(W.s("view.ring", lang, deck=view["deck"], discard=len(view["discard"])))
    for clock in range(1, 13):
        k = (clock - T.COVER_START) % 12
        cov = f" ✖{card_name(covered[k], lang)}" if k < len(covered) else ""
        fly = " ✈ " + ", ".join(planes[clock]) if clock in planes else ""
        out.append(f" {clock:2d} {loc_name(clock, lang):<22} {W.t('view.receiving', lang)} "
                   f"{T.LOC_RECEIVING[clock]}{cov}{fly}")
    out.append("")
    for s, p in enumerate(players):
        mark = "▶ " if s == view["active"] else "  "
        st = p["stats"]
        who = W.t("who", lang, player=people[s], char=char(p["character"], lang))
        if names is None:
            who = char_name(p["character"], lang)
        out.append(mark + W.s("view.seat", lang, player=who, location=location(p["position"], lang),
                              stats=W.t("view.stats", lang, s=st[0], r=st[1], p=st[2]), hand=p["hand_size"]))
        chain = " → ".join(f"{card_name(c, lang)} {_bonus(c)}" for c in p["chain"]) or "—"
        out.append("     " + W.t("view.chain", lang, cards=chain))
        out.append("     " + W.t("view.hold", lang, n=len(p["hold"]), need=view["cargo_to_win"],
                                 cards=_hold_text(p["hold"], lang)))
        if p.get("known_hand"):
            out.append("     " + W.t("view.known_hand", lang,
                                     cards=", ".join(card_name(c, lang) for c in p["known_hand"])))
    if "khan_hold" in view:
        out.append("  " + W.t("view.khan_hold", lang, n=len(view["khan_hold"]),
                              cards=_hold_text(view["khan_hold"], lang)))
    seat = view.get("seat")
    if seat is not None and seat < len(players) and players[seat]["hand"] is not None:
        out.append("")
        out.append(W.s("view.hand", lang, cards=", ".join(card_short(c, lang) for c in players[seat]["hand"])
                       or "—"))
    df = view.get("dogfight")
    if df:
        out.append("")
        defender = people[1] if df["defender"] == "khan" else people[int(df["defender"])]
        out.append(W.s("view.dogfight", lang, attacker=people[int(df["attacker"])], defender=defender,
                       phase=W.name(f"dfphase.{df['phase']}", lang), value=df["first_value"]))
        if df["pilot"]:
            out.append("   " + W.t("view.pilot", lang, card=card_short(df["pilot"], lang)))
        out.append("   " + W.t("view.attack", lang, cards=", ".join(card_short(c, lang) for c in df["attack"]) or "—"))
        out.append("   " + W.t("view.defence", lang, cards=", ".join(card_short(c, lang) for c in df["defence"])
                                or "—"))
    out.append("")
    out.append(W.s("view.turn", lang, turn=view["turn"], phase=W.name(f"phase.{view['phase']}", lang),
                   die=view["die"] or "—"))
    dec = view.get("decision")
    if dec:
        out.append(W.s("view.decides", lang, player=people[int(dec["seat"])], what=decision_text(dec, lang)))
    if view.get("result"):
        out += result_lines(view, lang, names)
    return "\n".join(out)


def decision_text(dec: dict[str, Any], lang: str) -> str:
    """What a seat is deciding, in words (the view's decision kind and context)."""
    kind = str(dec["kind"])
    if kind == "move":
        reach = dec.get("context")
        if isinstance(reach, int):
            return W.t("decision.move", lang, n=reach)
        return W.t("decision.move_any", lang)
    return W.t(f"decision.{kind}", lang) if W.has_template(f"decision.{kind}") else W.t("decision.main", lang)


def result_lines(view: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
    """Cargo delivered by each player, and how the game ended (R17: the cargo to win, R20.7: Shere Khan's
    wins, R24.9: the most cargo after 60 rounds, then the most open cargo)."""
    res = view["result"]
    det = res.get("details", {})
    people = _view_sides(view, lang, names)
    lines = []
    for s, p in enumerate(view["seats"]):
        opened = sum(1 for e in p["hold"] if e["open"])
        lines.append(W.s("result.player", lang, player=people[s], n=len(p["hold"]), open=opened))
    if "khan_hold" in view:
        lines.append(W.s("result.khan", lang, n=len(view["khan_hold"]), covered=len(view.get("covered", []))))
    reason = str(det.get("reason", view.get("end_reason", "")))
    if reason.startswith("khan"):
        lines.append(W.s("result.khan_won", lang, why=W.t(f"end.{reason}", lang)))
    elif reason == T.WIN_CAP:
        # R24.9: nobody has the cargo to win; the most cargo in the hold wins, then the most open cargo
        winners = [people[w] for w in res["winners"]]
        most = max(len(p["hold"]) for p in view["seats"])
        lines.append(W.s("result.round_cap", lang, rounds=T.ROUND_CAP, need=view["cargo_to_win"]))
        if sum(1 for p in view["seats"] if len(p["hold"]) == most) > len(winners):
            lines.append(W.s("result.cap_open", lang))
        lines.append(W.s("result.cap_winner", lang, players=winners or [plain("—")], n=most))
    else:
        winners = [people[w] for w in res["winners"]]
        lines.append(W.s("result.winner", lang, players=winners or [plain("—")], need=view["cargo_to_win"]))
    if det.get("turns"):
        lines.append(W.s("result.turns", lang, n=det["turns"]))
    return lines
