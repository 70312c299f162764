"""Players built on the open-hand solvers: :class:`SolverBot` (Bugami) and
:class:`~bugami.bots.ArguteSolverBot` (Argute; it lives in
:mod:`bugami.argute.bots`).

Both use *perfect-information Monte Carlo*: for a decision they imagine
complete deals consistent with their view (:func:`bugami.sample_deal`,
:func:`bugami.argute.sampling.sample_deal`), judge every option on each
imagined deal, and keep the option with the best mean. On one imagined deal
an option is worth the better of two estimates:

* what the seat can *force* after it with every card face up, all the others
  against it (:func:`bugami.solver.solve`, :func:`bugami.argute.solve <bugami.argute.solver.solve>`) -- a
  floor: against any play at all the seat can get that much on this layout;
* what the seat scores when every seat finishes the deal by the heuristic
  player's rules of thumb (a *rollout*), which is what the solver's
  pessimism misses: the others are not in league against it.

The solver is asked only near the end of a deal, where it answers in
milliseconds (``endgame`` tricks left for Bugami; Argute from its second
trick on), and each solve is bounded (``max_nodes``): a layout too hard for the
bound is judged by its rollouts alone. Earlier in the deal the bots judge by
rollouts only, like :class:`~bugami.bots.SearchBot`. Every option is tried on
the same imagined deals, so that the comparison is not blurred by the luck of
the draw.

**Bids** are chosen the same way: every bid the seat may make is tried on the
same imagined deals, the other seats bidding what the heuristic player would
bid with their imagined hands, and each deal is finished by rollouts.

A bot is deterministic given its seed and its budget (``samples`` imagined
deals per card, ``bid_samples`` for the bid); given ``seconds`` instead, it
imagines deals until that much CPU time is spent on a decision, which is not
reproducible. It acts only on views, and refuses a full state. The default
budgets (16 deals for Bugami, 32 hands for Argute) take about as long per
decision as the search's defaults at four players.

>>> import bugami
>>> from bugami.bots import SolverBot, play_out
>>> state = bugami.deal(bugami.Rules(), seed=8)
>>> done = play_out(state, [SolverBot(seed=1, samples=2), *[bugami.bots.HeuristicBot()] * 3])
>>> done.is_over
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bugami._kernel.checks import check_at_least
from bugami._kernel.players import SolvingBot, best_of, rounds
from bugami.argute.bots import ArguteSolverBot
from bugami.bots.base import bid_view, card_view
from bugami.bots.heuristic import heuristic_bid, rollout
from bugami.core.cards import Bid, Card
from bugami.core.dealing import Seed, deal
from bugami.core.play import bid, play
from bugami.core.sampling import sample_deal
from bugami.core.state import Deal
from bugami.core.view import DealView, GameView
from bugami.solver import solve

__all__ = ["ArguteSolverBot", "SolverBot"]


def _card_mask(cards: Sequence[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


class SolverBot(SolvingBot):
    """Perfect-information Monte Carlo over the open-hand solver (see the
    module's description), for Bugami.

    :param seed: seeds the imagined deals.
    :param samples: imagined deals per decision (at least 1).
    :param seconds: if given, a time budget per decision instead (the bid
        too), in seconds of CPU time; at least one deal is always imagined.
        Not reproducible: how many deals fit depends on the machine.
    :param bid_samples: imagined deals for the bid (by default ``samples``).
    :param endgame: from how many tricks left on the solver is asked (0:
        never); the default keeps each solve to a few milliseconds.
    :param max_nodes: the most positions one solve may visit; a layout that
        needs more is judged by rollouts only.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(players=3), seed=12)
    >>> for seat in range(3):
    ...     state = bugami.bid(state, seat, "C")
    >>> while len(state.tricks) < 13:
    ...     state = bugami.play(state, bugami.legal_moves(state)[0])
    >>> seen = bugami.view(state, state.to_move)
    >>> bot = SolverBot(seed=5, samples=4)
    >>> bot.choose_card(seen) in seen.legal_moves()
    True
    >>> bot.choose_card(state)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: SolverBot is given a view, not a full Deal: pass bugami.view(state, seat)
    """

    def __init__(
        self,
        seed: Seed | None = None,
        *,
        samples: int = 16,
        seconds: float | None = None,
        bid_samples: int | None = None,
        endgame: int = 5,
        max_nodes: int = 20_000,
    ) -> None:
        super().__init__(
            seed,
            samples=samples,
            bid_samples=samples if bid_samples is None else bid_samples,
            endgame=endgame,
            max_nodes=max_nodes,
            seconds=seconds,
        )

    def choose_bid(self, seen: DealView | GameView) -> Bid:
        """The bid with the best mean score over the imagined deals, each
        played out by rollouts with the other seats bidding as the heuristic
        player would (:meth:`bid_estimates`); ties go to the first in
        :func:`bugami.legal_bids` order.

        >>> import bugami
        >>> seen = bugami.view(bugami.deal(bugami.Rules(), seed=2026), 0)
        >>> choice = SolverBot(seed=1, samples=4).choose_bid(seen)
        >>> choice in seen.legal_bids()
        True
        >>> choice == SolverBot(seed=1, samples=4).choose_bid(seen)
        True
        """
        estimates = self.bid_estimates(seen)
        return best_of([option for option, _ in estimates], [mean for _, mean in estimates])

    def bid_estimates(
        self, seen: DealView | GameView, samples: int | None = None
    ) -> tuple[tuple[Bid, float], ...]:
        """Each legal bid, in :func:`bugami.legal_bids` order, with its mean
        score over ``samples`` imagined deals (by default ``bid_samples``, or
        as many as the bot's ``seconds`` allow):
        the other seats bid as the heuristic player would with their imagined
        hands, and every seat finishes the deal by the heuristic player's
        rules. These are the values :meth:`choose_bid` compares; they draw
        from the bot's random generator as that does.

        >>> import bugami
        >>> from bugami.bots import SolverBot
        >>> seen = bugami.view(bugami.deal(bugami.Rules(), seed=2026), 0)
        >>> estimates = SolverBot(seed=1, samples=4).bid_estimates(seen)
        >>> [str(option) for option, _ in estimates]
        ['S', 'H', 'D', 'C', 'M']
        >>> all(0 <= mean <= 100 for _, mean in estimates)
        True
        >>> len(SolverBot(seed=1, samples=4).bid_estimates(seen, samples=2))
        5
        """
        current = bid_view(self, seen)
        if samples is None:
            more = self.rounds(self.bid_samples)
        else:
            more = rounds(check_at_least("samples", samples, 1), None)
        options = current.legal_bids()
        seat = current.seat
        rules = current.rules
        totals = [0] * len(options)
        done = 0
        while more(done):
            done += 1
            imagined = sample_deal(current, self._rng)
            fresh = deal(
                rules, hands=imagined.hands, leftover=imagined.leftover, dealer=imagined.dealer
            )
            for other, hand in enumerate(imagined.hands):
                if other != seat:
                    fresh = bid(fresh, other, heuristic_bid(_card_mask(hand)))
            for position, option in enumerate(options):
                totals[position] += rollout(bid(fresh, seat, option), seat)
        return tuple((option, total / done) for option, total in zip(options, totals, strict=True))

    def choose_card(self, seen: DealView | GameView) -> Card:
        """The legal card with the best mean value over the imagined deals
        (see the module's description); ties go to the first in canonical
        order."""
        current = card_view(self, seen)
        moves = current.legal_moves()
        if len(moves) == 1:
            return moves[0]
        seat = current.seat

        def forced(imagined: Deal, max_nodes: int) -> Mapping[Card, int]:
            return solve(imagined, seat, max_nodes=max_nodes).move_values

        return self._best_move(
            moves,
            lambda: sample_deal(current, self._rng),
            forced if current.rules.hand_size - len(current.tricks) <= self.endgame else None,
            lambda imagined, card: rollout(play(imagined, card), seat),
        )
