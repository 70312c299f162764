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

from bugami.argute.rules import TRICKS, VALUES, Rules
from bugami.state import Phase, _Frozen

__all__ = ["Deal", "Trick"]

_FIELD: Final = 3  # bits per value in a packed hand
_MASK: Final = (1 << _FIELD) - 1


def pack(values: tuple[int, ...]) -> int:
    """A packed hand from its values (in any order).

    >>> pack((0, 0, 5)), values_of(pack((5, 0, 0)))
    (32770, (0, 0, 5))
    """
    hand = 0
    for value in values:
        hand += 1 << _FIELD * value
    return hand


class _HandTable(dict[int, tuple[int, ...]]):
    """The sorted values (or, with ``distinct``, the distinct values) of each
    packed hand, filled in as hands are first seen: at most 924 entries."""

    __slots__ = ("_distinct",)

    def __init__(self, *, distinct: bool) -> None:
        super().__init__()
        self._distinct = distinct

    def __missing__(self, hand: int) -> tuple[int, ...]:
        counts = [hand >> _FIELD * value & _MASK for value in VALUES]
        if self._distinct:
            values = tuple(value for value in VALUES if counts[value])
        else:
            values = tuple(value for value in VALUES for _ in range(counts[value]))
        self[hand] = values
        return values


_SORTED: Final = _HandTable(distinct=False)
_DISTINCT: Final = _HandTable(distinct=True)


def values_of(hand: int) -> tuple[int, ...]:
    """The values of a packed hand, lowest first (the inverse of :func:`pack`).

    >>> values_of(pack((3, 1, 3)))
    (1, 3, 3)
    """
    return _SORTED[hand]


def distinct_values_of(hand: int) -> tuple[int, ...]:
    """The distinct values of a packed hand, lowest first.

    >>> distinct_values_of(pack((3, 1, 3)))
    (1, 3)
    """
    return _DISTINCT[hand]


def counts_of(cards: tuple[int, ...], leader: int, players: int) -> tuple[int, ...]:
    """Each seat's count in a trick: the sum of the values it played, by seat.

    >>> counts_of((1, 2, 3, 4), leader=1, players=2)
    (6, 4)
    """
    counts = [0] * players
    for position, value in enumerate(cards):
        counts[(leader + position) % players] += value
    return tuple(counts)


class _TrickFields:
    __slots__ = ("cards", "counts", "leader", "winner")
    leader: int
    cards: tuple[int, ...]
    winner: int
    counts: tuple[int, ...]


class Trick(_TrickFields, _Frozen):
    """A completed trick of Argute: who led it, the values played in order,
    who won it, and every seat's count.

    .. attribute:: leader
       :type: int

       The seat that led the trick.

    .. attribute:: cards
       :type: tuple[int, ...]

       The values played, in order of play: the ``i``-th by seat
       ``(leader + i) % players``, round and round the table.

    .. attribute:: winner
       :type: int

       The seat with the highest count; among seats tied on it, the one that
       reached it first.

    .. attribute:: counts
       :type: tuple[int, ...]

       Each seat's count, by seat: the sum of the values it played to the trick.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=2), hands=["001234", "555123"])
    >>> for seat in (0, 1):
    ...     state = argute.bid(state, seat, 2)
    >>> for value in (5, 4, 5, 3, 1, 0):  # seat 1 leads
    ...     state = argute.play(state, value)
    >>> trick = state.tricks[0]
    >>> trick
    <Argute Trick led by seat 1: 5 4 5 3 1 0; won by seat 1>
    >>> trick.counts, trick.winner
    ((7, 11), 1)
    """

    __slots__ = ()
    _fields = ("leader", "cards", "winner", "counts")

    def __new__(cls, *args: object, **kwargs: object) -> Trick:
        raise TypeError("tricks are made by bugami.argute.play; they cannot be built directly")

    def __reduce__(self) -> tuple[Any, ...]:
        return (make_trick, self._key())

    def __repr__(self) -> str:
        cards = " ".join(map(str, self.cards))
        return f"<Argute Trick led by seat {self.leader}: {cards}; won by seat {self.winner}>"


def make_trick(leader: int, cards: tuple[int, ...], winner: int, counts: tuple[int, ...]) -> Trick:
    """Build a :class:`Trick` from its fields (for the engine only; not checked)."""
    trick = _TrickFields()
    trick.leader = leader
    trick.cards = cards
    trick.winner = winner
    trick.counts = counts
    trick.__class__ = Trick
    return trick  # type: ignore[return-value]


class _DealFields:
    __slots__ = (
        "_hands",
        "_players",
        "_size",
        "bids",
        "current_trick",
        "dealer",
        "leader",
        "rules",
        "to_move",
        "tricks",
    )
    rules: Rules
    dealer: int
    _players: int
    _hands: tuple[int, ...]
    bids: tuple[int | None, ...]
    leader: int | None
    to_move: int | None
    current_trick: tuple[int, ...]
    _size: int
    tricks: tuple[Trick, ...]


