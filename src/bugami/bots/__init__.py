"""Players that act on views: random, rule-of-thumb and search.

Every bot follows the :class:`Bot` protocol: ``choose_bid(view)`` and
``choose_card(view)``, plus ``reset(seed)`` and a ``name``. Bots are only
ever given views (:func:`bugami.view`), and refuse full states.
:func:`play_out` lets a table of bots finish a deal or a game's current deal;
:func:`make_bot` builds a bot from a short text such as ``"search:64"``.

Argute has bots of its own, with the same protocol shape over Argute's views
(:class:`ArguteBot`; :mod:`bugami.bots.argute`): :class:`ArguteRandomBot`,
:class:`ArguteHeuristicBot` and :class:`ArguteSearchBot`. :func:`play_out`
takes a hand or game of Argute as well, and ``make_bot(spec, game="argute")``
builds them.

>>> import bugami
>>> from bugami.bots import HeuristicBot, RandomBot, play_out
>>> state = bugami.deal(bugami.Rules(), seed=10)
>>> table = [HeuristicBot(), RandomBot(seed=1), HeuristicBot(), RandomBot(seed=2)]
>>> len(bugami.score(play_out(state, table)))
4
"""

from __future__ import annotations

from typing import Literal, overload

from bugami.bots.argute import ArguteBot, ArguteHeuristicBot, ArguteRandomBot, ArguteSearchBot
from bugami.bots.base import Bot, play_out
from bugami.bots.heuristic import HeuristicBot
from bugami.bots.random_bot import RandomBot
from bugami.bots.search import SearchBot
from bugami.bots.solver import ArguteSolverBot, SolverBot
from bugami.dealing import Seed
from bugami.errors import InvalidInputError

__all__ = [
    "ArguteBot",
    "ArguteHeuristicBot",
    "ArguteRandomBot",
    "ArguteSearchBot",
    "ArguteSolverBot",
    "Bot",
    "HeuristicBot",
    "RandomBot",
    "SearchBot",
    "SolverBot",
    "make_bot",
    "play_out",
]


@overload
def make_bot(spec: str, seed: Seed | None = None, *, game: Literal["bugami"] = ...) -> Bot: ...


@overload
def make_bot(spec: str, seed: Seed | None = None, *, game: Literal["argute"]) -> ArguteBot: ...


@overload
def make_bot(spec: str, seed: Seed | None = None, *, game: str) -> Bot | ArguteBot: ...


def make_bot(spec: str, seed: Seed | None = None, *, game: str = "bugami") -> Bot | ArguteBot:
    """A bot from a short text: ``"random"``, ``"heuristic"``, ``"search"``,
    ``"search:N"`` (N imagined deals per decision), ``"search:Ns"`` (a time
    budget of N seconds per decision), ``"solver"`` or ``"solver:N"`` (the
    solver-based player, N imagined deals per decision), for Bugami or, with
    ``game="argute"``, for Argute.

    >>> make_bot("search:16").name, make_bot("heuristic").name, make_bot("solver:8").name
    ('search(16)', 'heuristic', 'solver(8)')
    >>> make_bot("search:16", game="argute")
    ArguteSearchBot(samples=16)
    >>> make_bot("solver", game="argute")
    ArguteSolverBot(samples=32, endgame=2)
    >>> make_bot("clever")
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: unknown bot 'clever': expected random, heuristic, search, search:N, search:Ns, solver or solver:N
    """
    if game not in ("bugami", "argute"):
        raise InvalidInputError(f'game is "bugami" or "argute", not {game!r}')
    argute = game == "argute"
    kind, _, budget = spec.strip().lower().partition(":")
    if kind == "random" and not budget:
        return ArguteRandomBot(seed) if argute else RandomBot(seed)
    if kind == "heuristic" and not budget:
        return ArguteHeuristicBot(seed) if argute else HeuristicBot(seed)
    if kind == "search":
        search = ArguteSearchBot if argute else SearchBot
        if not budget:
            return search(seed)
        try:
            if budget.endswith("s"):
                return search(seed, seconds=float(budget[:-1]))
            return search(seed, samples=int(budget))
        except ValueError:
            pass
    if kind == "solver":
        solver = ArguteSolverBot if argute else SolverBot
        if not budget:
            return solver(seed)
        if budget.isdigit():
            return solver(seed, samples=int(budget))
    raise InvalidInputError(
        f"unknown bot {spec!r}: expected random, heuristic, search, search:N, search:Ns, "
        "solver or solver:N"
    )
