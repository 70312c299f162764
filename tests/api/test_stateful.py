"""A stateful search for faults over the public API of both games.

A hypothesis rule-based state machine deals a hand or starts a whole game
(of Bugami or of Argute), then mixes legal and illegal actions at random --
bids and plays, well-formed but forbidden or not well-formed at all -- with
views, records and round trips. After every step it checks:

* a legal action is accepted (and its ``can_*`` and ``check_*`` agree);
* an illegal action raises a :class:`~bugami.BugamiError` (``can_*`` says no,
  ``check_*`` raises the same kind) and leaves the state as it was: equal,
  with the same hash and the same record text;
* every seat's view is consistent with the state (its hand, the bids it may
  see, its legal moves, the tricks), and a view is the same after a round trip
  through a record;
* the state, and a record of it with tags, read back identically from both
  record formats, and writing what was read gives the same text.

How long it searches: the ``ci`` hypothesis profile runs a bounded search
(about 10 seconds for both games), ``fast`` a short one and the default a
middling one. For a long hunt, set ``BUGAMI_FUZZ=long`` (or use the
``stress`` profile)::

    BUGAMI_FUZZ=long python -m pytest tests/api/test_stateful.py
"""

from __future__ import annotations

import os
import pickle
import random
from typing import Any

import pytest
from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import bugami
from bugami import argute
from bugami.errors import BugamiError, IllegalMoveError, InvalidInputError

_PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")
LONG = os.environ.get("BUGAMI_FUZZ") == "long" or _PROFILE == "stress"
"""Whether to search long: ten times the examples, twice the steps."""
EXAMPLES = {"fast": 4, "ci": 20}.get(_PROFILE, 10) * (10 if LONG else 1)
STEPS = 80 * (2 if LONG else 1)

SEEDS = st.one_of(st.integers(-(10**30), 10**30), st.text(max_size=12), st.binary(max_size=12))
# Text that tags may hold, and text that they may not.
TAG_TEXT = st.text(
    st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"), blacklist_characters="{}"),
    max_size=12,
)
BAD_TAG_TEXT = st.builds(
    lambda before, bad, after: before + bad + after,
    TAG_TEXT,
    st.sampled_from(["\n", "\r", "\x00", "\x7f", "\x85", "\u2028", "{", "}", "\ud800", "\udfff"]),
    TAG_TEXT,
)
JUNK: st.SearchStrategy[Any] = st.sampled_from(
    [
        None,
        "",
        " ",
        "?",
        "*",
        "ZZ",
        "X9",
        "10",
        "1.5",
        -1,
        6,
        99,
        10**30,
        1.5,
        True,
        False,
        b"H",
        [],
        (),
    ]
)


