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
from nastolka.games.colt_express import data as D
from nastolka.games.colt_express.text import bandit_name, car_name, card_name

from .base import CardFace, Presenter
from .draw import RULE, Box, Boxes

SEAT_COLOURS = ("red", "dodger_blue1", "green3", "yellow", "magenta", "cyan")
CAR_WIDTH = 18

CARD_TEXT: dict[str, tuple[str, str]] = {
    "move": ("Inside: to an adjacent car. On the roof: 1 to 3 cars forward or back.",
             "Внутри — в соседний вагон. На крыше — на 1–3 вагона вперёд или назад."),
    "floor": ("Climb between the inside and the roof of the same car.",
              "Перейти между вагоном и его крышей."),
    "fire": ("Give one of your bullets to a bandit: inside, in an adjacent car; on a roof, the nearest "
             "bandits in line of sight. Not in your own place.",
             "Отдать пулю бандиту: внутри — в соседнем вагоне; на крыше — ближайшим в прямой видимости. "
             "Не в своём месте."),
    "punch": ("A bandit in your place drops one loot of your choice and is pushed to an adjacent car.",
              "Бандит в вашем месте роняет добычу на ваш выбор и отлетает в соседний вагон."),
    "marshal": ("Move the Marshal to an adjacent car. Bandits inside his car flee to the roof and take "
                "a neutral bullet.",
                "Передвинуть шерифа в соседний вагон. Бандиты внутри его вагона бегут на крышу и получают "
                "нейтральную пулю."),
    "rob": ("Take one loot token of your choice from your place.",
            "Взять одну добычу на выбор в своём месте."),
    "bullet": ("A bullet card: it clogs your hand and does nothing.",
               "Пуля: занимает место в руке и ничего не делает."),
}

BANDIT_TEXT: dict[str, tuple[str, str]] = {
    "ghost": ("May play the first card of each round face down.",
              "Может сыграть первую карту раунда рубашкой вверх."),
    "doc": ("Draws 7 cards at the start of each round.", "Набирает 7 карт в начале раунда."),
    "tuco": ("May shoot through the roof at a bandit in his own car on the other level.",
             "Может стрелять сквозь крышу в бандита своего вагона на другом уровне."),
    "cheyenne": ("When she punches a bandit and a purse falls, she may keep it.",
                 "Ударив бандита, может забрать выпавший кошелёк себе."),
    "belle": ("Cannot be the target of Fire or Punch if another bandit could be chosen.",
              "Не может быть целью выстрела или удара, если можно выбрать другого бандита."),
    "django": ("The bandit he shoots is pushed one car in the direction of the shot.",
               "Подстреленный им бандит отлетает на вагон в направлении выстрела."),
}

LOOT_TEXT = ("Loot: purse $250–500 (face down), jewel ◆ $500, strongbox ▣ $1000; "
             "the Gunslinger (most bullets fired) gets $1000.",
             "Добыча: кошелёк $250–500 (рубашкой вверх), камень ◆ $500, кейс ▣ $1000; "
             "самый меткий стрелок получает $1000.")


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


def _lang_pick(pair: tuple[str, str], lang: str) -> str:
    return pair[1] if lang == "ru" and pair[1] else pair[0]


class ColtExpressPresenter(Presenter):
    def action_hint(self, view: dict[str, Any], aid: str, lang: str) -> str:
        m = re.match(r"play:card=(\w+)", aid)
        if not m or m.group(1) not in CARD_TEXT:
            return ""
        return f"{card_name(m.group(1), lang)}: {_lang_pick(CARD_TEXT[m.group(1)], lang)}"

    def focus_key(self, view: dict[str, Any], focus: str | None) -> object:
        return car_target(focus)

    def board(self, game: Game, view: dict[str, Any], lang: str, focus: str | None = None,
              compact: bool = False) -> RenderableType:
        ru = lang == "ru"
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
        extra = Text(("нейтральных пуль: " if ru else "neutral bullets: ") + str(view.get("neutral_bullets")),
                     style="dim")
        if view.get("strongbox_off_train"):
            extra.append(" · " + ("кейс ждёт вне поезда" if ru else "a strongbox waits off the train"), style="dim")
        legend = Text("▲ " + ("крыша" if ru else "roof") + " · ▼ " + ("внутри" if ru else "inside")
                      + " · ★ " + ("шериф" if ru else "Marshal"), style="dim")
        if compact:
            extra.append(" · ", style="dim")
            extra.append_text(legend)
            parts += [self.pile(view, lang), extra]
        else:
            parts += [extra, self.pile(view, lang), legend]
        return Group(*parts)

    def header(self, view: dict[str, Any], lang: str) -> Text:
        ru = lang == "ru"
        text = Text()
        rc = view.get("round_card")
        if rc:
            i = D.ROUND_INDEX.get(rc)
            name = rc if i is None else (D.ROUND_RU[i] if ru else D.ROUND_EN[i])
            text.append(f"{'Раунд' if ru else 'Round'} {view.get('round')}/{view.get('rounds_total')}: ", style="bold")
            text.append(name, style="bold")
            text.append("   ")
            turns, turn = str(view.get("turns", "")), view.get("turn")
            for j, t in enumerate(turns):
                text.append(f"[{t}]" if j == turn else f" {t} ", style="bold reverse" if j == turn else "dim")
        phase = view.get("phase", "")
        text.append(f"   {'фаза' if ru else 'phase'}: {phase}", style="italic")
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
                   title=car_name(str(car.get("id")), lang), style=style, wrap=True)
        below = Box([Text("▼ ", style="dim") + inside, loot_text(car.get("inside", {}))], width=CAR_WIDTH,
                    subtitle=str(c), style=style, wrap=True)
        return roof, below

    def pile(self, view: dict[str, Any], lang: str) -> Text:
        text = Text(("Стопка: " if lang == "ru" else "Pile: "), style="bold")
        for k, entry in enumerate(view.get("pile") or []):
            if k:
                text.append(" · ", style="dim")
            name = "▒▒" if entry.get("card") is None else card_name(entry["card"], lang)
            text.append(f"#{entry.get('seat')} {name}", style=seat_colour(entry.get("seat")))
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
            faces.append(CardFace(card_name(card, lang), "", _lang_pick(CARD_TEXT.get(kind, ("", "")), lang),
                                  "dim" if kind == "bullet" else style))
        return faces

    def card_texts(self, view: dict[str, Any], lang: str) -> list[tuple[str, str]]:
        out = [(card_name(k, lang), _lang_pick(CARD_TEXT[k], lang)) for k in D.KIND_IDS if k in CARD_TEXT]
        out.append((card_name("bullet:neutral", lang), _lang_pick(CARD_TEXT["bullet"], lang)))
        for b in view.get("bandits", []):
            if b.get("id") in BANDIT_TEXT:
                out.append((bandit_name(b["id"], lang), _lang_pick(BANDIT_TEXT[b["id"]], lang)))
        out.append(("$", _lang_pick(LOOT_TEXT, lang)))
        return out

    def table(self, view: dict[str, Any], lang: str, names: Sequence[str]) -> RenderableType:
        ru = lang == "ru"
        table = Table(box=None, pad_edge=False, expand=True)
        table.add_column("", overflow="fold", ratio=3)
        table.add_column("$", justify="right", no_wrap=True)
        table.add_column("пули" if ru else "ammo", justify="right")
        table.add_column("рука" if ru else "hand", justify="right")
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
