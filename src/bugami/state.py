"""The state of a deal and of its tricks: immutable values.

A :class:`Deal` is everything about one deal at one moment: the rules, the
dealer, every hand, the leftover, the bids, the tricks played and the trick in
progress. It never changes; the verbs in :mod:`bugami.play` return new ones.
Two deals are equal when the game is the same, whatever order the bids came in.

>>> import bugami
>>> state = bugami.deal(bugami.Rules(), seed=7, dealer=0)
>>> state.phase, state.to_move, len(state.hands[0])
(Phase.BIDDING, None, 13)
>>> for seat, suit in enumerate("SHDC"):
...     state = bugami.bid(state, seat, suit)
>>> state.phase, state.to_move, state.leader
(Phase.PLAYING, 1, 1)

Inside, a hand is a bitmask over card indices (see :attr:`Card.index`) and a
trick is a tuple of indices; the attributes turn them into :class:`Card` values.
"""

from __future__ import annotations

import enum
from typing import Any, Final, NoReturn

from bugami.cards import _CARDS, Bid, Card
from bugami.rules import Rules

__all__ = ["Deal", "Phase", "Trick"]

_SUIT_CHUNK: Final = 0x1FFF  # the 13 bits of one suit


class Phase(enum.Enum):
    """Where a deal stands: bidding, playing, or over.

    >>> list(Phase)
    [Phase.BIDDING, Phase.PLAYING, Phase.OVER]
    """

    BIDDING = "bidding"
    PLAYING = "playing"
    OVER = "over"

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


# For each suit (and the jokers, as a fifth), the cards of each 13-bit chunk of
# a bitmask, in canonical order. Plain dicts, filled in as chunks are first
# seen (see _learn): a dict subclass with __missing__ would be slower to read.
_SUIT_TABLES: Final[tuple[dict[int, tuple[Card, ...]], ...]] = tuple({} for _ in range(5))


def _learn(mask: int) -> None:
    """Add the chunks of ``mask`` to the suit tables."""
    for suit, table in enumerate(_SUIT_TABLES):
        chunk = mask >> 13 * suit & _SUIT_CHUNK
        if chunk not in table:
            first = 13 * suit
            table[chunk] = tuple(_CARDS[first + bit] for bit in range(13) if chunk >> bit & 1)


