"""Deals one after another to a target: what a whole game of Bugami and a
whole game of Argute have in common.

A whole game keeps its rules, its seed, the first dealer, the finished deals,
the deal in progress and the running totals. When a deal ends, its points are
added and, unless one seat alone holds the highest total at or above the
target (the same rule in both games: :func:`bugami.core.scoring.winner`), the next
deal is dealt from the game's seed by the seat left of the last dealer.
:class:`bugami.Game` and :class:`bugami.argute.game.Game` are matches;
:class:`bugami.GameView` and :class:`bugami.argute.view.GameView` are views
of one.

>>> import bugami
>>> from bugami import argute
>>> isinstance(bugami.new_game(bugami.Rules(), seed=3), Match)
True
>>> isinstance(argute.view(argute.new_game(argute.Rules(), seed=1), 0), MatchView)
True
"""

from __future__ import annotations

from bugami._kernel.match import Match, MatchView

__all__ = ["Match", "MatchView"]
