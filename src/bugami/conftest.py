"""Pytest skips the examples that need an optional package where it is missing.

:func:`bugami.simulate.to_pandas` needs pandas and :mod:`bugami.plots` needs
matplotlib (the ``pandas`` and ``plots`` extras); the fast test runs install
neither. This file is not part of the wheel.
"""

from __future__ import annotations

from importlib.util import find_spec

import pytest

collect_ignore: list[str] = []
if find_spec("matplotlib") is None:
    collect_ignore.append("plots.py")

_NEEDS_PANDAS = ("bugami.simulate.to_pandas", "bugami.simulate.Simulation.to_pandas")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if find_spec("pandas") is not None:
        return
    skip = pytest.mark.skip(reason="needs pandas (the 'pandas' extra)")
    for item in items:
        if item.name in _NEEDS_PANDAS:
            item.add_marker(skip)
