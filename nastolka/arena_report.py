"""The arena's balance report: win rates by seat, by bot and by bandit/character, scores and game lengths.

Why a module of its own: the arena (``nastolka.arena``) plays and counts; this turns its summary into
something a designer reads — HTML with the plots embedded as PNG, or PNG files. Every word comes from the
engine's and the game's words in the reader's language: bots by their display names, seats counted from 1,
bandits and characters by name, options in words.
"""

from __future__ import annotations

import base64
import html
import io
from pathlib import Path
from typing import Any

from nastolka.arena import Arena
from nastolka.engine import Game, get
from nastolka.engine.words import ENGINE, seat_label, seat_names


def report_names(arena: Arena, lang: str) -> list[str]:
    """The bots of a run as people read them: «Бот Лёва (обычный)», distinct when several play."""
    return seat_names(arena.bots, lang)


def label_name(game: Game, key: str, label: str, lang: str) -> str:
    """A per-seat label (a bandit or character id) in the game's words; the id if it has none."""
    words = game.words
    for ident in (label, f"char.{label}", f"{key}.{label}"):
        if words is not None and words.has(ident):
            return words.name(ident, lang)
    return label


def _options_text(game: Game, options: dict[str, Any], lang: str) -> str:
    """The options that differ from the defaults, in words."""
    parts = []
    for option in game.options.options:
        value = options.get(option.name, option.default)
        if value == option.default or (isinstance(value, (list, tuple)) and not value and not option.default):
            continue
        if isinstance(value, bool):
            shown = ENGINE.t("arena.yes" if value else "arena.no", lang)
        elif isinstance(value, (list, tuple)):
            shown = ", ".join(label_name(game, option.name, str(v), lang) for v in value)
        else:
            shown = game.choice_label(option.name, value, lang)
        parts.append(ENGINE.t("arena.option", lang, name=option.help(lang), value=shown))
    return "; ".join(parts) or ENGINE.t("arena.default_options", lang)


class _Figures:
    """The report's plots, each a (title, matplotlib figure) pair, titled in the reader's language."""

    def __init__(self, lang: str) -> None:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        self.plt = plt
        self.lang = lang
        self.figures: list[tuple[str, Any]] = []

    def t(self, key: str, **args: Any) -> str:
        return ENGINE.t(f"arena.{key}", self.lang, **args)

    def new(self, title: str, width: float = 6) -> Any:
        fig, ax = self.plt.subplots(figsize=(width, 3.5))
        self.figures.append((title, fig))
        return ax

    def bars(self, title: str, labels: list[str], rates: list[float], cis: list[list[float]], ref: float,
             width: float = 6, rotation: int = 0) -> None:
        """Win rates with their 95 % intervals as error bars, and the fair share as a dashed line."""
        ax = self.new(title, width)
        err = [[r - c[0] for r, c in zip(rates, cis, strict=True)],
               [c[1] - r for r, c in zip(rates, cis, strict=True)]]
        ax.bar(labels, rates, yerr=err, capsize=4, color="#4c72b0")
        ax.axhline(ref, color="grey", linestyle="--", linewidth=1)
        ax.set_ylim(0, 1)
        ax.set_ylabel(self.t("win_rate_ci"))
        ax.set_title(title)
        if rotation:
            ax.tick_params(axis="x", rotation=rotation)


