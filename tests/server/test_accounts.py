"""Accounts against a real server process (issue 25): registering with a unique handle, the password
rules, server-side sessions (cookie flags, idle and absolute expiry on a moved clock, sign out, everywhere,
a password change ending the other sessions), rehashing when the Argon2 parameters change, and guests kept
off registered names."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from nastolka.server.db import make_engine

from .accounts_kit import PASSWORD, Clock, accounts_server, cookie, register, sign_in, unique_handle
from .attack import Player
from .procs import ServerProcess

DAY = 86_400.0


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, Clock]]:
    server, clock = accounts_server(tmp_path_factory.mktemp("accounts"))
    with server:
        yield server, clock


@pytest.fixture
def server(served: tuple[ServerProcess, Clock]) -> ServerProcess:
    return served[0]


@pytest.fixture
def clock(served: tuple[ServerProcess, Clock]) -> Clock:
    return served[1]


def test_register_signs_in_and_the_handle_is_unique_case_folded(server: ServerProcess) -> None:
    anya, other = Player(server), Player(server)
    handle = unique_handle("Аня")
    r = register(anya, handle, email="anya@example.test")
    assert r.json()["account"] == {"handle": handle, "email": "anya@example.test", "email_verified": False,
                                   "since": r.json()["account"]["since"]}
    flags = r.headers["set-cookie"].lower()
    assert "httponly" in flags and "samesite=lax" in flags and "secure" not in flags   # http here
    assert len(cookie(anya) or "") >= 43   # 256 bits, url-safe base64
    me = anya.http.get("/api/me")
    assert me.status_code == 200 and me.json()["handle"] == handle
    # «АНЯ…» and a full-width spelling are the same handle
    for spelling in (handle.upper(), handle.replace("а", "а").lower(),
                     "".join(chr(ord(c) + 0xFEE0) if c.isascii() and c.isalnum() else c for c in handle)):
        r = register(other, spelling, expect=409)
        assert r.json()["error"]["code"] == "handle_taken"
        assert r.json()["error"]["text"]["ru"].startswith("Имя ")
    assert other.http.get("/api/me").status_code == 401


@pytest.mark.parametrize(("handle", "password", "code"), [
    ("Bot (hard)", PASSWORD, "bad_handle"),
    ("Бот Лёва (обычный)", PASSWORD, "bad_handle"),
    ("bot:hard", PASSWORD, "bad_name"),
    ("Игрок 2", PASSWORD, "bad_name"),
    ("a<b", PASSWORD, "bad_name"),
    ("Маша\u202e", PASSWORD, "bad_name"),
    ("Маша", "short", "bad_password"),
    ("Маша", "x" * 257, "bad_password"),
    ("Маша", "Password123", "bad_password"),
    ("Маша", "ЙЦУКЕНГШ", "bad_password"),
    ("Машенька", "машенька", "bad_password"),
    ("Маша", PASSWORD, None),
])
def test_handle_and_password_rules(server: ServerProcess, handle: str, password: str, code: str | None) -> None:
    person = Player(server)
    if code is None:
        register(person, unique_handle(handle), password)
        return
    r = register(person, handle, password, expect=400)
    error = r.json()["error"]
    assert error["code"] == code or (handle == "Игрок 2" and error["code"] == "bad_handle"), error
    assert error["text"]["en"] and error["text"]["ru"] != error["text"]["en"]


def test_sign_in_sign_out_and_one_answer_for_wrong_and_unknown(server: ServerProcess) -> None:
    handle = unique_handle()
    register(Player(server), handle)
    person = Player(server)
    wrong = sign_in(person, handle, "not the password at all", expect=401).json()
    unknown = sign_in(person, unique_handle("Никто"), "not the password at all", expect=401).json()
    assert wrong == unknown and wrong["error"]["text"]["ru"] == "Неверное имя или пароль"
    sign_in(person, handle.lower())
    assert person.http.get("/api/me").json()["handle"] == handle
    assert person.http.get("/api/session").json()["account"]["handle"] == handle
    old = cookie(person)
    r = person.http.delete("/api/session")
    assert r.status_code == 200 and cookie(person) is None
    person.http.cookies.set("nastolka_session", old or "")
    assert person.http.get("/api/me").status_code == 401   # the session itself is gone, not just the cookie
    assert person.http.get("/api/session").json() == {"account": None, "email": False}


def test_idle_and_absolute_expiry(server: ServerProcess, clock: Clock) -> None:
    handle = unique_handle()
    idle, active = Player(server), Player(server)
    register(idle, handle)
    sign_in(active, handle)
    clock.advance(29 * DAY)
    assert active.http.get("/api/me").status_code == 200          # a visit keeps it alive
    clock.advance(2 * DAY)                                         # 31 days without a visit
    assert idle.http.get("/api/me").status_code == 401
    assert active.http.get("/api/me").status_code == 200
    for _ in range(11):                                            # used every 29 days (to day 350) ...
        clock.advance(29 * DAY)
        assert active.http.get("/api/me").status_code == 200
    clock.advance(29 * DAY)                                        # ... but not past a year after sign-in
    assert active.http.get("/api/me").status_code == 401
    sign_in(active, handle)
    assert active.http.get("/api/me").status_code == 200


def test_sign_out_everywhere_and_password_change_end_other_sessions(server: ServerProcess) -> None:
    handle = unique_handle()
    phone, laptop, tablet = Player(server), Player(server), Player(server)
    register(phone, handle)
    sign_in(laptop, handle)
    sign_in(tablet, handle)
    before = cookie(laptop)
    r = laptop.http.put("/api/me/password", json={"password": "wrong current", "new_password": "a new phrase 42"})
    assert r.status_code == 403 and r.json()["error"]["code"] == "bad_password"
    r = laptop.http.put("/api/me/password", json={"password": PASSWORD, "new_password": "a new phrase 42"})
    assert r.status_code == 200, r.text
    assert cookie(laptop) != before                                # this one gets a new id
    assert laptop.http.get("/api/me").status_code == 200
    assert phone.http.get("/api/me").status_code == 401 and tablet.http.get("/api/me").status_code == 401
    sign_in(Player(server), handle, PASSWORD, expect=401)
    sign_in(phone, handle, "a new phrase 42")
    r = phone.http.delete("/api/me/sessions")
    assert r.status_code == 200 and r.json() == {"ended": 2}
    assert phone.http.get("/api/me").status_code == 401 and laptop.http.get("/api/me").status_code == 401


def test_a_guest_cannot_sit_under_a_registered_name(server: ServerProcess) -> None:
    handle = unique_handle("Аня")
    anya, guest = Player(server), Player(server)
    register(anya, handle)
    tid = guest.create([{}, {}, {}])["table"]["id"]
    r = guest.http.post(f"/api/tables/{tid}/join", json={"seat": 0, "name": f" {handle.upper()} "})
    assert r.status_code == 409 and r.json()["error"]["code"] == "name_taken"
    assert r.json()["error"]["text"]["ru"].endswith("игроку: войдите или выберите другое имя")
    assert guest.table(tid)["table"]["seats"][0]["kind"] == "open"   # nothing changed
    guest.join(tid, 0, handle + "2")
    anya.join(tid, 1, handle)                                        # signed in as that handle: yes


def test_https_public_url_makes_the_cookie_secure(tmp_path: Path) -> None:
    server, _ = accounts_server(tmp_path, public_url="https://nastolka.example")
    with server:
        r = register(Player(server), unique_handle())
        assert "secure" in r.headers["set-cookie"].lower()


def test_a_hash_is_remade_when_the_parameters_change(tmp_path: Path) -> None:
    handle = unique_handle()
    db = f"sqlite:///{tmp_path / 'rehash.db'}"

    def stored() -> str:
        engine = make_engine(db)
        with engine.connect() as conn:
            value = conn.execute(text("SELECT password_hash FROM accounts")).scalar_one()
        engine.dispose()
        return str(value)

    server, _ = accounts_server(tmp_path, db_url=db)
    with server:
        register(Player(server), handle)
    first = stored()
    assert first.startswith("$argon2id$v=19$m=19456,t=2,p=1$")
    server, _ = accounts_server(tmp_path, db_url=db, argon2_time_cost=3, argon2_memory_kib=24 * 1024)
    with server:
        sign_in(Player(server), handle, "wrong password here", expect=401)
        assert stored() == first                                    # only a right password rehashes
        sign_in(Player(server), handle)
        assert stored().startswith("$argon2id$v=19$m=24576,t=3,p=1$")
        sign_in(Player(server), handle)                             # and the new hash verifies


def test_signed_in_you_sit_as_yourself_and_find_your_seat_from_another_browser(server: ServerProcess) -> None:
    handle = unique_handle("Сова")
    laptop, phone, guest, other = Player(server), Player(server), Player(server), Player(server)
    register(laptop, handle)
    register(other, unique_handle("Другой"))
    tid = guest.create([{}, {}])["table"]["id"]
    r = guest.http.post(f"/api/tables/{tid}/join", json={"seat": 1})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_name"      # a guest needs a name
    r = laptop.http.post(f"/api/tables/{tid}/join", json={"seat": 0})            # no name typed
    assert r.status_code == 200, r.text
    old_token = r.json()["token"]
    assert r.json()["table"]["seats"][0]["name"] == handle
    guest_token = guest.join(tid, 1, "Гость")
    assert [t["id"] for t in laptop.http.get("/api/me/tables").json()] == [tid]
    assert other.http.get("/api/me/tables").json() == []
    assert guest.http.get("/api/me/tables").status_code == 401

    sign_in(phone, handle.lower())                                              # another browser
    mine = phone.http.get("/api/me/tables").json()
    assert mine == [{"id": tid, "seat": 0, "game": "toy", "status": "playing", "private": False}]
    r = phone.http.post(f"/api/tables/{tid}/seat")
    assert r.status_code == 200 and r.json()["seat"] == 0
    token = r.json()["token"]
    assert token != old_token
    view = phone.table(tid, token)
    assert view["you"] == 0
    r = laptop.http.get(f"/api/tables/{tid}", headers={"X-Seat-Token": old_token})
    assert r.status_code == 403 and r.json()["error"]["code"] == "bad_token"    # the old token is void
    for who in (other, guest):                                                  # nobody else gets it
        r = who.http.post(f"/api/tables/{tid}/seat")
        assert r.status_code in (401, 404), r.text
    assert guest.table(tid, guest_token)["you"] == 1


def play_to_the_end(person: Player, tid: str, tokens: dict[int, str]) -> None:
    for _ in range(200):
        table = person.table(tid)
        if table["table"]["status"] == "over":
            return
        if not table["view"]["to_act"]:
            continue   # a bot is moving
        seat = table["view"]["to_act"][0]
        if seat not in tokens:
            continue
        mine = person.table(tid, tokens[seat])
        person.http.post(f"/api/tables/{tid}/actions", headers={"X-Seat-Token": tokens[seat]},
                         json={"action": mine["legal"][0]["id"], "version": mine["version"]})
    raise AssertionError("the game did not end")


def test_only_tables_of_accounts_are_rated_and_by_account(server: ServerProcess) -> None:
    """Two accounts and a bot: rated, shown by handle and by the bot's level name on a 1500 scale. A guest
    at the table: nothing changes. A guest can never add to a handle's rating by typing it."""
    a, b, guest = Player(server), Player(server), Player(server)
    ha, hb = unique_handle("Рейтинг"), unique_handle("Рейтинг")
    register(a, ha)
    register(b, hb)
    before = {r["player"]: r for r in a.http.get("/api/ratings/toy").json()}
    tid = a.create([{}, {}, {"kind": "bot", "bot": "random"}], options={"hand": 2})["table"]["id"]
    tokens = {0: a.http.post(f"/api/tables/{tid}/join", json={"seat": 0}).json()["token"],
              1: b.http.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": hb.upper()}).json()["token"]}
    play_to_the_end(a, tid, tokens)
    board = {r["player"]: r for r in a.http.get("/api/ratings/toy").json()}
    assert board[ha]["games"] == 1 and board[hb]["games"] == 1 and board[ha]["kind"] == "account"
    bot = board["bot:random"]
    assert bot["kind"] == "bot" and bot["name"] == {"en": "random", "ru": "случайный"}
    assert bot["games"] == before.get("bot:random", {"games": 0})["games"] + 1
    assert all(isinstance(r["rating"], int) and 0 < r["spread"] for r in board.values())
    assert not any("a:" in str(r) for r in board.values())          # account ids are not shown

    tid2 = a.create([{}, {}], options={"hand": 2})["table"]["id"]    # an account and a guest
    mine = a.http.post(f"/api/tables/{tid2}/join", json={"seat": 0}).json()["token"]
    tokens = {1: guest.join(tid2, 1, "Просто гость")}
    assert a.http.post(f"/api/tables/{tid2}/leave", headers={"X-Seat-Token": mine}).status_code == 200
    play_to_the_end(a, tid2, tokens)                                 # a stand-in plays for the one who left
    after = {r["player"]: r for r in a.http.get("/api/ratings/toy").json()}
    assert after[ha] == board[ha] and "Просто гость" not in after

    # the public profile: from anyone, nothing private in it
    profile = guest.http.get(f"/api/players/{ha.upper()}").json()
    assert profile["handle"] == ha and profile["ratings"]["toy"]["games"] == 1
    assert profile["games"]["toy"]["played"] == 2 and profile["games"]["toy"]["abandoned"] == 1
    assert profile["finish_rate"] == 0.5
    recent = {g["table"]: g for g in profile["recent"]}   # newest first; both may end within one second
    assert set(recent) == {tid, tid2} and recent[tid]["replay"] == f"/#/r/{tid}"
    assert "email" not in str(profile) and "a:" not in str(profile)
    r = guest.http.get("/api/players/nobody-at-all")
    assert r.status_code == 404 and r.json()["error"]["text"]["ru"] == "Игрока с таким именем нет"
