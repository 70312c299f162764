"""What is each bid worth in a hand of Argute? Expected points per bid.

:func:`evaluate_bids` works as Bugami's (:mod:`bugami.analysis.evaluation`): it
imagines hands for the other seats consistent with what this seat knows
(:func:`bugami.argute.sampling.sample_deal`), lets Argute bots bid for them and play
each imagined hand out once for every bid this seat could make (0 to 3
tricks), on the same imagined hands and with the bots restarted alike, and
averages the seat's points. ``made`` is the chance that the bid was exact;
``sweep`` does not apply (``None``).

>>> from bugami import argute
>>> state = argute.deal(argute.Rules(players=3), seed=4)
>>> result = evaluate_bids(argute.view(state, 0), 0, deals=100, seed=1)
>>> state.hands[0]
(0, 1, 2, 4, 4, 5)
>>> print(result.table())
bid  deals   mean  stderr     95% interval  tricks   made  sweep
0      100   -1.0     0.0   [ -1.0,  -1.0]    1.98  0.000      -
1      100    0.2     0.1   [  0.0,   0.4]    0.72  0.600      -
2      100   -0.8     0.1   [ -1.0,  -0.7]    0.72  0.060      -
3      100   -1.0     0.0   [ -1.0,  -1.0]    0.61  0.000      -
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, overload

from bugami._kernel import bid_values
from bugami._kernel.bid_values import BidValues
from bugami._kernel.estimates import DEFAULT_DEALS, BidEvaluation, Outcome
from bugami._kernel.seeds import Seed
from bugami._kernel.solutions import DEFAULT_MAX_NODES
from bugami.argute.bots import ArguteBot, ArguteHeuristicBot
from bugami.argute.declaration import DECLARATION
from bugami.argute.game import Game
from bugami.argute.scoring import score
from bugami.argute.solver import solve
from bugami.argute.state import Deal
from bugami.argute.view import DealView, GameView

__all__ = ["BidValues", "evaluate_bids", "solve_bids"]


# How messages name an Argute bot, the bots of a table and their protocol (as the review kit does).
_BOT_WORDS: Final = ("an Argute bot", "one per seat", "bugami.bots.ArguteBot")


def evaluate_bids(
    view_or_state: DealView | GameView | Deal | Game,
    seat: int,
    *,
    deals: int = DEFAULT_DEALS,
    bots: ArguteBot | Sequence[ArguteBot] | None = None,
    seed: Seed | None = None,
    exact: bool = False,
    max_nodes: int | None = DEFAULT_MAX_NODES,
) -> BidEvaluation:
    """The expected points of each bid (0 to 3 tricks) ``seat`` could make
    now in a hand of Argute, estimated over ``deals`` imagined hands played
    out by ``bots`` (by default an :class:`~bugami.bots.ArguteHeuristicBot`
    at each seat). The arguments and the result are those of
    :func:`bugami.evaluate_bids`, ``exact`` and ``max_nodes`` included:
    with ``exact=True`` each imagined hand is played, after the bids, by
    open-hand best play (:func:`bugami.argute.solve <bugami.argute.solver.solve>`,
    everyone else against the seat; one solve per value played). A whole
    hand of Argute is within the solver's reach at two to four players
    (milliseconds at three); from five players on the first trick can take
    minutes, so ``max_nodes`` (for each bid on each imagined hand) raises
    :class:`~bugami.solver.SearchLimitError` instead.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=3), seed=4)
    >>> result = evaluate_bids(state, 0, deals=20, seed=1, exact=True)
    >>> [round(estimate.mean, 2) for estimate in result]
    [-0.8, -0.2, -0.85, -1.0]

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=2), hands=["555443", "001122"])
    >>> result = evaluate_bids(state, 0, deals=30, seed=2)
    >>> result.best.bid, result == evaluate_bids(state, 0, deals=30, seed=2)
    (3, True)
    """

    def outcome(done: Deal, seat: int, choice: int) -> Outcome:
        won = sum(trick.winner == seat for trick in done.tricks)
        return Outcome(score(done)[seat], won, won == choice, False)

    return bid_values.evaluate_bids(
        DECLARATION,
        view_or_state,
        seat,
        deals=deals,
        bots=bots,
        seed=seed,
        exact=exact,
        max_nodes=max_nodes,
        bot_kind=ArguteBot,
        default_bot=ArguteHeuristicBot,
        bot_words=_BOT_WORDS,
        solve=solve,
        outcome=outcome,
        what="a hand or a game of Argute",
        made_applies=lambda choice: True,
        sweep_applies=lambda choice: False,
    )


@overload
def solve_bids(
    state: Deal,
    seat: int,
    *,
    others: Mapping[int, int] | ArguteBot | None = None,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    max_seconds: float | None = None,
) -> BidValues[int]: ...


@overload
def solve_bids(
    state: Game,
    seat: int,
    *,
    others: Mapping[int, int] | ArguteBot | None = None,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    max_seconds: float | None = None,
) -> BidValues[int]: ...


def solve_bids(
    state: object,
    seat: object,
    *,
    others: object = None,
    max_nodes: object = DEFAULT_MAX_NODES,
    max_seconds: object = None,
) -> BidValues[int]:
    """The open-hand value of each bid (0 to 3 tricks) ``seat`` could make
    on a hand of Argute still in bidding: for every bid, the points the seat
    can force once it has made it, every value face up and everyone else
    against it (:func:`bugami.argute.solve <bugami.argute.solver.solve>`) --
    its bid if it can make exactly that many tricks, else -1. The arguments
    and the result are those of :func:`bugami.solve_bids` (the default bot
    is an :class:`~bugami.bots.ArguteHeuristicBot`). Since the other bids do
    not change what the seat can force, ``others`` matters only to the
    ``others`` shown in the result; a whole hand costs milliseconds at three
    players, more at four, and from five players on it may exceed the bounds.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=2), hands=["555000", "111222"])
    >>> result = solve_bids(state, 0)
    >>> result.by_bid, result.best
    ({0: -1, 1: 1, 2: 2, 3: -1}, (2,))
    """
    return bid_values.solve_bids(
        DECLARATION,
        state,
        seat,
        others=others,
        max_nodes=max_nodes,
        max_seconds=max_seconds,
        bot_kind=ArguteBot,
        default_bot=ArguteHeuristicBot,
        bot_words=_BOT_WORDS,
        solve=solve,
    )
