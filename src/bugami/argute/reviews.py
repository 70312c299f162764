"""Reviewing hands of Argute, and hints: the same as Bugami's (:mod:`bugami.analysis.reviews`).

:func:`review` values every decision of the chosen seats in a hand, a game or
a record of Argute -- each bid and each card -- from that seat's view at
that moment, and :func:`hint` values the options of one view now, best
first: over hands consistent with the view, finished by Argute bots (by
default an :class:`~bugami.bots.ArguteHeuristicBot` at every seat), or
exactly by the open-hand solver (:func:`bugami.argute.solve <bugami.argute.solver.solve>`) in the last
tricks. The results are Bugami's classes (:class:`~bugami.analysis.reviews.Review`,
:class:`~bugami.analysis.reviews.Hint`); the labels' thresholds are in Argute's
points (an exact bid scores 0 to 3, a missed one -1).

>>> from bugami import argute
>>> from bugami.bots import ArguteHeuristicBot, play_out
>>> done = play_out(argute.deal(argute.Rules(players=3), seed=1), [ArguteHeuristicBot()] * 3)
>>> result = argute.review(done, seed=1, samples=4)
>>> len(result.decisions), sorted(result.seats)
(21, [0, 1, 2])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from bugami._kernel import reviewing
from bugami._kernel.reviewing import Hint, Review
from bugami._kernel.seeds import Seed
from bugami._records.model import Record
from bugami.argute.bots import ArguteBot, ArguteHeuristicBot, play_out
from bugami.argute.declaration import DECLARATION
from bugami.argute.evaluation import evaluate_bids
from bugami.argute.game import Game
from bugami.argute.rules import Rules
from bugami.argute.solver import solve
from bugami.argute.state import Deal
from bugami.argute.view import DealView, GameView

__all__ = ["DEFAULT_SAMPLES", "EXACT_TRICKS", "MAX_NODES", "THRESHOLDS", "hint", "review"]

DEFAULT_SAMPLES: Final = 20
"""How many hands consistent with a seat's view value each decision by default."""
EXACT_TRICKS: Final = 2
"""In how many of the last tricks the solver values the cards by default."""
MAX_NODES: Final = 200_000
"""The most positions the solver may visit for one sample by default."""
THRESHOLDS: Final = DECLARATION.thresholds
"""The least loss, in points, of an inaccuracy, a mistake and a blunder in
Argute (a missed bid scores -1, an exact one its number of tricks)."""

KIT: Final[reviewing.Kit[Rules, Deal, Game, DealView, int, int, ArguteBot]] = reviewing.Kit(
    game=DECLARATION,
    bot_kind=ArguteBot,
    default_bot=ArguteHeuristicBot,
    bot_words=("an Argute bot", "one per seat", "bugami.bots.ArguteBot"),
    play_out=play_out,
    solve=solve,
    evaluate_bids=evaluate_bids,
)
"""What a review of Argute uses: the game's declaration, its bots, solver
and bid evaluation."""


def review(
    deal_game_or_record: Deal | Game | Record[Any],
    *,
    seats: Iterable[int] | None = None,
    seed: Seed | None = None,
    samples: int = DEFAULT_SAMPLES,
    bots: ArguteBot | Sequence[ArguteBot] | None = None,
    thresholds: Sequence[float] | Mapping[str, float] | None = None,
    exact_tricks: int = EXACT_TRICKS,
    max_nodes: int = MAX_NODES,
) -> Review:
    """The review of every decision of ``seats`` (``None``: every seat) in a
    hand, a game (each of its hands) or a record of Argute; the arguments are
    those of :func:`bugami.review`, with Argute bots and :data:`THRESHOLDS`.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=2), hands=["555443", "001122"])
    >>> state = argute.bid(argute.bid(state, 0, 0), 1, 0)
    >>> result = argute.review(state, seats=[0], seed=1, samples=4)
    >>> [(str(d.action), d.label) for d in result.decisions]
    [('0 bid 0', 'blunder')]
    """
    return reviewing.review(
        KIT,
        deal_game_or_record.state
        if isinstance(deal_game_or_record, Record)
        else deal_game_or_record,
        seats=seats,
        seed=seed,
        samples=samples,
        bots=bots,
        thresholds=thresholds,
        exact_tricks=exact_tricks,
        max_nodes=max_nodes,
    )


def hint(
    view: DealView | GameView,
    *,
    seed: Seed | None = None,
    samples: int = DEFAULT_SAMPLES,
    bots: ArguteBot | Sequence[ArguteBot] | None = None,
    exact_tricks: int = EXACT_TRICKS,
    max_nodes: int = MAX_NODES,
) -> tuple[Hint, ...]:
    """The legal actions of ``view``'s seat now, best first, each with its
    value (see :func:`bugami.hint`); only the view is used.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=2), hands=["555443", "001122"])
    >>> [str(action) for action, value in argute.hint(argute.view(state, 0), seed=1, samples=4)][0]
    '0 bid 3'
    """
    return reviewing.hint(
        KIT,
        view,
        seed=seed,
        samples=samples,
        bots=bots,
        exact_tricks=exact_tricks,
        max_nodes=max_nodes,
    )
