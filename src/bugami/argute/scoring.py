"""Scoring Argute: the points of a finished hand, and a game's totals.

When the hand is over the bids are revealed. An exact bid earns its own number
of points, so an exact 0 earns nothing; a bid missed either way costs
:data:`MISSED` (one point), however large or small it was. A game is won by
the one player alone at the top once the top total has reached the target
(ruling 2, as in Bugami: :func:`bugami.core.scoring.winner`).

>>> points(bid=2, won=2), points(bid=0, won=0), points(bid=3, won=1), points(bid=0, won=2)
(2, 0, -1, -1)
"""

from __future__ import annotations

from typing import Final

from bugami.argute import _scoring
from bugami.argute._scoring import hand_points, points, tricks_won
from bugami.argute.game import Game
from bugami.argute.state import Deal
from bugami.errors import InvalidInputError, brief

__all__ = ["MISSED", "points", "score", "tricks_won"]

MISSED: Final = _scoring.MISSED
"""The score of a player who won more or fewer tricks than they bid."""


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
    if state.__class__ is Game:
        return state.totals
    if state.__class__ is not Deal:
        raise InvalidInputError(f"score needs an Argute Deal or Game, not {brief(state)}")
    return hand_points(state)
