"""The state of a deal and of its tricks: immutable values.

A :class:`Deal` is everything about one deal at one moment: the rules, the
dealer, every hand, the leftover, the bids, the tricks played and the trick in
progress. It never changes; the verbs in :mod:`bugami.core.play` return new ones.
Two deals are equal when the game is the same, whatever order the bids came in.

>>> import bugami
>>> state = bugami.deal(bugami.Rules(), seed=7, dealer=0)
>>> state.phase, state.to_move, len(state.hands[0])
(Phase.BIDDING, None, 13)
>>> for seat, suit in enumerate("SHDC"):
...     state = bugami.bid(state, seat, suit)
>>> state.phase, state.to_move, state.leader
(Phase.PLAYING, 1, 1)

Inside, a hand is a bitmask over card indices (see :attr:`Card.index
<bugami.core.cards.Card.index>`) and a trick is a tuple of indices; the attributes
turn them into :class:`~bugami.core.cards.Card` values.
"""

from __future__ import annotations

from typing import Any

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
from bugami.core._masks import CARDS, SUIT_SHIFT, cards_of, shown_out
from bugami.core.actions import ACTIONS, Action
from bugami.core.cards import Bid, Card
from bugami.core.rules import Rules

__all__ = ["Deal", "Phase", "Trick"]


class Trick(TrickBase):
    """A completed trick: who led it, the cards in order of play, who won it.

    The ``i``-th card was played by seat ``(leader + i) % players``. The
    leftover is never part of a trick's cards, even of the last one. The
    winner is the seat that led a joker, or else the one that played the
    highest card of the suit led.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(), seed=3, dealer=3)
    >>> for seat in range(4):
    ...     state = bugami.bid(state, seat, "S")
    >>> for _ in range(4):
    ...     state = bugami.play(state, bugami.legal_moves(state)[0])
    >>> trick = state.tricks[0]
    >>> trick.leader, len(trick.cards), trick.winner in range(4)
    (0, 4, True)
    """

    __slots__ = ("_shown", "_upto")
    _shown: int | None  # see trick_shown_out; None until first asked
    _upto: tuple[Trick | None, int] | None  # see shown_through; None until first asked
    _refusal = "tricks are made by bugami.play; they cannot be built directly"

    def __init__(
        self, leader: int = 0, cards: tuple[int, ...] = (), winner: int = 0, *, made: bool = False
    ) -> None:
        super().__init__(leader, cards, winner, made=made)
        object.__setattr__(self, "_shown", None)
        object.__setattr__(self, "_upto", None)

    def __reduce__(self) -> tuple[Any, ...]:
        return (make_trick, self._key())

    def _keep(self, shown: int | None, upto: tuple[Trick | None, int] | None) -> None:
        """Keep the caches of :func:`trick_shown_out` and :func:`shown_through`
        (not part of the value)."""
        object.__setattr__(self, "_shown", shown)
        object.__setattr__(self, "_upto", upto)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards of the trick, in the order they were played."""
        return tuple([CARDS[index] for index in self._cards])


def make_trick(leader: int, cards: tuple[int, ...], winner: int) -> Trick:
    """Build a :class:`Trick` from card indices (for the engine only)."""
    return Trick(leader, cards, winner, made=True)


def winning_position(trick: tuple[int, ...]) -> int:
    """The position in a complete trick (card indices in order of play) of the
    card that wins it: a led joker, or else the highest card of the suit led.

    >>> winning_position((14, 13, 0, 26))  # KH led, then AH, AS, AD: the ace of hearts wins
    1
    """
    led = trick[0]
    if led >= 52:  # a led joker wins, whatever follows (ruling 3)
        return 0
    first = SUIT_SHIFT[led // 13]
    best = led
    # Within a suit a lower index is a higher rank; jokers (52+) never win.
    for index in trick:
        if first <= index < best:
            best = index
    return trick.index(best)


def trick_shown_out(trick: Trick, players: int) -> int:
    """:func:`~bugami.core._masks.shown_out` for a completed trick, worked out once
    and kept on it (views of every later state of the deal ask again)."""
    shown = trick._shown
    if shown is None:
        shown = shown_out(trick._cards, trick.leader, players)
        trick._keep(shown, trick._upto)
    return shown


class Deal(DealBase):
    """One deal of Bugami at one moment of play. Immutable.

    Get one from :func:`bugami.deal`; the verbs of :mod:`bugami.core.play` return
    the next ones.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(players=5), seed=11, dealer=2)
    >>> state.dealer, len(state.leftover), state.bids
    (2, 2, (None, None, None, None, None))
    """

    __slots__ = ()
    tricks: tuple[Trick, ...]
    """The completed tricks, in order."""
    _fields = (
        "rules", "dealer", "_dealt", "_played", "_leftover", "bids", "leader", "_trick", "tricks",
    )  # fmt: skip
    _refusal = "deals are made by bugami.deal; they cannot be built directly"
    _actions = ACTIONS

    def __reduce__(self) -> tuple[Any, ...]:
        return (make_deal, (*self._key(), self._setup.order))

    def _unplayed(self, setup: Setup, leader: int | None) -> Deal:
        return build_deal(setup, setup.in_hands, leader, turn(setup, leader, ()), (), ())

    def _tricks_in_deal(self) -> int:
        hand_size: int = self._setup.rules.hand_size
        return hand_size

    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        rules: Rules = self._setup.rules
        return rules

    @property
    def bids(self) -> tuple[Bid | None, ...]:
        """Each seat's bid, ``None`` for a seat that has not bid yet. Bids are
        secret until they are revealed: this is the full state, which only
        the table knows (see the views for what a player knows)."""
        return self._setup.bids

    @property
    def history(self) -> tuple[Action, ...]:
        """The actions that made this state from the deal as dealt, in order:
        the bids in the order they came in, then the cards played (see
        :mod:`bugami.core.actions`). The order of the bids is not part of the
        state's value: two states equal but for it have different histories.
        :func:`~bugami.core.frontend.replay` of the history rebuilds the state.

        >>> import bugami
        >>> state = bugami.deal(bugami.Rules(), seed=5, dealer=0)
        >>> for seat, choice in [(2, "H"), (0, "M"), (3, "S"), (1, "H")]:
        ...     state = bugami.bid(state, seat, choice)
        >>> state = bugami.play(state, "4C")
        >>> [str(action) for action in state.history]
        ['2 bid H', '0 bid M', '3 bid S', '1 bid H', '1 play 4C']
        """
        history: tuple[Action, ...] = self._history()
        return history

    @property
    def _players(self) -> int:
        return self._setup.players

    @property
    def _dealt(self) -> tuple[int, ...]:
        """Each seat's hand as dealt, as bitmasks."""
        return self._setup.dealt

    @property
    def _leftover(self) -> int:
        return self._setup.leftover

    @property
    def _played(self) -> int:
        """The cards played so far, as a bitmask."""
        return self._setup.in_hands & ~self._held

    @property
    def _hands(self) -> tuple[int, ...]:
        """Each seat's hand now, as bitmasks."""
        held = self._held
        return tuple([hand & held for hand in self._setup.dealt])

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's hand, in canonical order.

        >>> import bugami
        >>> state = bugami.deal(bugami.Rules(players=7), seed=2024)
        >>> state.hands[0]
        (Card('KS'), Card('9H'), Card('6H'), Card('9D'), Card('6D'), Card('5D'), Card('5C'))
        """
        held = self._held
        return tuple([cards_of(hand & held) for hand in self._setup.dealt])

    @property
    def dealt_hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's hand as it was dealt (the cards held now and the cards
        played so far), in canonical order.

        >>> import bugami
        >>> state = bugami.deal(bugami.Rules(), seed=4)
        >>> state.dealt_hands == state.hands
        True
        """
        return tuple([cards_of(hand) for hand in self._setup.dealt])

    @property
    def leftover(self) -> tuple[Card, ...]:
        """The cards set aside face down when dealing, in canonical order.
        They stay here after the deal ends; scoring adds them to the cards of
        the last trick's winner."""
        return cards_of(self._setup.leftover)

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """The cards played so far to the open trick, in order of play."""
        return tuple([CARDS[index] for index in self._trick])


