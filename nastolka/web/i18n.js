// Russian and English strings of the client's own pages (lobby, table, replay, rules). Game words come
// from the server: labels and event texts, and each game's presentation data (its cards, places and board
// words). tests/web/i18n.test.mjs checks that every key here is used by the client.

const STRINGS = {
  en: {
    name: "Name", lobby: "Tables", create: "New table", game: "Game", players: "Players",
    seat: "Seat", open: "open", bot: "bot", reserved: "reserved for",
    create_btn: "Create table", sit_myself: "Take seat 1 myself", clock: "Time per move",
    no_clock: "no clock (casual game)", speed_fast: "turn-based: 1 hour a move", speed_normal: "turn-based: 1 day a move",
    speed_slow: "turn-based: 3 days a move", clock_out: "the stand-in plays", options: "Options", join: "Join", watch: "Watch",
    replay: "Replay", sit: "Sit here", invite: "Invite link", copy: "Copy", copied: "Copied",
    status_open: "waiting for players", status_playing: "playing", status_over: "finished", status_cancelled: "cancelled by its creator",
    your_turn: "Your move", waiting_for: "Waiting for", you: "you", away: "away — a bot plays",
    leave: "Leave", back: "I'm back", spectator: "You are watching", log: "Log", result: "Result",
    winner: "Winner", winners: "Winners", rank: "Place", score: "Score", download: "Download record (JSON)",
    need_name: "Enter your name first (top right)", no_tables: "No tables yet.",
    step: "Step", first: "First", prev: "Back", next: "Forward", last: "Last", to_table: "Back to the table",
    connecting: "connecting…", over_list: "Finished", playing_list: "In play", open_list: "Open",
    ratings: "Ratings", games: "games", games_one: "game", games_other: "games",
    your_actions: "Your actions", casual: "Casual table (not rated, hints allowed)",
    casual_help: "Ratings do not change, and each player may ask the search bot for a hint",
    hint: "Hint", hint_thinking: "The search bot is thinking…", hint_best: "The search bot would play",
    hint_share: "{p} % of its searches", hint_value: "win chance ≈ {p} %", hint_note: "{n} searches through positions that fit what you know.",
    chat_players: "Players' chat", chat_spectators: "Spectators' chat", send: "Send", spectator_short: "spectator",
    rematch: "Rematch", rematch_join: "Join the rematch", rematch_watch: "Watch the rematch", standin: "a bot stood in", bot_thinking: "is thinking…", standin_moves: "— a stand-in bot moves…",
    position_after: "Position after", move_n: "move", back_to_live: "Back to the game", rules: "Rules",
    rules_cards: "Cards, places and tokens", sound_on: "Sound: on", sound_off: "Sound: off", player: "Player",
    bot_random: "random", bot_easy: "easy", bot_normal: "normal", bot_hard: "hard", bot_expert: "expert",
    bot_heuristic: "heuristic", bot_ismcts: "search",
    cancel_table: "Cancel the table", cancel_confirm: "Cancel this table? It will not start, and everyone at it is told.",
    remove_seat: "Free the seat", remove_confirm: "Free this seat? {name} will be watching, and the seat is open again.",
    confirm_yes: "Yes", confirm_no: "No, keep it", cancelled_note: "This table was cancelled before it started.",
    seconds: "{n} s", leave_confirm: "Leave the game? A bot plays for you until you come back (the «I'm back» button).", leave_yes: "Leave",
    account: "Account", sign_in: "Sign in", register: "Create an account", handle: "Name", password: "Password",
    password_new: "New password (8 characters or more)", password_current: "Current password", email: "Email",
    email_optional: "Email (optional: to get a new password by letter)", forgot: "Forgot the password?",
    forgot_need_handle: "Enter your name above first", forgot_sent: "If the name has a confirmed address, a letter is on its way",
    register_why: "Your name is then yours alone: nobody else can sit under it.", signed_in_as: "You are signed in as",
    email_confirmed: "The address is confirmed", email_unconfirmed: "The address is not confirmed yet",
    email_check_inbox: "Saved: open the link in the letter we sent", saved: "Saved", password_change: "Change the password",
    password_changed: "The password is changed; every other device is signed out", sign_out: "Sign out",
    sign_out_everywhere: "Sign out everywhere", email_confirmed_now: "Thank you: the address is confirmed.",
    password_reset: "Set a new password", save: "Save",
    rating_help: "A cautious estimate: 1500 for a newcomer; it rises with wins and as the ± narrows. Only tables where everyone has an account count.",
  },
  ru: {
    name: "Имя", lobby: "Столы", create: "Новый стол", game: "Игра", players: "Игроки",
    seat: "Место", open: "свободно", bot: "бот", reserved: "занято для",
    create_btn: "Создать стол", sit_myself: "Сесть на место 1", clock: "Время на ход",
    no_clock: "без часов (товарищеская партия)", speed_fast: "по переписке: час на ход", speed_normal: "по переписке: день на ход",
    speed_slow: "по переписке: три дня на ход", clock_out: "ходит бот-заместитель", options: "Настройки", join: "Сесть", watch: "Смотреть",
    replay: "Повтор", sit: "Сесть сюда", invite: "Ссылка-приглашение", copy: "Копировать", copied: "Скопировано",
    status_open: "ждём игроков", status_playing: "идёт игра", status_over: "игра окончена", status_cancelled: "стол отменён создателем",
    your_turn: "Ваш ход", waiting_for: "Ходит", you: "вы", away: "отошёл — играет бот",
    leave: "Выйти", back: "Я вернулся", spectator: "Вы зритель", log: "Журнал", result: "Итог",
    winner: "Победитель", winners: "Победители", rank: "Место", score: "Очки", download: "Скачать запись (JSON)",
    need_name: "Сначала введите имя (вверху справа)", no_tables: "Столов пока нет.",
    step: "Шаг", first: "В начало", prev: "Назад", next: "Вперёд", last: "В конец", to_table: "К столу",
    connecting: "подключение…", over_list: "Завершённые", playing_list: "Идут", open_list: "Открытые",
    ratings: "Рейтинг", games: "игр", games_one: "игра", games_few: "игры", games_many: "игр", games_other: "игры",
    your_actions: "Ваши действия", casual: "Дружеский стол (без рейтинга, с подсказками)",
    casual_help: "Рейтинг не меняется, и каждый игрок может спросить подсказку у бота",
    hint: "Подсказка", hint_thinking: "Бот обдумывает ход…", hint_best: "Бот сыграл бы",
    hint_share: "{p} % его поисков", hint_value: "шанс победы ≈ {p} %", hint_note: "{n} поисков по позициям, совместимым с тем, что вы знаете.",
    chat_players: "Чат игроков", chat_spectators: "Чат зрителей", send: "Отправить", spectator_short: "зритель",
    rematch: "Реванш", rematch_join: "Сесть за реванш", rematch_watch: "Смотреть реванш", standin: "ходил бот-заместитель", bot_thinking: "думает…", standin_moves: "— за игрока ходит бот…",
    position_after: "Позиция после", move_n: "хода", back_to_live: "Вернуться к игре", rules: "Правила",
    rules_cards: "Карты, места и жетоны", sound_on: "Звук: вкл.", sound_off: "Звук: выкл.", player: "Игрок",
    bot_random: "случайный", bot_easy: "лёгкий", bot_normal: "обычный", bot_hard: "сильный", bot_expert: "эксперт",
    bot_heuristic: "эвристика", bot_ismcts: "поиск",
    cancel_table: "Отменить стол", cancel_confirm: "Отменить этот стол? Игра не начнётся, все за столом узнают об этом.",
    remove_seat: "Освободить место", remove_confirm: "Освободить место? {name} станет зрителем, а место снова будет свободным.",
    confirm_yes: "Да", confirm_no: "Нет, оставить", cancelled_note: "Этот стол отменили до начала игры.",
    seconds: "{n} сек", leave_confirm: "Выйти из игры? За вас будет играть бот, пока вы не вернётесь (кнопка «Я вернулся»).", leave_yes: "Выйти",
    account: "Учётная запись", sign_in: "Войти", register: "Зарегистрироваться", handle: "Имя", password: "Пароль",
    password_new: "Новый пароль (не короче 8 знаков)", password_current: "Текущий пароль", email: "Почта",
    email_optional: "Почта (необязательно: чтобы получить новый пароль письмом)", forgot: "Забыли пароль?",
    forgot_need_handle: "Сначала введите имя выше", forgot_sent: "Если у этого имени есть подтверждённый адрес, письмо уже в пути",
    register_why: "Тогда имя будет только вашим: никто другой не сядет за стол под ним.", signed_in_as: "Вы вошли как",
    email_confirmed: "Адрес подтверждён", email_unconfirmed: "Адрес ещё не подтверждён",
    email_check_inbox: "Сохранено: откройте ссылку из письма, которое мы отправили", saved: "Сохранено", password_change: "Сменить пароль",
    password_changed: "Пароль изменён; на всех других устройствах выполнен выход", sign_out: "Выйти",
    sign_out_everywhere: "Выйти на всех устройствах", email_confirmed_now: "Спасибо: адрес подтверждён.",
    password_reset: "Новый пароль", save: "Сохранить",
    rating_help: "Осторожная оценка: у новичка 1500; растёт с победами и по мере того, как сужается ±. Учитываются только столы, где у всех есть учётная запись.",
  },
};

