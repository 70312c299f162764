"""What analyses spend their time on: heuristic playouts and constrained deals.

``analysis.heuristic-4p`` plays 4-player deals with a
:class:`~bugami.bots.HeuristicBot` at every seat, each bid and each card
chosen from a fresh :func:`bugami.view` of the seat to act, through the public
verbs -- what :func:`bugami.analysis.simulate.simulate` and
:func:`bugami.evaluate_bids` do over and over. It is sampled in alternation
with the random playouts of :mod:`benchmarks.playouts` (the same seeds), and
the ratio of the two rates is reported pair by pair.

``analysis.deal-where`` draws deals with :func:`bugami.deal_where`, one seat's
five cards fixed (given as text, as a user would), in alternation with plain
:func:`bugami.deal` from the same seeds; the ratio of the times per deal is
reported. ``analysis.deals-where`` does the same through the iterator
:func:`bugami.deals_where`, which reads the constraint once.
"""

from __future__ import annotations

import itertools

from benchmarks.playouts import bugami_work
from benchmarks.registry import (
    Comparison,
    Measurement,
    Outcome,
    Settings,
    add_target,
    register,
)
from benchmarks.timing import Work, calibrate, paired_series
from bugami import Rules, bid, deal, deal_where, deals_where, play, score, view
from bugami.bots import HeuristicBot

__all__ = ["heuristic_work", "where_work"]

RULES = Rules(players=4)
FIXED = {0: "AS KH QD JC 2S"}
"""The constraint of the constrained-dealing lines: five cards of seat 0."""


def heuristic_work(rules: Rules, seed: int) -> Work:
    """Play ``size`` deals with a heuristic bot at every seat (the same deals
    as :func:`benchmarks.playouts.bugami_work` with that seed)."""
    seats = range(rules.players)
    first = seed * 1_000_000
    bots = [HeuristicBot() for _ in seats]

    def work(size: int) -> None:
        for number in range(size):
            state = deal(rules, seed=first + number)
            for seat in seats:
                state = bid(state, seat, bots[seat].choose_bid(view(state, seat)))
            while not state.is_over:
                seat = state.to_move  # type: ignore[assignment]
                state = play(state, bots[seat].choose_card(view(state, seat)))
            score(state)

    return work


def plain_work(rules: Rules, seed: int) -> Work:
    """``size`` plain deals from seeds."""
    first = seed * 1_000_000

    def work(size: int) -> None:
        for number in range(first, first + size):
            deal(rules, seed=number)

    return work


def where_work(rules: Rules, seed: int) -> Work:
    """``size`` calls of :func:`bugami.deal_where` with :data:`FIXED`."""
    first = seed * 1_000_000

    def work(size: int) -> None:
        for number in range(first, first + size):
            deal_where(rules, seed=number, fixed=FIXED)

    return work


def iterator_work(rules: Rules, seed: int) -> Work:
    """``size`` deals from one :func:`bugami.deals_where` iterator with :data:`FIXED`."""

    def work(size: int) -> None:
        for _ in itertools.islice(deals_where(rules, seed=seed, fixed=FIXED), size):
            pass

    return work


@register(
    "analysis.heuristic-4p",
    "HeuristicBot x4 playouts from fresh views, paired with random playouts",
)
def _heuristic(settings: Settings) -> list[Outcome]:
    ours = heuristic_work(RULES, settings.seed)
    base = bugami_work(RULES, settings.seed)
    ours_size = calibrate(ours, settings.sample_seconds)
    base_size = calibrate(base, settings.sample_seconds)
    pairs = paired_series(ours, ours_size, base, base_size, settings.repeat)
    ours_rates = tuple(ours_size / a for a, _ in pairs)
    base_rates = tuple(base_size / b for _, b in pairs)
    return [
        Measurement(
            "analysis.heuristic-4p",
            "playouts, HeuristicBot x4, fresh views",
            "deals/s",
            ours_rates,
            higher_is_better=True,
            details={"deals_per_sample": ours_size, "paired_with": "analysis.random-4p"},
        ),
        Measurement(
            "analysis.random-4p",
            "playouts, random (as playouts.4p), paired",
            "deals/s",
            base_rates,
            higher_is_better=True,
            details={"deals_per_sample": base_size, "paired_with": "analysis.heuristic-4p"},
        ),
        Comparison(
            "analysis.heuristic/random",
            "ratio: heuristic / random playouts",
            "analysis.heuristic-4p",
            "analysis.random-4p",
            tuple(a / b for a, b in zip(ours_rates, base_rates, strict=True)),
        ),
    ]


@register("analysis.deal-where", "deal_where with 5 fixed cards, paired with plain deal")
def _where(settings: Settings) -> list[Outcome]:
    outcomes: list[Outcome] = []
    plain = plain_work(RULES, settings.seed)
    plain_size = calibrate(plain, settings.call_seconds)
    for name, label, work in (
        ("analysis.deal-where", "deal_where, 5 fixed cards", where_work(RULES, settings.seed)),
        ("analysis.deals-where", "deals_where, 5 fixed cards", iterator_work(RULES, settings.seed)),
    ):
        size = calibrate(work, settings.call_seconds)
        pairs = paired_series(work, size, plain, plain_size, settings.repeat)
        ours = tuple(a / size * 1e6 for a, _ in pairs)
        base = tuple(b / plain_size * 1e6 for _, b in pairs)
        outcomes += [
            Measurement(name, label, "µs/deal", ours, higher_is_better=False),
            Comparison(
                f"{name}/deal",
                f"ratio: {label.split(',')[0]} / deal",
                name,
                "analysis.deal",
                tuple(a / b for a, b in zip(ours, base, strict=True)),
            ),
        ]
    return outcomes


add_target(
    "heuristic playouts at least half the rate of random playouts",
    "analysis.heuristic/random",
    ">=",
    0.5,
    "x",
)
add_target(
    "deal_where with fixed cards at most 1.2x a plain deal",
    "analysis.deal-where/deal",
    "<=",
    1.2,
    "x",
)
