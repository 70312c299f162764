"""A contract for import-linter: no module imports another module's private names.

import-linter checks which modules import which; this contract looks one step
further, at the names: ``from bugami.core.state import _helper`` in any module other
than ``bugami.core.state`` itself breaks it, however the two modules are layered.
Private *modules* (``bugami._kernel``, or ``from bugami import _scoring``) are
checked by import-linter's own ``private_modules`` contract; here a name is
private when it starts with one underscore (dunder names such as
``__version__`` are not private).

Used from ``pyproject.toml``::

    [tool.importlinter]
    contract_types = ["private_names: tools.import_contracts.PrivateNamesContract"]
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import grimp
from importlinter.application import output
from importlinter.domain import fields
from importlinter.domain.contract import Contract, ContractCheck


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _source_of(module: str) -> Path | None:
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        return None
    return Path(spec.origin)


def _absolute(module: str, node: ast.ImportFrom, is_package: bool) -> str:
    """The module a ``from ... import`` names, relative imports resolved."""
    if not node.level:
        return node.module or ""
    parts = module.split(".")
    base = parts if is_package else parts[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def private_name_imports(module: str) -> list[tuple[int, str, str]]:
    """``(line, imported module, name)`` for each private name ``module``
    imports from another module of its project."""
    path = _source_of(module)
    if path is None:
        return []
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    root = module.split(".")[0]
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        source = _absolute(module, node, is_package)
        if source == module or source.split(".")[0] != root:
            continue
        found += [
            (node.lineno, source, alias.name)
            for alias in node.names
            if _is_private(alias.name) and not _is_module(f"{source}.{alias.name}")
        ]
    return found


def _is_module(name: str) -> bool:
    """Whether ``name`` is a module (a private submodule imported from its
    package is the business of import-linter's ``private_modules`` contract)."""
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


class PrivateNamesContract(Contract):
    """No module of ``containers`` imports a private name of another module."""

    type_name = "private_names"

    containers = fields.ListField(subfield=fields.StringField())

    def check(self, graph: grimp.ImportGraph, verbose: bool) -> ContractCheck:
        offences = []
        for container in self.containers:  # type: ignore[attr-defined]
            for module in sorted({container, *graph.find_descendants(container)}):
                offences += [
                    f"{module} (l.{line}) imports {name} from {source}"
                    for line, source, name in private_name_imports(module)
                ]
        return ContractCheck(kept=not offences, metadata={"offences": offences})

    def render_broken_contract(self, check: ContractCheck) -> None:
        output.print_error("Private names imported from another module:", bold=False)
        output.new_line()
        for offence in check.metadata["offences"]:
            output.print_error(f"- {offence}", bold=False)
            output.new_line()
