"""What one player may know of a deal: the part both games' views share.

A deal view holds the seat's own hand and what the table shows: the dealer,
who has bid (and the bids once they are shown), the cards played with who
played them, who won each trick, how many cards each seat holds and, once the
deal is over, the points. What is hidden is not in it at all, so it cannot
leak. Each game says when its bids are shown and what else its players see.

A spectator's view (``view(state, None)``) is what the whole table shows: a
seat's view without its hand, its legal actions, or its own bid before the
bids are revealed. It is a class of its own (:class:`SpectatorViewBase`), so
that nothing that takes a seat's view is handed one by mistake.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from bugami._kernel.actions import BidActionBase, JSONValue, PlayActionBase
from bugami._kernel.deals import Phase
from bugami._kernel.display import Pictured
from bugami._kernel.match import MatchViewBase, RulesLike
from bugami._kernel.native import Sealed
from bugami._kernel.payloads import deal_payload
from bugami._kernel.seats import check_seat
from bugami._kernel.values import sealed_builder
from bugami.errors import InvalidInputError, brief

__all__ = [
    "DealViewBase",
    "DealViewFields",
    "SpectatorViewBase",
    "TableViewBase",
    "current_view",
    "spectator_of",
    "view_builder",
    "view_of",
]

RulesT = TypeVar("RulesT", bound=RulesLike)
DealT = TypeVar("DealT")
SpectatorT = TypeVar("SpectatorT")
ViewT = TypeVar("ViewT")
# Below, ``DealViewBase[Any, Any, Any, Any]`` and the like mean "of either game".
BidT = TypeVar("BidT")
CardT = TypeVar("CardT")
TrickT = TypeVar("TrickT")


class DealViewFields(Sealed):
    """The storage of a deal view; a game may add slots."""

    __slots__ = (
        "_hand", "_trick", "bids", "dealer", "hand_sizes", "has_bid", "leader", "points",
        "rules", "seat", "to_move", "tricks",
    )  # fmt: skip
    rules: RulesLike
    seat: int | None  # None in a spectator's view
    dealer: int
    _hand: int  # in the game's encoding (nothing, for a spectator)
    hand_sizes: tuple[int, ...]
    bids: tuple[object, ...]
    has_bid: tuple[bool, ...]
    leader: int | None
    to_move: int | None
    _trick: tuple[int, ...]  # in the game's encoding
    tricks: tuple[object, ...]
    points: tuple[int, ...] | None


class TableViewBase(DealViewFields, Pictured, Generic[RulesT, BidT, CardT, TrickT]):
    """What a seat's view and a spectator's view of a deal have in common:
    everything the table shows. Immutable; compares and hashes by value.

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

    .. attribute:: to_move
       :type: int | None

       The seat to play a card, or ``None`` while bidding or once the deal is
       over.

    .. attribute:: leader
       :type: int | None

       The seat that leads (or led) the open trick.

    .. attribute:: points
       :type: tuple[int, ...] | None

       Each seat's points once the deal is over, else ``None``.
    """

    __slots__ = ()
    rules: RulesT
    """The rules of the game."""
    bids: tuple[BidT | None, ...]
    """Every seat's bid once the bids are shown (each game says when); before
    that only this seat's own bid, and ``None`` for everyone else."""
    tricks: tuple[TrickT, ...]
    """The completed tricks, which are public."""
    _all_bids: ClassVar[tuple[Any, ...]] = ()  # Any: a ClassVar cannot name BidT
    _title: ClassVar[str] = "DealView"
    _hand_separator: ClassVar[str] = " "
    # the game's (bid, play) action classes
    _actions: ClassVar[tuple[type[BidActionBase[Any]], type[PlayActionBase[Any]]]]

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

    @property
    def current_trick(self) -> tuple[CardT, ...]:
        """The cards played so far to the open trick, in order of play."""
        decode = self._actions[1]._decode
        return tuple([decode(card) for card in self._trick])

    def _tricks_in_deal(self) -> int:
        """How many tricks the deal has."""
        raise NotImplementedError

    def _payload_extra(self) -> dict[str, JSONValue]:
        """What the game adds to the payload."""
        raise NotImplementedError

    def to_dict(self) -> dict[str, JSONValue]:
        """The view as a client payload: a JSON-ready dict of everything
        needed to draw the table for this seat (see the *Building a
        frontend* guide, and :func:`~bugami.core.frontend.payload_schema`)."""
        return deal_payload(self)

    def _where(self) -> str:
        if self.phase is Phase.BIDDING:
            return f"bidding, {self.has_bid.count(False)} to bid"
        if self.phase is Phase.PLAYING:
            return (
                f"trick {len(self.tricks) + 1} of {self._tricks_in_deal()}, "
                f"seat {self.to_move} to play"
            )
        return "over"


class DealViewBase(TableViewBase[RulesT, BidT, CardT, TrickT]):
    """One seat's view of a deal. Immutable; compares and hashes by value.

    .. attribute:: seat
       :type: int

       The seat whose view this is.
    """

    __slots__ = ()
    seat: int

    @property
    def hand(self) -> tuple[CardT, ...]:
        """This seat's hand, in the game's order."""
        raise NotImplementedError

    def legal_bids(self) -> tuple[BidT, ...]:
        """The bids this seat may still make (``()`` once it has bid)."""
        return () if self.has_bid[self.seat] else self._all_bids

    def __repr__(self) -> str:
        hand = self._hand_separator.join(map(str, self.hand)) or "-"
        return f"<{self._title} for seat {self.seat}: {self._where()}; hand {hand}>"


