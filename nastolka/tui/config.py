"""Where the terminal client keeps its few settings and saved games.

Only the language (and the bot pace) outlive a run: a newcomer who picked Russian once should not pick it
again. Paths follow the XDG convention so tests (and users) can move them with ``XDG_CONFIG_HOME`` /
``XDG_DATA_HOME``; a broken or unwritable file never stops the game, it is simply ignored.
"""

from __future__ import annotations

import json
import locale
import os
from dataclasses import asdict, dataclass
from pathlib import Path

LANGS = ("ru", "en")


def config_dir() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "nastolka"


def data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "nastolka"


def saves_dir() -> Path:
    return data_dir() / "saves"


def system_lang() -> str:
    """Russian if the system locale says so, English otherwise (the two languages the games speak)."""
    candidates = [os.environ.get(k, "") for k in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")]
    try:
        candidates.append(locale.getlocale()[0] or "")
    except ValueError:
        pass
    for value in candidates:
        if value:
            return "ru" if value.lower().startswith("ru") else "en"
    return "en"


@dataclass
class Settings:
    lang: str = "en"
    pace: float = 0.6

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        path = path or config_dir() / "tui.json"
        settings = cls(lang=system_lang())
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return settings
        if isinstance(data, dict):
            if data.get("lang") in LANGS:
                settings.lang = data["lang"]
            pace = data.get("pace")
            if isinstance(pace, (int, float)) and not isinstance(pace, bool) and 0 <= pace <= 10:
                settings.pace = float(pace)
        return settings

    def save(self, path: Path | None = None) -> None:
        path = path or config_dir() / "tui.json"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(asdict(self)) + "\n", encoding="utf-8")
        except OSError:
            pass
