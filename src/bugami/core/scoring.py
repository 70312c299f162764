"""Scoring: the points of a finished deal, a game's totals, and the winner.

Each player's score for a deal comes from ``t``, the tricks they won, and
``b``, their *bugs*: cards of their own bug suit, and jokers, among the cards of
those tricks (the leftover goes with the last trick). The first case that fits
decides:

1. **All tricks** -- a player who won every trick scores 100; everyone else 0,
   except misère bidders, who (having won nothing) score 100. A misère bidder
   who won every trick scores 0 (ruling 1).
2. **Misère** -- 100 for winning no trick, otherwise 0.
3. **No tricks** -- 30.
4. **Clean tricks** (no bugs) -- 20 per trick.
5. **Otherwise** -- ``10 * t // b``.

Under Shotgun Wedding the players (not misère bidders) who named the same suit
form one unit: ``t`` and ``b`` are counted over their pooled tricks and each
partner scores what the unit scores (ruling 4). A game is won by the one seat
alone at the top once the top total has reached the target (ruling 2).

>>> points(tricks=4, bugs=1), points(tricks=4, bugs=3), points(tricks=4, bugs=0)
(40, 13, 80)
>>> winner((260, 250, 100), 250)
0
"""

from __future__ import annotations

from typing import Final

from bugami._kernel.match import winner
from bugami.core import _scoring
from bugami.core._scoring import deal_points, points
from bugami.core.game import Game
from bugami.core.state import Deal
from bugami.errors import InvalidInputError, brief

__all__ = ["ALL_TRICKS", "MISERE_MADE", "NO_TRICKS", "PER_CLEAN_TRICK", "points", "score", "winner"]

ALL_TRICKS: Final = _scoring.ALL_TRICKS
"""The score for winning every trick."""
MISERE_MADE: Final = _scoring.MISERE_MADE
"""The score for a misère bid made (no trick won)."""
NO_TRICKS: Final = _scoring.NO_TRICKS
"""The score for winning no trick without bidding misère."""
PER_CLEAN_TRICK: Final = _scoring.PER_CLEAN_TRICK
"""The score per trick when no bug was taken."""


def score(state: Deal | Game) -> tuple[int, ...]:
    """Each seat's points for a finished deal, or a game's running totals.

    Raises :class:`~bugami.IllegalMoveError` for a deal that is not over.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(), seed=1)
    >>> score(state)
    Traceback (most recent call last):
    ...
    bugami.errors.IllegalMoveError: cannot score the deal: it is not over (bidding)
    """
    if state.__class__ is Deal:
        return deal_points(state)
    if state.__class__ is Game:
        return state.totals
    raise InvalidInputError(f"score needs a bugami Deal or Game, not {brief(state)}")
