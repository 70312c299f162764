"""The memory a state keeps alive, in bytes per state.

A search or an analysis keeps many states at once: a game tree, the history
of a deal, a transposition table. What matters is what each additional state
costs while it is alive, counting the parts it shares with its neighbours
(an unchanged hand, the completed tricks) only once, as Python does.

So this benchmark plays a random 4-player deal from the shuffle to the end
while keeping every state of it alive: the fresh deal, the state after each
bid and after each card. :mod:`tracemalloc` counts the bytes allocated while
they are built and still held at the end; the garbage (legal-move tuples and
other temporaries) has been freed by then and is not counted. That total
divided by the number of states is the figure. The moves are chosen before
tracing starts, and the list that holds the states is allocated before too,
so only the engine's own allocations are counted. Each repetition measures
another deal; the median over deals is reported.
"""

from __future__ import annotations

import gc
import random
import statistics
import tracemalloc

from benchmarks.registry import Measurement, Outcome, Settings, add_target, register
from bugami import Bid, Card, Deal, Rules, bid, deal, legal_bids, legal_moves, play

__all__ = ["bytes_per_state"]

RULES = Rules(players=4)


def _moves(number: int, rng: random.Random) -> tuple[list[tuple[int, Bid]], list[Card]]:
    """A random deal's bids (seat, bid) and cards, in order."""
    state = deal(RULES, seed=number)
    bids = []
    for seat in range(RULES.players):
        choice = rng.choice(legal_bids(state, seat))
        bids.append((seat, choice))
        state = bid(state, seat, choice)
    cards = []
    while not state.is_over:
        card = rng.choice(legal_moves(state))
        cards.append(card)
        state = play(state, card)
    return bids, cards


def _replay(
    number: int, bids: list[tuple[int, Bid]], cards: list[Card], states: list[Deal | None]
) -> None:
    state = deal(RULES, seed=number)
    states[0] = state
    position = 1
    for seat, choice in bids:
        state = bid(state, seat, choice)
        states[position] = state
        position += 1
    for card in cards:
        state = play(state, card)
        states[position] = state
        position += 1


def bytes_per_state(number: int, rng: random.Random) -> tuple[float, int, int]:
    """Bytes retained per state over the history of deal ``number``, the
    number of states, and the peak of traced memory while building them."""
    bids, cards = _moves(number, rng)
    count = 1 + len(bids) + len(cards)
    states: list[Deal | None] = [None] * count
    _replay(number, bids, cards, states)  # warm up any cache the engine fills lazily
    states = [None] * count
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        _replay(number, bids, cards, states)
        gc.collect()
        after, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return (after - before) / count, count, peak - before


@register("memory.4p", "bytes retained per state over the history of a 4-player deal")
def _memory(settings: Settings) -> list[Outcome]:
    rng = random.Random(settings.seed)
    first = settings.seed * 1_000_000 + 900_000
    figures = [bytes_per_state(first + number, rng) for number in range(settings.repeat)]
    return [
        Measurement(
            "memory.4p",
            "memory per state, 4-player deal history",
            "bytes",
            tuple(per_state for per_state, _, _ in figures),
            higher_is_better=False,
            details={
                "states_per_deal": figures[0][1],
                "peak_bytes_median": statistics.median(peak for _, _, peak in figures),
                "method": "tracemalloc: traced bytes still allocated after building "
                "every state of one deal, divided by the number of states",
            },
        )
    ]


add_target("memory per state under 512 bytes", "memory.4p", "<", 512, "bytes")
