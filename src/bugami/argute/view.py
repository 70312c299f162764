"""What one player of Argute may know: views of a hand and of a game.

A :class:`DealView` holds the seat's own hand and what the table shows: the
dealer, who has laid a bid card, the values played with who played them, the
counts and winners of the tricks, and how many cards each seat holds. Bids
other than the seat's own stay hidden until the hand is over (unlike Bugami,
where they are revealed once all are in); then every bid is shown with the
points. The cards nobody was dealt are never in a view, not even once every
card in play has been played (ruling 3). A :class:`GameView` adds the finished
hands (nothing about them is secret any more) and the totals, but not the
game's seed, from which every hand to come follows.

>>> from bugami import argute
>>> state = argute.deal(argute.Rules(players=3), hands=["001122", "334455", "012345"])
>>> state = argute.bid(argute.bid(state, 2, 1), 0, 3)
>>> seen = view(state, 2)
>>> seen.hand, seen.has_bid, seen.bids
((0, 1, 2, 3, 4, 5), (True, False, True), (None, None, 1))
"""

from __future__ import annotations

from typing import Any, Final, overload

from bugami.argute.game import Game
from bugami.argute.rules import BIDS, COPIES, TRICKS, VALUES, Rules, _check_seat
from bugami.argute.scoring import score
from bugami.argute.state import (
    _SORTED,
    Deal,
    Trick,
    counts_of,
    distinct_values_of,
    pack,
    values_of,
)
from bugami.errors import InvalidInputError
from bugami.match import MatchView
from bugami.state import Phase, _Frozen

__all__ = ["DealView", "GameView", "view"]

_FULL_DECK: Final = pack(tuple(value for value in VALUES for _ in range(COPIES)))


class _DealViewFields:
    __slots__ = (
        "_hand", "bids", "current_trick", "dealer", "hand_sizes", "has_bid", "leader",
        "points", "rules", "seat", "to_move", "tricks",
    )  # fmt: skip
    rules: Rules
    seat: int
    dealer: int
    _hand: int
    hand_sizes: tuple[int, ...]
    bids: tuple[int | None, ...]
    has_bid: tuple[bool, ...]
    leader: int | None
    to_move: int | None
    current_trick: tuple[int, ...]
    tricks: tuple[Trick, ...]
    points: tuple[int, ...] | None


class DealView(_DealViewFields, _Frozen):
    """One seat's view of a hand of Argute. Immutable; compares and hashes by
    value. Get one from :func:`view`.

    .. attribute:: rules
       :type: bugami.argute.rules.Rules

       The rules of the game.

    .. attribute:: seat
       :type: int

       The seat whose view this is.

    .. attribute:: dealer
       :type: int

       The dealer's seat.

    .. attribute:: hand_sizes
       :type: tuple[int, ...]

       How many cards each seat holds now.

    .. attribute:: has_bid
       :type: tuple[bool, ...]

       Whether each seat has laid its bid card (face down, but on the table).

    .. attribute:: bids
       :type: tuple[int | None, ...]

       Every seat's bid once the hand is over; before that only this seat's
       own bid, and ``None`` for everyone else.

    .. attribute:: to_move
       :type: int | None

       The seat to play a card, or ``None`` while bidding or once the hand is
       over.

    .. attribute:: leader
       :type: int | None

       The seat that leads (or led) the open trick.

    .. attribute:: current_trick
       :type: tuple[int, ...]

       The values played so far to the open trick, in order of play.

    .. attribute:: tricks
       :type: tuple[bugami.argute.state.Trick, ...]

       The completed tricks, which are public.

    .. attribute:: points
       :type: tuple[int, ...] | None

       Each seat's points once the hand is over, else ``None``.

    >>> from bugami import argute
    >>> seen = view(argute.deal(argute.Rules(players=5), seed=4), 3)
    >>> len(seen.hand), len(seen.unseen), seen.hand_sizes
    (6, 36, (6, 6, 6, 6, 6))
    """

    __slots__ = ()
    _fields = (
        "rules", "seat", "dealer", "_hand", "hand_sizes", "bids", "has_bid", "leader",
        "current_trick", "tricks", "points",
    )  # fmt: skip

    def __new__(cls, *args: object, **kwargs: object) -> DealView:
        raise TypeError("views are made by bugami.argute.view; they cannot be built directly")

    def __reduce__(self) -> tuple[Any, ...]:
        return (make_deal_view, self._key())

    @property
    def hand(self) -> tuple[int, ...]:
        """This seat's values, lowest first."""
        return _SORTED[self._hand]

    @property
    def counts(self) -> tuple[int, ...]:
        """Each seat's count in the open trick so far, by seat."""
        if self.leader is None:
            return (0,) * self.rules.players
        return counts_of(self.current_trick, self.leader, self.rules.players)

    @property
    def played(self) -> tuple[int, ...]:
        """Every value played so far, lowest first.

        >>> from bugami import argute
        >>> view(argute.deal(argute.Rules(), seed=3), 0).played
        ()
        """
        return values_of(_played(self.tricks, self.current_trick))

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

    @property
    def phase(self) -> Phase:
        """Whether the hand is in its bidding phase, being played, or over."""
        if self.to_move is not None:
            return Phase.PLAYING
        return Phase.OVER if self.points is not None else Phase.BIDDING

    @property
    def is_over(self) -> bool:
        """Whether all three tricks have been played."""
        return self.points is not None

    def legal_bids(self) -> tuple[int, ...]:
        """The bids this seat may still make (``()`` once it has bid).

        >>> from bugami import argute
        >>> view(argute.deal(argute.Rules(), seed=3), 0).legal_bids()
        (0, 1, 2, 3)
        """
        return () if self.has_bid[self.seat] else BIDS

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

    def _repr_html_(self) -> str:
        """The picture Jupyter shows: see :func:`bugami.render.argute_html`."""
        from bugami.render import argute_html

        return argute_html(self)

    def __repr__(self) -> str:
        if self.phase is Phase.BIDDING:
            where = f"bidding, {self.has_bid.count(False)} to bid"
        elif self.phase is Phase.PLAYING:
            where = f"trick {len(self.tricks) + 1} of {TRICKS}, seat {self.to_move} to play"
        else:
            where = "over"
        hand = "".join(map(str, self.hand)) or "-"
        return f"<Argute DealView for seat {self.seat}: {where}; hand {hand}>"


