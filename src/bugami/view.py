"""What one player may know: views of a deal and of a game.

The full state is the truth; a view is one seat's share of it. A
:class:`DealView` holds the seat's own hand and everything public -- the
dealer, who has bid (and, once all have, every bid), the cards played and who
won each trick, how many cards each seat holds, the suits each seat has shown
out of, and, once the deal is over, the leftover and the points. Other hands,
the leftover before the end, and bids before the reveal are not in it at all,
so they cannot leak through it: a view can be handed to a bot, a client or a
log without care. A :class:`GameView` adds the game's finished deals (which
hide nothing) and totals, but not the seed, from which future deals follow.

>>> import bugami
>>> state = bugami.deal(bugami.Rules(), seed=12, dealer=0)
>>> state = bugami.bid(state, 2, "H")
>>> seen = view(state, 1)
>>> seen.hand == state.hands[1], seen.hand_sizes, seen.has_bid, seen.bids
(True, (13, 13, 13, 13), (False, False, True, False), (None, None, None, None))
>>> view(state, 2).bids  # a seat sees its own bid
(None, None, Suit.HEARTS, None)
"""

from __future__ import annotations

from typing import Any, Final, overload

from bugami.cards import _CARDS, MISERE, Bid, Card, Suit
from bugami.errors import InvalidInputError
from bugami.game import Game
from bugami.match import MatchView
from bugami.rules import Rules
from bugami.scoring import score
from bugami.state import (
    Deal,
    Phase,
    Trick,
    _Frozen,
    _legal_mask,
    cards_of,
    shown_out,
    trick_shown_out,
)

__all__ = ["DealView", "GameView", "view"]

_ALL_BIDS: Final[tuple[Bid, ...]] = (*Suit, MISERE)
_SUITS: Final = tuple(Suit)


class _DealViewFields:
    __slots__ = (
        "_hand",
        "_leftover",
        "_trick",
        "_voids",
        "bids",
        "dealer",
        "hand_sizes",
        "has_bid",
        "leader",
        "points",
        "rules",
        "seat",
        "to_move",
        "tricks",
    )
    rules: Rules
    seat: int
    dealer: int
    _hand: int
    hand_sizes: tuple[int, ...]
    bids: tuple[Bid | None, ...]
    has_bid: tuple[bool, ...]
    leader: int | None
    to_move: int | None
    _trick: tuple[int, ...]
    tricks: tuple[Trick, ...]
    _leftover: int
    _voids: tuple[int, ...]
    points: tuple[int, ...] | None


