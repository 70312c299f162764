"""A duplicate tournament between bots: is one really stronger than another?

For each pairing "A against B" every deal is played five times from the same
cards: once with B at every seat (the baseline), then once with A at each
seat in turn and B at the others. A's gain on a deal is A's mean score over
its seats minus the baseline's mean score at those seats, so the luck of the
cards cancels out. The script prints the mean gain per deal with a 95%
confidence interval (normal approximation over the deals).

Three pairings are played: the heuristic player against random play, the
search (``--samples`` imagined deals per decision) against the heuristic
player, and the solver-based player (``--solver-samples``) against the
search, each on its own number of deals (``--deals``, ``--search-deals``,
``--solver-deals``; 0 leaves a pairing out).

Run it with ``python examples/tournament.py [--deals N] [--samples S]``; the
numbers in docs/bots.rst came from the defaults (2,000, 400 and 300 deals;
about an hour and a half of CPU time). ``--game argute`` pits the Argute bots
against each other in the same way (hands of Argute instead of deals; the
Argute numbers in docs/bots.rst came from ``--game argute --deals 4000
--search-deals 800 --solver-deals 0``). ``--quick`` plays a handful of
deals, for the test suite.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor

import bugami
from bugami import argute
from bugami.analysis.simulate import simulate
from bugami.bots import ArguteBot, Bot, make_bot


def gains(
    rules: bugami.Rules | argute.Rules,
    challenger: str,
    baseline: str,
    deals: int,
    seed: str,
    executor: Executor | None,
) -> list[float]:
    """The challenger's gain over the baseline bot on each duplicate deal."""
    players = rules.players
    game = "argute" if isinstance(rules, argute.Rules) else "bugami"

    def points(table: Sequence[Bot | ArguteBot]) -> list[list[int]]:
        result = simulate(
            rules,
            table,
            deals=deals,
            seed=seed,
            executor=executor,
            workers=0 if executor is None else None,
            chunk_size=max(1, deals // 16),
        )
        per_deal = [[0] * players for _ in range(deals)]
        for row in result.rows:
            per_deal[row.deal][row.seat] = row.points
        return per_deal

    base = points([make_bot(baseline, game=game)] * players)
    seated = [0.0] * deals
    for seat in range(players):
        table = [make_bot(baseline, game=game)] * players
        table[seat] = make_bot(challenger, game=game)
        for number, scores in enumerate(points(table)):
            seated[number] += scores[seat] / players
    return [seated[number] - sum(base[number]) / players for number in range(deals)]


def interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval."""
    mean = sum(values) / len(values)
    if len(values) < 2:
        return mean, math.inf
    variance = sum((value - mean) ** 2 for value in values) / (len(values) - 1)
    return mean, 1.96 * math.sqrt(variance / len(values))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("bugami", "argute"), default="bugami")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=2000, help="duplicate deals per pairing")
    parser.add_argument(
        "--search-deals", type=int, default=400, help="duplicate deals for the search pairing"
    )
    parser.add_argument(
        "--solver-deals", type=int, default=300, help="duplicate deals for the solver pairing"
    )
    parser.add_argument("--samples", type=int, default=32, help="the search bot's budget")
    parser.add_argument(
        "--solver-samples", type=int, default=16, help="the solver-based bot's budget"
    )
    parser.add_argument("--seed", default="tournament")
    parser.add_argument("--workers", type=int, default=None, help="processes (0: none)")
    parser.add_argument("--quick", action="store_true", help="a few deals, serially (for tests)")
    arguments = parser.parse_args(argv)
    if arguments.quick:
        arguments.deals, arguments.search_deals, arguments.samples = 4, 2, 2
        arguments.solver_deals, arguments.solver_samples = 1, 1
        arguments.workers = 0
    rules: bugami.Rules | argute.Rules
    if arguments.game == "argute":
        rules = argute.Rules(players=arguments.players)
    else:
        rules = bugami.Rules(players=arguments.players)
    pairings = [
        ("heuristic", "random", arguments.deals),
        (f"search:{arguments.samples}", "heuristic", arguments.search_deals),
        (
            f"solver:{arguments.solver_samples}",
            f"search:{arguments.samples}",
            arguments.solver_deals,
        ),
    ]
    pairings = [pairing for pairing in pairings if pairing[2] > 0]
    executor = None if arguments.workers == 0 else ProcessPoolExecutor(arguments.workers)
    try:
        print(f"{'challenger':>12} {'baseline':>10} {'deals':>6} {'gain/deal':>10} {'95% CI':>17}")
        for challenger, baseline, deals in pairings:
            started = time.perf_counter()
            values = gains(rules, challenger, baseline, deals, arguments.seed, executor)
            mean, half = interval(values)
            low, high = mean - half, mean + half
            print(
                f"{challenger:>12} {baseline:>10} {deals:>6} {mean:>+10.2f} "
                f"[{low:+7.2f}, {high:+7.2f}]  ({time.perf_counter() - started:.0f} s)"
            )
            sys.stdout.flush()
    finally:
        if executor is not None:
            executor.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
