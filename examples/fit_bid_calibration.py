"""Fit the calibrated bot's correction of the solver bot's bid values.

:class:`bugami.bots.SolverBot` values each of its bids by rollouts on
imagined deals (:meth:`~bugami.bots.SolverBot.bid_estimates`). This script
measures how those values compare with the points the bids then make when
solver bots play the deal, and fits a correction, one linear model per kind
of bid and number of players (least squares; numpy is used here only), that
:class:`bugami.bots.calibrated.CalibratedBot` reads from the package's
``bid_calibration.json``.

Two steps:

``collect``
    Solver bots (``--samples`` imagined deals a decision) bid and play
    ``--deals`` deals of ``--players``-player Bugami, deal ``k`` shuffled from
    ``f"{seed}/{k}"`` and seat ``s``'s bot seeded from ``f"{seed}/{k}/{s}"``.
    For every hand a line of JSON is appended to ``--out``: the hand, every
    bid's estimate, the bid the bot would make, the bid made and the points
    it made. ``--bots calib`` seats calibrated bots instead, bidding by the
    package's models (their bids over the table's bid factor times
    ``--samples``), so that the hands are played at the tables the
    calibrated bot meets; the raw estimates are recorded as before. With probability ``--explore`` a seat bids the best bid of the
    other kind instead (the best suit for a misère hand, misère for a suit
    hand), so that the fit also sees what the bid not chosen makes; the
    probabilities are kept, for the off-policy check below. ``--bid-samples``
    weighs the bids over more imagined deals than the cards. Lines are written
    as deals finish, so a run cut short keeps what it did; ``--first``
    numbers the deals from K to extend it.
``fit``
    Reads such files and fits, per number of players, a suit model over
    ``SUIT`` and a misère model over ``MISERE_FEATURES`` (the names of
    ``bugami.bots.calibrated.FEATURES``). It prints the bias of the raw
    estimates and of the corrected ones on the bids the bots would make, and
    an off-policy estimate, by inverse propensity weights on the explored
    hands, of the points a hand makes when bid by the corrected values versus
    the raw ones, the models fitted on half the deals and judged on the
    other half (two folds). ``--write FILE`` saves the models as JSON
    (``--merge`` keeps the file's tables for the numbers of players not fitted;
    ``--bid-factor K`` notes in the tables fitted that the hands' bids were
    weighed over K times as many imagined deals as their cards, collected with
    ``--bid-samples``, so that the calibrated bot bids likewise).

Run it as ``python examples/fit_bid_calibration.py collect --players 4 --deals
600 --seed calib4 --out calib4.jsonl`` then ``python
examples/fit_bid_calibration.py fit calib4.jsonl calib5.jsonl --write
src/bugami/bots/bid_calibration.json``. ``--quick`` collects two deals with
two samples and fits them, for a smoke test.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

import bugami
from bugami.bots import SolverBot, play_out
from bugami.bots.calibrated import BidCalibration, CalibratedBot, calibration_features
from bugami.core.cards import MISERE, Bid, parse_bid

SUIT = ("one", "estimate", "length", "suit_points", "points")
MISERE_FEATURES = ("one", "estimate", "points", "high", "low", "shortest")
RIDGE = 1e-3  # keeps the solve well posed; not applied to the constant

Row = dict[str, Any]


def _best(values: Sequence[tuple[Bid, float]]) -> Bid:
    """The first bid with the highest value (the bots' rule for ties)."""
    top = max(value for _, value in values)
    return next(option for option, value in values if value == top)


def _bid_values(
    bot: SolverBot, seen: bugami.DealView
) -> tuple[tuple[tuple[Bid, float], ...], list[tuple[Bid, float]], int]:
    """The raw estimates a bot's bid reads, the values it compares (the
    calibrated bot's corrected ones) and the imagined deals they were over."""
    if not isinstance(bot, CalibratedBot):
        estimates = bot.bid_estimates(seen)
        return estimates, list(estimates), bot.bid_samples
    estimates = bot.calibrated_estimates(seen)
    rules = seen.rules
    if not bot.calibration.covers(rules):
        return estimates, list(estimates), bot.bid_samples_for(rules)
    hand = sum(1 << card.index for card in seen.hand)
    values = [
        (option, bot.calibration.correct(rules.players, hand, option, mean))
        for option, mean in estimates
    ]
    return estimates, values, bot.bid_samples_for(rules)


def collect_deal(job: tuple[int, str, int, int, int | None, float, str]) -> list[Row]:
    """Bid and play one deal among solver bots (or calibrated bots, ``kind``
    ``"calib"``: they bid by their corrected values); one row per hand."""
    players, seed, number, samples, bid_samples, explore, kind = job
    deal_seed = f"{seed}/{number}"
    state = bugami.deal(bugami.Rules(players=players), seed=deal_seed)
    make = CalibratedBot if kind == "calib" else SolverBot
    bots = [
        make(seed=f"{deal_seed}/{seat}", samples=samples, bid_samples=bid_samples)
        for seat in range(players)
    ]
    chance = random.Random(f"{deal_seed}/explore")
    rows: list[Row] = []
    for seat in range(players):
        estimates, values, weighed = _bid_values(bots[seat], bugami.view(state, seat))
        greedy = _best(values)
        explored = chance.random() < explore
        if explored:
            other = [(o, v) for o, v in values if (o is MISERE) != (greedy is MISERE)]
            made = _best(other)
        else:
            made = greedy
        hand = sum(1 << card.index for card in state.hands[seat])
        rows.append(
            {
                "players": players,
                "deal": number,
                "seat": seat,
                "hand": hand,
                "estimates": {str(o): v for o, v in estimates},
                "greedy": str(greedy),
                "bid": str(made),
                "explore": explore,
                "bid_samples": weighed,
                "bots": kind,
            }
        )
    for seat, row in enumerate(rows):
        state = bugami.bid(state, seat, row["bid"])
    done = play_out(state, bots)
    for row, points in zip(rows, bugami.score(done), strict=True):
        row["points"] = points
        row["misere_bidders"] = sum(other["bid"] == "M" for other in rows)
    return rows


def collect(arguments: argparse.Namespace) -> int:
    jobs = [
        (
            arguments.players,
            arguments.seed,
            number,
            arguments.samples,
            arguments.bid_samples,
            arguments.explore,
            arguments.bots,
        )
        for number in range(arguments.first, arguments.first + arguments.deals)
    ]
    results: Iterator[list[Row]]
    executor = None if arguments.workers == 0 else ProcessPoolExecutor(arguments.workers)
    try:
        results = map(collect_deal, jobs) if executor is None else executor.map(collect_deal, jobs)
        with open(arguments.out, "a", encoding="utf-8") as out:
            for rows in results:
                for row in rows:
                    out.write(json.dumps(row) + "\n")
                out.flush()
    finally:
        if executor is not None:
            executor.shutdown()
    return 0


def read_rows(paths: Iterable[str]) -> list[Row]:
    rows = []
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            rows += [json.loads(line) for line in lines if line.strip()]
    return rows


def _row(row: Row, option: str, names: Sequence[str]) -> list[float]:
    values = calibration_features(row["hand"], parse_bid(option), row["estimates"][option])
    return [values[name] for name in names]


def fit_kind(rows: Sequence[Row], misere: bool) -> dict[str, float]:
    """Least squares of the points made on the features of the bid made,
    over the rows whose bid is of that kind."""
    names = MISERE_FEATURES if misere else SUIT
    chosen = [row for row in rows if (row["bid"] == "M") == misere]
    if len(chosen) <= 2 * len(names):  # too few to fit: the estimate as it is
        return {"estimate": 1.0}
    x = np.array([_row(row, row["bid"], names) for row in chosen], dtype=float)
    y = np.array([row["points"] for row in chosen], dtype=float)
    penalty = RIDGE * len(chosen) * np.eye(len(names))
    penalty[0, 0] = 0.0
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    scaled = x / scale
    theta = np.linalg.solve(scaled.T @ scaled + penalty, scaled.T @ y) / scale
    return {name: round(float(value), 4) for name, value in zip(names, theta, strict=True)}


def fit_table(rows: Sequence[Row], bid_factor: int = 1) -> dict[str, Any]:
    table: dict[str, Any] = {
        "suit": {"coefficients": fit_kind(rows, misere=False)},
        "misere": {"coefficients": fit_kind(rows, misere=True)},
        "hands": len(rows),
    }
    if bid_factor != 1:
        table["bid_factor"] = bid_factor
    return table


def corrected_bid(calibration: BidCalibration, row: Row) -> str:
    values = [
        (parse_bid(option), calibration.correct(row["players"], row["hand"], parse_bid(option), v))
        for option, v in row["estimates"].items()
    ]
    return str(_best(values))


def off_policy(rows: Sequence[Row], policy: Sequence[str]) -> tuple[float, float]:
    """The self-normalised inverse-propensity estimate of the mean points a
    hand makes when bid by ``policy`` (one bid per row), and its standard
    error (by the delta method)."""
    weights = []
    for row, bid in zip(rows, policy, strict=True):
        chance = 1 - row["explore"] if row["bid"] == row["greedy"] else row["explore"]
        weights.append(1.0 / chance if bid == row["bid"] and chance > 0 else 0.0)
    w = np.array(weights)
    y = np.array([row["points"] for row in rows], dtype=float)
    if w.sum() == 0:
        return math.nan, math.nan
    mean = float((w * y).sum() / w.sum())
    error = float(np.sqrt(((w * (y - mean)) ** 2).sum()) / w.sum())
    return mean, error


def report(players: int, rows: Sequence[Row], table: dict[str, Any]) -> None:
    calibration = BidCalibration.from_dict({"tables": {str(players): table}})
    print(f"{players} players: {len(rows)} hands, {len({r['deal'] for r in rows})} deals")
    for misere, label in ((False, "suit"), (True, "misère")):
        kind = [r for r in rows if (r["bid"] == "M") == misere and r["bid"] == r["greedy"]]
        if not kind:
            continue
        raw = sum(r["estimates"][r["bid"]] for r in kind) / len(kind)
        made = sum(r["points"] for r in kind) / len(kind)
        fixed = sum(
            calibration.correct(players, r["hand"], parse_bid(r["bid"]), r["estimates"][r["bid"]])
            for r in kind
        ) / len(kind)
        print(
            f"  {label} bid as the bot would ({len(kind)} hands): estimate {raw:.1f}, "
            f"corrected {fixed:.1f}, made {made:.1f}"
        )
    explored = sum(r["bid"] != r["greedy"] for r in rows)
    print(f"  explored hands: {explored}")
    for label, model in (("suit", table["suit"]), ("misère", table["misere"])):
        terms = ", ".join(f"{k}={v:+.3f}" for k, v in model["coefficients"].items())
        print(f"  {label} model: {terms}")
    # two folds by deal number: fit on one, judge the bids on the other
    raw_bids, new_bids, held = [], [], []
    for fold in (0, 1):
        train = [r for r in rows if r["deal"] % 2 != fold]
        test = [r for r in rows if r["deal"] % 2 == fold]
        if not train or not test:
            continue
        model = BidCalibration.from_dict({"tables": {str(players): fit_table(train)}})
        held += test
        raw_bids += [r["greedy"] for r in test]
        new_bids += [corrected_bid(model, r) for r in test]
    if held:
        changed = sum(a != b for a, b in zip(raw_bids, new_bids, strict=True))
        to_misere = sum(a != "M" and b == "M" for a, b in zip(raw_bids, new_bids, strict=True))
        old, old_error = off_policy(held, raw_bids)
        new, new_error = off_policy(held, new_bids)
        print(
            f"  held-out bids changed by the correction: {changed} of {len(held)} "
            f"({to_misere} to misère, {changed - to_misere} away from it or to another suit)"
        )
        print(
            f"  off-policy points a hand: raw bids {old:.2f} (+-{old_error:.2f}), "
            f"corrected {new:.2f} (+-{new_error:.2f})"
        )


def fit(arguments: argparse.Namespace) -> int:
    rows = read_rows(arguments.files)
    holders = {path: {row["players"] for row in read_rows([path])} for path in arguments.files}
    tables = {}
    for players in sorted({row["players"] for row in rows}):
        mine = [row for row in rows if row["players"] == players]
        tables[str(players)] = fit_table(mine, arguments.bid_factor)
        tables[str(players)]["sources"] = [
            Path(path).name for path, held in holders.items() if players in held
        ]
        report(players, mine, tables[str(players)])
    if arguments.write:
        target = Path(arguments.write)
        if arguments.merge and target.exists():  # keep the tables of other numbers of players
            kept = json.loads(target.read_text(encoding="utf-8"))
            tables = {**kept["tables"], **tables}
        tables = dict(sorted(tables.items(), key=lambda item: int(item[0])))
        sources = list(
            dict.fromkeys(name for t in tables.values() for name in t.get("sources", []))
        )
        data = {
            "about": (
                "Bid calibration of the solver bot (bugami.bots.calibrated), fitted by "
                "examples/fit_bid_calibration.py"
            ),
            "sources": sources,
            "tables": tables,
        }
        target.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tiny collect and fit")
    steps = parser.add_subparsers(dest="step")
    gather = steps.add_parser("collect", help="self-play deals and record every hand")
    gather.add_argument("--players", type=int, default=4)
    gather.add_argument("--deals", type=int, default=500)
    gather.add_argument("--first", type=int, default=0)
    gather.add_argument("--seed", default="calib")
    gather.add_argument("--samples", type=int, default=16)
    gather.add_argument(
        "--bid-samples",
        type=int,
        default=None,
        help="imagined deals for the bid (default: --samples)",
    )
    gather.add_argument("--explore", type=float, default=0.2)
    gather.add_argument(
        "--bots",
        choices=("solver", "calib"),
        default="solver",
        help="who sits at the tables: solver bots, or calibrated bots bidding by the "
        "package's models",
    )
    gather.add_argument("--workers", type=int, default=None, help="processes (0: none)")
    gather.add_argument("--out", required=True)
    fitting = steps.add_parser("fit", help="fit the models to collected hands")
    fitting.add_argument("files", nargs="+")
    fitting.add_argument("--write", default=None, help="save the models as JSON here")
    fitting.add_argument(
        "--bid-factor",
        type=int,
        default=1,
        help="the hands' bid estimates used this many times --samples (written to the tables)",
    )
    fitting.add_argument(
        "--merge", action="store_true", help="keep --write's tables for other numbers of players"
    )
    arguments = parser.parse_args(argv)
    if arguments.quick:
        with tempfile.TemporaryDirectory() as folder:
            out = str(Path(folder) / "quick.jsonl")
            common = ["--deals", "3", "--samples", "2", "--workers", "0", "--out", out]
            main(["collect", "--players", "4", "--explore", "0.5", *common])
            return main(["fit", out])
    if arguments.step == "collect":
        return collect(arguments)
    if arguments.step == "fit":
        return fit(arguments)
    parser.print_help()
    return 2


if __name__ == "__main__":
    sys.exit(main())
