"""Deals one after another to a target: the whole game, the same in both games.

A whole game keeps its rules, its seed, the first dealer, the finished deals,
the deal in progress and the running totals. When a deal ends, its points are
added and, unless one seat alone holds the highest total at or above the
target (:func:`winner`; ruling 2 in both games), the next deal is dealt from
the game's seed by the seat left of the last dealer. Each game's ``Game`` says
how its deals are dealt and scored by one ``GameHooks`` value; each
game's ``GameView`` is a :class:`MatchView`.

>>> winner((260, 250, 100), 250), winner((260, 260, 100), 250)
(0, None)
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

import attrs

from bugami._kernel.actions import BidActionBase, JSONValue, PlayActionBase
from bugami._kernel.deals import DealBase, deal_root
from bugami._kernel.display import Pictured
from bugami._kernel.native import Sealed
from bugami._kernel.payloads import rules_json
from bugami._kernel.seats import check_table
from bugami._kernel.seeds import Seed, check_seed, fresh_seed
from bugami._kernel.values import is_filler, sealed_builder

if sys.version_info >= (3, 11):
    from typing import Self
else:  # typing_extensions is slow to import: only where typing lacks the name
    from typing_extensions import Self

__all__ = [
    "DealLike",
    "GameHooks",
    "HasHistory",
    "Match",
    "MatchView",
    "MatchViewBase",
    "RulesLike",
    "SpectatorMatchView",
    "Viewing",
    "game_history",
    "game_root",
    "match_payload",
    "winner",
]


class RulesLike(Protocol):
    """What the kernel reads of either game's rules: the table's size, the
    target and the names of the fields. Each game's ``Rules`` (an attrs
    value) has them."""

    @property
    def players(self) -> int:
        """How many play."""
        ...

    @property
    def target(self) -> int:
        """The total that wins the game."""
        ...

    def field_names(self) -> tuple[str, ...]:
        """The names of the rules' fields, in order (as payloads write them)."""
        ...


class DealLike(Protocol):
    """What a whole game (and a view of one) reads of either game's deals."""

    @property
    def rules(self) -> RulesLike:
        """The rules of the game."""
        ...

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether every trick has been played."""
        ...

    @property
    def history(self) -> tuple[object, ...]:
        """The actions that made the deal, in order."""
        ...

    @property
    def bids(self) -> tuple[object, ...]:
        """Each seat's bid (``None`` before it has bid)."""
        ...


class Viewing(Protocol):
    """What a view of a game reads of a view of a deal: its payload."""

    def to_dict(self) -> dict[str, JSONValue]:
        """The view as a client payload."""
        ...


ActionT = TypeVar("ActionT")
ActionT_co = TypeVar("ActionT_co", covariant=True)


BidT_co = TypeVar("BidT_co", covariant=True)
CardT_co = TypeVar("CardT_co", covariant=True)


class _Choosing(Protocol[BidT_co, CardT_co]):
    """A seat's view of a deal, as a seat's view of a game reads it."""

    def legal_bids(self) -> tuple[BidT_co, ...]: ...

    def legal_moves(self) -> tuple[CardT_co, ...]: ...


class HasHistory(Protocol[ActionT_co]):
    """A deal of either game, as its history is read: the actions of one of
    the game's action classes."""

    @property
    def history(self) -> tuple[ActionT_co, ...]:
        """The actions that made the deal, in order."""
        ...


RulesT = TypeVar("RulesT", bound=RulesLike)
DealT = TypeVar("DealT", bound=DealLike)
MatchT = TypeVar("MatchT", bound="Match[Any, Any]")  # Any: a game of either game
ViewT = TypeVar("ViewT", bound=Viewing)
BidT = TypeVar("BidT")
CardT = TypeVar("CardT")


