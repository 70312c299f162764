"""Players that act on views: random, rule-of-thumb and search.

Every bot follows the :class:`Bot` protocol: ``choose_bid(view)`` and
``choose_card(view)``, plus ``reset(seed)`` and a ``name``. Bots are only
ever given views (:func:`bugami.view`), and refuse full states.
:func:`play_out` lets a table of bots finish a deal or a game's current deal;
:func:`make_bot` builds a bot from a short text such as ``"search:64"``.

Argute has bots of its own, with the same protocol shape over Argute's views
(:class:`ArguteBot`; :mod:`bugami.argute.bots`): :class:`ArguteRandomBot`,
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

import re
from collections.abc import Callable, Sequence
from typing import Final, Literal, NamedTuple, overload

from bugami._kernel.players import MAX_SAMPLES, MAX_SECONDS, claim_bots
from bugami.argute import bots as argute_bots
from bugami.argute.bots import (
    ArguteBot,
    ArguteHeuristicBot,
    ArguteRandomBot,
    ArguteSearchBot,
    ArguteSolverBot,
)
from bugami.argute.declaration import DECLARATION as ARGUTE
from bugami.argute.game import Game as ArguteGame
from bugami.argute.state import Deal as ArguteDeal
from bugami.bots import base
from bugami.bots.base import Bot
from bugami.bots.calibrated import ArguteCalibratedBot, CalibratedBot
from bugami.bots.heuristic import HeuristicBot
from bugami.bots.inference import ArguteInferenceBot, InferenceBot
from bugami.bots.random_bot import RandomBot
from bugami.bots.search import SearchBot
from bugami.bots.solver import SolverBot
from bugami.core.dealing import Seed
from bugami.core.declaration import DECLARATION as BUGAMI
from bugami.core.game import Game
from bugami.core.state import Deal
from bugami.errors import InvalidInputError, brief

__all__ = [
    "BEST",
    "BOT_SPECS",
    "MAX_SEARCH_SAMPLES",
    "MAX_SEARCH_SECONDS",
    "ArguteBot",
    "ArguteHeuristicBot",
    "ArguteInferenceBot",
    "ArguteRandomBot",
    "ArguteSearchBot",
    "ArguteSolverBot",
    "Bot",
    "HeuristicBot",
    "InferenceBot",
    "RandomBot",
    "SearchBot",
    "SolverBot",
    "make_bot",
    "play_out",
]

MAX_SEARCH_SAMPLES: Final = MAX_SAMPLES
"""The largest sample budget a bot takes (``"search:N"``, ``samples=``): 100,000."""
MAX_SEARCH_SECONDS: Final = MAX_SECONDS
"""The largest time budget a bot takes (``"search:Ns"``, ``seconds=``), in seconds: 3,600."""
_SECONDS: Final = re.compile(r"[0-9]{1,4}(\.[0-9]{1,6})?s")
"""A time budget as ``make_bot`` reads it: plain digits, such as ``0.25s``."""
BOT_SPECS: Final = (
    "random, heuristic, search, search:N, search:Ns, solver, solver:N, solver:Ns, "
    "calib, calib:N, calib:Ns, infer, infer:N, infer:Ns or best"
)
"""The bot specs :func:`make_bot` takes, as its messages list them (N a
count of imagined deals, Ns a number of seconds).

>>> from bugami.bots import BOT_SPECS
>>> "calib:Ns" in BOT_SPECS
True
"""
BEST: Final = {"bugami": "infer:48", "argute": "calib:80"}
"""What ``make_bot("best")`` stands for in each game: the strongest bot
measured, at about 50 ms of CPU a decision (see :doc:`/ladder`): Bugami's
inference player with 48 imagined deals, Argute's calibrated bidder with 80.

>>> from bugami.bots import BEST, make_bot
>>> make_bot("best", game="argute").name == make_bot(BEST["argute"], game="argute").name
True
"""


class _GameBots(NamedTuple):
    """One game's bot classes, by the names :func:`make_bot` reads."""

    random: type[RandomBot | ArguteRandomBot]
    heuristic: type[HeuristicBot | ArguteHeuristicBot]
    search: type[SearchBot | ArguteSearchBot]
    infer: type[InferenceBot | ArguteInferenceBot]
    solver: type[SolverBot | ArguteSolverBot]
    calib: type[CalibratedBot | ArguteCalibratedBot]


# Each game's bots, by the game's declared name: the tool's part of a game,
# kept here rather than in the core's declaration.
_BOTS: Final = {
    BUGAMI.name: _GameBots(
        RandomBot, HeuristicBot, SearchBot, InferenceBot, SolverBot, CalibratedBot
    ),
    ARGUTE.name: _GameBots(
        ArguteRandomBot,
        ArguteHeuristicBot,
        ArguteSearchBot,
        ArguteInferenceBot,
        ArguteSolverBot,
        ArguteCalibratedBot,
    ),
}
# Each game's bot classes, claimed, so that a tool given a bot of the other game says so.
claim_bots(BUGAMI, *_BOTS[BUGAMI.name])
claim_bots(ARGUTE, *_BOTS[ARGUTE.name])


@overload
def make_bot(spec: str, seed: Seed | None = None, *, game: Literal["bugami"] = ...) -> Bot: ...


@overload
def make_bot(spec: str, seed: Seed | None = None, *, game: Literal["argute"]) -> ArguteBot: ...


@overload
def make_bot(spec: str, seed: Seed | None = None, *, game: str) -> Bot | ArguteBot: ...