def make_deal_view(
    rules: Rules, seat: int, dealer: int, hand: int, hand_sizes: tuple[int, ...],
    bids: tuple[int | None, ...], has_bid: tuple[bool, ...], leader: int | None,
    trick: tuple[int, ...], tricks: tuple[Trick, ...], points: tuple[int, ...] | None,
) -> DealView:  # fmt: skip
    """Build a :class:`DealView` from its fields (for the library only; not checked)."""
    seen = _DealViewFields()
    seen.rules = rules
    seen.seat = seat
    seen.dealer = dealer
    seen._hand = hand
    seen.hand_sizes = hand_sizes
    seen.bids = bids
    seen.has_bid = has_bid
    seen.leader = leader
    seen.to_move = None if leader is None else (leader + len(trick)) % rules.players
    seen.current_trick = trick
    seen.tricks = tricks
    seen.points = points
    seen.__class__ = DealView
    return seen  # type: ignore[return-value]


def _played(tricks: tuple[Trick, ...], trick: tuple[int, ...]) -> int:
    """The packed multiset of the values played."""
    played = pack(trick)
    for done in tricks:
        played += pack(done.cards)
    return played


def unseen_mask(seen: DealView) -> int:
    """The packed multiset of the values ``seen``'s seat cannot see."""
    return _FULL_DECK - seen._hand - _played(seen.tricks, seen.current_trick)


def _hand_size(hand: int) -> int:
    return sum(hand >> 3 * value & 7 for value in VALUES)


def _deal_view(state: Deal, seat: int) -> DealView:
    over = state.is_over
    return make_deal_view(
        state.rules,
        seat,
        state.dealer,
        state._hands[seat],
        tuple([_hand_size(hand) for hand in state._hands]),
        state.bids if over else tuple(
            choice if index == seat else None for index, choice in enumerate(state.bids)
        ),
        tuple([choice is not None for choice in state.bids]),
        state.leader,
        state.current_trick,
        state.tricks,
        score(state) if over else None,
    )  # fmt: skip


class GameView(MatchView):
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
    rules: Rules
    deals: tuple[Deal, ...]
    current: DealView | None

    def __new__(cls, *args: object, **kwargs: object) -> GameView:
        raise TypeError("views are made by bugami.argute.view; they cannot be built directly")

    def legal_bids(self) -> tuple[int, ...]:
        """The bids this seat may make in the current hand."""
        return () if self.current is None else self.current.legal_bids()

    def legal_moves(self) -> tuple[int, ...]:
        """The values this seat may play now in the current hand."""
        return () if self.current is None else self.current.legal_moves()

    def _repr_html_(self) -> str:
        """The picture Jupyter shows: see :func:`bugami.render.argute_html`."""
        from bugami.render import argute_html

        return argute_html(self)

    def __repr__(self) -> str:
        return self._describe("Argute GameView", "hand")


def make_game_view(
    rules: Rules, seat: int, first_dealer: int, deals: tuple[Deal, ...],
    current: DealView | None, totals: tuple[int, ...], winner: int | None,
) -> GameView:  # fmt: skip
    """Build a :class:`GameView` from its fields (for the library only; not checked)."""
    return GameView._made(rules, seat, first_dealer, deals, current, totals, winner)


@overload
def view(state: Deal, seat: int) -> DealView: ...


@overload
def view(state: Game, seat: int) -> GameView: ...


def view(state: Deal | Game, seat: int) -> DealView | GameView:
    """What ``seat`` may know of a hand or a game of Argute (see
    :class:`DealView` and :class:`GameView`).

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=3), seed=2)
    >>> view(state, 0) == view(state, 0), view(state, 0) == view(state, 1)
    (True, False)
    >>> view(state, 3)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: seat must be a seat from 0 to 2, not 3
    """
    if not isinstance(state, (Deal, Game)):
        raise InvalidInputError(f"view needs an Argute Deal or Game, not {state!r}")
    _check_seat(state.rules, seat)
    if isinstance(state, Deal):
        return _deal_view(state, seat)
    return make_game_view(
        state.rules,
        seat,
        state.first_dealer,
        state.deals,
        None if state.current is None else _deal_view(state.current, seat),
        state.totals,
        state.winner,
    )
