"""Words for «Шоу-Битва»: action labels, event texts, the terminal rendering and the result, from
``words.toml``.

Everything here reads either an action id with the state it is legal in, an event, or a view — never
hidden parts of a state — so the terminal can never show a card a seat must not see. Troupes are named
by the players' display names (``names``, from the client); in solo the second troupe is the rival.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from nastolka.engine import Event
from nastolka.engine.words import Noun, for_module, names_or_default

from .actions import A_DONE, A_EFFECT, A_MULLIGAN, A_PASS, A_PLACE, A_SKIP, A_TOKEN, PARSED
from .data import CARD_KIND, COLOURS_EN, KIND_IDS, ROW_SLOTS, ROWS_ONE_BOARD, ROWS_TWO_BOARDS

if TYPE_CHECKING:
    from .state import ShowBattleState

W = for_module(__file__)
ARROWS = ("↑", "→", "↓", "←")


def card(kind: str | int, lang: str) -> Noun:
    return W.noun(KIND_IDS[kind] if isinstance(kind, int) else kind, lang)


def card_name(kind: str | int, lang: str) -> str:
    return card(kind, lang).form()


def card_text(kind: str, lang: str) -> str:
    """The card's effect, as printed on it (for the help screens)."""
    return W.text(kind, lang)


def troupes(players: int, lang: str, names: Sequence[str] | None, solo: bool) -> list[Noun]:
    """Each troupe as a noun: the player's name; in solo the second troupe is «труппа соперников»."""
    people = names_or_default(names, max(players, 1), lang)
    if solo:
        return [people[0], W.noun("rival", lang)]
    return people


def colour(t: int, lang: str) -> str:
    return W.name(f"colour_{COLOURS_EN[t]}", lang)


def row_name(row: str, lang: str) -> str:
    """A row as printed on the board: «1», «2»; with two boards «А1» … «Б2» (Russian letters)."""
    return W.name(f"row.{row}", lang) if W.has(f"row.{row}") else row


def _where(row: str, slot: int, lang: str, key: str = "where") -> str:
    """«ряд 1, место 3» (where a card lies); with ``key="where_to"`` where a card goes: «в ряд 1 на
    место 3» — a sentence, not «Выложить Мима: ряд 1, место 3»."""
    return W.t(key, lang, row=row_name(row, lang), slot=slot)


def _dir(d: Any, lang: str) -> str:
    return W.t("clockwise" if d in ("cw", 1) else "counter_clockwise", lang)