# Per card index: its suit, 0 to 3, or 4 for a joker; and the first index of each suit.
_SUIT_OF: Final = tuple(min(index // 13, 4) for index in range(len(_CARDS)))
_SUIT_SHIFT: Final = (0, 13, 26, 39)


# For each card index, its bit in a bitmask of cards.
_BIT: Final = tuple(1 << index for index in range(len(_CARDS)))
# For each card index, the cards that follow it as the card led: its suit's
# bitmask, or 0 for a joker (after a led joker, any card may be played).
_FOLLOW: Final = tuple(
    0 if index >= 52 else 0x1FFF << 13 * (index // 13) for index in range(len(_CARDS))
)


def _legal_mask(hand: int, trick: tuple[int, ...]) -> int:
    """The bitmask of the cards of ``hand`` that may be played to ``trick``:
    the cards of the suit led if the hand holds any (never a joker), else all."""
    if trick:
        follow = hand & _FOLLOW[trick[0]]
        if follow:
            return follow
    return hand


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a bitmask over card indices, in canonical order.

    >>> cards_of(0b101)
    (Card('AS'), Card('QS'))
    """
    spades, hearts, diamonds, clubs, jokers = _SUIT_TABLES
    try:
        return (
            spades[mask & 0x1FFF]
            + hearts[mask >> 13 & 0x1FFF]
            + diamonds[mask >> 26 & 0x1FFF]
            + clubs[mask >> 39 & 0x1FFF]
            + jokers[mask >> 52]
        )
    except KeyError:
        _learn(mask)
        return cards_of(mask)


def suit_cards(suit: int, chunk: int) -> tuple[Card, ...]:
    """The cards of one suit (4 for the jokers) whose bits, counted from
    the suit's first card, are set in ``chunk``."""
    try:
        return _SUIT_TABLES[suit][chunk]
    except KeyError:
        _learn(chunk << 13 * suit)
        return _SUIT_TABLES[suit][chunk]


def mask_of(cards: tuple[Card, ...]) -> int:
    """The bitmask of some cards (the inverse of :func:`cards_of`).

    >>> mask_of((Card("AS"), Card("QS")))
    5
    """
    mask = 0
    for card in cards:
        mask |= 1 << card._index
    return mask


class _Frozen:
    """Immutability and value semantics for the state classes.

    A subclass lists its fields in ``_fields``, in the order its builder
    function takes them; equality, hashing and pickling follow from that list.
    Instances are built by filling a mutable twin class with the same slots and
    then switching its class, which is several times faster than going through
    ``object.__setattr__`` for each field.
    """

    __slots__ = ()
    _fields: tuple[str, ...] = ()

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._key() == other._key()
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._key() != other._key()
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.__class__.__name__, *self._key()))

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"{self.__class__.__name__} is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"{self.__class__.__name__} is immutable: cannot delete {name!r}")

    def __copy__(self) -> _Frozen:
        return self

    def __deepcopy__(self, memo: object) -> _Frozen:
        return self


class _TrickFields:
    __slots__ = ("_cards", "_shown", "leader", "winner")
    leader: int
    _cards: tuple[int, ...]
    winner: int
    _shown: int | None  # see shown_out; None until first asked


class Trick(_TrickFields, _Frozen):
    """A completed trick: who led it, the cards in order of play, who won it.

    The ``i``-th card was played by seat ``(leader + i) % players``. The
    leftover is never part of a trick's cards, even of the last one.

    .. attribute:: leader
       :type: int

       The seat that led the trick.

    .. attribute:: winner
       :type: int

       The seat that won the trick: the one that led a joker, or else the one
       that played the highest card of the suit led.

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

    __slots__ = ()
    _fields = ("leader", "_cards", "winner")

    def __new__(cls, *args: object, **kwargs: object) -> Trick:
        raise TypeError("tricks are made by bugami.play; they cannot be built directly")

    def __reduce__(self) -> tuple[Any, ...]:
        return (make_trick, self._key())

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards of the trick, in the order they were played."""
        return tuple([_CARDS[index] for index in self._cards])

    def __repr__(self) -> str:
        cards = " ".join(str(_CARDS[index]) for index in self._cards)
        return f"<Trick led by seat {self.leader}: {cards}; won by seat {self.winner}>"


def make_trick(leader: int, cards: tuple[int, ...], winner: int) -> Trick:
    """Build a :class:`Trick` from card indices (for the engine only)."""
    trick = _TrickFields()
    trick.leader = leader
    trick._cards = cards
    trick.winner = winner
    trick._shown = None
    trick.__class__ = Trick
    return trick  # type: ignore[return-value]


def shown_out(cards: tuple[int, ...], leader: int, players: int) -> int:
    """The suits that a trick's cards (indices, in order of play from
    ``leader``) show players to be out of: bit ``4 * seat + suit`` is set when
    ``seat`` played another card, a joker included, to a trick led in ``suit``."""
    if not cards:
        return 0
    suit = _SUIT_OF[cards[0]]
    if suit == 4:
        return 0
    shown = 0
    for position in range(1, len(cards)):
        if _SUIT_OF[cards[position]] != suit:
            shown |= 1 << 4 * ((leader + position) % players) + suit
    return shown


def trick_shown_out(trick: Trick, players: int) -> int:
    """:func:`shown_out` for a completed trick, worked out once and kept on it
    (views of every later state of the deal ask again)."""
    shown = trick._shown
    if shown is None:
        shown = shown_out(trick._cards, trick.leader, players)
        object.__setattr__(trick, "_shown", shown)  # a cache, not part of the value
    return shown


class _Setup:
    """What one state of a deal shares with the next: the rules, the dealer,
    the hands as dealt, the leftover and the bids. Built once per deal and once
    per bid, so that playing a card copies one reference instead of six."""

    __slots__ = ("bids", "dealer", "dealt", "in_hands", "leftover", "players", "rules")
    rules: Rules
    dealer: int
    players: int
    dealt: tuple[int, ...]
    in_hands: int  # every card dealt to a hand: the union of ``dealt``
    leftover: int
    bids: tuple[Bid | None, ...]


class _DealFields:
    __slots__ = ("_held", "_setup", "_trick", "leader", "to_move", "tricks")
    _setup: _Setup
    _held: int  # the cards still held, by whichever seat: a hand is dealt & held
    leader: int | None
    to_move: int | None
    _trick: tuple[int, ...]
    tricks: tuple[Trick, ...]


class Deal(_DealFields, _Frozen):
    """One deal of Bugami at one moment of play. Immutable.

    Get one from :func:`bugami.deal`; the verbs of :mod:`bugami.play` return
    the next ones.

    .. attribute:: to_move
       :type: int | None

       The seat to play a card, or ``None`` while bidding or once the deal is
       over.

    .. attribute:: leader
       :type: int | None

       The seat that leads (or led) the open trick, or ``None`` while bidding
       or once the deal is over.

    .. attribute:: tricks
       :type: tuple[bugami.state.Trick, ...]

       The completed tricks, in order.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(players=5), seed=11, dealer=2)
    >>> state.dealer, len(state.leftover), state.bids
    (2, 2, (None, None, None, None, None))
    """

    __slots__ = ()
    _fields = (
        "rules", "dealer", "_dealt", "_played", "_leftover", "bids", "leader", "_trick", "tricks",
    )  # fmt: skip

    def __new__(cls, *args: object, **kwargs: object) -> Deal:
        raise TypeError("deals are made by bugami.deal; they cannot be built directly")

    def __reduce__(self) -> tuple[Any, ...]:
        return (make_deal, self._key())

    def _key(self) -> tuple[Any, ...]:
        setup = self._setup
        return (
            setup.rules, setup.dealer, setup.dealt, setup.in_hands & ~self._held, setup.leftover,
            setup.bids,
            self.leader, self._trick, self.tricks,
        )  # fmt: skip

    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        return self._setup.rules

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._setup.dealer

    @property
    def bids(self) -> tuple[Bid | None, ...]:
        """Each seat's bid (a :class:`~bugami.cards.Suit` or
        :data:`~bugami.cards.MISERE`), ``None`` for a seat that has not bid yet."""
        return self._setup.bids

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
    def _hands(self) -> tuple[int, ...]:
        """Each seat's hand now, as bitmasks."""
        held = self._held
        return tuple([hand & held for hand in self._setup.dealt])

    @property
    def _played(self) -> int:
        """The cards played so far, as a bitmask."""
        return self._setup.in_hands & ~self._held

    @property
    def dealt_hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's hand as it was dealt (the cards held now and the cards
        played so far), in canonical order.

        >>> import bugami
        >>> state = bugami.deal(bugami.Rules(), seed=4)
        >>> state.dealt_hands == state.hands
        True
        """
        return tuple([cards_of(hand) for hand in self._dealt])

    @property
    def leftover(self) -> tuple[Card, ...]:
        """The cards set aside face down when dealing, in canonical order.
        They stay here after the deal ends; scoring adds them to the cards of
        the last trick's winner."""
        return cards_of(self._leftover)

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """The cards played so far to the open trick, in order of play."""
        return tuple([_CARDS[index] for index in self._trick])

    @property
    def phase(self) -> Phase:
        """Whether the deal is in its bidding phase, being played, or over."""
        if self.to_move is not None:
            return Phase.PLAYING
        if None in self.bids:
            return Phase.BIDDING
        return Phase.OVER

    @property
    def is_over(self) -> bool:
        """Whether every trick has been played."""
        return self.to_move is None and None not in self.bids

    def _repr_html_(self) -> str:
        """The picture Jupyter shows: see :func:`bugami.render.deal_html`."""
        from bugami.render import deal_html

        return deal_html(self)

    def __repr__(self) -> str:
        phase = self.phase
        if phase is Phase.BIDDING:
            waiting = sum(bid is None for bid in self.bids)
            where = f"bidding, {waiting} bid{'s' if waiting != 1 else ''} to come"
        elif phase is Phase.PLAYING:
            where = f"trick {len(self.tricks) + 1} of {self.rules.hand_size}, seat {self.to_move} to play"
        else:
            where = "over"
        return f"<Deal: {self.rules.players} players, dealer {self.dealer}, {where}>"


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
) -> Deal:
    """Build a :class:`Deal` from its fields (for the engine only; not checked).

    A deal keeps each seat's hand as dealt, shared by every state of the deal,
    and one bitmask of the cards still held: a seat holds ``dealt[seat] &
    held``, and playing a card only clears one bit."""
    setup = _Setup()
    setup.rules = rules
    setup.dealer = dealer
    setup.players = rules.players
    setup.dealt = dealt
    setup.in_hands = sum(dealt)  # the hands hold distinct cards
    setup.leftover = leftover
    setup.bids = bids
    return _deal_from(setup, setup.in_hands & ~played, leader, trick, tricks)


def _with_bids(setup: _Setup, bids: tuple[Bid | None, ...]) -> _Setup:
    """A copy of ``setup`` with other ``bids``: what a bid changes."""
    changed = _Setup()
    changed.rules = setup.rules
    changed.dealer = setup.dealer
    changed.players = setup.players
    changed.dealt = setup.dealt
    changed.in_hands = setup.in_hands
    changed.leftover = setup.leftover
    changed.bids = bids
    return changed


def _deal_from(
    setup: _Setup,
    held: int,
    leader: int | None,
    trick: tuple[int, ...],
    tricks: tuple[Trick, ...],
) -> Deal:
    """Build a :class:`Deal` on a setup shared with other states of the deal."""
    state = _DealFields()
    state._setup = setup
    state._held = held
    state.leader = leader
    state.to_move = None if leader is None else (leader + len(trick)) % setup.players
    state._trick = trick
    state.tricks = tricks
    state.__class__ = Deal
    return state  # type: ignore[return-value]
