"""Attacks on accounts against a real server process (issue 25): session fixation, writes from a foreign
origin, account enumeration (answers and timing), credential stuffing (1,000 guesses in a bounded loop on
127.0.0.1), the handle lock growing and ending on a moved clock, and another account's private data
through every route. Each is refused with a clear error and nothing leaks."""

from __future__ import annotations

import re
import statistics
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from sqlalchemy import text

from nastolka.server.db import make_engine

from .accounts_kit import PASSWORD, Clock, accounts_server, cookie, register, sign_in, unique_handle
from .attack import Player
from .procs import ServerProcess

EVIL = "http://evil.example"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, Clock]]:
    server, clock = accounts_server(tmp_path_factory.mktemp("account_attacks"))
    with server:
        yield server, clock


@pytest.fixture
def server(served: tuple[ServerProcess, Clock]) -> ServerProcess:
    return served[0]


@pytest.fixture
def clock(served: tuple[ServerProcess, Clock]) -> Clock:
    return served[1]


def test_session_fixation(server: ServerProcess) -> None:
    """An id planted before the victim signs in — made up, or the attacker's own live session — never
    becomes the victim's session."""
    victim_handle, attacker_handle = unique_handle("Жертва"), unique_handle("Вор")
    register(Player(server), victim_handle)
    attacker = Player(server)
    register(attacker, attacker_handle)
    for planted in ("x" * 43, cookie(attacker)):
        victim = Player(server)
        victim.http.cookies.set("nastolka_session", planted or "", domain="127.0.0.1")
        sign_in(victim, victim_handle)
        assert cookie(victim) not in (None, planted)
        assert victim.http.get("/api/me").json()["handle"] == victim_handle
        fixed = httpx.Client(base_url=server.url, cookies={"nastolka_session": planted or ""})
        assert fixed.get("/api/me").status_code == 401   # the planted id is nobody's (the attacker's ended)
        fixed.close()


def test_foreign_origin_writes_are_refused_and_change_nothing(server: ServerProcess) -> None:
    handle = unique_handle()
    person = Player(server)
    register(person, handle)
    own = server.url
    attempts: list[tuple[str, str, dict[str, Any], dict[str, str]]] = [
        ("PUT", "/api/me/password", {"password": PASSWORD, "new_password": "chosen by the attacker"},
         {"Origin": EVIL}),
        ("DELETE", "/api/me/sessions", {}, {"Origin": EVIL}),
        ("PUT", "/api/me/email", {"email": "thief@evil.example"}, {"Origin": "null"}),
        ("PUT", "/api/me/email", {"email": "thief@evil.example"}, {"Referer": EVIL + "/page"}),
        ("DELETE", "/api/session", {}, {"Origin": own.replace("127.0.0.1", "127.0.0.2")}),
        ("POST", "/api/tables", {"game": "toy", "seats": [{}, {}]}, {"Origin": EVIL}),   # any cookie write
    ]
    for method, path, body, headers in attempts:
        r = person.http.request(method, path, json=body or None, headers=headers)
        assert r.status_code == 403, (path, headers, r.text)
        error = r.json()["error"]
        assert error["code"] == "foreign_origin" and error["text"]["ru"] == "Отказано: запрос пришёл с другого сайта"
    me = person.http.get("/api/me").json()
    assert me["email"] is None                           # nothing changed
    sign_in(Player(server), handle)                      # the password is the same
    # login CSRF: signing the victim's browser into the attacker's account needs no cookie
    r = Player(server).http.post("/api/session", json={"handle": handle, "password": PASSWORD},
                                 headers={"Origin": EVIL})
    assert r.status_code == 403
    # the site itself, and a script without a browser's headers, may write
    r = person.http.put("/api/me/email", json={"email": "mine@example.test"}, headers={"Origin": own})
    assert r.status_code == 200 and r.json()["email"] == "mine@example.test"
    r = person.http.put("/api/me/email", json={"email": None}, headers={"Referer": own + "/#/me"})
    assert r.status_code == 200 and r.json()["email"] is None
    # a socket handshake carrying the cookie from another origin is closed
    from websockets.sync.client import connect

    with pytest.raises(Exception):  # noqa: B017 - refused handshake or closed at once
        with connect(f"{server.ws_url}/ws/tables/nosuchtable00", origin=EVIL,
                     additional_headers={"Cookie": f"nastolka_session={cookie(person)}"}, open_timeout=5) as ws:
            ws.recv(timeout=5)


def test_no_enumeration_by_answer_or_time(server: ServerProcess) -> None:
    """A wrong password and an unknown handle: the same status and body, and the same time — medians of
    20 tries each, interleaved, every try from its own address (no throttle in the way) and a handle of
    its own (no lock)."""
    real = [unique_handle("Есть") for _ in range(20)]
    for handle in real:
        register(Player(server), handle)
    times: dict[str, list[float]] = {"wrong": [], "unknown": []}
    bodies = set()
    for handle in real:
        for kind, who in (("wrong", handle), ("unknown", unique_handle("Нет"))):
            person = Player(server)
            person.http.get("/healthz")                    # the connection is open before timing
            start = time.perf_counter()
            r = person.http.post("/api/session", json={"handle": who, "password": "guess number one"})
            times[kind].append(time.perf_counter() - start)
            assert r.status_code == 401
            bodies.add(r.text)
            person.close()
    assert len(bodies) == 1
    wrong, unknown = statistics.median(times["wrong"]), statistics.median(times["unknown"])
    print(f"median sign-in: wrong password {wrong * 1000:.1f} ms, unknown handle {unknown * 1000:.1f} ms")
    assert wrong > 0.01 and unknown > 0.01               # both paid for an Argon2 verification
    assert abs(wrong - unknown) < max(0.015, 0.35 * max(wrong, unknown)), (wrong, unknown)


