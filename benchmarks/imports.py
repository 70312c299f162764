"""The time ``import bugami`` takes in a fresh interpreter.

A command, a notebook or a worker process pays for the import before it does
anything, so the package's face imports the core only and leaves the records,
solvers, bots, analysis, pictures and Argute to load when first used. Each
sample starts a new interpreter that imports bugami, and one that does
nothing, in alternation; the figure is the difference of the two times (the
cost of the import alone, without Python's own start-up). The interpreter is
the one running the suite, with bytecode caches as they are (warm after the
first sample). The details give the number of the package's modules the
import loads.
"""

from __future__ import annotations

import subprocess
import sys
import time

from benchmarks.registry import Measurement, Outcome, Settings, register

__all__ = ["import_seconds", "modules_loaded"]

_COUNT = "import bugami, sys; print(sum(name.startswith('bugami') for name in sys.modules))"


def _seconds(code: str) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True)
    return time.perf_counter() - started


def import_seconds() -> float:
    """One sample: a fresh ``import bugami`` less a fresh interpreter doing nothing."""
    bare = _seconds("pass")
    return _seconds("import bugami") - bare


def modules_loaded() -> int:
    """How many of the package's modules ``import bugami`` loads."""
    done = subprocess.run([sys.executable, "-c", _COUNT], check=True, capture_output=True)
    return int(done.stdout)


@register("import.bugami", "import bugami in a fresh interpreter, less Python's start-up")
def _import(settings: Settings) -> list[Outcome]:
    _seconds("import bugami")  # bytecode caches written, if they were not
    samples = tuple(import_seconds() * 1000 for _ in range(settings.repeat))
    return [
        Measurement(
            "import.bugami",
            "import bugami (fresh interpreter, start-up subtracted)",
            "ms",
            samples,
            higher_is_better=False,
            details={"modules_loaded": modules_loaded()},
        )
    ]
