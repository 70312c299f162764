"""The cost of one call of each verb, in nanoseconds.

Timing a single call of a function that takes a few hundred nanoseconds says
nothing: the clock's resolution and the timer's own cost are of the same
order. So, as :mod:`timeit` does, each sample runs a loop of many calls and
divides. The calls are not repeated on one state but spread over a pool of
states prepared beforehand from random 4-player deals (every state of their
play phase, from the first card of the first trick to the last card of the
last one), so that the figure is an average over the positions a program
meets in a deal, not the cost of one lucky position.

Each figure includes the cost of the loop around the call. The
``calls.baseline`` line measures that loop around a function that does
nothing, so that it can be told apart.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeAlias

from benchmarks.registry import Measurement, Outcome, Settings, add_target, register
from benchmarks.timing import Work, calibrate, series
from bugami import Bid, Card, Deal, Rules, bid, deal, legal_bids, legal_moves, play, score

__all__ = ["Pool", "pool"]

UNIT = "ns/call"
RULES = Rules(players=4)


@dataclass(frozen=True)
class Pool:
    """States prepared from random 4-player deals.

    ``seeds`` are the deals' seeds; ``bidding`` holds, for every state of the
    bidding phase, a seat that has still to bid and a bid for it; ``playing``
    every state of the play phase with the card played there and the position
    of that card among the legal moves; ``finished`` the finished deals.
    """

    seeds: tuple[int, ...]
    bidding: tuple[tuple[Deal, int, Bid], ...]
    playing: tuple[tuple[Deal, Card, int], ...]
    finished: tuple[Deal, ...]


@functools.lru_cache(maxsize=4)
def pool(deals: int, seed: int) -> Pool:
    """The pool of states from ``deals`` random deals (built once per run)."""
    rng = random.Random(seed)
    seeds = tuple(seed * 1_000_000 + 500_000 + number for number in range(deals))
    bidding: list[tuple[Deal, int, Bid]] = []
    playing: list[tuple[Deal, Card, int]] = []
    finished: list[Deal] = []
    for number in seeds:
        state = deal(RULES, seed=number)
        for seat in range(RULES.players):
            choice = rng.choice(legal_bids(state, seat))
            bidding.append((state, seat, choice))
            state = bid(state, seat, choice)
        while not state.is_over:
            moves = legal_moves(state)
            position = rng.randrange(len(moves))
            playing.append((state, moves[position], position))
            state = play(state, moves[position])
        finished.append(state)
    return Pool(seeds, tuple(bidding), tuple(playing), tuple(finished))


def _measure(
    settings: Settings, name: str, label: str, calls: int, work: Work, what: str
) -> list[Outcome]:
    size = calibrate(work, settings.call_seconds)
    seconds = series(work, size, settings.repeat)
    return [
        Measurement(
            name,
            label,
            UNIT,
            tuple(elapsed / (size * calls) * 1e9 for elapsed in seconds),
            higher_is_better=False,
            details={
                "states": what,
                "calls_per_pass": calls,
                "passes_per_sample": size,
                "pool_deals": settings.pool_deals,
            },
        )
    ]


Prepare: TypeAlias = Callable[[Pool], tuple[int, Work, str]]
"""Given the pool, the number of calls one pass makes, the work doing
``size`` passes, and a description of the states it calls the verb on."""


def _per_call(name: str, label: str, summary: str) -> Callable[[Prepare], Prepare]:
    """A decorator registering the per-call benchmark ``name``, whose
    work the decorated function prepares."""

    def decorate(prepare: Prepare) -> Prepare:
        @register(name, summary)
        def run(settings: Settings) -> list[Outcome]:
            calls, work, what = prepare(pool(settings.pool_deals, settings.seed))
            return _measure(settings, name, label, calls, work, what)

        return prepare

    return decorate


@_per_call("calls.deal", "call: deal (seeded, 4 players)", "deal(rules, seed=n)")
def _deal(states: Pool) -> tuple[int, Work, str]:
    seeds = states.seeds

    def work(size: int) -> None:
        for _ in range(size):
            for number in seeds:
                deal(RULES, seed=number)

    return len(seeds), work, "int seeds"


@_per_call("calls.bid", "call: bid", "bid(state, seat, suit) during bidding")
def _bid(states: Pool) -> tuple[int, Work, str]:
    items = states.bidding

    def work(size: int) -> None:
        for _ in range(size):
            for state, seat, choice in items:
                bid(state, seat, choice)

    return len(items), work, "every state of the bidding phase"


@_per_call("calls.legal_moves", "call: legal_moves", "legal_moves(state) in the play phase")
def _legal_moves(states: Pool) -> tuple[int, Work, str]:
    items = tuple(state for state, _, _ in states.playing)

    def work(size: int) -> None:
        for _ in range(size):
            for state in items:
                legal_moves(state)

    return len(items), work, "every state of the play phase"


@_per_call("calls.play", "call: play (a legal card)", "play(state, card) with a legal card")
def _play(states: Pool) -> tuple[int, Work, str]:
    items = tuple((state, card) for state, card, _ in states.playing)

    def work(size: int) -> None:
        for _ in range(size):
            for state, card in items:
                play(state, card)

    return len(items), work, "every state of the play phase"


@_per_call(
    "calls.legal_moves+play",
    "call: legal_moves + play, per card",
    "play(state, legal_moves(state)[k]): the cost of choosing and playing one card",
)
def _legal_moves_and_play(states: Pool) -> tuple[int, Work, str]:
    items = tuple((state, position) for state, _, position in states.playing)

    def work(size: int) -> None:
        for _ in range(size):
            for state, position in items:
                play(state, legal_moves(state)[position])

    return len(items), work, "every state of the play phase"


@_per_call("calls.score", "call: score (finished deal)", "score(state) of a finished deal")
def _score(states: Pool) -> tuple[int, Work, str]:
    items = states.finished

    def work(size: int) -> None:
        for _ in range(size):
            for state in items:
                score(state)

    return len(items), work, "finished deals"


def _nothing(state: Deal) -> None:
    """The baseline's callee: a Python function that returns at once."""


@_per_call(
    "calls.baseline",
    "call: baseline (a function doing nothing)",
    "the loop of the per-call lines around a function that does nothing",
)
def _baseline(states: Pool) -> tuple[int, Work, str]:
    items = tuple(state for state, _, _ in states.playing)

    def work(size: int) -> None:
        for _ in range(size):
            for state in items:
                _nothing(state)

    return len(items), work, "every state of the play phase"


add_target(
    "legal_moves + play under 2 us per card",
    "calls.legal_moves+play",
    "<",
    2000,
    "ns",
)
