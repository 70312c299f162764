"""Deals one after another to a target: what a whole game of Bugami and a
whole game of Argute have in common.

A whole game keeps its rules, its seed, the first dealer, the finished deals,
the deal in progress and the running totals. When a deal ends, its points are
added and, unless one seat alone holds the highest total at or above the
target (the same rule in both games: :func:`bugami.scoring.winner`), the next
deal is dealt from the game's seed by the seat left of the last dealer. Each
game's ``Game`` class (:class:`bugami.Game`, :class:`bugami.argute.game.Game`)
says how its deals are dealt and scored.

>>> import bugami
>>> game = bugami.new_game(bugami.Rules(), seed=3)
>>> isinstance(game, Match), game.is_over
(True, False)
"""

from __future__ import annotations

from typing import Any

from typing_extensions import Self

from bugami.dealing import Seed
from bugami.scoring import winner
from bugami.state import _Frozen

__all__ = ["Match", "MatchView"]


class _MatchFields:
    __slots__ = ("current", "deals", "first_dealer", "rules", "seed", "totals", "winner")
    rules: Any
    seed: Seed
    first_dealer: int
    deals: tuple[Any, ...]
    current: Any
    totals: tuple[int, ...]
    winner: int | None


class Match(_MatchFields, _Frozen):
    """The state of a whole game of either game. Immutable; compares and
    hashes by value. Its subclasses say how a deal is scored
    (``_score``) and how deal ``number`` is dealt (``_deal_for``).

    >>> from bugami import argute
    >>> isinstance(argute.new_game(argute.Rules(), seed=1), Match)
    True
    """

    __slots__ = ()
    _fields = ("rules", "seed", "first_dealer", "deals", "current", "totals", "winner")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self._key()))

    @staticmethod
    def _score(deal: Any) -> tuple[int, ...]:
        """Each seat's points for a finished deal of this game."""
        raise NotImplementedError

    @staticmethod
    def _deal_for(rules: Any, seed: Seed, number: int, dealer: int | None) -> Any:
        """Deal ``number`` of a game with this seed, dealt by ``dealer`` (or
        the dealer it draws, for the first deal)."""
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        """Whether the game has been won."""
        return self.current is None

    @classmethod
    def _made(
        cls,
        rules: Any,
        seed: Seed,
        first_dealer: int,
        deals: tuple[Any, ...],
        current: Any,
        totals: tuple[int, ...],
        winner: int | None,
    ) -> Self:
        """Build a game from its fields (for the engine only; not checked)."""
        game = _MatchFields()
        game.rules = rules
        game.seed = seed
        game.first_dealer = first_dealer
        game.deals = deals
        game.current = current
        game.totals = totals
        game.winner = winner
        game.__class__ = cls
        return game  # type: ignore[return-value]

    @classmethod
    def _started(cls, rules: Any, seed: Seed, dealer: int | None) -> Self:
        """A new game: its first deal dealt by ``dealer`` (or the one it draws)."""
        first = cls._deal_for(rules, seed, 0, dealer)
        return cls._made(rules, seed, first.dealer, (), first, (0,) * rules.players, None)

    def _advanced(self, current: Any) -> Self:
        """The game once its current deal has become ``current``: when that
        deal is over its points are added, and the next deal is dealt unless
        someone has won."""
        if not current.is_over:
            return self._made(
                self.rules, self.seed, self.first_dealer, self.deals, current, self.totals, None
            )
        points = self._score(current)
        totals = tuple([a + b for a, b in zip(self.totals, points, strict=True)])
        deals = (*self.deals, current)
        won = winner(totals, self.rules.target)
        following = None
        if won is None:
            dealer = (self.first_dealer + len(deals)) % self.rules.players
            following = self._deal_for(self.rules, self.seed, len(deals), dealer)
        return self._made(self.rules, self.seed, self.first_dealer, deals, following, totals, won)

    def _describe(self, title: str, deal: str) -> str:
        """The repr: ``title`` names the game, ``deal`` what a deal is called."""
        totals = ", ".join(map(str, self.totals))
        if self.current is None:
            where = f"won by seat {self.winner}"
        else:
            where = f"{deal} {len(self.deals) + 1} in progress"
        return (
            f"<{title}: {self.rules.players} players, target {self.rules.target}, "
            f"{where}, totals {totals}>"
        )


def _rebuild(cls: type[Match], values: tuple[Any, ...]) -> Match:
    """Unpickle a game."""
    return cls._made(*values)


class _MatchViewFields:
    __slots__ = ("current", "deals", "first_dealer", "rules", "seat", "totals", "winner")
    rules: Any
    seat: int
    first_dealer: int
    deals: tuple[Any, ...]
    current: Any
    totals: tuple[int, ...]
    winner: int | None


class MatchView(_MatchViewFields, _Frozen):
    """One seat's view of a whole game of either game: the rules, the seat,
    the first dealer, the finished deals (nothing about them is secret), the
    view of the deal in progress, the totals and the winner -- never the seed.
    Immutable; compares and hashes by value.

    >>> import bugami
    >>> isinstance(bugami.view(bugami.new_game(bugami.Rules(), seed=1), 0), MatchView)
    True
    """

    __slots__ = ()
    _fields = ("rules", "seat", "first_dealer", "deals", "current", "totals", "winner")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_view, (type(self), self._key()))

    @property
    def is_over(self) -> bool:
        """Whether the game has been won."""
        return self.current is None

    @classmethod
    def _made(
        cls,
        rules: Any,
        seat: int,
        first_dealer: int,
        deals: tuple[Any, ...],
        current: Any,
        totals: tuple[int, ...],
        winner: int | None,
    ) -> Self:
        """Build a view from its fields (for the library only; not checked)."""
        seen = _MatchViewFields()
        seen.rules = rules
        seen.seat = seat
        seen.first_dealer = first_dealer
        seen.deals = deals
        seen.current = current
        seen.totals = totals
        seen.winner = winner
        seen.__class__ = cls
        return seen  # type: ignore[return-value]

    def _describe(self, title: str, deal: str) -> str:
        """The repr: ``title`` names the kind of view, ``deal`` what a deal is called."""
        totals = ", ".join(map(str, self.totals))
        if self.current is None:
            where = f"won by seat {self.winner}"
        else:
            where = f"{deal} {len(self.deals) + 1} in progress"
        return f"<{title} for seat {self.seat}: {where}, totals {totals}>"


def _rebuild_view(cls: type[MatchView], values: tuple[Any, ...]) -> MatchView:
    """Unpickle a view of a game."""
    return cls._made(*values)