def make_deal(
    rules: Rules,
    dealer: int,
    dealt: tuple[int, ...],
    played: int,
    leftover: int,
    bids: tuple[Bid | None, ...],
    leader: int | None,
    trick: tuple[int, ...],
    tricks: tuple[Trick, ...],
    order: tuple[int, ...] | None = None,
) -> Deal:
    """Build a :class:`Deal` from its fields (for the engine only; not checked).

    A deal keeps each seat's hand as dealt, shared by every state of the deal,
    and one bitmask of the cards still held: a seat holds ``dealt[seat] &
    held``, and playing a card only clears one bit. ``order`` is the order
    the bids came in (by default, seat order)."""
    in_hands = sum(dealt)  # the hands hold distinct cards
    setup = new_setup(rules, rules.players, dealer, dealt, in_hands, leftover, bids, order)
    held = in_hands & ~played
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


def shown_through(tricks: tuple[Trick, ...], players: int) -> int:
    """:func:`~bugami.core._masks.shown_out` of all ``tricks`` together, kept on
    the last (with the trick before it, so that the cache is right whatever
    tuple the trick sits in): a view of each new state asks only for the
    newest trick."""
    if not tricks:
        return 0
    last = tricks[-1]
    before = tricks[-2] if len(tricks) > 1 else None
    cached = last._upto
    if cached is not None and cached[0] is before:
        return cached[1]
    shown = shown_through(tricks[:-1], players) | trick_shown_out(last, players)
    last._keep(last._shown, (before, shown))
    return shown


if not COMPILED:  # pure Python: builders generated for speed (see bugami._kernel.native)
    globals().update(
        build_deal=sealed_builder(Deal, DEAL_SLOTS, name="build_deal"),
        make_trick=sealed_builder(
            Trick, TRICK_SLOTS, ["obj._shown = obj._upto = None"], name="make_trick"
        ),
    )
