"""What one player may know of a deal: the part both games' views share.

A deal view holds the seat's own hand and what the table shows: the dealer,
who has bid (and the bids once they are shown), the cards played with who
played them, who won each trick, how many cards each seat holds and, once the
deal is over, the points. What is hidden is not in it at all, so it cannot
leak. Each game says when its bids are shown and what else its players see.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from bugami._kernel.deals import Phase
from bugami._kernel.display import Pictured
from bugami._kernel.values import Frozen, builder

__all__ = ["DealViewBase", "DealViewFields", "view_builder"]

RulesT = TypeVar("RulesT")
BidT = TypeVar("BidT")
CardT = TypeVar("CardT")
TrickT = TypeVar("TrickT")


class DealViewFields:
    """The storage of a deal view; a game may add slots."""

    __slots__ = (
        "_hand", "_trick", "bids", "dealer", "hand_sizes", "has_bid", "leader", "points",
        "rules", "seat", "to_move", "tricks",
    )  # fmt: skip
    rules: Any
    seat: int
    dealer: int
    _hand: int  # in the game's encoding
    hand_sizes: tuple[int, ...]
    bids: tuple[Any, ...]
    has_bid: tuple[bool, ...]
    leader: int | None
    to_move: int | None
    _trick: tuple[int, ...]  # in the game's encoding
    tricks: tuple[Any, ...]
    points: tuple[int, ...] | None


class DealViewBase(DealViewFields, Pictured, Frozen, Generic[RulesT, BidT, CardT, TrickT]):
    """One seat's view of a deal. Immutable; compares and hashes by value.

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
    bids: tuple[BidT | None, ...]
    tricks: tuple[TrickT, ...]
    _all_bids: ClassVar[tuple[Any, ...]] = ()
    _title: ClassVar[str] = "DealView"
    _hand_separator: ClassVar[str] = " "

    @property
    def hand(self) -> tuple[CardT, ...]:
        """This seat's hand, in the game's order."""
        raise NotImplementedError

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

    def legal_bids(self) -> tuple[BidT, ...]:
        """The bids this seat may still make (``()`` once it has bid)."""
        return () if self.has_bid[self.seat] else self._all_bids

    def _tricks_in_deal(self) -> int:
        """How many tricks the deal has."""
        raise NotImplementedError

    def __repr__(self) -> str:
        if self.phase is Phase.BIDDING:
            where = f"bidding, {self.has_bid.count(False)} to bid"
        elif self.phase is Phase.PLAYING:
            where = (
                f"trick {len(self.tricks) + 1} of {self._tricks_in_deal()}, "
                f"seat {self.to_move} to play"
            )
        else:
            where = "over"
        hand = self._hand_separator.join(map(str, self.hand)) or "-"
        return f"<{self._title} for seat {self.seat}: {where}; hand {hand}>"


def view_builder(fields: type, value: type, params: Sequence[str], name: str) -> Callable[..., Any]:
    """The builder of a deal view class: ``params`` are its slots but
    ``to_move``, which follows from the leader and the open trick."""
    return builder(
        fields,
        value,
        params,
        ["obj.to_move = None if leader is None else (leader + len(_trick)) % rules.players"],
        name=name,
    )
