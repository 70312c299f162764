"""The state of a hand of Argute and of its tricks: immutable values.

A :class:`Deal` is one hand of Argute at one moment: the rules, the dealer,
what every player holds, the bids, the completed tricks and the trick in
progress. It never changes; the verbs of :mod:`bugami.argute.play` return new
ones. Two states are equal when the game is the same, whatever order the bids
came in.

>>> from bugami import argute
>>> state = argute.deal(argute.Rules(players=3), seed=7, dealer=0)
>>> state.phase, state.to_move, state.hands[0]
(Phase.BIDDING, None, (0, 0, 1, 4, 5, 5))
>>> for seat in range(3):
...     state = argute.bid(state, seat, 1)
>>> state.phase, state.to_move, state.leader
(Phase.PLAYING, 1, 1)

Inside, a player's hand is one small int: the number of cards of value ``v``
sits in the three bits from ``3 * v`` up; the attributes
turn it into a sorted tuple of values.
"""

from __future__ import annotations

from typing import Any, Final

from bugami._kernel.deals import (
    DEAL_SLOTS,
    TRICK_SLOTS,
    DealBase,
    Phase,
    Setup,
    TrickBase,
    new_setup,
    turn,
)
from bugami._kernel.native import COMPILED
from bugami._kernel.values import sealed_builder
from bugami.argute.actions import ACTIONS, Action
from bugami.argute.rules import TRICKS, VALUES, Rules

__all__ = ["Deal", "Phase", "Trick"]

FIELD: Final = 3
"""Bits per value in a packed hand."""
SEAT_BITS: Final = FIELD * len(VALUES)
"""Bits per seat in a deal's one int of cards held: each seat's packed hand."""
_MASK: Final = (1 << FIELD) - 1
HAND_MASK: Final = (1 << SEAT_BITS) - 1
"""The bits of one packed hand."""


def pack(values: tuple[int, ...]) -> int:
    """A packed hand from its values (in any order).

    >>> pack((0, 0, 5)), values_of(pack((5, 0, 0)))
    (32770, (0, 0, 5))
    """
    hand = 0
    for value in values:
        hand += 1 << FIELD * value
    return hand


def join_hands(hands: tuple[int, ...]) -> int:
    """One int holding every seat's packed hand, seat ``s`` from bit
    ``SEAT_BITS * s`` up: a deal's cards held.

    >>> split_hands(join_hands((pack((1, 2)), pack((5,)))), 2) == (pack((1, 2)), pack((5,)))
    True
    """
    held = 0
    for seat, hand in enumerate(hands):
        held += hand << SEAT_BITS * seat
    return held


def split_hands(held: int, players: int) -> tuple[int, ...]:
    """Each seat's packed hand from a deal's cards held (see :func:`join_hands`)."""
    return tuple([held >> SEAT_BITS * seat & HAND_MASK for seat in range(players)])


class _HandTable(dict[int, tuple[int, ...]]):
    """The sorted values (or, with ``distinct``, the distinct values) of each
    packed hand, filled in as hands are first seen: at most 924 entries."""

    __slots__ = ("_distinct",)

    def __init__(self, *, distinct: bool) -> None:
        super().__init__()
        self._distinct = distinct

    def __missing__(self, hand: int) -> tuple[int, ...]:
        counts = [hand >> FIELD * value & _MASK for value in VALUES]
        if self._distinct:
            values = tuple(value for value in VALUES if counts[value])
        else:
            values = tuple(value for value in VALUES for _ in range(counts[value]))
        self[hand] = values
        return values


SORTED: Final = _HandTable(distinct=False)
"""The values of each packed hand, lowest first."""
DISTINCT: Final = _HandTable(distinct=True)
"""The distinct values of each packed hand, lowest first."""


def values_of(hand: int) -> tuple[int, ...]:
    """The values of a packed hand, lowest first (the inverse of :func:`pack`).

    >>> values_of(pack((3, 1, 3)))
    (1, 3, 3)
    """
    return SORTED[hand]


def distinct_values_of(hand: int) -> tuple[int, ...]:
    """The distinct values of a packed hand, lowest first.

    >>> distinct_values_of(pack((3, 1, 3)))
    (1, 3)
    """
    return DISTINCT[hand]


def counts_of(cards: tuple[int, ...], leader: int, players: int) -> tuple[int, ...]:
    """Each seat's count in a trick: the sum of the values it played, by seat.

    >>> counts_of((1, 2, 3, 4), leader=1, players=2)
    (6, 4)
    """
    counts = [0] * players
    for position, value in enumerate(cards):
        counts[(leader + position) % players] += value
    return tuple(counts)


