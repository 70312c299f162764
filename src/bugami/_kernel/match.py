"""Deals one after another to a target: the whole game, the same in both games.

A whole game keeps its rules, its seed, the first dealer, the finished deals,
the deal in progress and the running totals. When a deal ends, its points are
added and, unless one seat alone holds the highest total at or above the
target (:func:`winner`; ruling 2 in both games), the next deal is dealt from
the game's seed by the seat left of the last dealer. Each game's ``Game`` says
how its deals are dealt and scored; each game's ``GameView`` is a
:class:`MatchView`.

>>> winner((260, 250, 100), 250), winner((260, 260, 100), 250)
(0, None)
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from bugami._kernel.actions import JSONValue
from bugami._kernel.deals import DealBase, deal_root
from bugami._kernel.display import Pictured
from bugami._kernel.native import Sealed
from bugami._kernel.payloads import match_payload
from bugami._kernel.seats import check_table
from bugami._kernel.seeds import Seed, check_seed, fresh_seed
from bugami._kernel.values import is_filler, sealed_builder

if sys.version_info >= (3, 11):
    from typing import Self
else:  # typing_extensions is slow to import: only where typing lacks the name
    from typing_extensions import Self

__all__ = [
    "DealLike",
    "HasHistory",
    "Match",
    "MatchView",
    "MatchViewBase",
    "RulesLike",
    "SpectatorMatchView",
    "game_history",
    "game_root",
    "winner",
]


class RulesLike(Protocol):
    """What the kernel reads of either game's rules: the table's size and the
    target. Each game's ``Rules`` (an attrs value) has both."""

    @property
    def players(self) -> int:
        """How many play."""
        ...

    @property
    def target(self) -> int:
        """The total that wins the game."""
        ...


class DealLike(Protocol):
    """What a whole game reads of either game's deals."""

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


ActionT = TypeVar("ActionT")
ActionT_co = TypeVar("ActionT_co", covariant=True)


class HasHistory(Protocol[ActionT_co]):
    """A deal of either game, as its history is read: the actions of one of
    the game's action classes."""

    @property
    def history(self) -> tuple[ActionT_co, ...]:
        """The actions that made the deal, in order."""
        ...


RulesT = TypeVar("RulesT", bound=RulesLike)
DealT = TypeVar("DealT", bound=DealLike)
MatchT = TypeVar("MatchT", bound="Match[Any, Any]")
ViewT = TypeVar("ViewT")
BidT = TypeVar("BidT")
CardT = TypeVar("CardT")


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
    hashes by value. Its subclasses say how a deal is scored (``_score``) and
    how deal ``number`` is dealt (``_deal_for``).
    """

    __slots__ = ()
    _fields = ("rules", "seed", "first_dealer", "deals", "current", "totals", "winner")
    rules: RulesT
    """The rules of the game."""
    deals: tuple[DealT, ...]
    """The finished deals, in order."""
    current: DealT | None
    """The deal in progress, or ``None`` once the game is over."""
    _made: ClassVar[Callable[..., Any]]  # generated: its result is the subclass, unknown here
    _title: ClassVar[str] = "Game"
    _deal_word: ClassVar[str] = "deal"
    _rules_class: ClassVar[type]  # the game's Rules, and its name for messages
    _rules_name: ClassVar[str]

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if not is_filler(cls):
            cls._made = staticmethod(sealed_builder(cls, cls._fields, name=f"make_{cls.__name__}"))

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (type(self), self._key()))

    @staticmethod
    def _score(deal: Any) -> tuple[int, ...]:  # Any: each game's own deal class
        """Each seat's points for a finished deal of this game."""
        raise NotImplementedError

    @staticmethod
    def _deal_for(rules: Any, seed: Seed, number: int, dealer: int | None) -> Any:  # as _score
        """Deal ``number`` of a game with this seed, dealt by ``dealer`` (or
        the dealer it draws, for the first deal)."""
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        """Whether the game has been won."""
        return self.current is None

    @classmethod
    def _new(cls, rules: RulesT, seed: Seed | None, dealer: int | None) -> Self:
        """A new game, its arguments checked (``seed=None``: a fresh one)."""
        first = check_table(rules, cls._rules_class, f"new_game needs a {cls._rules_name}", dealer)
        return cls._started(rules, fresh_seed() if seed is None else check_seed(seed), first)

    @classmethod
    def _started(cls, rules: RulesT, seed: Seed, dealer: int | None) -> Self:
        """A new game: its first deal dealt by ``dealer`` (or the one it draws)."""
        first = cls._deal_for(rules, seed, 0, dealer)
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
        points = self._score(current)
        totals = tuple([a + b for a, b in zip(self.totals, points, strict=True)])
        deals = (*self.deals, current)
        players = self.rules.players
        won = winner(totals, self.rules.target)
        following = None
        if won is None:
            dealer = (self.first_dealer + len(deals)) % players
            following = self._deal_for(self.rules, self.seed, len(deals), dealer)
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
    _made: ClassVar[Callable[..., Any]]
    _title: ClassVar[str] = "GameView"
    _deal_word: ClassVar[str] = "deal"
    _actions: ClassVar[tuple[type, type]]  # the game's (bid, play) action classes
    _score: ClassVar[Callable[..., tuple[int, ...]]]  # the points of a finished deal

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
        current: Any = self.current  # a bound on ViewT could not name BidT
        return () if current is None else current.legal_bids()

    def legal_moves(self) -> tuple[CardT, ...]:
        """The cards this seat may play now in the current deal."""
        current: Any = self.current  # as in legal_bids
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
