"""The measuring machinery: timed samples, calibration, paired series.

Everything here measures a *work* function: ``work(size)`` does ``size``
units of something (deals played, passes over a pool of prepared states) and
returns nothing. A sample is the wall-clock time of one call, taken with
:func:`time.perf_counter` after a full garbage collection, so that one
sample does not pay for the garbage of the one before. The garbage collector
stays enabled while timing: programs that use the library run with it, and
the states the engine builds are tracked objects.

Series of samples are summarised by their median, which a few disturbed
samples (another process waking up) do not move. When two things are
compared, their samples are taken in alternation -- A, B, then B, A, and so
on -- and each pair gives one ratio, so that a drift of the machine's speed
during the run (thermal throttling, frequency scaling, a noisy neighbour)
affects both sides of a ratio alike; the median of those ratios is reported.
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Callable, Sequence
from typing import TypeAlias

__all__ = [
    "Work",
    "calibrate",
    "cpu_sample",
    "interleaved_series",
    "paired_series",
    "sample",
    "series",
]

Work: TypeAlias = Callable[[int], None]
"""A function doing ``size`` units of work."""


def sample(work: Work, size: int) -> float:
    """The seconds ``work(size)`` takes, after a garbage collection."""
    gc.collect()
    start = time.perf_counter()
    work(size)
    return time.perf_counter() - start


def cpu_sample(work: Work, size: int) -> float:
    """The processor seconds (of this process) ``work(size)`` takes, after a
    garbage collection: on a machine shared with other work, time spent
    waiting for a processor is not counted, as it is in :func:`sample`."""
    gc.collect()
    start = time.process_time()
    work(size)
    return time.process_time() - start


def calibrate(work: Work, seconds: float, *, limit: int = 10_000_000) -> int:
    """The size for which ``work(size)`` takes about ``seconds``.

    Like :mod:`timeit`'s autorange: sizes grow from 1 until one sample lasts
    at least a fifth of ``seconds``, then the size is scaled to the duration
    wanted. The calls made here also warm the code up before any sample is
    kept.
    """
    size = 1
    while True:
        elapsed = sample(work, size)
        if elapsed >= seconds / 5 or size >= limit:
            break
        # Grow fast while samples are tiny, carefully when they are close.
        factor = 10 if elapsed < seconds / 100 else 2
        size = min(size * factor, limit)
    if elapsed <= 0:
        return size
    return max(1, min(limit, math.ceil(size * seconds / elapsed)))


def series(work: Work, size: int, repeat: int) -> list[float]:
    """``repeat`` samples of ``work(size)``, in seconds."""
    return [sample(work, size) for _ in range(repeat)]


def paired_series(
    first: Work, first_size: int, second: Work, second_size: int, repeat: int
) -> list[tuple[float, float]]:
    """``repeat`` pairs of samples (seconds of ``first``, seconds of
    ``second``), taken in alternation: every pair runs both, and the order
    within a pair alternates (A B, B A, A B, ...) so that neither side is
    always the one that runs first."""
    pairs = []
    for number in range(repeat):
        if number % 2 == 0:
            a = sample(first, first_size)
            b = sample(second, second_size)
        else:
            b = sample(second, second_size)
            a = sample(first, first_size)
        pairs.append((a, b))
    return pairs


def interleaved_series(works: Sequence[tuple[Work, int]], repeat: int) -> list[list[float]]:
    """``repeat`` rounds of samples of several works, each given with its
    size: every round samples each work once, and the order within a round
    is rotated from one round to the next (A B C, B C A, C A B, ...), so that
    none of them always runs first or last. The result holds one list of
    seconds per round, in the order of ``works``."""
    count = len(works)
    rounds = []
    for number in range(repeat):
        seconds = [0.0] * count
        for step in range(count):
            position = (number + step) % count
            work, size = works[position]
            seconds[position] = sample(work, size)
        rounds.append(seconds)
    return rounds
