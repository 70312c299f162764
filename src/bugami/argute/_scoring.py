"""Scoring one finished hand of Argute: the engine behind :mod:`bugami.argute.scoring`.

When the hand is over the bids are revealed. An exact bid earns its own number
of points, so an exact 0 earns nothing; a bid missed either way costs
:data:`MISSED` (one point), however large or small it was.

>>> points(bid=2, won=2), points(bid=0, won=0), points(bid=3, won=1), points(bid=0, won=2)
(2, 0, -1, -1)
"""

from __future__ import annotations

from typing import Any, Final

from bugami.argute.state import Deal
from bugami.errors import IllegalMoveError, InvalidInputError, brief

__all__ = ["MISSED", "hand_points", "points", "tricks_won"]

MISSED: Final = -1  # documented where bugami.argute.scoring names it


# The arguments are taken untyped so that the compiled build computes with
# whatever it is given as the pure one does (see bugami.play).
def points(*, bid: Any, won: Any) -> Any:
    """A player's score for a hand, from their bid and the tricks they won.

    >>> points(bid=1, won=1), points(bid=1, won=0)
    (1, -1)
    """
    return bid if won == bid else MISSED


def tricks_won(state: object) -> tuple[int, ...]:
    """How many of the completed tricks each seat has won so far.

    >>> from bugami import argute
    >>> tricks_won(argute.deal(argute.Rules(players=3), seed=1))
    (0, 0, 0)
    """
    if not isinstance(state, Deal):
        raise InvalidInputError(f"tricks_won needs an Argute Deal, not {brief(state)}")
    deal: Deal = state  # checked here, so that both builds refuse anything else alike
    won = [0] * deal.rules.players
    for trick in deal.tricks:
        won[trick.winner] += 1
    return tuple(won)


def hand_points(deal: Deal) -> tuple[int, ...]:
    """Each seat's points for a finished hand; :class:`~bugami.errors.IllegalMoveError`
    for a hand that is not over."""
    if not deal.is_over:
        raise IllegalMoveError(f"cannot score the hand: it is not over ({deal.phase.value})")
    return tuple(
        [
            points(bid=choice, won=won)
            for choice, won in zip(deal.bids, tricks_won(deal), strict=True)
        ]
    )
