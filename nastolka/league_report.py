"""The league's HTML leaderboard: ratings with intervals, win rates, head-to-head rates and every forfeit.

Why a module of its own: :mod:`nastolka.league` plays and counts; this turns its summary into a page a
person reads, every word from the engine's ``league.*``/``arena.*`` words in the reader's language
(entrants by the labels their owners gave them).
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from nastolka.engine import get
from nastolka.engine.words import ENGINE

from .league import League


def _t(key: str, lang: str, **args: Any) -> str:
    return html.escape(ENGINE.t(key, lang, **args))


def _shade(rate: float) -> str:
    """A cell colour from red (0) through white to green (1), so the matrix reads at a glance."""
    if rate >= 0.5:
        k = int(255 - (rate - 0.5) * 2 * 90)
        return f"rgb({k},255,{k})"
    k = int(255 - (0.5 - rate) * 2 * 90)
    return f"rgb(255,{k},{k})"


def render(league: League, lang: str = "en") -> str:
    s = league.summary()
    game = get(league.game)
    labels = [html.escape(e.label) for e in league.entrants]
    memory = (ENGINE.t("league.memory", lang, mb=league.memory_mb) if league.memory_mb
              else ENGINE.t("league.no_limit", lang))
    cols = [_t("league.col_place", lang), _t("league.col_entrant", lang), _t("league.col_rating", lang),
            _t("league.col_interval", lang), _t("league.col_games", lang), _t("arena.col_win_rate", lang),
            _t("arena.col_ci", lang), _t("league.col_forfeits", lang)]
    rows = []
    for place, r in enumerate(s["leaderboard"], 1):
        rating = r["rating"]
        shown = f"{rating['mu']:.2f} ± {rating['sigma']:.2f}" if rating else "—"
        interval = f"{rating['interval95'][0]:.1f} … {rating['interval95'][1]:.1f}" if rating else "—"
        rows.append(f"<tr><td>{place}</td><td>{labels[r['entrant']]}</td><td>{shown}</td><td>{interval}</td>"
                    f"<td>{r['games']}</td><td>{r['win_rate']:.1%}</td>"
                    f"<td>{r['ci95'][0]:.1%}–{r['ci95'][1]:.1%}</td><td>{r['forfeits']}</td></tr>")
    order = [r["entrant"] for r in s["leaderboard"]]
    matrix = ["<tr><th></th>" + "".join(f"<th>{labels[b]}</th>" for b in order) + "</tr>"]
    for a in order:
        cells = []
        for b in order:
            cell = s["pairs"][a][b]
            if cell is None:
                cells.append("<td>—</td>")
            else:
                cells.append(f"<td style='background:{_shade(cell['rate'])}' title='{cell['ahead']}/{cell['games']}'>"
                             f"{cell['rate']:.0%}</td>")
        matrix.append(f"<tr><th>{labels[a]}</th>{''.join(cells)}</tr>")
    forfeits = "".join(
        f"<li>{_t('league.forfeit_line', lang, game=f['game'] + 1, entrant=f['label'], what=ENGINE.t('league.kind.' + f['kind'], lang, detail=f['detail']))}</li>"
        for f in s["forfeits"]) or f"<li>{_t('league.no_forfeits', lang)}</li>"
    about = _t("league.about", lang, deals=league.deals, seconds=f"{league.move_seconds:g}", memory=memory,
               seed=league.seed)
    return (
        f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'>"
        f"<title>{_t('league.head', lang, game=game.name(lang))}</title>"
        "<style>body{font-family:sans-serif;max-width:1000px;margin:2em auto}"
        "td,th{padding:3px 10px;border-bottom:1px solid #ddd;text-align:center}</style></head><body>"
        f"<h1>{_t('league.title', lang, game=game.name(lang), players=league.players, n=s['finished'])}</h1>"
        f"<p>{about}</p><h2>{_t('league.leaderboard', lang)}</h2>"
        f"<table><tr>{''.join(f'<th>{c}</th>' for c in cols)}</tr>{''.join(rows)}</table>"
        f"<h2>{_t('league.pairs', lang)}</h2><table>{''.join(matrix)}</table>"
        f"<h2>{_t('league.forfeits', lang)}</h2><ul>{forfeits}</ul></body></html>\n")


def write_report(league: League, path: str | Path, lang: str = "en") -> Path:
    out = Path(path)
    out.write_text(render(league, lang), encoding="utf-8")
    return out