class DealView(_DealViewFields, _Frozen):
    """One seat's view of a deal. Immutable; compares and hashes by value.

    Get one from :func:`view`.

    .. attribute:: rules
       :type: bugami.rules.Rules

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

       Whether each seat has made its bid (the face-down bid card is on the
       table for all to see).

    .. attribute:: bids
       :type: tuple[bugami.cards.Bid | None, ...]

       Every seat's bid once all are revealed; before that only this seat's
       own bid, and ``None`` for everyone else.

    .. attribute:: to_move
       :type: int | None

       The seat to play a card, or ``None`` while bidding or once the deal is
       over.

    .. attribute:: leader
       :type: int | None

       The seat that leads (or led) the open trick.

    .. attribute:: tricks
       :type: tuple[bugami.state.Trick, ...]

       The completed tricks, which are public.

    .. attribute:: points
       :type: tuple[int, ...] | None

       Each seat's points once the deal is over, else ``None``.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(players=5), seed=4)
    >>> seen = view(state, 3)
    >>> len(seen.hand), len(seen.unseen), seen.leftover
    (10, 42, ())
    """

    __slots__ = ()
    _fields = (
        "rules", "seat", "dealer", "_hand", "hand_sizes", "bids", "has_bid", "leader",
        "_trick", "tricks", "_leftover", "_voids", "points",
    )  # fmt: skip

    def __new__(cls, *args: object, **kwargs: object) -> DealView:
        raise TypeError("views are made by bugami.view; they cannot be built directly")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_make_deal_view, self._key())

    @property
    def hand(self) -> tuple[Card, ...]:
        """This seat's hand, in canonical order."""
        return cards_of(self._hand)

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """The cards played so far to the open trick, in order of play."""
        return tuple([_CARDS[index] for index in self._trick])

    @property
    def leftover(self) -> tuple[Card, ...]:
        """The leftover once the deal is over (it joins the last trick); until
        then ``()``, as nobody has seen it."""
        return cards_of(self._leftover)

    @property
    def voids(self) -> tuple[frozenset[Suit], ...]:
        """For each seat, the suits it is known to hold no more of, because it
        did not follow them (a player at the table would know this too).

        >>> import bugami
        >>> state = bugami.deal(bugami.Rules(), seed=3)
        >>> view(state, 0).voids
        (frozenset(), frozenset(), frozenset(), frozenset())
        """
        return tuple(
            frozenset(suit for suit in _SUITS if mask >> suit.index & 1) for mask in self._voids
        )

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card played so far, in canonical order."""
        return cards_of(_played_mask(self.tricks, self._trick))

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards this seat cannot see: in other hands or, until the end,
        in the leftover. In canonical order.

        >>> import bugami
        >>> seen = view(bugami.deal(bugami.Rules(), seed=3), 0)
        >>> sorted(seen.unseen + seen.hand) == list(bugami.Rules().deck)
        True
        """
        deck = (1 << self.rules.deck_size) - 1
        return cards_of(
            deck & ~self._hand & ~self._leftover & ~_played_mask(self.tricks, self._trick)
        )

    @property
    def phase(self) -> Phase:
        """Whether the deal is in its bidding phase, being played, or over."""
        if self.to_move is not None:
            return Phase.PLAYING
        return Phase.OVER if self.points is not None else Phase.BIDDING

    @property
    def is_over(self) -> bool:
        """Whether every trick has been played."""
        return self.points is not None

    def legal_bids(self) -> tuple[Bid, ...]:
        """The bids this seat may still make (``()`` once it has bid).

        >>> import bugami
        >>> len(view(bugami.deal(bugami.Rules(), seed=3), 0).legal_bids())
        5
        """
        return () if self.has_bid[self.seat] else _ALL_BIDS

    def legal_moves(self) -> tuple[Card, ...]:
        """The cards this seat may play now, in canonical order; ``()`` unless
        it is this seat's turn.

        >>> import bugami
        >>> view(bugami.deal(bugami.Rules(), seed=3), 0).legal_moves()
        ()
        """
        if self.to_move != self.seat:
            return ()
        return cards_of(_legal_mask(self._hand, self._trick))

    def _repr_html_(self) -> str:
        """The picture Jupyter shows: see :func:`bugami.render.deal_html`."""
        from bugami.render import deal_html

        return deal_html(self)

    def __repr__(self) -> str:
        if self.phase is Phase.BIDDING:
            where = f"bidding, {self.has_bid.count(False)} to bid"
        elif self.phase is Phase.PLAYING:
            where = f"trick {len(self.tricks) + 1} of {self.rules.hand_size}, seat {self.to_move} to play"
        else:
            where = "over"
        hand = " ".join(map(str, self.hand)) or "-"
        return f"<DealView for seat {self.seat}: {where}; hand {hand}>"


def _make_deal_view(
    rules: Rules, seat: int, dealer: int, hand: int, hand_sizes: tuple[int, ...],
    bids: tuple[Bid | None, ...], has_bid: tuple[bool, ...], leader: int | None,
    trick: tuple[int, ...], tricks: tuple[Trick, ...], leftover: int, voids: tuple[int, ...],
    points: tuple[int, ...] | None,
) -> DealView:  # fmt: skip
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
    seen._trick = trick
    seen.tricks = tricks
    seen._leftover = leftover
    seen._voids = voids
    seen.points = points
    seen.__class__ = DealView
    return seen  # type: ignore[return-value]


def _played_mask(tricks: tuple[Trick, ...], trick: tuple[int, ...]) -> int:
    mask = 0
    for done in tricks:
        for index in done._cards:
            mask |= 1 << index
    for index in trick:
        mask |= 1 << index
    return mask


