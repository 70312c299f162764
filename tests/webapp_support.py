"""Support for the tests of the example web app (examples/webapp): loading it,
and checking that what a browser was sent holds nothing its seat may not see.

:class:`LeakCheck` follows the messages one browser received, in order, and
compares each with the truth -- the server's game, read after the play: every
card a message shows must be the seat's own, or one that had been played (by
that seat, in that deal), or the leftover once its deal was scored; every bid
of another seat must be hidden until the game reveals it. For Bugami it also
looks for the text of every card hidden at that moment anywhere in the
message (any string in it), errors included.
"""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import bugami
from bugami import argute

APP = Path(__file__).resolve().parent.parent / "examples" / "webapp" / "app.py"


def load_app_module() -> ModuleType:
    """The example's ``app.py`` as a module (skips the test without its requirements)."""
    try:
        import starlette  # noqa: F401
    except ImportError:
        pytest.skip(
            "the web app's requirements are not installed (examples/webapp/requirements.txt)",
            allow_module_level=True,
        )
    name = "bugami_example_webapp"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, APP)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _strings(value: Any) -> list[str]:
    """Every str in a JSON value (keys included)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for key, item in value.items() for text in [key, *_strings(item)]]
    if isinstance(value, list):
        return [text for item in value for text in _strings(item)]
    return []


class LeakCheck:
    """What one seat's browser was sent, checked against the truth: ``game``
    is the server's game (a Game of either kind) once the play is done."""

    def __init__(self, game: Any, seat: int) -> None:
        module = argute if isinstance(game, argute.Game) else bugami
        self.text = module is bugami  # cards are texts, and can be looked for
        self.written = str if self.text else int
        self.seat = seat
        self.deals = [*game.deals, *([] if game.current is None else [game.current])]
        self.plays = [
            Counter(
                (action.seat, self.written(action.card))
                for action in deal.history
                if isinstance(action, module.PlayAction)
            )
            for deal in self.deals
        ]
        self.number = 0  # the deal the next events are about (from 0)
        self.hidden: set[str] = set()  # the card texts hidden from the seat now
        self.messages = 0

    def _bid(self, number: int, seat: int) -> Any:
        choice = self.deals[number].bids[seat]
        if choice is None:
            return None
        return choice if isinstance(choice, int) else str(choice)

    def _played(self, number: int, plays: list[dict[str, Any]]) -> None:
        shown = Counter((play["seat"], play["card"]) for play in plays)
        assert not shown - self.plays[number], f"plays that did not happen: {shown}"

    def message(self, message: dict[str, Any]) -> None:
        """Check one message: ``{"events": [...], "view": {...}}``, any part of
        it, an error, or a hint (which may show no hidden card; a review is of
        a finished deal, and may show it all)."""
        self.messages += 1
        for event in message.get("events", []):
            self._event(event)
        if message.get("view") is not None:
            self._view(message["view"])
        if message.get("type") == "hint" and self.text:  # advice: only what the seat sees
            leaked = set(_strings(message)) & self.hidden
            assert not leaked, f"hidden cards in a hint: {leaked}"
        for error in (message.get("error"), message.get("message")):
            if isinstance(error, str) and self.text:
                words = set(error.replace("(", " ").replace(")", " ").replace(",", " ").split())
                assert not words & self.hidden, f"hidden cards in an error: {error}"

    def _event(self, event: dict[str, Any]) -> None:
        kind = event["type"]
        number = self.number
        if kind == "deal_started":
            self.number = event["number"] - 1
        elif kind == "bid_made":
            expected = self._bid(number, self.seat) if event["seat"] == self.seat else None
            assert event["bid"] == expected, f"a bid shown: {event}"
        elif kind == "play_started":
            for seat, shown in enumerate(event["bids"]):
                if self.text or seat == self.seat:
                    assert shown == self._bid(number, seat)
                else:
                    assert shown is None, f"Argute's bids shown before the end: {event}"
        elif kind == "card_played":
            self._played(number, [event])
        elif kind == "trick_won":
            self._played(number, event["plays"])
        elif kind == "deal_scored":
            assert event["bids"] == [self._bid(number, seat) for seat in range(len(event["bids"]))]
            if self.text:
                assert event["leftover"] == [str(card) for card in self.deals[number].leftover]

    def _view(self, view: dict[str, Any]) -> None:
        self.number = view["deals_played"]
        deal = view["current"]
        if deal is None:
            self.hidden = set()
            return
        truth = self.deals[self.number]
        plays = [play for trick in deal["tricks"] for play in trick["plays"]] + deal["trick"]
        self._played(self.number, plays)
        own = Counter(play["card"] for play in plays if play["seat"] == self.seat)
        dealt = Counter(self.written(card) for card in truth.dealt_hands[self.seat])
        assert Counter(deal["hand"]) + own == dealt, "the hand shown is not the seat's own"
        over = deal["phase"] == "over"
        revealed = over or (self.text and all(deal["has_bid"]))
        for seat, shown in enumerate(deal["bids"]):
            if seat != self.seat and not revealed:
                assert shown is None, f"seat {seat}'s bid shown: {deal['bids']}"
        if self.text:
            played = {play["card"] for play in plays}
            self.hidden = {
                str(card)
                for seat, hand in enumerate(truth.dealt_hands)
                if seat != self.seat
                for card in hand
                if str(card) not in played
            } | (set() if over else {str(card) for card in truth.leftover})
            leaked = set(_strings(view)) & self.hidden
            assert not leaked, f"hidden cards in a view: {leaked}"
