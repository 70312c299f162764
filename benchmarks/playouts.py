"""Random playouts through the public API, in deals per second.

One playout is what a simulation or a Monte Carlo bot does over and over: a
deal shuffled from a seed, every seat bidding uniformly at random among
:func:`bugami.legal_bids`, every card chosen uniformly among
:func:`bugami.legal_moves` with :meth:`random.Random.choice`, then
:func:`bugami.score`. Only public functions are called, as a user's program
would call them.

The 4-player line is measured in alternation with random playouts of
OpenSpiel's Hearts (see :mod:`benchmarks.openspiel_hearts`) when ``pyspiel``
can be imported, and the ratio of the two rates is reported pair by pair.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from benchmarks.openspiel_hearts import Hearts, actions_per_deal, hearts_work, load_hearts
from benchmarks.registry import (
    Comparison,
    Measurement,
    Outcome,
    Settings,
    Skipped,
    add_target,
    register,
)
from benchmarks.timing import Work, calibrate, paired_series, series
from bugami import Rules, bid, deal, legal_bids, legal_moves, play, score

__all__ = ["VARIANTS", "bugami_work"]

UNIT = "deals/s"

VARIANTS: tuple[tuple[str, str, Rules], ...] = (
    ("playouts.3p", "playouts, 3 players", Rules(players=3)),
    ("playouts.5p", "playouts, 5 players", Rules(players=5)),
    ("playouts.7p", "playouts, 7 players", Rules(players=7)),
    (
        "playouts.4p-jokers2-shotgun",
        "playouts, 4 players, 2 jokers, shotgun wedding",
        Rules(players=4, jokers=2, shotgun_wedding=True),
    ),
)
"""The playout lines other than the 4-player one: name, label, rules."""


def bugami_work(rules: Rules, seed: int) -> Work:
    """Play ``size`` random deals under ``rules`` (the same ones each call)."""
    seats = range(rules.players)
    first = seed * 1_000_000

    def work(size: int) -> None:
        choice = random.Random(seed).choice
        for number in range(size):
            state = deal(rules, seed=first + number)
            for seat in seats:
                state = bid(state, seat, choice(legal_bids(state, seat)))
            while not state.is_over:
                state = play(state, choice(legal_moves(state)))
            score(state)

    return work


def _details(rules: Rules, size: int) -> dict[str, object]:
    return {
        "players": rules.players,
        "jokers": rules.jokers,
        "shotgun_wedding": rules.shotgun_wedding,
        "deals_per_sample": size,
    }


def _rates(seconds: Sequence[float], size: int) -> tuple[float, ...]:
    return tuple(size / elapsed for elapsed in seconds)


@register("playouts.4p", "random 4-player deals, paired with OpenSpiel Hearts if available")
def _four_players(settings: Settings) -> list[Outcome]:
    rules = Rules(players=4)
    ours = bugami_work(rules, settings.seed)
    ours_size = calibrate(ours, settings.sample_seconds)
    hearts: Hearts | str = (
        load_hearts() if settings.openspiel else "the OpenSpiel comparison was turned off"
    )
    if isinstance(hearts, str):
        seconds = series(ours, ours_size, settings.repeat)
        return [
            Measurement(
                "playouts.4p",
                "playouts, 4 players",
                UNIT,
                _rates(seconds, ours_size),
                higher_is_better=True,
                details=_details(rules, ours_size),
            ),
            Skipped("playouts.openspiel-hearts", "playouts, OpenSpiel Hearts", hearts),
        ]
    theirs = hearts_work(hearts, settings.seed)
    theirs_size = calibrate(theirs, settings.sample_seconds)
    pairs = paired_series(ours, ours_size, theirs, theirs_size, settings.repeat)
    ours_rates = _rates([a for a, _ in pairs], ours_size)
    theirs_rates = _rates([b for _, b in pairs], theirs_size)
    return [
        Measurement(
            "playouts.4p",
            "playouts, 4 players",
            UNIT,
            ours_rates,
            higher_is_better=True,
            details={**_details(rules, ours_size), "paired_with": "playouts.openspiel-hearts"},
        ),
        Measurement(
            "playouts.openspiel-hearts",
            "playouts, OpenSpiel Hearts (pyspiel)",
            UNIT,
            theirs_rates,
            higher_is_better=True,
            details={
                "game": hearts.description,
                "open_spiel": hearts.version,
                "deals_per_sample": theirs_size,
                "actions_per_deal": actions_per_deal(hearts, settings.seed),
                "paired_with": "playouts.4p",
            },
        ),
        Comparison(
            "playouts.4p/openspiel-hearts",
            "ratio: bugami 4p / OpenSpiel Hearts",
            "playouts.4p",
            "playouts.openspiel-hearts",
            tuple(a / b for a, b in zip(ours_rates, theirs_rates, strict=True)),
        ),
    ]


def _variant(name: str, label: str, rules: Rules) -> None:
    @register(name, f"random deals: {rules!r}")
    def run(settings: Settings) -> list[Outcome]:
        work = bugami_work(rules, settings.seed)
        size = calibrate(work, settings.sample_seconds)
        seconds = series(work, size, settings.repeat)
        return [
            Measurement(
                name,
                label,
                UNIT,
                _rates(seconds, size),
                higher_is_better=True,
                details=_details(rules, size),
            )
        ]


for _name, _label, _rules in VARIANTS:
    _variant(_name, _label, _rules)

add_target(
    "4-player playouts at least 1.5x OpenSpiel Hearts",
    "playouts.4p/openspiel-hearts",
    ">=",
    1.5,
    "x",
)
