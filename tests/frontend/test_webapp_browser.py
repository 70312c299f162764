"""The example web app in a real browser: headless Chromium driven by Playwright.

A person's game, click by click: start a game of Bugami, bid, play a whole
deal by clicking cards (one of them a card that may not be played, whose
reason must be shown), and see the score sheet. Every message the browser
receives -- the WebSocket frames and the JSON answers of the server -- is
checked for leaks against the server's game (:class:`webapp_support.LeakCheck`):
none may show a card of another seat's hand, or a bid still hidden. A game of
Argute is started and played a little too. No error may reach the page's
console.

It needs Debian's ``chromium`` (``/usr/bin/chromium``, or the path in
``BUGAMI_CHROMIUM``) and the ``playwright`` package (never ``playwright
install``: the browser is the system's). Without them the test is skipped,
saying why.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from webapp_support import LeakCheck, load_app_module

CHROMIUM = os.environ.get("BUGAMI_CHROMIUM", "/usr/bin/chromium")


def _skip(reason: str) -> None:
    print(f"SKIPPED test_webapp_browser: {reason}")  # shown with pytest -s, and in CI's log
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not (Path(CHROMIUM).is_file() or shutil.which(CHROMIUM)):
        _skip(f"no browser: {CHROMIUM} is missing (apt-get install chromium)")
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        _skip("the playwright package is missing (examples/webapp/requirements-test.txt)")
    with sync_playwright() as playwright:
        try:
            args = list(load_app_module().CHROMIUM_ARGS)
            launched = playwright.chromium.launch(executable_path=CHROMIUM, args=args)
        except Error as error:
            _skip(f"the browser at {CHROMIUM} does not start: {error}")
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, Any]]:
    webapp = load_app_module()
    app = webapp.create_app()
    url, stop = webapp.serve_in_thread(app)
    yield url, app
    stop()


class Page:
    """A browser page on the app, keeping every message it receives: the
    answer that creates its table, and every frame of its WebSocket."""

    def __init__(self, browser: Any, url: str) -> None:
        self.page = browser.new_page(viewport={"width": 1100, "height": 900})
        self.received: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self.page.on("websocket", self._socket)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on(
            "console",
            lambda message: self.errors.append(message.text) if message.type == "error" else None,
        )
        self.page.goto(f"{url}/?delay=0&seed=7")

    def _socket(self, socket: Any) -> None:
        socket.on("framereceived", lambda payload: self.received.append(json.loads(payload)))

    def wait(self) -> None:
        """Until the page has shown the server's last answer."""
        self.page.wait_for_selector("body[data-idle='1']", state="attached")

    def click(self, selector: str) -> None:
        self.page.locator(selector).first.click()
        self.wait()

    def start(self, game: str, players: str = "4") -> str:
        self.page.select_option("#game", game)
        self.page.select_option("#players", players)
        with self.page.expect_response("**/api/tables") as answer:
            self.page.click("#new-game")
        created: dict[str, Any] = answer.value.json()
        self.received.insert(0, created)  # before the frames of the socket it opens
        self.wait()
        table: str = created["table"]
        return table

    def text(self, selector: str) -> str:
        text: str = self.page.locator(selector).inner_text()
        return text


def test_a_deal_of_bugami_in_the_browser(browser: Any, server: tuple[str, Any]) -> None:
    url, app = server
    page = Page(browser, url)
    table = page.start("bugami")
    assert "Choose your bug suit" in page.text("#status")
    page.click("#bids button[data-bid='H']")
    assert "has bid" in page.text("#log") or "All have bid" in page.text("#log")
    refused = False
    for _ in range(40):
        if page.page.locator("#sheet tbody tr").count():
            break
        assert page.text("#status") == "Your turn: play a card."
        illegal = page.page.locator("#hand .card:not(.legal)")
        if not refused and illegal.count():
            illegal.first.click()
            page.wait()
            assert page.page.locator("#message").is_visible()
            assert "cannot play" in page.text("#message")
            assert "(legal: " in page.text("#message")
            refused = True
        page.click("#hand .card.legal")
    assert page.page.locator("#sheet tbody tr").count() == 1
    assert "Deal 1 scored" in page.text("#scored")
    assert "Trick 13 won by" in page.text("#log")
    game = app.state.tables[table].state
    first = game.deals[0]
    row = page.page.locator("#sheet tbody tr").first.inner_text()
    assert all(str(points) in row for points in game.totals)
    assert len(first.tricks) == 13
    assert refused, "every hand happened to hold only legal cards: no refusal was tried"
    check = LeakCheck(game, 0)
    for message in page.received:
        check.message(message)
    assert check.messages > 13
    assert page.errors == []


def test_argute_in_the_browser(browser: Any, server: tuple[str, Any]) -> None:
    url, app = server
    page = Page(browser, url)
    table = page.start("argute", players="3")
    assert "Bid how many tricks" in page.text("#status")
    page.click("#bids button[data-bid='1']")
    for _ in range(3):
        if page.page.locator("#hand .card.legal").count() == 0:
            break
        page.click("#hand .card.legal")
    assert page.page.locator("#trick .played, #log li").count() > 0
    check = LeakCheck(app.state.tables[table].state, 0)
    for message in page.received:
        check.message(message)
    assert page.errors == []
