"""Settings, results, and the registry of benchmarks and targets.

A benchmark is a function that takes the run's :class:`Settings` and returns
a sequence of outcomes: :class:`Measurement` (a series of samples of one
quantity), :class:`Comparison` (a series of per-pair ratios of two
measurements taken in alternation) or :class:`Skipped` (a line that could not
be measured here, with the reason). Register one with :func:`register`::

    @register("views.4p", "view() of every state of a 4-player deal")
    def _views(settings: Settings) -> list[Outcome]:
        ...

and, if the project holds it to a figure, declare a :class:`Target` for one of
its measurements with :func:`add_target`. The modules listed in
:data:`MODULES` are imported (and so register themselves) before a run; a new
module of benchmarks is added to that list.
"""

from __future__ import annotations

import fnmatch
import importlib
import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, TypeAlias

__all__ = [
    "MODULES",
    "Benchmark",
    "Comparison",
    "Measurement",
    "Outcome",
    "Settings",
    "Skipped",
    "Target",
    "TargetResult",
    "add_target",
    "benchmarks",
    "evaluate_targets",
    "register",
    "select",
    "targets",
]

MODULES: tuple[str, ...] = (
    "benchmarks.playouts",
    "benchmarks.argute_playouts",
    "benchmarks.calls",
    "benchmarks.records",
    "benchmarks.memory",
    "benchmarks.simulation",
    "benchmarks.analysis",
    "benchmarks.history",
    "benchmarks.solver",
    "benchmarks.imports",
    "benchmarks.reviews",
)
"""The modules that register benchmarks, in the order their lines are run and
printed. Add a module here to add its benchmarks to the suite."""


