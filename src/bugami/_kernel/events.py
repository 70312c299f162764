"""Events: what an action caused, as values a client can be sent.

:func:`~bugami.core.frontend.step` returns, with the next state, the events the
action caused, in order: a bid made, the play begun, a card played, a trick
won, a deal scored, the next deal dealt, the game over. Every event is an
immutable value with a ``to_dict()`` (JSON-ready, with a ``"type"`` key) and
a :meth:`~EventBase.seen_by` that gives the event as one seat (or a
spectator) may see it: another seat's bid is only "seat 2 has bid" until the
game reveals the bids. Each game declares its event classes on the bases
here, with what it adds (:class:`GameEvents`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from bugami._kernel.actions import MAX_SEAT, BidActionBase, JSONValue, PlayActionBase
from bugami._kernel.checks import as_int
from bugami._kernel.native import Sealed
from bugami._kernel.payloads import trick_json
from bugami._kernel.values import fields_repr, is_filler, sealed_builder
from bugami.errors import InvalidInputError, brief

if sys.version_info >= (3, 11):
    from typing import Self
else:  # typing_extensions is slow to import: only where typing lacks the name
    from typing_extensions import Self

if TYPE_CHECKING:
    from bugami._kernel.deals import TrickBase

__all__ = [
    "BidMadeBase",
    "CardPlayedBase",
    "DealScoredBase",
    "DealStarted",
    "EventBase",
    "GameEvents",
    "GameOver",
    "PlayStartedBase",
    "TrickWonBase",
]

BidT = TypeVar("BidT")
CardT = TypeVar("CardT")
DealT = TypeVar("DealT")
TrickT = TypeVar("TrickT", bound="TrickBase")


class EventBase(Sealed):
    """Something that happened at the table. Immutable; compares and hashes
    by value; its ``repr`` lists its fields."""

    __slots__ = ()
    _type: ClassVar[str]  # the "type" of its dict
    _made: ClassVar[Callable[..., Any]]  # the builder, from the fields; Any: of the subclass
    _refusal = "events are made by step(); they cannot be built directly"

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if cls._fields and not is_filler(cls):
            cls._made = staticmethod(sealed_builder(cls, cls._fields, name=f"_make_{cls.__name__}"))

    def __reduce__(self) -> tuple[object, ...]:
        return (_remade, (type(self), self._key()))

    def __repr__(self) -> str:
        return fields_repr(self)

    def _body(self) -> dict[str, JSONValue]:
        raise NotImplementedError

    def to_dict(self) -> dict[str, JSONValue]:
        """The event as a JSON-ready dict: its ``type`` and its fields. The
        dict of an event returned by ``step`` shows everything the table
        knows; send a client the dict of :meth:`seen_by` its seat."""
        return {"type": self._type, **self._body()}

    def seen_by(self, seat: int | None) -> Self:
        """The event as ``seat`` may see it (``None``: a spectator); most
        events are public and are their own."""
        _viewer(seat)
        return self


def _viewer(seat: object) -> int | None:
    """The seat an event is shown to: ``None`` (a spectator) or the plain int
    ``seat`` stands for (so that its own comparisons cannot uncover a bid)."""
    if seat is None:
        return None
    number = as_int(seat)
    if number is None or not 0 <= number <= MAX_SEAT:
        raise InvalidInputError(
            f"an event is seen by a seat from 0 to {MAX_SEAT} or None, not {brief(seat)}"
        )
    return number


def _remade(kind: type[EventBase], key: tuple[object, ...]) -> EventBase:
    """Unpickle an event."""
    made: EventBase = kind._made(*key)
    return made


class GameEvents(EventBase):
    """What one game adds to its events: a mixin each of its event classes
    takes, naming its action classes (how its cards and bids are written),
    whether its bids are shown once all are in, and what its scored deals
    show."""

    __slots__ = ()
    # Any: a ClassVar cannot name the game's bid and card types
    _actions: ClassVar[tuple[type[BidActionBase[Any]], type[PlayActionBase[Any]]]]
    _bids_public: ClassVar[bool]  # shown to all once the last bid is in (else at the end)

    @staticmethod
    def _deal_extra(deal: Any) -> dict[str, JSONValue]:  # Any: the game's own deal class
        """What the game adds to a scored deal's dict."""
        raise NotImplementedError

    def _bid(self, choice: object) -> JSONValue:
        return None if choice is None else self._actions[0]._json(choice)

    def _card(self, card: object) -> JSONValue:
        written: JSONValue = self._actions[1]._json(card)
        return written


class _BidMadeFields(Sealed):
    __slots__ = ("bid", "seat")


class BidMadeBase(_BidMadeFields, GameEvents, Generic[BidT]):
    """Seat ``seat`` has made its bid. Seen by any other seat, ``bid`` is
    ``None``: the bid card lies face down.
    """

    __slots__ = ()
    _fields = ("seat", "bid")
    _type = "bid_made"
    seat: int
    """The seat that bid."""
    bid: BidT | None
    """The bid, or ``None`` where it is hidden."""

    def _body(self) -> dict[str, JSONValue]:
        return {"seat": self.seat, "bid": self._bid(self.bid)}

    def seen_by(self, seat: int | None) -> Self:
        """The event, the bid hidden from any other seat than its own."""
        if _viewer(seat) == self.seat or self.bid is None:
            return self
        hidden: Self = self._made(self.seat, None)
        return hidden