@attrs.frozen
class GameHooks(Generic[RulesT, DealT]):
    """What a whole game asks of its game, set once by each game's ``Game``
    (and shared by its game views): the rules class and how messages name it,
    the points of a finished deal, and how deal ``number`` of a game is dealt
    from its seed by ``dealer`` (or the dealer it draws, when ``None``).

    >>> import bugami
    >>> hooks = bugami.Game._hooks
    >>> hooks.rules is bugami.Rules, hooks.rules_name
    (True, 'bugami.Rules')
    >>> first = hooks.deal_for(bugami.Rules(), b"seed", 0, 2)
    >>> first.dealer, first == bugami.new_game(bugami.Rules(), seed=b"seed", dealer=2).current
    (2, True)
    """

    rules: type[RulesT]
    """The game's rules class."""
    rules_name: str
    """The rules class as messages name it (``"bugami.Rules"``)."""
    score: Callable[[DealT], tuple[int, ...]]
    """Each seat's points for a finished deal."""
    deal_for: Callable[[RulesT, Seed, int, int | None], DealT]
    """Deal ``number`` of a game with this seed, dealt by ``dealer`` (or the
    dealer it draws, for ``None``)."""


def winner(totals: tuple[int, ...], target: int) -> int | None:
    """The seat that has won a game with these totals, if any: the one seat
    holding the highest total, once that total has reached ``target``. Ties
    at the top mean no winner yet, and another deal is played (ruling 2).

    >>> winner((260, 250, 100), 250), winner((260, 260, 100), 250), winner((90, 80, 0), 250)
    (0, None, None)
    """
    best = max(totals)
    if best < target or totals.count(best) > 1:
        return None
    return totals.index(best)


class _MatchFields(Sealed):
    __slots__ = ("current", "deals", "first_dealer", "rules", "seed", "totals", "winner")
    rules: RulesLike
    seed: Seed
    """The seed every deal of the game is shuffled from."""
    first_dealer: int
    """The dealer of the first deal; deal ``k`` is dealt by seat
    ``(first_dealer + k) % players``."""
    deals: tuple[DealLike, ...]
    current: object
    totals: tuple[int, ...]
    """Each seat's running total."""
    winner: int | None
    """The seat that won, or ``None`` while the game goes on."""


class Match(_MatchFields, Pictured, Generic[RulesT, DealT]):
    """The state of a whole game of either game. Immutable; compares and
    hashes by value. Its subclasses say, in their ``GameHooks`` (``_hooks``),
    how a deal is scored and how deal ``number`` is dealt.
    """

    __slots__ = ()
    _fields = ("rules", "seed", "first_dealer", "deals", "current", "totals", "winner")
    rules: RulesT
    """The rules of the game."""
    deals: tuple[DealT, ...]
    """The finished deals, in order."""
    current: DealT | None
    """The deal in progress, or ``None`` once the game is over."""
    _made: ClassVar[Callable[..., Any]]  # Any: the builder makes the subclass, unknown here
    _title: ClassVar[str] = "Game"
    _deal_word: ClassVar[str] = "deal"
    # Set once, on the class, by each game's Game; not a ClassVar, which could
    # not name the type parameters (the slots hold the fields only).
    _hooks: GameHooks[RulesT, DealT]

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if not is_filler(cls):
            cls._made = staticmethod(sealed_builder(cls, cls._fields, name=f"make_{cls.__name__}"))

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (type(self), self._key()))

    @property
    def is_over(self) -> bool:
        """Whether the game has been won."""
        return self.current is None

    @classmethod
    def _new(cls, rules: RulesT, seed: Seed | None, dealer: int | None) -> Self:
        """A new game, its arguments checked (``seed=None``: a fresh one)."""
        hooks = cls._hooks
        first = check_table(rules, hooks.rules, f"new_game needs a {hooks.rules_name}", dealer)
        return cls._started(rules, fresh_seed() if seed is None else check_seed(seed), first)

    @classmethod
    def _started(cls, rules: RulesT, seed: Seed, dealer: int | None) -> Self:
        """A new game: its first deal dealt by ``dealer`` (or the one it draws)."""
        first = cls._hooks.deal_for(rules, seed, 0, dealer)
        players = rules.players
        made: Self = cls._made(rules, seed, first.dealer, (), first, (0,) * players, None)
        return made

    def _advanced(self, current: DealT) -> Self:
        """The game once its current deal has become ``current``: when that
        deal is over its points are added, and the next deal is dealt unless
        someone has won."""
        made: Self
        if not current.is_over:
            made = self._made(
                self.rules, self.seed, self.first_dealer, self.deals, current, self.totals, None
            )
            return made
        points = self._hooks.score(current)
        totals = tuple([a + b for a, b in zip(self.totals, points, strict=True)])
        deals = (*self.deals, current)
        players = self.rules.players
        won = winner(totals, self.rules.target)
        following = None
        if won is None:
            dealer = (self.first_dealer + len(deals)) % players
            following = self._hooks.deal_for(self.rules, self.seed, len(deals), dealer)
        made = self._made(self.rules, self.seed, self.first_dealer, deals, following, totals, won)
        return made

    def __repr__(self) -> str:
        rules = self.rules
        return (
            f"<{self._title}: {rules.players} players, target {rules.target}, "
            f"{_progress(self, self._deal_word)}, totals {', '.join(map(str, self.totals))}>"
        )


