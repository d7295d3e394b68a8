"""Colt Express: the train with both levels — roofs in the upper half of each car, insides in the lower.

The caboose is on the left and the Locomotive on the right, as the train runs across the table. Names,
round cards and car names come from the game's own word lists; the action-card and bandit texts for the
help screen are written here from the rules (public knowledge printed on the cards).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from nastolka.engine import Game
from nastolka.engine.words import sentence
from nastolka.tui.boards.base import CardFace, Presenter
from nastolka.tui.boards.draw import RULE, Box, Boxes

from . import data as D
from . import text as colt_text
from .text import bandit_name, car_name, card_name

SEAT_COLOURS = ("red", "dodger_blue1", "green3", "yellow", "magenta", "cyan")
CAR_WIDTH = 18

_CAR = re.compile(r"^(?:move|marshal|punch):.*\bcar=(?P<car>\d+)")


def car_target(focus: str | None) -> int | None:
    """The car a highlighted move / marshal / punch action points at."""
    m = _CAR.match(focus or "")
    return int(m["car"]) if m else None


def seat_colour(seat: Any) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)] if isinstance(seat, int) else "white"


def loot_text(loot: dict[str, Any]) -> Text:
    text = Text()
    purses = loot.get("purses") or []
    known = [v for v in purses if v is not None]
    unknown = len(purses) - len(known)
    for v in known:
        text.append(f"${v} ", style="green")
    if unknown:
        text.append("$?" + (f"×{unknown}" if unknown > 1 else "") + " ", style="green")
    if loot.get("jewels"):
        text.append(f"◆{loot['jewels']} ", style="cyan")
    if loot.get("strongboxes"):
        text.append(f"▣{loot['strongboxes']}", style="yellow")
    text.rstrip()
    return text


W = colt_text.W


class ColtExpressPresenter(Presenter):
    def action_hint(self, view: dict[str, Any], aid: str, lang: str) -> str:
        m = re.match(r"play:card=(\w+)", aid)
        if not m or not colt_text.card_text(m.group(1), lang):
            return ""
        return f"{card_name(m.group(1), lang)}: {colt_text.card_text(m.group(1), lang)}"

    def decision_key(self, view: dict[str, Any], aids: Sequence[str]) -> str | None:
        phase = view.get("phase")
        if phase == "setup":
            return "setup2p"
        if phase == "keep":
            return "keep2p"
        if phase == "cover":
            return "cover"
        if phase == "schemin":
            turns, turn = str(view.get("turns") or ""), view.get("turn")
            kind = turns[turn] if isinstance(turn, int) and 0 <= turn < len(turns) else ""
            return {"D": "speeding_up", "T": "tunnel"}.get(kind)
        return None

    def focus_key(self, view: dict[str, Any], focus: str | None) -> object:
        return car_target(focus)

    def board(self, game: Game, view: dict[str, Any], lang: str, focus: str | None = None,
              compact: bool = False) -> RenderableType:
        parts: list[RenderableType] = [self.header(view, lang)]
        cars = view.get("cars", [])
        bandits = view.get("bandits", [])
        roofs, insides, whole = [], [], []
        target = car_target(focus)
        for c in range(len(cars) - 1, -1, -1):  # caboose on the left, Locomotive on the right
            roof, inside = self.car(c, cars[c], bandits, view.get("marshal"), lang)
            if c == target:
                roof = replace(roof, style="bold magenta")
                inside = replace(inside, style="bold magenta", subtitle=Text(f"▶{c}◀", style="bold magenta"))
            roofs.append(roof)
            insides.append(inside)
            # compact: one box a car, the roof above a dashed line and the inside below it
            whole.append(replace(roof, lines=[*roof.lines, RULE, *inside.lines], subtitle=inside.subtitle,
                                 style=inside.style))
        if compact:
            parts.append(Boxes(whole, fit=True, min_width=10))
        else:
            # two rows of boxes: every roof on one line, every inside below it, whatever each one holds
            parts.append(Boxes(roofs, fit=True, min_width=11))
            parts.append(Boxes(insides, fit=True, min_width=11))
        extra = Text(W.t("board.neutral", lang, n=view.get("neutral_bullets")), style="dim")
        if view.get("strongbox_off_train"):
            extra.append(" · " + W.t("board.box_off", lang), style="dim")
        legend = Text(W.t("board.legend", lang), style="dim")
        if compact:
            extra.append(" · ", style="dim")
            extra.append_text(legend)
            parts += [self.pile(view, lang), extra]
        else:
            parts += [extra, self.pile(view, lang), legend]
        return Group(*parts)

    def header(self, view: dict[str, Any], lang: str) -> Text:
        text = Text()
        rc = view.get("round_card")
        if rc:
            text.append(W.s("event.round", lang, n=f"{view.get('round')}/{view.get('rounds_total')}",
                            name=W.name(rc, lang)), style="bold")
            text.append("   ")
            turns, turn = str(view.get("turns", "")), view.get("turn")
            for j, t in enumerate(turns):
                t = colt_text.turn_symbol(t, lang)
                text.append(f"[{t}]" if j == turn else f" {t} ", style="bold reverse" if j == turn else "dim")
        phase = W.name(f"phase.{view.get('phase', 'over')}", lang)
        text.append(f"   {sentence(phase)}", style="italic")
        return text

    def car(self, c: int, car: dict[str, Any], bandits: list[dict[str, Any]], marshal: Any,
            lang: str) -> tuple[Box, Box]:
        """A car as two boxes: its roof (titled with the car's name) and its inside (with its number)."""
        def who(level: str) -> Text:
            text = Text()
            for b in bandits:
                if b.get("car") == c and b.get("level") == level:
                    if text:
                        text.append(" ")
                    text.append(bandit_name(b["id"], lang), style=f"bold {seat_colour(b.get('seat'))}")
            return text

        inside = who("inside")
        if marshal == c:
            inside = Text("★", style="bold yellow") + (Text(" ") + inside if inside else Text(""))
        style = "bold" if car.get("id") == "locomotive" else ""
        roof = Box([Text("▲ ", style="dim") + who("roof"), loot_text(car.get("roof", {}))], width=CAR_WIDTH,
                   title=sentence(car_name(str(car.get("id")), lang)), style=style, wrap=True)
        below = Box([Text("▼ ", style="dim") + inside, loot_text(car.get("inside", {}))], width=CAR_WIDTH,
                    subtitle=str(c), style=style, wrap=True)
        return roof, below

    def pile(self, view: dict[str, Any], lang: str) -> Text:
        text = Text(W.t("board.pile", lang), style="bold")
        for k, entry in enumerate(view.get("pile") or []):
            if k:
                text.append(" · ", style="dim")
            name = "▒▒" if entry.get("card") is None else card_name(entry["card"], lang)
            owners = [bandit_name(b["id"], lang) for b in view.get("bandits", []) if b.get("seat") == entry.get("seat")]
            text.append(f"{'/'.join(owners)}: {name}", style=seat_colour(entry.get("seat")))
        if not view.get("pile"):
            text.append("—", style="dim")
        return text

    def hand(self, view: dict[str, Any], lang: str) -> list[CardFace] | None:
        cards = view.get("hand")
        if not isinstance(cards, list):
            return None
        style = seat_colour(view.get("seat"))
        faces = []
        for card in cards:
            kind = str(card).split(":")[0]
            faces.append(CardFace(card_name(card, lang), "", colt_text.card_text(str(card), lang),
                                  "dim" if kind == "bullet" else style))
        return faces

    def card_texts(self, view: dict[str, Any], lang: str) -> list[tuple[str, str]]:
        """Every action card, the bandits at the table, the loot and the round cards: words.toml's rules texts."""
        out = [(card_name(k, lang), colt_text.card_text(k, lang)) for k in D.KIND_IDS if W.text(k, lang)]
        out.append((card_name("bullet:neutral", lang), colt_text.card_text("bullet", lang)))
        for b in view.get("bandits", []):
            if W.text(b.get("id", ""), lang):
                out.append((bandit_name(b["id"], lang), W.text(b["id"], lang)))
        out += W.rules_texts(lang, ("loot", "rule", "round", "turn"))
        return out

    def table(self, view: dict[str, Any], lang: str, names: Sequence[str]) -> RenderableType:
        table = Table(box=None, pad_edge=False, expand=True)
        table.add_column("", overflow="fold", ratio=3)
        table.add_column("$", justify="right", no_wrap=True)
        table.add_column(W.t("board.ammo", lang), justify="right")
        table.add_column(W.t("board.hand", lang), justify="right")
        to_act = set(view.get("to_act") or [])
        totals = view.get("loot_totals") or []
        hands = view.get("hand_sizes") or []
        for seat, name in enumerate(names):
            mine = [b for b in view.get("bandits", []) if b.get("seat") == seat]
            label = Text("▶ " if seat in to_act else "  ")
            label.append(name, style=f"bold {seat_colour(seat)}" if seat == view.get("seat") else seat_colour(seat))
            for b in mine:
                label.append(f" {bandit_name(b['id'], lang)}", style="dim")
            money = ""
            if seat < len(totals):
                tot = totals[seat]
                money = f"{tot.get('known', 0)}" + (f"+{tot['unknown_purses']}?" if tot.get("unknown_purses") else "")
            ammo = "/".join(str(b.get("bullets")) for b in mine)
            table.add_row(label, money, ammo, str(hands[seat]) if seat < len(hands) else "")
        return table


PRESENTER = ColtExpressPresenter()
