"""Russian forms in Colt Express's words: cards and bandits in the accusative, verbs agreeing with several
bandits and with a bandit's gender, players by name, and the result explained (CE-9)."""

from __future__ import annotations

from nastolka.engine import Event
from nastolka.games.colt_express import GAME

NAMES = ["Аня", "Обычный бот Лёва", "Вика"]


def _state():
    return GAME.new(3, {"bandits": "belle,tuco,cheyenne", "cars": "baggage,mail,dining"}, seed=1)


def test_cards_and_bandits_in_the_accusative() -> None:
    """«Выложить» takes the accusative, as the rulebook's «Выложить из своей руки карту действия»: a
    feminine card changes (Лестница → Лестницу), the Marshal card is said as a card («карту «Шериф»», not «Шерифа», which reads as the man), bandits are animate."""
    s = _state()
    assert s.action_label("play:card=floor", "ru") == "Выложить Лестницу"
    assert s.action_label("play:card=rob,face=down", "ru") == "Выложить Кражу рубашкой вверх"
    assert s.action_label("play:card=marshal", "ru") == "Выложить карту «Шериф»"
    assert s.action_label("play:card=fire", "ru") == "Выложить Выстрел"
    assert s.action_label("fire:target=belle", "ru") == "Выстрелить в Красотку"
    assert s.action_label("punch:target=tuco,loot=jewel,car=1", "ru") == \
        "Ударить Туко: выбить драгоценность, отбросить в багажный вагон"
    assert s.event_text(Event("fire", {"bandit": "tuco", "target": "belle"}), "ru") == "Туко стреляет в Красотку"
    assert s.event_text(Event("discard", {"seat": 0, "card": "bullet:tuco"}), "ru", NAMES) == "Аня сбрасывает пулю Туко"
    assert s.event_text(Event("play", {"seat": 0, "card": "floor"}), "ru", NAMES) == "Аня выкладывает Лестницу"
    assert s.event_text(Event("play_own", {"seat": 0, "card": "marshal"}), "ru", NAMES) == \
        "Вы выкладываете карту «Шериф» рубашкой вверх"
    assert s.event_text(Event("play", {"seat": 0, "card": "floor"}), "en", ["Anya"]) == "Anya plays Floor change"


def test_two_player_cards_name_their_bandit_in_every_case() -> None:
    """A two-player card is «Кража (Красотка)»: the card declines, the bandit in brackets stays a label."""
    s = GAME.new(2, {"bandits": "belle,tuco,cheyenne,doc"}, seed=1)
    assert s.event_text(Event("play", {"seat": 1, "card": "rob:belle"}), "ru", NAMES) == \
        "Обычный бот Лёва выкладывает Кражу (Красотка)"
    assert s.event_text(Event("kept", {"seat": 0, "card": "floor:tuco"}), "ru", NAMES) == \
        "Вы берёте в руку Лестницу (Туко)"
    no_effect = Event("no_effect", {"seat": 0, "card": "rob:belle"})
    assert s.event_text(no_effect, "ru", NAMES) == "Аня: Кража (Красотка) не срабатывает"


def test_verbs_agree_with_several_bandits_and_with_gender() -> None:
    s = _state()
    flee = Event("flee", {"bandits": ["belle", "tuco"], "car": 2})
    assert s.event_text(flee, "ru") == "Шериф! Красотка и Туко бегут на крышу почтового вагона"
    assert s.event_text(Event("flee", {"bandits": ["belle"], "car": 2}), "ru").startswith("Шериф! Красотка бежит")
    assert "Belle and Tuco flee" in s.event_text(flee, "en")
    bullets = Event("neutral_bullets", {"bandits": ["belle", "cheyenne"], "given": True})
    assert s.event_text(bullets, "ru") == "Красотка и Шайенн получают нейтральную пулю"
    assert s.event_text(bullets, "en") == "Belle and Cheyenne take a neutral bullet"
    short = Event("neutral_bullets", {"bandits": ["tuco"], "given": False})
    assert s.event_text(short, "ru") == "Нейтральных пуль не хватает: Туко не получает пулю"
    punch = Event("punch", {"bandit": "tuco", "target": "belle", "loot": "purse", "kept": False})
    assert s.event_text(punch, "ru") == "Туко бьёт Красотку, и та роняет кошелёк"
    punch = Event("punch", {"bandit": "belle", "target": "tuco", "loot": "jewel", "kept": False})
    assert s.event_text(punch, "ru") == "Красотка бьёт Туко, и тот роняет драгоценность"


def test_bandits_declined_after_prepositions_and_in_the_genitive() -> None:
    s = _state()
    assert s.event_text(Event("discard", {"seat": 0, "card": "bullet:belle"}), "ru", NAMES) == \
        "Аня сбрасывает пулю Красотки"
    assert s.event_text(Event("drawn", {"seat": 0, "cards": ["bullet:belle", "bullet:neutral", "rob"]}), "ru") == \
        "Вы берёте карты: пуля Красотки, нейтральная пуля и Кража"
    start = Event("start", {"seat": 0, "caboose": "belle"})
    assert s.event_text(start, "ru", NAMES) == "Аня ставит Красотку в последний вагон"


