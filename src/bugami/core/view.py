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
``view(state, None)`` is a spectator's view (:class:`SpectatorView`,
:class:`SpectatorGameView`): what the whole table shows, and no hand.
Every view's ``to_dict()`` is its client payload (see
:func:`~bugami.core.frontend.payload_schema`).

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

from collections.abc import Callable
from typing import Any, Final, overload

from bugami._kernel.actions import JSONValue
from bugami._kernel.deals import Setup
from bugami._kernel.match import MatchView, SpectatorMatchView
from bugami._kernel.values import sealed_builder
from bugami._kernel.views import (
    DealViewBase,
    DealViewFields,
    SpectatorViewBase,
    ViewParts,
    view_builder,
    view_of,
)
from bugami.core._masks import BIT, CARDS, cards_of, legal_mask, shown_out
from bugami.core._scoring import deal_points
from bugami.core.actions import BidAction, PlayAction
from bugami.core.cards import MISERE, Bid, Card, Suit
from bugami.core.game import Game
from bugami.core.rules import Rules
from bugami.core.state import Deal, Trick, shown_through

__all__ = ["DealView", "GameView", "SpectatorGameView", "SpectatorView", "view"]

_SUITS: Final = tuple(Suit)


class _DealViewFields(DealViewFields):
    __slots__ = ("_leftover",)
    _leftover: int
    tricks: tuple[Trick, ...]

    @property
    def _voids(self) -> tuple[int, ...]:
        # Worked out when asked (by sampling and payloads), not for every view:
        # it follows from the tricks, and most views are made for one card.
        return shown_voids(self.rules.players, self.tricks, self.leader, self._trick)


def _payload_extra(seen: DealView | SpectatorView) -> dict[str, JSONValue]:
    """Bugami's part of a deal view's payload: the leftover (its size, and
    its cards once the deal is over) and the suits each seat has shown out of."""
    return {
        "leftover": [str(card) for card in cards_of(seen._leftover)],
        "leftover_count": seen.rules.leftover_size,
        "voids": [
            [suit.letter for suit in _SUITS if mask >> suit.index & 1] for mask in seen._voids
        ],
    }


class DealView(_DealViewFields, DealViewBase[Rules, Bid, Card, Trick]):
    """One seat's view of a deal of Bugami. Immutable; compares and hashes by
    value. Get one from :func:`view`.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(players=5), seed=4)
    >>> seen = view(state, 3)
    >>> len(seen.hand), len(seen.unseen), seen.leftover
    (10, 42, ())
    """

    __slots__ = ()
    _fields = (
        "rules", "seat", "dealer", "_hand", "hand_sizes", "bids", "has_bid", "leader",
        "_trick", "tricks", "_leftover", "points",
    )  # fmt: skip
    _refusal = "views are made by bugami.view; they cannot be built directly"
    _all_bids = (*Suit, MISERE)
    _actions = (BidAction, PlayAction)
    _payload_extra = _payload_extra

    def __reduce__(self) -> tuple[Any, ...]:
        return (make_deal_view, self._key())

    def _tricks_in_deal(self) -> int:
        return self.rules.hand_size

    @property
    def hand(self) -> tuple[Card, ...]:
        """This seat's hand, in canonical order."""
        return cards_of(self._hand)

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """The cards played so far to the open trick, in order of play."""
        return tuple([CARDS[index] for index in self._trick])

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
        return cards_of(played_mask(self.tricks, self._trick))

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
            deck & ~self._hand & ~self._leftover & ~played_mask(self.tricks, self._trick)
        )

    def legal_bids(self) -> tuple[Bid, ...]:
        """The bids this seat may still make (``()`` once it has bid).

        >>> import bugami
        >>> len(view(bugami.deal(bugami.Rules(), seed=3), 0).legal_bids())
        5
        """
        return super().legal_bids()

    def legal_moves(self) -> tuple[Card, ...]:
        """The cards this seat may play now, in canonical order; ``()`` unless
        it is this seat's turn.

        >>> import bugami
        >>> view(bugami.deal(bugami.Rules(), seed=3), 0).legal_moves()
        ()
        """
        if self.to_move != self.seat:
            return ()
        return cards_of(legal_mask(self._hand, self._trick))