class Deal(_DealFields, _Frozen):
    """A hand of Argute at one moment of play. Immutable.

    The name matches Bugami's :class:`bugami.state.Deal`: one deal of the
    cards, bid on and played out. Get one from
    :func:`bugami.argute.dealing.deal`; the verbs of :mod:`bugami.argute.play`
    return the next ones.

    .. attribute:: rules
       :type: bugami.argute.rules.Rules

       The rules of the game.

    .. attribute:: dealer
       :type: int

       The dealer's seat.

    .. attribute:: bids
       :type: tuple[int | None, ...]

       Each seat's bid, a number of tricks from 0 to 3, or ``None`` for a seat
       that has not bid yet. Bids are secret until the hand is over: this is
       the full state, which only the table knows.

    .. attribute:: to_move
       :type: int | None

       The seat to play a card, or ``None`` while bidding or once the hand is
       over.

    .. attribute:: leader
       :type: int | None

       The seat that leads (or led) the open trick, or ``None`` while bidding
       or once the hand is over.

    .. attribute:: current_trick
       :type: tuple[int, ...]

       The values played so far to the open trick, in order of play.

    .. attribute:: tricks
       :type: tuple[Trick, ...]

       The completed tricks, in order.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=5), seed=11, dealer=2)
    >>> state
    <Argute Deal: 5 players, dealer 2, bidding, 5 bids to come>
    >>> state.bids
    (None, None, None, None, None)
    """

    __slots__ = ()
    _fields = ("rules", "dealer", "_hands", "bids", "leader", "current_trick", "tricks")

    def __new__(cls, *args: object, **kwargs: object) -> Deal:
        raise TypeError(
            "hands of Argute are made by bugami.argute.deal; they cannot be built directly"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (make_deal, self._key())

    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        """The values each seat holds now, lowest first.

        >>> from bugami import argute
        >>> argute.deal(argute.Rules(players=2), hands=["543210", [5, "5", 0, 1, 1, 2]]).hands
        ((0, 1, 2, 3, 4, 5), (0, 1, 1, 2, 5, 5))
        """
        return tuple([_SORTED[hand] for hand in self._hands])

    @property
    def dealt_hands(self) -> tuple[tuple[int, ...], ...]:
        """The values each seat was dealt (those held now and those played so
        far), lowest first.

        >>> from bugami import argute
        >>> state = argute.deal(argute.Rules(), seed=4)
        >>> state.dealt_hands == state.hands
        True
        """
        held = list(self._hands)
        players = self._players
        for trick in self.tricks:
            for position, value in enumerate(trick.cards):
                held[(trick.leader + position) % players] += 1 << _FIELD * value
        if self.leader is not None:
            for position, value in enumerate(self.current_trick):
                held[(self.leader + position) % players] += 1 << _FIELD * value
        return tuple([_SORTED[hand] for hand in held])

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
            return (0,) * self._players
        return counts_of(self.current_trick, self.leader, self._players)

    @property
    def phase(self) -> Phase:
        """Whether the hand is in its bidding phase, being played, or over."""
        if self.to_move is not None:
            return Phase.PLAYING
        if None in self.bids:
            return Phase.BIDDING
        return Phase.OVER

    @property
    def is_over(self) -> bool:
        """Whether all three tricks have been played."""
        return self.to_move is None and None not in self.bids

    def _repr_html_(self) -> str:
        """The picture Jupyter shows: see :func:`bugami.render.argute_html`."""
        from bugami.render import argute_html

        return argute_html(self)

    def __repr__(self) -> str:
        phase = self.phase
        if phase is Phase.BIDDING:
            waiting = self.bids.count(None)
            where = f"bidding, {waiting} bid{'s' if waiting != 1 else ''} to come"
        elif phase is Phase.PLAYING:
            where = f"trick {len(self.tricks) + 1} of {TRICKS}, seat {self.to_move} to play"
        else:
            where = "over"
        return f"<Argute Deal: {self._players} players, dealer {self.dealer}, {where}>"


def make_deal(
    rules: Rules,
    dealer: int,
    hands: tuple[int, ...],
    bids: tuple[int | None, ...],
    leader: int | None,
    trick: tuple[int, ...],
    tricks: tuple[Trick, ...],
) -> Deal:
    """Build a :class:`Deal` from its fields (for the engine only; not checked)."""
    state = _DealFields()
    players = rules.players
    state.rules = rules
    state.dealer = dealer
    state._players = players
    state._hands = hands
    state.bids = bids
    state.leader = leader
    state.to_move = None if leader is None else (leader + len(trick)) % players
    state.current_trick = trick
    state._size = players * (TRICKS - len(tricks))
    state.tricks = tricks
    state.__class__ = Deal
    return state  # type: ignore[return-value]
