"""Words for people: action labels, event texts and the terminal rendering, in Russian and English.

Everything here reads only action ids, events and view dicts, never hidden state, so a rendering can
never leak what its seat may not know.
"""

from __future__ import annotations

from typing import Any

from nastolka.engine import Event, parse_id

from . import data as T
from .actions import NONE


def _ru(lang: str) -> bool:
    return lang == "ru"


def card_name(cid: str | None, lang: str = "en") -> str:
    if cid is None:
        return "[упакован]" if _ru(lang) else "[packed]"
    d = T.DEF_INDEX.get(cid)
    if d is None:
        return cid
    return T.D_NAME_RU[d] if _ru(lang) else T.D_NAME[d]


def card_short(cid: str, lang: str = "en") -> str:
    """Name with maneuver value and icons, e.g. ``Pirate Raid (3, 2 dmg)``."""
    d = T.DEF_INDEX[cid]
    icons = []
    if T.D_DMG[d]:
        icons.append(f"{T.D_DMG[d]}{'ур' if _ru(lang) else 'dmg'}")
    if T.D_DRW[d]:
        icons.append(f"{T.D_DRW[d]}{'наб' if _ru(lang) else 'draw'}")
    extra = ", " + " ".join(icons) if icons else ""
    return f"{card_name(cid, lang)} ({T.D_VAL[d]}{extra})"


def char_name(key: str, lang: str = "en") -> str:
    i = T.CHARACTERS.index(key)
    return T.PL_NAME_RU[i] if _ru(lang) else T.PL_NAME[i]


def loc_name(clock: int, lang: str = "en") -> str:
    return (T.LOC_NAME_RU if _ru(lang) else T.LOC_NAME)[clock]


def _side(state: Any, side: str | int, lang: str) -> str:
    side = int(side)
    if state is not None and getattr(state, "solo", False) and side == 1:
        return "Шер Хан" if _ru(lang) else "Shere Khan"
    if state is not None and side < state.players:
        return char_name(T.CHARACTERS[state.chars[side]], lang)
    return f"seat {side}"


