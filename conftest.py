"""Where pytest takes the package's docstring examples from, and which of them
need an optional package.

The test paths include ``src/bugami`` so that ``--doctest-modules`` runs every
docstring example. In a checkout with an editable install, ``bugami`` is
imported from ``src`` and those examples are collected as they are. When the
tests of an unpacked sdist run against an *installed* ``bugami`` (a wheel),
collecting ``src/bugami`` would import a second copy of the package and fail
("import file mismatch"): this file collects the examples from the installed
package instead.

Either way, the modules whose extras are missing are not collected (the
adapters raise :class:`ImportError` on import without OpenSpiel or PettingZoo,
:mod:`bugami.plots` without matplotlib), and the examples that need pandas are
skipped without it. The fast test runs install none of these extras.
"""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parent / "src" / "bugami"

_OPENSPIEL = ("integrations/_openspiel_base.py", "integrations/openspiel.py",
              "integrations/openspiel_argute.py")  # fmt: skip
_PETTINGZOO = ("integrations/_pettingzoo_base.py", "integrations/pettingzoo.py",
               "integrations/pettingzoo_argute.py")  # fmt: skip
_NEEDS_PANDAS = ("bugami.simulate.to_pandas", "bugami.simulate.Simulation.to_pandas")


def _missing(*names: str) -> bool:
    return any(find_spec(name) is None for name in names)


def not_collected() -> list[str]:
    """The package's modules (paths inside the package) whose extras are not
    installed here."""
    skipped: list[str] = []
    if _missing("matplotlib"):
        skipped.append("plots.py")
    if _missing("pyspiel", "numpy"):
        skipped += _OPENSPIEL
    if _missing("pettingzoo", "gymnasium", "numpy"):
        skipped += _PETTINGZOO
    return skipped


def installed_package() -> Path | None:
    """The folder ``bugami`` is imported from, if it is not this checkout's
    ``src/bugami``; else ``None``."""
    spec = find_spec("bugami")
    if spec is None or spec.origin is None:
        return None
    folder = Path(spec.origin).resolve().parent
    return None if folder == SOURCE else folder


def pytest_configure(config: pytest.Config) -> None:
    installed = installed_package()
    if installed is not None:
        config.args[:] = [
            str(installed) if Path(config.rootpath, arg).resolve() == SOURCE else arg
            for arg in config.args
        ]
    package = SOURCE if installed is None else installed
    ignored = config.option.ignore or []
    ignored.extend(str(package / name) for name in not_collected())
    config.option.ignore = ignored


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if not _missing("pandas"):
        return
    skip = pytest.mark.skip(reason="needs pandas (the 'pandas' extra)")
    for item in items:
        if item.name in _NEEDS_PANDAS:
            item.add_marker(skip)


def pytest_report_header(config: pytest.Config) -> str:
    installed = installed_package()
    where = "this checkout's src" if installed is None else f"the installed {installed}"
    return f"bugami: testing {where}"
