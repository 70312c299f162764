"""Reviewing games: how good was each decision? And hints: what is each option worth?

:func:`review` looks back at a deal, a game or a record and values every
decision of the chosen seats -- each bid and each card -- *from that seat's
view at that moment*: for every legal action, the seat's expected points for
the deal, over deals consistent with what it could see, the rest played out
by bots (by default a :class:`~bugami.bots.HeuristicBot` at every seat), or
worked out exactly by the open-hand solver (:func:`bugami.solve`) where the
hidden cards no longer matter. The loss of a decision is the best value less
the value of the action taken; its label says how bad that is.
:func:`hint` values the options of one view now, best first.

>>> import bugami
>>> from bugami.bots import HeuristicBot, play_out
>>> done = play_out(bugami.deal(bugami.Rules(), seed=7), [HeuristicBot()] * 4)
>>> result = review(done, seats=[0], seed=1, samples=4)
>>> print(result.table())  # doctest: +NORMALIZE_WHITESPACE
seat  decisions  choices  total loss  mean loss  accuracy  best  good  inaccuracy  mistake  blunder
   0         14       11        66.5       6.05       55%     9     0           2        2        1

How the values are found (see also the *Reviewing games* guide):

* **Cards.** ``samples`` deals consistent with the seat's view are drawn
  (:func:`bugami.sample_deal`); on each, every legal card is played and the
  bots finish the deal, restarted alike before each card: *common random
  numbers*, so that the cards are compared on the same luck and their
  differences are far less noisy than their values. In the last
  ``exact_tricks`` tricks, and wherever every card the seat cannot see is
  in one other hand, the solver values each card exactly on each sample
  instead (if it needs more than ``max_nodes`` positions, the bots play it
  out). Where nothing hidden remains, the values are the solver's:
  ``Decision.exact`` says so. The solver assumes every other seat plays
  against this one.
* **Bids** are valued by :func:`bugami.evaluate_bids` over ``samples``
  imagined deals.
* **Labels.** A loss of nothing is ``best``; below the first threshold
  ``good``; from the thresholds of :data:`THRESHOLDS` (in points; give your
  own with ``thresholds``) on, ``inaccuracy``, ``mistake`` and ``blunder``.
* **Reproducible.** Everything is drawn from ``seed`` (the decision's place
  in the history and the sample's number added): the same seed gives the
  same review, whatever the executor of :func:`review_many`.
"""

from __future__ import annotations

import collections
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor
from importlib.resources import files
from typing import Any, Final

from bugami import argute
from bugami._kernel import reviewing
from bugami._kernel.estimates import check_seed
from bugami._kernel.reviewing import Decision, Hint, Review, SeatSummary
from bugami._kernel.seeds import Seed
from bugami.analysis.evaluation import evaluate_bids
from bugami.argute import reviews as argute_reviews
from bugami.bots import Bot, HeuristicBot, play_out
from bugami.core.cards import Bid, Card
from bugami.core.declaration import DECLARATION
from bugami.core.game import Game
from bugami.core.rules import Rules
from bugami.core.state import Deal
from bugami.core.view import DealView, GameView
from bugami.errors import BugamiError, InvalidInputError, brief
from bugami.record import Record
from bugami.solver import solve

__all__ = [
    "DEFAULT_SAMPLES",
    "EXACT_TRICKS",
    "LABELS",
    "MAX_NODES",
    "THRESHOLDS",
    "Decision",
    "Hint",
    "Review",
    "SeatSummary",
    "hint",
    "json_schema",
    "review",
    "review_many",
]

DEFAULT_SAMPLES: Final = 20
"""How many deals consistent with a seat's view value each decision by
default (and each hint)."""
EXACT_TRICKS: Final = 3
"""In how many of the last tricks the solver values the cards by default."""
MAX_NODES: Final = 200_000
"""The most positions the solver may visit for one sample by default."""
LABELS: Final = reviewing.LABELS
"""The labels of a decision, from the best to the worst: ``best``, ``good``,
``inaccuracy``, ``mistake``, ``blunder``."""
THRESHOLDS: Final = DECLARATION.thresholds
"""The least loss, in points, of an inaccuracy, a mistake and a blunder in
Bugami (a clean trick is worth 20 points, a misère 100)."""

