"""Request and error bodies. Unknown fields are refused (a typo gets an error instead of being ignored)
and types are strict: ``"clock": "30"`` is refused, not coerced."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

_STRICT = ConfigDict(extra="forbid", strict=True)


class SeatSpec(BaseModel):
    model_config = _STRICT
    kind: Literal["open", "bot", "reserved"] = "open"
    bot: str | None = Field(default=None, max_length=40)
    name: str | None = Field(default=None, max_length=60)


class CreateTable(BaseModel):
    model_config = _STRICT
    game: str = Field(max_length=40)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] = Field(min_length=1, max_length=12)
    #: seconds per move (default: the server's, 120); the stand-in bot plays when it and the bank run out
    clock: int | None = Field(default=None, ge=1, le=3600)
    #: seconds each person may run over the per-move limit in the whole game (default: the server's, 600)
    bank: int | None = Field(default=None, ge=0, le=7200)
    #: not listed in the lobby; open seats are joined only with the invite secret
    private: bool = False
    #: False: a casual table (no ratings; hints allowed)
    rated: bool = True


class Join(BaseModel):
    model_config = _STRICT
    seat: int = Field(ge=0, le=11)
    name: str = Field(min_length=1, max_length=60)
    #: the secret of the invite link: needed for a reserved seat, and for any seat of a private table
    invite: str | None = Field(default=None, min_length=1, max_length=200)


class Act(BaseModel):
    model_config = _STRICT
    action: str = Field(min_length=1, max_length=200)
    version: int = Field(ge=0)


class Remove(BaseModel):
    model_config = _STRICT
    seat: int = Field(ge=0, le=11)


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
