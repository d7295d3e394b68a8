"""Card boxes drawn as plain styled text, laid out left to right and wrapped at the panel's width.

Why not Rich panels in a grid: every redraw of nested tables measures every cell again, and a board of
sixteen cards cost a tenth of a second per frame. A box here is a few ``Text`` lines of known width, so
laying out a row is string joining — fast enough to redraw after every bot move.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

#: a line made of just this character is drawn as a divider across the whole box
RULE = "┄"


@dataclass
class Box:
    """A framed card: ``lines`` are centred inside; the frame takes ``style`` (e.g. the owner's colour)."""

    lines: Sequence[Text | str]
    width: int = 11
    title: Text | str = ""
    subtitle: Text | str = ""
    style: str = ""
    height: int = 0  # inner height; 0 = as many lines as given
    #: wrap long lines (e.g. several bandits on one roof) instead of cutting them with an ellipsis
    wrap: bool = False

    def wrapped(self, console: Console | None) -> Box:
        """This box with long lines broken at word boundaries to its inner width (needs a console)."""
        if not self.wrap or console is None:
            return self
        out: list[Text | str] = []
        for line in self.lines:
            text = line if isinstance(line, Text) else Text(line)
            if text.plain == RULE or text.cell_len <= self.width - 2:
                out.append(text)
            else:
                out.extend(text.wrap(console, self.width - 2, justify="center"))
        return replace(self, lines=out, wrap=False)

    def render(self, height: int | None = None) -> list[Text]:
        inner = self.width - 2
        rows = [line if isinstance(line, Text) else Text(line) for line in self.lines]
        target = max(height or 0, self.height, len(rows))
        rows = rows + [Text("")] * (target - len(rows))
        out = [self._edge("╭", "╮", self.title)]
        for row in rows:
            if row.plain == RULE:  # a divider stretches to the box, however narrow the box was made
                row = Text(RULE * inner, style=row.style or "dim")
            cell = row.copy()
            cell.truncate(inner, overflow="ellipsis")
            cell.align("center", inner)
            line = Text("│", style=self.style)
            line.append_text(cell)
            line.append("│", style=self.style)
            out.append(line)
        out.append(self._edge("╰", "╯", self.subtitle))
        return out

    def _edge(self, left: str, right: str, label: Text | str) -> Text:
        inner = self.width - 2
        label = label if isinstance(label, Text) else Text(label)
        label = label.copy()
        label.truncate(max(0, inner - 2), overflow="ellipsis")
        free = inner - label.cell_len
        before = free // 2
        line = Text(left + "─" * before, style=self.style)
        line.append_text(label)
        line.append("─" * (free - before) + right, style=self.style)
        return line


@dataclass
class Boxes:
    """Boxes in a row, wrapping onto more rows when the panel is narrower than the row."""

    boxes: list[Box] = field(default_factory=list)
    gap: int = 0
    #: shrink the boxes (down to ``min_width``) rather than wrap, for a row that must stay one row (a train)
    fit: bool = False
    min_width: int = 9
    #: a short label left of the first row (a row name), its column as wide as ``label_width``
    label: Text | str = ""
    label_width: int = 0

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((b.width for b in self.boxes), default=1)
        total = sum(b.width for b in self.boxes) + self.gap * max(0, len(self.boxes) - 1)
        return Measurement(min(widest, options.max_width), min(max(total, 1), options.max_width))

    def rows(self, width: int) -> Iterable[list[Box]]:
        row: list[Box] = []
        used = 0
        for box in self.boxes:
            need = box.width + (self.gap if row else 0)
            if row and used + need > width:
                yield row
                row, used = [], 0
                need = box.width
            row.append(box)
            used += need
        if row:
            yield row

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines: list[Text] = []
        boxes = self.boxes
        room_total = options.max_width - self.label_width
        total = sum(b.width for b in boxes) + self.gap * max(0, len(boxes) - 1)
        if self.fit and boxes and total > room_total:
            # cumulative rounding: rows of boxes whose natural edges line up still line up when shrunk
            room = room_total - self.gap * (len(boxes) - 1)
            width = sum(b.width for b in boxes)
            shrunk, cum, edge = [], 0, 0
            for b in boxes:
                cum += b.width
                new_edge = cum * room // width
                shrunk.append(replace(b, width=max(self.min_width, new_edge - edge)))
                edge = new_edge
            boxes = shrunk
        label = self.label if isinstance(self.label, Text) else Text(self.label, style="bold")
        for r, row in enumerate(Boxes(boxes, self.gap).rows(room_total)):
            row = [b.wrapped(console) for b in row]
            height = max(max(len(b.lines), b.height) for b in row)
            rendered = [b.render(height) for b in row]
            for i in range(height + 2):
                line = Text()
                if self.label_width:
                    cell = label.copy() if r == 0 and i == 1 else Text("")
                    cell.truncate(self.label_width, pad=True)
                    line.append_text(cell)
                for k, box_lines in enumerate(rendered):
                    if k and self.gap:
                        line.append(" " * self.gap)
                    line.append_text(box_lines[i])
                lines.append(line)
        yield Text("\n").join(lines)


def wrap_words(text: str, width: int, max_lines: int = 2) -> list[str]:
    """Split a card name over at most ``max_lines`` lines of ``width``; long words break with a hyphen."""
    words: list[str] = []
    for word in text.replace("-", "- ").split():
        while len(word) > width:
            words.append(word[: width - 1] + "-")
            word = word[width - 1:]
        words.append(word)
    lines: list[str] = []
    for word in words:
        if lines and len(lines[-1]) + (0 if lines[-1].endswith("-") else 1) + len(word) <= width:
            lines[-1] += word if lines[-1].endswith("-") else " " + word
        else:
            lines.append(word)
    if len(lines) > max_lines:
        lines = lines[: max_lines - 1] + [" ".join(lines[max_lines - 1:])[: width - 1] + "…"]
    return lines


@dataclass
class Chips:
    """Short labelled pieces (cards, Locations) packed left to right, never broken inside a piece.

    The compact boards are made of these: at 80 columns a row of cards becomes one or two lines of
    "Acrobat 4↑★ · Juggler 5→", and every name stays whole, so a player can always read it.
    """

    chips: list[Text] = field(default_factory=list)
    label: Text | str = ""
    label_width: int = 0
    sep: str = " · "

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        total = self.label_width + sum(c.cell_len for c in self.chips) + len(self.sep) * max(0, len(self.chips) - 1)
        return Measurement(min(max(1, self.label_width + 1), options.max_width), min(max(total, 1), options.max_width))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        room = max(1, options.max_width - self.label_width)
        label = self.label if isinstance(self.label, Text) else Text(self.label, style="bold")
        lines: list[Text] = []
        line = Text()
        for chip in self.chips:
            chip = chip.copy()
            if chip.cell_len > room:
                chip.truncate(room, overflow="ellipsis")
            need = chip.cell_len + (len(self.sep) if line.plain else 0)
            if line.plain and line.cell_len + need > room:
                lines.append(line)
                line = Text()
            if line.plain:
                line.append(self.sep, style="dim")
            line.append_text(chip)
        if line.plain or not lines:
            lines.append(line)
        out = []
        for i, text in enumerate(lines):
            row = Text()
            if self.label_width:
                cell = label.copy() if i == 0 else Text("")
                cell.truncate(self.label_width, pad=True)
                row.append_text(cell)
            row.append_text(text)
            out.append(row)
        yield Text("\n").join(out)


def height_of(console: Console, renderable: object, width: int) -> int:
    """How many lines ``renderable`` takes at ``width`` (layouts choose full or compact boards by this)."""
    if renderable is None:
        return 0
    options = console.options.update(width=max(1, width), height=None)
    return len(console.render_lines(renderable, options, pad=False))  # type: ignore[arg-type]
