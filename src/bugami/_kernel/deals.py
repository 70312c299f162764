"""The shape of a deal, the same in both games: bids, then tricks.

A deal is dealt, every seat bids once (in any order, in secret), and then the
player left of the dealer leads the first trick; the winner of each trick leads
the next, until the last. Both games keep a deal in the same few slots:

* ``_setup`` -- a :class:`Setup` shared by every state of the deal from one bid
  to the next: the rules, the dealer, the hands as dealt, the bids and the
  order they came in;
* ``_held`` -- one int for the cards still held by every seat, in the game's own
  encoding (Bugami: a bitmask of cards; Argute: each seat's counts of values);
* ``leader`` and ``to_move`` -- who leads the open trick and whose turn it is;
* ``_trick`` -- the cards played to the open trick, in order;
* ``tricks`` -- the completed tricks.

What a card is, who wins a trick and how the deal is scored is each game's own.

A deal's history (:func:`deal_history`) costs nothing to keep: its cards are
already in its tricks and its open trick, in order, and the order of the bids
is kept in the setup, which is rebuilt at each bid anyway. The order of the
bids is not part of a deal's value: states that differ only in it are equal.

>>> Phase.BIDDING, Phase("over")
(Phase.BIDDING, Phase.OVER)
"""

from __future__ import annotations

import enum
import sys
from typing import Any, ClassVar, Final, TypeVar

from bugami._kernel.display import picture
from bugami._kernel.native import Sealed, immutable, refusal
from bugami._kernel.seats import left_of

if sys.version_info >= (3, 11):
    from typing import Self
else:  # typing_extensions is slow to import: only where typing lacks the name
    from typing_extensions import Self

__all__ = [
    "DEAL_SLOTS",
    "TRICK_SLOTS",
    "DealBase",
    "Phase",
    "Setup",
    "TrickBase",
    "after_bid",
    "deal_history",
    "deal_root",
    "new_setup",
    "seat_of",
    "turn",
]

DEAL_SLOTS: Final[tuple[str, ...]] = ("_setup", "_held", "leader", "to_move", "_trick", "tricks")
"""A deal state's slots, in the order its builders take them."""
TRICK_SLOTS: Final[tuple[str, ...]] = ("leader", "_cards", "winner")
"""A completed trick's slots, in the order its builders take them (each game
may add more after them)."""


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


# Where the API reference documents it (set through setattr: compiled, the
# module may only assign the class variables a class declares).
setattr(Phase, "__module__", "bugami.core.state")  # noqa: B010


def seat_of(leader: int, position: int, players: int) -> int:
    """The seat that played the card at ``position`` of a trick led by
    ``leader``: play goes clockwise from the leader, round and round.

    >>> seat_of(3, 1, 4), seat_of(1, 5, 2)
    (0, 0)
    """
    return (leader + position) % players


class Setup:
    """What every state of one deal shares until the next bid: built once
    per deal and once per bid, so that playing a card copies one reference.
    Internal and never changed once built."""

    __slots__ = (
        "bids", "dealer", "dealt", "in_hands", "leftover", "order", "players", "rules", "seen",
    )  # fmt: skip
    # Any, here and below: the game's own rules and bids, which its compiled code
    # reads typed (an object would cost a checked cast at every read).
    rules: Any  # the game's Rules
    dealer: int
    players: int
    dealt: tuple[int, ...]  # each seat's hand as dealt, in the game's encoding
    in_hands: int  # the ``_held`` of the deal before its first card
    leftover: int  # Bugami's cards set aside (a bitmask); 0 in Argute
    bids: tuple[Any, ...]  # each seat's bid (the game's bids), None until it has bid
    order: tuple[int, ...]  # the seats that have bid, in the order they bid (not in the key)
    # What views of this deal keep from one state to the next, worked out once
    # (a cache, not part of any value): see each game's view module.
    seen: dict[object, Any]  # Any: each game's view module keeps its own entries

    def __init__(
        self,
        rules: Any,
        players: int,
        dealer: int,
        dealt: tuple[int, ...],
        in_hands: int,
        leftover: int,
        bids: tuple[Any, ...],
        order: tuple[int, ...],
    ) -> None:
        self.rules = rules
        self.players = players
        self.dealer = dealer
        self.dealt = dealt
        self.in_hands = in_hands
        self.leftover = leftover
        self.bids = bids
        self.order = order
        self.seen = {}


