"""«Шоу-Битва»: the circus rows as cards — each with its active value, its orientation and its owner.

Drawn from the view only (``rows`` / ``troupes``); card names, edge values and effect texts come from the
game's static card table, which is public knowledge printed on every card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from nastolka.engine import Game, is_well_formed, parse_id
from nastolka.tui.boards.base import CardFace, Presenter
from nastolka.tui.boards.draw import Box, Boxes, Chips, wrap_words

from . import data, text

W = text.W

#: owner colour -> terminal colour (blue is lightened to stay readable on a dark background)
COLOURS = ("red", "dodger_blue1", "green3", "yellow")
ARROWS = ("↑", "→", "↓", "←")
CARD_WIDTH = 14


def card_name(kind: str, lang: str) -> str:
    return text.card_name(kind, lang) if kind in data.KIND_INDEX else kind


def card_effect(kind: str, lang: str) -> str:
    return text.card_text(kind, lang) if kind in data.KIND_INDEX else ""


def edge_values(kind: str, active: int | None) -> Text:
    """The four edge values T·CW·H·CCW, the active one (by orientation) highlighted."""
    k = data.KIND_INDEX.get(kind)
    text = Text(justify="center")
    if k is None:
        return text
    for o, v in enumerate(data.VALUES[k]):
        if o:
            text.append("·", style="dim")
        text.append(str(v), style="bold reverse" if o == active else "dim")
    return text


def focus_target(focus: str | None, pending: dict[str, Any] | None) -> tuple[str, int, str | None] | None:
    """(row, slot, card) an action id points at: a placement, a token, or a targeted effect."""
    if not focus or not is_well_formed(focus):
        return None
    p = parse_id(focus)
    if "row" in p and "slot" in p:
        return p["row"], p.number("slot"), p.get("card")
    if p.verb == "effect" and "slot" in p and pending:
        return str(pending.get("row")), p.number("slot"), None
    return None


def colour(owner: Any) -> str:
    return COLOURS[owner] if isinstance(owner, int) and 0 <= owner < len(COLOURS) else "white"


class ShowBattlePresenter(Presenter):
    def action_hint(self, view: dict[str, Any], aid: str, lang: str) -> str:
        kind = (parse_id(aid).get("card") or "") if is_well_formed(aid) else ""
        text = card_effect(kind, lang) if kind in data.KIND_INDEX else ""
        return f"{card_name(kind, lang)}: {text}" if text else ""

    def decision_key(self, view: dict[str, Any], aids: Sequence[str]) -> str | None:
        # the token is the one choice of a turn no card explains (placing and effects have card texts)
        return "token" if view.get("phase") == "end" and any(a.startswith("token") for a in aids) else None

    def focus_key(self, view: dict[str, Any], focus: str | None) -> object:
        return focus_target(focus, view.get("pending"))

    def board(self, game: Game, view: dict[str, Any], lang: str, focus: str | None = None,
              compact: bool = False) -> RenderableType:
        parts: list[RenderableType] = []
        solo = view.get("solo")
        if solo:
            parts.append(Text(W.t("board.solo", lang, n=solo.get("margin_needed")), style="italic"))
        if view.get("jury_sympathy"):
            parts.append(Text(W.t("board.jury", lang), style="italic"))
        pending = view.get("pending")
        target = focus_target(focus, pending)
        for row in view.get("rows", []):
            parts.append(self.compact_row(row, lang, pending, target) if compact
                         else self.row(row, lang, pending, target))
        parts.append(Text(W.t("board.legend", lang), style="dim"))
        return Group(*parts)

    def row(self, row: dict[str, Any], lang: str, pending: dict[str, Any] | None,
            target: tuple[str, int, str | None] | None = None) -> RenderableType:
        """A row: its name in a narrow column on the left, then its cards (the label saves a line a row).

        ``target`` (row, slot, card placed) is where the highlighted action acts: that card is framed in
        magenta, or a ghost of the card to place appears in the free slot."""
        name = Text(text.row_name(str(row.get("name")), lang), style="bold")
        slots = row.get("slots", [])
        boxes = [self.slot(s, lang, pending, row.get("name")) for s in slots]
        if target is not None and target[0] == str(row.get("name")):
            slot, card = target[1], target[2]
            if 1 <= slot <= len(boxes):
                box = boxes[slot - 1]
                boxes[slot - 1] = Box(box.lines, box.width, Text(f"▶{slot}◀", style="bold magenta"),
                                      box.subtitle, "bold magenta", box.height)
            elif slot == len(boxes) + 1:
                lines: list[Text | str] = [Text("+", style="bold magenta")]
                if card:
                    lines += [Text(part, style="magenta") for part in wrap_words(card_name(card, lang), CARD_WIDTH - 2)]
                boxes.append(Box(lines, CARD_WIDTH, Text(str(slot), style="bold magenta"), "", "magenta", 3))
        if not boxes:
            empty = Text(name.plain.ljust(4), style="bold")
            empty.append(W.t("board.empty", lang), style="dim")
            return empty
        return Boxes(boxes, label=name, label_width=4)

    def compact_row(self, row: dict[str, Any], lang: str, pending: dict[str, Any] | None,
                    target: tuple[str, int, str | None] | None = None) -> RenderableType:
        """A row as one or two lines: "A1  Acrobat 4↑★ · Juggler 5→", each card whole, in its owner's colour."""
        name = Text(text.row_name(str(row.get("name")), lang), style="bold")
        chips: list[Text] = []
        slots = row.get("slots", [])
        here = target if target is not None and target[0] == str(row.get("name")) else None
        for s in slots:
            kind = str(s.get("card", "?"))
            style = colour(s.get("owner"))
            if s.get("face_up"):
                chip = Text(card_name(kind, lang), style=f"bold {style}")
                chip.append(f" {s.get('value')}{ARROWS[int(s.get('orient', 0)) % 4]}", style=style)
            else:
                chip = Text("▒", style="dim") + Text(card_name(kind, lang), style=f"dim strike {style}")
            if s.get("token"):
                chip.append("★", style="bold yellow")
            if s.get("covered"):
                chip.append(f"+{len(s['covered'])}", style="dim")
            if pending and pending.get("row") == row.get("name") and pending.get("slot") == s.get("slot"):
                chip.append("!", style="bold magenta")
            if here is not None and here[1] == s.get("slot"):
                chip = Text("▶", style="bold magenta") + chip + Text("◀", style="bold magenta")
            chips.append(chip)
        if here is not None and here[1] == len(slots) + 1:
            chips.append(Text("+ " + (card_name(here[2], lang) if here[2] else ""), style="bold magenta"))
        if not chips:
            chips.append(Text(W.t("board.empty", lang), style="dim"))
        return Chips(chips, label=name, label_width=4)

    def slot(self, slot: dict[str, Any], lang: str, pending: dict[str, Any] | None, row: Any) -> Box:
        """One card on the board: name, active value with an arrow for its orientation, the four edges."""
        kind = str(slot.get("card", "?"))
        name = card_name(kind, lang)
        border = colour(slot.get("owner"))
        title = Text(str(slot.get("slot", "")))
        if slot.get("token"):
            title.append("★", style="bold yellow")
        lines: list[Text | str] = []
        if slot.get("face_up"):
            orient = int(slot.get("orient", 0)) % 4
            lines += [Text(part, style="bold") for part in wrap_words(name, CARD_WIDTH - 2)]
            lines.append(Text(f" {slot.get('value')} {ARROWS[orient]} ", style="bold reverse"))
            lines.append(edge_values(kind, orient))
        else:
            lines.append(Text("▒" * (CARD_WIDTH - 2), style="dim"))
            lines += [Text(part, style="dim strike") for part in wrap_words(name, CARD_WIDTH - 2)]
        covered = slot.get("covered") or []
        subtitle = Text(f"+{len(covered)}") if covered else Text("")
        if pending and pending.get("row") == row and pending.get("slot") == slot.get("slot"):
            border = f"bold {border}"
            title.append("!", style="bold magenta")
        return Box(lines, width=CARD_WIDTH, title=title, subtitle=subtitle, style=border, height=3)

    def own_troupe(self, view: dict[str, Any]) -> dict[str, Any] | None:
        for troupe in view.get("troupes", []):
            if troupe.get("seat") == view.get("seat") and troupe.get("seat") is not None:
                return dict(troupe)
        return None

    def hand(self, view: dict[str, Any], lang: str) -> list[CardFace] | None:
        troupe = self.own_troupe(view)
        if troupe is None or troupe.get("hand") is None:
            return None
        style = colour(troupe.get("troupe"))
        faces = []
        for kind in troupe["hand"]:
            body = edge_values(kind, 0).plain
            faces.append(CardFace(card_name(kind, lang), body, card_effect(kind, lang), style))
        return faces

    def card_texts(self, view: dict[str, Any], lang: str) -> list[tuple[str, str]]:
        """Every card in hand first, then every card on the board, each once."""
        kinds: list[str] = list((self.own_troupe(view) or {}).get("hand") or [])
        for row in view.get("rows", []):
            for slot in row.get("slots", []):
                kinds.append(str(slot.get("card")))
                kinds.extend(str(c.get("card")) for c in slot.get("covered") or [])
        seen: list[str] = []
        for kind in kinds:
            if kind not in seen:
                seen.append(kind)
        out = []
        for kind in seen:
            k = data.KIND_INDEX.get(kind)
            values = " / ".join(map(str, data.VALUES[k])) if k is not None else ""
            out.append((f"{card_name(kind, lang)} [{values}]", card_effect(kind, lang)))
        return out

    def table(self, view: dict[str, Any], lang: str, names: Sequence[str]) -> RenderableType:
        table = Table(box=None, pad_edge=False, expand=True)
        table.add_column("", overflow="fold", ratio=3)
        table.add_column(W.t("board.score", lang), justify="right")
        table.add_column(W.t("board.hand", lang), justify="right")
        table.add_column(W.t("board.deck", lang), justify="right")
        table.add_column("★", justify="right")
        turn = view.get("turn")
        for troupe in view.get("troupes", []):
            t = troupe.get("troupe")
            seat = troupe.get("seat")
            if troupe.get("rival"):
                name = W.t("board.rival", lang)
            elif isinstance(seat, int) and seat < len(names):
                name = names[seat]
            else:
                name = str(t)
            marker = "▶ " if t == turn and not view.get("result") else "  "
            mark = "↻" if troupe.get("mulligan_used") else ""
            table.add_row(Text(marker + name, style=colour(t)), str(troupe.get("strength", "")),
                          str(troupe.get("hand_size", "")), str(troupe.get("deck_size", "")),
                          f"{troupe.get('tokens', '')}{mark}")
        return table


PRESENTER = ShowBattlePresenter()