make_deal_view: Callable[..., DealView] = view_builder(DealView, DealView._fields, "make_deal_view")
"""Build a :class:`DealView` from its fields (for the library only; not checked)."""

# The same, with the seat to move as one more argument: a view made from a
# state takes it from there rather than working it out again.
_view_of_state: Callable[..., DealView] = sealed_builder(
    DealView, (*DealView._fields, "to_move"), name="_view_of_state"
)


class SpectatorView(_DealViewFields, SpectatorViewBase[Rules, Bid, Card, Trick]):
    """A spectator's view of a deal of Bugami: what the whole table shows --
    the dealer, who has bid (and the bids once revealed), the cards played,
    how many cards each seat holds, and the leftover and the points once the
    deal is over -- and no hand. Its ``seat`` is ``None``. Immutable;
    compares and hashes by value. Get one from ``view(state, None)``.

    >>> import bugami
    >>> state = bugami.bid(bugami.deal(bugami.Rules(), seed=12, dealer=0), 2, "H")
    >>> seen = view(state, None)
    >>> seen
    <DealView for spectators: bidding, 3 to bid>
    >>> seen.hand, seen.has_bid, seen.bids, seen.to_dict()["hand_sizes"]
    ((), (False, False, True, False), (None, None, None, None), [13, 13, 13, 13])
    """

    __slots__ = ()
    _fields = DealView._fields
    _refusal = DealView._refusal
    _actions = (BidAction, PlayAction)
    _payload_extra = _payload_extra

    def __reduce__(self) -> tuple[Any, ...]:
        return (make_spectator_view, self._key())

    def _tricks_in_deal(self) -> int:
        return self.rules.hand_size

    @property
    def leftover(self) -> tuple[Card, ...]:
        """The leftover once the deal is over; until then ``()``."""
        return cards_of(self._leftover)


make_spectator_view: Callable[..., SpectatorView] = view_builder(
    SpectatorView, SpectatorView._fields, "make_spectator_view"
)
"""Build a :class:`SpectatorView` from its fields (for the library only; not checked)."""


def played_mask(tricks: tuple[Trick, ...], trick: tuple[int, ...]) -> int:
    """The cards played to ``tricks`` and the open ``trick``, as a bitmask."""
    mask = 0
    for done in tricks:
        for index in done._cards:
            mask |= BIT[index]
    for index in trick:
        mask |= BIT[index]
    return mask


def shown_voids(
    players: int, tricks: tuple[Trick, ...], leader: int | None, trick: tuple[int, ...]
) -> tuple[int, ...]:
    """For each seat, a 4-bit mask of the suits it has shown out of: it played
    another card (a joker included) to a trick led in that suit."""
    shown = shown_through(tricks, players)
    if trick:
        shown |= shown_out(trick, leader, players)  # type: ignore[arg-type]
    try:
        return _VOIDS[players][shown]
    except KeyError:
        return _learn_voids(players, shown)


# Each seat's voids, by the bits of shown_out for all seats and by the number of
# players: few patterns occur, so they are kept as they are first seen.
_VOIDS: Final[tuple[dict[int, tuple[int, ...]], ...]] = tuple({} for _ in range(8))


def _learn_voids(players: int, shown: int) -> tuple[int, ...]:
    known = _VOIDS[players]
    if len(known) > 65536:  # bounded memory, whatever the input
        known.clear()
    voids = known[shown] = tuple([shown >> 4 * seat & 0xF for seat in range(players)])
    return voids


# Every seat's hand size, for each table the rules allow: at most 5 * 9 = 45
# tables (players 3 to 7, jokers 0 to 8), keyed by players | jokers << 3, each
# worked out on first use (see _size_table). Bounded by the rules' ranges.
_HAND_SIZES: Final[dict[int, tuple[tuple[int, ...], ...]]] = {}


