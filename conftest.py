"""Where pytest takes the package's docstring examples from.

The test paths include ``src/bugami`` so that ``--doctest-modules`` runs every
docstring example. In a checkout with an editable install, ``bugami`` is
imported from ``src`` and those examples are collected as they are. When the
tests of an unpacked sdist run against an *installed* ``bugami`` (a wheel),
collecting ``src/bugami`` would import a second copy of the package and fail
("import file mismatch"): this hook collects the examples from the installed
package instead, skipping the adapters whose extras are not installed, as
``src/bugami/integrations/conftest.py`` does in a checkout.
"""

from __future__ import annotations

import runpy
from importlib.util import find_spec
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parent / "src" / "bugami"


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
    if installed is None:
        return
    config.args[:] = [
        str(installed) if Path(config.rootpath, arg).resolve() == SOURCE else arg
        for arg in config.args
    ]
    adapters = SOURCE / "integrations" / "conftest.py"
    if adapters.exists():  # the adapters whose extras are missing: not collected
        missing = runpy.run_path(str(adapters))["collect_ignore"]
        ignored = config.option.ignore or []
        ignored.extend(str(installed / "integrations" / name) for name in missing)
        config.option.ignore = ignored


def pytest_report_header(config: pytest.Config) -> str:
    installed = installed_package()
    where = "this checkout's src" if installed is None else f"the installed {installed}"
    return f"bugami: testing {where}"
