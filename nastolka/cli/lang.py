"""One language for every command: ``--lang`` once, remembered; the same setting the terminal client uses.

``nastolka play``, ``hint``, ``replay``, ``games`` and ``tui`` all read the language from
``$XDG_CONFIG_HOME/nastolka/tui.json`` (default: the system locale) and a ``--lang`` given to any of them
is written back, so a Russian player types ``--lang ru`` once. The words of the line-based commands are
here, in one table, so one screen never mixes the two languages.
"""

from __future__ import annotations

from typing import Any

from nastolka.engine.words import fill, pick
from nastolka.tui.config import LANGS, Settings

from .common import CliError

LANG_HELP = "ru or en (default: the last one used, else the system locale); remembered"

WORDS: dict[str, tuple[str, str]] = {
    # key: (en, ru)
    "error": ("error: {text}", "ошибка: {text}"),
    "your_move": ("Your move, {name}:", "Ваш ход, {name}:"),
    "ask": ("number (q = quit, s = save) > ", "номер (q — выход, s — сохранить) > "),
    "saved": ("saved to {path}", "сохранено: {path}"),
    "pick_range": ("type a number from 1 to {n}", "введите число от 1 до {n}"),
    "pass_to": ("Pass the device to {name} and press Enter", "Передайте ход: {name} — и нажмите Enter"),
    "seed": ("seed {seed}", "зерно {seed}"),
    "result": ("Result", "Итог"),
    "scores": ("scores", "очки"),
    "winners": ("winner(s): {names}", "победитель: {names}"),
    "record_saved": ("record saved to {path}", "запись сохранена: {path}"),
    "hint_head": ("{game}, step {step}, {name}: play", "{game}, шаг {step}, {name}: сыграйте"),
    "hint_title": ("{n#search|searches} in {s} s", "{n#поиск|поиска|поисков} за {s} с"),
    "col_action": ("action", "ход"),
    "col_visits": ("visits", "посещений"),
    "col_share": ("share", "доля"),
    "col_value": ("value (win estimate)", "оценка (шанс победы)"),
    "replay_ok": ("{game}, {n} actions replayed and verified", "{game}: все ходы ({n}) переиграны и проверены"),
    "ok": ("ok", "готово"),
    "public_view": ("public view", "открытая информация"),
    "after": ("{who} after {n#action|actions}", "{who} после {n#хода|ходов|ходов}"),
    "replay_result": ("result: scores {scores}, winners {winners}", "итог: очки {scores}, победители {winners}"),
    "games_title": ("nastolka games", "игры nastolka"),
    "col_id": ("id", "id"),
    "col_name": ("name", "название"),
    "col_players": ("players", "игроков"),
    "col_options": ("options (default)", "настройки (по умолчанию)"),
    "col_bots": ("bots", "боты"),
}


def word(key: str, lang: str, **fmt: Any) -> str:
    """The words of ``key``, filled as the games' templates are (``{n#ход|хода|ходов}``: the number with
    its noun, nastolka/engine/words.py)."""
    en, ru = WORDS[key]
    text = pick(lang, en, ru)
    return fill(text, lang, fmt) if fmt else text


def resolve_lang(given: str | None) -> str:
    """``given`` if set (and remember it), else the remembered language, else the locale's."""
    settings = Settings.load()
    if given is None:
        return settings.lang
    if given not in LANGS:
        raise CliError(f"--lang must be ru or en, not {given!r}")
    if settings.lang != given:
        settings.lang = given
        settings.save()
    return given