def action_label(s: ShowBattleState, aid: str, lang: str = "en", names: Sequence[str] | None = None) -> str:
    a = PARSED.get(aid)
    if a is None:
        return aid
    rows = ROWS_TWO_BOARDS if s.two_boards else ROWS_ONE_BOARD
    kind = a[0]
    if kind == A_PLACE:
        idx = a[2]
        where = _where(rows[idx // ROW_SLOTS], idx % ROW_SLOTS + 1, lang, "where_to")
        under = s.top[idx] if 0 <= idx < len(s.top) else -1
        if under >= 0:
            return W.t("action.place_over", lang, card=card(a[1], lang), where=where,
                       covered=card(CARD_KIND[under], lang))
        return W.t("action.place", lang, card=card(a[1], lang), where=where)
    if kind == A_TOKEN:
        idx = a[1]
        c = s.top[idx] if 0 <= idx < len(s.top) else -1
        where = _where(rows[idx // ROW_SLOTS], idx % ROW_SLOTS + 1, lang)
        return W.t("action.token", lang, card=card(CARD_KIND[c], lang), where=where)
    if kind == A_MULLIGAN:
        return W.t("action.mulligan", lang)
    if kind == A_PASS:
        return W.t("action.pass", lang)
    if kind == A_DONE:
        return W.t("action.done", lang)
    if kind == A_SKIP:
        magician = s.pending is not None and KIND_IDS[s.pending[0]] == "magician"
        return W.t("action.skip_second" if magician else "action.skip", lang)
    if kind == A_EFFECT:
        _, ek, slot, d = a
        row_start = -1
        if s.pending is not None:
            idx = s.pending[1]
            row_start = idx - idx % ROW_SLOTS

        def at(j: int) -> str:
            c = s.top[row_start + j] if row_start >= 0 else -1
            return W.t("at_acc", lang, card=card(CARD_KIND[c], lang), slot=j + 1) if c >= 0 else str(j + 1)

        who = card(ek, lang)
        name = KIND_IDS[ek]
        if name in ("clown", "knives"):
            return W.t(f"action.{name}", lang, who=who, target=at(slot))
        if name == "juggler":
            return W.t("action.juggler", lang, who=who, a=at(slot), b=at(slot + 1))
        if name == "acrobat":
            return W.t("action.acrobat", lang, who=who, target=at(slot), dir=_dir(d, lang))
        return W.t(f"action.{name}", lang, who=who)
    return aid


def event_text(s: ShowBattleState, e: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:  # noqa: C901
    a = e.args
    people = troupes(s.troupes, lang, names, s.solo)

    def where(key: str = "where") -> str:
        return _where(a["row"], a["slot"], lang, key)

    def by() -> Noun:
        return W.noun("rotation" if a["by"] == "rotation" else a["by"], lang)

    kind = e.kind
    if kind == "place":
        if a.get("covers"):
            return W.s("event.place_over", lang, player=people[a["seat"]], card=card(a["card"], lang),
                       where=where("where_to"), covered=card(a["covers"], lang))
        return W.s("event.place", lang, player=people[a["seat"]], card=card(a["card"], lang),
                   where=where("where_to"))
    if kind == "discard":
        owner = people[a["owner"]]
        if a["by"] == "weak":
            return W.s("event.weak_out", lang, card=card(a["card"], lang), owner=owner)
        return W.s("event.discard", lang, by=by(), card=card(a["card"], lang), owner=owner)
    if kind == "rotate":
        return W.s("event.rotate", lang, by=by(), card=card(a["card"], lang), owner=people[a["owner"]],
                   dir=_dir(a["dir"], lang), value=a["value"])
    if kind == "revive":
        return W.s("event.revive", lang, by=by(), card=card(a["card"], lang), where=where())
    if kind == "swap":
        x, y = (card(c, lang) for c in a["cards"])
        return W.s("event.swap", lang, by=by(), a=x, b=y)
    if kind == "skip":
        if a["effect"] == "magician":
            return W.s("event.skip_second", lang, player=people[a["seat"]])
        return W.s("event.skip", lang, player=people[a["seat"]], effect=card(a["effect"], lang))
    if kind == "token":
        return W.s("event.token", lang, player=people[a["seat"]], card=card(a["card"], lang), where=where())
    if kind == "mulligan":
        return W.s("event.mulligan", lang, player=people[a["seat"]])
    if kind == "hand":
        return W.s("event.hand", lang, cards=[card(c, lang) for c in a["cards"]])
    if kind == "refill":
        return W.s("event.refill", lang, player=people[a["seat"]], n=a["count"])
    if kind == "pass":
        return W.s("event.pass", lang, player=people[a["seat"]])
    if kind == "game_over":
        scores = [W.t("score_of", lang, player=people[t], n=n) for t, n in enumerate(a["strength"])]
        return W.s("event.game_over", lang, scores=", ".join(scores))
    raise KeyError(f"show_battle: no words for the event {kind!r}")


def _owner(owner: int, lang: str, people: list[Noun]) -> str:
    return people[owner].form() if owner < len(people) else colour(owner, lang)


def _slot_text(sl: dict[str, Any], lang: str, people: list[Noun]) -> str:
    name = card_name(sl["card"], lang)
    who = _owner(sl["owner"], lang, people)
    if sl["face_up"]:
        text = f"{sl['slot']}. {name:<20} {sl['value']:>2} {ARROWS[sl['orient']]}  {who}"
        if sl["token"]:
            text += "  " + W.t("view.token", lang)
    else:
        text = f"{sl['slot']}. ▒▒ {name:<17} {W.t('view.face_down', lang)}  {who}"
    if sl["covered"]:
        under = [W.t("owned", lang, card=card(c["card"], lang), owner=_owner(c["owner"], lang, people))
                 for c in sl["covered"]]
        text += "  " + W.t("view.covers", lang, card=card(sl["card"], lang), cards=", ".join(under))
    return text


def render_view(view: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
    """The board as text: each row's cards with name, active value, orientation arrow, owner; then troupes."""
    solo = view.get("solo") is not None
    people = troupes(len(view["troupes"]), lang, names, solo)
    lines = [W.s("view.title", lang)]
    if solo:
        level = W.name(f"automa_level.{view['solo']['level']}", lang)
        lines[0] += " — " + W.t("view.solo", lang, level=level, need=view["solo"]["margin_needed"])
    if view.get("jury_sympathy"):
        lines.append(W.t("view.jury", lang))
    for row in view["rows"]:
        lines.append(W.t("view.row" if row["slots"] else "view.row_empty", lang, row=row_name(row["name"], lang)))
        for sl in row["slots"]:
            lines.append("  " + _slot_text(sl, lang, people))
    lines.append("")
    for t in view["troupes"]:
        n = t["troupe"]
        line = W.s("view.troupe", lang, player=people[n], colour=colour(n, lang), strength=t["strength"],
                   hand=t["hand_size"], deck=t["deck_size"], tokens=t["tokens"])
        if t["mulligan_used"]:
            line += ", " + W.t("view.mulligan_used", lang)
        if t["hand"] is not None:
            line += "\n    " + W.t("view.your_hand", lang, cards=", ".join(card_name(c, lang) for c in t["hand"]))
        lines.append(line)
    if view.get("result"):
        lines += result_lines(view, lang, names)
    elif view.get("turn", -1) >= 0:
        phase = W.name(f"phase.{view.get('phase')}", lang)
        lines.append(W.s("view.to_move", lang, player=people[view["turn"]], phase=phase))
        if view.get("pending"):
            p = view["pending"]
            lines.append(W.t("view.pending", lang, effect=card(p["effect"], lang),
                             where=_where(p["row"], p["slot"], lang)))
    return "\n".join(lines)


def result_lines(view: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
    """Each troupe's strength (row by row, the jury bonus) and what decided the winner (SB-8 tie-breaks)."""
    res = view["result"]
    det = res.get("details", {})
    solo = view.get("solo") is not None
    people = troupes(len(view["troupes"]), lang, names, solo)
    lines = []
    for t in range(len(view["troupes"])):
        per_row = []
        for row in view["rows"]:
            n = sum(sl["value"] for sl in row["slots"] if sl["face_up"] and sl["owner"] == t)
            per_row.append(W.t("result.row", lang, row=row_name(row["name"], lang), n=n))
        strength = det["strength"][t]
        bonus = (det.get("jury_bonus") or [0] * len(people))[t] if not solo else 0
        head = (W.s("result.jury", lang, player=people[t], strength=strength, total=strength + bonus) if bonus
                else W.s("result.troupe", lang, player=people[t], total=strength))
        mine = [sl["value"] for row in view["rows"] for sl in row["slots"] if sl["face_up"] and sl["owner"] == t]
        face_up, best = len(mine), max(mine, default=0)
        lines.append(head + "; " + W.t("result.rows", lang, rows=", ".join(per_row), face_up=face_up, best=best))
    if solo:
        level = W.name(f"automa_level.{det.get('level')}", lang)
        key = "result.solo_win" if det.get("reached") else "result.solo_loss"
        # a lost game's margin is negative: a typographic minus, not a hyphen («перевес −3»)
        margin = str(det.get("margin")).replace("-", "\u2212")
        lines.append(W.t(key, lang, margin=margin, level=level, need=det.get("margin_needed")))
        if not det.get("reached") and det.get("level") == "legend" and det.get("mulligan_used"):
            lines.append(W.t("result.solo_mulligan", lang))
        return lines
    winners = [people[w] for w in res["winners"]]
    scores = res["scores"]
    tied = [t for t in range(len(scores)) if scores[t] == max(scores)]
    if len(tied) > 1 and len(winners) < len(tied):
        # SB-8: among the tied, the most face-up cards; if that still leaves several and fewer of them win,
        # the best single card decided (three tied at 43 with 10, 10 and 9 cards: the best card decides)
        face = det.get("face_up") or [0] * len(scores)
        top = [t for t in tied if face[t] == max(face[u] for u in tied)]
        by_best = len(top) > 1 and len(winners) < len(top)
        lines.append(W.t("result.tie_best" if by_best else "result.tie_face_up", lang))
    key = "result.tie" if len(winners) > 1 else "result.winner"
    lines.append(W.t(key, lang, players=winners))
    return lines


__all__ = ["action_label", "card_name", "card_text", "event_text", "render_view", "result_lines", "troupes"]

