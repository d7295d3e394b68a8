"""TaleSpin: the twelve Locations as a ring (12 o'clock at the top), planes on them, then each pilot's
chain and cargo hold.

Drawn from the view only; card names, texts and Location names come from the game's public card tables.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from nastolka.engine import Game
from nastolka.tui.boards.base import CardFace, Presenter
from nastolka.tui.boards.draw import Box, Boxes

from . import data as T
from . import text as ts_text
from .text import card_name, char_name, loc_name

W = ts_text.W

SEAT_COLOURS = ("red", "dodger_blue1", "green3", "yellow")
CELL = 20
#: the ring on a 4×4 grid: clock positions by row, None = the centre
RING: tuple[tuple[int | None, ...], ...] = ((11, 12, 1, 2), (10, None, 3), (9, None, 4), (8, 7, 6, 5))


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def card_text(cid: str, lang: str) -> str:
    """The card's rules text, from the same source as every other client (the game's text module)."""
    return ts_text.card_text(cid, lang)


def die_lines(cid: str, lang: str) -> str:
    """What a Passenger or a pilot does on each roll of the die (its die table, R9.2), one line a result,
    under a heading; "" for a card without one."""
    if cid.startswith("pl_") and cid[3:] in T.CHARACTERS:
        k = T.CHARACTERS.index(cid[3:])
        lines = {"ru": T.PL_DIE_TEXT_RU}.get(lang, T.PL_DIE_TEXT)[k]
    else:
        d = T.DEF_INDEX.get(cid)
        lines = () if d is None else {"ru": T.D_DIE_TEXT_RU}.get(lang, T.D_DIE_TEXT)[d]
    return "\n".join([W.t("board.die_table", lang), *lines]) if lines else ""


def card_stats(cid: str, lang: str) -> str:
    """Maneuver value, damage and draw icons, and the stats the card changes, in words (one per line,
    so a narrow card box breaks between them, never inside one)."""
    d = T.DEF_INDEX.get(cid)
    if d is None:
        return ""
    parts = [W.t("board.maneuver", lang, n=T.D_VAL[d])]
    if T.D_DMG[d]:
        parts.append(W.t("board.dmg", lang, n=T.D_DMG[d]))
    if T.D_DRW[d]:
        parts.append(W.t("board.drw", lang, n=T.D_DRW[d]))
    for stat, value in zip(("shipping", "range", "piloting"), T.D_STATS[d], strict=True):
        if value:
            parts.append(W.t(f"board.stat.{stat}", lang, n=f"{value:+d}"))
    return "\n".join(parts)


def card_type(cid: str, lang: str) -> str:
    d = T.DEF_INDEX.get(cid)
    if d is None:
        return ""
    return W.t(f"type.{T.TYPE_NAMES[T.D_TYPE[d]]}", lang)


_MOVE = re.compile(r"^move:dir=(?P<dir>cw|ccw),n=(?P<n>\d+)")


def move_target(focus: str | None, view: dict[str, Any]) -> int | None:
    """The Location (1..12) a highlighted ``move:dir=..,n=..`` action flies the viewer's plane to."""
    m = _MOVE.match(focus or "")
    seat = view.get("seat")
    players = view.get("seats")
    if not m or not isinstance(seat, int) or not isinstance(players, list) or seat >= len(players):
        return None
    step = int(m["n"]) * (1 if m["dir"] == "cw" else -1)
    return (int(players[seat].get("position", 0)) - 1 + step) % 12 + 1