def make_bot(spec: str, seed: Seed | None = None, *, game: str = "bugami") -> Bot | ArguteBot:
    """A bot from a short text, for Bugami or, with ``game="argute"``, for
    Argute (:data:`BOT_SPECS` lists them all):

    * ``"random"``, ``"heuristic"``;
    * ``"search"`` (:class:`SearchBot`), ``"solver"`` (the solver-based
      player, :class:`SolverBot`), ``"calib"`` (the same with its bid values
      calibrated per hand, :class:`~bugami.bots.calibrated.CalibratedBot`;
      at five players its bid weighed over 3N imagined deals; for Argute,
      :class:`~bugami.bots.calibrated.ArguteCalibratedBot`) and ``"infer"``
      (the inference player, :class:`InferenceBot`), each at its default
      budget, or followed by ``":N"`` (N imagined deals per decision, at
      most :data:`MAX_SEARCH_SAMPLES`) or ``":Ns"`` (a time budget of N
      seconds of CPU a decision, at most :data:`MAX_SEARCH_SECONDS`; not
      reproducible);
    * ``"best"``: the strongest bot, at about 50 ms of CPU a decision (the
      spec :data:`BEST` names for the game).

    >>> make_bot("search:16").name, make_bot("heuristic").name, make_bot("solver:8").name
    ('search(16)', 'heuristic', 'solver(8)')
    >>> make_bot("search:16", game="argute")
    ArguteSearchBot(samples=16)
    >>> make_bot("solver", game="argute")
    ArguteSolverBot(samples=32, endgame=2)
    >>> make_bot("infer:0.05s").name, make_bot("best").name, make_bot("best", game="argute").name
    ('infer(0.05s)', 'infer(48)', 'calib(80)')
    >>> make_bot("calib:8").name, make_bot("calib", game="argute").name
    ('calib(8)', 'calib(32)')
    >>> make_bot("calib:0.05s").name, make_bot("solver:0.2s", game="argute")
    ('calib(0.05s)', ArguteSolverBot(seconds=0.2, endgame=2))
    >>> make_bot("clever")
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: unknown bot 'clever': expected random, heuristic, search, search:N, search:Ns, solver, solver:N, solver:Ns, calib, calib:N, calib:Ns, infer, infer:N, infer:Ns or best
    """
    bots = _BOTS.get(game) if isinstance(game, str) else None
    if bots is None:
        raise InvalidInputError(f'game is "bugami" or "argute", not {brief(game)}')
    if not isinstance(spec, str):
        raise InvalidInputError(f"a bot is given by its name as a str, not {brief(spec)}")
    kind, _, budget = spec.strip().lower().partition(":")
    if kind == "random" and not budget:
        return bots.random(seed)
    if kind == "heuristic" and not budget:
        return bots.heuristic(seed)
    if kind == "best" and not budget:
        return make_bot(BEST[game], seed, game=game)
    if kind in ("search", "solver", "calib", "infer"):
        make: Callable[..., Bot | ArguteBot] = getattr(bots, kind)
        if not budget:
            return make(seed)
        try:
            if _SECONDS.fullmatch(budget) and 0 < float(budget[:-1]) <= MAX_SEARCH_SECONDS:
                return make(seed, seconds=float(budget[:-1]))
            if _is_count(budget):
                return make(seed, samples=int(budget))
        except ValueError:
            pass
        raise InvalidInputError(
            f"bad {kind} budget in {brief(spec)}: {kind}:N takes N from 1 to "
            f"{MAX_SEARCH_SAMPLES} imagined deals, {kind}:Ns up to {MAX_SEARCH_SECONDS} seconds"
        )
    raise InvalidInputError(f"unknown bot {brief(spec)}: expected {BOT_SPECS}")


@overload
def play_out(state: Deal, bots: Sequence[Bot]) -> Deal: ...


@overload
def play_out(state: Game, bots: Sequence[Bot]) -> Game: ...


@overload
def play_out(state: ArguteDeal, bots: Sequence[ArguteBot]) -> ArguteDeal: ...


@overload
def play_out(state: ArguteGame, bots: Sequence[ArguteBot]) -> ArguteGame: ...


def play_out(
    state: Deal | Game | ArguteDeal | ArguteGame, bots: Sequence[Bot] | Sequence[ArguteBot]
) -> Deal | Game | ArguteDeal | ArguteGame:
    """Let ``bots`` (one per seat) finish a deal, or the current deal of a
    game, handing each only its own view. The bots that still have to bid do
    so in seat order (none sees another's choice before the reveal). Returns
    the finished deal, or the game once that deal has been scored.

    The same goes for a hand or a game of Argute, played by Argute bots
    (:mod:`bugami.argute.bots`).

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(players=3), seed=2)
    >>> done = play_out(state, [RandomBot(seed=seat) for seat in range(3)])
    >>> done.is_over, play_out(state, [RandomBot(seed=s) for s in range(3)]) == done
    (True, True)
    """
    if isinstance(state, (Deal, Game)):
        return base.play_out(state, bots)  # type: ignore[arg-type]
    if isinstance(state, (ArguteDeal, ArguteGame)):
        return argute_bots.play_out(state, bots)  # type: ignore[arg-type]
    raise InvalidInputError(f"play_out needs a bugami Deal or Game, not {brief(state)}")


def _is_count(budget: str) -> bool:
    """Whether ``budget`` is a sample count :func:`make_bot` takes."""
    return (
        budget.isascii()
        and budget.isdigit()
        and len(budget) < 10
        and 1 <= int(budget) <= MAX_SEARCH_SAMPLES
    )