def _progress(game: _MatchFields | _MatchViewFields, deal: str) -> str:
    if game.current is None:
        return f"won by seat {game.winner}"
    return f"{deal} {len(game.deals) + 1} in progress"


Match.__module__ = "bugami.core.match"  # where the API reference documents it


def _rebuild(cls: type[MatchT], values: tuple[object, ...]) -> MatchT:
    """Unpickle a game."""
    made: MatchT = cls._made(*values)
    return made


def game_history(
    deals: tuple[HasHistory[ActionT], ...], current: HasHistory[ActionT] | None
) -> tuple[ActionT, ...]:
    """The actions of a whole game, in order: the history of each finished
    deal (``deals``), then that of the deal in progress (``current``)."""
    actions: list[ActionT] = []
    for deal in deals:
        actions += deal.history
    if current is not None:
        actions += current.history
    return tuple(actions)


def game_root(game: MatchT) -> MatchT:
    """The game as it began: its first deal as dealt, no points yet."""
    first = game.deals[0] if game.deals else game.current
    rules = game.rules
    root = deal_root(cast(DealBase, first))  # each game's deals are DealBase values
    made: MatchT = game._made(
        rules, game.seed, game.first_dealer, (), root, (0,) * rules.players, None
    )
    return made


class _MatchViewFields(Sealed):
    __slots__ = ("current", "deals", "first_dealer", "rules", "seat", "totals", "winner")
    rules: RulesLike
    seat: int | None
    """The seat whose view this is (``None`` in a spectator's view)."""
    first_dealer: int
    """The dealer of the first deal."""
    deals: tuple[DealLike, ...]
    current: object
    totals: tuple[int, ...]
    """Each seat's running total."""
    winner: int | None
    """The seat that won, or ``None`` while the game goes on."""


class MatchViewBase(_MatchViewFields, Pictured, Generic[RulesT, DealT, ViewT, BidT, CardT]):
    """What a seat's view and a spectator's view of a whole game have in
    common: the rules, the first dealer, the finished deals (nothing about
    them is secret), the view of the deal in progress (``None`` once the game
    is over), the totals and the winner -- never the seed, which would tell
    every deal to come. Immutable; compares and hashes by value.
    """

    __slots__ = ()
    _fields = ("rules", "seat", "first_dealer", "deals", "current", "totals", "winner")
    rules: RulesT
    """The rules of the game."""
    deals: tuple[DealT, ...]
    """The finished deals, in order: whole deals, as nothing about them is secret."""
    current: ViewT | None
    """This seat's view of the deal in progress, or ``None`` once the game is over."""
    _made: ClassVar[Callable[..., Any]]  # Any: as Match._made
    _title: ClassVar[str] = "GameView"
    _deal_word: ClassVar[str] = "deal"
    # the game's (bid, play) action classes: set on the class, as _hooks
    _actions: tuple[type[BidActionBase[BidT]], type[PlayActionBase[CardT]]]
    _hooks: GameHooks[RulesT, DealT]  # the game's, as Match._hooks (the score sheet's points)

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if not is_filler(cls):
            cls._made = staticmethod(sealed_builder(cls, cls._fields, name=f"make_{cls.__name__}"))

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_view, (type(self), self._key()))

    @property
    def is_over(self) -> bool:
        """Whether the game has been won."""
        return self.current is None

    def to_dict(self) -> dict[str, JSONValue]:
        """The view as a client payload: a JSON-ready dict with the rules,
        the totals, a score sheet of the finished deals and the payload of
        the deal in progress (see :func:`~bugami.core.frontend.payload_schema`)."""
        return match_payload(self)


