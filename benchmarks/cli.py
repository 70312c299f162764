"""The command line: ``python -m benchmarks [--quick] [--repeat N] [--output PATH]``.

Runs the selected benchmarks one after the other, reporting progress on
standard error, then prints the table on standard output and writes the JSON
file. The exit status is 0 whatever the figures: targets are reported, not
asserted. It is 2 for a bad command line.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import os
import shlex
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from benchmarks import machine, report
from benchmarks.registry import Outcome, Settings, benchmarks, evaluate_targets, select

__all__ = ["DEFAULT_OUTPUT", "main"]

DEFAULT_OUTPUT = "benchmark-results.json"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description="Measure bugami's speed and memory, side by side with OpenSpiel's "
        "Hearts when pyspiel is importable. Prints a table and writes the results "
        "as JSON.",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="a smoke run of a few seconds that exercises every line (for CI); "
        "its figures mean nothing",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        metavar="N",
        help="samples per line, pairs per comparison (default: 15, or 3 with --quick)",
    )
    parser.add_argument(
        "--output",
        type=Path,
        default=Path(DEFAULT_OUTPUT),
        metavar="PATH",
        help=f"where to write the JSON results (default: ./{DEFAULT_OUTPUT})",
    )
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="NAME",
        help="run only the benchmarks with this name, name prefix (e.g. 'calls') or "
        "shell pattern; may be given more than once (see --list)",
    )
    parser.add_argument(
        "--no-openspiel",
        action="store_true",
        help="do not run OpenSpiel's Hearts even if pyspiel is importable",
    )
    parser.add_argument(
        "--list", action="store_true", help="list the registered benchmarks and exit"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the suite as the command line ``argv`` (default: ``sys.argv``) asks."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    parser = _parser()
    options = parser.parse_args(arguments)
    if options.repeat is not None and options.repeat < 1:
        parser.error("--repeat must be at least 1")
    if options.list:
        for benchmark in benchmarks():
            print(f"{benchmark.name:<30}  {benchmark.summary}")
        return 0
    try:
        chosen = select(options.only)
    except ValueError as error:
        parser.error(str(error))

    settings = (Settings.smoke if options.quick else Settings.full)(options.repeat)
    if options.no_openspiel:
        settings = dataclasses.replace(settings, openspiel=False)
    command = shlex.join([sys.executable, "-m", "benchmarks", *arguments])
    created = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    description = machine.describe()

    start = time.perf_counter()
    outcomes: list[Outcome] = []
    for benchmark in chosen:
        print(f"running {benchmark.name} ...", file=sys.stderr, flush=True)
        outcomes.extend(benchmark.run(settings))
    duration = time.perf_counter() - start
    description["load_average_after"] = machine.load_average()

    results = evaluate_targets(outcomes)
    print(report.table(outcomes, results, settings=settings, machine=description, command=command))
    content = report.document(
        outcomes,
        results,
        settings=settings,
        machine=description,
        command=command,
        cwd=os.getcwd(),
        created=created,
        duration=duration,
    )
    report.write(options.output, content)
    print(f"\nresults written to {options.output} ({duration:.1f} s)")
    return 0
