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

import random
from collections.abc import Sequence

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
from bugami.argute.bots import ArguteBot, ArguteHeuristicBot, play_out
from bugami.argute.dealing import deal
from bugami.argute.game import Game
from bugami.argute.play import bid
from bugami.argute.sampling import sample_deal
from bugami.argute.scoring import score
from bugami.argute.state import Deal
from bugami.argute.view import DealView, GameView, view

__all__ = ["evaluate_bids"]


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
) -> BidEvaluation:
    """The expected points of each bid (0 to 3 tricks) ``seat`` could make
    now in a hand of Argute, estimated over ``deals`` imagined hands played
    out by ``bots`` (by default an :class:`~bugami.bots.ArguteHeuristicBot`
    at each seat). The arguments and the result are those of
    :func:`bugami.evaluate_bids`.

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