class SpectatorViewBase(TableViewBase[RulesT, BidT, CardT, TrickT]):
    """A spectator's view of a deal: what the whole table shows, and no
    hand. Its ``seat`` is ``None``; it has no hand and no legal actions.
    Immutable; compares and hashes by value.
    """

    __slots__ = ()
    seat: None

    @property
    def hand(self) -> tuple[CardT, ...]:
        """``()``: a spectator holds no cards."""
        return ()

    def legal_bids(self) -> tuple[BidT, ...]:
        """``()``: a spectator does not bid."""
        return ()

    def legal_moves(self) -> tuple[CardT, ...]:
        """``()``: a spectator does not play."""
        return ()

    def __repr__(self) -> str:
        return f"<{self._title} for spectators: {self._where()}>"


def spectator_of(
    seen: DealViewBase[Any, Any, Any, Any], make: Callable[..., SpectatorT]
) -> SpectatorT:
    """The spectator's view made (by the builder ``make``, which takes the
    fields of the seat's view class) from the view of any seat: the same,
    without the seat, its hand and, until the bids are revealed, its bid."""
    fields = dict(zip(seen._fields, seen._key(), strict=True))
    fields["seat"] = None
    fields["_hand"] = 0
    if None in seen.bids:  # not yet revealed: the seat's view shows only its own
        fields["bids"] = (None,) * len(seen.bids)
    return make(*fields.values())


def _spectator_view(
    deal_view: Callable[[DealT, int], DealViewBase[Any, Any, Any, Any]],
    make: Callable[..., SpectatorT],
    state: DealT,
    seat: None,
) -> SpectatorT:
    return spectator_of(deal_view(state, 0), make)


def view_builder(value: type[Sealed], params: Sequence[str], name: str) -> Callable[..., Any]:
    # Any: the builder makes the subclass ``value``, which the kernel does not name
    """The builder of a deal view class: ``params`` are its slots but
    ``to_move``, which follows from the leader and the open trick."""
    return sealed_builder(
        value,
        params,
        ["obj.to_move = None if leader is None else (leader + len(_trick)) % rules.players"],
        name=name,
    )


def view_of(
    state: Any,  # Any: checked below to be of one of the ``kinds``; the rest reads its fields
    seat: int | None,
    kinds: tuple[type[Any], type[Any]],
    deal_view: Callable[[Any, int], DealViewBase[Any, Any, Any, Any]],
    game_view: type[MatchViewBase[Any, Any, Any, Any, Any]],
    noun: str,
    spectators: tuple[
        Callable[..., SpectatorViewBase[Any, Any, Any, Any]],
        type[MatchViewBase[Any, Any, Any, Any, Any]],
    ]
    | None = None,
) -> Any:  # Any: a deal view or a game view, seat's or spectator's; each game's view() narrows
    """What ``seat`` may know of ``state``, a deal or a game of the two
    ``kinds`` (deal class, game class): ``deal_view`` of the deal, or a
    ``game_view`` holding the view of the game's current deal. ``noun`` names
    the game in the message for anything else. ``spectators`` are the
    builder of the game's spectator deal view and its spectator game view
    class, for ``seat=None``."""
    deal, game = kinds
    if state.__class__ is not deal and state.__class__ is not game:
        raise InvalidInputError(f"view needs {noun} Deal or Game, not {brief(state)}")
    build: Callable[[Any, Any], object] = deal_view
    if seat is None and spectators is not None:
        make, game_view = spectators
        build = functools.partial(_spectator_view, deal_view, make)
    else:
        players = state.rules.players
        if seat.__class__ is not int or not 0 <= seat < players:
            seat = check_seat(players, seat)  # raises the reason
    if state.__class__ is deal:
        return build(state, seat)
    current = state.current
    return game_view._made(
        state.rules,
        seat,
        state.first_dealer,
        state.deals,
        None if current is None else build(current, seat),
        state.totals,
        state.winner,
    )


def current_view(
    seen: object,
    kinds: tuple[type[ViewT], type],
    what: str,
    rng: object,
    deal_word: str = "deal",
) -> ViewT:
    """The deal view ``seen`` stands for (itself, or a game view's current
    deal), with a check that ``rng`` is a :class:`random.Random`: what
    sampling asks of its input. ``kinds`` are the game's deal view and game
    view classes; ``what`` names them in the message, ``deal_word`` a deal."""
    deal_view, game_view = kinds
    if isinstance(seen, game_view):
        current = seen.current  # type: ignore[attr-defined]
        if current is None:
            raise InvalidInputError(f"the game is over: there is no {deal_word} left to sample")
        seen = current
    if not isinstance(seen, deal_view):
        raise InvalidInputError(f"sample_deal needs {what}, not {brief(seen)}")
    import random  # here: only sampling needs it, and it loads when first used

    if not isinstance(rng, random.Random):
        raise InvalidInputError(f"rng must be a random.Random, not {brief(rng)}")
    return seen
