"""The benchmark suite runs, in its quick mode, and writes a complete results file.

It is run as CI runs it, ``python -m benchmarks --quick``, in a subprocess from the root of
the repository (where the ``benchmarks`` package lives; it is not installed). Nothing here
looks at the figures: a smoke run's are meaningless, and speed is not a test's business.
OpenSpiel is optional: without ``pyspiel`` its line must be skipped with a reason.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(
    not (ROOT / "benchmarks" / "__main__.py").is_file(),
    reason="the benchmarks directory is not part of this source tree",
)


def _run(*arguments: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "benchmarks", *arguments],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict[str, Any]]:
    output = tmp_path_factory.mktemp("benchmarks") / "results.json"
    completed = _run("--quick", "--output", str(output))
    assert completed.returncode == 0, completed.stderr
    return completed.stdout, json.loads(output.read_text(encoding="utf-8"))


def test_results_file_has_every_section(quick_run: tuple[str, dict[str, Any]]) -> None:
    _, results = quick_run
    assert results["format"] == "bugami-benchmarks"
    assert results["version"] == 1
    assert results["mode"] == "quick"
    assert "-m benchmarks --quick --output" in results["command"]
    for key in ("created", "cwd", "duration_seconds", "settings", "results", "comparisons"):
        assert key in results
    assert {"skipped", "targets"} <= results.keys()


def test_machine_is_described(quick_run: tuple[str, dict[str, Any]]) -> None:
    machine = quick_run[1]["machine"]
    assert {"cpu", "cores", "python", "bugami", "open_spiel"} <= machine.keys()
    assert machine["python"]["version"].startswith(f"{sys.version_info[0]}.")
    assert machine["bugami"]["version"]


def test_every_line_is_measured(quick_run: tuple[str, dict[str, Any]]) -> None:
    lines = {line["name"]: line for line in quick_run[1]["results"]}
    expected = {
        "playouts.3p",
        "playouts.4p",
        "playouts.5p",
        "playouts.7p",
        "playouts.4p-jokers2-shotgun",
        "calls.deal",
        "calls.bid",
        "calls.legal_moves",
        "calls.play",
        "calls.legal_moves+play",
        "calls.score",
        "memory.4p",
    }
    assert expected <= lines.keys()
    for line in lines.values():
        assert {"label", "unit", "median", "min", "max", "repetitions", "samples"} <= line.keys()
        assert line["repetitions"] == len(line["samples"]) == 3
        assert line["min"] <= line["median"] <= line["max"]


def test_openspiel_is_compared_or_skipped_with_a_reason(
    quick_run: tuple[str, dict[str, Any]],
) -> None:
    results = quick_run[1]
    measured = {line["name"] for line in results["results"]}
    skipped = {line["name"]: line["reason"] for line in results["skipped"]}
    if importlib.util.find_spec("pyspiel") is None:
        assert "pyspiel" in skipped["playouts.openspiel-hearts"]
        assert results["comparisons"] == []
    else:
        assert "playouts.openspiel-hearts" in measured
        (ratio,) = results["comparisons"]
        assert ratio["numerator"] == "playouts.4p"
        assert len(ratio["ratios"]) == ratio["repetitions"]


def test_targets_are_reported_not_asserted(quick_run: tuple[str, dict[str, Any]]) -> None:
    table, results = quick_run
    statuses = {target["subject"]: target["status"] for target in results["targets"]}
    assert statuses.keys() == {
        "playouts.4p/openspiel-hearts",
        "calls.legal_moves+play",
        "memory.4p",
    }
    assert set(statuses.values()) <= {"PASS", "MISS", "n/a"}
    assert "targets (reported, not asserted)" in table


def test_selection_and_listing(tmp_path: Path) -> None:
    listing = _run("--list")
    assert listing.returncode == 0
    assert "memory.4p" in listing.stdout
    output = tmp_path / "memory.json"
    completed = _run("--quick", "--only", "memory", "--repeat", "2", "--output", str(output))
    assert completed.returncode == 0, completed.stderr
    results = json.loads(output.read_text(encoding="utf-8"))
    assert [line["name"] for line in results["results"]] == ["memory.4p"]
    assert results["settings"]["repeat"] == 2
    unknown = _run("--only", "no-such-line")
    assert unknown.returncode == 2
    assert "no benchmark matches" in unknown.stderr
