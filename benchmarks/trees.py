"""Compare two source trees of bugami, paired: ``python -m benchmarks.trees``.

Is a change as fast as what it changes? This runs hot lines of the suite with
the library of this checkout (``src``) and with the library of another one
(a worktree of the commit before, say), under the same interpreter::

    python -m benchmarks.trees /path/to/other/checkout --pairs 40

Each line is served by two processes of its own that stay up (as
:mod:`benchmarks.builds` serves its paired lines), one with each tree first
on ``PYTHONPATH``; they take their samples in alternation (this tree then the
other, then the other then this, ...), and each pair gives one ratio: the
other tree's time over this tree's, so that above 1 this tree is faster.
Samples are processor time (:func:`~benchmarks.timing.cpu_sample`), not wall
time: on a machine shared with other work, waiting for a processor is not
the code's doing. The table gives each tree's median figure and the ratios'
median, with their minimum and maximum. The benchmarks themselves are this
checkout's (run it from the root of the repository); only the library
differs, and the lines use its public names only.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

from benchmarks.builds import PAIRED, ROOT, SAMPLE_SECONDS, Server, figure

__all__ = ["DEFAULT_LINES", "compare", "main"]

DEFAULT_LINES = ("calls.legal_moves+play", "calls.view", "playouts.4p", "analysis.heuristic-4p")
"""The hot-path and playout lines compared unless ``--only`` says otherwise."""


def _env(source: Path) -> dict[str, str]:
    """This process's environment with ``source`` first on ``PYTHONPATH``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(source), env.get("PYTHONPATH")]))
    return env


def compare(
    line: str,
    ours: Path,
    other: Path,
    pairs: int,
    python: str = sys.executable,
    seconds: float = SAMPLE_SECONDS,
) -> tuple[list[float], list[float], list[float]]:
    """``pairs`` pairs of processor-time samples of ``line`` of about
    ``seconds`` each, one with each source folder (``ours``, then ``other``,
    alternating who goes first):
    the seconds per unit with each, and each pair's ratio (``other``'s
    seconds over ``ours``: above 1, ``ours`` is faster)."""
    servers = [Server(python, line, _env(ours)), Server(python, line, _env(other))]
    try:
        sizes = [int(server.ask(f"calibrate {seconds}")) for server in servers]
        times: list[list[float]] = [[], []]
        for number in range(pairs):
            for side in (0, 1) if number % 2 == 0 else (1, 0):
                elapsed = float(servers[side].ask(f"cpu {sizes[side]}"))
                times[side].append(elapsed / (sizes[side] * servers[side].units))
    finally:
        for server in servers:
            server.close()
    ratios = [theirs / mine for mine, theirs in zip(times[0], times[1], strict=True)]
    return times[0], times[1], ratios


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.trees", description=__doc__)
    parser.add_argument("other", type=Path, help="the other checkout (or its src folder)")
    parser.add_argument("--pairs", type=int, default=30, help="pairs of samples per line")
    parser.add_argument(
        "--seconds",
        type=float,
        default=SAMPLE_SECONDS,
        help=f"about how long one sample lasts (default: {SAMPLE_SECONDS})",
    )
    parser.add_argument(
        "--only",
        action="append",
        choices=sorted(PAIRED),
        help="lines to run (default: the hot ones)",
    )
    args = parser.parse_args(argv)
    other: Path = args.other.resolve()
    if (other / "src" / "bugami").is_dir():
        other = other / "src"
    if not (other / "bugami").is_dir():
        parser.error(f"{args.other} holds no bugami package (nor does its src folder)")
    ours = ROOT / "src"
    print(f"{'line':<40} {'this tree':>12} {'other':>12} {'unit':<9} {'ratio':>6}  (min, max)")
    for line in args.only or DEFAULT_LINES:
        print(f"{line}: {args.pairs} pairs", file=sys.stderr)
        mine, theirs, ratios = compare(line, ours, other, args.pairs, seconds=args.seconds)
        label, unit = PAIRED[line]
        show = figure(unit)
        print(
            f"{label[:40]:<40} {show(statistics.median(mine)):>12,.0f} "
            f"{show(statistics.median(theirs)):>12,.0f} {unit:<9} "
            f"{statistics.median(ratios):>5.3f}x  ({min(ratios):.3f}, {max(ratios):.3f})",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