# --- settings --------------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    """How long and how often to measure.

    ``repeat`` is the number of timed samples per line (of pairs, for a
    comparison); ``sample_seconds`` the duration one sample of a playout line
    is calibrated to; ``call_seconds`` the same for one sample of a per-call
    line; ``pool_deals`` the number of deals the per-call lines draw their
    prepared states from; ``simulation_deals`` the number of deals one sample
    of the simulation lines plays; ``seed`` seeds every deal and every random choice,
    so that two runs do the same work.
    """

    repeat: int
    sample_seconds: float
    call_seconds: float
    pool_deals: int
    simulation_deals: int = 1200
    quick: bool = False
    seed: int = 2026
    openspiel: bool = True

    @classmethod
    def full(cls, repeat: int | None = None) -> Settings:
        """The default run: a few minutes, figures worth publishing."""
        return cls(
            repeat=15 if repeat is None else repeat,
            sample_seconds=0.5,
            call_seconds=0.25,
            pool_deals=100,
        )

    @classmethod
    def smoke(cls, repeat: int | None = None) -> Settings:
        """A run of a few seconds that exercises every line (for CI); its
        figures are too noisy to mean anything."""
        return cls(
            repeat=3 if repeat is None else repeat,
            sample_seconds=0.01,
            call_seconds=0.002,
            pool_deals=4,
            simulation_deals=32,
            quick=True,
        )


# --- outcomes --------------------------------------------------------------------


@dataclass(frozen=True)
class Measurement:
    """A series of samples of one quantity, in ``unit``."""

    name: str
    label: str
    unit: str
    samples: tuple[float, ...]
    higher_is_better: bool
    details: Mapping[str, object] = field(default_factory=dict)

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def min(self) -> float:
        return min(self.samples)

    @property
    def max(self) -> float:
        return max(self.samples)

    @property
    def repetitions(self) -> int:
        return len(self.samples)

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "label": self.label,
            "unit": self.unit,
            "better": "higher" if self.higher_is_better else "lower",
            "median": self.median,
            "min": self.min,
            "max": self.max,
            "repetitions": self.repetitions,
            "samples": list(self.samples),
            "details": dict(self.details),
        }


@dataclass(frozen=True)
class Comparison:
    """Two measurements taken in alternation, summarised by the ratio
    ``numerator / denominator`` of each pair of samples."""

    name: str
    label: str
    numerator: str
    denominator: str
    ratios: tuple[float, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.ratios)

    @property
    def min(self) -> float:
        return min(self.ratios)

    @property
    def max(self) -> float:
        return max(self.ratios)

    @property
    def repetitions(self) -> int:
        return len(self.ratios)

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "label": self.label,
            "numerator": self.numerator,
            "denominator": self.denominator,
            "median": self.median,
            "min": self.min,
            "max": self.max,
            "repetitions": self.repetitions,
            "ratios": list(self.ratios),
        }


@dataclass(frozen=True)
class Skipped:
    """A line that was not measured, and why."""

    name: str
    label: str
    reason: str

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "label": self.label, "reason": self.reason}


Outcome: TypeAlias = "Measurement | Comparison | Skipped"
Runner: TypeAlias = "Callable[[Settings], Sequence[Outcome]]"


# --- benchmarks ------------------------------------------------------------------


@dataclass(frozen=True)
class Benchmark:
    """A registered benchmark: a name to select it by, a one-line summary,
    and the function that measures it."""

    name: str
    summary: str
    run: Runner


_BENCHMARKS: dict[str, Benchmark] = {}


def register(name: str, summary: str) -> Callable[[Runner], Runner]:
    """A decorator that adds a benchmark to the suite under ``name``."""

    def decorate(run: Runner) -> Runner:
        if name in _BENCHMARKS:
            raise ValueError(f"a benchmark named {name!r} is already registered")
        _BENCHMARKS[name] = Benchmark(name, summary, run)
        return run

    return decorate


def benchmarks() -> tuple[Benchmark, ...]:
    """Every registered benchmark, in the order of :data:`MODULES` and of
    registration within a module."""
    for module in MODULES:
        importlib.import_module(module)
    return tuple(_BENCHMARKS.values())


def select(patterns: Iterable[str]) -> tuple[Benchmark, ...]:
    """The benchmarks whose name matches one of ``patterns`` (shell-style
    wildcards, or a prefix such as ``calls``); all of them if there are none."""
    patterns = list(patterns)
    every = benchmarks()
    if not patterns:
        return every
    chosen = tuple(
        benchmark
        for benchmark in every
        if any(
            fnmatch.fnmatchcase(benchmark.name, pattern)
            or benchmark.name.startswith(pattern.rstrip(".") + ".")
            or benchmark.name == pattern
            for pattern in patterns
        )
    )
    if not chosen:
        names = ", ".join(benchmark.name for benchmark in every)
        raise ValueError(f"no benchmark matches {' '.join(patterns)!r}; known: {names}")
    return chosen


# --- targets ---------------------------------------------------------------------

Operator: TypeAlias = Literal[">=", ">", "<=", "<"]

_COMPARE: dict[str, Callable[[float, float], bool]] = {
    ">=": lambda value, threshold: value >= threshold,
    ">": lambda value, threshold: value > threshold,
    "<=": lambda value, threshold: value <= threshold,
    "<": lambda value, threshold: value < threshold,
}


@dataclass(frozen=True)
class Target:
    """A figure the project aims for: the median of the measurement or
    comparison named ``subject`` compared with ``threshold``. Targets are
    reported as PASS or MISS; they are never asserted."""

    label: str
    subject: str
    operator: Operator
    threshold: float
    unit: str


@dataclass(frozen=True)
class TargetResult:
    """A target and how this run fared: ``status`` is ``"PASS"``, ``"MISS"``,
    or ``"n/a"`` when its subject was skipped or not selected."""

    target: Target
    value: float | None
    status: Literal["PASS", "MISS", "n/a"]

    def to_json(self) -> dict[str, object]:
        return {
            "label": self.target.label,
            "subject": self.target.subject,
            "operator": self.target.operator,
            "threshold": self.target.threshold,
            "unit": self.target.unit,
            "value": self.value,
            "status": self.status,
        }


_TARGETS: list[Target] = []


def add_target(label: str, subject: str, operator: Operator, threshold: float, unit: str) -> Target:
    """Declare a target for the measurement or comparison named ``subject``."""
    target = Target(label, subject, operator, threshold, unit)
    _TARGETS.append(target)
    return target


def targets() -> tuple[Target, ...]:
    """Every declared target (importing the benchmark modules first)."""
    benchmarks()
    return tuple(_TARGETS)


def evaluate_targets(outcomes: Iterable[Outcome]) -> list[TargetResult]:
    """How the medians of ``outcomes`` fare against every target."""
    medians = {
        outcome.name: outcome.median
        for outcome in outcomes
        if isinstance(outcome, (Measurement, Comparison))
    }
    results = []
    for target in targets():
        value = medians.get(target.subject)
        if value is None:
            results.append(TargetResult(target, None, "n/a"))
        else:
            met = _COMPARE[target.operator](value, target.threshold)
            results.append(TargetResult(target, value, "PASS" if met else "MISS"))
    return results
