"""The account pages in Debian's Chromium, the way people use them (issue 25): register in Russian on a
1280 px desktop (the header then shows the handle, and the name field is the handle), confirm the address
through the emailed link, a wrong password refused in English on a 390 px phone, "forgot the password",
the reset link opened in the phone's browser, and the desktop signed out by it. Letters go through a real
SMTP server (aiosmtpd on 127.0.0.1). Screenshots in ``test-artifacts/``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from .accounts_kit import accounts_server, unique_handle
from .conftest import ARTIFACTS
from .procs import ServerProcess, free_port
from .test_accounts_mail import Inbox

pytestmark = [pytest.mark.xdist_group("browser")]
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="module")
def mailed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, Inbox]]:
    tmp = tmp_path_factory.mktemp("account_browser")
    inbox = Inbox()
    smtp = Controller(inbox, hostname="127.0.0.1", port=free_port())
    smtp.start()
    port = free_port()
    server, _ = accounts_server(tmp, port=port, smtp_url=f"smtp://127.0.0.1:{smtp.port}",
                                public_url=f"http://127.0.0.1:{port}")
    try:
        with server:
            yield server, inbox
    finally:
        smtp.stop()


def open_page(browser: Any, url: str, lang: str, phone: bool = False) -> Any:
    ctx = browser.new_context(**(PHONE if phone else DESKTOP))
    ctx.add_init_script(f"localStorage.setItem('nastolka.lang', {lang!r});")
    page = ctx.new_page()
    page.set_default_timeout(30000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(url)
    return page


def link_in(content: str, route: str) -> str:
    found = re.search(r"(http://\S+/#/" + route + r"/\S+)", content)
    assert found, content
    return found.group(1)


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(Path(ARTIFACTS) / name), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{name}: {width} px wide"
    text = page.inner_text("body")
    assert not re.search(r"\b(null|undefined|NaN)\b|\[object", text), text


def test_register_confirm_forget_and_reset_in_the_browser(mailed: tuple[ServerProcess, Inbox], browser: Any) -> None:
    server, inbox = mailed
    handle = unique_handle("Аня")
    desk = open_page(browser, server.url + "/#/account", "ru")
    desk.wait_for_selector("#register")
    shot(desk, "account-signed-out-1280.png")
    desk.fill("#new-handle", handle)
    desk.fill("#new-password", "short")
    desk.click("#register button[type=submit]")
    assert desk.locator("#register .form-note").inner_text() in ("Пароль — не короче 8 знаков", "")
    desk.fill("#new-password", "тихий ласковый вечер")
    desk.fill("#new-email", "anya@example.test")
    desk.click("#register button[type=submit]")
    desk.wait_for_selector("#signed-in-as")
    assert desk.inner_text("#signed-in-as") == f"Вы вошли как {handle}"
    assert desk.inner_text("#account-link") == handle
    assert desk.input_value("#my-name") == handle and not desk.is_visible("#my-name")
    assert desk.inner_text("#email-status") == "Адрес ещё не подтверждён"
    shot(desk, "account-signed-in-1280.png")

    desk.goto(link_in(inbox.next("anya@example.test")[1], "verify"))
    desk.locator("#link-result", has_text="Спасибо: адрес подтверждён.").wait_for()
    desk.goto(server.url + "/#/account")
    desk.wait_for_selector("#email-status")
    assert desk.inner_text("#email-status") == "Адрес подтверждён"

    phone = open_page(browser, server.url + "/#/account", "en", phone=True)
    phone.wait_for_selector("#sign-in")
    phone.fill("#in-handle", handle.upper())
    phone.fill("#in-password", "not my password")
    phone.click("#sign-in button[type=submit]")
    phone.locator("#sign-in .form-note", has_text="Wrong name or password").wait_for()
    shot(phone, "account-refused-390.png")
    phone.click("#forgot")
    phone.wait_for_selector("#toast .toast")
    assert "letter is on its way" in phone.inner_text("#toast")
    phone.goto(link_in(inbox.next("anya@example.test")[1], "reset"))
    phone.wait_for_selector("#reset-form")
    phone.fill("#reset-password", "новый длинный пароль")
    phone.click("#reset-form button[type=submit]")
    phone.wait_for_selector("#signed-in-as")
    assert phone.inner_text("#signed-in-as") == f"You are signed in as {handle}"
    shot(phone, "account-signed-in-390.png")

    desk.reload()                                  # the reset ended every other session
    desk.wait_for_selector("#sign-in")
    assert desk.inner_text("#account-link") == "Войти" and desk.is_visible("#my-name")
    desk.fill("#in-handle", handle)
    desk.fill("#in-password", "новый длинный пароль")
    desk.click("#sign-in button[type=submit]")
    desk.wait_for_selector("#signed-in-as")
    desk.click("#sign-out-everywhere")
    desk.wait_for_selector("#sign-in")
    phone.reload()
    phone.wait_for_selector("#sign-in")
    assert desk.errors == [] and phone.errors == []