def action_label(state: Any, aid: str, lang: str = "en", names: Any = None) -> str:  # noqa: C901
    ru = _ru(lang)
    parsed = parse_id(aid)
    verb, p = parsed.verb, parsed.params
    card = card_name(p["card"], lang) if p.get("card", NONE) != NONE else ""
    if verb == "end":
        return "Закончить шаг 2" if ru else "End Step 2"
    if verb == "pass":
        return "Пас" if ru else "Pass"
    if verb == "passenger":
        return f"Посадить пассажира: {card}" if ru else f"Take on passenger: {card}"
    if verb == "artifact":
        who = _side(state, p["seat"], lang)
        return f"Артефакт {card} в отсек: {who}" if ru else f"Artifact {card} into {who}'s hold"
    if verb == "action":
        return f"Сыграть действие: {card}" if ru else f"Play action: {card}"
    if verb == "dogfight":
        who = _side(state, p["target"], lang)
        return f"Закус по ДАЛЬНОСТИ против: {who}" if ru else f"RANGE dogfight against {who}"
    if verb == "pilot":
        who = _side(state, p["target"], lang)
        return f"Закус пилотом {card} против: {who}" if ru else f"Dogfight with pilot {card} against {who}"
    if verb in ("accept", "decline", "yield"):
        return {"accept": ("Принять закус", "Accept the dogfight"), "decline": ("Отказаться от закуса", "Decline"),
                "yield": ("Уступить", "Yield")}[verb][0 if ru else 1]
    if verb == "block":
        return f"Блок: {card_short(p['card'], lang)}" if ru else f"Block with {card_short(p['card'], lang)}"
    if verb == "maneuver":
        return f"Манёвр: {card_short(p['card'], lang)}" if ru else f"Maneuver: {card_short(p['card'], lang)}"
    if verb == "damage":
        kind = p["do"]
        pos = p.get("pos", "")
        return {"open": (f"Урон: открыть груз №{pos}", f"Damage: open packed cargo #{pos}"),
                "discard": (f"Урон: сбросить открытый груз №{pos}", f"Damage: discard open cargo #{pos}"),
                "hand": ("Урон: защитник сбрасывает карту", "Damage: defender discards a card"),
                "uncover": ("Урон: снять красного персонажа с кольца", "Damage: uncover the newest covered Location")
                }[kind][0 if ru else 1]
    if verb == "bounty":
        if p["card"] == NONE:
            return "Не брать премию" if ru else "Take no bounty"
        return f"Премия: {card}" if ru else f"Bounty: {card}"
    if verb == "move":
        n, cw = p["n"], p["dir"] == "cw"
        if ru:
            return f"Переместиться на {n} {'по часовой' if cw else 'против часовой'}"
        return f"Move {n} {'clockwise' if cw else 'counter-clockwise'}"
    if verb == "cargo":
        if "seat" in p:
            who = _side(state, p["seat"], lang)
            return f"Груз №{p['pos']} у: {who}" if ru else f"Cargo #{p['pos']} of {who}"
        if p["card"] == NONE:
            return "Не играть груз" if ru else "Play no cargo"
        return f"Сыграть как груз: {card}" if ru else f"Play as cargo: {card}"
    if verb == "discard":
        return f"Сбросить: {card}" if ru else f"Discard {card}"
    if verb == "drop":
        return f"Высадить пассажира №{int(p['pos']) + 1}" if ru else f"Drop passenger #{int(p['pos']) + 1}"
    if verb == "opponent":
        who = _side(state, p["seat"], lang)
        return f"Выбрать противника: {who}" if ru else f"Choose opponent {who}"
    if verb == "chain":
        who = _side(state, p["seat"], lang)
        return f"Пассажир №{int(p['pos']) + 1} у: {who}" if ru else f"Passenger #{int(p['pos']) + 1} of {who}"
    if verb == "take":
        return f"Взять: {card}" if ru else f"Take {card}"
    return aid


