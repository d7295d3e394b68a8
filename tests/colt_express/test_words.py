"""Russian forms in Colt Express's words: cards and bandits in the accusative, verbs agreeing with several
bandits and with a bandit's gender, players by name, and the result explained (CE-9)."""

from __future__ import annotations

from nastolka.engine import Event
from nastolka.games.colt_express import GAME

NAMES = ["Аня", "Бот Лёва (обычный)", "Вика"]


def _state():
    return GAME.new(3, {"bandits": "belle,tuco,cheyenne", "cars": "baggage,mail,dining"}, seed=1)


def test_cards_and_bandits_in_the_accusative() -> None:
    s = _state()
    assert s.action_label("play:card=floor", "ru") == "Сыграть Лестницу"
    assert s.action_label("fire:target=belle", "ru") == "Выстрелить в Красотку"
    assert s.event_text(Event("fire", {"bandit": "tuco", "target": "belle"}), "ru") == "Туко стреляет в Красотку"
    assert s.event_text(Event("discard", {"seat": 0, "card": "bullet:tuco"}), "ru", NAMES) == "Аня сбрасывает пулю Туко"


def test_verbs_agree_with_several_bandits_and_with_gender() -> None:
    s = _state()
    flee = Event("flee", {"bandits": ["belle", "tuco"], "car": 2})
    assert s.event_text(flee, "ru") == "Шериф! Красотка и Туко бегут на крышу почтового вагона"
    assert s.event_text(Event("flee", {"bandits": ["belle"], "car": 2}), "ru").startswith("Шериф! Красотка бежит")
    assert "Belle and Tuco flee" in s.event_text(flee, "en")
    punch = Event("punch", {"bandit": "tuco", "target": "belle", "loot": "purse", "kept": False})
    assert s.event_text(punch, "ru") == "Туко бьёт Красотку, и та роняет кошелёк"
    punch = Event("punch", {"bandit": "belle", "target": "tuco", "loot": "jewel", "kept": False})
    assert s.event_text(punch, "ru") == "Красотка бьёт Туко, и тот роняет драгоценность"


def test_players_by_name_and_cars_by_name() -> None:
    s = _state()
    assert s.event_text(Event("draw", {"seat": 1, "count": 3}), "ru", NAMES) == "Бот Лёва (обычный) берёт 3 карты"
    assert s.event_text(Event("keep", {"seat": 2}), "en", ["Anya", "Bo", "Vika"]) == "Vika keeps a card"
    moved = Event("moved", {"bandit": "belle", "car": 0, "level": "roof"})
    assert s.event_text(moved, "ru") == "Красотка теперь на крыше Локомотива"


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
