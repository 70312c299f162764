"""Fit the bid models of Argute's calibrated bot (three players).

:class:`bugami.bots.ArguteSolverBot` values each bid (0 to 3) by its mean
score on imagined hands finished by the heuristic player's rules
(:meth:`~bugami.bots.ArguteSolverBot.bid_estimates`). Among solver bots
those values say little: the hand's strength predicts the points a bid makes
better than the estimates do. This script fits, for each bid, a linear model
of the points it makes over :data:`bugami.bots.calibrated.ARGUTE_FEATURES`
(the four estimates and a few features of the hand), which
:class:`bugami.bots.calibrated.ArguteCalibratedBot` reads from
:data:`~bugami.bots.calibrated.ARGUTE_CALIBRATION`.

Two steps:

``collect``
    Three solver bots (``--samples`` imagined hands a card, four times as
    many for the bid) bid and play ``--hands`` hands, hand ``k`` dealt from
    ``f"{seed}/{k}"`` and seat ``s``'s bot seeded from ``f"{seed}/{k}/{s}"``.
    At each hand one seat (seat ``k % 3``) explores: it bids its best bid
    with probability 0.4, its second best with 0.4, and either of the other
    two with 0.1 each (drawn from ``f"explore/{seed}/{k}"``); the others bid
    their best. Each seat's hand, estimates, bid and points are appended to
    ``--out`` as a line of JSON as hands finish.
``fit``
    Reads such files and fits each bid's model by ridge regression (penalty
    1 on every coefficient) over the rows where that bid was made, and prints
    the models as the Python table of ``ARGUTE_CALIBRATION``.

Run it as ``python examples/fit_argute_bids.py collect --hands 680 --seed
argcal --out argcal.jsonl`` then ``python examples/fit_argute_bids.py fit
argcal.jsonl``. ``--quick`` collects two hands with two samples and fits
them, for a smoke test.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from bugami import argute
from bugami.argute.view import DealView
from bugami.bots import ArguteSolverBot, play_out
from bugami.bots.calibrated import ARGUTE_FEATURES, argute_features

Row = dict[str, Any]


class Forced:
    """A solver bot made to bid a given bid, playing its cards as usual."""

    def __init__(self, inner: ArguteSolverBot, choice: int) -> None:
        self.inner = inner
        self.choice = choice

    @property
    def name(self) -> str:
        return self.inner.name

    def reset(self, seed: object = None) -> None:
        """Nothing: the inner bot was seeded when made."""

    def choose_bid(self, seen: DealView) -> int:
        return self.choice

    def choose_card(self, seen: DealView) -> int:
        return self.inner.choose_card(seen)


def collect_hand(job: tuple[str, int, int]) -> list[Row]:
    """Hand ``number`` of ``seed``: one row per seat."""
    seed, number, samples = job
    state = argute.deal(argute.Rules(players=3), seed=f"{seed}/{number}")
    rng = random.Random(f"explore/{seed}/{number}")
    bots: list[Forced] = []
    rows: list[Row] = []
    for seat in range(3):
        bot = ArguteSolverBot(seed=f"{seed}/{number}/{seat}", samples=samples)
        seen = argute.view(state, seat)
        estimates = bot.bid_estimates(seen)
        order = sorted(range(4), key=lambda choice: (-estimates[choice], choice))
        draw = rng.random()
        if seat != number % 3:
            choice, odds = order[0], 1.0
        elif draw < 0.4:
            choice, odds = order[0], 0.4
        elif draw < 0.8:
            choice, odds = order[1], 0.4
        else:
            choice, odds = rng.choice(order[2:]), 0.1
        bots.append(Forced(bot, choice))
        rows.append(
            {"hand": list(seen.hand), "seat": seat, "dealer": state.dealer,
             "estimates": list(estimates), "best": order[0], "bid": choice, "odds": odds}
        )  # fmt: skip
    done = play_out(state, bots)  # type: ignore[arg-type]
    points = argute.score(done)
    for row in rows:
        row["points"] = points[row["seat"]]
    return rows


def collect(arguments: argparse.Namespace) -> int:
    jobs = [(arguments.seed, number, arguments.samples) for number in range(arguments.hands)]
    with ProcessPoolExecutor(arguments.workers) as executor, open(arguments.out, "a") as out:
        for rows in executor.map(collect_hand, jobs, chunksize=4):
            for row in rows:
                out.write(json.dumps(row) + "\n")
            out.flush()
    return 0


def fit_models(rows: Sequence[Row]) -> list[tuple[float, ...]]:
    """Each bid's coefficients of ``ARGUTE_FEATURES``, by ridge regression."""
    models = []
    for choice in range(4):
        made = [row for row in rows if row["bid"] == choice]
        inputs = np.array(
            [argute_features(row["hand"], row["estimates"], row["seat"], row["dealer"], 3)
             for row in made], dtype=float,
        ).reshape(-1, len(ARGUTE_FEATURES))  # fmt: skip
        points = np.array([row["points"] for row in made], dtype=float)
        penalty = np.eye(len(ARGUTE_FEATURES))
        weights = np.linalg.solve(inputs.T @ inputs + penalty, inputs.T @ points)
        models.append(tuple(round(float(weight), 4) for weight in weights))
    return models


def fit(arguments: argparse.Namespace) -> int:
    rows = []
    for path in arguments.files:
        with open(path) as lines:
            rows += [json.loads(line) for line in lines]
    models = fit_models(rows)
    counts = [sum(row["bid"] == choice for row in rows) for choice in range(4)]
    print(f"{len(rows)} rows; bids 0 to 3 made {counts} times")
    print("3: (")
    for model in models:
        print(f"    {model},")
    print("),")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke test")
    steps = parser.add_subparsers(dest="step")
    gather = steps.add_parser("collect")
    gather.add_argument("--hands", type=int, default=680)
    gather.add_argument("--seed", default="argcal")
    gather.add_argument("--samples", type=int, default=32)
    gather.add_argument("--workers", type=int, default=2)
    gather.add_argument("--out", required=True)
    fitting = steps.add_parser("fit")
    fitting.add_argument("files", nargs="+")
    arguments = parser.parse_args(argv)
    if arguments.quick:
        with tempfile.TemporaryDirectory() as folder:
            out = str(Path(folder) / "quick.jsonl")
            with open(out, "w") as handle:
                for number in range(2):
                    for row in collect_hand(("quick", number, 2)):
                        handle.write(json.dumps(row) + "\n")
            return fit(argparse.Namespace(files=[out]))
    if arguments.step == "collect":
        return collect(arguments)
    if arguments.step == "fit":
        return fit(arguments)
    parser.print_help()
    return 2


if __name__ == "__main__":
    sys.exit(main())
