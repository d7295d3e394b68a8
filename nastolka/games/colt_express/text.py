"""Words for people: action labels, event texts and the terminal rendering, in Russian and English.

Everything here reads ids and views only (never the hidden parts of a state), so a client can print it
for any seat without leaking what that seat may not know.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nastolka.engine import Event, parse_id

from . import data as D
from .state import COVER, PICKPOCKET_PASS, PICKPOCKET_TAKE

if TYPE_CHECKING:
    from .state import ColtState

_W = {
    "draw": ("Взять 3 карты из колоды", "Draw 3 cards"),
    "pass": ("Пропустить ход (нечего сыграть)", "Pass (nothing to play)"),
    "keep": ("Оставить остальные карты на руке", "Keep the other cards in hand"),
    "floor": ("Лестница: сменить уровень", "Floor change"),
    "face_down": ("рубашкой вверх", "face down"),
    "take": ("Карманная кража: взять кошелёк", "Pickpocketing: take a purse"),
    "no_take": ("Карманная кража: не брать", "Pickpocketing: take nothing"),
    "inside": ("внутри", "inside"),
    "roof": ("на крыше", "on the roof"),
    "none": ("ничего", "nothing"),
    "keep_purse": ("оставить кошелёк себе", "keep the purse"),
    "no_cover": ("Без прикрытия", "No cover card"),
}

_EVENT_WORDS = {
    "angry_marshal": ("Разгневанный шериф стреляет по крыше и идёт к хвосту поезда",
                      "Angry Marshal shoots at his roof and moves toward the caboose"),
    "swivel_arm": ("Поворотный кронштейн сметает всех с крыш на крышу последнего вагона",
                   "Swivel Arm sweeps every roof to the caboose roof"),
    "braking": ("Торможение: все на крышах сдвигаются к локомотиву", "Braking: every roof moves toward the Locomotive"),
    "take_it_all": ("Забирайте всё! Второй кейс появляется в вагоне шерифа",
                    "Take It All! The second strongbox appears in the Marshal's car"),
    "rebellion": ("Пассажиры дают отпор: все внутри получают пулю", "Passengers' Rebellion: everyone inside is shot"),
    "pickpocketing": ("Карманная кража", "Pickpocketing"),
    "marshals_revenge": ("Месть шерифа", "Marshal's Revenge"),
    "hostage_conductor": ("Выкуп за машиниста", "Hostage-Taking of the Conductor"),
}


def _ru(lang: str) -> bool:
    return lang == "ru"


def word(key: str, lang: str) -> str:
    ru, en = _W[key]
    return ru if _ru(lang) else en


def bandit_name(bid: str, lang: str) -> str:
    i = D.BANDIT_INDEX.get(bid)
    if i is None:
        return bid
    return D.BANDIT_RU[i] if _ru(lang) else D.BANDIT_EN[i]


def kind_name(kid: str, lang: str) -> str:
    i = D.KIND_INDEX.get(kid)
    if i is None:
        return kid
    return D.KIND_RU[i] if _ru(lang) else D.KIND_EN[i]


def loot_name(lid: str, lang: str) -> str:
    if lid == "none":
        return word("none", lang)
    i = D.LOOT_IDS.index(lid)
    return D.LOOT_RU[i] if _ru(lang) else D.LOOT_EN[i]


def car_name(car_id: str, lang: str) -> str:
    if car_id == "locomotive":
        return D.LOCO_RU if _ru(lang) else D.LOCO_EN
    i = D.CAR_INDEX[car_id]
    return D.CAR_RU[i] if _ru(lang) else D.CAR_EN[i]


def card_name(name: str | None, lang: str) -> str:
    """``fire`` / ``fire:belle`` / ``bullet:neutral`` / ``marshal`` in words."""
    if name is None:
        return "▒▒" if _ru(lang) else "▒▒"
    if name.startswith("bullet:"):
        who = name.split(":", 1)[1]
        if who == "neutral":
            return "нейтральная пуля" if _ru(lang) else "neutral bullet"
        return ("пуля " if _ru(lang) else "bullet of ") + bandit_name(who, lang)
    kind, _, bandit = name.partition(":")
    text = kind_name(kind, lang)
    return f"{text} ({bandit_name(bandit, lang)})" if bandit else text


def _car_label(s: ColtState | None, car: int, lang: str) -> str:
    if s is None:
        return str(car)
    cid = "locomotive" if car == 0 else D.CAR_IDS[s.cars[car - 1]]
    return f"{car_name(cid, lang)} [{car}]"


def action_label(s: ColtState | None, aid: str, lang: str = "en", names: Any = None) -> str:  # noqa: C901
    """Words for an action id (the state only supplies the train's car names)."""
    ru = _ru(lang)
    parsed = parse_id(aid)
    verb, a = parsed.verb, parsed.params
    if aid == "pass" and s is not None and s.phase == COVER:
        return word("no_cover", lang)
    if aid in ("draw", "pass", "keep", "floor"):
        return word(aid, lang)
    if aid == PICKPOCKET_TAKE:
        return word("take", lang)
    if aid == PICKPOCKET_PASS:
        return word("no_take", lang)
    card = a.get("card", "")
    if "bandit" in a and card:
        card = f"{card}:{a['bandit']}"
    if verb == "play":
        text = ("Сыграть: " if ru else "Play: ") + card_name(card, lang)
        return text + (f" ({word('face_down', lang)})" if a.get("face") == "down" else "")
    if verb == "cover":
        return ("Прикрытие: " if ru else "Cover: ") + card_name(card, lang)
    if verb == "keep":
        return ("Оставить в руке: " if ru else "Keep in hand: ") + card_name(card, lang)
    if verb == "discard":
        return ("Сбросить: " if ru else "Discard: ") + card_name(card, lang)
    if verb == "start":
        return (("В последний вагон: " if ru else "Start in the caboose: ")
                + bandit_name(a.get("caboose", ""), lang))
    if verb == "move":
        return ("Движение → " if ru else "Move → ") + _car_label(s, int(a["car"]), lang)
    if verb == "marshal":
        return ("Шериф → " if ru else "Marshal → ") + _car_label(s, int(a["car"]), lang)
    if verb == "fire":
        return ("Выстрел в " if ru else "Fire at ") + bandit_name(a["target"], lang)
    if verb == "rob":
        return ("Кража: " if ru else "Rob: ") + loot_name(a["loot"], lang)
    if verb == "punch":
        text = (f"Удар: {bandit_name(a['target'], lang)}, выбить {loot_name(a['loot'], lang)}" if ru else
                f"Punch {bandit_name(a['target'], lang)}, knock out {loot_name(a['loot'], lang)}")
        if a.get("keep") == "1":
            text += f", {word('keep_purse', lang)}"
        return text + " → " + _car_label(s, int(a["car"]), lang)
    return aid


def event_text(state: Any, event: Event, lang: str = "en", names: Any = None) -> str:  # noqa: C901
    ru = _ru(lang)
    k, a = event.kind, event.args
    if k == "play":
        who = f"#{a['seat']}"
        return (f"Игрок {who} кладёт карту: {card_name(a['card'], lang)}" if ru
                else f"Player {who} plays {card_name(a['card'], lang)}")
    if k == "play_own":
        return (f"Вы кладёте рубашкой вверх: {card_name(a['card'], lang)}" if ru
                else f"You play face down: {card_name(a['card'], lang)}")
    if k == "draw":
        return f"Игрок #{a['seat']} берёт карт: {a['count']}" if ru else f"Player #{a['seat']} draws {a['count']}"
    if k == "drawn":
        cards = ", ".join(card_name(c, lang) for c in a["cards"])
        return f"Вы взяли: {cards}" if ru else f"You drew: {cards}"
    if k == "pass":
        return f"Игрок #{a['seat']} пропускает ход" if ru else f"Player #{a['seat']} passes"
    if k == "cover":
        return f"Игрок #{a['seat']} прикрывает выстрел" if ru else f"Player #{a['seat']} plays a cover card"
    if k == "discard":
        return (f"Игрок #{a['seat']} сбрасывает {card_name(a['card'], lang)}" if ru
                else f"Player #{a['seat']} discards {card_name(a['card'], lang)}")
    if k == "stealin":
        return "Фаза 2: Ограбление" if ru else "Phase 2: Stealin'"
    if k == "round":
        rc = D.ROUND_INDEX[a["card"]]
        name = D.ROUND_RU[rc] if ru else D.ROUND_EN[rc]
        return f"Раунд {a['round']}: {name}" if ru else f"Round {a['round']}: {name}"
    if k == "moved":
        where = word(a["level"], lang)
        return (f"{bandit_name(a['bandit'], lang)} → вагон {a['car']}, {where}" if ru
                else f"{bandit_name(a['bandit'], lang)} → car {a['car']}, {where}")
    if k == "flee":
        names = ", ".join(bandit_name(b, lang) for b in a["bandits"])
        return (f"Шериф! {names} бегут на крышу вагона {a['car']}" if ru
                else f"The Marshal! {names} flee to the roof of car {a['car']}")
    if k == "neutral_bullets":
        names = ", ".join(bandit_name(b, lang) for b in a["bandits"])
        if a["given"]:
            return f"Нейтральная пуля: {names}" if ru else f"Neutral bullet for {names}"
        return (f"Нейтральных пуль не хватает — никто не получает ({names})" if ru
                else f"Not enough neutral bullets: nobody gets one ({names})")
    if k == "marshal":
        return f"Шериф переходит в вагон {a['car']}" if ru else f"The Marshal moves to car {a['car']}"
    if k == "fire":
        return (f"{bandit_name(a['bandit'], lang)} стреляет в {bandit_name(a['target'], lang)}" if ru
                else f"{bandit_name(a['bandit'], lang)} shoots {bandit_name(a['target'], lang)}")
    if k == "punch":
        loot = loot_name(a["loot"], lang) if a["loot"] else word("none", lang)
        return (f"{bandit_name(a['bandit'], lang)} бьёт {bandit_name(a['target'], lang)} ({loot})" if ru
                else f"{bandit_name(a['bandit'], lang)} punches {bandit_name(a['target'], lang)} ({loot})")
    if k in ("rob", "pickpocket"):
        return (f"{bandit_name(a['bandit'], lang)} берёт: {loot_name(a['loot'], lang)}" if ru
                else f"{bandit_name(a['bandit'], lang)} takes a {loot_name(a['loot'], lang)}")
    if k == "no_effect":
        return (f"Карта {card_name(a['card'], lang)} не действует" if ru
                else f"{card_name(a['card'], lang)} has no effect")
    if k == "event":
        ru_t, en_t = _EVENT_WORDS[a["event"]]
        return ru_t if ru else en_t
    if k == "revenge":
        return (f"{bandit_name(a['bandit'], lang)} сбрасывает самый дешёвый кошелёк" if ru
                else f"{bandit_name(a['bandit'], lang)} discards his cheapest purse")
    if k == "ransom":
        return (f"{bandit_name(a['bandit'], lang)} получает выкуп ${a['amount']}" if ru
                else f"{bandit_name(a['bandit'], lang)} collects a ${a['amount']} ransom")
    if k == "keep":
        return f"Игрок #{a['seat']} выбрал карту" if ru else f"Player #{a['seat']} kept a card"
    if k == "kept":
        return f"Вы оставили: {card_name(a['card'], lang)}" if ru else f"You kept: {card_name(a['card'], lang)}"
    if k == "start":
        return (f"Игрок #{a['seat']}: {bandit_name(a['caboose'], lang)} в последнем вагоне" if ru
                else f"Player #{a['seat']}: {bandit_name(a['caboose'], lang)} starts in the caboose")
    if k == "game_over":
        return "Конец игры" if ru else "Game over"
    return k


def _loot_text(loot: dict[str, Any], lang: str) -> str:
    parts = [f"${v}" for v in loot["purses"] if v is not None]
    unknown = sum(1 for v in loot["purses"] if v is None)
    if unknown:
        parts.append("$?" if unknown == 1 else f"$?×{unknown}")
    if loot["jewels"]:
        parts.append(f"◆×{loot['jewels']}")
    if loot["strongboxes"]:
        parts.append(f"▣×{loot['strongboxes']}")
    return " ".join(parts)


def render_view(view: dict[str, Any], lang: str = "en", names: Any = None) -> str:
    """The train (roofs above insides, Locomotive on the right), bandits, Marshal, loot, pile, players."""
    ru = _ru(lang)
    lines: list[str] = []
    rc = view.get("round_card")
    if rc:
        i = D.ROUND_INDEX[rc]
        name = D.ROUND_RU[i] if ru else D.ROUND_EN[i]
        turn = view.get("turn")
        turns = view["turns"]
        marks = "".join(f"[{t}]" if turn is not None and j == turn else t for j, t in enumerate(turns))
        lines.append(f"Раунд {view['round']}/{view['rounds_total']}: {name}  ходы {marks}" if ru else
                      f"Round {view['round']}/{view['rounds_total']}: {name}  turns {marks}")
    phase_words = {"setup": ("расстановка", "setup"), "keep": ("выбор карты", "keep a card"),
                   "schemin": ("планирование", "schemin'"), "cover": ("прикрытие", "cover"),
                   "expert_keep": ("сброс", "discard"), "stealin": ("ограбление", "stealin'"),
                   "pickpocket": ("карманная кража", "pickpocketing"), "over": ("игра окончена", "game over")}
    ph = phase_words.get(view["phase"], (view["phase"], view["phase"]))
    lines.append(f"Фаза: {ph[0]}; первый игрок #{view['first_player']}; ходит {view['to_act']}" if ru else
                  f"Phase: {ph[1]}; first player #{view['first_player']}; to act {view['to_act']}")
    cars = view["cars"]
    order = list(range(len(cars) - 1, -1, -1))   # caboose on the left, Locomotive on the right
    width = 22
    names_row, roof_row, roof_loot, in_row, in_loot = [], [], [], [], []
    for c in order:
        car = cars[c]
        names_row.append(f"{c}:{car_name(car['id'], lang)}"[:width].ljust(width))
        roof = [b for b in view["bandits"] if b["car"] == c and b["level"] == "roof"]
        inside = [b for b in view["bandits"] if b["car"] == c and b["level"] == "inside"]
        roof_row.append(("^ " + ",".join(bandit_name(b["id"], lang) for b in roof))[:width].ljust(width))
        roof_loot.append(("  " + _loot_text(car["roof"], lang))[:width].ljust(width))
        marshal = ("★" + ("Шериф" if ru else "Marshal") + " ") if view["marshal"] == c else ""
        in_row.append(("| " + marshal + ",".join(bandit_name(b["id"], lang) for b in inside))[:width].ljust(width))
        in_loot.append(("| " + _loot_text(car["inside"], lang))[:width].ljust(width))
    lines += ["".join(r).rstrip() for r in (names_row, roof_row, roof_loot, in_row, in_loot)]
    lines.append(("Нейтральных пуль: " if ru else "Neutral bullets: ") + str(view["neutral_bullets"])
                 + ("; кейс вне поезда" if ru and view["strongbox_off_train"] else
                    "; a strongbox waits off-train" if view["strongbox_off_train"] else ""))
    pile = view["pile"]
    if pile:
        lines.append(("Стопка: " if ru else "Pile: ") + " | ".join(
            f"#{e['seat']} {card_name(e['card'], lang)}" for e in pile))
    for q in range(view["players"]):
        bs = [b for b in view["bandits"] if b["seat"] == q]
        tot = view["loot_totals"][q]
        money = f"${tot['known']}" + (f" + {tot['unknown_purses']}×$?" if tot["unknown_purses"] else "")
        who = ", ".join(f"{bandit_name(b['id'], lang)} [{b['car']} {word(b['level'], lang)}; "
                        f"{'пуль' if ru else 'bullets'} {b['bullets']}; {_loot_text(b, lang) or '—'}]" for b in bs)
        mark = "*" if q == view.get("seat") else " "
        lines.append(f"{mark}#{q} {who}  {'добыча' if ru else 'loot'} {money}; "
                     f"{'рука' if ru else 'hand'} {view['hand_sizes'][q]}, "
                     f"{'колода' if ru else 'deck'} {view['deck_sizes'][q]}, "
                     f"{'получено пуль' if ru else 'bullets received'} {view['bullets_received'][q]}")
    if view.get("hand") is not None:
        lines.append(("Ваша рука: " if ru else "Your hand: ")
                     + ", ".join(card_name(c, lang) for c in view["hand"]))
    if view.get("resolving"):
        r = view["resolving"]
        lines.append(f"Разыгрывается: #{r['seat']} {card_name(r['card'], lang)}" if ru else
                      f"Resolving: #{r['seat']} {card_name(r['card'], lang)}")
    if view.get("pickpocket"):
        lines.append(f"Карманная кража: {bandit_name(view['pickpocket'], lang)} может взять кошелёк" if ru else
                      f"Pickpocketing: {bandit_name(view['pickpocket'], lang)} may take a purse")
    if "result" in view:
        res = view["result"]
        lines.append(("Итог: " if ru else "Result: ") + ", ".join(
            f"#{q} ${int(sc)}" for q, sc in enumerate(res["scores"]))
            + ("; победители " if ru else "; winners ") + ", ".join(f"#{w}" for w in res["winners"]))
    return "\n".join(lines)
