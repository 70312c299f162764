"""Argute's bots, under the name this module has always had: they live in
:mod:`bugami.argute.bots` (beside Argute's rules) and are also importable
from :mod:`bugami.bots`.

>>> from bugami.bots.argute import ArguteHeuristicBot
>>> ArguteHeuristicBot().name
'heuristic'
"""

from __future__ import annotations

from bugami.argute.bots import (
    ArguteBot,
    ArguteHeuristicBot,
    ArguteRandomBot,
    ArguteSearchBot,
    ArguteSolverBot,
    heuristic_bid,
    heuristic_card,
)

__all__ = [
    "ArguteBot",
    "ArguteHeuristicBot",
    "ArguteRandomBot",
    "ArguteSearchBot",
    "ArguteSolverBot",
    "heuristic_bid",
    "heuristic_card",
]
