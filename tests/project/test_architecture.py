"""The architecture as written down agrees with the architecture as enforced.

docs/architecture.rst draws the layers; pyproject.toml states them as
import-linter contracts, which CI checks with ``lint-imports``. These tests keep
the two the same, check that every module of the package sits in a layer, and
run the private-names contract of tools/import_contracts.py directly.
"""

from __future__ import annotations

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


def _layers_in_docs() -> list[str]:
    text = (ROOT / "docs" / "architecture.rst").read_text(encoding="utf-8")
    block = text.split(".. code-block:: text", 1)[1].split("\n\n", 2)[1]
    return [line.strip() for line in block.splitlines() if line.strip()]


def test_the_docs_draw_the_layers_that_are_enforced() -> None:
    if not (ROOT / "docs" / "architecture.rst").exists():  # pragma: no cover - sdist
        pytest.skip("no docs in this tree")
    assert _layers_in_docs() == _layers_in_pyproject()


def test_every_module_sits_in_a_layer() -> None:
    layered = {
        name.strip() for layer in _layers_in_pyproject() for name in re.split(r"[|:]", layer)
    }
    # the package faces, above every layer, and the folders' empty package modules
    faces = {"", "argute", "__about__", "core", "analysis", "pictures"}
    missing = []
    for module in pkgutil.walk_packages(bugami.__path__, "bugami."):
        name = module.name.removeprefix("bugami.")
        if name in faces:
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