_EV_EN = {
    "turn": "Turn {turn}: seat {seat}", "roll": "Seat {seat} rolls {value}", "draw": "Seat {seat} draws {n}",
    "drew_card": "You draw {card}", "passenger": "Seat {seat} takes on {card}", "artifact": "Seat {seat} plays {card} into hold {target}",
    "action": "Seat {seat} plays {card}", "dogfight": "Seat {seat} starts a dogfight against {target}",
    "accept": "Seat {seat} accepts", "decline": "Seat {seat} declines", "block": "Seat {seat} blocks with {card} ({value})",
    "maneuver": "Seat {seat} attacks with {value}", "yield": "Seat {seat} yields", "move": "Seat {seat} moves to {to}",
    "cargo": "Seat {seat} plays cargo at {location}", "open_cargo": "Seat {seat} opens {card} in hold {side}",
    "steal_cargo": "Seat {seat} steals cargo from {side}", "discard": "Seat {seat} discards {card}",
    "dogfight_won": "The {role} wins the dogfight", "game_over": "Game over: winners {winners} ({reason})",
    "cover": "{card} covers Location {location}", "khan_cargo": "Shere Khan loads cargo ({n})",
    "end_step2": "Seat {seat} ends Step 2", "dogfight_over": "The dogfight is over",
    "dogfight_cancelled": "Seat {seat} cancels the dogfight", "peek": "You look at {card} (hold {side} #{pos})",
    "peek_public": "Seat {seat} looks at packed cargo #{pos} of hold {side}", "repack": "Seat {seat} repacks",
    "shuffle_cargo": "Seat {seat} shuffles its hold", "discard_passenger": "{card} leaves seat {seat}'s chain",
    "move_passenger": "{card} moves to the {to} position", "steal_passenger": "Seat {seat} steals {card} from {side}",
    "take": "Seat {seat} takes {card} from the {source}", "take_from_hand": "Seat {seat} takes a card from {side}",
    "took_card": "The card taken is {card}", "stolen_card": "The stolen cargo is {card}",
    "packed_card": "You pack {card}", "khan_maneuvers": "Shere Khan flies {cards} against {high}",
    "uncover": "{card} is shot off the ring", "reshuffle": "The discard pile becomes the deck ({size})",
    "bounty": "Seat {seat} takes {card} as bounty",
}
_EV_RU = {
    "turn": "Ход {turn}: место {seat}", "roll": "Место {seat} выбрасывает {value}", "draw": "Место {seat} набирает {n}",
    "drew_card": "Вы набрали {card}", "passenger": "Место {seat} сажает {card}", "artifact": "Место {seat} кладёт {card} в отсек {target}",
    "action": "Место {seat} играет {card}", "dogfight": "Место {seat} начинает закус против {target}",
    "accept": "Место {seat} принимает закус", "decline": "Место {seat} отказывается", "block": "Место {seat} блокирует: {card} ({value})",
    "maneuver": "Место {seat} атакует манёвром {value}", "yield": "Место {seat} уступает", "move": "Место {seat} летит в {to}",
    "cargo": "Место {seat} играет груз в {location}", "open_cargo": "Место {seat} открывает {card} в отсеке {side}",
    "steal_cargo": "Место {seat} крадёт груз у {side}", "discard": "Место {seat} сбрасывает {card}",
    "dogfight_won": "Закус выигрывает: {role}", "game_over": "Игра окончена: победители {winners} ({reason})",
    "cover": "{card} накрывает Локацию {location}", "khan_cargo": "Шер Хан грузит груз ({n})",
    "end_step2": "Место {seat} заканчивает шаг 2", "dogfight_over": "Закус окончен",
    "dogfight_cancelled": "Место {seat} отменяет закус", "peek": "Вы смотрите: {card} (отсек {side}, №{pos})",
    "peek_public": "Место {seat} смотрит груз №{pos} в отсеке {side}", "repack": "Место {seat} перепаковывает груз",
    "shuffle_cargo": "Место {seat} перемешивает отсек", "discard_passenger": "{card} покидает цепочку места {seat}",
    "move_passenger": "{card} перемещается в позицию: {to}", "steal_passenger": "Место {seat} похищает {card} у {side}",
    "take": "Место {seat} берёт {card} ({source})", "take_from_hand": "Место {seat} берёт карту из руки {side}",
    "took_card": "Взятая карта: {card}", "stolen_card": "Украденный груз: {card}",
    "packed_card": "Вы упаковали {card}", "khan_maneuvers": "Шер Хан: манёвры {cards} против {high}",
    "uncover": "{card} сбит с кольца", "reshuffle": "Сброс стал колодой ({size})",
    "bounty": "Место {seat} берёт премию: {card}",
}


def event_text(state: Any, event: Event, lang: str = "en", names: Any = None) -> str:
    table = _EV_RU if _ru(lang) else _EV_EN
    fmt = table.get(event.kind)
    args = dict(event.args)
    if "card" in args and isinstance(args["card"], str):
        args["card"] = card_name(args["card"], lang)
    if "cards" in args:
        args["cards"] = ", ".join(card_name(c, lang) for c in args["cards"])
    if fmt is None:
        return f"{event.kind}: " + ", ".join(f"{k}={v}" for k, v in event.args.items())
    try:
        return fmt.format(**args)
    except (KeyError, IndexError):
        return f"{event.kind}: {event.args}"


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
    return f"({sh:+d}/{rg:+d}/{pi:+d})"


