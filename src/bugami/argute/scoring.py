"""Scoring a hand of Argute.

When the hand is over the bids are revealed. An exact bid earns its own number
of points, so an exact 0 earns nothing; a bid missed either way costs
:data:`MISSED` (one point), however large or small it was.

>>> points(bid=2, won=2), points(bid=0, won=0), points(bid=3, won=1), points(bid=0, won=2)
(2, 0, -1, -1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from bugami.argute.state import Deal
from bugami.errors import IllegalMoveError, InvalidInputError

if TYPE_CHECKING:
    from bugami.argute.game import Game

__all__ = ["MISSED", "points", "score", "tricks_won"]

MISSED: Final = -1
"""The score of a player who won more or fewer tricks than they bid."""


def points(*, bid: int, won: int) -> int:
    """A player's score for a hand, from their bid and the tricks they won.

    >>> points(bid=1, won=1), points(bid=1, won=0)
    (1, -1)
    """
    return bid if won == bid else MISSED


def tricks_won(state: Deal) -> tuple[int, ...]:
    """How many of the completed tricks each seat has won so far.

    >>> from bugami import argute
    >>> tricks_won(argute.deal(argute.Rules(players=3), seed=1))
    (0, 0, 0)
    """
    if not isinstance(state, Deal):
        raise InvalidInputError(f"tricks_won needs an Argute Deal, not {state!r}")
    won = [0] * state.rules.players
    for trick in state.tricks:
        won[trick.winner] += 1
    return tuple(won)


def score(state: Deal | Game) -> tuple[int, ...]:
    """Each seat's points for a finished hand, or a game's running totals.

    Raises :class:`~bugami.errors.IllegalMoveError` for a hand that is not over.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=2), hands=["000000", "555555"])
    >>> state = argute.bid(argute.bid(state, 0, 0), 1, 1)
    >>> score(state)
    Traceback (most recent call last):
    ...
    bugami.errors.IllegalMoveError: cannot score the hand: it is not over (playing)
    >>> while not state.is_over:
    ...     state = argute.play(state, argute.legal_moves(state)[0])
    >>> score(state)  # seat 1 won all three tricks, bidding one
    (0, -1)
    """
    from bugami.argute.game import Game  # here, as bugami.argute.game needs this module first

    if isinstance(state, Game):
        return state.totals
    if not isinstance(state, Deal):
        raise InvalidInputError(f"score needs an Argute Deal or Game, not {state!r}")
    if not state.is_over:
        raise IllegalMoveError(f"cannot score the hand: it is not over ({state.phase.value})")
    return tuple(
        [
            points(bid=choice, won=won)  # type: ignore[arg-type]
            for choice, won in zip(state.bids, tricks_won(state), strict=True)
        ]
    )
