"""The example web app in a real browser: headless Chromium driven by Playwright.

A person's game, click by click: start a game of Bugami, bid, play a whole
deal by clicking cards (one of them a card that may not be played, whose
reason must be shown), and see the score sheet. A hand of Argute is played to
its end, and the other seats' bids must show once revealed, never before.
The page must survive its connection: the server goes away and comes back,
the page is reloaded, and each time it finds its table again. Every message
the browser receives -- the WebSocket frames and the JSON answers of the
server -- is checked for leaks against the server's game
(:class:`webapp_support.LeakCheck`): none may show a card of another seat's
hand, or a bid still hidden. No error may reach the page's console.

It needs Debian's ``chromium`` (``/usr/bin/chromium``, or the path in
``BUGAMI_CHROMIUM``) and the ``playwright`` package (never ``playwright
install``: the browser is the system's). Without them the test is skipped,
saying why.
"""

from __future__ import annotations

import json
import os
import re
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

    def __init__(self, browser: Any, url: str, query: str = "") -> None:
        self.page = browser.new_page(viewport={"width": 1100, "height": 900})
        self.received: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self.page.on("websocket", self._socket)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on(
            "console",
            lambda message: self.errors.append(message.text) if message.type == "error" else None,
        )
        self.page.goto(f"{url}/?delay=0&seed=7{query}")

    def _socket(self, socket: Any) -> None:
        socket.on("framereceived", lambda payload: self.received.append(json.loads(payload)))

    def wait(self) -> None:
        """Until the page has shown the server's last answer."""
        self.page.wait_for_selector("body[data-idle='1']", state="attached")

    def click(self, selector: str) -> None:
        self.page.locator(selector).first.click()
        self.wait()

    def play_cards(self, until: str, clicks: int) -> None:
        """Click legal cards until ``until`` is on the page (at most ``clicks`` times)."""
        for _ in range(clicks):
            if self.page.locator(until).count():
                return
            self.click("#hand .card.legal")
        assert self.page.locator(until).count(), f"no {until} after {clicks} cards"

    def start(self, game: str, players: str = "4") -> str:
        self.page.select_option("#game", game)
        self.page.select_option("#players", players)
        with self.page.expect_response("**/api/tables") as answer:
            self.page.click("#new-game")
        created: dict[str, Any] = answer.value.json()
        self.received.insert(0, created)  # before the frames of the socket it opens
        self.wait()
        # The page shows the table before its socket is up; clicks made meanwhile
        # are held as one pending action, so wait for the socket.
        self.page.wait_for_selector("body[data-connected='1']", state="attached")
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
    assert page.text("#scored").startswith("Deal 1 scored: you bid ♥ hearts")
    assert "Trick 13 won by" in page.text("#log")
    assert "Hand" not in page.text("body")
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


def test_a_hand_of_argute_in_the_browser(browser: Any, server: tuple[str, Any]) -> None:
    """The other seats' bids are hidden until the hand is over, then shown in
    the score sheet; the page speaks of hands, and to the player as "you"."""
    url, app = server
    page = Page(browser, url)
    table = page.start("argute", players="3")
    assert "Bid how many tricks" in page.text("#status")
    # A double click bids twice: the second is refused, in the player's words.
    page.page.eval_on_selector(
        "#bids button[data-bid='1']", "button => { button.click(); button.click(); }"
    )
    page.page.wait_for_selector("#message:not([hidden])")
    assert re.fullmatch(
        r"You cannot bid 1: bidding is over \((you are|Seat \d is) to play\)", page.text("#message")
    )
    assert "the other bids stay hidden until the hand is over" in page.text("#log")
    others = page.page.locator("#seats .seat:not(.you)")
    assert [others.nth(s).inner_text().count("bid: hidden") for s in range(2)] == [1, 1]
    page.play_cards("#sheet tbody tr", clicks=6)
    game = app.state.tables[table].state
    bids = [str(bid) for bid in game.deals[0].bids]
    shown = page.page.locator("#sheet tbody tr .bid")
    assert [shown.nth(s).get_attribute("data-bid") for s in range(3)] == bids
    assert [shown.nth(s).inner_text() for s in range(3)][1:] == [
        f"bid {bid} trick{'' if bid == '1' else 's'}" for bid in bids[1:]
    ]
    assert page.text("#scored").startswith("Hand 1 scored: you bid 1 trick and won")
    assert page.text("#sheet thead").split()[:2] == ["Hand", "You"]
    text = page.text("body")
    assert "Deal" not in text
    assert "seat 0" not in text.lower()
    check = LeakCheck(app.state.tables[table].state, 0)
    for message in page.received:
        check.message(message)
    assert page.errors == []