class _PlayStartedFields(Sealed):
    __slots__ = ("bids", "leader")


class PlayStartedBase(_PlayStartedFields, GameEvents, Generic[BidT]):
    """The last bid is in: ``leader`` leads the first trick. ``bids`` are
    every seat's bids; whether the other seats see them now depends on the
    game (Bugami shows them; Argute keeps them hidden until the end).
    """

    __slots__ = ()
    _fields = ("leader", "bids")
    _type = "play_started"
    leader: int
    """The seat that leads the first trick."""
    bids: tuple[BidT | None, ...]
    """Each seat's bid (``None`` where it is hidden)."""

    def _body(self) -> dict[str, JSONValue]:
        return {"leader": self.leader, "bids": [self._bid(choice) for choice in self.bids]}

    def seen_by(self, seat: int | None) -> Self:
        """The event, with only the bids ``seat`` may see."""
        viewer = _viewer(seat)
        if self._bids_public:
            return self
        shown = tuple(
            [choice if index == viewer else None for index, choice in enumerate(self.bids)]
        )
        hidden: Self = self._made(self.leader, shown)
        return hidden


class _CardPlayedFields(Sealed):
    __slots__ = ("card", "seat")


class CardPlayedBase(_CardPlayedFields, GameEvents, Generic[CardT]):
    """Seat ``seat`` has played ``card``."""

    __slots__ = ()
    _fields = ("seat", "card")
    _type = "card_played"
    seat: int
    """The seat that played."""
    card: CardT
    """The card it played."""

    def _body(self) -> dict[str, JSONValue]:
        return {"seat": self.seat, "card": self._card(self.card)}


class _TrickWonFields(Sealed):
    __slots__ = ("number", "players", "trick")


class TrickWonBase(_TrickWonFields, GameEvents, Generic[TrickT]):
    """Trick ``number`` (from 1) of the deal is complete: ``trick`` says who
    led it, its cards and who won it.
    """

    __slots__ = ()
    _fields = ("number", "trick", "players")
    _type = "trick_won"
    number: int
    """The trick's number in its deal, from 1."""
    trick: TrickT
    """The completed trick."""
    players: int
    """The number of players (who played each card follows from it)."""

    def _body(self) -> dict[str, JSONValue]:
        return {"number": self.number, **trick_json(self.trick, self.players, self._card)}


class _DealScoredFields(Sealed):
    __slots__ = ("deal", "number", "points", "totals")


class DealScoredBase(_DealScoredFields, GameEvents, Generic[DealT]):
    """Deal ``number`` (from 1; 1 for a deal played alone) is over and
    scored: its ``points``, and the game's ``totals`` after it (``None`` for
    a deal played alone). ``deal`` is the finished deal, of which nothing
    is secret any more.
    """

    __slots__ = ()
    _fields = ("number", "deal", "points", "totals")
    _type = "deal_scored"
    number: int
    """The deal's number in its game, from 1."""
    deal: DealT
    """The finished deal."""
    points: tuple[int, ...]
    """Each seat's points for the deal."""
    totals: tuple[int, ...] | None
    """The game's totals after the deal, or ``None`` for a deal alone."""

    def _body(self) -> dict[str, JSONValue]:
        deal: Any = self.deal  # the game's own deal class, read by its _deal_extra
        totals = self.totals
        return {
            "number": self.number,
            "points": list(self.points),
            "totals": None if totals is None else list(totals),
            "bids": [self._bid(choice) for choice in deal.bids],
            **self._deal_extra(deal),
        }


class _DealStartedFields(Sealed):
    __slots__ = ("dealer", "number")


class DealStarted(_DealStartedFields, EventBase):
    """In a whole game, the next deal is dealt: deal ``number`` (from 1), by
    ``dealer``. Its dict is ``{"type": "deal_started", "number": 2, "dealer":
    1}``. A seat's new hand is in its view, not in the event. The same class
    serves both games.
    """

    __slots__ = ()
    _fields = ("number", "dealer")
    _type = "deal_started"
    number: int
    """The new deal's number in the game, from 1."""
    dealer: int
    """Its dealer."""

    def _body(self) -> dict[str, JSONValue]:
        return {"number": self.number, "dealer": self.dealer}


class _GameOverFields(Sealed):
    __slots__ = ("totals", "winner")


class GameOver(_GameOverFields, EventBase):
    """The game is over: ``winner`` alone holds the highest total, at or
    above the target. Its dict is ``{"type": "game_over", "winner": 2,
    "totals": [...]}``. The same class serves both games.
    """

    __slots__ = ()
    _fields = ("winner", "totals")
    _type = "game_over"
    winner: int
    """The seat that won."""
    totals: tuple[int, ...]
    """The final totals."""

    def _body(self) -> dict[str, JSONValue]:
        return {"winner": self.winner, "totals": list(self.totals)}
