"""The architecture as enforced: the import-linter contracts of pyproject.toml.

pyproject.toml holds the one list of the layers (docs/architecture.rst explains it and
points there); CI checks the contracts with ``lint-imports``. These tests check that
the layers stay coarse and cover every module of the package, and run the
private-names contract of tools/import_contracts.py directly.
"""

from __future__ import annotations

import importlib.util
import pkgutil
import re
import sys
from pathlib import Path

import pytest

import bugami

ROOT = Path(__file__).resolve().parents[2]

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    tomllib = pytest.importorskip("tomli")


def _contracts() -> list[dict[str, object]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts: list[dict[str, object]] = config["tool"]["importlinter"]["contracts"]
    return contracts


def _layers_in_pyproject() -> list[str]:
    (layers,) = [c["layers"] for c in _contracts() if c["type"] == "layers"]
    assert isinstance(layers, list)
    return [str(layer) for layer in layers]


def _layer_items() -> set[str]:
    """Every module the layers name; an optional one (in parentheses) bare."""
    return {
        name.strip().strip("()")
        for layer in _layers_in_pyproject()
        for name in re.split(r"[|:]", layer)
    }


def _optional_layer_items() -> set[str]:
    """The modules the layers name in parentheses: those of the compiled build only."""
    return {
        name.strip()[1:-1]
        for layer in _layers_in_pyproject()
        for name in re.split(r"[|:]", layer)
        if name.strip().startswith("(")
    }


def test_the_layers_are_few_and_coarse() -> None:
    # About seven layers of packages; the games are independent of each other.
    layers = _layers_in_pyproject()
    assert 5 <= len(layers) <= 8, layers
    (independent,) = [c["modules"] for c in _contracts() if c["type"] == "independence"]
    assert independent == ["bugami.core", "bugami.argute"]


def test_every_layer_names_a_module_of_the_package() -> None:
    optional = _optional_layer_items()
    assert optional == {"_endgame"}
    for item in _layer_items():
        found = importlib.util.find_spec(f"bugami.{item}") is not None
        if item in optional:  # there in the compiled build, maybe built in place in a clone
            assert found or not bugami.COMPILED, item
        else:
            assert found, item


def _is_kept_alias(name: str) -> bool:
    """A module kept at its path of before 0.1 (``bugami.cards`` for ``bugami.core.cards``)."""
    return "." not in name and any(
        importlib.util.find_spec(f"bugami.{package}.{name}") is not None
        for package in ("core", "analysis", "pictures")
    )


def test_every_module_sits_in_a_layer() -> None:
    layered = _layer_items()
    faces = {"", "argute", "__about__"}  # the package faces, above every layer
    missing = []
    for module in pkgutil.walk_packages(bugami.__path__, "bugami."):
        name = module.name.removeprefix("bugami.")
        if name in faces or _is_kept_alias(name):
            continue
        parts = name.split(".")
        if not any(".".join(parts[:size]) in layered for size in range(1, len(parts) + 1)):
            missing.append(name)
    assert missing == []


def test_no_module_imports_another_modules_private_names() -> None:
    pytest.importorskip("grimp")  # import-linter's, a dev tool (the sdist's tests run without)
    sys.path.insert(0, str(ROOT))
    try:
        from tools.import_contracts import private_name_imports
    finally:
        sys.path.remove(str(ROOT))
    offences = [
        (module.name, found)
        for module in pkgutil.walk_packages(bugami.__path__, "bugami.")
        for found in private_name_imports(module.name)
    ]
    assert offences == []


def test_the_private_names_contract_sees_an_offence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("grimp")
    package = tmp_path / "sample"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "_inner.py").write_text("VALUE = 1\n")
    (package / "one.py").write_text("_hidden = 1\nshown = 2\n")
    (package / "two.py").write_text(
        "from sample.one import _hidden, shown\nfrom sample import _inner\nfrom .one import _hidden as again\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.path.insert(0, str(ROOT))
    try:
        from tools.import_contracts import private_name_imports
    finally:
        sys.path.remove(str(ROOT))
    assert private_name_imports("sample.two") == [
        (1, "sample.one", "_hidden"),
        (3, "sample.one", "_hidden"),
    ]


def test_the_picture_draws_every_layer() -> None:
    sys.path.insert(0, str(ROOT))
    try:
        from tools.draw_architecture import draw, layers
    finally:
        sys.path.remove(str(ROOT))
    picture = draw()
    assert picture.startswith("<svg")
    assert picture.rstrip().endswith("</svg>")
    drawn = [item for layer in layers() for group in layer for item in group]
    assert sorted(drawn) == sorted(_layer_items())
    for item in drawn:
        assert f">bugami.{item}<" in picture
