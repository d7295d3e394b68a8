"""Events: what an ``apply`` did, in a form each client can animate or print.

An event is cheap to make (a kind, a small dict of arguments, who may see it); the words come from the
game's ``event_text`` only when a client asks for them. ``seats=None`` means public; otherwise only the
listed seats may see it (a face-down card, a drawn hand), and :func:`visible` filters per seat.

Why a slotted class and not a frozen dataclass: every ``apply`` makes events, and a frozen dataclass pays
``object.__setattr__`` per field in its ``__init__``; compiled, this class is a native one (and a frozen
dataclass compiled would neither pickle nor deep-copy). Treat an event as immutable all the same.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


class Event:
    __slots__ = ("kind", "args", "seats")

    kind: str
    args: dict[str, Any]
    seats: tuple[int, ...] | None

    def __init__(self, kind: str, args: dict[str, Any] | None = None,
                 seats: tuple[int, ...] | None = None) -> None:
        self.kind = kind
        self.args = {} if args is None else args
        self.seats = seats

    def visible_to(self, seat: int | None) -> bool:
        return self.seats is None or (seat is not None and seat in self.seats)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "args": dict(self.args)}

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Event) and self.kind == other.kind and self.args == other.args
                and self.seats == other.seats)

    def __hash__(self) -> int:
        raise TypeError("unhashable type: 'Event' (its arguments are a dict)")

    def __repr__(self) -> str:
        return f"Event(kind={self.kind!r}, args={self.args!r}, seats={self.seats!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Event, (self.kind, self.args, self.seats))


def visible(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events a seat (or, with ``None``, a spectator) is allowed to see."""
    return [e for e in events if e.visible_to(seat)]
