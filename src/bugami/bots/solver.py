"""Players built on the open-hand solvers: :class:`SolverBot` (Bugami) and
:class:`ArguteSolverBot` (Argute).

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
deals per card, ``bid_samples`` for the bid); it acts only on views, and
refuses a full state. The default budgets (16 deals for Bugami, 32 hands for
Argute) take about as long per decision as the search's defaults at four
players.

>>> import bugami
>>> from bugami.bots import SolverBot, play_out
>>> state = bugami.deal(bugami.Rules(), seed=8)
>>> done = play_out(state, [SolverBot(seed=1, samples=2), *[bugami.bots.HeuristicBot()] * 3])
>>> done.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from bugami.argute.dealing import deal as argute_deal
from bugami.argute.play import bid as argute_bid
from bugami.argute.play import play as argute_play
from bugami.argute.sampling import sample_deal as sample_argute
from bugami.argute.scoring import score as argute_score
from bugami.argute.solver import SearchLimitError as ArguteLimit
from bugami.argute.solver import solve as solve_argute
from bugami.argute.state import Deal as ArguteDeal
from bugami.argute.view import DealView as ArguteDealView
from bugami.argute.view import GameView as ArguteGameView
from bugami.bots.argute import deal_view as argute_deal_view
from bugami.bots.argute import heuristic_bid as argute_heuristic_bid
from bugami.bots.argute import heuristic_card as argute_heuristic_card
from bugami.bots.base import bid_view, card_view, new_rng
from bugami.bots.heuristic import heuristic_bid, rollout_card
from bugami.cards import Bid, Card, deck
from bugami.dealing import Seed, deal
from bugami.errors import IllegalMoveError, InvalidInputError
from bugami.play import bid, play
from bugami.sampling import sample_deal
from bugami.scoring import score
from bugami.solver import SearchLimitError, solve
from bugami.state import Deal
from bugami.view import DealView, GameView

__all__ = ["ArguteSolverBot", "SolverBot"]

_BY_INDEX: Final = deck(8)  # every card, at the position of its index


def _check_budget(samples: object, bid_samples: object, endgame: object, max_nodes: object) -> None:
    if not isinstance(samples, int) or isinstance(samples, bool) or samples < 1:
        raise InvalidInputError(f"samples must be an int of at least 1, not {samples!r}")
    if not isinstance(bid_samples, int) or isinstance(bid_samples, bool) or bid_samples < 1:
        raise InvalidInputError(f"bid_samples must be an int of at least 1, not {bid_samples!r}")
    if not isinstance(endgame, int) or isinstance(endgame, bool) or endgame < 0:
        raise InvalidInputError(f"endgame must be an int of at least 0, not {endgame!r}")
    if not isinstance(max_nodes, int) or isinstance(max_nodes, bool) or max_nodes < 1:
        raise InvalidInputError(f"max_nodes must be an int of at least 1, not {max_nodes!r}")


def _best(totals: Sequence[float]) -> int:
    """The position of the highest total; ties go to the first."""
    return max(range(len(totals)), key=lambda position: (totals[position], -position))


# --- Bugami ----------------------------------------------------------------------------


def _rollout(state: Deal, seat: int) -> int:
    """``seat``'s points once every seat has finished the deal by the
    heuristic player's rules."""
    while state.to_move is not None:
        state = play(state, _BY_INDEX[rollout_card(state)])
    return score(state)[seat]


