"""Words for «Шоу-Битва»: action labels, event texts and the terminal rendering, in Russian and English.

Everything here reads either an action id with the state it is legal in, an event, or a view — never
hidden parts of a state — so the terminal can never show a card a seat must not see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nastolka.engine import Event

from .actions import A_DONE, A_EFFECT, A_MULLIGAN, A_PASS, A_PLACE, A_SKIP, A_TOKEN, PARSED
from .data import (
    CARD_KIND,
    COLOURS_EN,
    COLOURS_RU,
    KIND_IDS,
    KIND_INDEX,
    LEVEL_NAMES_EN,
    LEVEL_NAMES_RU,
    NAMES_EN,
    NAMES_RU,
    ROW_SLOTS,
    ROWS_ONE_BOARD,
    ROWS_TWO_BOARDS,
)

if TYPE_CHECKING:
    from .state import ShowBattleState

ARROWS = ("↑", "→", "↓", "←")


def card_name(kind: str | int, lang: str) -> str:
    k = KIND_INDEX[kind] if isinstance(kind, str) else kind
    return NAMES_RU[k] if lang == "ru" else NAMES_EN[k]


def troupe_name(t: int, lang: str, solo: bool = False) -> str:
    """"seat 0 (red)"; in solo troupe 1 is the rival automa."""
    if solo and t == 1:
        return "труппа соперников" if lang == "ru" else "the rival troupe"
    if lang == "ru":
        return f"игрок {t} ({COLOURS_RU[t]})"
    return f"seat {t} ({COLOURS_EN[t]})"


def _place_text(row: str, slot: int, lang: str) -> str:
    return f"ряд {row}, место {slot}" if lang == "ru" else f"row {row}, slot {slot}"


def action_label(s: ShowBattleState, aid: str, lang: str = "en") -> str:
    a = PARSED.get(aid)
    ru = lang == "ru"
    if a is None:
        return aid
    rows = ROWS_TWO_BOARDS if s.two else ROWS_ONE_BOARD
    kind = a[0]
    if kind == A_PLACE:
        idx = a[2]
        where = _place_text(rows[idx // ROW_SLOTS], idx % ROW_SLOTS + 1, lang)
        under = s.top[idx] if 0 <= idx < len(s.top) else -1
        text = f"Выложить {card_name(a[1], lang)}: {where}" if ru else f"Place {card_name(a[1], lang)}: {where}"
        if under >= 0:
            covered = card_name(CARD_KIND[under], lang)
            text += f" (поверх сброшенного {covered})" if ru else f" (on top of face-down {covered})"
        return text
    if kind == A_TOKEN:
        idx = a[1]
        c = s.top[idx] if 0 <= idx < len(s.top) else -1
        name = card_name(CARD_KIND[c], lang) if c >= 0 else "?"
        where = _place_text(rows[idx // ROW_SLOTS], idx % ROW_SLOTS + 1, lang)
        return (f"Жетон «Неприкасаемая карта» на {name} ({where})" if ru
                else f"Untouchable token on {name} ({where})")
    if kind == A_MULLIGAN:
        return ("Сменить руку: 3 карты под колоду, взять 3 (раз за игру)" if ru
                else "Mulligan: put your 3 cards under your deck and draw 3 (once per game)")
    if kind == A_PASS:
        return "Пас: некуда выложить карту" if ru else "Pass: no card can be placed"
    if kind == A_DONE:
        return "Закончить ход без жетона" if ru else "End the turn without a token"
    if kind == A_SKIP:
        if s.pend is not None and KIND_IDS[s.pend[0]] == "magician":
            return "Не выкладывать вторую карту" if ru else "Do not place a second card"
        return "Не применять эффект" if ru else "Decline the effect"
    if kind == A_EFFECT:
        _, ek, slot, d = a
        who = card_name(ek, lang)
        row_start = -1
        if s.pend is not None:
            idx = s.pend[1]
            row_start = idx - idx % ROW_SLOTS

        def at(j: int) -> str:
            if row_start < 0:
                return f"{j + 1}"
            c = s.top[row_start + j]
            name = card_name(CARD_KIND[c], lang) if c >= 0 else "?"
            return f"{name} ({'место' if ru else 'slot'} {j + 1})"

        name = KIND_IDS[ek]
        if name == "clown":
            return f"{who}: открыть {at(slot)}" if ru else f"{who}: turn {at(slot)} face up"
        if name == "juggler":
            return (f"{who}: поменять местами {at(slot)} и {at(slot + 1)}" if ru
                    else f"{who}: swap {at(slot)} and {at(slot + 1)}")
        if name == "acrobat":
            dirs = ("по часовой" if d > 0 else "против часовой") if ru else ("clockwise" if d > 0 else
                                                                             "counter-clockwise")
            return f"{who}: повернуть {at(slot)} {dirs}" if ru else f"{who}: rotate {at(slot)} {dirs}"
        if name == "knives":
            return f"{who}: сбросить {at(slot)}" if ru else f"{who}: discard {at(slot)}"
        if name == "tightrope":
            return ("Канатоходец: себя по часовой, карту слева против часовой" if ru
                    else "Tightrope walker: itself clockwise, the left card counter-clockwise")
        if name == "trainer":
            return ("Дрессировщик: повернуть карту слева ещё раз" if ru
                    else "Animal trainer: rotate the left card once more")
        if name == "cannonball":
            return ("Человек-ядро: сбросить карту слева и повернуться против часовой" if ru
                    else "Human cannonball: discard the left card and rotate itself counter-clockwise")
    return aid


def event_text(s: ShowBattleState, e: Event, lang: str = "en") -> str:
    ru = lang == "ru"
    a = e.args
    kind = e.kind

    def who(key: str = "seat") -> str:
        return troupe_name(a[key], lang, s.solo)

    def where() -> str:
        return _place_text(a["row"], a["slot"], lang)

    if kind == "place":
        text = (f"{who()} выкладывает {card_name(a['card'], lang)}: {where()}" if ru
                else f"{who()} places {card_name(a['card'], lang)}: {where()}")
        if a.get("covers"):
            text += (f" поверх {card_name(a['covers'], lang)}" if ru else f" over {card_name(a['covers'], lang)}")
        return text
    if kind == "discard":
        card = card_name(a["card"], lang)
        if a["by"] == "weak":
            return (f"Слабый номер вылетает: {card} ({who('owner')}) сброшен" if ru
                    else f"Weak act flies out: {card} ({who('owner')}) is discarded")
        by = card_name(a["by"], lang)
        return f"{by} сбрасывает {card} ({who('owner')})" if ru else f"{by} discards {card} ({who('owner')})"
    if kind == "rotate":
        card = card_name(a["card"], lang)
        if ru:
            d = "по часовой" if a["dir"] == "cw" else "против часовой"
            by = "Поворот карты" if a["by"] == "rotation" else card_name(a["by"], lang)
            return f"{by}: {card} ({who('owner')}) поворачивается {d} → {a['value']}"
        d = "clockwise" if a["dir"] == "cw" else "counter-clockwise"
        by = "Rotation" if a["by"] == "rotation" else card_name(a["by"], lang)
        return f"{by}: {card} ({who('owner')}) turns {d} → {a['value']}"
    if kind == "revive":
        card = card_name(a["card"], lang)
        return (f"{card_name(a['by'], lang)} открывает {card} ({where()})" if ru
                else f"{card_name(a['by'], lang)} turns {card} face up ({where()})")
    if kind == "swap":
        x, y = (card_name(c, lang) for c in a["cards"])
        return (f"{card_name(a['by'], lang)} меняет местами {x} и {y}" if ru
                else f"{card_name(a['by'], lang)} swaps {x} and {y}")
    if kind == "skip":
        name = card_name(a["effect"], lang)
        return f"{who()} не применяет эффект {name}" if ru else f"{who()} declines the {name} effect"
    if kind == "token":
        card = card_name(a["card"], lang)
        return (f"{who()} кладёт жетон «Неприкасаемая карта» на {card} ({where()})" if ru
                else f"{who()} puts an untouchable token on {card} ({where()})")
    if kind == "mulligan":
        return (f"{who()} меняет руку (3 карты под колоду)" if ru
                else f"{who()} takes the mulligan (3 cards under the deck)")
    if kind == "hand":
        cards = ", ".join(card_name(c, lang) for c in a["cards"])
        return f"Ваша рука: {cards}" if ru else f"Your hand: {cards}"
    if kind == "refill":
        return f"{who()} добирает карт: {a['count']}" if ru else f"{who()} draws {a['count']}"
    if kind == "pass":
        return f"{who()}: пас" if ru else f"{who()} passes"
    if kind == "game_over":
        scores = ", ".join(str(x) for x in a["strength"])
        return f"Конец игры. Сила трупп: {scores}" if ru else f"Game over. Troupe strength: {scores}"
    args = ", ".join(f"{k}={v}" for k, v in a.items())
    return f"{kind}({args})"


def _colour(owner: int, lang: str, solo: bool) -> str:
    """The owner's colour word (in solo the rival troupe is just "rival")."""
    if solo and owner == 1:
        return "соперник" if lang == "ru" else "rival"
    return (COLOURS_RU if lang == "ru" else COLOURS_EN)[owner]


