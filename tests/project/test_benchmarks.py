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

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.skipif(
        not (ROOT / "benchmarks" / "__main__.py").is_file(),
        reason="the benchmarks directory is not part of this source tree",
    ),
    pytest.mark.processes,
]


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
    assert "load_average" in machine
    assert "load_average_after" in machine


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
        "calls.view",
        "calls.sample_deal",
        "calls.sample_deal-each",
        "argute.2p",
        "argute.4p",
        "argute.7p",
        "records.dumps-json",
        "records.dumps-text",
        "records.replay",
        "records.loads-json",
        "records.loads-text",
        "memory.4p",
        "history.game-20",
        "history.build-20",
        "history.replay-20",
        "solver.bugami-4p-4t",
        "solver.bugami-4p-6t",
        "solver.bugami-4p-8t",
        "solver.bugami-4p-10t",
        "solver.bugami-4p-13t",
        "solver.bugami-3p-deal",
        "solver.bugami-5p-deal",
        "solver.argute-3p",
        "solver.argute-4p",
        "import.bugami",
        "review.deal",
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
    ratios = {ratio["name"]: ratio for ratio in results["comparisons"]}
    if importlib.util.find_spec("pyspiel") is None:
        assert "pyspiel" in skipped["playouts.openspiel-hearts"]
        assert "playouts.4p/openspiel-hearts" not in ratios
    else:
        assert "playouts.openspiel-hearts" in measured
        ratio = ratios["playouts.4p/openspiel-hearts"]
        assert ratio["numerator"] == "playouts.4p"
        assert len(ratio["ratios"]) == ratio["repetitions"]


def test_record_reading_is_compared_with_playing(quick_run: tuple[str, dict[str, Any]]) -> None:
    ratios = {ratio["name"]: ratio for ratio in quick_run[1]["comparisons"]}
    for format in ("json", "text"):
        ratio = ratios[f"records.loads-{format}/replay"]
        assert (ratio["numerator"], ratio["denominator"]) == (
            f"records.loads-{format}",
            "records.replay",
        )
        assert len(ratio["ratios"]) == ratio["repetitions"] == 3


def test_the_solver_is_compared_with_its_reference(
    quick_run: tuple[str, dict[str, Any]],
) -> None:
    ratios = {ratio["name"]: ratio for ratio in quick_run[1]["comparisons"]}
    ratio = ratios["solver.bugami-4p-8t/reference"]
    assert (ratio["numerator"], ratio["denominator"]) == ("solver.bugami-4p-8t", "reference")
    assert len(ratio["ratios"]) == ratio["repetitions"] == 3


def test_lines_with_tables_are_compared_with_fresh_solves(
    quick_run: tuple[str, dict[str, Any]],
) -> None:
    ratios = {ratio["name"]: ratio for ratio in quick_run[1]["comparisons"]}
    for name in ("solver.bugami-4p-line/tables", "solver.bugami-4p-line/every-seat"):
        ratio = ratios[name]
        assert (ratio["numerator"], ratio["denominator"]) == ("with Tables", "without")
        assert len(ratio["ratios"]) == ratio["repetitions"] == 3


def test_a_long_game_is_compared_early_and_late(quick_run: tuple[str, dict[str, Any]]) -> None:
    ratios = {ratio["name"]: ratio for ratio in quick_run[1]["comparisons"]}
    ratio = ratios["history.late/early"]
    assert (ratio["numerator"], ratio["denominator"]) == ("history.late", "history.early")
    assert len(ratio["ratios"]) == ratio["repetitions"] == 3


def test_simulation_is_measured_or_skipped_with_a_reason(
    quick_run: tuple[str, dict[str, Any]],
) -> None:
    results = quick_run[1]
    measured = {line["name"]: line for line in results["results"]}
    skipped = {line["name"]: line["reason"] for line in results["skipped"]}
    ratios = {ratio["name"]: ratio for ratio in results["comparisons"]}
    if "simulation" in skipped:
        assert skipped["simulation"]
        assert "simulation.2w/1w" not in ratios
        assert "simulation.control-2w/1w" not in ratios
    else:
        assert measured["simulation.1w"]["details"]["workers"] == 1
        assert measured["simulation.2w"]["details"]["workers"] == 2
        assert ratios["simulation.2w/1w"]["numerator"] == "simulation.2w"
        assert len(ratios["simulation.control-2w/1w"]["ratios"]) == 3


def test_targets_are_reported_not_asserted(quick_run: tuple[str, dict[str, Any]]) -> None:
    table, results = quick_run
    statuses = {target["subject"]: target["status"] for target in results["targets"]}
    assert statuses.keys() == {
        "playouts.4p/openspiel-hearts",
        "calls.legal_moves+play",
        "calls.sample_deal",
        "records.loads-json/replay",
        "records.loads-text/replay",
        "memory.4p",
        "simulation.2w/1w",
        "analysis.heuristic/random",
        "analysis.deal-where/deal",
        "history.late/early",
        "solver.bugami-4p-6t",
        "review.deal",
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


def test_a_paired_line_is_served_by_a_process_of_its_own() -> None:
    import io

    from benchmarks import builds

    answers = io.StringIO()
    builds.serve("playouts.4p", io.StringIO("calibrate 0.001\nsample 2\n"), answers)
    units, size, seconds = answers.getvalue().split()
    assert int(units) == 1
    assert int(size) >= 1
    assert float(seconds) > 0
    with pytest.raises(ValueError, match="not a paired line"):
        builds.paired_work("calls.deal")
    # Both sides in this interpreter's build: the machinery, not the figures.
    pure, compiled, ratios = builds.paired(
        "calls.legal_moves+play", sys.executable, sys.executable, 2, seconds=0.001
    )
    assert len(pure) == len(compiled) == len(ratios) == 2
    assert all(value > 0 for value in (*pure, *compiled, *ratios))


def test_every_paired_line_is_served_and_sampled_in_processor_time() -> None:
    import io

    from benchmarks import builds

    for line in builds.PAIRED:
        answers = io.StringIO()
        builds.serve(line, io.StringIO("calibrate 0.001\ncpu 1\n"), answers)
        units, size, seconds = answers.getvalue().split()
        assert int(units) >= 1, line
        assert int(size) >= 1, line
        assert float(seconds) >= 0, line


def test_two_source_trees_are_compared_pair_by_pair(tmp_path: Path) -> None:
    from benchmarks import trees

    source = Path(__file__).resolve().parents[2] / "src"
    # The same tree on both sides: the machinery, not the figures.
    ours, theirs, ratios = trees.compare("calls.view", source, source, 2, seconds=0.001)
    assert len(ours) == len(theirs) == len(ratios) == 2
    assert all(value > 0 for value in (*ours, *theirs, *ratios))
    with pytest.raises(SystemExit):
        trees.main([str(tmp_path)])  # no bugami there
    with pytest.raises(SystemExit):
        trees.main([])  # no other tree
    # What a process counted under valgrind runs (valgrind itself is not needed here).
    assert trees.main(["--run", "playouts.4p", "1"]) == 0
    assert set(trees.INSTRUCTION_SIZES) == set(trees.DEFAULT_LINES)


def test_the_import_line_counts_modules_as_the_light_import_test_does() -> None:
    # The face registers the core modules under their old paths too; the
    # import line's count of modules loaded once counted those names (39
    # against the 30 modules the light-import test counted).
    from benchmarks.imports import modules_loaded

    probe = (
        "import bugami, sys; print(len({id(module) for name, module in sys.modules.items()"
        " if name.startswith('bugami')}))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert modules_loaded() == int(done.stdout)