def render_view(view: dict[str, Any], lang: str = "en", names: Any = None) -> str:
    """Ring with planes, stats, chains, holds (packed as backs), hand and the current dogfight."""
    ru = _ru(lang)
    out: list[str] = []
    players = view["seats"]
    initials: dict[int, list[str]] = {}
    for s, p in enumerate(players):
        initials.setdefault(p["position"], []).append(f"{s}:{char_name(p['character'], lang)[:4]}")
    covered = view.get("covered", [])
    out.append(("Кольцо локаций" if ru else "Location ring") +
               f" — {'колода' if ru else 'deck'} {view['deck']}, {'сброс' if ru else 'discard'} {len(view['discard'])}")
    for clock in range(1, 13):
        k = (clock - T.COVER_START) % 12
        cov = f" ✖{card_name(covered[k], lang)}" if k < len(covered) else ""
        planes = " ✈ " + ", ".join(initials[clock]) if clock in initials else ""
        out.append(f" {clock:2d} {loc_name(clock, lang):<22} {'ПРИЁМ' if ru else 'RCV'} {T.LOC_RECEIVING[clock]}{cov}{planes}")
    out.append("")
    for s, p in enumerate(players):
        mark = "▶ " if s == view["active"] else "  "
        st = p["stats"]
        lbl = ("ЗАГ", "ДАЛ", "ПИЛ") if ru else ("SHP", "RNG", "PIL")
        out.append(f"{mark}{s}: {char_name(p['character'], lang)} @ {p['position']}  "
                   f"{lbl[0]} {st[0]} {lbl[1]} {st[1]} {lbl[2]} {st[2]}  "
                   f"{'рука' if ru else 'hand'} {p['hand_size']}")
        chain = " → ".join(f"{card_name(c, lang)} {_bonus(c)}" for c in p["chain"]) or "—"
        out.append(f"     {'цепочка' if ru else 'chain'}: {chain}")
        out.append(f"     {'отсек' if ru else 'hold'} ({len(p['hold'])}/{view['cargo_to_win']}): {_hold_text(p['hold'], lang)}")
        if p.get("known_hand"):
            out.append(f"     {'известно в руке' if ru else 'known in hand'}: "
                       + ", ".join(card_name(c, lang) for c in p["known_hand"]))
    if "khan_hold" in view:
        out.append(f"  {'Шер Хан' if ru else 'Shere Khan'}: {'отсек' if ru else 'hold'} "
                   f"({len(view['khan_hold'])}/5): {_hold_text(view['khan_hold'], lang)}")
    seat = view.get("seat")
    if seat is not None and seat < len(players) and players[seat]["hand"] is not None:
        out.append("")
        out.append(("Ваша рука: " if ru else "Your hand: ") +
                   ", ".join(card_short(c, lang) for c in players[seat]["hand"]))
    df = view.get("dogfight")
    if df:
        out.append("")
        first = df["first"]
        out.append(("Закус: " if ru else "Dogfight: ") + f"{df['attacker']} → {df['defender']}  "
                   f"({df['phase']}); {'первый манёвр' if ru else 'first maneuver'} {df['first_value']}"
                   f" ({first[1]} {'ур' if ru else 'dmg'}, {first[2]} {'наб' if ru else 'draw'})")
        if df["pilot"]:
            out.append(f"   {'пилот' if ru else 'pilot'}: {card_short(df['pilot'], lang)}")
        out.append(f"   {'атака' if ru else 'attack'}: " + (", ".join(card_short(c, lang) for c in df["attack"]) or "—"))
        out.append(f"   {'защита' if ru else 'defence'}: " + (", ".join(card_short(c, lang) for c in df["defence"]) or "—"))
    out.append("")
    out.append(f"{'Ход' if ru else 'Turn'} {view['turn']}, {'шаг' if ru else 'step'}: {view['phase']}, "
               f"{'кубик' if ru else 'die'}: {view['die'] or '-'}")
    dec = view.get("decision")
    if dec:
        ctx = f" ({dec['context']})" if "context" in dec else ""
        out.append((f"Решает место {dec['seat']}: " if ru else f"Waiting for seat {dec['seat']}: ") + dec["kind"] + ctx)
    if view.get("result"):
        out.append(("Итог: " if ru else "Result: ") + f"{view['winners']} ({view['end_reason']})")
    return "\n".join(out)
