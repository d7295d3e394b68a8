"""Request bodies. Unknown fields are rejected so a typo gets an error instead of being ignored."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["open", "bot", "reserved"] = "open"
    bot: str | None = Field(default=None, max_length=40)
    name: str | None = Field(default=None, max_length=60)


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=40)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] = Field(min_length=1, max_length=12)
    clock: int | None = None
    rated: bool = True      # False: a casual table (no ratings; hints allowed)


class Join(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int
    name: str = Field(max_length=60)


class Act(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: str = Field(min_length=1, max_length=200)
    version: int
