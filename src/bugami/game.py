"""Kept alias: ``bugami.game`` is :mod:`bugami.core.game` under its path of before 0.1.

The module moved into the package of its layer; this path keeps working, with
the same public names, for the 0.x releases (see the architecture page of the docs).
"""

from __future__ import annotations

from bugami.core import game as _home
from bugami.core.game import *  # noqa: F403

__all__: list[str] = []
__all__ += _home.__all__
