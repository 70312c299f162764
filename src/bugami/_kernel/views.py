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

from collections.abc import Callable, Sequence
from typing import ClassVar, Generic, TypeVar

import attrs

from bugami._kernel.actions import ActionBase, BidActionBase, JSONValue, PlayActionBase
from bugami._kernel.deals import Phase, TrickBase
from bugami._kernel.display import Pictured
from bugami._kernel.match import DealLike, Match, RulesLike, SpectatorMatchView
from bugami._kernel.native import Sealed
from bugami._kernel.payloads import plays_json, rules_json, trick_json
from bugami._kernel.seats import check_seat
from bugami._kernel.values import sealed_builder
from bugami.errors import InvalidInputError, brief

__all__ = [
    "DealViewBase",
    "DealViewFields",
    "SpectatorViewBase",
    "TableViewBase",
    "ViewParts",
    "current_view",
    "deal_payload",
    "spectator_of",
    "spectators_note",
    "view_actions",
    "view_builder",
    "view_of",
]

RulesT = TypeVar("RulesT", bound=RulesLike)
DealT = TypeVar("DealT", bound=DealLike)
SpectatorT = TypeVar("SpectatorT")
ViewT = TypeVar("ViewT")
SeatViewT = TypeVar("SeatViewT", bound="DealViewFields")  # a seat's view of a deal
GameViewT = TypeVar("GameViewT")
SpectatorGameViewT = TypeVar("SpectatorGameViewT")
SealedT = TypeVar("SealedT", bound=Sealed)
BidT = TypeVar("BidT")
CardT = TypeVar("CardT")
TrickT = TypeVar("TrickT", bound=TrickBase)


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
    # Set on each game's class, as class constants; not ClassVars, which could not
    # name the type parameters (the slots hold the fields only).
    _all_bids: tuple[BidT, ...] = ()
    _title: ClassVar[str] = "DealView"
    _hand_separator: ClassVar[str] = " "
    _actions: tuple[type[BidActionBase[BidT]], type[PlayActionBase[CardT]]]  # (bid, play)

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
    def hand(self) -> tuple[CardT, ...]:
        """This seat's hand, in the game's order (``()`` for a spectator)."""
        raise NotImplementedError

    def legal_bids(self) -> tuple[BidT, ...]:
        """The bids this seat may still make."""
        raise NotImplementedError

    def legal_moves(self) -> tuple[CardT, ...]:
        """The cards this seat may play now."""
        raise NotImplementedError

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


def view_actions(seen: TableViewBase[RulesT, BidT, CardT, TrickT]) -> tuple[ActionBase, ...]:
    """The actions the seat of a deal view may take now (``()`` for a
    spectator): its bids while it has not bid, or its legal cards on its turn."""
    if seen.seat is None:
        return ()
    bid_kind, play_kind = seen._actions
    seat = seen.seat
    bids = seen.legal_bids()
    if bids:
        return tuple([bid_kind._made(seat, choice) for choice in bids])
    return tuple([play_kind._made(seat, card) for card in seen.legal_moves()])


def deal_payload(seen: TableViewBase[RulesT, BidT, CardT, TrickT]) -> dict[str, JSONValue]:
    """The payload of a deal view (a seat's, or a spectator's)."""
    bid_kind, play_kind = seen._actions
    card = play_kind._json
    bid = bid_kind._json
    rules = seen.rules
    players = rules.players
    leader = seen.leader
    points = seen.points
    payload: dict[str, JSONValue] = {
        "game": bid_kind._game,
        "kind": "deal",
        "rules": rules_json(rules),
        "seat": seen.seat,
        "dealer": seen.dealer,
        "phase": seen.phase.value,
        "to_move": seen.to_move,
        "leader": leader,
        "hand": [card(held) for held in seen.hand],
        "hand_sizes": list(seen.hand_sizes),
        "has_bid": list(seen.has_bid),
        "bids": [None if choice is None else bid(choice) for choice in seen.bids],
        "legal_actions": [action.to_dict() for action in view_actions(seen)],
        "trick": [] if leader is None else plays_json(leader, seen.current_trick, players, card),
        "tricks": [trick_json(done, players, card) for done in seen.tricks],
        "tricks_in_deal": seen._tricks_in_deal(),
        "points": None if points is None else list(points),
    }
    payload.update(seen._payload_extra())
    return payload


def spectator_of(seen: DealViewFields, make: Callable[..., SpectatorT]) -> SpectatorT:
    """The spectator's view made (by the builder ``make``, which takes the
    fields of the seat's view class) from the view of any seat: the same,
    without the seat, its hand and, until the bids are revealed, its bid."""
    fields = dict(zip(seen._fields, seen._key(), strict=True))
    fields["seat"] = None
    fields["_hand"] = 0
    if None in seen.bids:  # not yet revealed: the seat's view shows only its own
        fields["bids"] = (None,) * len(seen.bids)
    return make(*fields.values())


