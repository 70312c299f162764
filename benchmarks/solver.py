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

* ``solver.bugami-4p-10t``, ``solver.bugami-4p-13t``, ``solver.bugami-3p-deal``,
  ``solver.bugami-5p-deal``: deeper positions, drawn the same way (the whole
  deal after the bids for the last three), each solve bounded by
  ``REACH_NODES`` positions (``QUICK_NODES`` in a quick run): a sample is the
  time of one attempt, solved or stopped at the bound, and the details count
  how many were solved -- these lines say how far the solver reaches, not how
  fast it is where it does;
* ``solver.bugami-4p-line/tables``: a line of best play from a 6-trick
  position solved card by card, with one :class:`bugami.solver.Tables` kept
  along it, over the same solves made fresh (below 1: the tables save
  work); the values must agree, or the line fails;
* ``solver.bugami-4p-8t/reference``: the solver against the one kept in the
  tests as the reference (``tests/solver_reference.py``, the solver before the
  work on whole deals), on the same 8-trick positions in alternation, as the
  ratio of their times (below 1: the current one is faster); the values must
  agree, or the line fails. Skipped where the tests are not at hand.

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

import contextlib
import functools
import gc
import importlib.util
import pathlib
import random
import statistics
import time
from collections.abc import Callable, Iterator

import bugami
from benchmarks.registry import (
    Comparison,
    Measurement,
    Outcome,
    Settings,
    Skipped,
    add_target,
    register,
)
from bugami import Deal, Rules, argute, bid, deal, legal_bids, legal_moves, play
from bugami.argute.solver import SearchLimitError as ArguteLimit
from bugami.solver import SearchLimitError, Tables, solve, solve_deal

__all__ = ["argute_positions", "bugami_positions"]

UNIT = "ms/solve"
QUICK_NODES = 30_000
# The bound on each solve of the lines that test the solver's reach: the
# compiled build's search in C visits a position some ten times as fast.
REACH_NODES = 50_000_000 if bugami.COMPILED else 1_000_000
REACH_POSITIONS = 4  # positions per such line in a full run


def bugami_positions(left: int, seed: int, players: int = 4) -> Iterator[Deal]:
    """Random positions with ``left`` tricks to play, one after another."""
    name = f"{seed}/solver/{left}" if players == 4 else f"{seed}/solver/{players}p/{left}"
    rng = random.Random(name)
    rules = Rules(players=players)
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


def _reach_line(players: int, left: int, name: str, label: str) -> None:
    @register(name, f"bugami.solver.solve bounded, {label}")
    def run(settings: Settings) -> list[Outcome]:
        count = settings.repeat if settings.quick else REACH_POSITIONS
        limit = QUICK_NODES if settings.quick else REACH_NODES
        positions = bugami_positions(left, settings.seed, players)
        times: list[float] = []
        nodes: list[int] = []
        for _ in range(count):
            state = next(positions)
            gc.collect()
            started = time.perf_counter()
            with contextlib.suppress(SearchLimitError):
                nodes.append(_solve_bugami(state, limit))
            times.append((time.perf_counter() - started) * 1000)
        return [
            Measurement(
                name,
                f"solve within {limit:,} positions, {label}",
                UNIT,
                tuple(times),
                higher_is_better=False,
                details={
                    "positions": count,
                    "solved": len(nodes),
                    "over_node_bound": count - len(nodes),
                    "max_nodes": limit,
                    "nodes_median_solved": statistics.median(nodes) if nodes else None,
                },
            )
        ]