def new_setup(
    rules: Any,
    players: int,
    dealer: int,
    dealt: tuple[int, ...],
    in_hands: int,
    leftover: int,
    bids: tuple[Any, ...],
    order: tuple[int, ...] | None = None,
) -> Setup:
    """A :class:`Setup` from its parts. ``order`` is the order the bids came
    in (``None``: the seats that have bid, in seat order)."""
    if order is None:
        order = tuple([seat for seat, choice in enumerate(bids) if choice is not None])
    return Setup(rules, players, dealer, dealt, in_hands, leftover, bids, order)


def turn(setup: Setup, leader: int | None, trick: tuple[int, ...]) -> int | None:
    """Whose turn it is in a deal with this ``leader`` of the open ``trick``
    (``None`` while bidding and once the deal is over)."""
    return None if leader is None else (leader + len(trick)) % setup.players


class TrickBase(Sealed):
    """A completed trick: who led it, the cards in order of play, who won.

    The ``i``-th card was played by seat ``(leader + i) % players``.

    .. attribute:: leader
       :type: int

       The seat that led the trick.

    .. attribute:: winner
       :type: int

       The seat that won the trick.
    """

    __slots__ = TRICK_SLOTS
    leader: int
    _cards: tuple[int, ...]  # in the game's encoding, in order of play
    winner: int
    _fields = TRICK_SLOTS
    _title: ClassVar[str] = "Trick"
    _payload_keys: ClassVar[tuple[str, ...]] = ()  # what the game adds to a trick's payload

    def __init__(
        self, leader: int = 0, cards: tuple[int, ...] = (), winner: int = 0, *, made: bool = False
    ) -> None:
        if not made:  # only the library's builders may make one
            raise refusal(type(self), self._refusal)
        object.__setattr__(self, "leader", leader)
        object.__setattr__(self, "_cards", cards)
        object.__setattr__(self, "winner", winner)

    def __setattr__(self, name: str, value: object) -> None:
        raise immutable(self, "set", name)

    def __delattr__(self, name: str) -> None:
        raise immutable(self, "delete", name)

    def _key(self) -> tuple[object, ...]:
        return (self.leader, self._cards, self.winner)

    @property
    def cards(self) -> tuple[object, ...]:
        """The cards of the trick, in the order they were played."""
        raise NotImplementedError

    def _texts(self) -> list[str]:
        return [str(card) for card in self.cards]

    def __repr__(self) -> str:
        cards = " ".join(self._texts())
        return f"<{self._title} led by seat {self.leader}: {cards}; won by seat {self.winner}>"