KIT: Final[reviewing.Kit[Rules, Deal, Game, DealView, Bid, Card, Bot]] = reviewing.Kit(
    game=DECLARATION,
    bot_kind=Bot,
    default_bot=HeuristicBot,
    bot_words=("a bot", "one bot per seat", "bugami.bots.Bot"),
    play_out=play_out,
    solve=solve,
    evaluate_bids=evaluate_bids,
)
"""What a review of Bugami uses: the game's declaration, its bots, solver
and bid evaluation."""


def review(
    deal_game_or_record: Deal | Game | Record[Any],
    *,
    seats: Iterable[int] | None = None,
    seed: Seed | None = None,
    samples: int = DEFAULT_SAMPLES,
    bots: Bot | Sequence[Bot] | None = None,
    thresholds: Sequence[float] | Mapping[str, float] | None = None,
    exact_tricks: int = EXACT_TRICKS,
    max_nodes: int = MAX_NODES,
) -> Review:
    """The review of every decision of ``seats`` (``None``: every seat) in a
    deal, a game (each of its deals, the one in progress too) or a record of
    either (see the module's description).

    :param seed: an int, str or bytes (``None``: a fresh one); the same seed
        gives the same review.
    :param samples: deals consistent with the seat's view per decision (at
        least 2). More give steadier values, at a cost in time.
    :param bots: the bots that finish imagined deals: one bot for every seat,
        one per seat, or ``None`` for a :class:`~bugami.bots.HeuristicBot`.
    :param thresholds: the least loss of an inaccuracy, a mistake and a
        blunder, in points (three numbers, or a dict with those keys);
        ``None`` for :data:`THRESHOLDS`.
    :param exact_tricks: in how many of the last tricks the solver values the
        cards (0: only where nothing hidden remains).
    :param max_nodes: the solver's bound per sample, in positions.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(), seed=5)
    >>> for seat, choice in enumerate("SHDC"):
    ...     state = bugami.bid(state, seat, choice)
    >>> result = review(bugami.play(state, bugami.legal_moves(state)[0]), seats=[1], seed=2, samples=4)
    >>> [(str(d.action), d.label) for d in result.decisions]
    [('1 bid H', 'best')]
    >>> review(bugami.view(state, 0))
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: a view (or a record written for one seat) hides cards and cannot be reviewed: review the full deal, game or record
    """
    return reviewing.review(
        KIT,
        deal_game_or_record.state
        if isinstance(deal_game_or_record, Record)
        else deal_game_or_record,
        seats=seats,
        seed=seed,
        samples=samples,
        bots=bots,
        thresholds=thresholds,
        exact_tricks=exact_tricks,
        max_nodes=max_nodes,
    )


def hint(
    view: DealView | GameView,
    *,
    seed: Seed | None = None,
    samples: int = DEFAULT_SAMPLES,
    bots: Bot | Sequence[Bot] | None = None,
    exact_tricks: int = EXACT_TRICKS,
    max_nodes: int = MAX_NODES,
) -> tuple[Hint, ...]:
    """The legal actions of ``view``'s seat now, best first, each with its
    value: the seat's expected points for the deal after it (a
    :class:`Hint`, which unpacks as an ``(action, value)`` pair). Only the
    view is used, so a hint never depends on what the seat cannot see. The
    arguments are :func:`review`'s.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(), seed=2026)
    >>> [str(action) for action, value in hint(bugami.view(state, 0), seed=1, samples=6)]
    ['0 bid M', '0 bid D', '0 bid C', '0 bid H', '0 bid S']
    >>> hint(bugami.view(state, 0), seed=1, samples=6) == hint(bugami.view(state, 0), seed=1, samples=6)
    True
    >>> hint(state)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: hint needs a seat's view of Bugami (bugami.view(state, seat)), not bugami.core.state.Deal(...)
    """
    return reviewing.hint(
        KIT,
        view,
        seed=seed,
        samples=samples,
        bots=bots,
        exact_tricks=exact_tricks,
        max_nodes=max_nodes,
    )


def _review_any(item: object, seed: str, options: dict[str, Any]) -> Review:
    state = item.state if isinstance(item, Record) else item
    argute_game = argute_reviews.KIT.game
    if isinstance(state, argute_game.states + argute_game.deal_views + argute_game.game_views):
        # Argute's review says what is wrong with a view of its own
        return argute_reviews.review(state, seed=seed, **options)  # type: ignore[arg-type]
    return review(item, seed=seed, **options)  # type: ignore[arg-type]


