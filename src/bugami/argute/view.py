"""What one player of Argute may know: views of a hand and of a game.

A :class:`DealView` holds the seat's own hand and what the table shows: the
dealer, who has laid a bid card, the values played with who played them, the
counts and winners of the tricks, and how many cards each seat holds. Bids
other than the seat's own stay hidden until the hand is over (unlike Bugami,
where they are revealed once all are in); then every bid is shown with the
points. The cards nobody was dealt are never in a view, not even once every
card in play has been played (ruling 3). A :class:`GameView` adds the finished
hands (nothing about them is secret any more) and the totals, but not the
game's seed, from which every hand to come follows. ``view(state, None)`` is
a spectator's view (:class:`SpectatorView`, :class:`SpectatorGameView`):
what the whole table shows, and no hand. Every view's ``to_dict()`` is its
client payload (see :func:`~bugami.argute.frontend.payload_schema`).

>>> from bugami import argute
>>> state = argute.deal(argute.Rules(players=3), hands=["001122", "334455", "012345"])
>>> state = argute.bid(argute.bid(state, 2, 1), 0, 3)
>>> seen = view(state, 2)
>>> seen.hand, seen.has_bid, seen.bids
((0, 1, 2, 3, 4, 5), (True, False, True), (None, None, 1))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, overload

from bugami._kernel.actions import JSONValue
from bugami._kernel.match import MatchView, SpectatorMatchView
from bugami._kernel.views import (
    DealViewBase,
    SpectatorViewBase,
    ViewParts,
    view_builder,
    view_of,
)
from bugami.argute._scoring import hand_points
from bugami.argute.actions import BidAction, PlayAction
from bugami.argute.game import Game
from bugami.argute.rules import BIDS, COPIES, TRICKS, VALUES, Rules
from bugami.argute.state import (
    FIELD,
    HAND_MASK,
    SEAT_BITS,
    SORTED,
    Deal,
    Trick,
    counts_of,
    distinct_values_of,
    pack,
    values_of,
)

__all__ = ["DealView", "GameView", "SpectatorGameView", "SpectatorView", "view"]

_FULL_DECK: Final = pack(tuple(value for value in VALUES for _ in range(COPIES)))


def _payload_extra(seen: DealView | SpectatorView) -> dict[str, JSONValue]:
    """Argute's part of a hand view's payload: each seat's count in the open trick."""
    if seen.leader is None:
        return {"counts": [0] * seen.rules.players}
    return {"counts": list(counts_of(seen._trick, seen.leader, seen.rules.players))}


class DealView(DealViewBase[Rules, int, int, Trick]):
    """One seat's view of a hand of Argute. Immutable; compares and hashes by
    value. Get one from :func:`view`.

    >>> from bugami import argute
    >>> seen = view(argute.deal(argute.Rules(players=5), seed=4), 3)
    >>> len(seen.hand), len(seen.unseen), seen.hand_sizes
    (6, 36, (6, 6, 6, 6, 6))
    """

    __slots__ = ()
    _fields = (
        "rules", "seat", "dealer", "_hand", "hand_sizes", "bids", "has_bid", "leader",
        "_trick", "tricks", "points",
    )  # fmt: skip
    _refusal = "views are made by bugami.argute.view; they cannot be built directly"
    _title = "Argute DealView"
    _hand_separator = ""
    _all_bids = BIDS
    _actions = (BidAction, PlayAction)
    _payload_extra = _payload_extra

    def __reduce__(self) -> tuple[Any, ...]:
        return (make_deal_view, self._key())

    def _tricks_in_deal(self) -> int:
        return TRICKS

    @property
    def hand(self) -> tuple[int, ...]:
        """This seat's values, lowest first."""
        return SORTED[self._hand]

    @property
    def current_trick(self) -> tuple[int, ...]:
        """The values played so far to the open trick, in order of play."""
        return self._trick

    @property
    def counts(self) -> tuple[int, ...]:
        """Each seat's count in the open trick so far, by seat."""
        if self.leader is None:
            return (0,) * self.rules.players
        return counts_of(self._trick, self.leader, self.rules.players)

    @property
    def played(self) -> tuple[int, ...]:
        """Every value played so far, lowest first.

        >>> from bugami import argute
        >>> view(argute.deal(argute.Rules(), seed=3), 0).played
        ()
        """
        return values_of(_played(self.tricks, self._trick))

    @property
    def unseen(self) -> tuple[int, ...]:
        """The values this seat cannot see, lowest first: those in other hands
        and those nobody was dealt (which it cannot tell apart).

        >>> from bugami import argute
        >>> seen = view(argute.deal(argute.Rules(), seed=3), 0)
        >>> len(seen.unseen), sorted(seen.unseen + seen.hand).count(5)
        (36, 7)
        """
        return values_of(unseen_mask(self))

    def legal_bids(self) -> tuple[int, ...]:
        """The bids this seat may still make (``()`` once it has bid).

        >>> from bugami import argute
        >>> view(argute.deal(argute.Rules(), seed=3), 0).legal_bids()
        (0, 1, 2, 3)
        """
        return super().legal_bids()

    def legal_moves(self) -> tuple[int, ...]:
        """The distinct values this seat may play now, lowest first; ``()``
        unless it is this seat's turn.

        >>> from bugami import argute
        >>> view(argute.deal(argute.Rules(), seed=3), 0).legal_moves()
        ()
        """
        if self.to_move != self.seat:
            return ()
        return distinct_values_of(self._hand)


make_deal_view: Callable[..., DealView] = view_builder(DealView, DealView._fields, "make_deal_view")
"""Build a :class:`DealView` from its fields (for the library only; not checked)."""


class SpectatorView(SpectatorViewBase[Rules, int, int, Trick]):
    """A spectator's view of a hand of Argute: what the whole table shows --
    the dealer, who has laid a bid card, the values played, how many cards
    each seat holds, and the bids and the points once the hand is over --
    and no hand. Its ``seat`` is ``None``. Immutable; compares and hashes by
    value. Get one from ``view(state, None)``.

    >>> from bugami import argute
    >>> state = argute.bid(argute.deal(argute.Rules(players=3), seed=5), 1, 2)
    >>> seen = view(state, None)
    >>> seen
    <Argute DealView for spectators: bidding, 2 to bid>
    >>> seen.hand, seen.has_bid, seen.bids
    ((), (False, True, False), (None, None, None))
    """

    __slots__ = ()
    _fields = DealView._fields
    _refusal = DealView._refusal
    _title = DealView._title
    _actions = (BidAction, PlayAction)
    _payload_extra = _payload_extra

    def __reduce__(self) -> tuple[Any, ...]:
        return (make_spectator_view, self._key())

    def _tricks_in_deal(self) -> int:
        return TRICKS


make_spectator_view: Callable[..., SpectatorView] = view_builder(
    SpectatorView, SpectatorView._fields, "make_spectator_view"
)
"""Build a :class:`SpectatorView` from its fields (for the library only; not checked)."""


def _played(tricks: tuple[Trick, ...], trick: tuple[int, ...]) -> int:
    """The packed multiset of the values played."""
    played = pack(trick)
    for done in tricks:
        played += pack(done._cards)
    return played


def unseen_mask(seen: DealView) -> int:
    """The packed multiset of the values ``seen``'s seat cannot see."""
    return _FULL_DECK - seen._hand - _played(seen.tricks, seen._trick)


def _hand_size(hand: int) -> int:
    return sum(hand >> FIELD * value & 7 for value in VALUES)


def _deal_view(state: Deal, seat: int) -> DealView:
    over = state.is_over
    setup = state._setup
    held = state._held
    bids = setup.bids
    hands = [held >> SEAT_BITS * other & HAND_MASK for other in range(setup.players)]
    made: DealView = make_deal_view(
        setup.rules,
        seat,
        setup.dealer,
        hands[seat],
        tuple([_hand_size(hand) for hand in hands]),
        bids if over else tuple(
            choice if index == seat else None for index, choice in enumerate(bids)
        ),
        tuple([choice is not None for choice in bids]),
        state.leader,
        state._trick,
        state.tricks,
        hand_points(state) if over else None,
    )  # fmt: skip
    return made


class GameView(MatchView[Rules, Deal, DealView, int, int]):
    """One seat's view of a whole game of Argute. Immutable; compares and
    hashes by value.

    It has the game's ``rules``, the viewer's ``seat``, the ``first_dealer``,
    the finished hands in ``deals`` (full :class:`~bugami.argute.state.Deal`
    values, as nothing about a finished hand is secret), the view of the
    ``current`` hand (``None`` once the game is over), the ``totals`` and the
    ``winner``. The game's seed is not in it.

    >>> from bugami import argute
    >>> seen = view(argute.new_game(argute.Rules(), seed=1), 2)
    >>> seen.current.seat, seen.totals, seen.is_over, seen.legal_bids()
    (2, (0, 0, 0, 0), False, (0, 1, 2, 3))
    """

    __slots__ = ()
    _refusal = "views are made by bugami.argute.view; they cannot be built directly"
    _title = "Argute GameView"
    _deal_word = "hand"
    _actions = (BidAction, PlayAction)
    _hooks = Game._hooks


class SpectatorGameView(SpectatorMatchView[Rules, Deal, SpectatorView, int, int]):
    """A spectator's view of a whole game of Argute: like :class:`GameView`,
    with ``seat`` ``None`` and a :class:`SpectatorView` of the current hand.
    Immutable; compares and hashes by value. Get one from ``view(game, None)``.

    >>> from bugami import argute
    >>> view(argute.new_game(argute.Rules(), seed=1), None)
    <Argute GameView for spectators: hand 1 in progress, totals 0, 0, 0, 0>
    """

    __slots__ = ()
    _refusal = GameView._refusal
    _title = GameView._title
    _deal_word = "hand"
    _actions = (BidAction, PlayAction)
    _hooks = Game._hooks


_PARTS: Final[ViewParts[Rules, Deal, DealView, GameView, SpectatorView, SpectatorGameView]] = (
    ViewParts(
        noun="an Argute",
        deal=Deal,
        game=Game,
        deal_view=_deal_view,
        game_view=GameView._made,
        spectator_view=make_spectator_view,
        spectator_game_view=SpectatorGameView._made,
    )
)


@overload
def view(state: Deal, seat: int) -> DealView: ...


@overload
def view(state: Game, seat: int) -> GameView: ...


@overload
def view(state: Deal, seat: None) -> SpectatorView: ...


@overload
def view(state: Game, seat: None) -> SpectatorGameView: ...


def view(
    state: Deal | Game, seat: int | None
) -> DealView | GameView | SpectatorView | SpectatorGameView:
    """What ``seat`` may know of a hand or a game of Argute (see
    :class:`DealView` and :class:`GameView`); with ``seat=None``, what a
    spectator sees (:class:`SpectatorView`, :class:`SpectatorGameView`).

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=3), seed=2)
    >>> view(state, 0) == view(state, 0), view(state, 0) == view(state, 1)
    (True, False)
    >>> view(state, 3)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: seat must be a seat from 0 to 2, not 3
    """
    seen: DealView | GameView | SpectatorView | SpectatorGameView = view_of(state, seat, _PARTS)
    return seen
