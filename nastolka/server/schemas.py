"""Request and error bodies. Unknown fields are refused (a typo gets an error instead of being ignored)
and types are strict: ``"clock": "30"`` is refused, not coerced."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from annotated_types import Len
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictBool, StrictStr

_STRICT = ConfigDict(extra="forbid")


def _no_text(value: Any) -> Any:
    """A number must be sent as a JSON number: ``"30"`` and ``true`` are refused, not coerced (2.0 is 2)."""
    if isinstance(value, (str, bool, bytes)):
        raise ValueError("expected a whole number, not text or true/false")
    return value


Int = Annotated[int, BeforeValidator(_no_text)]


class SeatSpec(BaseModel):
    model_config = _STRICT
    kind: Literal["open", "bot", "reserved"] = "open"
    bot: Annotated[StrictStr, Len(0, 40)] | None = None
    name: Annotated[StrictStr, Len(0, 60)] | None = None


class CreateTable(BaseModel):
    model_config = _STRICT
    game: StrictStr = Field(max_length=40)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] = Field(min_length=1, max_length=12)
    #: seconds per move, 1 s to 14 days (default: the speed's; real-time: the server's, 120); the stand-in
    #: bot plays when it and the bank run out. From an hour on the table is turn-based. ``null``: no clock
    #: at all (casual tables only: nobody is ever replaced for being slow)
    clock: Annotated[int, BeforeValidator(_no_text)] | None = None
    #: seconds each person may run over the per-move limit in the whole game (default: real-time 600,
    #: turn-based 0; at most 7200 real-time, 14 days turn-based)
    bank: Annotated[int, BeforeValidator(_no_text)] | None = None
    #: realtime | turn_based, or a turn-based preset: fast (1 h a move), normal (1 day), slow (3 days)
    speed: Annotated[StrictStr, Len(1, 20)] | None = None
    #: not listed in the lobby; open seats are joined only with the invite secret
    private: StrictBool = False
    #: False: a casual table (no ratings; hints allowed)
    rated: StrictBool = True


class Join(BaseModel):
    model_config = _STRICT
    seat: Int = Field(ge=0, le=11)
    #: the display name; signed in, leave it out to sit as yourself (the seat is bound to your account)
    name: Annotated[StrictStr, Len(1, 60)] | None = None
    #: the secret of the invite link: needed for a reserved seat, and for any seat of a private table
    invite: Annotated[StrictStr, Len(1, 200)] | None = None


class Act(BaseModel):
    model_config = _STRICT
    action: StrictStr = Field(min_length=1, max_length=200)
    version: Int = Field(ge=0)


class Remove(BaseModel):
    model_config = _STRICT
    seat: Int = Field(ge=0, le=11)


class ErrorDetail(BaseModel):
    code: str
    message: str


class ErrorBody(BaseModel):
    """Every refusal: a stable code for programs and a sentence for people; nothing was changed."""

    error: ErrorDetail
    state: dict[str, Any] | None = None


class Created(BaseModel):
    table: dict[str, Any]
    invite: str
    owner_token: str
    seat_invites: dict[str, str]


class Seated(BaseModel):
    seat: int
    token: str
    table: dict[str, Any]


class TableOnly(BaseModel):
    table: dict[str, Any]


#: the refusals any route may answer with (declared so that the OpenAPI schema lists them)
ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody, "description": text} for status, text in (
        (400, "bad request: the body or a parameter is not acceptable"),
        (403, "not allowed: a token, owner token or invite secret is missing or wrong"),
        (404, "no such table or game"),
        (409, "conflict with the table's state (taken, started, stale, over)"),
        (413, "request body too large"),
        (422, "the body does not match the schema"),
        (429, "too many requests from this address"),
    )}

