"""The ladder: every bot against every other bot, in duplicate, for both games.

For each pair of bots A and B, each deal is played twice from the same cards:
once with A at the even seats (0, 2, ...) and B at the odd ones, once the other
way round. Every seat is thus played once by each bot, and A's gain on the deal
is the mean over the seats of A's score there less B's: the luck of the cards
cancels out. The ladder reports, for every pair, the mean gain per deal with
a 95% confidence interval (normal approximation over the deals), and for
every bot its mean gain against the others and its mean time per decision
(bids and cards alike; single legal moves included), in CPU time, so that
other work on the machine does not inflate it.

Deal ``k`` of a pair is shuffled from ``f"{seed}/{k}"`` -- the same cards for
every pair -- and each bot is reset from the deal's seed and its seat before
playing, so a run is reproducible whatever the number of processes.

Run it with ``python examples/ladder.py [--deals N] [--argute-deals M]
[--workers W]``; ``--rst`` also prints the tables as reStructuredText for
the docs. ``--bots A,B,...`` plays only those bots (weakest first; any spec
``bugami.bots.make_bot`` takes, e.g. ``calib:16``, the solver bot with
calibrated bids), and
``--first K`` numbers the deals from K, so that a long match can be split
among runs on several machines; ``--bid-model M`` has Bugami's inference
bots read bids by the model ``M`` (see ``bugami.bots.inference.BID_MODELS``). The figures in docs/ladder.rst came from the defaults (about an hour
and a half on two cores); ``--quick`` plays a couple of deals, for the test
suite.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass

import bugami
from bugami import argute
from bugami.bots import ArguteBot, Bot, InferenceBot, make_bot, play_out

BOTS = {
    "bugami": ("random", "heuristic", "search:32", "solver:16", "infer:16"),
    "argute": ("random", "heuristic", "search:32", "solver:32", "infer:32"),
}
"""The bots of each game, weakest first: each bot with its default budget
(the solver-based bots' defaults take about as long per decision as the
search's, at four players)."""
TABLES = (("bugami", 4), ("bugami", 5), ("argute", 3), ("argute", 4))


class Timed:
    """A bot that counts its decisions and the CPU time they take."""

    def __init__(self, inner: Bot | ArguteBot) -> None:
        self.inner = inner
        self.seconds = 0.0
        self.decisions = 0

    @property
    def name(self) -> str:
        return self.inner.name

    def reset(self, seed: bugami.Seed | None = None) -> None:
        self.inner.reset(seed)

    def choose_bid(self, seen: object) -> object:
        started = time.process_time()
        try:
            return self.inner.choose_bid(seen)  # type: ignore[arg-type]
        finally:
            self.seconds += time.process_time() - started
            self.decisions += 1

    def choose_card(self, seen: object) -> object:
        started = time.process_time()
        try:
            return self.inner.choose_card(seen)  # type: ignore[arg-type]
        finally:
            self.seconds += time.process_time() - started
            self.decisions += 1


@dataclass(frozen=True)
class Outcome:
    """One duplicate deal of one pair: A's gain, and each bot's decisions
    and seconds over both tables."""

    gain: float
    seconds: tuple[float, float]
    decisions: tuple[int, int]


def duplicate_deal(
    game: str,
    players: int,
    first: str,
    second: str,
    seed: str,
    number: int,
    bid_model: str | None = None,
) -> Outcome:
    """Play deal ``number`` twice, ``first`` at the even seats then at the odd ones
    (Bugami's inference bots reading bids by ``bid_model`` if given)."""
    deal_seed = f"{seed}/{number}"
    scores: list[list[int]] = []
    spent = {first: 0.0, second: 0.0}
    counted = {first: 0, second: 0}
    seat_of_first = []
    for swap in (False, True):
        table = []
        for seat in range(players):
            spec = first if (seat % 2 == 0) != swap else second
            made = make_bot(spec, game=game)
            if bid_model is not None and isinstance(made, InferenceBot):
                made.bid_model = bid_model
            bot = Timed(made)
            bot.reset(f"{deal_seed}/{seat}")
            table.append((spec, bot))
        seat_of_first.append([spec == first for spec, _ in table])
        bots = [bot for _, bot in table]
        if game == "argute":
            hand = argute.deal(argute.Rules(players=players), seed=deal_seed)
            scores.append(list(argute.score(play_out(hand, bots))))  # type: ignore[arg-type]
        else:
            state = bugami.deal(bugami.Rules(players=players), seed=deal_seed)
            scores.append(list(bugami.score(play_out(state, bots))))  # type: ignore[arg-type]
        for spec, bot in table:
            spent[spec] += bot.seconds
            counted[spec] += bot.decisions
    gain = 0.0
    for seat in range(players):
        mine = scores[0][seat] if seat_of_first[0][seat] else scores[1][seat]
        theirs = scores[1][seat] if seat_of_first[0][seat] else scores[0][seat]
        gain += (mine - theirs) / players
    return Outcome(gain, (spent[first], spent[second]), (counted[first], counted[second]))


def _task(job: tuple[str, int, str, str, str, int, str | None]) -> Outcome:
    return duplicate_deal(*job)


def interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval."""
    mean = sum(values) / len(values)
    if len(values) < 2:
        return mean, math.inf
    variance = sum((value - mean) ** 2 for value in values) / (len(values) - 1)
    return mean, 1.96 * math.sqrt(variance / len(values))


@dataclass(frozen=True)
class Ladder:
    """The results of one table: per pair, the gains; per bot, the time."""

    game: str
    players: int
    deals: int
    pairs: dict[tuple[str, str], list[float]]
    seconds: dict[str, float]
    decisions: dict[str, int]

    def standing(self, bot: str) -> float:
        """The bot's mean gain per deal against the other bots."""
        gains = []
        for (first, second), values in self.pairs.items():
            mean = sum(values) / len(values)
            if first == bot:
                gains.append(mean)
            elif second == bot:
                gains.append(-mean)
        return sum(gains) / len(gains)

    def milliseconds(self, bot: str) -> float:
        return 1000 * self.seconds[bot] / max(1, self.decisions[bot])


def run(
    game: str,
    players: int,
    bots: Sequence[str],
    deals: int,
    seed: str,
    executor: Executor | None,
    start: int = 0,
    bid_model: str | None = None,
) -> Ladder:
    """Every pair of ``bots`` on ``deals`` duplicate deals at one table,
    numbered from ``start``."""
    pairs = list(itertools.combinations(bots, 2))
    numbers = range(start, start + deals)
    jobs = [(game, players, a, b, seed, number, bid_model) for a, b in pairs for number in numbers]
    results: Iterator[Outcome]
    if executor is None:
        results = map(_task, jobs)
    else:
        results = executor.map(_task, jobs, chunksize=max(1, len(jobs) // 64))
    gains: dict[tuple[str, str], list[float]] = {pair: [] for pair in pairs}
    seconds = dict.fromkeys(bots, 0.0)
    decisions = dict.fromkeys(bots, 0)
    for job, outcome in zip(jobs, results, strict=True):
        _, _, first, second, _, _, _ = job
        gains[first, second].append(outcome.gain)
        for spec, spent, count in zip(
            (first, second), outcome.seconds, outcome.decisions, strict=True
        ):
            seconds[spec] += spent
            decisions[spec] += count
    return Ladder(game, players, deals, gains, seconds, decisions)


def text(ladder: Ladder) -> list[str]:
    """The ladder as plain text."""
    name = "Bugami" if ladder.game == "bugami" else "Argute"
    lines = [f"{name}, {ladder.players} players, {ladder.deals} duplicate deals per pair"]
    ranked = sorted(ladder.seconds, key=ladder.standing, reverse=True)
    lines.append(f"  {'bot':<11} {'vs field':>9} {'ms/decision':>12}")
    for bot in ranked:
        lines.append(f"  {bot:<11} {ladder.standing(bot):>+9.2f} {ladder.milliseconds(bot):>12.2f}")
    lines.append(f"  {'pair (A - B)':<24} {'gain of A':>9}  95% interval")
    for stronger, weaker, mean, half in _pairs(ladder):
        lines.append(
            f"  {stronger + ' - ' + weaker:<24} {mean:>+9.2f}  [{mean - half:+.2f}, {mean + half:+.2f}]"
        )
    return lines


def _pairs(ladder: Ladder) -> list[tuple[str, str, float, float]]:
    """Each pair as (A, B, A's mean gain, half-width), A the later of the two
    in the list of bots (the stronger, as the list goes from weak to strong)."""
    result = []
    for (first, second), values in ladder.pairs.items():
        mean, half = interval(values)
        result.append((second, first, 0.0 - mean, half))
    return result


def rst(ladder: Ladder) -> list[str]:
    """The ladder as two reStructuredText list tables."""
    ranked = sorted(ladder.seconds, key=ladder.standing, reverse=True)
    lines = [".. list-table::", "   :header-rows: 1", ""]
    lines += [
        "   * - bot",
        "     - mean gain per deal against the others",
        "     - ms per decision",
    ]
    for bot in ranked:
        lines += [
            f"   * - ``{bot}``",
            f"     - {ladder.standing(bot):+.2f}",
            f"     - {ladder.milliseconds(bot):.2f}",
        ]
    lines += ["", ".. list-table::", "   :header-rows: 1", ""]
    lines += ["   * - bot A", "     - bot B", "     - A's gain per deal", "     - 95% interval"]
    for stronger, weaker, mean, half in _pairs(ladder):
        lines += [
            f"   * - ``{stronger}``",
            f"     - ``{weaker}``",
            f"     - {mean:+.2f}",
            f"     - {mean - half:+.2f} to {mean + half:+.2f}",
        ]
    return [*lines, ""]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=150, help="duplicate deals per pair, Bugami")
    parser.add_argument(
        "--argute-deals", type=int, default=300, help="duplicate hands per pair, Argute"
    )
    parser.add_argument(
        "--tables",
        default=",".join(f"{game}{players}" for game, players in TABLES),
        help="which tables, e.g. bugami4,argute3 (default: all four)",
    )
    parser.add_argument("--seed", default="ladder")
    parser.add_argument(
        "--bots",
        default=None,
        help="the bots, weakest first, comma-separated (default: each game's BOTS)",
    )
    parser.add_argument(
        "--first", type=int, default=0, help="the number of the first deal (default 0)"
    )
    parser.add_argument("--workers", type=int, default=None, help="processes (0: none)")
    parser.add_argument(
        "--rst", action="store_true", help="also print reStructuredText tables (for the docs)"
    )
    parser.add_argument(
        "--bid-model",
        default=None,
        help="the bid model of Bugami's inference bots (default: the bot's own default)",
    )
    parser.add_argument("--quick", action="store_true", help="two deals, serially (for tests)")
    arguments = parser.parse_args(argv)
    bots = dict(BOTS)
    if arguments.quick:
        arguments.deals = arguments.argute_deals = 2
        arguments.workers = 0
        bots = dict.fromkeys(BOTS, ("random", "heuristic", "search:2", "solver:2", "infer:2"))
    if arguments.bots:
        bots = dict.fromkeys(BOTS, tuple(arguments.bots.split(",")))
    executor = None if arguments.workers == 0 else ProcessPoolExecutor(arguments.workers)
    try:
        chosen = arguments.tables.split(",")
        for game, players in TABLES:
            if f"{game}{players}" not in chosen:
                continue
            deals = arguments.deals if game == "bugami" else arguments.argute_deals
            started = time.perf_counter()
            ladder = run(
                game,
                players,
                bots[game],
                deals,
                arguments.seed,
                executor,
                arguments.first,
                arguments.bid_model,
            )
            lines = [*text(ladder), f"({time.perf_counter() - started:.0f} s)", ""]
            if arguments.rst:
                lines += rst(ladder)
            print("\n".join(lines))
            sys.stdout.flush()
    finally:
        if executor is not None:
            executor.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