def _size_table(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """Every seat's hand size under ``rules``, for each number of tricks
    done, leader of the open trick and number of cards played to it, at
    index ``(tricks * players + leader) * players + played``; worked out once
    per size of table and kept in ``_HAND_SIZES`` (views ask for it at every
    decision of every bot)."""
    players = rules.players
    table = []
    for tricks in range(rules.hand_size + 1):
        for leader in range(players):
            for played in range(players):
                held = [rules.hand_size - tricks] * players
                for position in range(played):
                    held[(leader + position) % players] -= 1
                table.append(tuple(held))
    sizes = _HAND_SIZES[players | rules.jokers << 3] = tuple(table)
    return sizes


def _seen_bids(setup: Setup, seat: int) -> tuple[Any, Any, tuple[tuple[int, ...], ...]]:
    """The bids ``seat`` sees, who has bid, and the table of hand sizes (see
    :func:`_size_table`): the same for every state between two bids, so
    worked out once per setup."""
    known = setup.seen.get(seat)
    if known is None:
        bids = setup.bids
        shown = bids if None not in bids else tuple(
            [choice if index == seat else None for index, choice in enumerate(bids)]
        )  # fmt: skip
        rules = setup.rules
        sizes = _HAND_SIZES.get(setup.players | rules.jokers << 3) or _size_table(rules)
        has_bid = tuple([choice is not None for choice in bids])
        known = setup.seen[seat] = (shown, has_bid, sizes)
    return known


class GameView(MatchView[Rules, Deal, DealView, Bid, Card]):
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
    _refusal = "views are made by bugami.view; they cannot be built directly"
    _actions = (BidAction, PlayAction)
    _hooks = Game._hooks


class SpectatorGameView(SpectatorMatchView[Rules, Deal, SpectatorView, Bid, Card]):
    """A spectator's view of a whole game: like :class:`GameView`, with
    ``seat`` ``None`` and a :class:`SpectatorView` of the current deal.
    Immutable; compares and hashes by value. Get one from ``view(game, None)``.

    >>> import bugami
    >>> view(bugami.new_game(bugami.Rules(), seed=1), None)
    <GameView for spectators: deal 1 in progress, totals 0, 0, 0, 0>
    """

    __slots__ = ()
    _refusal = "views are made by bugami.view; they cannot be built directly"
    _actions = (BidAction, PlayAction)
    _hooks = Game._hooks


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
    """What ``seat`` may know of a deal or a game (see :class:`DealView` and
    :class:`GameView`); with ``seat=None``, what a spectator sees
    (:class:`SpectatorView`, :class:`SpectatorGameView`).

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(players=3), seed=2)
    >>> view(state, 0) == view(state, 0), view(state, 0) == view(state, 1)
    (True, False)
    >>> view(state, 3)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: seat must be a seat from 0 to 2, not 3
    """
    if (
        state.__class__ is not Deal
        or seat.__class__ is not int
        or not 0 <= seat < state._setup.players
    ):
        # A game, a spectator or a bad argument; a game's current deal comes back here.
        seen: DealView | GameView | SpectatorView | SpectatorGameView = view_of(state, seat, _PARTS)
        return seen
    # A deal seen by one of its seats, checked at once: the common case, made
    # for every decision of every bot. What changes only at a bid comes from
    # the setup's cache, the table of hand sizes too.
    setup = state._setup
    leader = state.leader
    trick = state._trick
    tricks = state.tricks
    known = setup.seen.get(seat)
    bids, has_bid, table = known if known is not None else _seen_bids(setup, seat)
    rules = setup.rules
    players = setup.players
    # Before the first lead and after the last trick nothing is on the table,
    # and any leader gives the same sizes.
    sizes = table[(len(tricks) * players + (leader or 0)) * players + len(trick)]
    over = leader is None and None not in setup.bids
    made: DealView = _view_of_state(
        rules,
        seat,
        setup.dealer,
        setup.dealt[seat] & state._held,
        sizes,
        bids,
        has_bid,
        leader,
        trick,
        tricks,
        setup.leftover if over else 0,
        deal_points(state) if over else None,
        state.to_move,
    )  # fmt: skip
    return made


_PARTS: Final[ViewParts[Rules, Deal, DealView, GameView, SpectatorView, SpectatorGameView]] = (
    ViewParts(
        noun="a bugami",
        deal=Deal,
        game=Game,
        deal_view=view,
        game_view=GameView._made,
        spectator_view=make_spectator_view,
        spectator_game_view=SpectatorGameView._made,
    )
)
