"""Events: what an ``apply`` did, in a form each client can animate or print.

An event is cheap to make (a kind, a small dict of arguments, who may see it); the words come from the
game's ``event_text`` only when a client asks for them. ``seats=None`` means public; otherwise only the
listed seats may see it (a face-down card, a drawn hand), and :func:`visible` filters per seat.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    args: dict[str, Any] = field(default_factory=dict)
    seats: tuple[int, ...] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.seats is None or (seat is not None and seat in self.seats)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "args": dict(self.args)}


def visible(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events a seat (or, with ``None``, a spectator) is allowed to see."""
    return [e for e in events if e.visible_to(seat)]
