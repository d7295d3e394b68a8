"""Names and rules texts of the things a game's views mention (card ids, cars, bandits…), for the browser.

Views carry stable ids (``"knives"``, ``"mail"``); people need words. Every game keeps them in its
``words.toml`` (:mod:`nastolka.engine.words`), so the browser gets exactly the words the terminal shows:
``{id: {"en", "ru", "text_en", "text_ru", "kind"}}`` — the texts are the rules text of the card, event or
location, shown on demand.
"""

from __future__ import annotations

from nastolka.engine import Game


def glossary(game: Game) -> dict[str, dict[str, str]]:
    words = game.words
    return words.glossary() if words is not None else {}
