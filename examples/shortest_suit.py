"""Is it worth naming your shortest suit as your bug suit?

Seat 0 plays the cards like ``HeuristicBot`` but names its bug suit by a fixed
rule: its shortest suit, its longest suit, or a suit at random. The other seats
are ``HeuristicBot`` players. Every rule plays the same deals, so the
comparison is paired; the script prints seat 0's mean points per deal under
each rule with a 95% confidence interval, and the gain of the shortest suit
over the others.

Run it with ``python examples/shortest_suit.py [DEALS]`` (10,000 by default;
a few minutes).
"""

from __future__ import annotations

import random
import statistics
import sys
from collections.abc import Callable

import bugami
from bugami.bots import HeuristicBot, play_out

Rule = Callable[[tuple[bugami.Card, ...], random.Random], bugami.Suit]


def shortest(hand: tuple[bugami.Card, ...], rng: random.Random) -> bugami.Suit:
    """The suit of which the hand holds fewest cards (the first such suit)."""
    return min(bugami.Suit, key=lambda suit: sum(card.suit is suit for card in hand))


def longest(hand: tuple[bugami.Card, ...], rng: random.Random) -> bugami.Suit:
    """The suit of which the hand holds most cards (the first such suit)."""
    return max(bugami.Suit, key=lambda suit: sum(card.suit is suit for card in hand))


def any_suit(hand: tuple[bugami.Card, ...], rng: random.Random) -> bugami.Suit:
    """A suit at random."""
    return rng.choice(list(bugami.Suit))


class RuleBidder(HeuristicBot):
    """A heuristic player whose bug suit is chosen by ``rule``."""

    def __init__(self, rule: Rule, seed: int) -> None:
        super().__init__()
        self.rule = rule
        self.rng = random.Random(seed)

    def choose_bid(self, seen: bugami.DealView | bugami.GameView) -> bugami.Bid:
        hand = seen.hand if isinstance(seen, bugami.DealView) else seen.current.hand  # type: ignore[union-attr]
        return self.rule(hand, self.rng)


def seat_zero_points(rule: Rule, deals: int) -> list[int]:
    """Seat 0's points on ``deals`` fixed deals when it names its suit by ``rule``."""
    rules = bugami.Rules()
    points = []
    for number in range(deals):
        table = [RuleBidder(rule, number), HeuristicBot(), HeuristicBot(), HeuristicBot()]
        final = play_out(bugami.deal(rules, seed=f"shortest-suit/{number}"), table)
        points.append(bugami.score(final)[0])
    return points


def mean_and_margin(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval."""
    return statistics.fmean(values), 1.96 * statistics.stdev(values) / len(values) ** 0.5


def study(deals: int) -> list[str]:
    """The lines of the report."""
    results = {
        rule.__name__: seat_zero_points(rule, deals) for rule in (shortest, longest, any_suit)
    }
    lines = [f"seat 0's mean points per deal over {deals} deals (95% CI):"]
    for name, points in results.items():
        mean, margin = mean_and_margin([float(p) for p in points])
        lines.append(f"  {name:<9} {mean:6.2f} ± {margin:.2f}")
    for other in ("longest", "any_suit"):
        gains = [float(a - b) for a, b in zip(results["shortest"], results[other], strict=True)]
        mean, margin = mean_and_margin(gains)
        lines.append(f"  shortest - {other:<9} {mean:+6.2f} ± {margin:.2f} (paired)")
    return lines


if __name__ == "__main__":
    print("\n".join(study(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)))
