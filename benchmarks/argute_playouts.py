"""Random playouts of Argute through its public API, in deals per second.

The same loop as :mod:`benchmarks.playouts`, over :mod:`bugami.argute`'s
verbs: a hand dealt from a seed, every seat bidding uniformly at random among
:func:`bugami.argute.legal_bids`, every card chosen uniformly among
:func:`bugami.argute.legal_moves`, then :func:`bugami.argute.score`. An
Argute hand is short (three tricks), so these lines mostly measure the fixed
cost of a deal: dealing, bidding and scoring.
"""

from __future__ import annotations

import random

from benchmarks.registry import Measurement, Outcome, Settings, register
from benchmarks.timing import Work, calibrate, series
from bugami import argute

__all__ = ["PLAYERS", "argute_work"]

UNIT = "deals/s"
PLAYERS: tuple[int, ...] = (2, 4, 7)
"""The table sizes measured."""


def argute_work(rules: argute.Rules, seed: int) -> Work:
    """Play ``size`` random Argute deals under ``rules`` (the same ones each call)."""
    seats = range(rules.players)
    first = seed * 1_000_000 + 700_000

    def work(size: int) -> None:
        choice = random.Random(seed).choice
        for number in range(size):
            state = argute.deal(rules, seed=first + number)
            for seat in seats:
                state = argute.bid(state, seat, choice(argute.legal_bids(state, seat)))
            while not state.is_over:
                state = argute.play(state, choice(argute.legal_moves(state)))
            argute.score(state)

    return work


def _variant(players: int) -> None:
    name = f"argute.{players}p"

    @register(name, f"random Argute deals, {players} players")
    def run(settings: Settings) -> list[Outcome]:
        rules = argute.Rules(players=players)
        work = argute_work(rules, settings.seed)
        size = calibrate(work, settings.sample_seconds)
        seconds = series(work, size, settings.repeat)
        return [
            Measurement(
                name,
                f"Argute playouts, {players} players",
                UNIT,
                tuple(size / elapsed for elapsed in seconds),
                higher_is_better=True,
                details={"players": players, "deals_per_sample": size},
            )
        ]


for _players in PLAYERS:
    _variant(_players)
