"""Every interface string exists in both languages, and the footer labels point at real strings."""

from __future__ import annotations

from nastolka.tui.i18n import STRINGS, tr
from nastolka.tui.keys import LABELS
from nastolka.tui.names import seat_names


def test_every_string_has_both_languages():
    for key, (en, ru) in STRINGS.items():
        assert en.strip() and ru.strip(), key
        assert en.count("{") == ru.count("{"), key


def test_footer_labels_exist():
    assert all(key in STRINGS for key in LABELS.values())


def test_seat_names_are_the_names_the_log_uses():
    """People counted from 1, bots by level and, when several sit at the table, by distinct names."""
    assert seat_names(["human", "random"], "en") == ["Player 1", "Bot (random)"]
    assert seat_names(["human", "human"], "ru") == ["Игрок 1", "Игрок 2"]
    assert seat_names(["human", "normal", "hard"], "ru") == ["Игрок 1", "Бот Лёва (обычный)", "Бот Маша (сильный)"]
    assert tr("seat", "ru", n=2) == "Игрок 2"
