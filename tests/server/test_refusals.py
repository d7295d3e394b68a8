"""Every refusal the server sends is a sentence of nastolka/server/words.toml in both languages (issue 14:
a Russian page must not show an English error), and the browser shows the page's language."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from nastolka.server.errors import WORDS, sentences

from .attack import Player, hello, recv_until
from .procs import ServerProcess

SERVER = Path(__file__).resolve().parents[2] / "nastolka" / "server"
#: the calls that name a refusal: (function, index of the ``say`` argument)
CALLS = {"PlayError": 1, "refusal": 1, "BadFrame": 1, "error_body": 1}
#: Latin a Russian refusal may hold: names of formats and literal prefixes, not words
LATIN_OK = {"JSON", "bot", "U"}


def _refusals() -> list[tuple[str, str, set[str]]]:
    """(where, say, argument names) of every literal refusal in the server's code."""
    found = []
    for path in sorted(SERVER.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name not in CALLS or len(node.args) <= CALLS[name]:
                continue
            say = node.args[CALLS[name]]
            where = f"{path.relative_to(SERVER)}:{node.lineno}"
            if not isinstance(say, ast.Constant):   # chosen at run time: listed in DYNAMIC below
                continue
            found.append((where, say.value, {k.arg for k in node.keywords if k.arg}))
    return found


REFUSALS = _refusals()
#: sentences chosen at run time (a join's outcome in tables/seating.py, HTTP errors in app.py, a table's
#: speed in timers.choose_speed), tested below
DYNAMIC = {"no_page": set(), "http_error": {"detail", "status"}, "private_join": set(),
           "seat_reserved": {"seat"}, "wrong_name": {"seat", "name"}, "seat_taken": {"seat"},
           "name_lookalike": {"seat", "name"},
           "too_many_games": {"n"}, "bad_clock": {"low", "high"}, "bad_bank": {"high"},
           "bank_without_clock": set(), "no_clock_rated": set(), "bad_speed": {"speed", "speeds"},
           "speed_without_clock": set(), "speed_clock": {"speed", "clock"}, "speed_realtime": {"high"},
           "speed_turn": {"low", "high"}}


def test_the_scan_finds_the_refusals() -> None:
    assert len(REFUSALS) > 50   # a scan that finds nothing proves nothing


ALL = REFUSALS + [(f"dynamic:{say}", say, args) for say, args in DYNAMIC.items()]


@pytest.mark.parametrize(("where", "say", "args"), ALL, ids=[r[0] for r in ALL])
def test_each_refusal_is_a_sentence_in_both_languages(where: str, say: str, args: set[str]) -> None:
    values = {a: ("Details" if a == "detail" else 3) for a in args}
    text = sentences(say, **values)   # raises when the sentence or a placeholder is missing
    assert text["en"][0].isupper() and text["ru"][0].isupper(), (where, text)
    assert re.search("[а-яё]", text["ru"], re.I), (where, text["ru"])
    latin = set(re.findall(r"[A-Za-z]+", text["ru"])) - LATIN_OK
    assert not latin, (where, text["ru"], latin)


def test_no_sentence_is_unused() -> None:
    used = {say for _, say, _ in ALL}
    assert {k.removeprefix("error.") for k in WORDS.templates} == used


def test_russian_counts_agree() -> None:
    assert sentences("name_long", n=1)["ru"] == "Имя — не длиннее 1 знака"
    assert sentences("name_long", n=40)["ru"] == "Имя — не длиннее 40 знаков"
    assert sentences("too_many_sockets", n=3)["ru"] == "С одного адреса — не больше 3 соединений"
    assert sentences("chat_full", n=500)["en"] == "This table's chat is full (500 messages)"


# ------------------------------------------------------------------------------------ a real server
@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("refusals")
    with ServerProcess(f"sqlite:///{tmp / 'refusals.db'}", log_path=tmp / "server.log") as proc:
        yield proc


def test_http_refusals_carry_both_languages(player: Player) -> None:
    tid = player.create([{}, {}])["table"]["id"]
    r = player.http.post(f"/api/tables/{tid}/join", json={"seat": 0, "name": "   "})
    error = r.json()["error"]
    assert r.status_code == 400 and error["code"] == "bad_name"
    assert error["text"] == {"en": "Enter a name", "ru": "Введите имя"} and error["message"] == "Enter a name"
    r = player.http.get("/api/tables/nosuchtable")
    assert r.status_code == 404 and r.json()["error"]["text"]["ru"].startswith("Такого стола нет")
    r = player.http.get("/api/nothing-here")
    assert r.status_code == 404 and r.json()["error"]["text"]["ru"] == "Такой страницы нет"
    r = player.http.post("/api/tables", json={"game": "toy", "seats": [{}, {}], "clock": "30"})
    assert r.status_code == 422 and r.json()["error"]["text"]["ru"] == "Запрос составлен неверно"


def test_socket_refusals_carry_both_languages(player: Player) -> None:
    tid = player.create([{}, {}])["table"]["id"]
    with player.socket(tid) as ws:
        hello(ws)
        ws.send(json.dumps({"type": "action", "action": "x", "version": 0}))
        error = recv_until(ws, lambda m: m.get("type") == "error")
        assert error["code"] == "spectator"
        assert error["text"]["ru"] == "Зрители не ходят; сначала займите место"
        ws.send(b"\x00binary")
        error = recv_until(ws, lambda m: m.get("type") == "error")
        assert error["code"] == "bad_frame" and "двоичные" in error["text"]["ru"]
