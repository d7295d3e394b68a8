"""Every interface string exists in both languages, and the footer labels point at real strings."""

from __future__ import annotations

import pytest

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
    assert seat_names(["human", "random"], "en") == ["Player 1", "Random bot"]
    assert seat_names(["human", "human"], "ru") == ["Игрок 1", "Игрок 2"]
    assert seat_names(["human", "normal", "hard"], "ru") == ["Игрок 1", "Обычный бот Лёва", "Сильный бот Маша"]
    assert tr("seat", "ru", n=2) == "Игрок 2"


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("game_id", ["colt_express", "show_battle", "talespin"])
async def test_card_rules_texts_on_demand_come_from_words_toml(game_id: str, lang: str) -> None:
    """`c` on a player's turn opens the rules text of every card, bandit, Location… in view: each text is
    the game's words.toml text (the browser's tips read the same entries), and it is on the screen."""
    from nastolka.tui.help import HelpScreen

    from .helpers import human_turn, make_app, registered, screen_text, start, wait_for

    game = registered(game_id)
    assert game is not None and game.words is not None
    texts = {game.words.text(ident, lang) for ident in game.words.entries} - {""}
    app = make_app([game], lang=lang)
    async with app.run_test(size=(120, 60)) as pilot:
        await start(pilot, ["human", "random"])
        await wait_for(pilot, lambda: human_turn(app))
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        shown = app.screen.cards
        # each is a words.toml text, a TaleSpin character's followed by its die table (issue 27), itself
        # made of the character's die texts from the same data
        def from_words(text: str) -> bool:
            return text in texts or any(text.startswith(t + "\n") for t in texts)

        assert shown and all(from_words(text) for _, text in shown), [t for _, t in shown if not from_words(t)][:3]
        on_screen = " ".join(screen_text(app).split())
        first_words = " ".join(shown[0][1].split()[:4])
        assert first_words in on_screen, (first_words, on_screen[:400])


def test_russian_numbers_take_a_decimal_comma():
    """«Темп ботов 0,5 с», not «0.5 с»; English keeps the point."""
    from nastolka.tui.i18n import tr

    assert tr("pace", "ru", pace=0.5) == "Темп ботов 0,5 с"
    assert tr("pace", "en", pace=0.5) == "Bot pace 0.5s"
    assert tr("pace", "ru", pace=0) == "Темп ботов 0,0 с"   # an int in a float format too
    assert tr("save_round", "ru", n=2, total=5, moves=31) == "раунд 2 из 5, ходов: 31"