export let lang = localStorage.getItem("nastolka.lang")
  || ((navigator.language || "ru").toLowerCase().startsWith("en") ? "en" : "ru");

export function setLang(next) {
  lang = next;
  localStorage.setItem("nastolka.lang", next);
  document.documentElement.lang = next;
}

export function t(key) {
  return (STRINGS[lang] && STRINGS[lang][key]) || STRINGS.en[key] || key;
}

// a text the server sent: in both languages, or (a socket that named one) in the page's language alone
export function pick(obj, base = "text") {
  // a socket gets the server's texts in its page's language alone: until the answer to a language switch
  // comes, the other language is what there is
  return obj[`${base}_${lang}`] || obj[lang] || obj[`${base}_en`] || obj.en || obj[`${base}_ru`] || obj.ru || "";
}

// what the server said when it refused something, in this page's language (errors carry both)
export function refusalText(error) {
  if (!error) return "";
  return (error.text && (error.text[lang] || error.text.en)) || error.message || "";
}

// a count with its word in the right form: plural("games", 1) -> "1 игра", 3 -> "3 игры", 5 -> "5 игр"
export function plural(key, n) {
  const form = new Intl.PluralRules(lang === "ru" ? "ru" : "en").select(n);
  const word = (STRINGS[lang] && (STRINGS[lang][`${key}_${form}`] || STRINGS[lang][`${key}_other`])) || t(key);
  return `${n} ${word}`;
}
