"""The duplicate tournament of examples/tournament.py, in its tiny --quick mode."""

from __future__ import annotations

import math
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

import bugami

SCRIPT = Path(__file__).parents[2] / "examples" / "tournament.py"


@pytest.mark.processes
def test_quick_tournament_runs_as_a_script() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--quick"], capture_output=True, text=True, check=True
    )
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["challenger", "baseline", "deals", "gain/deal", "95%", "CI"]
    assert lines[1].split()[:3] == ["heuristic", "random", "4"]
    assert lines[2].split()[:3] == ["search:2", "heuristic", "2"]
    assert lines[3].split()[:3] == ["solver:1", "search:2", "1"]


def test_gains_and_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    module = runpy.run_path(str(SCRIPT))
    gains = module["gains"](bugami.Rules(players=3), "heuristic", "random", 3, "x", None)
    assert len(gains) == 3
    assert gains == module["gains"](bugami.Rules(players=3), "heuristic", "random", 3, "x", None)
    # A bot against itself gains nothing on any deal.
    assert module["gains"](bugami.Rules(), "random", "random", 2, "y", None) == [0.0, 0.0]
    assert module["interval"]([1.0, 3.0]) == (2.0, pytest.approx(1.96 * math.sqrt(2 / 2)))
    assert module["interval"]([5.0]) == (5.0, math.inf)
    assert module["main"](["--quick", "--players", "5"]) == 0
    assert "search:2" in capsys.readouterr().out


def test_quick_argute_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    from bugami import argute

    module = runpy.run_path(str(SCRIPT))
    assert module["main"](["--quick", "--game", "argute", "--players", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split()[:3] == ["heuristic", "random", "4"]
    assert lines[2].split()[:3] == ["search:2", "heuristic", "2"]
    gains = module["gains"](argute.Rules(players=2), "heuristic", "random", 3, "z", None)
    assert len(gains) == 3
    assert module["gains"](argute.Rules(), "random", "random", 2, "y", None) == [0.0, 0.0]
