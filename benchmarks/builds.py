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
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.builds", description=__doc__)
    parser.add_argument("--pure", required=True, help="an interpreter with the pure build")
    parser.add_argument("--compiled", required=True, help="an interpreter with the compiled build")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each build (default: 3)")
    parser.add_argument("--repeat", type=int, default=5, help="samples per line in each run")
    parser.add_argument("--only", action="append", help="lines to run (default: the hot path)")
    args = parser.parse_args(argv)
    if build_of(args.pure) or not build_of(args.compiled):
        parser.error("--pure must run the pure build and --compiled the compiled one")
    lines = args.only or list(LINES)
    medians: dict[str, dict[str, list[float]]] = {"pure": {}, "compiled": {}}
    info: dict[str, dict[str, object]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for round_number in range(args.rounds):
            for build, python in (("pure", args.pure), ("compiled", args.compiled)):
                print(f"round {round_number + 1}: {build}", file=sys.stderr)
                results = run(python, lines, args.repeat, Path(folder) / "results.json")
                for name, result in results.items():
                    info[name] = result
                    medians[build].setdefault(name, []).append(float(result["median"]))  # type: ignore[arg-type]
    print(f"{'line':<40} {'pure':>12} {'compiled':>12} {'unit':<9} {'advantage':>9}")
    for name, result in info.items():
        pure = statistics.median(medians["pure"][name])
        compiled = statistics.median(medians["compiled"][name])
        advantage = compiled / pure if result["better"] == "higher" else pure / compiled
        target = TARGETS.get(name)
        verdict = (
            ""
            if target is None
            else f"  {'PASS' if advantage >= target else 'MISS'} (>= {target}x)"
        )
        label = str(result["label"])[:40]
        print(
            f"{label:<40} {pure:>12,.0f} {compiled:>12,.0f} {result['unit']!s:<9} {advantage:>8.2f}x{verdict}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
