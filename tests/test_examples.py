"""The scripts in examples/ run (quickly)."""

from __future__ import annotations

import runpy
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).parent.parent / "examples"


def test_random_game() -> None:
    module = runpy.run_path(str(EXAMPLES / "random_game.py"))
    game = module["play_random_game"](3)
    assert game.is_over
    assert game.winner is not None


def test_misere_odds() -> None:
    module = runpy.run_path(str(EXAMPLES / "misere_odds.py"))
    rate = module["misere_success_rate"](40, 5)
    assert 0.0 <= rate <= 1.0
    assert rate == module["misere_success_rate"](40, 5)


def test_examples_run_as_scripts() -> None:
    for script, arguments in (("random_game.py", ["2"]), ("misere_odds.py", ["30", "3"])):
        result = subprocess.run(
            [sys.executable, str(EXAMPLES / script), *arguments],
            capture_output=True,
            text=True,
            check=True,
        )
        assert result.stdout.strip()
