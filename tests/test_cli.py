"""The ``bugami`` command."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from bugami.cli import main


def _run(*arguments: str) -> str:
    out = io.StringIO()
    assert main(list(arguments), out) == 0
    return out.getvalue()


def test_demo_plays_a_whole_game() -> None:
    text = _run("demo", "--seed", "5", "--players", "5", "--jokers", "2", "--shotgun-wedding")
    assert text.startswith("Bugami: 5 players, target 250, seed 5\n")
    assert "Deal 1 (dealer: seat " in text
    assert "  leftover: " in text
    assert "trick  1: led by seat " in text
    assert "wins with" in text.splitlines()[-1]


def test_demo_is_reproducible_and_can_be_quiet() -> None:
    assert _run("demo", "--seed", "3") == _run("demo", "--seed", "3")
    quiet = _run("demo", "--seed", "3", "--quiet")
    assert "trick" not in quiet
    assert quiet.splitlines()[-1] == _run("demo", "--seed", "3").splitlines()[-1]


def test_demo_without_a_seed() -> None:
    assert "wins with" in _run("demo", "--quiet", "--target", "50")


def test_no_command_prints_help() -> None:
    out = io.StringIO()
    assert main([], out) == 2
    assert "demo" in out.getvalue()


def test_bad_rules_are_reported(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--players", "9"]) == 2
    assert capsys.readouterr().err == "bugami: error: players must be an int from 3 to 7, not 9\n"


def test_python_dash_m() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bugami", "demo", "--seed", "1", "--quiet", "--target", "60"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "wins with" in result.stdout