def _plot(arena: Arena, summary: dict[str, Any], names: list[str], game: Game, lang: str) -> _Figures:
    """Every plot of the report, in reading order."""
    plots = _Figures(lang)
    t = plots.t
    p = arena.players
    done = arena.finished()
    title = t("by_seat")
    plots.bars(title, [seat_label(s, lang) for s in range(p)], summary["win_rate_by_seat"],
               summary["ci95_by_seat"], 1 / p)
    plots.figures[-1] = (t("by_seat_short"), plots.figures[-1][1])
    rows = summary["entries"]
    plots.bars(t("by_bot"), [names[r["entry"]] for r in rows], [r["win_rate"] for r in rows],
               [r["ci95"] for r in rows], 1 / p, rotation=15)
    for key, table in summary["categories"].items():
        labels = sorted(table)
        if len(labels) > 40:
            continue
        what = t(f"category.{key}") if ENGINE.has_template(f"arena.category.{key}") else key
        plots.bars(t("by_category", what=what), [label_name(game, key, k, lang) for k in labels],
                   [table[k]["win_rate"] for k in labels], [table[k]["ci95"] for k in labels], 1 / p,
                   width=max(6, 0.6 * len(labels)), rotation=30)
    ax = plots.new(t("scores"))
    for e in range(len(arena.bots)):
        scores = [g.scores[g.entries.index(e)] for g in done]
        if scores:
            ax.hist(scores, bins=20, alpha=0.5, label=names[e])
    ax.set_title(t("scores"))
    ax.set_xlabel(t("score"))
    ax.legend()
    ax = plots.new(t("length"))
    ax.hist([g.actions for g in done] or [0], bins=20, color="#55a868")
    ax.set_title(t("length"))
    ax.set_xlabel(t("actions"))
    return plots


def _html(arena: Arena, summary: dict[str, Any], names: list[str], game: Game, lang: str,
          images: list[tuple[str, str]]) -> str:
    """The page: a heading, what was played, the table of bots and the plots (base64 PNG)."""

    def t(key: str, **args: Any) -> str:
        return ENGINE.t(f"arena.{key}", lang, **args)

    parts = "".join(f"<h2>{html.escape(title)}</h2><img alt='{html.escape(title)}' "
                    f"src='data:image/png;base64,{data}'>" for title, data in images)
    table_rows = "".join(
        f"<tr><td>{html.escape(names[r['entry']])}</td><td>{r['win_rate']:.1%}</td>"
        f"<td>{r['ci95'][0]:.1%}–{r['ci95'][1]:.1%}</td><td>{r['mean_score']}</td><td>{r['mean_rank']}</td></tr>"
        for r in summary["entries"])
    about = t("about", bots=", ".join(names), seed=arena.seed, options=_options_text(game, arena.options, lang),
              errors=summary["errors"], length=summary["mean_actions"])
    head = "".join(f"<th>{html.escape(t(c))}</th>" for c in ("col_bot", "col_win_rate", "col_ci", "col_score",
                                                            "col_rank"))
    return (
        f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'>"
        f"<title>{html.escape(t('head', game=game.name(lang)))}</title>"
        "<style>body{font-family:sans-serif;max-width:900px;margin:2em auto}"
        "td,th{padding:2px 10px;border-bottom:1px solid #ddd}</style></head><body>"
        f"<h1>{html.escape(t('title', game=game.name(lang), n=summary['finished'], players=arena.players))}</h1>"
        f"<p>{html.escape(about)}</p>"
        f"<table><tr>{head}</tr>"
        f"{table_rows}</table>{parts}</body></html>\n")


def write_report(arena: Arena, path: str | Path, lang: str = "en") -> Path:
    """A balance report: HTML with the plots embedded as PNG (or one PNG per plot if ``path`` ends in .png:
    the first at ``path``, the others beside it with a suffix)."""
    summary = arena.summary()
    game = get(arena.game)
    names = report_names(arena, lang)
    plots = _plot(arena, summary, names, game, lang)
    out = Path(path)
    images: list[tuple[str, str]] = []
    for k, (title, fig) in enumerate(plots.figures):
        fig.tight_layout()
        if out.suffix.lower() == ".png":
            fig.savefig(out if k == 0 else out.with_name(f"{out.stem}-{k}{out.suffix}"), dpi=90)
        else:
            buf = io.BytesIO()
            fig.savefig(buf, format="png", dpi=90)
            images.append((title, base64.b64encode(buf.getvalue()).decode("ascii")))
        plots.plt.close(fig)
    if out.suffix.lower() != ".png":
        out.write_text(_html(arena, summary, names, game, lang, images), encoding="utf-8")
    return out
