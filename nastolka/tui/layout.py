"""How the game screen shares the terminal between the board, the hand and the move list.

A pure function of sizes so it can be tested without a terminal. The rule a player would expect: the
board always gets room (never zero lines), the move list always shows a few moves, and detail is given
up in this order when space runs short — the hand's card boxes become a line of names, then the board
becomes its compact drawing, then the move list scrolls. Below :data:`MIN_SIZE` nothing is drawn but a
message asking for a bigger terminal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: the smallest terminal every board is drawn for (columns, rows)
MIN_SIZE = (80, 24)
#: from this width on, the players table and the log stand beside the board; narrower, a key swaps them in
SIDE_MIN_WIDTH = 120
#: lines the board keeps at least, whatever else wants the room
BOARD_MIN = 6
#: moves the list shows at least before it scrolls
ACTIONS_MIN = 3


@dataclass(frozen=True)
class Plan:
    """Heights include each panel's frame; ``side`` is whether the players/log column is on screen."""

    side: bool
    side_width: int
    board_shown: bool
    board_compact: bool
    hand_compact: bool
    board_height: int
    hand_height: int
    actions_height: int


def too_small(width: int, height: int) -> bool:
    return width < MIN_SIZE[0] or height < MIN_SIZE[1]


def side_width(width: int) -> int:
    """The players/log column: 36 columns, a little wider on a wide terminal so names fit."""
    return 36 if width < 150 else min(52, width // 4)


def plan(width: int, height: int, *, board_lines: Callable[[bool, int], int],
         hand_lines: Callable[[bool, int], int], prompt_lines: int, actions: int,
         side_wanted: bool = False, chrome: int = 2) -> Plan:
    """Choose the panels for a ``width`` × ``height`` screen.

    ``board_lines(compact, inner_width)`` and ``hand_lines(compact, inner_width)`` measure the content;
    ``actions`` is the number of moves in the list (0: the list is hidden); ``chrome`` the lines of the
    title and the footer. ``side_wanted`` is the player's toggle on a narrow screen: the players table and
    the log instead of the board.
    """
    wide = width >= SIDE_MIN_WIDTH
    side = wide or side_wanted
    sw = side_width(width) if wide else max(30, width // 2)
    main = width - sw if side else width
    board_shown = wide or not side_wanted
    avail = max(1, height - chrome)
    tight = is_tight(width, height)
    frame = 1 if tight else 2  # a tight screen frames panels with a top line only
    inner = max(10, main - (3 if tight else 5))  # frame, padding, a scrollbar
    actions_need = actions + frame if actions else 0
    budget = avail - prompt_lines - actions_need
    if not board_shown:
        hand_h = min(hand_lines(False, inner) + frame, max(3, budget // 2))
        return Plan(side, sw, False, True, hand_h < hand_lines(False, inner) + frame, 0, hand_h,
                    max(0, min(actions_need, avail - prompt_lines - hand_h)))
    choices = ((False, False), (False, True), (True, False), (True, True))
    for board_compact, hand_compact in choices:
        board_h = board_lines(board_compact, inner) + frame
        hand_h = hand_lines(hand_compact, inner) + frame
        if board_h + hand_h <= budget:
            # the board gets what is left over: on a tall screen it just has air below it
            return Plan(side, sw, True, board_compact, hand_compact, budget - hand_h, hand_h, actions_need)
    # nothing fits whole: compact everything, the move list gives up rows first, then the board scrolls
    hand_h = min(hand_lines(True, inner) + frame, 2 + frame)
    rest = avail - prompt_lines - hand_h
    actions_h = min(actions_need, max(ACTIONS_MIN + frame if actions else 0,
                                      rest - board_lines(True, inner) - frame))
    board_h = max(BOARD_MIN, rest - actions_h)
    actions_h = max(0, min(actions_h, rest - board_h))
    return Plan(side, sw, True, True, True, board_h, hand_h, actions_h)


def is_tight(width: int, height: int) -> bool:
    """A screen where every line counts: panels get a top rule instead of a full frame."""
    return width < SIDE_MIN_WIDTH or height < 36


def show_plan(screen: Any, p: Plan, width: int, height: int) -> bool:
    """Lay ``screen`` (the game or the replay screen: ``#side`` and ``#board-box``) out by the plan;
    True if the board is shown (the caller then fills it)."""
    screen.set_class(is_tight(width, height), "tight")
    side = screen.query_one("#side")
    side.display = p.side
    side.styles.width = p.side_width
    box = screen.query_one("#board-box")
    box.display = p.board_shown
    if p.board_shown:
        box.styles.height = p.board_height
    return p.board_shown