def _reference() -> Callable[..., object] | None:
    """The reference solver of the tests, or None where the tests are not at hand."""
    path = pathlib.Path(__file__).resolve().parent.parent / "tests" / "solver_reference.py"
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location("_bugami_solver_reference", path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    solver: Callable[..., object] = module.solve
    return solver


@register(
    "solver.bugami-4p-8t/reference",
    "bugami.solver.solve against the reference solver of the tests, 8 tricks left, paired",
)
def _paired(settings: Settings) -> list[Outcome]:
    name = "solver.bugami-4p-8t/reference"
    label = "solve / reference solve, 4 players, 8 tricks left"
    reference = _reference()
    if reference is None:
        return [Skipped(name, label, "tests/solver_reference.py is not at hand")]
    limit = QUICK_NODES if settings.quick else None
    ratios: list[float] = []
    positions = bugami_positions(8, settings.seed)
    while len(ratios) < settings.repeat:
        state = next(positions)
        seat = state.to_move
        try:
            gc.collect()
            started = time.perf_counter()
            new = solve(state, seat, max_nodes=limit)  # type: ignore[arg-type]
            middle = time.perf_counter()
            old = reference(state, seat, max_nodes=limit)
            ended = time.perf_counter()
        except SearchLimitError:
            continue
        if new != old:
            raise AssertionError(f"the solvers disagree on {state!r}: {new} and {old}")
        if new.nodes == 0:  # answered without a search: no time to compare
            continue
        ratios.append((middle - started) / (ended - middle))
    return [Comparison(name, label, "solver.bugami-4p-8t", "reference", tuple(ratios))]


def _line_of_best_play(state: Deal, limit: int | None) -> list[Deal]:
    """The positions of the line of best play from ``state`` for the seat to
    move (the first best card at every turn), ``state`` first."""
    seat = state.to_move
    line = [state]
    while not state.is_over:
        state = play(state, solve(state, seat, max_nodes=limit).best_moves[0])  # type: ignore[arg-type]
        line.append(state)
    return line


def _compare_lines(
    settings: Settings,
    name: str,
    label: str,
    solve_line: Callable[[list[Deal], Tables | None], tuple[list[object], list[int]]],
) -> list[Outcome]:
    """Lines of best play from 6-trick positions, each solved by
    ``solve_line`` with one :class:`Tables` and fresh (``None``), paired."""
    limit = QUICK_NODES if settings.quick else None
    ratios: list[float] = []
    positions = bugami_positions(6, settings.seed)
    while len(ratios) < settings.repeat:
        try:
            line = _line_of_best_play(next(positions), limit)
        except SearchLimitError:
            continue
        gc.collect()
        started = time.perf_counter()
        fresh = solve_line(line, None)
        middle = time.perf_counter()
        kept = solve_line(line, Tables())
        ended = time.perf_counter()
        if kept[0] != fresh[0]:
            raise AssertionError(f"the solves with Tables disagree on the line from {line[0]!r}")
        if sum(fresh[1]) == 0:  # no search: nothing to compare
            continue
        ratios.append((ended - middle) / (middle - started))
    return [Comparison(name, label, "with Tables", "without", tuple(ratios))]


@register(
    "solver.bugami-4p-line/tables",
    "a line of best play solved card by card with Tables kept, against fresh solves, paired",
)
def _line_with_tables(settings: Settings) -> list[Outcome]:
    def solve_line(line: list[Deal], tables: Tables | None) -> tuple[list[object], list[int]]:
        seat = line[0].to_move
        found = [solve(state, seat, max_nodes=None, tables=tables) for state in line]  # type: ignore[arg-type]
        return list(found), [solution.nodes for solution in found]

    return _compare_lines(
        settings,
        "solver.bugami-4p-line/tables",
        "line of solves with Tables / without, 4 players, from 6 tricks left",
        solve_line,
    )


@register(
    "solver.bugami-4p-line/every-seat",
    "every seat solved after each card of a line, one Tables for all, against fresh, paired",
)
def _every_seat_with_tables(settings: Settings) -> list[Outcome]:
    def solve_line(line: list[Deal], tables: Tables | None) -> tuple[list[object], list[int]]:
        found = [solve_deal(state, max_nodes=None, tables=tables) for state in line]
        return list(found), [sum(each.nodes for each in deal.solutions) for deal in found]

    return _compare_lines(
        settings,
        "solver.bugami-4p-line/every-seat",
        "every seat after each card with one Tables / without, 4 players, from 6 tricks left",
        solve_line,
    )


for _left in (4, 6, 8):
    _bugami_line(_left)
for _players in (3, 4):
    _argute_line(_players)
_reach_line(4, 10, "solver.bugami-4p-10t", "4 players, 10 tricks left")
_reach_line(4, 13, "solver.bugami-4p-13t", "4 players, whole deal after the bids")
_reach_line(3, 17, "solver.bugami-3p-deal", "3 players, whole deal after the bids")
_reach_line(5, 10, "solver.bugami-5p-deal", "5 players, whole deal after the bids")

add_target("solve, 4 players, 6 tricks left, under 1 s", "solver.bugami-4p-6t", "<", 1000, "ms")