class _Machine(RuleBasedStateMachine):
    """The machine for one game: the subclasses say which."""

    game: Any
    """The game's module: ``bugami`` or ``bugami.argute`` (set by each subclass)."""

    def __init__(self) -> None:
        super().__init__()
        self.state: Any = None

    # -- what the subclasses say --

    def draw_rules(self, data: st.DataObject) -> Any:
        raise NotImplementedError

    def bid_forms(self, choice: Any) -> list[Any]:
        """The ways ``choice`` may be written."""
        raise NotImplementedError

    def card_forms(self, card: Any) -> list[Any]:
        """The ways ``card`` may be written."""
        raise NotImplementedError

    def all_cards(self) -> list[Any]:
        raise NotImplementedError

    def all_bids(self) -> list[Any]:
        raise NotImplementedError

    # -- helpers --

    @property
    def players(self) -> int:
        players: int = self.state.rules.players
        return players

    def current(self) -> Any:
        """The deal being played (``None`` once a game is over)."""
        return self.state.current if isinstance(self.state, self.game.Game) else self.state

    def snapshot(self) -> tuple[Any, int, str]:
        return self.state, hash(self.state), bugami.dumps(self.state)

    def assert_unchanged(self, snapshot: tuple[Any, int, str]) -> None:
        before, hashed, text = snapshot
        assert self.state is before
        assert self.state == pickle.loads(pickle.dumps(before))
        assert hash(self.state) == hashed
        assert bugami.dumps(self.state) == text

    def refused(self, action: Any, *checks: Any) -> None:
        """``action()`` must raise a BugamiError and change nothing; each of
        ``checks`` (``can_*``, ``check_*``) must agree."""
        snapshot = self.snapshot()
        with pytest.raises(BugamiError) as error:
            action()
        assert isinstance(error.value, (InvalidInputError, IllegalMoveError))
        can, check = checks
        assert can() is False
        with pytest.raises(type(error.value)):
            check()
        self.assert_unchanged(snapshot)

    # -- the rules --

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        rules = self.draw_rules(data)
        seed = data.draw(SEEDS, label="seed")
        if data.draw(st.booleans(), label="whole game"):
            self.state = self.game.new_game(rules, seed=seed)
        else:
            self.state = self.game.deal(rules, seed=seed)

    def bidders(self) -> list[int]:
        return [seat for seat in range(self.players) if self.game.legal_bids(self.state, seat)]

    @precondition(lambda self: self.state is not None and self.bidders())
    @rule(data=st.data())
    def bid(self, data: st.DataObject) -> None:
        seat = data.draw(st.sampled_from(self.bidders()), label="seat")
        choice = data.draw(st.sampled_from(self.game.legal_bids(self.state, seat)), label="bid")
        written = data.draw(st.sampled_from(self.bid_forms(choice)), label="written")
        assert self.game.can_bid(self.state, seat, written)
        self.game.check_bid(self.state, seat, written)
        before = self.state
        self.state = self.game.bid(self.state, seat, written)
        assert self.state != before
        assert self.game.legal_bids(self.current() or self.state, seat) == () or (
            isinstance(self.state, self.game.Game) and len(self.state.deals) > len(before.deals)
        )

    @rule(data=st.data())
    def bid_wrongly(self, data: st.DataObject) -> None:
        seats = st.one_of(st.integers(-2, self.players + 1), JUNK)
        seat = data.draw(seats, label="seat")
        choices = st.one_of(
            st.sampled_from([form for bid in self.all_bids() for form in self.bid_forms(bid)]),
            JUNK,
        )
        choice = data.draw(choices, label="bid")
        legal = (
            seat.__class__ is int
            and 0 <= seat < self.players
            and any(
                choice in self.bid_forms(legal)
                for legal in self.game.legal_bids(self.current() or self.state, seat)
            )
            and self.current() is not None
        )
        if legal:
            return  # not wrong after all: the bid rule plays legal bids
        self.refused(
            lambda: self.game.bid(self.state, seat, choice),
            lambda: self.game.can_bid(self.state, seat, choice),
            lambda: self.game.check_bid(self.state, seat, choice),
        )

    @precondition(lambda self: self.state is not None and self.game.legal_moves(self.state))
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        moves = self.game.legal_moves(self.state)
        card = data.draw(st.sampled_from(moves), label="card")
        written = data.draw(st.sampled_from(self.card_forms(card)), label="written")
        deal = self.current()
        seat = deal.to_move
        assert self.game.can_play(self.state, written)
        self.game.check_play(self.state, written, seat=seat)
        before = self.state
        self.state = self.game.play(self.state, written, seat=seat)
        assert self.state != before

    @precondition(lambda self: self.state is not None and self.current() is not None)
    @rule(data=st.data())
    def hurry(self, data: st.DataObject) -> None:
        """Many legal actions at once, so that deals and games reach their end."""
        for _ in range(data.draw(st.integers(1, 40), label="actions")):
            if self.current() is None:
                break
            bidders = self.bidders()
            if bidders:
                seat = bidders[0]
                choices = self.game.legal_bids(self.state, seat)
                choice = choices[data.draw(st.integers(0, len(choices) - 1), label="bid")]
                self.state = self.game.bid(self.state, seat, choice)
            elif self.game.legal_moves(self.state):
                moves = self.game.legal_moves(self.state)
                move = moves[data.draw(st.integers(0, len(moves) - 1), label="card")]
                self.state = self.game.play(self.state, move)
            else:
                break
        deal = self.current()
        event(
            "game over" if deal is None else "deal over" if deal.is_over
            else "bidding" if deal.to_move is None else "playing"
        )  # fmt: skip

    @rule(data=st.data())
    def play_wrongly(self, data: st.DataObject) -> None:
        forms = [form for card in self.all_cards() for form in self.card_forms(card)]
        card = data.draw(st.one_of(st.sampled_from(forms), JUNK), label="card")
        legal = self.game.legal_moves(self.state) if self.current() is not None else ()
        if any(card in self.card_forms(move) for move in legal):
            wrong_seat = (self.current().to_move + 1) % self.players
            self.refused(
                lambda: self.game.play(self.state, card, seat=wrong_seat),
                lambda: False,
                lambda: self.game.check_play(self.state, card, seat=wrong_seat),
            )
            return
        self.refused(
            lambda: self.game.play(self.state, card),
            lambda: self.game.can_play(self.state, card),
            lambda: self.game.check_play(self.state, card),
        )

    @rule(data=st.data())
    def views(self, data: st.DataObject) -> None:
        seat = data.draw(st.integers(0, self.players - 1), label="seat")
        seen = self.game.view(self.state, seat)
        assert seen == self.game.view(self.state, seat)
        assert hash(seen) == hash(self.game.view(self.state, seat))
        assert seen.seat == seat
        assert seen.rules == self.state.rules
        deal = self.current()
        part = seen.current if isinstance(self.state, self.game.Game) else seen
        if deal is None:
            assert part is None
        else:
            assert part.hand == deal.hands[seat]
            assert part.hand_sizes == tuple(len(hand) for hand in deal.hands)
            assert part.tricks == deal.tricks
            assert part.to_move == deal.to_move
            assert part.leader == deal.leader
            assert part.legal_bids() == self.game.legal_bids(deal, seat)
            assert part.legal_moves() == (
                self.game.legal_moves(deal) if deal.to_move == seat else ()
            )
            assert part.has_bid == tuple(choice is not None for choice in deal.bids)
            for other, choice in enumerate(part.bids):
                assert choice is None or choice == deal.bids[other]
            if deal.is_over:
                assert part.points == self.game.score(deal)
            elif deal.to_move is not None:
                rng = random.Random(data.draw(st.integers(0, 2**32), label="sampling"))
                sampled = self.game.sample_deal(part, rng)
                assert self.game.view(sampled, seat) == part
        with pytest.raises(InvalidInputError):
            self.game.view(self.state, self.players)
        for format in ("json", "text"):
            text = bugami.dumps(seen, format=format)
            assert bugami.loads(text) == seen
            assert bugami.dumps(bugami.load_record(text), format=format) == text

    @rule(data=st.data(), format=st.sampled_from(["json", "text"]))
    def records(self, data: st.DataObject, format: str) -> None:
        text = bugami.dumps(self.state, format=format)  # type: ignore[arg-type]
        assert bugami.loads(text) == self.state
        assert bugami.dumps(bugami.load_record(text), format=format) == text  # type: ignore[arg-type]
        other = "text" if format == "json" else "json"
        assert bugami.loads(bugami.dumps(bugami.loads(text), format=other)) == self.state  # type: ignore[arg-type]
        tags: dict[str, Any] = {
            "event": data.draw(st.none() | TAG_TEXT, label="event"),
            "seats": data.draw(
                st.none() | st.tuples(*[TAG_TEXT] * self.players), label="seats"
            ),
            "extra": data.draw(
                st.lists(st.tuples(st.from_regex(r"[A-Z][a-z]{0,5}X", fullmatch=True), TAG_TEXT),
                         max_size=3, unique_by=lambda pair: pair[0]),
                label="extra",
            ),
        }  # fmt: skip
        tags["extra"] = tuple(tags["extra"])
        record = bugami.Record.from_state(self.state, **tags)
        text = bugami.dumps(record, format=format)  # type: ignore[arg-type]
        again = bugami.load_record(text)
        assert again == record
        assert bugami.dumps(again, format=format) == text  # type: ignore[arg-type]
        assert bugami.dumps(again, format=other) == bugami.dumps(record, format=other)  # type: ignore[arg-type]
        bad = data.draw(BAD_TAG_TEXT, label="bad tag")
        with pytest.raises(InvalidInputError):
            bugami.Record.from_state(self.state, site=bad)

    @rule()
    def scores(self) -> None:
        deal = self.current()
        if isinstance(self.state, self.game.Game):
            assert self.game.score(self.state) == self.state.totals
        elif deal.is_over:
            assert len(self.game.score(deal)) == self.players
        else:
            snapshot = self.snapshot()
            with pytest.raises(IllegalMoveError):
                self.game.score(deal)
            self.assert_unchanged(snapshot)

    @invariant()
    def a_value(self) -> None:
        if self.state is not None:
            assert pickle.loads(pickle.dumps(self.state)) == self.state