def test_hints_and_the_review_in_the_browser(browser: Any, server: tuple[str, Any]) -> None:
    """The hint button ranks the player's options, best first (a bid, then a
    card), and a click on one plays it; once the deal is over, the review
    panel shows each of the player's decisions and their accuracy."""
    url, app = server
    page = Page(browser, url)
    table = page.start("bugami", players="5")  # ten tricks: a short deal
    hints = page.page.locator("#hints li")
    page.click("#hint-button")
    assert hints.count() == 5  # the four suits and misère
    assert hints.first.get_attribute("class") == "best"
    assert page.page.locator("#hints li.best").count() == 1
    assert re.fullmatch(r"bid .+: -?\d+\.\d points expected", hints.first.inner_text())
    page.click("#hints li.best button")  # plays the best bid
    assert page.text("#status") == "Your turn: play a card."
    page.click("#hint-button")
    assert hints.count() == page.page.locator("#hand .card.legal").count()
    assert "points expected" in hints.first.inner_text()
    page.play_cards("#sheet tbody tr", clicks=10)
    page.page.wait_for_selector("#decisions tbody tr")
    game = app.state.tables[table].state
    mine = [action for action in game.deals[0].history if action.seat == 0]
    rows = page.page.locator("#decisions tbody tr")
    assert rows.count() == len(mine) == 11
    assert rows.first.inner_text().split("\t")[0] == "bid"
    assert re.match(
        r"Your review of Deal 1: accuracy \d+%, \d+\.\d points lost", page.text("#review-title")
    )
    labels = {rows.nth(n).get_attribute("class") for n in range(rows.count())}
    assert labels <= {"best", "good", "inaccuracy", "mistake", "blunder"}
    kinds = [message.get("type") for message in page.received]
    assert kinds.count("hint") == 2
    assert kinds.count("review") == 1
    check = LeakCheck(game, 0)
    for message in page.received:
        check.message(message)
    assert page.errors == []


def test_the_page_finds_its_table_again(browser: Any) -> None:
    """The server goes away and comes back: the page connects again by
    itself and plays on. A reloaded page is back at its table; a closed
    table is said to be closed."""
    webapp = load_app_module()
    app = webapp.create_app()
    url, stop = webapp.serve_in_thread(app)
    try:
        page = Page(browser, url, "&retry=50")
        table = page.start("argute", players="3")
        page.click("#bids button[data-bid='0']")
        stop()  # every connection is gone, and no new one can be made
        page.page.wait_for_selector("#connection:not([hidden])")
        assert page.text("#connection").startswith("The connection to the server is lost")
        url, stop = webapp.serve_in_thread(app, port=int(url.rsplit(":", 1)[1]))
        page.page.wait_for_selector("#connection", state="hidden")
        before = len(app.state.tables[table].state.current.history)
        page.click("#hand .card.legal")  # over the new connection
        assert len(app.state.tables[table].state.current.history) > before
        hand = page.text("#hand")
        page.page.reload()
        page.wait()
        assert page.text("#hand") == hand
        assert page.page.locator("#hand .card.legal").count()
        app.state.tables.close(table, page.received[0]["token"])
        page.page.locator("#hand .card.legal").first.click()
        page.page.wait_for_function(
            "document.getElementById('status').textContent.includes('closed')"
        )
        assert page.text("#status") == "This table is closed: start a new game."
        assert page.text("#message").startswith("No such table of yours")
        check = LeakCheck(app.state.tables[page.start("argute", players="3")].state, 0)
        check.message(page.received[0])
        lost = "WebSocket connection to"  # Chromium's word for each attempt that failed
        assert [error for error in page.errors if not error.startswith(lost)] == []
    finally:
        stop()