def _card_mask(cards: Sequence[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


class SolverBot:
    """Perfect-information Monte Carlo over the open-hand solver (see the
    module's description), for Bugami.

    :param seed: seeds the imagined deals.
    :param samples: imagined deals per decision (at least 1).
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
        bid_samples: int | None = None,
        endgame: int = 5,
        max_nodes: int = 20_000,
    ) -> None:
        bid_samples = samples if bid_samples is None else bid_samples
        _check_budget(samples, bid_samples, endgame, max_nodes)
        self._rng = new_rng(seed)
        self.samples = samples
        self.bid_samples = bid_samples
        self.endgame = endgame
        self.max_nodes = max_nodes

    @property
    def name(self) -> str:
        """``"solver(N)"`` for N imagined deals per decision.

        >>> SolverBot(samples=8).name
        'solver(8)'
        """
        return f"solver({self.samples})"

    def reset(self, seed: Seed | None = None) -> None:
        """Restart the imagined deals from ``seed``.

        >>> SolverBot().reset(3)
        """
        self._rng = new_rng(seed)

    def choose_bid(self, seen: DealView | GameView) -> Bid:
        """The bid with the best mean score over the imagined deals, each
        played out by rollouts with the other seats bidding as the heuristic
        player would; ties go to the first in :func:`bugami.legal_bids` order.

        >>> import bugami
        >>> seen = bugami.view(bugami.deal(bugami.Rules(), seed=2026), 0)
        >>> choice = SolverBot(seed=1, samples=4).choose_bid(seen)
        >>> choice in seen.legal_bids()
        True
        >>> choice == SolverBot(seed=1, samples=4).choose_bid(seen)
        True
        """
        current = bid_view(self, seen)
        options = current.legal_bids()
        seat = current.seat
        rules = current.rules
        totals = [0] * len(options)
        for _ in range(self.bid_samples):
            imagined = sample_deal(current, self._rng)
            fresh = deal(
                rules, hands=imagined.hands, leftover=imagined.leftover, dealer=imagined.dealer
            )
            for other, hand in enumerate(imagined.hands):
                if other != seat:
                    fresh = bid(fresh, other, heuristic_bid(_card_mask(hand)))
            for position, option in enumerate(options):
                totals[position] += _rollout(bid(fresh, seat, option), seat)
        return options[_best(totals)]

    def choose_card(self, seen: DealView | GameView) -> Card:
        """The legal card with the best mean value over the imagined deals
        (see the module's description); ties go to the first in canonical
        order."""
        current = card_view(self, seen)
        moves = current.legal_moves()
        if len(moves) == 1:
            return moves[0]
        seat = current.seat
        left = current.rules.hand_size - len(current.tricks)
        use_solver = left <= self.endgame
        totals = [0] * len(moves)
        for _ in range(self.samples):
            imagined = sample_deal(current, self._rng)
            forced = None
            if use_solver:
                try:
                    forced = solve(imagined, seat, max_nodes=self.max_nodes).move_values
                except SearchLimitError:
                    forced = None
            for position, card in enumerate(moves):
                value = _rollout(play(imagined, card), seat)
                if forced is not None and forced[card] > value:
                    value = forced[card]
                totals[position] += value
        return moves[_best(totals)]

    def __repr__(self) -> str:
        return f"SolverBot(samples={self.samples}, endgame={self.endgame})"


# --- Argute ----------------------------------------------------------------------------


def _argute_rollout(state: ArguteDeal, seat: int) -> int:
    """``seat``'s points once every seat has finished the hand by the
    heuristic player's rules."""
    players = state.rules.players
    while state.to_move is not None:
        mover = state.to_move
        won = sum(trick.winner == mover for trick in state.tricks)
        choice = state.bids[mover]
        assert choice is not None
        value = argute_heuristic_card(
            state.hands[mover],
            choice - won,
            len(state.tricks),
            state.current_trick,
            state.leader,  # type: ignore[arg-type]
            mover,
            players,
        )
        state = argute_play(state, value)
    return argute_score(state)[seat]


def _argute_layout(current: ArguteDealView, rng: random.Random, my_bid: int | None) -> ArguteDeal:
    """A full hand consistent with ``current``, replayed to the same point,
    where every other seat bid what the heuristic player would have bid with
    its imagined hand (and this seat ``my_bid``, or its own bid)."""
    imagined = sample_argute(current, rng)
    rules = current.rules
    players = rules.players
    dealt = imagined.dealt_hands
    state = argute_deal(rules, hands=dealt, dealer=current.dealer)
    for other in range(players):
        if other == current.seat:
            choice = current.bids[other] if my_bid is None else my_bid
        else:
            choice = argute_heuristic_bid(dealt[other], players)
        state = argute_bid(state, other, choice)  # type: ignore[arg-type]
    for trick in current.tricks:
        for value in trick.cards:
            state = argute_play(state, value)
    for value in current.current_trick:
        state = argute_play(state, value)
    return state


class ArguteSolverBot:
    """Perfect-information Monte Carlo over the open-hand solver (see the
    module's description), for Argute.

    :param seed: seeds the imagined hands.
    :param samples: imagined hands per decision (at least 1); the default
        gives about the time per decision of :class:`~bugami.bots.ArguteSearchBot`
        with its default.
    :param bid_samples: imagined hands for the bid (by default four times
        ``samples``: a hand of Argute is short, and its bid decides it).
    :param endgame: from how many tricks left on the solver is asked (0 to
        3; 0: never); the default asks it from the second trick on.
    :param max_nodes: the most positions one solve may visit; a layout that
        needs more is judged by rollouts only.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=3), seed=4)
    >>> for seat in range(3):
    ...     state = argute.bid(state, seat, 1)
    >>> for _ in range(9):
    ...     state = argute.play(state, argute.legal_moves(state)[0])
    >>> seen = argute.view(state, state.to_move)
    >>> ArguteSolverBot(seed=2, samples=4).choose_card(seen) in seen.legal_moves()
    True
    """

    def __init__(
        self,
        seed: Seed | None = None,
        *,
        samples: int = 32,
        bid_samples: int | None = None,
        endgame: int = 2,
        max_nodes: int = 20_000,
    ) -> None:
        bid_samples = 4 * samples if bid_samples is None else bid_samples
        _check_budget(samples, bid_samples, endgame, max_nodes)
        self._rng = new_rng(seed)
        self.samples = samples
        self.bid_samples = bid_samples
        self.endgame = endgame
        self.max_nodes = max_nodes

    @property
    def name(self) -> str:
        """``"solver(N)"`` for N imagined hands per decision.

        >>> ArguteSolverBot(samples=8).name
        'solver(8)'
        """
        return f"solver({self.samples})"

    def reset(self, seed: Seed | None = None) -> None:
        """Restart the imagined hands from ``seed``."""
        self._rng = new_rng(seed)

    def choose_bid(self, seen: ArguteDealView | ArguteGameView) -> int:
        """The bid with the best mean score over the imagined hands, each
        played out by rollouts; ties go to the lowest.

        >>> from bugami import argute
        >>> seen = argute.view(argute.deal(argute.Rules(), seed=3), 1)
        >>> ArguteSolverBot(seed=1, samples=4).choose_bid(seen) in range(4)
        True
        """
        current = argute_deal_view(self, seen)
        options = current.legal_bids()
        if not options:
            raise IllegalMoveError(f"seat {current.seat} has no bid to make now")
        seat = current.seat
        totals = [0] * len(options)
        for _ in range(self.bid_samples):
            imagined = sample_argute(current, self._rng)
            dealt = imagined.dealt_hands
            players = current.rules.players
            fresh = argute_deal(current.rules, hands=dealt, dealer=current.dealer)
            for other in range(players):
                if other != seat:
                    fresh = argute_bid(fresh, other, argute_heuristic_bid(dealt[other], players))
            for position, option in enumerate(options):
                totals[position] += _argute_rollout(argute_bid(fresh, seat, option), seat)
        return options[_best(totals)]

    def choose_card(self, seen: ArguteDealView | ArguteGameView) -> int:
        """The value with the best mean over the imagined hands (see the
        module's description); ties go to the lowest."""
        current = argute_deal_view(self, seen)
        if current.to_move != current.seat:
            raise IllegalMoveError(f"it is not seat {current.seat}'s turn to play")
        moves = current.legal_moves()
        if len(moves) == 1:
            return moves[0]
        seat = current.seat
        use_solver = 3 - len(current.tricks) <= self.endgame
        totals = [0] * len(moves)
        for _ in range(self.samples):
            imagined = _argute_layout(current, self._rng, None)
            forced = None
            if use_solver:
                try:
                    forced = solve_argute(imagined, seat, max_nodes=self.max_nodes).move_values
                except ArguteLimit:
                    forced = None
            for position, move in enumerate(moves):
                value = _argute_rollout(argute_play(imagined, move), seat)
                if forced is not None and forced[move] > value:
                    value = forced[move]
                totals[position] += value
        return moves[_best(totals)]

    def __repr__(self) -> str:
        return f"ArguteSolverBot(samples={self.samples}, endgame={self.endgame})"
