"""Words for «Камешки» (from ``words.toml``): action labels, event texts, the text board and the result."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nastolka.engine import Event, parse_id
from nastolka.engine.words import for_module, names_or_default

W = for_module(__file__)


def action_label(state: Any, aid: str, lang: str, names: Sequence[str] | None = None) -> str:
    return W.t("take", lang, n=parse_id(aid).number("count"))


def event_text(state: Any, event: Event, lang: str, names: Sequence[str] | None = None) -> str:
    who = names_or_default(names, state.players, lang)[event.args["seat"]]
    return W.t("took", lang, who=who, n=event.args["count"], left=event.args["left"])


def render_view(view: dict[str, Any], lang: str, names: Sequence[str] | None = None) -> str:
    people = names_or_default(names, view["players"], lang)
    lines = [W.t("pile", lang, n=view["pile"]), "●" * view["pile"]]
    lines += [W.t("player_took", lang, who=people[s], n=k) for s, k in enumerate(view["taken"])]
    return "\n".join(lines)


def result_lines(view: dict[str, Any], lang: str, names: Sequence[str] | None = None) -> list[str]:
    people = names_or_default(names, view["players"], lang)
    last = view["result"]["details"]["last"]
    return [W.t("winner", lang, who=people[last])]