def settle(trick: tuple[int, ...], leader: int, players: int) -> tuple[int, tuple[int, ...]]:
    """The winner of a complete trick led by ``leader``, and each seat's count.

    Positions in the trick are counted from the leader, so the player at
    offset ``k`` plays the cards at positions ``k``, ``k + players``, ...
    A player reached their final count at the last card that raised it, or at
    their first card if it stayed 0 (ruling 1).
    """
    counts = [0] * players
    reached = list(range(players))
    for position, value in enumerate(trick):
        if value:
            offset = position % players
            counts[offset] += value
            reached[offset] = position
    best = max(counts)
    first = min(reached[offset] for offset in range(players) if counts[offset] == best)
    winner = (leader + first) % players
    by_seat = tuple([counts[(seat - leader) % players] for seat in range(players)])
    return winner, by_seat


class Trick(TrickBase):
    """A completed trick of Argute: who led it, the values played in order,
    who won it, and every seat's count.

    The ``i``-th value was played by seat ``(leader + i) % players``, round
    and round the table. The winner is the seat with the highest count; among
    seats tied on it, the one that reached it first.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=2), hands=["001234", "555123"])
    >>> for seat in (0, 1):
    ...     state = argute.bid(state, seat, 2)
    >>> for value in (5, 4, 5, 3, 1, 0):  # seat 1 leads
    ...     state = argute.play(state, value)
    >>> trick = state.tricks[0]
    >>> trick
    <Argute Trick led by seat 1: 5 4 5 3 1 0; won by seat 1>
    >>> trick.cards, trick.counts, trick.winner
    ((5, 4, 5, 3, 1, 0), (7, 11), 1)
    """

    __slots__ = ("counts",)
    counts: tuple[int, ...]
    """Each seat's count, by seat: the sum of the values it played to the trick."""
    _fields = (*TRICK_SLOTS, "counts")
    _refusal = "tricks are made by bugami.argute.play; they cannot be built directly"
    _title = "Argute Trick"
    _payload_keys = ("counts",)

    def __init__(
        self,
        leader: int = 0,
        cards: tuple[int, ...] = (),
        winner: int = 0,
        counts: tuple[int, ...] = (),
        *,
        made: bool = False,
    ) -> None:
        super().__init__(leader, cards, winner, made=made)
        object.__setattr__(self, "counts", counts)

    def _key(self) -> tuple[Any, ...]:
        return (self.leader, self._cards, self.winner, self.counts)

    def __reduce__(self) -> tuple[Any, ...]:
        return (make_trick, self._key())

    @property
    def cards(self) -> tuple[int, ...]:
        """The values played, in order of play."""
        return self._cards


def make_trick(leader: int, cards: tuple[int, ...], winner: int, counts: tuple[int, ...]) -> Trick:
    """Build a :class:`Trick` from its fields (for the engine only; not checked)."""
    return Trick(leader, cards, winner, counts, made=True)


