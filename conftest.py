"""Where pytest takes the package's docstring examples from, and which of them
need an optional package.

The test paths include ``src/bugami`` so that ``--doctest-modules`` runs every
docstring example. In a checkout with an editable install, ``bugami`` is
imported from ``src`` and those examples are collected as they are. When the
tests of an unpacked sdist run against an *installed* ``bugami`` (a wheel),
collecting ``src/bugami`` would import a second copy of the package and fail
("import file mismatch"): this file collects the examples from the installed
package instead.

The examples of compiled modules (a wheel built with mypyc holds the compiled
core beside its sources) cannot be collected: a compiled module keeps no
docstring examples pytest can find. They are left out here, and named in the
report's header; the run on the pure source (which CI makes too) runs them.

Either way, the modules whose extras are missing are not collected (the
adapters raise :class:`ImportError` on import without OpenSpiel or PettingZoo,
:mod:`bugami.pictures.plots` without matplotlib), and the examples that need pandas are
skipped without it. The fast test runs install none of these extras.
"""

from __future__ import annotations

import sys
from importlib.machinery import EXTENSION_SUFFIXES
from importlib.util import find_spec
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parent / "src" / "bugami"

_OPENSPIEL = ("integrations/_openspiel_base.py", "integrations/openspiel.py",
              "integrations/openspiel_argute.py")  # fmt: skip
_PETTINGZOO = ("integrations/_pettingzoo_base.py", "integrations/pettingzoo.py",
               "integrations/pettingzoo_argute.py")  # fmt: skip
_NEEDS_PANDAS = (
    "bugami.analysis.simulate.to_pandas",
    "bugami.analysis.simulate.Simulation.to_pandas",
)


def _missing(*names: str) -> bool:
    return any(find_spec(name) is None for name in names)


def not_collected() -> list[str]:
    """The package's modules (paths inside the package) whose extras are not
    installed here."""
    skipped: list[str] = []
    if _missing("matplotlib"):
        skipped.append("pictures/plots.py")
    if _missing("pyspiel", "numpy"):
        skipped += _OPENSPIEL
    if _missing("pettingzoo", "gymnasium", "numpy"):
        skipped += _PETTINGZOO
    return skipped


def kept_aliases(package: Path) -> list[str]:
    """The module paths of before 0.1 kept as aliases (``cards.py`` for
    ``core/cards.py``, ...): they hold no examples, and those that the face
    registers in ``sys.modules`` (``bugami.cards`` *is* ``bugami.core.cards``)
    cannot be collected under a path of their own."""
    return sorted(
        source.name
        for source in package.glob("*.py")
        if any(
            (package / folder / source.name).exists() for folder in ("core", "analysis", "pictures")
        )
    )


def installed_package() -> Path | None:
    """The folder ``bugami`` is imported from, if it is not this checkout's
    ``src/bugami``; else ``None``."""
    spec = find_spec("bugami")
    if spec is None or spec.origin is None:
        return None
    folder = Path(spec.origin).resolve().parent
    return None if folder == SOURCE else folder


def compiled_modules(package: Path) -> list[str]:
    """The package's modules (paths inside it) that are compiled: a source
    with an extension module beside it."""
    return sorted(
        str(source.relative_to(package))
        for source in package.rglob("*.py")
        if any(source.with_suffix(suffix).exists() for suffix in EXTENSION_SUFFIXES)
    )


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
    ignored.extend(str(package / name) for name in compiled_modules(package))
    ignored.extend(str(package / name) for name in kept_aliases(package))
    config.option.ignore = ignored


# Where Python cannot start processes (Pyodide, WASI), the tests that do are skipped.
NO_PROCESSES = sys.platform in ("emscripten", "wasi")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if NO_PROCESSES:
        cannot = pytest.mark.skip(reason=f"{sys.platform} cannot start processes")
        for item in items:
            if item.get_closest_marker("processes") is not None:
                item.add_marker(cannot)
    if not _missing("pandas"):
        return
    skip = pytest.mark.skip(reason="needs pandas (the 'pandas' extra)")
    for item in items:
        if item.name in _NEEDS_PANDAS:
            item.add_marker(skip)


def pytest_report_header(config: pytest.Config) -> str | list[str]:
    installed = installed_package()
    where = "this checkout's src" if installed is None else f"the installed {installed}"
    compiled = compiled_modules(SOURCE if installed is None else installed)
    if not compiled:
        return f"bugami: testing {where}"
    return [
        f"bugami: testing {where}",
        f"bugami: {len(compiled)} compiled modules, whose docstring examples only the pure "
        f"run collects: {' '.join(compiled)}",
    ]
