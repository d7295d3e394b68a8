"""Per-game option schemas: declared once, with defaults, validated with errors that say what is wrong.

Values may arrive typed (from Python or JSON) or as strings (from ``--option KEY=VALUE`` on the command
line); :meth:`OptionSchema.validate` turns both into the declared types and rejects everything else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from .errors import OptionError
from .words import ENGINE, join, pick

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
    #: the option's short name in words (errors name it so): English, Russian
    title_en: str = ""
    title_ru: str = ""
    #: each choice's name, English and Russian (a list or choice option accepts its id or either name)
    labels: Mapping[Any, tuple[str, str]] = field(default_factory=dict)

    def help(self, lang: str = "en") -> str:
        """What the option does, in ``lang`` (its name when it has no help)."""
        return pick(lang, self.help_en, self.help_ru) or self.name

    def applies_to(self, players: int) -> bool:
        return not self.players or players in self.players

    def _error(self, key: str, **args: Any) -> OptionError:
        """The refusal ``option.<key>`` (engine/words.toml) in both languages, naming the option by its
        title (never its id) and the choices by their names."""
        texts = {}
        for lang in ("en", "ru"):
            title = pick(lang, self.title_en, self.title_ru) or self.help(lang)
            filled = {k: self._shown(v, lang) for k, v in args.items()}
            texts[lang] = ENGINE.t(f"option.{key}", lang, option=title, **filled)
        return OptionError(texts["en"], texts["ru"])

    def _shown(self, value: Any, lang: str) -> str:
        if value is self.choices:
            return join([self._label(c, lang) for c in self.choices], lang, either=True)
        return str(value)

    def _label(self, choice: Any, lang: str) -> str:
        names = self.labels.get(choice)
        return names[1 if lang == "ru" else 0] if names else str(choice)

    def _choice(self, raw: Any) -> Any:
        """A choice by its id or by its English or Russian name (any letter case)."""
        if raw in self.choices:
            return raw
        wanted = str(raw).strip().casefold().replace("ё", "е")
        for choice in self.choices:
            names = (str(choice), *self.labels.get(choice, ()))
            if any(n.casefold().replace("ё", "е") == wanted for n in names):
                return choice
        raise self._error("not_one_of", value=raw, allowed=self.choices)

    def coerce(self, raw: Any) -> Any:  # noqa: C901
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            if isinstance(raw, str) and raw.strip().lower() in _TRUE | _FALSE:
                return raw.strip().lower() in _TRUE
            raise self._error("not_bool", value=raw)
        if self.kind == "int":
            if isinstance(raw, bool):
                raise self._error("not_int", value=raw)
            try:
                value = int(raw)
            except (TypeError, ValueError):
                raise self._error("not_int", value=raw) from None
            if self.choices and value not in self.choices:
                raise self._error("not_one_of", value=value, allowed=self.choices)
            if self.minimum is not None and value < self.minimum:
                raise self._error("at_least", value=value, n=self.minimum)
            if self.maximum is not None and value > self.maximum:
                raise self._error("at_most", value=value, n=self.maximum)
            return value
        if self.kind == "choice":
            if not isinstance(raw, str):
                raise self._error("not_one_of", value=raw, allowed=self.choices)
            return self._choice(raw)
        # list
        if isinstance(raw, str):
            items = [part.strip() for part in raw.split(",") if part.strip()]
        elif isinstance(raw, Sequence):
            items = list(raw)
        else:
            raise self._error("not_list", value=raw)
        if self.choices:
            items = [self._choice(item) for item in items]
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
                known = {lang: join([pick(lang, o.title_en, o.title_ru) or o.name for o in self.options], lang)
                         or ENGINE.t("option.none", lang) for lang in ("en", "ru")}
                raise OptionError(ENGINE.t("option.unknown", "en", name=key, known=known["en"]),
                                  ENGINE.t("option.unknown", "ru", name=key, known=known["ru"]))
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
