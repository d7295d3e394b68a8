"""Names compared by their confusables skeleton (issue 34, finding 3), against a real server process: no
name reads as a bot's or a nameless seat's label, and nobody joins under a look-alike of another seat's
person or of a reserved seat's name."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nastolka.server.names import poses_as_a_bot_or_seat, same_name

from .attack import Player
from .procs import ServerProcess

POSERS = ["bοt:expert",            # a Greek omicron
          "bot∶expert",            # a ratio sign for the colon
          "Bot (expert)", "Бот (мастер)", "Bot Leo (random)", "БОТ Лёва",
          "expert", "EXPERT", "seat 1", "Player 1", "Игрок 2", "Ρlayer 3"]   # a Greek capital rho


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("names")
    with ServerProcess(f"sqlite:///{tmp / 'names.db'}", log_path=tmp / "server.log") as proc:
        yield proc


def test_skeletons_meet_where_people_would_mistake_the_names() -> None:
    for name in ("victim", "Ｖｉｃｔｉｍ", "Vіctim", "VICTIM"):
        assert same_name("Victim", name), name
    assert same_name("Маша", "маша") and same_name("Маша", "Mаша")   # a Latin M
    assert not same_name("Аня", "Anya") and not same_name("Ann", "Anna")
    for name in POSERS:
        assert poses_as_a_bot_or_seat(name), name
    for name in ("Botticelli", "Robot", "Ботаник", "Leo", "Мастер", "Аня", "Bob"):
        assert not poses_as_a_bot_or_seat(name), name


def test_no_name_reads_as_a_bot_or_a_seat(player: Player) -> None:
    tid = player.create([{}, {}])["table"]["id"]
    for name in POSERS:
        r = player.http.post(f"/api/tables/{tid}/join", json={"seat": 0, "name": name})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_name", (name, r.text)
    assert player.join(tid, 0, "Botticelli")


def test_nobody_joins_under_a_look_alike_of_another_seat(player: Player) -> None:
    made = player.create([{}, {}, {"kind": "reserved", "name": "Маша"}], options={"hand": 1})
    tid = made["table"]["id"]
    player.join(tid, 0, "Victim")
    for name in ("Vіctim", "Ｖｉｃｔｉｍ", "victim", "Маша", "Mаша", "маша"):
        r = player.http.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": name})
        assert r.status_code == 409 and r.json()["error"]["code"] == "bad_name", (name, r.text)
    assert player.join(tid, 1, "Victim")   # the very same name: the same person in a second seat
    secret = made["seat_invites"]["2"].rsplit("/", 1)[1]
    assert player.join(tid, 2, "маша", invite=secret)   # the reserved person, however they type it
    seats = player.table(tid)["table"]["seats"]
    assert [s["name"] for s in seats] == ["Victim", "Victim", "Маша"]


def test_a_reserved_seat_stays_reserved_when_its_person_leaves_or_is_removed(player: Player) -> None:
    """Before, leaving (or the owner freeing the seat) before the start made it an ordinary open seat
    anyone could take (issue 34, finding 10)."""
    made = player.create([{}, {"kind": "reserved", "name": "Маша"}, {}], options={"hand": 1})
    tid, owner = made["table"]["id"], made["owner_token"]
    secret = made["seat_invites"]["1"].rsplit("/", 1)[1]
    stranger = Player(player.server)
    for how in ("leave", "remove"):
        token = player.join(tid, 1, "Маша", invite=secret)
        if how == "leave":
            r = player.http.post(f"/api/tables/{tid}/leave", headers={"X-Seat-Token": token})
        else:
            r = player.http.post(f"/api/tables/{tid}/remove", json={"seat": 1}, headers={"X-Owner-Token": owner})
        assert r.status_code == 200, r.text
        seat = player.table(tid)["table"]["seats"][1]
        assert (seat["kind"], seat["name"]) == ("reserved", "Маша"), (how, seat)
        r = stranger.http.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Eve"})
        assert r.status_code == 403 and r.json()["error"]["code"] == "invite_required", (how, r.text)
    stranger.close()