class BugamiMachine(_Machine):
    game = bugami

    def draw_rules(self, data: st.DataObject) -> Any:
        return bugami.Rules(
            players=data.draw(st.integers(3, 7), label="players"),
            jokers=data.draw(st.integers(0, 8), label="jokers"),
            shotgun_wedding=data.draw(st.booleans(), label="shotgun wedding"),
            target=data.draw(st.integers(1, 60), label="target"),
        )

    def bid_forms(self, choice: Any) -> list[Any]:
        text = "M" if choice is bugami.MISERE else str(choice)
        return [choice, text, text.lower()]

    def card_forms(self, card: Any) -> list[Any]:
        return [card, str(card), str(card).lower()]

    def all_cards(self) -> list[Any]:
        return list(bugami.deck(8))

    def all_bids(self) -> list[Any]:
        return [*bugami.Suit, bugami.MISERE]


class ArguteMachine(_Machine):
    game = argute

    def draw_rules(self, data: st.DataObject) -> Any:
        return argute.Rules(
            players=data.draw(st.integers(2, 7), label="players"),
            target=data.draw(st.integers(1, 4), label="target"),
        )

    def bid_forms(self, choice: Any) -> list[Any]:
        return [choice, str(choice)]

    def card_forms(self, card: Any) -> list[Any]:
        return [card, str(card)]

    def all_cards(self) -> list[Any]:
        return list(range(6))

    def all_bids(self) -> list[Any]:
        return list(range(4))


_SETTINGS = settings(max_examples=EXAMPLES, stateful_step_count=STEPS, deadline=None)
TestBugami = BugamiMachine.TestCase
TestBugami.settings = _SETTINGS
TestArgute = ArguteMachine.TestCase
TestArgute.settings = _SETTINGS
