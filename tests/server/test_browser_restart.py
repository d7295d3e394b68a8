"""A person's page in Chromium across a server restart: SIGTERM drains the process (the page's socket is
closed with 1012 "service restart"), a new process starts on the same port and database, and the page
reconnects by itself and plays on — the same page, never reloaded, the game where it was."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from .procs import ServerProcess
from .test_browser import create_table, my_move, new_page, take_turn, version

pytestmark = [pytest.mark.xdist_group("browser")]


def place_a_card(page: Any) -> None:
    """A Show Battle move the way a person makes it: a card of the hand, then a place in a row."""
    if not page.locator("button.sb-hand-card").count():   # a move of another kind: one click
        assert take_turn(page, random.Random(5))
        return
    before = str(version(page))
    page.locator("button.sb-hand-card").first.click()
    page.locator("button.sb-target").first.click()
    page.wait_for_function(
        "v => { const t = document.querySelector('.table-page'); return t && t.dataset.version !== v; }", arg=before)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("restart")
    s = ServerProcess(f"sqlite:///{tmp / 'web.db'}", bot_delay=0.0, log_path=tmp / "server.log",
                      env={"NASTOLKA_TEST_LOG_LEVEL": "info"})
    s.start(timeout=120)   # a loaded 2-vCPU machine took 20-40 s to start a server
    try:
        yield s
    finally:
        s.stop()


def test_the_page_resumes_after_a_drained_restart(server: ServerProcess, browser: Any) -> None:
    page = new_page(browser, server.url, "Аня", "ru")
    create_table(page, "show_battle", [("open", None), ("bot", "random")])
    page.wait_for_selector(".table-page[data-status='playing']")   # the creator sits at the first seat
    page.wait_for_function("() => !!document.querySelector('button.act:enabled')")
    place_a_card(page)
    page.wait_for_function("() => !!document.querySelector('button.act:enabled')")
    before = version(page)
    page.evaluate("() => { window.sameDocument = true; }")   # gone if the page reloads
    server.stop()    # SIGTERM: drained, the socket closed with 1012
    assert server.proc is not None and server.proc.returncode == 0
    server.start(timeout=120)   # same port, same database
    page.wait_for_function("() => !!document.querySelector('button.act:enabled')")   # reconnected, its turn
    assert version(page) == before and my_move(page)
    place_a_card(page)   # the move goes through the new process
    assert version(page) > before
    assert page.evaluate("() => window.sameDocument") is True
    assert not page.errors