def _review_chunk(
    items: Sequence[object], root: str, start: int, options: dict[str, Any]
) -> list[Review]:
    """Review items ``start`` to ``start + len(items) - 1`` of a run: the
    unit of work sent to an executor."""
    return [
        _review_any(item, f"{root}/{start + offset}", options) for offset, item in enumerate(items)
    ]


# review()'s keyword arguments but the seed, which review_many makes per item
_REVIEW_OPTIONS: Final = frozenset(
    {"seats", "samples", "bots", "thresholds", "exact_tricks", "max_nodes"}
)


def review_many(
    items: Iterable[Deal | Game | Record[Any] | argute.Deal | argute.Game],
    *,
    seed: int | str = 0,
    executor: Executor | None = None,
    workers: int | None = 0,
    chunk_size: int = 1,
    **options: Any,
) -> list[Review]:
    """The reviews of many deals, games or records, of either game, in order:
    item ``k`` is reviewed with the seed ``f"{seed}/{k}"``, so the result is
    the same whatever runs the work. The items are cut into chunks of
    ``chunk_size`` and submitted to ``executor`` (any
    ``concurrent.futures.Executor``, Dask's ``client.get_executor()``
    included); without one, ``workers=0`` (the default) reviews them in this
    process and ``workers=n`` in a ``ProcessPoolExecutor`` of ``n``
    processes (``None``: one per CPU). ``options`` are :func:`review`'s
    (``seats``, ``samples``, ``bots``, ...). A worker that dies raises
    :class:`~bugami.BugamiError`.

    >>> import bugami
    >>> from bugami.bots import HeuristicBot, play_out
    >>> done = [play_out(bugami.deal(bugami.Rules(players=3), seed=n), [HeuristicBot()] * 3)
    ...         for n in range(2)]
    >>> results = review_many(done, seed=5, seats=[0], samples=3)
    >>> len(results), results[1] == review(done[1], seed="5/1", seats=[0], samples=3)
    (2, True)
    """
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise InvalidInputError(f"the root seed is an int or a str, not {brief(seed)}")
    check_seed(seed)  # the limits every seed has (an int's digits, a str's length)
    chunk_size = reviewing.check_count("chunk_size", chunk_size, 1)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise InvalidInputError(f"executor is a concurrent.futures.Executor, not {brief(executor)}")
    if workers is not None:
        workers = reviewing.check_count("workers", workers, 0)
    if isinstance(items, (str, bytes)) or not isinstance(items, Iterable):
        raise InvalidInputError(f"items are deals, games or records to review, not {brief(items)}")
    unknown = sorted(set(options) - _REVIEW_OPTIONS)
    if unknown:  # said here, not by review() in a worker
        raise TypeError(
            f"review_many() got an unexpected keyword argument {unknown[0]!r} (review's "
            f"options are {', '.join(sorted(_REVIEW_OPTIONS))})"
        )
    work = list(items)
    chunks = [
        (work[start : start + chunk_size], start) for start in range(0, len(work), chunk_size)
    ]
    root_seed = str(seed)
    if executor is None and workers == 0:
        return [
            result
            for part, start in chunks
            for result in _review_chunk(part, root_seed, start, options)
        ]
    pool = executor or ProcessPoolExecutor(min(workers or os.cpu_count() or 1, max(len(chunks), 1)))
    pending: collections.deque[Future[list[Review]]] = collections.deque()
    results: list[Review] = []
    try:
        for part, start in chunks:
            pending.append(pool.submit(_review_chunk, part, root_seed, start, options))
        while pending:
            results += pending.popleft().result()
    except BrokenExecutor as error:
        raise BugamiError(
            f"the reviews stopped: a worker process died or the executor broke down "
            f"({type(error).__name__})"
        ) from error
    finally:
        if executor is None:
            pool.shutdown(cancel_futures=True)
    return results


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of :meth:`Review.to_dict`, for both
    games, as a new dict at each call. It is shipped in the package
    (``bugami/schemas/review.schema.json``).

    >>> json_schema()["title"]
    'Bugami review, version 1'
    """
    text = (files("bugami") / "schemas" / "review.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema
