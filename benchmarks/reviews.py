"""Reviewing a game: the time to review every decision of one deal, in seconds.

``review.deal`` plays 4-player deals with a :class:`~bugami.bots.HeuristicBot`
at every seat, from the run's seed, and times :func:`bugami.review` of each
finished deal at its default settings (every seat, every bid and card valued
over :data:`bugami.analysis.reviews.DEFAULT_SAMPLES` sampled deals): one sample per
deal. A quick run reviews seat 0 only, each decision over 2 sampled deals, so
that the smoke run stays short (the figures are then not comparable with the
target).
"""

from __future__ import annotations

import gc
import time

from benchmarks.registry import Measurement, Outcome, Settings, add_target, register
from bugami import Rules, deal, review
from bugami.analysis.reviews import DEFAULT_SAMPLES
from bugami.bots import HeuristicBot, play_out

__all__ = ["QUICK_SAMPLES"]

QUICK_SAMPLES = 2
"""The sampled deals per decision in a quick run."""


@register("review.deal", "bugami.review of one finished 4-player deal, default settings")
def _review_deal(settings: Settings) -> list[Outcome]:
    samples = QUICK_SAMPLES if settings.quick else DEFAULT_SAMPLES
    rules = Rules(players=4)
    times = []
    for number in range(settings.repeat):
        seed = f"{settings.seed}/review/{number}"
        done = play_out(deal(rules, seed=seed), [HeuristicBot() for _ in range(rules.players)])
        gc.collect()
        started = time.perf_counter()
        review(done, seed=seed, samples=samples, seats=[0] if settings.quick else None)
        times.append(time.perf_counter() - started)
    return [
        Measurement(
            "review.deal",
            "review, 4 players, one deal, every seat",
            "s/deal",
            tuple(times),
            higher_is_better=False,
            details={"deals": settings.repeat, "samples": samples, "quick": settings.quick},
        )
    ]


add_target("review of one 4-player deal under 10 s", "review.deal", "<", 10, "s")
