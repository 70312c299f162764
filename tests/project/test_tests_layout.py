"""The tests' own layout, as tests/README.md describes it: every test file in a
subject folder that the README lists, file names unique across the folders, and
no test file importing another."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def _test_files() -> list[Path]:
    return sorted(TESTS.rglob("test_*.py"))


def _listed_folders() -> set[str]:
    """The folders named in the first column of the README's table."""
    text = (TESTS / "README.md").read_text(encoding="utf-8")
    return set(re.findall(r"^\| `([a-z_]+)/` \|", text, flags=re.MULTILINE))


def test_every_test_file_is_in_a_listed_subject_folder() -> None:
    listed = _listed_folders()
    assert "records" in listed
    misplaced = [
        str(path.relative_to(TESTS))
        for path in _test_files()
        if len(path.relative_to(TESTS).parts) != 2 or path.parent.name not in listed
    ]
    assert misplaced == [], (
        "move these test files into the folder of their subject "
        f"(tests/README.md lists the folders): {misplaced}"
    )
    folders = {path.name for path in TESTS.iterdir() if path.is_dir()}
    assert listed <= folders, f"tests/README.md lists missing folders: {listed - folders}"


def test_test_file_names_are_unique_across_folders() -> None:
    # The folders are not packages: pytest imports each test file by its name alone.
    counts = Counter(path.name for path in _test_files())
    assert [name for name, count in counts.items() if count > 1] == []


def test_no_test_file_imports_another() -> None:
    importing = []
    for path in _test_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("test_"):
                importing.append(f"{path.name} imports {node.module}")
            elif isinstance(node, ast.Import):
                importing += [
                    f"{path.name} imports {alias.name}"
                    for alias in node.names
                    if alias.name.startswith("test_")
                ]
    assert importing == [], (
        "a test file imports another, which works only when both are collected: "
        f"move what they share into a helper module in tests/: {importing}"
    )
