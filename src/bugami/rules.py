"""Kept alias: ``bugami.rules`` is :mod:`bugami.core.rules` under its path of before 0.1.

The module moved into the package of its layer; this path keeps working, with
the same public names, for the 0.x releases (see the architecture page of the docs).
"""

from __future__ import annotations

from bugami.core import rules as _home
from bugami.core.rules import *  # noqa: F403

__all__: list[str] = []
__all__ += _home.__all__