def view_builder(value: type[SealedT], params: Sequence[str], name: str) -> Callable[..., SealedT]:
    """The builder of a deal view class: ``params`` are its slots but
    ``to_move``, which follows from the leader and the open trick."""
    return sealed_builder(
        value,
        params,
        ["obj.to_move = None if leader is None else (leader + len(_trick)) % rules.players"],
        name=name,
    )


@attrs.frozen
class ViewParts(Generic[RulesT, DealT, SeatViewT, GameViewT, SpectatorT, SpectatorGameViewT]):
    """What :func:`view_of` makes a game's views with, set once by each
    game's view module: the deal and game classes, a seat's view of a deal,
    the builders of the views of a game and of a spectator's views, and how
    messages name one of the game's states.

    >>> import bugami
    >>> from bugami.core import view
    >>> parts = view._PARTS
    >>> parts.noun, parts.deal is bugami.Deal, parts.game is bugami.Game
    ('a bugami', True, True)
    """

    noun: str
    """How messages name one of the game's states (``"a bugami"``)."""
    deal: type[DealT]
    """The deal class."""
    game: type[Match[RulesT, DealT]]
    """The whole-game class."""
    deal_view: Callable[[DealT, int], SeatViewT]
    """A seat's view of a deal (:func:`view_of` has checked the seat)."""
    game_view: Callable[
        [RulesT, int, int, tuple[DealT, ...], SeatViewT | None, tuple[int, ...], int | None],
        GameViewT,
    ]
    """The builder of a seat's view of a game, from its fields."""
    spectator_view: Callable[..., SpectatorT]
    """The builder of a spectator's view of a deal, from the fields of a seat's view."""
    spectator_game_view: Callable[
        [RulesT, None, int, tuple[DealT, ...], SpectatorT | None, tuple[int, ...], int | None],
        SpectatorGameViewT,
    ]
    """The builder of a spectator's view of a game, from its fields."""


def view_of(
    state: object,
    seat: int | None,
    parts: ViewParts[RulesT, DealT, SeatViewT, GameViewT, SpectatorT, SpectatorGameViewT],
) -> SeatViewT | GameViewT | SpectatorT | SpectatorGameViewT:
    """What ``seat`` may know of ``state``, a deal or a game of the game
    whose view ``parts`` these are: a seat's view of the deal, or a view of
    the game holding the view of its current deal; for ``seat=None``, a
    spectator's. Whatever else is given is refused, naming the game (``parts.noun``)."""
    if type(state) is parts.deal:
        if seat is None:
            return spectator_of(parts.deal_view(state, 0), parts.spectator_view)
        players = state.rules.players
        if seat.__class__ is not int or not 0 <= seat < players:
            seat = check_seat(players, seat)  # raises the reason
        return parts.deal_view(state, seat)
    if type(state) is not parts.game:
        raise InvalidInputError(f"view needs {parts.noun} Deal or Game, not {brief(state)}")
    rules = state.rules
    current = state.current
    if seat is None:
        return parts.spectator_game_view(
            rules,
            None,
            state.first_dealer,
            state.deals,
            None
            if current is None
            else spectator_of(parts.deal_view(current, 0), parts.spectator_view),
            state.totals,
            state.winner,
        )
    players = rules.players
    if seat.__class__ is not int or not 0 <= seat < players:
        seat = check_seat(players, seat)  # raises the reason
    return parts.game_view(
        rules,
        seat,
        state.first_dealer,
        state.deals,
        None if current is None else parts.deal_view(current, seat),
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
        raise InvalidInputError(
            f"sample_deal needs {what}, not {brief(seen)}{spectators_note(seen)}"
        )
    import random  # here: only sampling needs it, and it loads when first used

    if not isinstance(rng, random.Random):
        raise InvalidInputError(f"rng must be a random.Random, not {brief(rng)}")
    return seen


def spectators_note(seen: object) -> str:
    """What to add to a refusal of ``seen`` if it is a spectator's view: it
    holds no hand, and a seat's view is wanted (``""`` for anything else).

    >>> import bugami
    >>> spectators_note(bugami.view(bugami.deal(bugami.Rules(), seed=1), None))
    ": a spectator's view holds no hand; give a seat's view (view(state, seat))"
    """
    if isinstance(seen, (SpectatorViewBase, SpectatorMatchView)):
        return ": a spectator's view holds no hand; give a seat's view (view(state, seat))"
    return ""
