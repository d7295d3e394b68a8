"""Attacks on a real server process (issue 34): the limits an attacker walked around — slow connections
(finding 5) and IPv6 addresses of one /64 (finding 7)."""

from __future__ import annotations

import selectors
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from nastolka.server.ratelimit import address_key

from .attack import Player, new_address
from .procs import ServerProcess


def _server(tmp: Path, name: str, **kwargs: object) -> ServerProcess:
    return ServerProcess(f"sqlite:///{tmp / (name + '.db')}", log_path=tmp / f"{name}.log", **kwargs)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------- finding 5
def _slow_connection(server: ServerProcess, address: str) -> socket.socket:
    """A connection that starts a request and never finishes its headers (it would send a byte now and
    then; the test never lets it finish)."""
    s = socket.create_connection(("127.0.0.1", server.port), timeout=5, source_address=(address, 0))
    s.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ")
    return s


def _closed_by_server(conns: list[socket.socket], within: float) -> int:
    """How many of ``conns`` the server closes (EOF or reset) within ``within`` seconds."""
    sel = selectors.DefaultSelector()
    for c in conns:
        c.setblocking(False)
        sel.register(c, selectors.EVENT_READ)
    closed, end = 0, time.monotonic() + within
    while closed < len(conns) and time.monotonic() < end:
        for key, _ in sel.select(timeout=max(0.0, end - time.monotonic())):
            sock = key.fileobj
            assert isinstance(sock, socket.socket)
            try:
                data = sock.recv(4096)
            except (ConnectionResetError, BlockingIOError):
                data = b""
            if not data:
                closed += 1
                sel.unregister(sock)
    sel.close()
    return closed


def test_slow_connections_from_one_address_do_not_lock_out_a_new_client(tmp_path: Path) -> None:
    """300 connections that never finish their headers, from one address, at a process allowed 256
    descriptors: before the fix they filled its descriptor table and a new client got no answer. Now an
    address holds at most ``connections_per_address`` connections (the others are refused as they are
    accepted), and unfinished headers are cut off after ``header_timeout``."""
    settings = {"connections_per_address": 16, "header_timeout": 2.0}
    with _server(tmp_path, "slow", settings=settings, nofile=256) as server:
        attacker = new_address()
        conns = []
        for _ in range(300):
            try:
                conns.append(_slow_connection(server, attacker))
            except OSError:
                pass   # refused or reset at once: that is the guard at work
        try:
            with httpx.Client(base_url=server.url, timeout=5,
                              transport=httpx.HTTPTransport(local_address=new_address())) as other:
                assert other.get("/api/games").status_code == 200
            # every slow connection is gone within the header deadline (plus slack for a loaded machine)
            assert _closed_by_server(conns, within=15.0) == len(conns)
        finally:
            for c in conns:
                c.close()


def test_a_trickled_body_is_answered_408(tmp_path: Path) -> None:
    """A request whose body never completes is answered 408 after ``body_timeout``, not held open."""
    with _server(tmp_path, "body", settings={"body_timeout": 1.0}) as server:
        with socket.create_connection(("127.0.0.1", server.port), timeout=5,
                                      source_address=(new_address(), 0)) as s:
            s.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n{")
            s.settimeout(10)
            started = time.monotonic()
            head = s.recv(4096)
            assert head.startswith(b"HTTP/1.1 408") and time.monotonic() - started < 8


# ---------------------------------------------------------------------------------------------- finding 7
def test_address_keys_ipv6_by_its_64_and_ipv4_by_address() -> None:
    assert address_key("203.0.113.7") == "203.0.113.7"
    assert address_key("2001:db8:0:1::a") == address_key("2001:db8:0:1:ffff:ffff:ffff:ffff") == "2001:db8:0:1::/64"
    assert address_key("2001:db8:0:2::a") != address_key("2001:db8:0:1::a")
    assert address_key("::1") == "::/64"
    assert address_key("::ffff:127.0.0.2") == "127.0.0.2" != address_key("::ffff:127.0.0.3")
    assert address_key("fe80::1%eth0") == "fe80::/64"
    assert address_key("testclient") == "testclient"


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server with a small read limit. Its trusted proxy is 127.0.0.1 (uvicorn's default), so a request
    from there names its client in ``X-Forwarded-For`` — how IPv6 clients reach a proxied deployment."""
    tmp = tmp_path_factory.mktemp("proxied")
    with _server(tmp, "proxied", settings={"http_read_rate": 0.2, "http_read_burst": 5}) as proc:
        yield proc


def test_addresses_of_one_ipv6_64_share_their_limits(proxied: ServerProcess) -> None:
    proxy = Player(proxied, address="127.0.0.1")

    def get(client: str) -> int:
        return proxy.http.get("/api/games", headers={"X-Forwarded-For": client}).status_code

    codes = [get(f"2001:db8:0:1::{i:x}") for i in range(1, 9)]   # a new address of the /64 each time
    assert codes[:5] == [200] * 5 and set(codes[5:]) == {429}, codes
    assert get("2001:db8:0:1:abcd::1") == 429      # anywhere in that /64
    assert get("2001:db8:0:2::1") == 200           # the next /64 is someone else
    assert get("198.51.100.1") == 200 and get("198.51.100.2") == 200   # IPv4: by address
    proxy.close()