def match_payload(seen: MatchViewBase[RulesT, DealT, ViewT, BidT, CardT]) -> dict[str, JSONValue]:
    """The payload of a view of a whole game: the deal in progress as its
    view's payload, and a score sheet of the finished deals."""
    bid_kind = seen._actions[0]
    bid = bid_kind._json
    rules = seen.rules
    score = seen._hooks.score
    running = [0] * rules.players
    sheet: list[JSONValue] = []
    for deal in seen.deals:
        points = score(deal)
        running = [total + gained for total, gained in zip(running, points, strict=True)]
        sheet.append(
            {
                "dealer": deal.dealer,
                "bids": [bid(choice) for choice in deal.bids],
                "points": list(points),
                "totals": list(running),
            }
        )
    current = seen.current
    return {
        "game": bid_kind._game,
        "kind": "game",
        "rules": rules_json(rules),
        "seat": seen.seat,
        "first_dealer": seen.first_dealer,
        "deals_played": len(seen.deals),
        "totals": list(seen.totals),
        "winner": seen.winner,
        "is_over": current is None,
        "sheet": sheet,
        "current": None if current is None else current.to_dict(),
    }


class MatchView(MatchViewBase[RulesT, DealT, ViewT, BidT, CardT]):
    """One seat's view of a whole game of either game: the rules, the seat,
    the first dealer, the finished deals (nothing about them is secret), the
    view of the deal in progress (``None`` once the game is over), the totals
    and the winner -- never the seed, which would tell every deal to come.
    Immutable; compares and hashes by value.
    """

    __slots__ = ()
    seat: int

    def legal_bids(self) -> tuple[BidT, ...]:
        """The bids this seat may make in the current deal."""
        current = cast("_Choosing[BidT, CardT] | None", self.current)  # ViewT's bound cannot
        return () if current is None else current.legal_bids()  # name BidT and CardT

    def legal_moves(self) -> tuple[CardT, ...]:
        """The cards this seat may play now in the current deal."""
        current = cast("_Choosing[BidT, CardT] | None", self.current)  # as in legal_bids
        return () if current is None else current.legal_moves()

    def __repr__(self) -> str:
        return (
            f"<{self._title} for seat {self.seat}: "
            f"{_progress(self, self._deal_word)}, totals {', '.join(map(str, self.totals))}>"
        )


MatchView.__module__ = "bugami.core.match"  # where the API reference documents it


class SpectatorMatchView(MatchViewBase[RulesT, DealT, ViewT, BidT, CardT]):
    """A spectator's view of a whole game: its ``seat`` is ``None`` and its
    ``current`` deal is a spectator's view. Immutable; compares and hashes by
    value."""

    __slots__ = ()
    seat: None

    def legal_bids(self) -> tuple[BidT, ...]:
        """``()``: a spectator does not bid."""
        return ()

    def legal_moves(self) -> tuple[CardT, ...]:
        """``()``: a spectator does not play."""
        return ()

    def __repr__(self) -> str:
        return (
            f"<{self._title} for spectators: "
            f"{_progress(self, self._deal_word)}, totals {', '.join(map(str, self.totals))}>"
        )


MatchViewT = TypeVar("MatchViewT", bound=_MatchViewFields)


def _rebuild_view(cls: type[MatchViewT], values: tuple[object, ...]) -> MatchViewT:
    """Unpickle a view of a game."""
    made: MatchViewT = cls._made(*values)  # type: ignore[attr-defined]
    return made
