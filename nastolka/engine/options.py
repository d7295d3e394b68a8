"""Per-game option schemas: declared once, with defaults, validated with errors that say what is wrong.

Values may arrive typed (from Python or JSON) or as strings (from ``--option KEY=VALUE`` on the command
line); :meth:`OptionSchema.validate` turns both into the declared types and rejects everything else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from .errors import OptionError
from .words import pick

OptionKind = Literal["bool", "int", "choice", "list"]

_TRUE = {"1", "true", "yes", "on", "да"}
_FALSE = {"0", "false", "no", "off", "нет"}


@dataclass(frozen=True)
class Option:
    """One option. ``list`` options are comma-separated choices (for example a bandit per seat)."""

    name: str
    kind: OptionKind
    default: Any
    help_en: str
    help_ru: str = ""
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    #: the player counts the option means something for (empty: every count); clients hide it otherwise
    players: tuple[int, ...] = ()

    def help(self, lang: str = "en") -> str:
        """What the option does, in ``lang`` (its name when it has no help)."""
        return pick(lang, self.help_en, self.help_ru) or self.name

    def applies_to(self, players: int) -> bool:
        return not self.players or players in self.players

    def coerce(self, raw: Any) -> Any:  # noqa: C901
        name = self.name
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            if isinstance(raw, str) and raw.strip().lower() in _TRUE | _FALSE:
                return raw.strip().lower() in _TRUE
            raise OptionError(f"option {name!r} must be true or false, not {raw!r}")
        if self.kind == "int":
            if isinstance(raw, bool):
                raise OptionError(f"option {name!r} must be a whole number, not {raw!r}")
            try:
                value = int(raw)
            except (TypeError, ValueError):
                raise OptionError(f"option {name!r} must be a whole number, not {raw!r}") from None
            if self.choices and value not in self.choices:
                allowed = ", ".join(str(c) for c in self.choices)
                raise OptionError(f"option {name!r} must be one of {allowed}, not {value}")
            if self.minimum is not None and value < self.minimum:
                raise OptionError(f"option {name!r} must be at least {self.minimum}, not {value}")
            if self.maximum is not None and value > self.maximum:
                raise OptionError(f"option {name!r} must be at most {self.maximum}, not {value}")
            return value
        if self.kind == "choice":
            if not isinstance(raw, str) or raw not in self.choices:
                allowed = ", ".join(str(c) for c in self.choices)
                raise OptionError(f"option {name!r} must be one of {allowed}, not {raw!r}")
            return raw
        # list
        if isinstance(raw, str):
            items = [part.strip() for part in raw.split(",") if part.strip()]
        elif isinstance(raw, Sequence):
            items = list(raw)
        else:
            raise OptionError(f"option {name!r} must be a comma-separated list, not {raw!r}")
        if self.choices:
            for item in items:
                if item not in self.choices:
                    allowed = ", ".join(str(c) for c in self.choices)
                    raise OptionError(f"option {name!r}: {item!r} is not one of {allowed}")
        return tuple(items)

    def to_json(self) -> dict[str, Any]:
        default = list(self.default) if isinstance(self.default, tuple) else self.default
        data: dict[str, Any] = {"name": self.name, "type": self.kind, "default": default,
                                "help_en": self.help_en, "help_ru": self.help_ru}
        if self.choices:
            data["choices"] = list(self.choices)
        if self.minimum is not None:
            data["min"] = self.minimum
        if self.maximum is not None:
            data["max"] = self.maximum
        if self.players:
            data["players"] = list(self.players)
        return data


@dataclass(frozen=True)
class OptionSchema:
    options: tuple[Option, ...] = field(default_factory=tuple)

    def names(self) -> list[str]:
        return [o.name for o in self.options]

    def defaults(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}

    def validate(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults overlaid with ``given``, each value coerced to its type; unknown names are errors."""
        if not given:
            return self.defaults()      # nothing to check (every new game of a benchmark or a search)
        by_name = {o.name: o for o in self.options}
        result = self.defaults()
        for key, raw in (given or {}).items():
            option = by_name.get(key)
            if option is None:
                known = ", ".join(by_name) or "none"
                raise OptionError(f"unknown option {key!r} (this game's options: {known})")
            result[key] = option.coerce(raw)
        return result

    def variants(self) -> list[tuple[Option, Any]]:
        """Each option value that makes a variant of the game: ``True`` for an option that is off by
        default (or ``False`` for one that is on), every non-default value of an option with choices.

        One change at a time (the full product explodes): the playthrough files, the RL vocabularies
        and any search for ids an option adds each reach that option's ids with one game of it.
        ``list`` options (a bandit per seat, a deck of locations) are setup, not variants.
        """
        out: list[tuple[Option, Any]] = []
        for option in self.options:
            if option.kind == "bool":
                out.append((option, not option.default))
            elif option.kind in ("choice", "int") and option.choices:
                out.extend((option, c) for c in option.choices if c != option.default)
        return out

    def to_json(self) -> list[dict[str, Any]]:
        return [o.to_json() for o in self.options]


def parse_option_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """``["expert=true", "bandits=doc,belle"]`` → dict; a pair without ``=`` is an error."""
    result: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"option {pair!r} must look like KEY=VALUE")
        result[key.strip()] = value.strip()
    return result
