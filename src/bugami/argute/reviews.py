"""Reviewing hands of Argute, and hints: the same as Bugami's (:mod:`bugami.analysis.reviews`).

:func:`review` values every decision of the chosen seats in a hand, a game or
a record of Argute -- each bid and each card -- from that seat's view at
that moment, and :func:`hint` values the options of one view now, best
first: over hands consistent with the view, finished by Argute bots (by
default an :class:`~bugami.bots.ArguteHeuristicBot` at every seat), or
exactly by the open-hand solver (:func:`bugami.argute.solve <bugami.argute.solver.solve>`) in the last
tricks. The results are Bugami's classes (:class:`~bugami.analysis.reviews.Review`,
:class:`~bugami.analysis.reviews.Hint`); the labels' thresholds are in Argute's
points (an exact bid scores 0 to 3, a missed one -1).

>>> from bugami import argute
>>> from bugami.bots import ArguteHeuristicBot, play_out
>>> done = play_out(argute.deal(argute.Rules(players=3), seed=1), [ArguteHeuristicBot()] * 3)
>>> result = argute.review(done, seed=1, samples=4)
>>> len(result.decisions), sorted(result.seats)
(21, [0, 1, 2])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from bugami._kernel import reviewing
from bugami._kernel.estimates import check_seed, seed_text
from bugami._kernel.players import copies, table_of
from bugami._kernel.reviewing import Hint, Review
from bugami._kernel.seeds import Seed
from bugami._records.model import Record
from bugami.argute.actions import BidAction, PlayAction
from bugami.argute.bots import ArguteBot, ArguteHeuristicBot, play_out
from bugami.argute.evaluation import evaluate_bids
from bugami.argute.frontend import apply, root
from bugami.argute.game import Game
from bugami.argute.play import play
from bugami.argute.rules import TRICKS
from bugami.argute.sampling import sample_deal
from bugami.argute.scoring import score
from bugami.argute.solver import solve
from bugami.argute.state import Deal
from bugami.argute.view import DealView, GameView, SpectatorGameView, SpectatorView
from bugami.argute.view import view as view_of
from bugami.errors import InvalidInputError, brief

__all__ = ["DEFAULT_SAMPLES", "EXACT_TRICKS", "MAX_NODES", "THRESHOLDS", "hint", "review"]

DEFAULT_SAMPLES: Final = 20
"""How many hands consistent with a seat's view value each decision by default."""
EXACT_TRICKS: Final = 2
"""In how many of the last tricks the solver values the cards by default."""
MAX_NODES: Final = 200_000
"""The most positions the solver may visit for one sample by default."""
THRESHOLDS: Final = (0.25, 0.5, 1.0)
"""The least loss, in points, of an inaccuracy, a mistake and a blunder in
Argute (a missed bid scores -1, an exact one its number of tricks)."""

_KIT: Final = reviewing.Kit(
    game="argute", apply=apply, root=root, view=view_of, sample_deal=sample_deal, play=play,
    play_out=play_out, score=score, solve=solve, evaluate_bids=evaluate_bids,
    bid_action=BidAction, play_action=PlayAction, thresholds=THRESHOLDS,
    tricks=lambda rules: TRICKS,
)  # fmt: skip


def _deals(item: object) -> list[Deal]:
    if isinstance(item, Record):
        item = item.state
    if isinstance(item, Deal):
        return [item]
    if isinstance(item, Game):
        return [*item.deals, *([] if item.current is None else [item.current])]
    if isinstance(item, (DealView, GameView, SpectatorView, SpectatorGameView)):
        raise InvalidInputError(
            "a view (or a record written for one seat) hides cards and cannot be reviewed: "
            "review the full hand, game or record"
        )
    raise InvalidInputError(f"review needs a hand, a game or a record of Argute, not {brief(item)}")


def _table(bots: object, players: int) -> list[Any]:
    return copies(
        table_of(
            bots,
            players,
            ArguteBot,
            ArguteHeuristicBot,
            ("an Argute bot", "one per seat", "bugami.bots.ArguteBot"),
        )
    )


def review(
    deal_game_or_record: Deal | Game | Record[Any],
    *,
    seats: Iterable[int] | None = None,
    seed: Seed | None = None,
    samples: int = DEFAULT_SAMPLES,
    bots: ArguteBot | Sequence[ArguteBot] | None = None,
    thresholds: Sequence[float] | Mapping[str, float] | None = None,
    exact_tricks: int = EXACT_TRICKS,
    max_nodes: int = MAX_NODES,
) -> Review:
    """The review of every decision of ``seats`` (``None``: every seat) in a
    hand, a game (each of its hands) or a record of Argute; the arguments are
    those of :func:`bugami.review`, with Argute bots and :data:`THRESHOLDS`.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=2), hands=["555443", "001122"])
    >>> state = argute.bid(argute.bid(state, 0, 0), 1, 0)
    >>> result = argute.review(state, seats=[0], seed=1, samples=4)
    >>> [(str(d.action), d.label) for d in result.decisions]
    [('0 bid 0', 'blunder')]
    """
    deals = _deals(deal_game_or_record)
    players = deals[0].rules.players
    chosen = reviewing.check_seats(seats, players)
    seed = check_seed(seed)
    samples = reviewing.check_samples(samples)
    limits = reviewing.check_thresholds(thresholds, THRESHOLDS)
    table = _table(bots, players)
    decisions = reviewing.review_deals(
        _KIT,
        deals,
        seats=chosen,
        samples=samples,
        seed=seed_text(seed),
        bots=table,
        thresholds=limits,
        exact_tricks=reviewing.check_count("exact_tricks", exact_tricks, 0),
        max_nodes=reviewing.check_count("max_nodes", max_nodes, 1),
    )
    return Review(
        "argute",
        seed,
        samples,
        tuple(bot.name for bot in table),
        limits,
        tuple(decisions),
        seats=sorted(chosen),
    )


def hint(
    view: DealView | GameView,
    *,
    seed: Seed | None = None,
    samples: int = DEFAULT_SAMPLES,
    bots: ArguteBot | Sequence[ArguteBot] | None = None,
    exact_tricks: int = EXACT_TRICKS,
    max_nodes: int = MAX_NODES,
) -> tuple[Hint, ...]:
    """The legal actions of ``view``'s seat now, best first, each with its
    value (see :func:`bugami.hint`); only the view is used.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=2), hands=["555443", "001122"])
    >>> [str(action) for action, value in argute.hint(argute.view(state, 0), seed=1, samples=4)][0]
    '0 bid 3'
    """
    current: DealView = reviewing.deal_view_of(
        view, DealView, GameView, "bugami.argute.view(state, seat)"
    )
    seed = check_seed(seed)
    return reviewing.hint_of(
        _KIT,
        current,
        samples=reviewing.check_samples(samples),
        seed=seed_text(seed),
        bots=_table(bots, current.rules.players),
        exact_tricks=reviewing.check_count("exact_tricks", exact_tricks, 0),
        max_nodes=reviewing.check_count("max_nodes", max_nodes, 1),
    )
