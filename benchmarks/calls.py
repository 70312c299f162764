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
from bugami import (
    Bid,
    Card,
    Deal,
    Rules,
    bid,
    deal,
    legal_bids,
    legal_moves,
    play,
    sample_deal,
    score,
    view,
)

__all__ = ["Pool", "measure", "pool"]

UNIT = "ns/call"
RULES = Rules(players=4)


@dataclass(frozen=True)
class Pool:
    """States prepared from random 4-player deals.

    ``seeds`` are the deals' seeds; ``bidding`` holds, for every state of the
    bidding phase, a seat that has still to bid and a bid for it; ``playing``
    every state of the play phase with the card played there and the position
    of that card among the legal moves; ``finished`` the finished deals, and
    ``histories`` the moves of each of them: its seed, its bids as (seat,
    bid) in order, and its cards in order.
    """

    seeds: tuple[int, ...]
    bidding: tuple[tuple[Deal, int, Bid], ...]
    playing: tuple[tuple[Deal, Card, int], ...]
    finished: tuple[Deal, ...]
    histories: tuple[tuple[int, tuple[tuple[int, Bid], ...], tuple[Card, ...]], ...]


@functools.lru_cache(maxsize=4)
def pool(deals: int, seed: int) -> Pool:
    """The pool of states from ``deals`` random deals (built once per run)."""
    rng = random.Random(seed)
    seeds = tuple(seed * 1_000_000 + 500_000 + number for number in range(deals))
    bidding: list[tuple[Deal, int, Bid]] = []
    playing: list[tuple[Deal, Card, int]] = []
    finished: list[Deal] = []
    histories = []
    for number in seeds:
        state = deal(RULES, seed=number)
        bids = []
        for seat in range(RULES.players):
            choice = rng.choice(legal_bids(state, seat))
            bidding.append((state, seat, choice))
            bids.append((seat, choice))
            state = bid(state, seat, choice)
        cards = []
        while not state.is_over:
            moves = legal_moves(state)
            position = rng.randrange(len(moves))
            playing.append((state, moves[position], position))
            cards.append(moves[position])
            state = play(state, moves[position])
        finished.append(state)
        histories.append((number, tuple(bids), tuple(cards)))
    return Pool(seeds, tuple(bidding), tuple(playing), tuple(finished), tuple(histories))


SCALES = {"ns/call": 1e9, "µs/call": 1e6}
"""The units a per-call line may be given in, and seconds' factor to them."""


def measure(
    settings: Settings,
    name: str,
    label: str,
    calls: int,
    work: Work,
    what: str,
    unit: str = UNIT,
) -> list[Outcome]:
    """A per-call line: ``work(size)`` makes ``size`` passes of ``calls``
    calls each; the figure is the time of one call, in ``unit`` (a key of
    :data:`SCALES`)."""
    size = calibrate(work, settings.call_seconds)
    seconds = series(work, size, settings.repeat)
    scale = SCALES[unit]
    return [
        Measurement(
            name,
            label,
            unit,
            tuple(elapsed / (size * calls) * scale for elapsed in seconds),
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


def _per_call(
    name: str, label: str, summary: str, unit: str = UNIT
) -> Callable[[Prepare], Prepare]:
    """A decorator registering the per-call benchmark ``name``, whose
    work the decorated function prepares."""

    def decorate(prepare: Prepare) -> Prepare:
        @register(name, summary)
        def run(settings: Settings) -> list[Outcome]:
            calls, work, what = prepare(pool(settings.pool_deals, settings.seed))
            return measure(settings, name, label, calls, work, what, unit)

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


def _mover(state: Deal) -> int:
    """The seat to move in a state of the play phase."""
    seat = state.to_move
    if seat is None:
        raise ValueError("a state of the play phase has a seat to move")
    return seat


@_per_call(
    "calls.view",
    "call: view (seat to move, mid-deal)",
    "view(state, seat) for the seat to move, in the play phase",
)
def _view(states: Pool) -> tuple[int, Work, str]:
    items = tuple((state, _mover(state)) for state, _, _ in states.playing)

    def work(size: int) -> None:
        for _ in range(size):
            for state, seat in items:
                view(state, seat)

    return len(items), work, "every state of the play phase, seen by the seat to move"


DRAWS = 16
"""How many deals the mid-deal sampling line draws from each view, as a
search bot draws many for one decision."""


@_per_call(
    "calls.sample_deal",
    f"call: sample_deal (4 players, mid-deal, {DRAWS} per view)",
    f"sample_deal(view, rng), {DRAWS} draws from each view at the first card of trick 7",
    unit="µs/call",
)
def _sample_deal(states: Pool) -> tuple[int, Work, str]:
    items = tuple(
        view(state, _mover(state))
        for state, _, _ in states.playing
        if len(state.tricks) == 6 and not state.current_trick
    )

    def work(size: int) -> None:
        rng = random.Random(size)
        for _ in range(size):
            for seen in items:
                for _ in range(DRAWS):
                    sample_deal(seen, rng)

    what = (
        f"the view of the seat to move at the first card of trick 7 of each deal, {DRAWS} draws "
        "from each in a row"
    )
    return len(items) * DRAWS, work, what


@_per_call(
    "calls.sample_deal-each",
    "call: sample_deal (one per position)",
    "sample_deal(view, rng) once from the view of the seat to move at every play-phase state",
    unit="µs/call",
)
def _sample_deal_each(states: Pool) -> tuple[int, Work, str]:
    items = tuple(view(state, _mover(state)) for state, _, _ in states.playing)

    def work(size: int) -> None:
        rng = random.Random(size)
        for _ in range(size):
            for seen in items:
                sample_deal(seen, rng)

    return len(items), work, "the view of the seat to move at every state of the play phase"


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
add_target("sample_deal under 100 us (4 players, mid-deal)", "calls.sample_deal", "<", 100, "µs")
