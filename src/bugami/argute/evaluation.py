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

import operator
import random
from collections.abc import Mapping, Sequence
from typing import overload

from bugami._kernel.bid_values import BidValues, best_line, other_bids, solve_each_bid
from bugami._kernel.checks import check_bool
from bugami._kernel.estimates import (
    DEFAULT_DEALS,
    BidEvaluation,
    Outcome,
    check_count,
    check_seed,
    estimate_bids,
    seat_view,
)
from bugami._kernel.players import table_of
from bugami._kernel.seeds import Seed
from bugami._kernel.solutions import DEFAULT_MAX_NODES, check_arguments, deal_of
from bugami.argute.bots import ArguteBot, ArguteHeuristicBot, play_out
from bugami.argute.dealing import deal
from bugami.argute.game import Game
from bugami.argute.play import bid, legal_bids, play
from bugami.argute.sampling import sample_deal
from bugami.argute.scoring import score
from bugami.argute.solver import SearchLimitError, solve
from bugami.argute.state import Deal
from bugami.argute.view import DealView, GameView, view
from bugami.errors import IllegalMoveError

__all__ = ["BidValues", "evaluate_bids", "solve_bids"]


def _table(bots: ArguteBot | Sequence[ArguteBot] | None, players: int) -> list[ArguteBot]:
    return table_of(
        bots,
        players,
        ArguteBot,
        ArguteHeuristicBot,
        ("an Argute bot", "one per seat", "bugami.bots.ArguteBot"),
    )


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
    seen: DealView = seat_view(
        view_or_state, seat, (Deal, Game), (GameView, DealView), view, "a hand or a game of Argute"
    )
    seat = seen.seat  # the plain int the seat stands for
    choices = seen.legal_bids()
    check_bool("exact", exact)
    check_arguments(seat, seen.rules.players, max_nodes, None)
    deals = check_count(deals)
    seed = check_seed(seed)
    rules = seen.rules

    def imagine(rng: random.Random, table: Sequence[ArguteBot]) -> Deal:
        guess = sample_deal(seen, rng)
        fresh = deal(rules, hands=guess.hands, dealer=seen.dealer)
        state = fresh
        for other, player in enumerate(table):
            if other != seat:
                state = bid(state, other, player.choose_bid(view(fresh, other)))
        return state

    def outcome(imagined: Deal, choice: int, table: Sequence[ArguteBot]) -> Outcome:
        if exact:
            done = best_line(
                bid(imagined, seat, choice),
                seat,
                max_nodes,
                solve,
                play,
                SearchLimitError,
            )
        else:
            done = play_out(bid(imagined, seat, choice), table)
        won = sum(trick.winner == seat for trick in done.tricks)
        return Outcome(score(done)[seat], won, won == choice, False)

    return estimate_bids(
        seat=seat,
        deals=deals,
        seed=seed,
        bots=_table(bots, rules.players),
        choices=choices,
        imagine=imagine,
        outcome=outcome,
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
    position = deal_of(state, Deal, Game, "an Argute")
    players = position.rules.players
    check_arguments(seat, players, max_nodes, max_seconds)
    number = operator.index(seat)  # type: ignore[arg-type]
    choices = legal_bids(position, number)
    if not choices:
        raise IllegalMoveError(f"seat {number} has no bid to make now: there is nothing to solve")
    fresh = position
    chosen = other_bids(
        players=players,
        seat=number,
        made=position.bids,
        others=others,
        is_bot=lambda player: isinstance(player, ArguteBot),
        default_bot=ArguteHeuristicBot,
        choose=lambda player, other: player.choose_bid(view(fresh, other)),
        bot_words="an Argute bot",
    )
    for other, choice in enumerate(chosen):
        if other != number and position.bids[other] is None:
            position = bid(position, other, choice)
    resolved = position

    def value_of(choice: int, nodes: int | None, seconds: float | None) -> tuple[int, int]:
        solution = solve(
            bid(resolved, number, choice), number, max_nodes=nodes, max_seconds=seconds
        )
        return solution.value, solution.nodes

    return solve_each_bid(
        seat=number,
        choices=choices,
        others=[None if other == number else resolved.bids[other] for other in range(players)],
        value_of=value_of,
        max_nodes=max_nodes,  # type: ignore[arg-type]
        max_seconds=max_seconds,  # type: ignore[arg-type]
    )
