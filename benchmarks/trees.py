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

On a machine so busy that even processor times scatter widely,
``--instructions`` counts instead the instructions each side executes per
unit of a line, under valgrind's cachegrind (without its cache simulation;
valgrind must be installed): the line's work is run at two sizes in a fresh
process each, with the same hash seed, and the difference divided by the
units between them. The count does not depend on the machine's load, but it
is a proxy for time, blind to memory and cache effects; the ratio is again
the other tree's count over this one's.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

from benchmarks.builds import (
    PAIRED,
    ROOT,
    SAMPLE_SECONDS,
    Server,
    alternate,
    figure,
    paired_work,
)

__all__ = ["DEFAULT_LINES", "INSTRUCTION_SIZES", "compare", "instructions", "main"]

DEFAULT_LINES = ("calls.legal_moves+play", "calls.view", "playouts.4p", "analysis.heuristic-4p")
"""The hot-path and playout lines compared unless ``--only`` says otherwise."""


INSTRUCTION_SIZES = {
    "playouts.4p": (10, 60),
    "analysis.heuristic-4p": (5, 30),
    "calls.legal_moves+play": (1, 3),
    "calls.view": (1, 3),
}
"""The two sizes of each line's work whose instruction counts are subtracted."""


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
        # Both sides do the same work per sample (the same deals, the same
        # passes): the size is the mean of the two calibrations.
        size = sum(int(server.ask(f"calibrate {seconds}")) for server in servers) // 2
        times = alternate(servers, [max(1, size)] * 2, "cpu", pairs)
    finally:
        for server in servers:
            server.close()
    ratios = [theirs / mine for mine, theirs in zip(times[0], times[1], strict=True)]
    return times[0], times[1], ratios


def _count(line: str, size: int, source: Path, python: str) -> int:
    """The instructions a fresh process executes that prepares ``line``
    with the library of ``source`` and runs ``size`` of its work."""
    env = _env(source)
    env["PYTHONHASHSEED"] = "0"
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    command += [python, "-m", "benchmarks.trees", "--run", line, str(size)]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{done.stderr}")
    return int(found.group(1).replace(",", ""))


def instructions(
    line: str, ours: Path, other: Path, python: str = sys.executable
) -> tuple[float, float]:
    """The instructions per unit of ``line`` with each source folder
    (``ours``, ``other``): counted at the two sizes of
    :data:`INSTRUCTION_SIZES`, the difference over the units between."""
    low, high = INSTRUCTION_SIZES[line]
    units = paired_work(line)[1]
    per_unit = []
    for source in (ours, other):
        counted = _count(line, high, source, python) - _count(line, low, source, python)
        per_unit.append(counted / ((high - low) * units))
    return per_unit[0], per_unit[1]


def _run(line: str, size: int) -> None:
    """What ``--run LINE SIZE`` does in the counted process: prepare the
    line, warm it up, run ``size`` of its work."""
    work, _ = paired_work(line)
    work(1)
    work(size)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.trees", description=__doc__)
    parser.add_argument(
        "other", type=Path, nargs="?", help="the other checkout (or its src folder)"
    )
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
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count instructions per unit under valgrind instead of timing",
    )
    parser.add_argument("--run", nargs=2, metavar=("LINE", "SIZE"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.run:
        _run(args.run[0], int(args.run[1]))
        return 0
    if args.other is None:
        parser.error("the other checkout is required")
    other: Path = args.other.resolve()
    if (other / "src" / "bugami").is_dir():
        other = other / "src"
    if not (other / "bugami").is_dir():
        parser.error(f"{args.other} holds no bugami package (nor does its src folder)")
    ours = ROOT / "src"
    if args.instructions:
        return _main_instructions(args.only or list(DEFAULT_LINES), ours, other)
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


def _main_instructions(lines: list[str], ours: Path, other: Path) -> int:
    """``--instructions``: the table of instruction counts."""
    print(f"{'line':<40} {'this tree':>12} {'other':>12} {'unit':<16} {'ratio':>6}")
    for line in lines:
        if line not in INSTRUCTION_SIZES:
            print(f"{line}: no instruction sizes for this line", file=sys.stderr)
            continue
        print(f"{line}: counting instructions", file=sys.stderr)
        mine, theirs = instructions(line, ours, other)
        label, unit = PAIRED[line]
        what = "instr/call" if unit == "ns/call" else "instr/deal"
        print(
            f"{label[:40]:<40} {mine:>12,.0f} {theirs:>12,.0f} {what:<16} {theirs / mine:>5.3f}x",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