class DealBase(Sealed):
    """One deal at one moment: what both games' deal states have in common.
    Immutable; two states are equal when the game is the same, whatever order
    the bids came in.

    .. attribute:: to_move
       :type: int | None

       The seat to play a card, or ``None`` while bidding or once the deal is
       over.

    .. attribute:: leader
       :type: int | None

       The seat that leads (or led) the open trick, or ``None`` while bidding
       or once the deal is over.
    """

    __slots__ = DEAL_SLOTS
    _setup: Setup
    _held: int
    leader: int | None
    to_move: int | None
    _trick: tuple[int, ...]
    tricks: tuple[TrickBase, ...]
    _title: ClassVar[str] = "Deal"
    _actions: ClassVar[tuple[Any, Any]]  # the game's (bid, play) action classes: a ClassVar
    # cannot name them, and deal_history reads their builders

    def __init__(
        self,
        setup: Setup | None = None,
        held: int = 0,
        leader: int | None = None,
        to_move: int | None = None,
        trick: tuple[int, ...] = (),
        tricks: tuple[TrickBase, ...] = (),
        *,
        made: bool = False,
    ) -> None:
        if not made or setup is None:  # only the library's builders may make one
            raise refusal(type(self), self._refusal)
        object.__setattr__(self, "_setup", setup)
        object.__setattr__(self, "_held", held)
        object.__setattr__(self, "leader", leader)
        object.__setattr__(self, "to_move", to_move)
        object.__setattr__(self, "_trick", trick)
        object.__setattr__(self, "tricks", tricks)

    def __setattr__(self, name: str, value: object) -> None:
        raise immutable(self, "set", name)

    def __delattr__(self, name: str) -> None:
        raise immutable(self, "delete", name)

    def _key(self) -> tuple[object, ...]:
        setup = self._setup
        return (
            setup.rules, setup.dealer, setup.dealt, setup.in_hands - self._held, setup.leftover,
            setup.bids, self.leader, self._trick, self.tricks,
        )  # fmt: skip

    def _unplayed(self, setup: Setup, leader: int | None) -> Self:
        """A deal of the same game with this setup and nothing played yet
        (every dealt card held), ``leader`` to lead once the bids are in.
        Each game builds its own through its builder: quicker than calling
        the class, above all compiled."""
        raise NotImplementedError

    def _tricks_in_deal(self) -> int:
        """How many tricks the deal has."""
        raise NotImplementedError

    def _history(self) -> tuple[Any, ...]:  # Any: the game's actions, which its history names
        """The actions that made this state, in order (see :func:`deal_history`),
        as the game's two action classes (its ``_actions``)."""
        bid_kind, play_kind = self._actions
        return deal_history(self, bid_kind, play_kind)

    @property
    def rules(self) -> Any:  # Any: as Setup.rules
        """The rules of the game (each game's state names their class)."""
        return self._setup.rules

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._setup.dealer

    @property
    def bids(self) -> tuple[object, ...]:
        """Each seat's bid, ``None`` for a seat that has not bid yet (each
        game's state names their type)."""
        return self._setup.bids

    @property
    def phase(self) -> Phase:
        """Whether the deal is in its bidding phase, being played, or over."""
        if self.to_move is not None:
            return Phase.PLAYING
        if None in self._setup.bids:
            return Phase.BIDDING
        return Phase.OVER

    @property
    def is_over(self) -> bool:
        """Whether every trick has been played."""
        return self.to_move is None and None not in self._setup.bids

    def __repr__(self) -> str:
        phase = self.phase
        if phase is Phase.BIDDING:
            waiting = self._setup.bids.count(None)
            where = f"bidding, {waiting} bid{'s' if waiting != 1 else ''} to come"
        elif phase is Phase.PLAYING:
            where = (
                f"trick {len(self.tricks) + 1} of {self._tricks_in_deal()}, "
                f"seat {self.to_move} to play"
            )
        else:
            where = "over"
        return f"<{self._title}: {self._setup.players} players, dealer {self.dealer}, {where}>"

    def _repr_html_(self) -> str:
        return picture(self)


DealT = TypeVar("DealT", bound=DealBase)


def after_bid(deal: DealT, seat: int, choice: object) -> DealT:
    """The deal once ``seat`` has bid ``choice`` (both checked already): after
    the last bid the player left of the dealer is to lead."""
    setup = deal._setup
    bids = list(setup.bids)
    bids[seat] = choice
    leader = None if None in bids else left_of(setup.dealer, setup.players)
    changed = new_setup(
        setup.rules, setup.players, setup.dealer, setup.dealt, setup.in_hands, setup.leftover,
        tuple(bids), (*setup.order, seat),
    )  # fmt: skip
    # Nothing has been played while bidding: every dealt card is still held.
    made: DealT = deal._unplayed(changed, leader)
    return made


def deal_history(deal: DealBase, bid_kind: Any, play_kind: Any) -> tuple[Any, ...]:
    # Any: the game's action classes and their actions, as DealBase._actions
    """The actions that made ``deal``, in order: the bids in the order they
    came in (actions of ``bid_kind``), then every card played (actions of
    ``play_kind``, which decodes the game's cards). Built when asked for,
    from what the state holds anyway."""
    setup = deal._setup
    bids = setup.bids
    bid_made = bid_kind._made
    actions = [bid_made(seat, bids[seat]) for seat in setup.order]
    play_made = play_kind._made
    decode = play_kind._decode
    players = setup.players
    for trick in deal.tricks:
        leader = trick.leader
        for position, card in enumerate(trick._cards):
            actions.append(play_made((leader + position) % players, decode(card)))
    if deal._trick:
        opener: int = deal.leader  # type: ignore[assignment]  # an open trick has a leader
        for position, card in enumerate(deal._trick):
            actions.append(play_made((opener + position) % players, decode(card)))
    return tuple(actions)


def deal_root(deal: DealT) -> DealT:
    """``deal`` as it was dealt: before any bid or card (the start of its
    history)."""
    setup = deal._setup
    fresh = new_setup(
        setup.rules, setup.players, setup.dealer, setup.dealt, setup.in_hands, setup.leftover,
        (None,) * setup.players, (),
    )  # fmt: skip
    made: DealT = deal._unplayed(fresh, None)
    return made
