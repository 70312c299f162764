"""What is each bid worth? Expected points for every bid a seat could make.

:func:`evaluate_bids` answers "what should I bid with this hand?" the way a
player with a good memory for deals would: it imagines many deals that agree
with everything the seat knows (its own hand; the other hands and the
leftover are drawn uniformly by :func:`bugami.sample_deal`), lets bots play
each imagined deal out once for every bid the seat could make, and averages
the seat's points.

>>> import bugami
>>> state = bugami.deal(bugami.Rules(), seed=2026)
>>> result = evaluate_bids(bugami.view(state, 0), 0, deals=40, seed=1)
>>> print(result.table())
bid  deals   mean  stderr     95% interval  tricks   made  sweep
S       40   14.7     1.9   [ 11.0,  18.4]    3.08      -  0.000
H       40   19.8     1.4   [ 17.0,  22.6]    1.38      -  0.000
D       40   32.3     3.3   [ 25.8,  38.8]    3.40      -  0.000
C       40   28.9     2.7   [ 23.6,  34.1]    3.10      -  0.000
M       40   25.0     6.9   [ 11.4,  38.6]    1.30  0.250      -
>>> result.best.bid
Suit.DIAMONDS

How it works, and what the figures mean:

* **The imagined deals.** Deal ``i`` is drawn by :func:`bugami.sample_deal`
  from the seat's view with a :class:`random.Random` seeded from
  ``f"{seed}/deal/{i}"``, so the result is reproducible from ``seed`` (with
  the same bots, on the same Python version: :class:`random.Random` is
  Python's generator). The other seats' bids -- also those already made but
  not yet revealed -- are the bots' choices for their imagined hands.
* **Common random numbers.** Every bid is played out on the same imagined
  deals, with the other seats bidding the same, and every bot restarted
  before each playout from the same seed (``f"{seed}/deal/{i}/bot/{seat}"``).
  The differences between bids are therefore much less noisy than the
  intervals of each: :meth:`BidEvaluation.difference` gives a difference
  with its own, paired, standard error.
* **The figures.** For each bid, ``mean`` is the seat's mean points (its
  deal points, under Shotgun Wedding its partnership's), ``stderr`` the
  standard error of that mean, ``low`` and ``high`` the 95% confidence
  interval (``mean`` ± 1.96 ``stderr``, the normal approximation), ``tricks``
  the mean number of tricks the seat itself won, ``made`` the chance that a
  misère bid took no trick, and ``sweep`` the chance that a suit bid took
  every trick (with its partners, under Shotgun Wedding).
* **The bots** model every seat, this one included once it has bid: by
  default a :class:`~bugami.bots.HeuristicBot` at each. Stronger bots give
  estimates closer to what strong players would score, at a cost in time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, overload

from bugami._kernel import bid_values
from bugami._kernel.bid_values import BidValues
from bugami._kernel.estimates import (
    DEFAULT_DEALS,
    BidEstimate,
    BidEvaluation,
    Outcome,
)
from bugami._kernel.solutions import DEFAULT_MAX_NODES
from bugami.bots.base import Bot
from bugami.bots.heuristic import HeuristicBot
from bugami.core.cards import MISERE, Bid, parse_bid
from bugami.core.dealing import Seed
from bugami.core.declaration import DECLARATION
from bugami.core.game import Game
from bugami.core.scoring import score
from bugami.core.state import Deal
from bugami.core.view import DealView, GameView
from bugami.solver import solve

__all__ = [
    "DEFAULT_DEALS",
    "BidEstimate",
    "BidEvaluation",
    "BidValues",
    "evaluate_bids",
    "solve_bids",
]


_BOT_WORDS: Final = ("a bot", "one bot per seat", "bugami.bots.Bot")
# How messages name a bot of Bugami, the bots of a table and their protocol (as the review kit does).


def evaluate_bids(
    view_or_state: DealView | GameView | Deal | Game,
    seat: int,
    *,
    deals: int = DEFAULT_DEALS,
    bots: Bot | Sequence[Bot] | None = None,
    seed: Seed | None = None,
    exact: bool = False,
    max_nodes: int | None = DEFAULT_MAX_NODES,
) -> BidEvaluation:
    """The expected points of each bid ``seat`` could make now, estimated
    over ``deals`` imagined deals played out by ``bots`` (see the module's
    description).

    ``view_or_state`` is the seat's view (:func:`bugami.view`) of a deal or a
    game in its bidding phase, or the full deal or game -- of which only the
    seat's view is used, so the other hands cannot leak into the estimate.
    ``bots`` is one bot for every seat, a sequence of one bot per seat
    (copies are used; the seat's own bot plays its cards after the bid), or
    ``None`` for a :class:`~bugami.bots.HeuristicBot` at each. ``seed`` (an
    int, str or bytes; ``None`` for a fresh one) makes the result
    reproducible.

    With ``exact=True`` each imagined deal is played, after the bids, by
    open-hand best play instead of by the bots (the bots still choose the
    other seats' bids): the seat's points on it are its
    :func:`~bugami.solver.solve` value, everyone else against it, and its
    ``tricks``, ``made`` and ``sweep`` those of one line of best play (at
    every turn the first card that keeps the value). **The cost** is one
    solve per card of the deal, for every imagined deal and every bid: the
    first solve of each line costs the most, and the later ones little, as
    each line keeps its solver's tables from one card to the next
    (:class:`bugami.solver.Tables`).
    In the pure build whole Bugami deals are out of the solver's reach at
    every table size, unless the seat's value is settled early (a hand that
    can duck every trick, a hand of top cards on lead); the compiled build,
    whose search is in C, solves most whole 4-player deals within a minute,
    so an exact evaluation of a few deals is within reach there (see
    :doc:`/solver`);
    ``max_nodes`` bounds the positions searched for each line (one bid on
    one imagined deal; ``None``: no bound), and a line that would need more
    raises :class:`~bugami.solver.SearchLimitError` naming the deal and the
    bid: nothing is estimated from part of the deals. ``max_nodes`` is only
    read with ``exact=True``. The result's ``exact`` says which way the
    deals were played.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(players=5), seed=11)
    >>> evaluate_bids(state, 2, deals=20, seed=1) == evaluate_bids(state, 2, deals=20, seed=1)
    True
    >>> evaluate_bids(bugami.bid(state, 2, "S"), 2, deals=20, seed=1)
    Traceback (most recent call last):
    ...
    bugami.errors.IllegalMoveError: seat 2 has no bid to make now: there is nothing to evaluate
    """

    def outcome(done: Deal, seat: int, choice: Bid) -> Outcome:
        points = score(done)[seat]
        won = [trick.winner for trick in done.tricks]
        mine = won.count(seat)
        if choice is MISERE:
            return Outcome(points, mine, mine == 0, False)
        unit = {seat}
        if done.rules.shotgun_wedding:  # the seat's partners sweep with it
            unit |= {other for other, theirs in enumerate(done.bids) if theirs is choice}
        return Outcome(points, mine, False, all(winner in unit for winner in won))

    return bid_values.evaluate_bids(
        DECLARATION,
        view_or_state,
        seat,
        deals=deals,
        bots=bots,
        seed=seed,
        exact=exact,
        max_nodes=max_nodes,
        bot_kind=Bot,
        default_bot=HeuristicBot,
        bot_words=_BOT_WORDS,
        solve=solve,
        outcome=outcome,
        what="a deal or a game of Bugami",
        made_applies=lambda choice: choice is MISERE,
        sweep_applies=lambda choice: choice is not MISERE,
        parse=parse_bid,
    )


@overload
def solve_bids(
    state: Deal,
    seat: int,
    *,
    others: Mapping[int, Bid | str] | Bot | None = None,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    max_seconds: float | None = None,
) -> BidValues[Bid]: ...


@overload
def solve_bids(
    state: Game,
    seat: int,
    *,
    others: Mapping[int, Bid | str] | Bot | None = None,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    max_seconds: float | None = None,
) -> BidValues[Bid]: ...


def solve_bids(
    state: object,
    seat: object,
    *,
    others: object = None,
    max_nodes: object = DEFAULT_MAX_NODES,
    max_seconds: object = None,
) -> BidValues[Bid]:
    """The open-hand value of each bid ``seat`` could make on a deal still
    in bidding: for every legal bid, the points the seat can force once it
    has made it, every card face up and everyone else against it
    (:func:`bugami.solver.solve` after the bids) -- the double-dummy answer
    to "which bug suit?".

    ``state`` is the full deal (or a game, for its current deal): the
    solver sees every hand. The other seats' bids: those already made are
    kept; the rest come from ``others``, a mapping of seat to bid (a
    :class:`~bugami.Suit`, :data:`~bugami.MISERE` or their text; seats it
    leaves out are chosen by a :class:`~bugami.bots.HeuristicBot`), one bot
    for all of them, or ``None``: a :class:`~bugami.bots.HeuristicBot`,
    each seat's bid from its own view. The result is a
    :class:`BidValues` (``by_bid``, ``best``, ``to_rows()`` for pandas).

    ``max_nodes`` and ``max_seconds`` bound the whole call (every bid's
    solve together) and raise :class:`~bugami.solver.SearchLimitError`
    when exceeded. Each bid costs a whole-deal solve, which is out of the
    solver's reach for most Bugami deals (see :doc:`/solver`): expect the
    error unless the seat's value is settled early, as for a hand that
    can duck every trick.

    >>> import bugami
    >>> hands = ["2C 3C 2D 3D 2H 3H 2S", "AC KC QC JC TC 9C 8C",
    ...          "AD KD QD JD TD 9D 8D", "AH KH QH JH TH 9H 8H",
    ...          "AS KS QS JS TS 9S 8S", "7C 6C 5C 4C 7D 6D 5D",
    ...          "4D 7H 6H 5H 4H 7S 6S"]
    >>> state = bugami.deal(bugami.Rules(players=7), hands=hands, dealer=0)
    >>> result = solve_bids(state, 0, others={seat: "S" for seat in range(1, 7)})
    >>> result.by_bid
    {Suit.SPADES: 0, Suit.HEARTS: 0, Suit.DIAMONDS: 0, Suit.CLUBS: 0, MISERE: 100}
    >>> result.best
    (MISERE,)

    Seat 0 holds the lowest cards and can win no trick; seat 1 leads its
    seven clubs and takes every trick, which leaves the seat 0 of a suit bid
    (a sweep) and a made misère 100.
    >>> solve_bids(bugami.deal(bugami.Rules(), seed=1), 0, max_nodes=1000)
    Traceback (most recent call last):
    ...
    bugami.solver.SearchLimitError: the search needs more than max_nodes=1000 positions (13 tricks left); solve a position nearer the end or raise the limit
    """
    return bid_values.solve_bids(
        DECLARATION,
        state,
        seat,
        others=others,
        max_nodes=max_nodes,
        max_seconds=max_seconds,
        bot_kind=Bot,
        default_bot=HeuristicBot,
        bot_words=_BOT_WORDS,
        solve=solve,
    )