def test_credential_stuffing_is_throttled(server: ServerProcess, clock: Clock) -> None:
    """1,000 guesses from one address, over 50 handles: past the address's burst every answer is 429 and
    costs no hash; the victim's handle locks after 10 failures in a row, for a growing delay, not forever."""
    victim = unique_handle("Цель")
    register(Player(server), victim)
    others = [unique_handle("Кто") for _ in range(49)]
    attacker = Player(server)
    statuses: list[int] = []
    start = time.monotonic()
    for i in range(1000):
        handle = victim if i % 2 == 0 else others[i % 49]
        r = attacker.http.post("/api/session", json={"handle": handle, "password": f"guess {i:04d}!"})
        statuses.append(r.status_code)
        assert time.monotonic() - start < 120, "the loop is bounded"
    elapsed = time.monotonic() - start
    tried = sum(1 for s in statuses if s == 401)
    print(f"1,000 guesses in {elapsed:.1f} s: {tried} checked, {statuses.count(429)} refused 429")
    refilled = int(elapsed * 10 / 60) + 1                # 10 a minute come back meanwhile
    assert set(statuses) == {401, 429} and tried <= 20 + refilled   # the address's burst of 20
    assert statuses[-100:].count(401) <= refilled
    victim_failures = sum(1 for i, s in enumerate(statuses) if s == 401 and i % 2 == 0)
    r = attacker.http.post("/api/session", json={"handle": victim, "password": "guess"})
    assert r.json()["error"]["code"] == "rate_limited" and r.json()["error"]["text"]["ru"].startswith("Слишком")

    # many addresses against one handle: 10 failures in a row lock it (from any address), also the owner
    for i in range(12):
        r = Player(server).http.post("/api/session", json={"handle": victim, "password": f"spread {i}"})
        assert r.status_code == (401 if i < 10 - victim_failures else 429), (i, r.text)
    r = sign_in(Player(server), victim, expect=429)
    assert r.json()["error"]["code"] == "locked" and "1 minute" in r.json()["error"]["message"]
    clock.advance(61)
    sign_in(Player(server), victim, "still wrong", expect=401)      # one more failure: a longer lock
    r = sign_in(Player(server), victim, expect=429)
    assert "2 minutes" in r.json()["error"]["message"], r.text
    clock.advance(121)
    sign_in(Player(server), victim)                                  # not forever; success resets the count
    sign_in(Player(server), victim, "wrong again", expect=401)
    sign_in(Player(server), victim)
    # an unknown handle locks the same way (a lock tells nothing about which handles exist)
    ghost = unique_handle("Призрак")
    answers = [Player(server).http.post("/api/session", json={"handle": ghost, "password": "x" * 8}).status_code
               for _ in range(11)]
    assert answers == [401] * 10 + [429]


def test_registration_is_limited_per_address(server: ServerProcess) -> None:
    person = Player(server)
    codes = [person.http.post("/api/accounts", json={"handle": unique_handle(), "password": PASSWORD}).status_code
             for _ in range(12)]
    assert codes[:10] == [201] * 10 and codes[10:] == [429, 429]


def test_no_route_shows_another_accounts_private_data(server: ServerProcess, tmp_path_factory: Any) -> None:
    """Bob's email, password hash and session id appear in no answer Alice can get: every GET route of the
    OpenAPI schema, with path parameters filled with Bob's handle, read with Alice's cookie."""
    alice, bob = Player(server), Player(server)
    bob_handle = unique_handle("Боб")
    register(alice, unique_handle("Алиса"), email="alice@example.test")
    register(bob, bob_handle, email="bob-secret@example.test")
    secrets_of_bob = ["bob-secret@example.test", cookie(bob) or "?", "$argon2"]
    me = alice.http.get("/api/me").json()
    assert me["email"] == "alice@example.test" and "password_hash" not in me and "id" not in me
    paths = httpx.get(server.url + "/api/openapi.json").json()["paths"]
    seen = 0
    for path, ops in paths.items():
        for method in ops:
            url = re.sub(r"\{[^}]+\}", bob_handle, path)
            r = alice.http.request(method.upper(), url, json={} if method != "get" else None)
            seen += 1
            for secret in secrets_of_bob:
                assert secret not in r.text, (method, path, secret)
    assert seen >= 20
    r = alice.http.post("/api/password/forgot", json={"handle": bob_handle})
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_offered"   # no email on this server
    # the database holds hashes only: Bob's cookie is nowhere in it
    db = server.db_url
    engine = make_engine(db)
    with engine.connect() as conn:
        stored = [str(v) for row in conn.execute(text("SELECT * FROM sessions")).all() for v in row]
        hashes = [str(v) for v in conn.execute(text("SELECT password_hash FROM accounts")).scalars()]
    engine.dispose()
    assert cookie(bob) not in " ".join(stored) and all(h.startswith("$argon2id$") for h in hashes)
    assert PASSWORD not in " ".join(hashes)
