"""Fit the inference bot's model of bidding to the bidders it meets.

:class:`bugami.bots.InferenceBot` weighs the deals it imagines by how likely
each makes the others' revealed bids. This script measures how two bidders
actually bid -- the solver bot (``solver:16``, which is also how the
inference bot itself bids) and the heuristic player -- on hands of Bugami
dealt from one seed, and fits to each a *conditional logit*: the odds of a
bid are ``exp(utility)`` over the sum for the five bids, with

* a suit's utility ``a * points + b * length + c * [the heuristic's suit]``
  (points: ace 4, king 3, queen 2, jack 1, of that suit);
* misère's utility ``m0 + m1 * [low enough to duck] + m2 * points + m3 * shortest``
  (points of the whole hand; "low enough" as the heuristic player reads it;
  shortest: the length of its shortest suit).

The coefficients maximise the likelihood of the bids seen, less a small
ridge penalty (``--ridge``, on every coefficient; it keeps misère's odds
finite for a bidder that never bids it), by Newton's method. numpy is used
here only; the fitted numbers are copied into ``bugami/bots/inference.py``
(``FITTED_BID_MODELS``).

Run it with ``python examples/fit_bid_model.py [--hands N] [--players P]
[--seed S] [--workers W]``: N deals (each gives P hands) are shuffled from
``f"{seed}/{k}"`` and each seat's solver bot is seeded from ``f"{seed}/{k}/{seat}"``,
so a run is reproducible. ``--quick`` fits a few hands, for a smoke test.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import numpy as np

import bugami
from bugami.bots import SolverBot
from bugami.bots.heuristic import heuristic_bid
from bugami.bots.inference import bid_features
from bugami.core.cards import MISERE, Bid

BIDS: tuple[Bid, ...] = (*bugami.Suit, MISERE)
NAMES = ("points", "length", "heuristic", "misere", "misere_low", "misere_points", "shortest")


def _bids_of_deal(job: tuple[int, str, int, int]) -> list[tuple[int, int, int]]:
    """For each seat of deal ``number``: its hand, the solver bot's bid and
    the heuristic player's bid (as indices into BIDS)."""
    players, seed, number, samples = job
    state = bugami.deal(bugami.Rules(players=players), seed=f"{seed}/{number}")
    rows = []
    for seat in range(players):
        hand = sum(1 << card.index for card in state.hands[seat])
        bot = SolverBot(seed=f"{seed}/{number}/{seat}", samples=samples)
        solver = bot.choose_bid(bugami.view(state, seat))
        rows.append((hand, BIDS.index(solver), BIDS.index(heuristic_bid(hand))))
    return rows


def design(hand: int) -> np.ndarray:
    """The features of the five bids for one hand: a 5 x 7 matrix."""
    return np.array(bid_features(hand), dtype=float)


def fit(hands: Sequence[int], chosen: Sequence[int], ridge: float) -> np.ndarray:
    """The penalised maximum-likelihood coefficients of the conditional logit."""
    x = np.stack([design(hand) for hand in hands])  # n x 5 x k
    y = np.asarray(chosen)
    n, _, k = x.shape
    theta = np.zeros(k)
    for _ in range(100):
        utility = x @ theta
        utility -= utility.max(axis=1, keepdims=True)
        odds = np.exp(utility)
        odds /= odds.sum(axis=1, keepdims=True)
        mean = np.einsum("nb,nbk->nk", odds, x)
        gradient = (x[np.arange(n), y] - mean).sum(axis=0) - ridge * theta
        centred = x - mean[:, None, :]
        hessian = -np.einsum("nb,nbk,nbl->kl", odds, centred, centred) - ridge * np.eye(k)
        step = np.linalg.solve(hessian, gradient)
        theta -= step
        if np.abs(step).max() < 1e-9:
            break
    return theta


def report(label: str, hands: Sequence[int], chosen: Sequence[int], ridge: float) -> None:
    theta = fit(hands, chosen, ridge)
    x = np.stack([design(hand) for hand in hands])
    utility = x @ theta
    top = utility.argmax(axis=1)
    shift = utility.max(axis=1, keepdims=True)
    log_odds = utility - shift - np.log(np.exp(utility - shift).sum(axis=1, keepdims=True))
    y = np.asarray(chosen)
    print(f"{label}: {len(hands)} hands")
    print("  bids chosen:", {str(BIDS[b]): int((y == b).sum()) for b in range(5)})
    print(
        "  coefficients:",
        ", ".join(f"{name}={value:.3f}" for name, value in zip(NAMES, theta, strict=True)),
    )
    print("  as a tuple:", tuple(round(float(value), 3) for value in theta))
    print(f"  mean log-likelihood a hand: {log_odds[np.arange(len(y)), y].mean():.3f}")
    print(f"  the model's likeliest bid is the bid chosen: {(top == y).mean():.1%}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=600, help="deals to bid (each P hands)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--samples", type=int, default=16, help="the solver bot's bid samples")
    parser.add_argument("--seed", default="bidfit")
    parser.add_argument("--ridge", type=float, default=1.0)
    parser.add_argument("--workers", type=int, default=None, help="processes (0: none)")
    parser.add_argument("--quick", action="store_true", help="a few deals, serially")
    arguments = parser.parse_args(argv)
    if arguments.quick:
        arguments.hands, arguments.samples, arguments.workers = 3, 2, 0
    jobs = [
        (arguments.players, arguments.seed, number, arguments.samples)
        for number in range(arguments.hands)
    ]
    if arguments.workers == 0:
        deals = list(map(_bids_of_deal, jobs))
    else:
        with ProcessPoolExecutor(arguments.workers) as executor:
            deals = list(executor.map(_bids_of_deal, jobs, chunksize=8))
    rows = [row for deal in deals for row in deal]
    hands = [hand for hand, _, _ in rows]
    solver = [bid for _, bid, _ in rows]
    heuristic = [bid for _, _, bid in rows]
    agree = sum(a == b for a, b in zip(solver, heuristic, strict=True))
    print(f"{arguments.players} players; the solver bot names the heuristic's bid on ")
    print(f"  {agree} of {len(rows)} hands ({agree / len(rows):.1%})")
    report(f"solver:{arguments.samples}", hands, solver, arguments.ridge)
    report("heuristic", hands, heuristic, arguments.ridge)
    return 0


if __name__ == "__main__":
    sys.exit(main())
