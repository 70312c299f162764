"""Pytest collects this package's doctests only where its extras are installed.

The adapters raise :class:`ImportError` on import without OpenSpiel or
PettingZoo, which ``--doctest-modules`` would report as a collection error.
"""

from __future__ import annotations

from importlib.util import find_spec

collect_ignore: list[str] = []
if find_spec("pyspiel") is None or find_spec("numpy") is None:
    collect_ignore += ["_openspiel_base.py", "openspiel.py", "openspiel_argute.py"]
if any(find_spec(name) is None for name in ("pettingzoo", "gymnasium", "numpy")):
    collect_ignore += ["_pettingzoo_base.py", "pettingzoo.py", "pettingzoo_argute.py"]
