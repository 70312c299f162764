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

import random
from collections.abc import Sequence

from bugami._kernel.estimates import (
    DEFAULT_DEALS,
    BidEstimate,
    BidEvaluation,
    Outcome,
    check_count,
    check_seed,
    estimate_bids,
    seat_view,
)
from bugami._kernel.players import table_of
from bugami.bots.base import Bot, play_out
from bugami.bots.heuristic import HeuristicBot
from bugami.core.cards import MISERE, Bid, parse_bid
from bugami.core.dealing import Seed, deal
from bugami.core.game import Game
from bugami.core.play import bid
from bugami.core.sampling import sample_deal
from bugami.core.scoring import score
from bugami.core.state import Deal
from bugami.core.view import DealView, GameView, view

__all__ = ["DEFAULT_DEALS", "BidEstimate", "BidEvaluation", "evaluate_bids"]


def _table(bots: Bot | Sequence[Bot] | None, players: int) -> list[Bot]:
    return table_of(
        bots, players, Bot, HeuristicBot, ("a bot", "one bot per seat", "bugami.bots.Bot")
    )


def evaluate_bids(
    view_or_state: DealView | GameView | Deal | Game,
    seat: int,
    *,
    deals: int = DEFAULT_DEALS,
    bots: Bot | Sequence[Bot] | None = None,
    seed: Seed | None = None,
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

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(players=5), seed=11)
    >>> evaluate_bids(state, 2, deals=20, seed=1) == evaluate_bids(state, 2, deals=20, seed=1)
    True
    >>> evaluate_bids(bugami.bid(state, 2, "S"), 2, deals=20, seed=1)
    Traceback (most recent call last):
    ...
    bugami.errors.IllegalMoveError: seat 2 has no bid to make now: there is nothing to evaluate
    """
    seen: DealView = seat_view(
        view_or_state, seat, (Deal, Game), (GameView, DealView), view, "a deal or a game of Bugami"
    )
    seat = seen.seat  # the plain int the seat stands for
    choices = seen.legal_bids()
    deals = check_count(deals)
    seed = check_seed(seed)
    rules = seen.rules
    shotgun = rules.shotgun_wedding

    def imagine(rng: random.Random, table: Sequence[Bot]) -> Deal:
        guess = sample_deal(seen, rng)
        fresh = deal(rules, hands=guess.hands, leftover=guess.leftover, dealer=seen.dealer)
        state = fresh
        for other, player in enumerate(table):
            if other != seat:
                state = bid(state, other, player.choose_bid(view(fresh, other)))
        return state

    def outcome(imagined: Deal, choice: Bid, table: Sequence[Bot]) -> Outcome:
        done = play_out(bid(imagined, seat, choice), table)
        points = score(done)[seat]
        won = [trick.winner for trick in done.tricks]
        mine = won.count(seat)
        if choice is MISERE:
            return Outcome(points, mine, mine == 0, False)
        unit = {seat}
        if shotgun:
            unit |= {other for other, theirs in enumerate(done.bids) if theirs is choice}
        return Outcome(points, mine, False, all(winner in unit for winner in won))

    return estimate_bids(
        seat=seat,
        deals=deals,
        seed=seed,
        bots=_table(bots, rules.players),
        choices=choices,
        imagine=imagine,
        outcome=outcome,
        made_applies=lambda choice: choice is MISERE,
        sweep_applies=lambda choice: choice is not MISERE,
        parse=parse_bid,
    )
