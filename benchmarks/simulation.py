"""Simulation throughput with one and two worker processes.

:func:`bugami.analysis.simulate.simulate` plays deals between bots in chunks
submitted to an executor. This benchmark plays the same few hundred
4-player deals between four :class:`~bugami.bots.RandomBot` players on a
``ProcessPoolExecutor`` of one worker and on one of two, in alternation
(paired, so that a change in the machine's load touches both sides alike),
and reports deals per second for each and their ratio. The pools are
started, and their workers warmed up with a small simulation, before any
sample is taken: the figures are the steady throughput of a running pool,
including the pickling of the bots and of the result rows, not the cost of
starting processes.

A control line runs the same number of chunks of pure-Python busy work (no
library, nothing to pickle but a number) on the same two pools, paired the
same way. On a machine whose second core is taken by other work, the control
does not scale either, and the simulation's ratio says nothing about the
library; when the control scales and the simulation does not, the library is
to blame.

On a machine with fewer than two usable cores, or where worker processes
cannot be started, the lines are skipped with the reason.
"""

from __future__ import annotations

import os
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import ExitStack

from benchmarks.machine import load_average
from benchmarks.registry import (
    Comparison,
    Measurement,
    Outcome,
    Settings,
    Skipped,
    add_target,
    register,
)
from benchmarks.timing import Work, paired_series
from bugami import Rules
from bugami.analysis.simulate import simulate
from bugami.bots import RandomBot

__all__ = ["CHUNKS", "control_work", "simulation_work", "spin"]

RULES = Rules(players=4)
CHUNKS = 8
"""The number of chunks a sample's deals are cut into."""
UNIT = "deals/s"


def simulation_work(executor: Executor, deals: int, seed: int) -> Work:
    """``size`` simulations of ``deals`` random deals on ``executor``."""
    bots = [RandomBot() for _ in range(RULES.players)]
    chunk = max(1, deals // CHUNKS)

    def work(size: int) -> None:
        for _ in range(size):
            result = simulate(
                RULES, bots, deals=deals, seed=seed, executor=executor, chunk_size=chunk
            )
            if len(result.rows) != deals * RULES.players:
                raise RuntimeError("the simulation did not play every deal")

    return work


def spin(count: int) -> int:
    """Pure-Python busy work for the control line: no library, no data."""
    total = 0
    for number in range(count):
        total += number
    return total


SPIN_PER_DEAL = 20_000
"""Loop turns of :func:`spin` per simulated deal: about the same CPU time
as a simulated deal, on the machines the suite was written on."""


def control_work(executor: Executor, deals: int) -> Work:
    """The control: the same number of chunks as a simulation sample, each
    a pure-Python loop, on ``executor``. What two workers gain on this tells
    what the machine can give, whatever the library does."""
    counts = [max(1, deals // CHUNKS) * SPIN_PER_DEAL] * CHUNKS

    def work(size: int) -> None:
        for _ in range(size):
            list(executor.map(spin, counts))

    return work


def _usable_cores() -> int:
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        return len(affinity(0))
    return os.cpu_count() or 1


@register("simulation", "simulate(RandomBot x4) on 1 and 2 worker processes, paired")
def _simulation(settings: Settings) -> list[Outcome]:
    label = "simulation, RandomBot x4"
    cores = _usable_cores()
    if cores < 2:
        reason = f"only {cores} usable core: two workers cannot run side by side"
        return [Skipped("simulation", label, reason)]
    deals = settings.simulation_deals
    try:
        with ExitStack() as stack:
            one = stack.enter_context(ProcessPoolExecutor(1))
            two = stack.enter_context(ProcessPoolExecutor(2))
            single = simulation_work(one, deals, settings.seed)
            double = simulation_work(two, deals, settings.seed)
            # Start the workers and let them import everything once.
            for executor in (one, two):
                simulation_work(executor, 2 * CHUNKS, settings.seed)(1)
            pairs = paired_series(single, 1, double, 1, settings.repeat)
            control = paired_series(
                control_work(one, settings.simulation_deals),
                1,
                control_work(two, settings.simulation_deals),
                1,
                settings.repeat,
            )
    except (OSError, RuntimeError, NotImplementedError) as error:
        reason = f"worker processes could not run here ({type(error).__name__}: {error})"
        return [Skipped("simulation", label, reason)]
    details = {
        "deals_per_sample": deals,
        "chunk_size": max(1, deals // CHUNKS),
        "bots": "RandomBot x4",
        "usable_cores": cores,
        "load_average_after": load_average(),
    }
    single_rates = tuple(deals / a for a, _ in pairs)
    double_rates = tuple(deals / b for _, b in pairs)
    return [
        Measurement(
            "simulation.1w",
            "simulation, 1 worker process",
            UNIT,
            single_rates,
            higher_is_better=True,
            details={**details, "workers": 1, "paired_with": "simulation.2w"},
        ),
        Measurement(
            "simulation.2w",
            "simulation, 2 worker processes",
            UNIT,
            double_rates,
            higher_is_better=True,
            details={**details, "workers": 2, "paired_with": "simulation.1w"},
        ),
        Comparison(
            "simulation.2w/1w",
            "ratio: 2 workers / 1 worker",
            "simulation.2w",
            "simulation.1w",
            tuple(b / a for a, b in zip(single_rates, double_rates, strict=True)),
        ),
        Comparison(
            "simulation.control-2w/1w",
            "ratio: 2 workers / 1, pure-Python control",
            "simulation.control-2w",
            "simulation.control-1w",
            tuple(a / b for a, b in control),
        ),
    ]


add_target(
    "simulation: 2 workers at least 1.7x 1 worker",
    "simulation.2w/1w",
    ">=",
    1.7,
    "x",
)
