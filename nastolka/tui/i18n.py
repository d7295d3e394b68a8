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
    "seat": ("Player {n}", "Игрок {n}"),
    "human": ("Human", "Человек"),
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
    "hand_empty_pick": ("(empty for now: choose below what to do)", "(пока пусто: выберите ниже, что делать)"),
    "table": ("Players", "Игроки"),
    "log": ("Log", "Журнал"),
    "actions": ("Your move", "Ваш ход"),
    "actions_of": ("Move of {name}", "Ход: {name}"),
    "waiting": ("Waiting for {name}…", "Ждём: {name}…"),
    "thinking": ("{name} is thinking…", "{name} думает…"),
    "pace": ("Bot pace {pace:.1f}s", "Темп ботов {pace:.1f} с"),
    "pace_keys": ("+ faster · - slower", "+ быстрее · - медленнее"),
    "game_over": ("Game over", "Игра окончена"),
    "score": ("Score", "Очки"),
    "rank": ("Place", "Место"),
    "winner": ("Winner", "Победитель"),
    "winners": ("Winners: {names}", "Победители: {names}"),
    "result_keys": ("Enter or q — back to the start screen · s — save the record · r — watch the replay",
                    "Enter или q — на стартовый экран · s — сохранить запись · r — смотреть запись"),
    "cover_title": ("Pass the device to {name}", "Передайте ход: {name}"),
    "cover_text": ("The previous player's hand is hidden. {name}, press any key when you are ready.",
                   "Рука предыдущего игрока скрыта. {name}, нажмите любую клавишу, когда будете готовы."),
    "saved": ("Saved to {path}", "Сохранено: {path}"),
    "save_failed": ("Could not save: {msg}", "Не удалось сохранить: {msg}"),
    "undone": ("Move taken back.", "Ход отменён."),
    "undo_no": ("Undo is not possible: {why}", "Отмена невозможна: {why}"),
    "undo_why_humans": ("undo is only for games against bots", "отмена — только в игре против ботов"),
    "undo_why_nothing": ("no move of yours to take back", "нет вашего хода для отмены"),
    "undo_why_revealed": ("that move showed something that was hidden", "этот ход открыл скрытое"),
    "undo_why_random": ("that move brought in chance (a draw, a shuffle or a die)",
                        "в этом ходе был случай: взятая карта, перемешивание или бросок кубика"),
    "undo_why_other_acted": ("another player has moved since", "после него уже походил другой игрок"),
    "undo_why_over": ("that move ended the game", "этим ходом игра закончилась"),
    "help_title": ("Help — {game}", "Справка — {game}"),
    "rules": ("Rules summary", "Кратко о правилах"),
    "no_rules": ("No rules summary for this game.", "Для этой игры нет краткого описания правил."),
    "cards": ("Cards", "Карты"),
    "no_cards": ("No cards to show.", "Нет карт для показа."),
    "keys": ("Keys", "Клавиши"),
    "kh_move": ("choose a move (or click it)", "выбрать ход (или щёлкнуть по нему)"),
    "kh_digits": ("choose move 1–9 at once", "сразу выбрать ход 1–9"),
    "kh_help": ("this help: rules and keys", "эта справка: правила и клавиши"),
    "kh_cards": ("the text of every card in view (also: click the hand)",
                 "тексты всех видимых карт (или щёлкните по руке)"),
    "kh_hint": ("what would the bot play here, and why (games against bots)",
                "что сыграл бы здесь бот и почему (в игре против ботов)"),
    "kh_save": ("save the game; «Resume» on the start screen continues it",
                "сохранить партию; продолжить — «Продолжить» на стартовом экране"),
    "kh_undo": ("take back your last move (against bots, before anyone else moves, if it showed nothing hidden)",
                "отменить свой последний ход (против ботов, пока никто не походил, если он не открыл скрытого)"),
    "kh_pace": ("bots play faster / slower", "боты ходят быстрее / медленнее"),
    "kh_view": ("narrow screen: players and log instead of the board, and back",
                "узкий экран: игроки и журнал вместо поля и обратно"),
    "kh_lang": ("switch the language", "сменить язык"),
    "kh_esc": ("close the innermost window or list", "закрыть верхнее окно или список"),
    "kh_leave": ("leave the game (asks first if moves are unsaved)",
                 "выйти из партии (спросит, если есть несохранённые ходы)"),
    "kh_quit": ("quit nastolka (asks first if moves are unsaved)",
                "закрыть nastolka (спросит, если есть несохранённые ходы)"),
    "cards_title": ("Cards — {game}", "Карты — {game}"),
    "leave_title": ("Leave the game?", "Выйти из партии?"),
    "leave_text": ("Some moves are not saved yet. A saved game can be continued later from «Resume».",
                   "Часть ходов ещё не сохранена. Сохранённую партию можно продолжить позже: «Продолжить»."),
    "quit_title": ("Quit nastolka?", "Закрыть nastolka?"),
    "save_leave": ("Save and leave", "Сохранить и выйти"),
    "save_quit": ("Save and quit", "Сохранить и закрыть"),
    "leave_nosave": ("Leave without saving", "Выйти без сохранения"),
    "quit_nosave": ("Quit without saving", "Закрыть без сохранения"),
    "keep_playing": ("Keep playing", "Продолжить игру"),
    "esc_cancel": ("Esc — keep playing", "Esc — продолжить игру"),
    "close": ("Esc — close", "Esc — закрыть"),
    "open_title_resume": ("Resume a saved game", "Продолжить сохранённую игру"),
    "open_title_replay": ("Watch a record", "Просмотр записи"),
    "open_path": ("Path to a record file", "Путь к файлу записи"),
    "open_none": ("No saved games in {path}", "Нет сохранённых игр в {path}"),
    "open_none_resume": ("No unfinished games in {path} (finished ones are under «Watch a record»)",
                         "Нет незаконченных партий в {path} (законченные — в «Просмотр записи»)"),
    "save_unreadable": ("cannot be read: {msg}", "не читается: {msg}"),
    "save_finished": ("finished, moves: {n}", "закончена, ходов: {n}"),
    "save_round": ("round {n} of {total}, moves: {moves}", "раунд {n} из {total}, ходов: {moves}"),
    "save_turn": ("turn {n}, moves: {moves}", "ход {n}, всего ходов: {moves}"),
    "save_moves": ("moves: {moves}", "ходов: {moves}"),
    "open_error": ("Cannot open: {msg}", "Не удалось открыть: {msg}"),
    "replay_title": ("Replay — {game}", "Запись — {game}"),
    "replay_step": ("Step {i} of {n}", "Шаг {i} из {n}"),
    "replay_view": ("Seen by: {who}", "Глазами: {who}"),
    "spectator": ("spectator", "зритель"),
    "replay_keys": ("Home/End first/last step · 1–9 through a player's eyes · a spectator",
                    "Home/End первый/последний шаг · 1–9 глазами игрока · a зритель"),
    "replay_start": ("(start of the game)", "(начало партии)"),
    "leave": ("Leave", "Выйти"),
    "toggle_lang": ("Language", "Язык"),
    "help": ("Help", "Справка"),
    "card_texts": ("Cards", "Карты"),
    "save": ("Save", "Сохранить"),
    "undo": ("Undo", "Отменить"),
    "faster": ("Faster", "Быстрее"),
    "resume_short": ("Resume", "Продолжить"),
    "replay_short": ("Replay", "Запись"),
    "forward": ("Next step", "Шаг вперёд"),
    "step_back": ("Step back", "Шаг назад"),
    "to_start": ("Start screen", "На старт"),
    "back": ("Back", "Назад"),
    "close_short": ("Close", "Закрыть"),
    "slower": ("Slower", "Медленнее"),
    "toggle_side": ("Board/log", "Поле/журнал"),
    "hint_key": ("Hint", "Подсказка"),
    "hint_title": ("Hint: what would the bot play?", "Подсказка: как сыграл бы бот?"),
    "hint_keys": ("Enter — play it · Esc — close", "Enter — сыграть так · Esc — закрыть"),
    "hint_best": ("The bot would play: ", "Бот сыграл бы: "),
    "hint_why": ("Why: it chose this in {share:.0%} of {n} simulated games, winning about {value:.0%} of them.",
                 "Почему: в {n} разыгранных партиях этот ход выбран в {share:.0%} случаев, шанс победы около {value:.0%}."),
    "hint_move": ("move", "ход"),
    "play_it": ("Play it", "Сыграть"),
    "hint_share": ("chosen", "выбран"),
    "hint_value": ("wins", "победы"),
    "hint_thinking": ("Thinking about a hint…", "Думаю над подсказкой…"),
    "hint_not_now": ("A hint is for your own move.", "Подсказка — только на вашем ходу."),
    "hint_failed": ("No hint: {msg}", "Подсказки нет: {msg}"),
    "too_small": ("The terminal is {w}×{h}; the games need at least {min_w}×{min_h}. Make the window bigger.",
                  "Терминал {w}×{h}, а играм нужно не меньше {min_w}×{min_h}. Увеличьте окно."),
}


class _DecimalComma:
    """A number that Russian text prints with a decimal comma («0,5 с»), whatever the format spec."""

    def __init__(self, value: float) -> None:
        self.value = value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec).replace(".", ",")


def tr(key: str, lang: str, **fmt: Any) -> str:
    """The string ``key`` in ``lang`` (English for anything but ``ru``), formatted with ``fmt``; in Russian a
    fractional number takes a decimal comma."""
    en, ru = STRINGS[key]
    text = ru if lang == "ru" else en
    if lang == "ru":
        fmt = {k: _DecimalComma(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v
               for k, v in fmt.items()}
    return text.format(**fmt) if fmt else text