def test_players_by_name_and_cars_by_name() -> None:
    s = _state()
    assert s.event_text(Event("draw", {"seat": 1, "count": 3}), "ru", NAMES) == "Обычный бот Лёва берёт 3 карты"
    assert s.event_text(Event("keep", {"seat": 2}), "en", ["Anya", "Bo", "Vika"]) == \
        "Vika takes a card from the deck into hand"
    moved = Event("moved", {"bandit": "belle", "car": 0, "level": "roof"})
    assert s.event_text(moved, "ru") == "Красотка теперь на крыше локомотива"   # a common noun: lower case
    moved = Event("moved", {"bandit": "belle", "car": 2, "level": "inside"})
    assert s.event_text(moved, "en") == "Belle is now inside the mail car"
    assert s.event_text(Event("marshal", {"car": 0}), "ru") == "Шериф переходит в локомотив"


def test_round_events_read_as_sentences() -> None:
    """A round card's event: its name in quotes (so «Забирайте всё!» is not followed by «!:»), then its rules
    text going on in lower case."""
    s = _state()
    text = s.event_text(Event("event", {"event": "take_it_all"}), "ru")
    assert text == "Событие «Забирайте всё!»: второй кейс появляется в вагоне шерифа."
    text = s.event_text(Event("event", {"event": "braking"}), "en")
    assert text == "Event “Braking”: every bandit on a roof moves one car toward the Locomotive."


def test_turn_letters_are_the_rulebooks_names() -> None:
    """The round line shows each turn by a letter; in Russian the initials of the rulebook's names
    (Стандартный ход, Туннель, Разгон, Перевод стрелки), explained in the legend and the rules texts."""
    from nastolka.games.colt_express.text import W, turn_symbol

    assert [turn_symbol(t, "ru") for t in "NTDR"] == ["С", "Т", "Р", "П"]
    for t in "NTDR":
        name = W.name(f"turn.{t}", "ru")
        assert name.startswith(turn_symbol(t, "ru").lower()), name
    assert "С Т Р П: стандартный ход, туннель, разгон, перевод стрелки" in W.t("board.legend", "ru")


def test_the_result_names_loot_by_kind_and_the_gunslinger_bonus() -> None:
    s = GAME.new(2, seed=4)
    from nastolka.engine import Rng
    rng = Rng(4)
    while not s.is_over:
        legal = s.legal_ids(s.actor)
        s.apply(s.actor, legal[rng.randbelow(len(legal))])
    lines = s.result_lines(s.view(None), "ru", ["Аня", "Боря"])
    gun = s.result().details["gunslinger"]
    assert any("самый меткий стрелок +$1000" in line for line in lines) == bool(gun)
    assert any("кошел" in line for line in lines) and lines[-1].startswith(("Победитель", "Победители", "Ничья"))
    for q, line in zip(range(2), lines, strict=False):
        assert f"${int(s.result().scores[q])}" in line


def test_names_have_one_source() -> None:
    """Every word a player reads is in words.toml; data.toml / data.py hold ids and numbers only, so a
    name edited in one place can never disagree with another (the duplicate must not come back)."""
    import re
    import tomllib
    from pathlib import Path

    from nastolka.games.colt_express import data as D
    from nastolka.games.colt_express.text import W

    folder = Path(D.__file__).resolve().parent
    raw = tomllib.loads((folder / "data.toml").read_text(encoding="utf-8"))

    def keys(node: object) -> set[str]:
        if isinstance(node, dict):
            return set(node) | {k for v in node.values() for k in keys(v)}
        if isinstance(node, list):
            return {k for v in node for k in keys(v)}
        return set()

    assert not {k for k in keys(raw) if k in ("ru", "en") or k.endswith(("_ru", "_en"))}
    assert not re.search(r"[А-Яа-яЁё]", re.sub(r"#.*", "", (folder / "data.toml").read_text(encoding="utf-8")))
    assert not [name for name in dir(D) if name.endswith(("_RU", "_EN"))]
    for ident in (*D.CAR_IDS, *D.LOOT_IDS, *D.KIND_IDS, *D.BANDIT_IDS, *D.ROUND_IDS, "locomotive"):
        assert W.has(ident), ident


def test_the_result_names_who_played_which_bandits_in_the_accusative() -> None:
    """«Аня за Красотку и Туко: $…» — the bandits after «за» in the accusative (not «Аня (Красотка, Туко)»,
    which nested brackets after a bot's name once)."""
    s = GAME.new(2, {"bandits": "belle,tuco,doc,ghost"}, seed=3)
    from nastolka.engine import Rng
    rng = Rng(3)
    while not s.is_over:
        legal = s.legal_ids(s.actor)
        s.apply(s.actor, legal[rng.randbelow(len(legal))])
    ru = s.result_lines(s.view(None), "ru", ["Аня", "Обычный бот Лёва"])
    en = s.result_lines(s.view(None), "en", ["Anya", "Normal bot Leo"])
    assert ru[0].startswith("Аня за Красотку и Туко: $"), ru[0]
    assert ru[1].startswith("Обычный бот Лёва за Дока и Призрака: $"), ru[1]
    assert en[0].startswith("Anya as Belle and Tuco: $"), en[0]
