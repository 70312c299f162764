"""Pytest collects this package's doctests only where its extras are installed.

The adapters raise :class:`ImportError` on import without OpenSpiel or
PettingZoo, which ``--doctest-modules`` would report as a collection error.
"""

from __future__ import annotations

from importlib.util import find_spec

collect_ignore: list[str] = []
if find_spec("numpy") is None:
    collect_ignore.append("_encoding.py")
    collect_ignore.append("_argute_encoding.py")
if find_spec("pyspiel") is None or find_spec("numpy") is None:
    collect_ignore.append("openspiel.py")
    collect_ignore.append("openspiel_argute.py")
if find_spec("pettingzoo") is None or find_spec("gymnasium") is None:
    collect_ignore.append("pettingzoo.py")
    collect_ignore.append("pettingzoo_argute.py")
