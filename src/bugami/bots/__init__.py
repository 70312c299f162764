"""Players that act on views: random, rule-of-thumb and search.

Every bot follows the :class:`Bot` protocol: ``choose_bid(view)`` and
``choose_card(view)``, plus ``reset(seed)`` and a ``name``. Bots are only
ever given views (:func:`bugami.view`), and refuse full states.
:func:`play_out` lets a table of bots finish a deal or a game's current deal;
:func:`make_bot` builds a bot from a short text such as ``"search:64"``.

Argute has no views yet, so there are no Argute bots yet.

>>> import bugami
>>> from bugami.bots import HeuristicBot, RandomBot, play_out
>>> state = bugami.deal(bugami.Rules(), seed=10)
>>> table = [HeuristicBot(), RandomBot(seed=1), HeuristicBot(), RandomBot(seed=2)]
>>> len(bugami.score(play_out(state, table)))
4
"""

from __future__ import annotations

from bugami.bots.base import Bot, play_out
from bugami.bots.heuristic import HeuristicBot
from bugami.bots.random_bot import RandomBot
from bugami.bots.search import SearchBot
from bugami.dealing import Seed
from bugami.errors import InvalidInputError

__all__ = [
    "Bot",
    "HeuristicBot",
    "RandomBot",
    "SearchBot",
    "make_bot",
    "play_out",
]


def make_bot(spec: str, seed: Seed | None = None) -> Bot:
    """A bot from a short text: ``"random"``, ``"heuristic"``, ``"search"``,
    ``"search:N"`` (N imagined deals per decision) or ``"search:Ns"`` (a time
    budget of N seconds per decision).

    >>> make_bot("search:16").name, make_bot("heuristic").name
    ('search(16)', 'heuristic')
    >>> make_bot("clever")
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: unknown bot 'clever': expected random, heuristic, search, search:N or search:Ns
    """
    kind, _, budget = spec.strip().lower().partition(":")
    if kind == "random" and not budget:
        return RandomBot(seed)
    if kind == "heuristic" and not budget:
        return HeuristicBot(seed)
    if kind == "search":
        if not budget:
            return SearchBot(seed)
        try:
            if budget.endswith("s"):
                return SearchBot(seed, seconds=float(budget[:-1]))
            return SearchBot(seed, samples=int(budget))
        except ValueError:
            pass
    raise InvalidInputError(
        f"unknown bot {spec!r}: expected random, heuristic, search, search:N or search:Ns"
    )
