"""CI's steps, as written down: .ci/run runs every step of .ci/steps/ and the
docs' contributing page describes each (a checkout only: the sdist ships no CI)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STEPS = ROOT / ".ci" / "steps"
# Run by .ci/run as part of another step: tests.sh runs the browser test with the rest.
INSIDE_ANOTHER = {"browser.sh": "tests.sh"}

pytestmark = pytest.mark.skipif(not STEPS.is_dir(), reason="no .ci/ in this tree")


def _steps() -> list[str]:
    return sorted(path.name for path in STEPS.glob("*.sh"))


def test_ci_runs_every_step() -> None:
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    called = set(re.findall(r'bash "\$steps/([a-z]+\.sh)"', run))
    assert called == set(_steps()) - set(INSIDE_ANOTHER)
    for inner, outer in INSIDE_ANOTHER.items():
        assert inner.removesuffix(".sh") in (STEPS / outer).read_text(encoding="utf-8")


def test_every_step_is_documented_and_runs_alone() -> None:
    docs = ROOT / "docs" / "contributing.rst"
    if not docs.exists():  # pragma: no cover - a tree without docs
        pytest.skip("no docs in this tree")
    text = docs.read_text(encoding="utf-8")
    for step in _steps():
        assert f"``{step}``" in text
        script = (STEPS / step).read_text(encoding="utf-8")
        assert script.startswith("#!/usr/bin/env bash\n")
        assert 'source "$(dirname "$0")/../lib.sh"' in script