class Deal(DealBase):
    """A hand of Argute at one moment of play. Immutable.

    The name matches Bugami's :class:`bugami.core.state.Deal`: one deal of the
    cards, bid on and played out. Get one from
    :func:`bugami.argute.dealing.deal`; the verbs of :mod:`bugami.argute.play`
    return the next ones. The bids are numbers of tricks from 0 to 3.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=5), seed=11, dealer=2)
    >>> state
    <Argute Deal: 5 players, dealer 2, bidding, 5 bids to come>
    >>> state.bids
    (None, None, None, None, None)
    """

    __slots__ = ()
    tricks: tuple[Trick, ...]
    """The completed tricks, in order."""
    _fields = ("rules", "dealer", "_hands", "bids", "leader", "current_trick", "tricks")
    _refusal = "hands of Argute are made by bugami.argute.deal; they cannot be built directly"
    _actions = ACTIONS
    _title = "Argute Deal"

    def __reduce__(self) -> tuple[Any, ...]:
        setup = self._setup
        return (make_deal, (setup.rules, setup.dealer, self._hands, setup.bids, self.leader,
                            self._trick, self.tricks, setup.order))  # fmt: skip

    def _unplayed(self, setup: Setup, leader: int | None) -> Deal:
        return build_deal(setup, setup.in_hands, leader, turn(setup, leader, ()), (), ())

    def _tricks_in_deal(self) -> int:
        return TRICKS

    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        rules: Rules = self._setup.rules
        return rules

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Each seat's bid (a number of tricks), ``None`` for a seat that has
        not bid yet. Bids are secret until the hand is over: this is the full
        state, which only the table knows."""
        return self._setup.bids

    @property
    def history(self) -> tuple[Action, ...]:
        """The actions that made this hand from the hand as dealt, in order:
        the bids in the order they came in, then the values played (see
        :mod:`bugami.argute.actions`). The order of the bids is not part of
        the state's value. :func:`~bugami.argute.frontend.replay` of the
        history rebuilds the state.

        >>> from bugami import argute
        >>> state = argute.deal(argute.Rules(players=2), hands=["001234", "555123"])
        >>> state = argute.play(argute.bid(argute.bid(state, 1, 2), 0, 1), 5)
        >>> [str(action) for action in state.history]
        ['1 bid 2', '0 bid 1', '1 play 5']
        """
        history: tuple[Action, ...] = self._history()
        return history

    @property
    def _hands(self) -> tuple[int, ...]:
        """Each seat's packed hand now."""
        return split_hands(self._held, self._setup.players)

    @property
    def current_trick(self) -> tuple[int, ...]:
        """The values played so far to the open trick, in order of play."""
        return self._trick

    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        """The values each seat holds now, lowest first.

        >>> from bugami import argute
        >>> argute.deal(argute.Rules(players=2), hands=["543210", [5, "5", 0, 1, 1, 2]]).hands
        ((0, 1, 2, 3, 4, 5), (0, 1, 1, 2, 5, 5))
        """
        return tuple([SORTED[hand] for hand in self._hands])

    @property
    def dealt_hands(self) -> tuple[tuple[int, ...], ...]:
        """The values each seat was dealt (those held now and those played so
        far), lowest first.

        >>> from bugami import argute
        >>> state = argute.deal(argute.Rules(), seed=4)
        >>> state.dealt_hands == state.hands
        True
        """
        return tuple([SORTED[hand] for hand in self._setup.dealt])

    @property
    def counts(self) -> tuple[int, ...]:
        """Each seat's count in the open trick so far, by seat (all zeros
        while bidding and once the hand is over).

        >>> from bugami import argute
        >>> state = argute.deal(argute.Rules(players=2), hands=["001234", "555123"])
        >>> state = argute.bid(argute.bid(state, 0, 1), 1, 2)
        >>> argute.play(argute.play(argute.play(state, 5), 2), 5).counts
        (2, 10)
        """
        if self.leader is None:
            return (0,) * self._setup.players
        return counts_of(self._trick, self.leader, self._setup.players)


def make_deal(
    rules: Rules,
    dealer: int,
    hands: tuple[int, ...],
    bids: tuple[int | None, ...],
    leader: int | None,
    trick: tuple[int, ...],
    tricks: tuple[Trick, ...],
    order: tuple[int, ...] | None = None,
) -> Deal:
    """Build a :class:`Deal` from its fields (for the engine only; not
    checked): ``hands`` are the packed hands held now; the hands as dealt add
    back the cards each seat has played. ``order`` is the order the bids
    came in (by default, seat order)."""
    players = rules.players
    held = join_hands(hands)
    if not tricks and not trick:  # a new hand: nothing played yet
        setup = new_setup(rules, players, dealer, hands, held, 0, bids, order)
        return build_deal(setup, held, leader, turn(setup, leader, trick), trick, tricks)
    dealt = list(hands)
    for done in tricks:
        for position, value in enumerate(done._cards):
            dealt[(done.leader + position) % players] += 1 << FIELD * value
    if leader is not None:
        for position, value in enumerate(trick):
            dealt[(leader + position) % players] += 1 << FIELD * value
    setup = new_setup(
        rules, players, dealer, tuple(dealt), join_hands(tuple(dealt)), 0, bids, order
    )
    return build_deal(setup, held, leader, turn(setup, leader, trick), trick, tricks)


def build_deal(
    setup: Setup,
    held: int,
    leader: int | None,
    to_move: int | None,
    trick: tuple[int, ...],
    tricks: tuple[Trick, ...],
) -> Deal:
    """Build a :class:`Deal` from every slot (the verbs' hot path; not checked)."""
    return Deal(setup, held, leader, to_move, trick, tricks, made=True)


if not COMPILED:  # pure Python: builders generated for speed (see bugami._kernel.native)
    globals().update(
        build_deal=sealed_builder(Deal, DEAL_SLOTS, name="build_deal"),
        make_trick=sealed_builder(Trick, (*TRICK_SLOTS, "counts"), name="make_trick"),
    )