def shown_voids(
    players: int, tricks: tuple[Trick, ...], leader: int | None, trick: tuple[int, ...]
) -> tuple[int, ...]:
    """For each seat, a 4-bit mask of the suits it has shown out of: it played
    another card (a joker included) to a trick led in that suit."""
    shown = 0
    for done in tricks:
        shown |= trick_shown_out(done, players)
    if trick:
        shown |= shown_out(trick, leader, players)  # type: ignore[arg-type]
    return tuple([shown >> 4 * seat & 0xF for seat in range(players)])


def _deal_view(state: Deal, seat: int) -> DealView:
    setup = state._setup
    held = state._held
    bids = setup.bids
    over = state.is_over
    return _make_deal_view(
        setup.rules,
        seat,
        setup.dealer,
        setup.dealt[seat] & held,
        tuple([(hand & held).bit_count() for hand in setup.dealt]),
        bids if None not in bids else tuple(
            [choice if index == seat else None for index, choice in enumerate(bids)]
        ),
        tuple([choice is not None for choice in bids]),
        state.leader,
        state._trick,
        state.tricks,
        setup.leftover if over else 0,
        shown_voids(setup.players, state.tricks, state.leader, state._trick),
        score(state) if over else None,
    )  # fmt: skip


class GameView(MatchView):
    """One seat's view of a whole game. Immutable; compares and hashes by value.

    It has the game's ``rules``, the viewer's ``seat``, the ``first_dealer``,
    the finished ``deals`` (complete :class:`~bugami.Deal` values, as nothing
    about a finished deal is secret), the view of the ``current`` deal
    (``None`` once the game is over), the ``totals`` and the ``winner``. The
    game's seed is not in it: it would tell the cards of every deal to come.

    >>> import bugami
    >>> seen = view(bugami.new_game(bugami.Rules(), seed=1), 2)
    >>> seen.current.seat, seen.totals, seen.is_over
    (2, (0, 0, 0, 0), False)
    """

    __slots__ = ()
    rules: Rules
    deals: tuple[Deal, ...]
    current: DealView | None

    def __new__(cls, *args: object, **kwargs: object) -> GameView:
        raise TypeError("views are made by bugami.view; they cannot be built directly")

    def legal_bids(self) -> tuple[Bid, ...]:
        """The bids this seat may make in the current deal."""
        return () if self.current is None else self.current.legal_bids()

    def legal_moves(self) -> tuple[Card, ...]:
        """The cards this seat may play now in the current deal."""
        return () if self.current is None else self.current.legal_moves()

    def _repr_html_(self) -> str:
        """The picture Jupyter shows: see :func:`bugami.render.game_html`."""
        from bugami.render import game_html

        return game_html(self)

    def __repr__(self) -> str:
        return self._describe("GameView", "deal")


def _make_game_view(
    rules: Rules, seat: int, first_dealer: int, deals: tuple[Deal, ...],
    current: DealView | None, totals: tuple[int, ...], winner: int | None,
) -> GameView:  # fmt: skip
    return GameView._made(rules, seat, first_dealer, deals, current, totals, winner)


@overload
def view(state: Deal, seat: int) -> DealView: ...


@overload
def view(state: Game, seat: int) -> GameView: ...


def view(state: Deal | Game, seat: int) -> DealView | GameView:
    """What ``seat`` may know of a deal or a game (see :class:`DealView` and
    :class:`GameView`).

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(players=3), seed=2)
    >>> view(state, 0) == view(state, 0), view(state, 0) == view(state, 1)
    (True, False)
    >>> view(state, 3)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: seat must be a seat from 0 to 2, not 3
    """
    if not isinstance(state, (Deal, Game)):
        raise InvalidInputError(f"view needs a bugami Deal or Game, not {state!r}")
    players = state.rules.players
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise InvalidInputError(f"seat must be a seat from 0 to {players - 1}, not {seat!r}")
    if isinstance(state, Deal):
        return _deal_view(state, seat)
    return _make_game_view(
        state.rules,
        seat,
        state.first_dealer,
        state.deals,
        None if state.current is None else _deal_view(state.current, seat),
        state.totals,
        state.winner,
    )