def _slot_text(sl: dict[str, Any], lang: str, solo: bool) -> str:
    ru = lang == "ru"
    name = card_name(sl["card"], lang)
    colour = _colour(sl["owner"], lang, solo)
    if sl["face_up"]:
        text = f"{sl['slot']}. {name:<20} {sl['value']:>2} {ARROWS[sl['orient']]}  {colour}"
        if sl["token"]:
            text += "  [жетон]" if ru else "  [token]"
    else:
        text = f"{sl['slot']}. ▒▒ {name:<17} {'сброшен' if ru else 'face down':>4}  {colour}"
    if sl["covered"]:
        under = ", ".join(f"{card_name(c['card'], lang)} ({_colour(c['owner'], lang, solo)})" for c in sl["covered"])
        text += f"  (под ней: {under})" if ru else f"  (covers: {under})"
    return text


def render_view(view: dict[str, Any], lang: str = "en") -> str:
    """The board as text: each row's cards with name, active value, orientation arrow, owner; then troupes."""
    ru = lang == "ru"
    solo = view.get("solo") is not None
    lines = ["Шоу-Битва" if ru else "Show Battle"]
    if solo:
        level = view["solo"]["level"]
        lname = (LEVEL_NAMES_RU if ru else LEVEL_NAMES_EN)[level]
        need = view["solo"]["margin_needed"]
        lines[0] += (f" — гастроли соперников, уровень «{lname}» (нужен перевес ≥ {need})" if ru
                     else f" — solo against the rival troupe, level {lname} (win by {need} or more)")
    if view.get("jury_sympathy"):
        lines.append("Симпатия жюри: второй игрок +2" if ru else "Jury sympathy: the second player gets +2")
    for row in view["rows"]:
        lines.append(f"{'Ряд' if ru else 'Row'} {row['name']}:" + ("" if row["slots"] else (" пусто" if ru
                                                                                           else " empty")))
        for sl in row["slots"]:
            lines.append("  " + _slot_text(sl, lang, solo))
    lines.append("")
    for t in view["troupes"]:
        name = troupe_name(t["troupe"], lang, solo)
        parts = [f"{'сила' if ru else 'strength'} {t['strength']}",
                 f"{'в руке' if ru else 'hand'} {t['hand_size']}",
                 f"{'колода' if ru else 'deck'} {t['deck_size']}",
                 f"{'жетонов' if ru else 'tokens'} {t['tokens']}"]
        if t["mulligan_used"]:
            parts.append("рука сменена" if ru else "mulligan used")
        line = f"{name}: " + ", ".join(parts)
        if t["hand"] is not None:
            cards = ", ".join(card_name(c, lang) for c in t["hand"])
            line += f"\n    {'ваша рука' if ru else 'your hand'}: {cards}"
        lines.append(line)
    if view.get("result"):
        res = view["result"]
        det = res.get("details", {})
        if solo:
            ok = det.get("reached")
            lines.append((f"Итог: перевес {det.get('margin')} — " + ("победа!" if ok else "поражение")) if ru
                         else f"Result: margin {det.get('margin')} — " + ("you win!" if ok else "you lose"))
        else:
            winners = ", ".join(troupe_name(w, lang) for w in res["winners"])
            lines.append(f"{'Победа' if ru else 'Winner'}: {winners}")
    elif view.get("turn", -1) >= 0:
        phase = view.get("phase")
        lines.append((f"Ход: {troupe_name(view['turn'], lang, solo)}" if ru
                      else f"To move: {troupe_name(view['turn'], lang, solo)}") + f" [{phase}]")
        if view.get("pending"):
            p = view["pending"]
            lines.append((f"Ожидает решения: эффект {card_name(p['effect'], lang)} ({_place_text(p['row'], p['slot'], lang)})")
                         if ru else
                         f"Pending: the {card_name(p['effect'], lang)} effect ({_place_text(p['row'], p['slot'], lang)})")
    return "\n".join(lines)


__all__ = ["action_label", "card_name", "event_text", "render_view", "troupe_name"]
