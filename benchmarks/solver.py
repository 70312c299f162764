"""The open-hand solvers: the time to solve one position, in milliseconds.

Each sample is one call of :func:`bugami.solver.solve` (or
:func:`bugami.argute.solve`) on a position of its own, for the seat to move,
so the median and the maximum of a line are the median and the worst
position. The positions are drawn once from the run's seed:

* ``solver.bugami-4p-Nt``: a 4-player deal, every bid drawn uniformly from
  :func:`bugami.legal_bids`, every card uniformly from
  :func:`bugami.legal_moves` until N tricks are left (4N cards in hand), at
  the start of a trick;
* ``solver.argute-Np``: a whole hand of Argute (every card still in hand),
  bids drawn uniformly from 0 to 3.

In a full run the 4- and 6-trick lines and the 3-player Argute line take
``settings.pool_deals`` positions (100), the others ``2 * settings.repeat``
(30). A quick run takes ``settings.repeat`` positions per line, and bounds
each solve (``max_nodes``): a position over the bound is left out, counted in
the line's details, and replaced by the next one, so that the smoke run stays
short. Each line's details give the positions the searches visited
(``nodes_median``, ``nodes_max``, ``nodes_total``): unlike the times, they do
not depend on the machine or on what else it runs.
"""

from __future__ import annotations

import functools
import gc
import random
import statistics
import time
from collections.abc import Callable, Iterator

from benchmarks.registry import Measurement, Outcome, Settings, add_target, register
from bugami import Deal, Rules, argute, bid, deal, legal_bids, legal_moves, play
from bugami.argute.solver import SearchLimitError as ArguteLimit
from bugami.solver import SearchLimitError, solve

__all__ = ["argute_positions", "bugami_positions"]

UNIT = "ms/solve"
QUICK_NODES = 30_000


def bugami_positions(left: int, seed: int) -> Iterator[Deal]:
    """Random 4-player positions with ``left`` tricks to play, one after another."""
    rng = random.Random(f"{seed}/solver/{left}")
    rules = Rules(players=4)
    while True:
        state = deal(rules, seed=rng.randrange(2**32))
        for seat in range(rules.players):
            state = bid(state, seat, rng.choice(legal_bids(state, seat)))
        while len(state.tricks) < rules.hand_size - left:
            state = play(state, rng.choice(legal_moves(state)))
        yield state


def argute_positions(players: int, seed: int) -> Iterator[argute.Deal]:
    """Whole hands of Argute, bid at random, before the first card."""
    rng = random.Random(f"{seed}/argute-solver/{players}")
    rules = argute.Rules(players=players)
    while True:
        state = argute.deal(rules, seed=rng.randrange(2**32))
        for seat in range(players):
            state = argute.bid(state, seat, rng.choice(argute.legal_bids(state, seat)))
        yield state


def _solve_bugami(state: Deal, limit: int | None) -> int:
    return solve(state, state.to_move, max_nodes=limit).nodes  # type: ignore[arg-type]


def _solve_argute(state: argute.Deal, limit: int | None) -> int:
    return argute.solve(state, state.to_move, max_nodes=limit).nodes  # type: ignore[arg-type]


def _count(settings: Settings, cheap: bool) -> int:
    if settings.quick:
        return settings.repeat
    return settings.pool_deals if cheap else 2 * settings.repeat


def _time(
    positions: Iterator[Callable[[int | None], int]], count: int, limit: int | None
) -> tuple[list[float], int, dict[str, object]]:
    """The time in ms of the first ``count`` solves that stay within the node
    bound ``limit``, how many did not (those are left out), and the details
    of the positions each search visited (a measure of its work that does not
    depend on the machine or its load): median, largest and total."""
    times: list[float] = []
    nodes: list[int] = []
    over = 0
    while len(times) < count:
        run = next(positions)
        gc.collect()
        started = time.perf_counter()
        try:
            visited = run(limit)
        except (SearchLimitError, ArguteLimit):
            over += 1
            continue
        times.append((time.perf_counter() - started) * 1000)
        nodes.append(visited)
    work: dict[str, object] = {
        "nodes_median": statistics.median(nodes),
        "nodes_max": max(nodes),
        "nodes_total": sum(nodes),
    }
    return times, over, work


def _bugami_line(left: int) -> None:
    name = f"solver.bugami-4p-{left}t"

    @register(name, f"bugami.solver.solve on random 4-player positions, {left} tricks left")
    def run(settings: Settings) -> list[Outcome]:
        count = _count(settings, cheap=left <= 6)
        limit = QUICK_NODES if settings.quick else None
        solves = (
            functools.partial(_solve_bugami, state)
            for state in bugami_positions(left, settings.seed)
        )
        times, over, work = _time(solves, count, limit)
        return [
            Measurement(
                name,
                f"solve, 4 players, {left} tricks left",
                UNIT,
                tuple(times),
                higher_is_better=False,
                details={
                    "positions": count,
                    "over_node_bound": over,
                    "max_nodes": limit,
                    **work,
                },
            )
        ]


def _argute_line(players: int) -> None:
    name = f"solver.argute-{players}p"

    @register(name, f"bugami.argute.solve on whole {players}-player hands of Argute")
    def run(settings: Settings) -> list[Outcome]:
        count = _count(settings, cheap=players <= 3)
        limit = QUICK_NODES if settings.quick else None
        solves = (
            functools.partial(_solve_argute, state)
            for state in argute_positions(players, settings.seed)
        )
        times, over, work = _time(solves, count, limit)
        return [
            Measurement(
                name,
                f"solve, Argute, {players} players, whole hand",
                UNIT,
                tuple(times),
                higher_is_better=False,
                details={
                    "positions": count,
                    "over_node_bound": over,
                    "max_nodes": limit,
                    **work,
                },
            )
        ]


for _left in (4, 6, 8):
    _bugami_line(_left)
for _players in (3, 4):
    _argute_line(_players)

add_target("solve, 4 players, 6 tricks left, under 1 s", "solver.bugami-4p-6t", "<", 1000, "ms")