class TaleSpinPresenter(Presenter):
    def action_hint(self, view: dict[str, Any], aid: str, lang: str) -> str:
        m = re.search(r"card=(\w+)", aid)
        if not m or m.group(1) not in T.DEF_INDEX:
            return ""
        return f"{card_name(m.group(1), lang)}: {card_text(m.group(1), lang)}"

    def decision_key(self, view: dict[str, Any], aids: Sequence[str]) -> str | None:
        decision = view.get("decision")
        if not isinstance(decision, dict):
            return None
        kind = decision.get("kind")
        if kind == "window":
            return f"window.{decision.get('context')}"
        if kind in ("accept", "defend"):
            return str(kind)
        return None

    def focus_key(self, view: dict[str, Any], focus: str | None) -> object:
        return move_target(focus, view)

    def players_of(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        players = view.get("seats")
        return players if isinstance(players, list) else []

    def board(self, game: Game, view: dict[str, Any], lang: str, focus: str | None = None,
              compact: bool = False) -> RenderableType:
        if compact:
            return self.compact_board(view, lang, focus)
        players = self.players_of(view)
        planes: dict[int, list[int]] = {}
        for seat, p in enumerate(players):
            planes.setdefault(int(p.get("position", 0)), []).append(seat)
        covered = view.get("covered") or []
        target = move_target(focus, view)
        rows: list[RenderableType] = []
        for r, clocks in enumerate(RING):
            boxes = []
            for clock in clocks:
                if clock is None:
                    boxes.append(self.centre(view, lang, upper=r == 1))
                else:
                    box = self.location(clock, planes.get(clock, []), players, covered, lang)
                    if clock == target:
                        box = replace(box, title=Text(f"▶{clock}◀", style="bold magenta"), style="bold magenta")
                    boxes.append(box)
            rows.append(Boxes(boxes, fit=True, min_width=12))
        rows.append(self.pilots(view, lang))
        return Group(*rows)

    def compact_board(self, view: dict[str, Any], lang: str, focus: str | None) -> RenderableType:
        """The twelve Locations in clock order, in as many columns as fit, then the table and the pilots
        one line each: every name whole at 80 columns."""
        players = self.players_of(view)
        covered = view.get("covered") or []
        target = move_target(focus, view)
        cells = []
        for clock in range(1, 13):
            cell = Text(f"{clock:>2} ", style="bold magenta" if clock == target else "dim")
            cell.append(loc_name(clock, lang), style="bold magenta" if clock == target else "bold")
            cell.append(" " + W.t("board.rcv", lang, n=T.LOC_RECEIVING[clock]), style="dim")
            if (clock - T.COVER_START) % 12 < len(covered):
                cell.append(" ✖", style="bold red")
            for seat, p in enumerate(players):
                if int(p.get("position", 0)) == clock:
                    name = char_name(str(p.get("character")), lang).split()[0]
                    cell.append(f" ✈{name}", style=f"bold {seat_colour(seat)}")
            cells.append(cell)
        centre = [*self.centre(view, lang, upper=True).lines, *self.centre(view, lang, upper=False).lines]
        info = Text(" · ").join(line if isinstance(line, Text) else Text(line) for line in centre)
        return Group(Columns(cells, column_first=True, padding=(0, 2)), info, self.pilots(view, lang, compact=True))

    def location(self, clock: int, seats: list[int], players: list[dict[str, Any]], covered: list[Any],
                 lang: str) -> Box:
        lines: list[Text | str] = [Text(loc_name(clock, lang), style="bold")]
        info = Text(W.t("board.receiving", lang, n=T.LOC_RECEIVING[clock]), style="dim")
        k = (clock - T.COVER_START) % 12
        if k < len(covered):
            info.append(" ✖", style="bold red")
        lines.append(info)
        plane = Text()
        for seat in seats:
            if plane:
                plane.append(" ")
            name = char_name(str(players[seat].get("character")), lang).split()[0]
            plane.append(f"✈{name}", style=f"bold {seat_colour(seat)}")
        lines.append(plane)
        # wrap: a long name ("Cape Suzette Harbour") takes two lines rather than losing its end
        return Box(lines, width=CELL, title=str(clock), style="bold" if seats else "dim", height=3, wrap=True)

    def centre(self, view: dict[str, Any], lang: str, upper: bool) -> Box:
        lines: list[Text | str] = []
        if upper:
            lines.append(Text(W.t("board.piles", lang, deck=view.get("deck"), discard=len(view.get("discard") or []))))
            lines.append(Text(ts_text.W.t("view.turn", lang, turn=view.get("turn"), die=view.get("die") or "—",
                                          phase=ts_text.W.name(f"phase.{view.get('phase')}", lang))))
            lines.append(Text(W.t("board.cargo_to_win", lang, n=view.get("cargo_to_win")), style="dim"))
            resolving = view.get("resolving") or []
            if resolving:
                lines.append(Text("⟳ " + ", ".join(card_name(c, lang) for c in resolving), style="italic"))
        else:
            df = view.get("dogfight")
            if df:
                who = [self.side_name(view, df.get(k), lang) for k in ("attacker", "defender")]
                lines.append(Text(W.t("view.dogfight_short", lang) + " " + " → ".join(who), style="bold red"))
                for side in ("attack", "defence"):
                    cards = ", ".join(card_name(c, lang) for c in df.get(side) or []) or "—"
                    lines.append(Text(W.t(f"view.{side}", lang, cards=cards)))
            elif "khan_hold" in view:
                lines.append(Text(W.t("board.khan_hold", lang, n=len(view["khan_hold"]))))
        return Box(lines, width=2 * CELL, style="dim", height=3, wrap=True)

    def side_name(self, view: dict[str, Any], side: Any, lang: str) -> str:
        """A dogfight side: a seat number becomes its character's name; anything else (Khan) stays."""
        players = self.players_of(view)
        if isinstance(side, int) and 0 <= side < len(players):
            return char_name(str(players[side].get("character")), lang).split()[0]
        if side == "khan":
            return char_name("khan", lang)
        return str(side)

    def pilots(self, view: dict[str, Any], lang: str, compact: bool = False) -> RenderableType:
        """Each pilot's chain (with its bonuses) and cargo hold, packed cargo shown as backs (compact: one
        line a pilot, first name only)."""
        table = Table(box=None, pad_edge=False, show_header=False, expand=True)
        table.add_column(no_wrap=True)
        table.add_column(ratio=1)
        for seat, p in enumerate(self.players_of(view)):
            name = Text(char_name(str(p.get("character")), lang), style=f"bold {seat_colour(seat)}")
            chain = Text(" → ".join(card_name(c, lang) for c in p.get("chain") or []) or "—")
            hold = Text()
            for entry in p.get("hold") or []:
                if entry.get("open"):
                    hold.append(f"[{card_name(entry.get('card'), lang)}] ", style="green")
                elif entry.get("card") is not None:
                    hold.append(f"▒{card_name(entry.get('card'), lang)}▒ ", style="dim")
                else:
                    hold.append("▒▒ ", style="dim")
            count = Text(f"▣ {len(p.get('hold') or [])}/{view.get('cargo_to_win')} ", style="dim")
            if compact:
                name = Text(name.plain.split()[0], style=name.style)
                table.add_row(name, Text("⛓ ", style="dim") + chain + Text("  ") + count + hold)
            else:
                table.add_row(name, Text("⛓ ", style="dim") + chain)
                table.add_row("", count + hold)
        return table

    def own(self, view: dict[str, Any]) -> dict[str, Any] | None:
        seat, players = view.get("seat"), self.players_of(view)
        return players[seat] if isinstance(seat, int) and seat < len(players) else None

    def hand(self, view: dict[str, Any], lang: str) -> list[CardFace] | None:
        me = self.own(view)
        if me is None or me.get("hand") is None:
            return None
        style = seat_colour(int(view["seat"]))
        return [CardFace(card_name(c, lang), f"{card_type(c, lang)}\n{card_stats(c, lang)}", card_text(c, lang),
                         style) for c in me["hand"]]

    def card_texts(self, view: dict[str, Any], lang: str) -> list[tuple[str, str]]:
        me = self.own(view) or {}
        ids: list[str] = list(me.get("hand") or [])
        for p in self.players_of(view):
            ids += list(p.get("chain") or [])
            ids += [e["card"] for e in p.get("hold") or [] if e.get("card")]
        df = view.get("dogfight") or {}
        ids += list(df.get("attack") or []) + list(df.get("defence") or [])
        ids += list(view.get("resolving") or [])
        seen: list[str] = []
        for cid in ids:
            if cid not in seen:
                seen.append(cid)
        out = [(f"{card_name(c, lang)} ({card_type(c, lang)}; {card_stats(c, lang).replace(chr(10), ', ')})",
                "\n".join(filter(None, (card_text(c, lang), die_lines(c, lang)))))
               for c in seen]
        # then the pilots (with their die tables) and the twelve Locations: every rules text of the table
        chars = T.CHARACTERS + ("",) * 4   # Shere Khan (solitaire) comes after the four pilots, no die table
        pilots = [(name, "\n".join(filter(None, (text, die_lines(f"pl_{ch}", lang) if ch else ""))))
                  for ch, (name, text) in zip(chars, W.rules_texts(lang, ("character",)), strict=False)]
        return out + pilots + W.rules_texts(lang, ("location",))

    def table(self, view: dict[str, Any], lang: str, names: Sequence[str]) -> RenderableType:
        """Each pilot in words: the name, where the plane is (the Location's name) and the cards in hand, then
        the three stats as the rulebook writes them — no symbols to decode; long names and stats wrap inside
        the side column (indented under the name) instead of being cut. The cargo hold is on the board."""
        grid = Table.grid(expand=True)
        grid.add_column(width=2, no_wrap=True)
        grid.add_column(ratio=1, overflow="fold")
        active = view.get("active")
        for seat, p in enumerate(self.players_of(view)):
            name = names[seat] if seat < len(names) else W.t("board.pilot", lang, n=seat + 1)
            style = f"bold {seat_colour(seat)}" if seat == view.get("seat") else seat_colour(seat)
            grid.add_row("▶" if seat == active and not view.get("result") else "", Text(name, style=style))
            position = p.get("position")
            place = loc_name(int(position), lang) if isinstance(position, int) and 1 <= position <= 12 else ""
            counts = W.t("board.counts", lang, hand=p.get("hand_size") or 0)
            grid.add_row("", Text(" · ".join(part for part in (place, counts) if part), style="dim"))
            stats = p.get("stats") or []
            if len(stats) == 3:
                grid.add_row("", " · ".join(W.t(f"board.stat.{key}", lang, n=value)
                                            for key, value in zip(("shipping", "range", "piloting"), stats,
                                                                  strict=True)))
        return grid


PRESENTER = TaleSpinPresenter()
