"""The results of a run: the printed table and the JSON file.

The JSON file (see ``benchmarks/README.md`` for its keys) holds everything
the table shows and more: every sample, the sizes the calibration chose,
the machine, the settings and the exact command, so that a figure can be
traced back to how it was obtained.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from pathlib import Path

from benchmarks.machine import one_line
from benchmarks.registry import Comparison, Measurement, Outcome, Settings, Skipped, TargetResult

__all__ = ["FORMAT", "VERSION", "document", "table", "write"]

FORMAT = "bugami-benchmarks"
VERSION = 1


def _number(value: float) -> str:
    """A figure with as many digits as are worth reading."""
    if abs(value) >= 100:
        return f"{value:,.0f}"
    if abs(value) >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def table(
    outcomes: Sequence[Outcome],
    results: Sequence[TargetResult],
    *,
    settings: Settings,
    machine: dict[str, object],
    command: str,
) -> str:
    """The results as a plain-text table, with the machine, the command and
    the targets."""
    mode = "quick (smoke) run" if settings.quick else "full run"
    lines = [
        f"bugami benchmarks: {mode}, {settings.repeat} repetitions per line",
        f"machine: {one_line(machine)}",
        f"command: {command}",
        "",
    ]
    width = max([len("line"), *(len(outcome.label) for outcome in outcomes)])
    header = f"{'line':<{width}}  {'median':>10}  {'min':>10}  {'max':>10}  {'n':>3}  unit"
    lines += [header, "-" * len(header)]
    notes = []
    for outcome in outcomes:
        if isinstance(outcome, Skipped):
            notes.append(f"{outcome.label}: {outcome.reason}")
            lines.append(f"{outcome.label:<{width}}  {'skipped (see below)':>34}")
            continue
        unit = outcome.unit if isinstance(outcome, Measurement) else "x"
        lines.append(
            f"{outcome.label:<{width}}  {_number(outcome.median):>10}  {_number(outcome.min):>10}"
            f"  {_number(outcome.max):>10}  {outcome.repetitions:>3}  {unit}"
        )
    if results:
        lines += ["", "targets (reported, not asserted):"]
        label_width = max(len(result.target.label) for result in results)
        for result in results:
            target = result.target
            goal = f"{target.operator} {_number(target.threshold)} {target.unit}"
            value = "not measured" if result.value is None else _number(result.value)
            lines.append(
                f"  {result.status:<4}  {target.label:<{label_width}}  {value:>10}  (target {goal})"
            )
    if notes:
        lines += ["", "notes:", *(f"  {note}" for note in notes)]
    return "\n".join(lines)


def document(
    outcomes: Sequence[Outcome],
    results: Sequence[TargetResult],
    *,
    settings: Settings,
    machine: dict[str, object],
    command: str,
    cwd: str,
    created: str,
    duration: float,
) -> dict[str, object]:
    """The results as a JSON-ready dictionary (keys in a stable order)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "created": created,
        "command": command,
        "cwd": cwd,
        "mode": "quick" if settings.quick else "full",
        "duration_seconds": round(duration, 3),
        "settings": dataclasses.asdict(settings),
        "machine": machine,
        "results": [o.to_json() for o in outcomes if isinstance(o, Measurement)],
        "comparisons": [o.to_json() for o in outcomes if isinstance(o, Comparison)],
        "skipped": [o.to_json() for o in outcomes if isinstance(o, Skipped)],
        "targets": [result.to_json() for result in results],
    }


def write(path: Path, content: dict[str, object]) -> None:
    """Write ``content`` to ``path`` as indented JSON."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(content, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
