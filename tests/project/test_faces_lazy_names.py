"""Each package face names its lazy public names twice: in the ``_LAZY``
table that ``__getattr__`` reads, and in the imports under ``if
TYPE_CHECKING:`` that type checkers read. The two must name the same things,
and the submodule imports the same submodules as ``_SUBMODULES``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import bugami
from bugami import argute

FACES = {"bugami": bugami, "bugami.argute": argute}


def _type_checking_imports(face: str) -> tuple[dict[str, str], set[str]]:
    """The names imported under ``if TYPE_CHECKING:`` with their modules, and
    the submodules imported there (``from bugami import bots as bots``)."""
    path = Path(FACES[face].__file__ or "")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    (block,) = [
        node
        for node in tree.body
        if isinstance(node, ast.If)
        and isinstance(node.test, ast.Name)
        and node.test.id == "TYPE_CHECKING"
    ]
    names: dict[str, str] = {}
    submodules: set[str] = set()
    for node in block.body:
        assert isinstance(node, ast.ImportFrom), ast.dump(node)
        assert node.module is not None
        for alias in node.names:
            if node.module == face:
                assert alias.asname == alias.name  # re-exported explicitly
                submodules.add(alias.name)
            else:
                assert node.module.startswith(face + "."), node.module
                names[alias.asname or alias.name] = node.module
    return names, submodules


@pytest.mark.parametrize("face", sorted(FACES))
def test_the_lazy_table_and_the_type_checking_imports_name_the_same_things(face: str) -> None:
    module = FACES[face]
    names, submodules = _type_checking_imports(face)
    lazy: dict[str, str] = module._LAZY
    prefix = "" if face == "bugami" else face + "."
    assert {name: prefix + where for name, where in lazy.items()} == names
    assert set(module._SUBMODULES) == submodules


def test_a_name_missing_from_one_side_is_found() -> None:
    names, _ = _type_checking_imports("bugami")
    lazy = dict(bugami._LAZY)
    del lazy["solve"]
    assert lazy != names


@pytest.mark.parametrize("face", sorted(FACES))
def test_dir_lists_the_public_names_and_not_the_modules_own_imports(face: str) -> None:
    module = FACES[face]
    listed = dir(module)
    assert set(module.__all__) <= set(listed)
    assert set(module._SUBMODULES) <= set(listed)
    # a regression: dir(bugami) listed sys, importlib, Final and TYPE_CHECKING
    assert not {"sys", "importlib", "Final", "TYPE_CHECKING", "annotations"} & set(listed)
