"""Bots for Argute: :class:`ArguteRandomBot`, :class:`ArguteHeuristicBot`,
:class:`ArguteSearchBot` and :class:`ArguteSolverBot`.

They follow :class:`ArguteBot`, the same protocol as Bugami's
:class:`~bugami.bots.Bot` -- a ``name``, ``reset(seed)``,
``choose_bid(view)`` and ``choose_card(view)`` -- over Argute's views
(:func:`bugami.argute.view`): a bid is a number of tricks (0 to 3) and a card
a value (0 to 5). Like Bugami's bots they refuse a full state, and a view of
the other game. :func:`play_out` (also :func:`bugami.bots.play_out`),
:func:`bugami.bots.make_bot` (with ``game="argute"``) and
:func:`bugami.analysis.simulate.simulate` take them; they are also importable from
:mod:`bugami.bots`.

**The heuristic player's rules.** *Bidding*: the hand's strength is the sum
of the squares of its values (so that fives weigh far more than ones; a
random hand averages 55); its expected share of the three tricks is taken as
``3 * strength / (strength + 55 * (players - 1))``, and it bids that share
rounded half down, from 0 to 3. *Playing*: it counts the tricks it still
needs (its bid less the tricks it has won). Needing none -- or having
already overshot -- it plays its lowest card. Needing every trick left, it
plays its highest. Otherwise it asks whether the open trick is *winnable*:
its count so far plus its highest cards for the turns it still has in the
trick, against each opponent's count so far plus 2.5 (the mean value) for
each of that opponent's remaining turns; if it can reach the best of those,
it spends its highest card, and if not it plays its lowest and keeps its high
cards for a later trick.

**The search player** bids and plays by determinized Monte Carlo: it draws
full hands consistent with its view (:func:`bugami.argute.sampling.sample_deal`),
gives every seat whose bid it cannot see the heuristic player's bid for that
seat's imagined hand, and finishes each imagined hand with the heuristic
rules at every seat. For a card it tries each value it holds on the same
imagined hands and keeps the best mean score; for a bid it tries each of 0
to 3 in the same way. Its budget is a number of imagined hands per decision
(deterministic given its seed) or a time per decision (not reproducible).

**The solver-based player** (:class:`ArguteSolverBot`) imagines hands in the
same way, and from its second trick on also asks the open-hand solver
(:func:`bugami.argute.solve <bugami.argute.solver.solve>`) what each value
lets it force on each imagined hand, keeping the better of that and the
rollout (see :mod:`bugami.bots.solver`, which describes both games' solver
bots).

>>> from bugami import argute
>>> state = argute.deal(argute.Rules(players=3), seed=4)
>>> done = play_out(state, [ArguteHeuristicBot(), ArguteRandomBot(seed=1), ArguteHeuristicBot()])
>>> done.is_over, len(argute.score(done))
(True, 3)
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Final, Protocol, overload, runtime_checkable

from bugami._kernel.checks import check_range
from bugami._kernel.players import (
    MAX_SAMPLES,
    Player,
    RandomPlayer,
    SearchingBot,
    Seats,
    SolvingBot,
    best_of,
    finish,
    new_rng,
)
from bugami._kernel.seeds import Seed
from bugami.argute.dealing import deal
from bugami.argute.declaration import DECLARATION
from bugami.argute.game import Game
from bugami.argute.play import bid, play
from bugami.argute.rules import BIDS, TRICKS
from bugami.argute.sampling import sample_deal
from bugami.argute.scoring import score
from bugami.argute.solver import solve
from bugami.argute.state import Deal, make_deal
from bugami.argute.view import DealView, GameView

__all__ = [
    "ArguteBot",
    "ArguteHeuristicBot",
    "ArguteRandomBot",
    "ArguteSearchBot",
    "ArguteSolverBot",
    "heuristic_bid",
    "heuristic_card",
    "play_out",
]

_SEATS: Final[Seats[DealView]] = Seats(
    DECLARATION,
    full="Argute ",
    needs="an Argute DealView or GameView (bugami.argute.view)",
)
_MEAN_STRENGTH: Final = 55  # the mean of the sum of squared values of a random hand
_MEAN_VALUE: Final = 2.5


@runtime_checkable
class ArguteBot(Player[DealView | GameView, int, int], Protocol):
    """A player of Argute that chooses bids and cards from views: the protocol
    of :class:`bugami.bots.Bot`, where a bid is a number of tricks (0 to 3)
    and a card a value (0 to 5).

    >>> all(isinstance(bot, ArguteBot)
    ...     for bot in (ArguteRandomBot(), ArguteHeuristicBot(), ArguteSearchBot()))
    True
    """


# --- the rules of thumb ------------------------------------------------------------


def heuristic_bid(hand: Sequence[int], players: int) -> int:
    """The heuristic player's bid for a hand of values at a table of
    ``players`` (see the module's description).

    >>> from bugami.bots.argute import heuristic_bid
    >>> heuristic_bid((5, 5, 5, 4, 4, 3), 4), heuristic_bid((0, 0, 1, 1, 2, 3), 4)
    (1, 0)
    >>> heuristic_bid((5, 5, 5, 4, 4, 3), 2), heuristic_bid((1, 1, 2, 2, 3, 3), 2)
    (2, 1)
    """
    strength = sum(value * value for value in hand)
    share = TRICKS * strength / (strength + _MEAN_STRENGTH * (players - 1))
    return max(0, min(TRICKS, math.ceil(share - 0.5)))


def heuristic_card(
    hand: Sequence[int],
    need: int,
    trick_number: int,
    trick: Sequence[int],
    leader: int,
    seat: int,
    players: int,
) -> int:
    """The value the heuristic player plays: ``hand`` its values (lowest
    first), ``need`` the tricks it still wants (its bid less those won),
    ``trick_number`` the open trick (from 0), ``trick`` the values played to
    it so far by seats from ``leader`` on.

    >>> from bugami.bots.argute import heuristic_card
    >>> heuristic_card((0, 2, 5), need=1, trick_number=1, trick=(), leader=0, seat=0, players=3)
    5
    >>> heuristic_card((0, 2, 5), need=0, trick_number=1, trick=(), leader=0, seat=0, players=3)
    0
    """
    low, high = hand[0], hand[-1]
    left = TRICKS - trick_number
    if need <= 0:
        return low
    if need >= left:
        return high
    per_player = TRICKS - trick_number  # cards each player puts into this trick
    counts = [0] * players
    turns = [per_player] * players
    for position, value in enumerate(trick):
        offset = (leader + position) % players
        counts[offset] += value
        turns[offset] -= 1
    mine = counts[seat] + sum(hand[-turns[seat] :])
    rival = max(
        counts[other] + _MEAN_VALUE * turns[other] for other in range(players) if other != seat
    )
    return high if mine >= rival else low


def rollout_card(state: Deal) -> int:
    """The heuristic's card for the seat to move in a full hand, from its own
    hand and public information only."""
    seat: int = state.to_move  # type: ignore[assignment]
    won = sum(trick.winner == seat for trick in state.tricks)
    return heuristic_card(
        state.hands[seat],
        state.bids[seat] - won,  # type: ignore[operator]
        len(state.tricks),
        state.current_trick,
        state.leader,  # type: ignore[arg-type]
        seat,
        state.rules.players,
    )


def rollout(state: Deal, seat: int) -> int:
    """``seat``'s points once every seat has finished the hand by the
    heuristic's rules: the rollout by which the search, solver and inference
    bots judge a move.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=3), seed=4)
    >>> for seat in range(3):
    ...     state = argute.bid(state, seat, 1)
    >>> [rollout(state, seat) for seat in range(3)]
    [1, -1, -1]
    """
    while state.to_move is not None:
        state = play(state, rollout_card(state))
    return score(state)[seat]


# --- the bots ------------------------------------------------------------------------


class ArguteRandomBot(RandomPlayer):
    """Chooses uniformly among the legal bids and values, with its own
    :class:`random.Random` seeded from ``seed``.

    >>> from bugami import argute
    >>> seen = argute.view(argute.deal(argute.Rules(), seed=1), 0)
    >>> ArguteRandomBot(seed=7).choose_bid(seen) == ArguteRandomBot(seed=7).choose_bid(seen)
    True
    """

    _seats = _SEATS

    def choose_bid(self, seen: DealView | GameView) -> int:
        """A bid drawn uniformly from 0 to 3."""
        chosen: int = super().choose_bid(seen)
        return chosen

    def choose_card(self, seen: DealView | GameView) -> int:
        """A value drawn uniformly from the distinct values held."""
        chosen: int = super().choose_card(seen)
        return chosen


class ArguteHeuristicBot:
    """The rule-of-thumb player of Argute (see the module's description). It
    uses no randomness; ``seed`` is accepted so that every bot is made alike.

    >>> from bugami import argute
    >>> seen = argute.view(argute.deal(argute.Rules(players=2), hands=["555443", "001123"]), 0)
    >>> ArguteHeuristicBot().choose_bid(seen)
    2
    """

    def __init__(self, seed: Seed | None = None) -> None:
        new_rng(seed)

    @property
    def name(self) -> str:
        """``"heuristic"``."""
        return "heuristic"

    def reset(self, seed: Seed | None = None) -> None:
        """Nothing to restart: the heuristic uses no randomness."""
        new_rng(seed)

    def choose_bid(self, seen: DealView | GameView) -> int:
        """A bid from the hand's strength."""
        current = _SEATS.bid_view(self, seen)
        return heuristic_bid(current.hand, current.rules.players)

    def choose_card(self, seen: DealView | GameView) -> int:
        """High where the trick is winnable and tricks are needed, else low."""
        current = _SEATS.card_view(self, seen)
        seat = current.seat
        won = sum(trick.winner == seat for trick in current.tricks)
        return heuristic_card(
            current.hand,
            current.bids[seat] - won,  # type: ignore[operator]
            len(current.tricks),
            current.current_trick,
            current.leader,  # type: ignore[arg-type]
            seat,
            current.rules.players,
        )

    def __repr__(self) -> str:
        return "ArguteHeuristicBot()"


class ArguteSearchBot(SearchingBot):
    """Chooses bids and values by determinized Monte Carlo search (see the
    module's description).

    :param seed: seeds the sampling of imagined hands.
    :param samples: imagined hands per decision (at least 1).
    :param seconds: if given, a time budget per decision instead, in seconds
        (at least one hand is always imagined). Not reproducible.

    >>> from bugami import argute
    >>> seen = argute.view(argute.deal(argute.Rules(), seed=3), 1)
    >>> bot = ArguteSearchBot(seed=1, samples=8)
    >>> bot.choose_bid(seen) == ArguteSearchBot(seed=1, samples=8).choose_bid(seen)
    True
    """

    _seats = _SEATS

    def _imagine(self, current: DealView) -> Deal:
        """A full hand consistent with ``current``, every hidden bid replaced
        by the heuristic bid for that seat's imagined hand."""
        imagined = sample_deal(current, self._rng)
        players = current.rules.players
        dealt = imagined.dealt_hands
        bids = tuple(
            choice if seat == current.seat else heuristic_bid(dealt[seat], players)
            for seat, choice in enumerate(imagined.bids)
        )
        return make_deal(
            imagined.rules, imagined.dealer, imagined._hands, bids, imagined.leader,
            imagined.current_trick, imagined.tricks,
        )  # fmt: skip

    def _best(self, current: DealView, options: tuple[int, ...], bidding: bool) -> int:
        seat = current.seat

        def value(imagined: Deal, option: int) -> int:
            start = _with_bid(imagined, seat, option) if bidding else play(imagined, option)
            return rollout(start, seat)

        return self._budget.best(options, lambda: self._imagine(current), value)

    def choose_bid(self, seen: DealView | GameView) -> int:
        """The bid with the best mean score over the imagined hands; ties go
        to the lowest."""
        return self._best(_SEATS.bid_view(self, seen), BIDS, bidding=True)

    def choose_card(self, seen: DealView | GameView) -> int:
        """The value with the best mean score over the imagined hands; ties
        go to the lowest."""
        current = _SEATS.card_view(self, seen)
        moves = current.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return self._best(current, moves, bidding=False)


class ArguteSolverBot(SolvingBot):
    """Perfect-information Monte Carlo over the open-hand solver (see
    :mod:`bugami.bots.solver`), for Argute.

    :param seed: seeds the imagined hands.
    :param samples: imagined hands per decision (at least 1); the default
        gives about the time per decision of :class:`ArguteSearchBot` with
        its default.
    :param seconds: if given, a time budget per decision instead (the bid
        too), in seconds of CPU time; at least one hand is always imagined.
        Not reproducible.
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

    _seats = _SEATS

    def __init__(
        self,
        seed: Seed | None = None,
        *,
        samples: int = 32,
        seconds: float | None = None,
        bid_samples: int | None = None,
        endgame: int = 2,
        max_nodes: int = 20_000,
    ) -> None:
        super().__init__(
            seed,
            samples=samples,
            # four times the samples for the bid (once samples is known to be a count)
            bid_samples=min(4 * check_range("samples", samples, 1, MAX_SAMPLES), MAX_SAMPLES)
            if bid_samples is None
            else bid_samples,
            endgame=endgame,
            max_nodes=max_nodes,
            seconds=seconds,
        )

    def choose_bid(self, seen: DealView | GameView) -> int:
        """The bid with the best mean score over the imagined hands, each
        played out by rollouts with the other seats bidding as the heuristic
        player would; ties go to the lowest.

        >>> from bugami import argute
        >>> seen = argute.view(argute.deal(argute.Rules(), seed=3), 1)
        >>> ArguteSolverBot(seed=1, samples=4).choose_bid(seen) in range(4)
        True
        """
        estimates = self.bid_estimates(seen)
        return best_of(BIDS, estimates)

    def bid_estimates(self, seen: DealView | GameView) -> tuple[float, ...]:
        """Each bid's (0 to 3) mean score over ``bid_samples`` imagined
        hands (or as many as the bot's ``seconds`` allow), each played out
        by rollouts with the other seats bidding as the heuristic player
        would: the values :meth:`choose_bid` compares.
        They draw from the bot's random generator as that does.

        >>> from bugami import argute
        >>> seen = argute.view(argute.deal(argute.Rules(players=3), seed=3), 1)
        >>> estimates = ArguteSolverBot(seed=1, samples=4).bid_estimates(seen)
        >>> len(estimates), all(-1 <= mean <= 3 for mean in estimates)
        (4, True)
        """
        current = _SEATS.bid_view(self, seen)
        seat = current.seat
        players = current.rules.players
        totals = [0] * len(BIDS)
        more = self.rounds(self.bid_samples)
        done = 0
        while more(done):
            done += 1
            dealt = sample_deal(current, self._rng).dealt_hands
            fresh = deal(current.rules, hands=dealt, dealer=current.dealer)
            for other in range(players):
                if other != seat:
                    fresh = bid(fresh, other, heuristic_bid(dealt[other], players))
            for position, option in enumerate(BIDS):
                totals[position] += rollout(bid(fresh, seat, option), seat)
        return tuple(total / done for total in totals)

    def choose_card(self, seen: DealView | GameView) -> int:
        """The value with the best mean over the imagined hands (see
        :mod:`bugami.bots.solver`); ties go to the lowest."""
        current = _SEATS.card_view(self, seen)
        moves = current.legal_moves()
        if len(moves) == 1:
            return moves[0]
        seat = current.seat

        def forced(imagined: Deal, max_nodes: int) -> Mapping[int, int]:
            return solve(imagined, seat, max_nodes=max_nodes).move_values

        return self._best_move(
            moves,
            lambda: _replayed(current, self._rng),
            forced if TRICKS - len(current.tricks) <= self.endgame else None,
            lambda imagined, move: rollout(play(imagined, move), seat),
        )


def _replayed(current: DealView, rng: random.Random) -> Deal:
    """A full hand consistent with ``current``, replayed to the same point,
    where every other seat bid what the heuristic player would have bid with
    its imagined hand."""
    dealt = sample_deal(current, rng).dealt_hands
    players = current.rules.players
    state = deal(current.rules, hands=dealt, dealer=current.dealer)
    for other in range(players):
        if other == current.seat:
            choice = current.bids[other]
            assert choice is not None
        else:
            choice = heuristic_bid(dealt[other], players)
        state = bid(state, other, choice)
    for trick in current.tricks:
        for value in trick.cards:
            state = play(state, value)
    for value in current.current_trick:
        state = play(state, value)
    return state


def _with_bid(imagined: Deal, seat: int, choice: int) -> Deal:
    """An imagined hand in which ``seat`` bids ``choice``, ready to play."""
    bids = list(imagined.bids)
    bids[seat] = None
    state = make_deal(imagined.rules, imagined.dealer, imagined._hands, tuple(bids), None, (), ())
    return bid(state, seat, choice)


# --- playing out ---------------------------------------------------------------------


@overload
def play_out(state: Deal, bots: Sequence[ArguteBot]) -> Deal: ...


@overload
def play_out(state: Game, bots: Sequence[ArguteBot]) -> Game: ...


def play_out(state: Deal | Game, bots: Sequence[ArguteBot]) -> Deal | Game:
    """Let Argute ``bots`` (one per seat) finish a hand, or the current hand of
    a game, each seeing only its own view: the bots still to bid do so from
    views taken before any bid is made, then the hand is played out (see
    :func:`bugami.bots.play_out`, which takes either game).

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=3), seed=4)
    >>> play_out(state, [ArguteHeuristicBot()] * 3).is_over
    True
    """
    finished: Deal | Game = finish(state, bots, DECLARATION)
    return finished
