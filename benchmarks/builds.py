"""Compare the two builds of bugami: ``python -m benchmarks.builds``.

The compiled build (mypyc; see the docs' performance page) and the pure-Python
build are installed in two environments. This runs the benchmark suite under
each interpreter in turn, round after round (so that a change in the machine's
load falls on both alike), and prints, for each line, the median over the
rounds of each build's median and the compiled build's advantage: how many
times faster (or, for memory, how many times smaller) it is. The issue's
targets are reported as PASS or MISS, never asserted::

    python -m benchmarks.builds --pure /tmp/pure/bin/python \\
        --compiled /tmp/compiled/bin/python --rounds 3

Run it from the root of the repository (the suite is imported from here; the
library from each interpreter's environment).

The two lines the issue sets targets on (:data:`TARGETS`, :data:`PAIRED`) are measured
*paired*, as the suite pairs its own comparisons: each build runs the line
in a process of its own that stays up (``--serve LINE``), the two processes
take their samples in alternation (pure then compiled, then compiled then
pure, ...), and each pair gives one ratio, of which the median is reported.
A change in the machine's speed during the run then falls on both sides of a
ratio alike, which whole runs of the suite in turn cannot promise on a
machine shared with other work.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import IO

from benchmarks.timing import Work, calibrate, cpu_sample, sample

LINES = (
    "playouts.4p",
    "argute.4p",
    "calls.legal_moves+play",
    "calls.legal_moves",
    "calls.play",
    "calls.deal",
    "memory.4p",
)
# The targets: the compiled build's advantage on these lines.
TARGETS = {"calls.legal_moves+play": 3.0, "playouts.4p": 2.5}

ROOT = Path(__file__).resolve().parent.parent
"""The directory holding the ``benchmarks`` package, where the servers run."""
SEED = 2026
"""The seed of the paired lines' deals (the suite's default)."""
SAMPLE_SECONDS = 0.2
"""About how long one sample of a paired line lasts, in each build."""


PAIRED = {
    "playouts.4p": ("playouts, 4 players", "deals/s"),
    "calls.legal_moves+play": ("call: legal_moves + play, per card", "ns/call"),
    "calls.view": ("call: view (seat to move, mid-deal)", "ns/call"),
    "analysis.heuristic-4p": ("playouts, HeuristicBot x4, fresh views", "deals/s"),
}
"""The lines a process can serve for a paired measurement (those of
:data:`TARGETS` among them): their labels and units."""


def paired_work(line: str) -> tuple[Work, int]:
    """What the paired ``line`` runs, prepared in the process that serves
    it: its work, and the units (deals, or calls) one size of it holds."""
    from benchmarks import calls
    from benchmarks.playouts import bugami_work
    from bugami import Rules

    if line == "playouts.4p":
        return bugami_work(Rules(players=4), SEED), 1
    if line == "calls.legal_moves+play":
        count, work, _ = calls._legal_moves_and_play(calls.pool(100, SEED))
        return work, count
    if line == "calls.view":
        count, work, _ = calls._view(calls.pool(100, SEED))
        return work, count
    if line == "analysis.heuristic-4p":
        from benchmarks.analysis import heuristic_work

        return heuristic_work(Rules(players=4), SEED), 1
    raise ValueError(f"{line!r} is not a paired line: {', '.join(PAIRED)}")


def serve(line: str, commands: IO[str], answers: IO[str]) -> None:
    """The loop of ``--serve LINE``: prepare the line's work and say how
    many units one size of it holds, then answer each command line --
    ``calibrate SECONDS`` with a size, ``sample SIZE`` with the seconds one
    sample of that size took, ``cpu SIZE`` with the processor seconds it
    took -- until the input ends."""
    work, units = paired_work(line)
    answers.write(f"{units}\n")
    answers.flush()
    for command in commands:
        verb, _, argument = command.partition(" ")
        if verb == "calibrate":
            answer = str(calibrate(work, float(argument)))
        elif verb == "sample":
            answer = repr(sample(work, int(argument)))
        elif verb == "cpu":
            answer = repr(cpu_sample(work, int(argument)))
        else:
            raise ValueError(f"unknown command {command!r}")
        answers.write(answer + "\n")
        answers.flush()


class Server:
    """A paired line served by ``python``'s build in a process of its own
    (with the environment ``env``, this process's by default)."""

    def __init__(self, python: str, line: str, env: Mapping[str, str] | None = None) -> None:
        command = [python, "-m", "benchmarks.builds", "--serve", line]
        self._process = subprocess.Popen(
            command, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env
        )
        self.units = int(self._answer("start"))
        """How many units (deals, or calls) one size of the work holds."""

    def ask(self, command: str) -> str:
        """Send one command and wait for its answer."""
        assert self._process.stdin is not None
        self._process.stdin.write(command + "\n")
        self._process.stdin.flush()
        return self._answer(command)

    def _answer(self, command: str) -> str:
        assert self._process.stdout is not None
        answer = self._process.stdout.readline()
        if not answer:
            raise RuntimeError(f"the server stopped at {command!r} (exit {self._process.wait()})")
        return answer.strip()

    def close(self) -> None:
        """End the process (its input closes, and its loop with it)."""
        assert self._process.stdin is not None
        self._process.stdin.close()
        self._process.wait()


def alternate(
    servers: Sequence[Server], sizes: Sequence[int], command: str, pairs: int
) -> list[list[float]]:
    """``pairs`` pairs of samples, ``command`` (``"sample"`` or ``"cpu"``)
    asked of the two servers in turn, the one that goes first alternating:
    each side's seconds per unit."""
    times: list[list[float]] = [[], []]
    for number in range(pairs):
        for side in (0, 1) if number % 2 == 0 else (1, 0):
            elapsed = float(servers[side].ask(f"{command} {sizes[side]}"))
            times[side].append(elapsed / (sizes[side] * servers[side].units))
    return times


def paired(
    line: str, pure: str, compiled: str, repeat: int, seconds: float = SAMPLE_SECONDS
) -> tuple[list[float], list[float], list[float]]:
    """``repeat`` pairs of samples of ``line`` of about ``seconds`` each, one
    in each build, in alternation: the seconds per unit of each build, and
    each pair's advantage of the compiled build (pure seconds over compiled
    seconds)."""
    servers = [Server(pure, line), Server(compiled, line)]
    try:
        sizes = [int(server.ask(f"calibrate {seconds}")) for server in servers]
        times = alternate(servers, sizes, "sample", repeat)
    finally:
        for server in servers:
            server.close()
    ratios = [a / b for a, b in zip(times[0], times[1], strict=True)]
    return times[0], times[1], ratios


def build_of(python: str) -> bool:
    """Whether the bugami installed for ``python`` is compiled."""
    answer = subprocess.run(
        [python, "-c", "import bugami; print(bugami.COMPILED)"],
        check=True,
        capture_output=True,
        text=True,
    )
    return answer.stdout.strip() == "True"


def run(python: str, lines: list[str], repeat: int, output: Path) -> dict[str, dict[str, object]]:
    """One run of the suite under ``python``: its results by line name."""
    command = [python, "-m", "benchmarks", "--no-openspiel", "--repeat", str(repeat)]
    command += [part for line in lines for part in ("--only", line)]
    subprocess.run([*command, "--output", str(output)], check=True, stdout=subprocess.DEVNULL)
    results = json.loads(output.read_text())["results"]
    return {result["name"]: result for result in results}


def figure(unit: str) -> Callable[[float], float]:
    """From seconds per unit to the figure shown in ``unit``."""
    if unit == "ns/call":
        return lambda seconds: seconds * 1e9
    return lambda seconds: 1 / seconds


def verdict(name: str, advantage: float) -> str:
    """PASS or MISS against the line's target, or nothing without one."""
    target = TARGETS.get(name)
    if target is None:
        return ""
    return f"  {'PASS' if advantage >= target else 'MISS'} (>= {target}x)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.builds", description=__doc__)
    parser.add_argument("--pure", help="an interpreter with the pure build")
    parser.add_argument("--compiled", help="an interpreter with the compiled build")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each build (default: 3)")
    parser.add_argument("--repeat", type=int, default=5, help="samples per line in each run")
    parser.add_argument("--pairs", type=int, default=15, help="pairs of a paired line")
    parser.add_argument("--only", action="append", help="lines to run (default: the hot path)")
    parser.add_argument("--serve", metavar="LINE", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.serve, sys.stdin, sys.stdout)
        return 0
    if not args.pure or not args.compiled:
        parser.error("--pure and --compiled are required")
    if build_of(args.pure) or not build_of(args.compiled):
        parser.error("--pure must run the pure build and --compiled the compiled one")
    lines = args.only or list(LINES)
    rows: list[str] = []
    for name in [line for line in lines if line in PAIRED]:
        print(f"{name}: {args.pairs} pairs", file=sys.stderr)
        pure, compiled, ratios = paired(name, args.pure, args.compiled, args.pairs)
        label, unit = PAIRED[name]
        show = figure(unit)
        advantage = statistics.median(ratios)
        rows.append(
            f"{label:<40} {show(statistics.median(pure)):>12,.0f} "
            f"{show(statistics.median(compiled)):>12,.0f} {unit:<9} {advantage:>8.2f}x"
            f"{verdict(name, advantage)}\n"
            f"{'':<4}(paired: {len(ratios)} pairs, advantages {min(ratios):.2f} to {max(ratios):.2f})"
        )
    rest = [line for line in lines if line not in PAIRED]
    medians: dict[str, dict[str, list[float]]] = {"pure": {}, "compiled": {}}
    info: dict[str, dict[str, object]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for round_number in range(args.rounds if rest else 0):
            for build, python in (("pure", args.pure), ("compiled", args.compiled)):
                print(f"round {round_number + 1}: {build}", file=sys.stderr)
                results = run(python, rest, args.repeat, Path(folder) / "results.json")
                for name, result in results.items():
                    info[name] = result
                    medians[build].setdefault(name, []).append(float(result["median"]))  # type: ignore[arg-type]
    for name, result in info.items():
        pure_figure = statistics.median(medians["pure"][name])
        compiled_figure = statistics.median(medians["compiled"][name])
        better = result["better"] == "higher"
        advantage = compiled_figure / pure_figure if better else pure_figure / compiled_figure
        label = str(result["label"])[:40]
        rows.append(
            f"{label:<40} {pure_figure:>12,.0f} {compiled_figure:>12,.0f} "
            f"{result['unit']!s:<9} {advantage:>8.2f}x{verdict(name, advantage)}"
        )
    print(f"{'line':<40} {'pure':>12} {'compiled':>12} {'unit':<9} {'advantage':>9}")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
