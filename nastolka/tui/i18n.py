"""The client's own words in Russian and English (game words come from each game's labels and texts).

One flat table keeps every string of the interface in one place, so a missing translation is a one-line
fix and tests can check both languages have every key.
"""

from __future__ import annotations

from typing import Any

STRINGS: dict[str, tuple[str, str]] = {
    # key: (en, ru)
    "app_title": ("nastolka — tabletop games", "nastolka — настольные игры"),
    "new_game": ("New game", "Новая игра"),
    "game": ("Game", "Игра"),
    "players": ("Players", "Игроки"),
    "seat": ("Seat #{n}", "Место #{n}"),
    "human": ("Human", "Человек"),
    "bot": ("Bot: {name}", "Бот: {name}"),
    "options": ("Options", "Настройки партии"),
    "no_options": ("This game has no options.", "У этой игры нет настроек."),
    "language": ("Language", "Язык"),
    "seed": ("Seed (empty = random)", "Зерно (пусто — случайное)"),
    "start": ("Start", "Начать"),
    "resume": ("Resume a saved game", "Продолжить сохранённую"),
    "replay": ("Watch a record", "Просмотр записи"),
    "quit": ("Quit", "Выход"),
    "no_games": ("No games are installed yet.", "Ещё не установлено ни одной игры."),
    "bad_option": ("Option error: {msg}", "Ошибка настройки: {msg}"),
    "board": ("Board", "Поле"),
    "hand": ("Your hand", "Ваша рука"),
    "hand_of": ("Hand of {name}", "Рука: {name}"),
    "hand_hidden": ("(hidden)", "(скрыта)"),
    "hand_empty": ("(empty)", "(пусто)"),
    "table": ("Players", "Игроки"),
    "log": ("Log", "Журнал"),
    "actions": ("Your move", "Ваш ход"),
    "actions_of": ("Move of {name}", "Ход: {name}"),
    "waiting": ("Waiting for {name}…", "Ждём: {name}…"),
    "thinking": ("{name} is thinking…", "{name} думает…"),
    "you": ("You #{n}", "Вы #{n}"),
    "player_n": ("Player #{n}", "Игрок #{n}"),
    "bot_n": ("Bot #{n} ({name})", "Бот #{n} ({name})"),
    "pace": ("Bot pace {pace:.1f}s", "Темп ботов {pace:.1f} с"),
    "game_over": ("Game over", "Игра окончена"),
    "score": ("Score", "Очки"),
    "rank": ("Place", "Место"),
    "winner": ("Winner", "Победитель"),
    "winners": ("Winners: {names}", "Победители: {names}"),
    "result_keys": ("Enter — new game · s — save record · r — watch replay · q — quit",
                    "Enter — новая игра · s — сохранить запись · r — смотреть запись · q — выход"),
    "cover_title": ("Pass the device to {name}", "Передайте ход: {name}"),
    "cover_text": ("The previous player's hand is hidden. {name}, press any key when you are ready.",
                   "Рука предыдущего игрока скрыта. {name}, нажмите любую клавишу, когда будете готовы."),
    "saved": ("Saved to {path}", "Сохранено: {path}"),
    "save_failed": ("Could not save: {msg}", "Не удалось сохранить: {msg}"),
    "undone": ("Move taken back.", "Ход отменён."),
    "undo_no": ("Undo is not possible: {why}", "Отмена невозможна: {why}"),
    "undo_why_humans": ("undo is only for games against bots", "отмена — только в игре против ботов"),
    "undo_why_nothing": ("no move of yours to take back", "нет вашего хода для отмены"),
    "undo_why_revealed": ("that move revealed something new", "этот ход открыл новую информацию"),
    "help_title": ("Help — {game}", "Справка — {game}"),
    "rules": ("Rules summary", "Кратко о правилах"),
    "no_rules": ("No rules summary for this game.", "Для этой игры нет краткого описания правил."),
    "cards": ("Cards", "Карты"),
    "no_cards": ("No cards to show.", "Нет карт для показа."),
    "keys": ("Keys", "Клавиши"),
    "keys_text": (
        "↑/↓ and Enter or a click — choose a move; 1–9 — quick choice; Tab — move between panels\n"
        "c — card texts; F1/? — this help; s — save; u — undo; +/- — bot pace; l — language; q — leave",
        "↑/↓ и Enter или щелчок — выбрать ход; 1–9 — быстрый выбор; Tab — переход между панелями\n"
        "c — тексты карт; F1/? — эта справка; s — сохранить; u — отменить ход; +/- — темп ботов;\n"
        "l — язык; q — выйти",
    ),
    "close": ("Esc — close", "Esc — закрыть"),
    "open_title_resume": ("Resume a saved game", "Продолжить сохранённую игру"),
    "open_title_replay": ("Watch a record", "Просмотр записи"),
    "open_path": ("Path to a record file", "Путь к файлу записи"),
    "open_none": ("No saved games in {path}", "Нет сохранённых игр в {path}"),
    "open_error": ("Cannot open: {msg}", "Не удалось открыть: {msg}"),
    "replay_title": ("Replay — {game}", "Запись — {game}"),
    "replay_step": ("Step {i} of {n}", "Шаг {i} из {n}"),
    "replay_view": ("Seen by: {who}", "Глазами: {who}"),
    "spectator": ("spectator", "зритель"),
    "replay_keys": ("←/→ step · Home/End · 0–9 seat's eyes · a spectator · q back",
                    "←/→ шаг · Home/End · 0–9 глазами игрока · a зритель · q назад"),
    "replay_start": ("(start of the game)", "(начало партии)"),
    "leave": ("Leave the game", "Выйти из игры"),
    "toggle_lang": ("Language", "Язык"),
    "help": ("Help", "Справка"),
    "card_texts": ("Cards", "Карты"),
    "save": ("Save", "Сохранить"),
    "undo": ("Undo", "Отменить"),
    "faster": ("Faster", "Быстрее"),
    "resume_short": ("Resume", "Продолжить"),
    "replay_short": ("Replay", "Запись"),
    "forward": ("Forward", "Вперёд"),
    "back": ("Back", "Назад"),
    "close_short": ("Close", "Закрыть"),
    "slower": ("Slower", "Медленнее"),
    "toggle_side": ("Board/log", "Поле/журнал"),
    "too_small": ("The terminal is {w}×{h}; the games need at least {min_w}×{min_h}. Make the window bigger.",
                  "Терминал {w}×{h}, а играм нужно не меньше {min_w}×{min_h}. Увеличьте окно."),
}


def tr(key: str, lang: str, **fmt: Any) -> str:
    """The string ``key`` in ``lang`` (English for anything but ``ru``), formatted with ``fmt``."""
    en, ru = STRINGS[key]
    text = ru if lang == "ru" else en
    return text.format(**fmt) if fmt else text
