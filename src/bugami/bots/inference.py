"""A player that reads the others' bids and plays: :class:`InferenceBot`.

The solver-based player (:class:`~bugami.bots.SolverBot`) imagines the hidden
hands uniformly among those consistent with its view: a seat that bid spades
is as likely, to it, to hold the ace, king and queen of spades as any other
seat. Yet a bid says a lot about a hand -- a bug suit is usually a suit with
few high cards, misère a hand of low cards -- and so do the cards a seat has
chosen to play. This bot imagines hands the way the others' choices make
likely (*inference*, as the strongest Skat programs do):

* for every imagined deal it draws ``pool`` deals uniformly (4 by default)
  (:func:`bugami.sample_deal`) and keeps one of them at random, each with a
  probability proportional to how likely its hands make what the other seats
  did (*sampling-importance-resampling*);
* how likely a hand makes a bid: by default (``bid_model="rule"``) it is
  read off the heuristic player's bidding, made soft (:func:`bid_likelihood`):
  the heuristic's own bid is the likeliest, a suit with ``d`` more high-card
  points (less half its length) than the heuristic's choice is
  ``exp(-d / bid_temperature)`` times as likely, and misère is unlikely from
  a hand that could not duck every suit; or (``"solver"``, ``"heuristic"``,
  ``"mixture"``) by a model of bidding fitted to the bots met
  (:data:`FITTED_BID_MODELS`, by ``examples/fit_bid_model.py``) -- to the
  solver bot, misère is a hand with few high-card points and a short suit.
  The fitted solver model places cards a little better, yet did not play
  better in a duplicate match against the solver bot (see the ladder page
  of the documentation), so the rule stays the default;
* how likely a hand makes a card: the heuristic player's card is the
  likeliest, any other legal card ``play_odds`` times as likely (a card that
  broke suit already empties that suit, as for every sampler).

It then judges its options on the deals it keeps exactly as the solver-based
player does: rollouts by the heuristic's rules at every seat, and the open-hand
solver (:func:`bugami.solver.solve`) near the end, the better of the two.
While the bids are still secret there is nothing to read yet: it bids like
:class:`~bugami.bots.SolverBot`.

The budget is ``samples`` imagined deals per decision (deterministic given
its seed) or ``seconds`` of thinking per decision (not reproducible).

>>> import bugami
>>> from bugami.bots import HeuristicBot, InferenceBot, play_out
>>> state = bugami.deal(bugami.Rules(), seed=8)
>>> done = play_out(state, [InferenceBot(seed=1, samples=2), *[HeuristicBot()] * 3])
>>> done.is_over
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Final, TypeVar

from bugami._kernel.checks import is_int
from bugami.argute.bots import ArguteSolverBot
from bugami.argute.bots import rollout as argute_rollout
from bugami.argute.bots import rollout_card as argute_rollout_card
from bugami.argute.dealing import deal as argute_deal
from bugami.argute.play import bid as argute_bid
from bugami.argute.play import play as argute_play
from bugami.argute.rules import BIDS as ARGUTE_BIDS
from bugami.argute.rules import TRICKS
from bugami.argute.sampling import sample_deal as argute_sample_deal
from bugami.argute.solver import solve as argute_solve
from bugami.argute.state import Deal as ArguteDeal
from bugami.argute.view import DealView as ArguteDealView
from bugami.argute.view import GameView as ArguteGameView
from bugami.bots.base import card_view
from bugami.bots.heuristic import heuristic_bid, heuristic_card, partnered, rollout
from bugami.bots.solver import SolverBot
from bugami.core._masks import FOLLOW
from bugami.core.cards import MISERE, Bid, Card
from bugami.core.dealing import Seed
from bugami.core.play import play
from bugami.core.sampling import complete, sample_deal
from bugami.core.state import Deal, make_deal
from bugami.core.view import DealView, GameView
from bugami.errors import InvalidInputError, brief
from bugami.solver import solve

__all__ = [
    "BID_MODELS",
    "FITTED_BID_MODELS",
    "ArguteInferenceBot",
    "InferenceBot",
    "bid_features",
    "bid_likelihood",
    "fitted_bid_likelihood",
]

OptionT = TypeVar("OptionT")

_JOKERS: Final = 0xFF << 52
_MISERE_UNSAFE: Final = math.log(0.02)  # misère from a hand that cannot duck
_SUIT_WHEN_SAFE: Final = math.log(0.3)  # a suit from a hand that could bid misère


def _suit_weight(chunk: int) -> tuple[bool, int]:
    """For the cards of one suit (bit ``i``: rank ``14 - i``): whether they
    are low enough to duck under misère (the lowest at most a 6, the next at
    most an 8, ...), and twice their high-card points (ace 4, king 3, queen 2,
    jack 1) less their length: the heuristic player's measure of a bug suit."""
    traits = _TRAITS.get(chunk)
    if traits is None:
        ranks = sorted(14 - index for index in range(13) if chunk >> index & 1)
        low = all(rank <= 6 + 2 * position for position, rank in enumerate(ranks))
        points = sum(max(0, rank - 10) for rank in ranks)
        traits = _TRAITS[chunk] = (low, 2 * points - len(ranks))
    return traits


_TRAITS: Final[dict[int, tuple[bool, int]]] = {}


def _suit_facts(chunk: int) -> tuple[bool, int, int]:
    """For the cards of one suit: whether they are low enough to duck under
    misère, their high-card points and their number."""
    facts = _FACTS.get(chunk)
    if facts is None:
        low, weight = _suit_weight(chunk)
        length = chunk.bit_count()
        facts = _FACTS[chunk] = (low, (weight + length) // 2, length)
    return facts


_FACTS: Final[dict[int, tuple[bool, int, int]]] = {}


Features = tuple[int, int, int, int, int, int, int]


def bid_features(hand: int) -> list[Features]:
    """What the fitted models of bidding read of a hand (a bitmask of card
    indices, as dealt), one row per bid in the order spades, hearts,
    diamonds, clubs, misère: for a suit, its high-card points (ace 4, king
    3, queen 2, jack 1), its length and whether it is the heuristic
    player's bug suit; for misère, a 1, whether the hand is low enough for
    the heuristic player to bid misère, the hand's points and the length of
    its shortest suit. A bid's odds under a model are ``exp`` of the dot
    product of its row with the model's coefficients
    (:data:`FITTED_BID_MODELS`), over the sum for the five bids.

    >>> from bugami.bots.inference import bid_features
    >>> from bugami.core.cards import parse_cards
    >>> hand = sum(1 << c.index for c in parse_cards("AS KS 9S QH 8H 6H 5H 3H KD 2D KC QC JC"))
    >>> for row in bid_features(hand):
    ...     print(row)
    (7, 3, 0, 0, 0, 0, 0)
    (2, 5, 1, 0, 0, 0, 0)
    (3, 2, 0, 0, 0, 0, 0)
    (6, 3, 0, 0, 0, 0, 0)
    (0, 0, 0, 1, 0, 18, 2)
    """
    safe = (hand & _JOKERS).bit_count() <= 1
    rows: list[Features] = []
    total = 0
    shortest = 13
    favourite = heuristic_bid(hand)
    for suit in range(4):
        low, points, length = _suit_facts(hand >> 13 * suit & 0x1FFF)
        safe = safe and low
        total += points
        shortest = min(shortest, length)
        chosen = int(favourite is not MISERE and favourite._index == suit)
        rows.append((points, length, chosen, 0, 0, 0, 0))
    rows.append((0, 0, 0, 1, int(safe), total, shortest))
    return rows


FITTED_BID_MODELS: Final[dict[str, tuple[float, ...]]] = {
    "solver": (-0.869, 0.65, -0.269, 8.799, 0.784, -0.564, -1.039),
    "heuristic": (-0.84, 0.319, 5.834, 1.576, 3.629, -0.201, 0.012),
}
"""The coefficients of the fitted models of bidding, one per feature of
:func:`bid_features` (suit: points, length, the heuristic's suit; misère: a
constant, low enough, the hand's points, the shortest suit's length).

They were fitted by ``python examples/fit_bid_model.py --hands 400``
(four-player Bugami, 1,600 hands dealt from the seed ``bidfit``): the
bids of the solver bot (``solver:16``, which is how the inference bot bids
too) and of the heuristic player, each fitted by maximum likelihood with a
ridge penalty of 1. The solver bot named the heuristic player's bid on only
37% of those hands, and bid misère on 42% of them (the heuristic player, on
3%): a hand with few points and a short suit is a misère hand to it. The
fitted solver model's likeliest bid is the solver bot's on 62% of the hands
(the heuristic model's, the heuristic player's on all of them).

>>> from bugami.bots.inference import FITTED_BID_MODELS
>>> sorted(FITTED_BID_MODELS), len(FITTED_BID_MODELS["solver"])
(['heuristic', 'solver'], 7)
"""

BID_MODELS: Final[tuple[str, ...]] = ("solver", "heuristic", "mixture", "rule")
"""The models of bidding :class:`InferenceBot` can read bids by: a fitted
model (``"solver"``, ``"heuristic"``), an even mixture of the two, or the
hand-made ``"rule"`` of :func:`bid_likelihood`.

>>> from bugami.bots.inference import BID_MODELS
>>> BID_MODELS
('solver', 'heuristic', 'mixture', 'rule')
"""


def fitted_bid_likelihood(
    hand: int, choice: Bid, model: str = "solver", temperature: float = 1.0
) -> float:
    """The log of the probability that a seat holding ``hand`` (a bitmask
    of card indices, as dealt) bids ``choice``, under one of the fitted
    models of bidding (:data:`FITTED_BID_MODELS`: ``"solver"`` for the
    solver bot, ``"heuristic"`` for the heuristic player), its utilities
    divided by ``temperature``; ``"mixture"`` is an even mixture of the two.

    >>> import math
    >>> from bugami import MISERE, Suit
    >>> from bugami.bots.inference import fitted_bid_likelihood
    >>> from bugami.core.cards import parse_cards
    >>> hand = sum(1 << c.index for c in parse_cards("AS KS 9S QH 8H 6H 5H 3H KD 2D KC QC JC"))
    >>> odds = [math.exp(fitted_bid_likelihood(hand, bid)) for bid in (*Suit, MISERE)]
    >>> round(sum(odds), 9), max(odds) == odds[1]  # hearts is the likeliest
    (1.0, True)
    """
    if model == "mixture":
        first = fitted_bid_likelihood(hand, choice, "solver", temperature)
        second = fitted_bid_likelihood(hand, choice, "heuristic", temperature)
        top = max(first, second)
        return top + math.log((math.exp(first - top) + math.exp(second - top)) / 2)
    weights = FITTED_BID_MODELS[model]
    utilities = [
        sum(weight * value for weight, value in zip(weights, row, strict=True)) / temperature
        for row in bid_features(hand)
    ]
    top = max(utilities)
    spread = math.log(sum(math.exp(utility - top) for utility in utilities))
    position = 4 if choice is MISERE else choice._index
    return utilities[position] - top - spread


def bid_likelihood(hand: int, choice: Bid, temperature: float = 1.0) -> float:
    """The log of how likely a seat holding ``hand`` (a bitmask of card
    indices, as dealt) is to bid ``choice``, up to a constant: 0 for the
    heuristic player's own suit, less ``d / temperature`` for a suit with
    ``d`` more high-card points (less half its length) than that one; misère
    is likely only from a hand low enough to duck every suit.

    >>> from bugami import MISERE, Suit
    >>> from bugami.bots.inference import bid_likelihood
    >>> from bugami.core.cards import parse_cards
    >>> hand = sum(1 << c.index for c in parse_cards("AS KS 9S QH 8H 6H 5H 3H KD 2D KC QC JC"))
    >>> bid_likelihood(hand, Suit.HEARTS), bid_likelihood(hand, Suit.SPADES)
    (0.0, -6.0)
    >>> bid_likelihood(hand, MISERE) < bid_likelihood(hand, Suit.DIAMONDS) < 0
    True
    """
    safe = (hand & _JOKERS).bit_count() <= 1
    lowest = 1 << 20
    chosen = 0
    for suit in range(4):
        chunk = hand >> 13 * suit & 0x1FFF
        low, weight = _suit_weight(chunk)
        safe = safe and low
        lowest = min(lowest, weight)
        if choice is not MISERE and choice._index == suit:
            chosen = weight
    if choice is MISERE:
        return 0.0 if safe else _MISERE_UNSAFE
    value = -(chosen - lowest) / (2 * temperature)
    return value + _SUIT_WHEN_SAFE if safe else value


class _Reader:
    """The others' choices in one view, read once per decision, and the
    deals consistent with it drawn and weighed by them."""

    __slots__ = (
        "current",
        "model",
        "moves",
        "others",
        "played",
        "sizes",
        "temperature",
        "unseen",
    )

    def __init__(self, current: DealView, temperature: float, odds: float, model: str) -> None:
        self.current = current
        self.temperature = temperature
        self.model = model
        self.unseen = [card.index for card in current.unseen]
        players = current.rules.players
        self.sizes = current.hand_sizes
        self.others = [seat for seat in range(players) if seat != current.seat]
        played = [0] * players
        # the others' cards worth reading: (seat, cards before it in its trick,
        # leader, every card played before it, the card, its log-odds if the
        # heuristic's choice and if not)
        self.moves: list[tuple[int, tuple[int, ...], int, int, int, float, float]] = []
        agree = -math.log1p(odds)
        other = math.log(odds / (1 + odds))
        tricks = [(trick.leader, trick._cards) for trick in current.tricks]
        if current.leader is not None and current._trick:
            tricks.append((current.leader, current._trick))
        before = 0
        for leader, cards in tricks:
            for position, index in enumerate(cards):
                seat = (leader + position) % players
                played[seat] |= 1 << index
                if seat != current.seat and odds != 1.0:
                    self.moves.append((seat, cards[:position], leader, before, index, agree, other))
                before |= 1 << index
        self.played = played

    def draw(self, rng: random.Random) -> tuple[list[int], int, float]:
        """Hands as dealt and the leftover's unseen cards, drawn uniformly,
        and the log of how likely they make the others' choices."""
        current = self.current
        hands, leftover = complete(rng, current.seat, self.unseen, self.sizes, current._voids)
        played = self.played
        for seat in self.others:
            hands[seat] |= played[seat]
        bids = current.bids
        total = 0.0
        for seat in self.others:
            choice = bids[seat]
            if choice is not None:
                if self.model == "rule":
                    total += bid_likelihood(hands[seat], choice, self.temperature)
                else:
                    total += fitted_bid_likelihood(
                        hands[seat], choice, self.model, self.temperature
                    )
        shotgun = partnered(current.rules)
        for seat, before, leader, gone, index, agree, other in self.moves:
            hand = hands[seat] & ~gone
            legal = (hand & FOLLOW[before[0]] or hand) if before else hand
            count = legal.bit_count()
            if count > 1:
                guess = heuristic_card(hand, before, leader, seat, bids, gone, shotgun)
                total += agree if guess == index else other - math.log(count - 1)
        return hands, leftover, total

    def imagine(self, rng: random.Random, pool: int) -> Deal:
        """One deal consistent with the view, kept among ``pool`` drawn
        uniformly with the odds of how likely each makes the others' choices."""
        drawn = [self.draw(rng) for _ in range(pool)]
        hands, leftover, _ = drawn[_pick([log for _, _, log in drawn], rng)]
        current = self.current
        hands[current.seat] = current._hand | self.played[current.seat]
        return make_deal(
            current.rules, current.dealer, tuple(hands), sum(self.played),
            leftover | current._leftover, current.bids, current.leader, current._trick,
            current.tricks,
        )  # fmt: skip


class InferenceBot(SolverBot):
    """Perfect-information Monte Carlo over deals imagined by how likely the
    others' bids and plays make them (see the module's description).

    :param seed: seeds the imagined deals.
    :param samples: imagined deals per card (at least 1).
    :param seconds: if given, a time budget per decision instead, in seconds
        (at least one deal is always imagined). Not reproducible.
    :param pool: uniform deals drawn for each deal kept (at least 1; 1: no
        inference, the solver-based player's uniform sampling).
    :param bid_temperature: how strictly a bid is read (by the rule, in
        high-card points; a fitted model's utilities are divided by it;
        smaller is stricter).
    :param play_odds: how likely a card other than the heuristic player's
        is, against the heuristic's (0 < play_odds; 1 reads nothing from the
        play).
    :param bid_model: which model of bidding the others' bids are read by
        (one of :data:`~bugami.bots.inference.BID_MODELS`).
    :param bid_samples: imagined deals for the bid (by default ``samples``).
    :param endgame: from how many tricks left on the solver is asked.
    :param max_nodes: the most positions one solve may visit.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(), seed=3)
    >>> for seat, choice in enumerate("S H MISERE C".split()):
    ...     state = bugami.bid(state, seat, choice)
    >>> seen = bugami.view(state, state.to_move)
    >>> bot = InferenceBot(seed=5, samples=4)
    >>> card = bot.choose_card(seen)
    >>> card in seen.legal_moves(), card == InferenceBot(seed=5, samples=4).choose_card(seen)
    (True, True)
    >>> bot.choose_card(state)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: InferenceBot is given a view, not a full Deal: pass bugami.view(state, seat)
    """

    _name = "infer"

    def __init__(
        self,
        seed: Seed | None = None,
        *,
        samples: int = 16,
        seconds: float | None = None,
        pool: int = 4,
        bid_temperature: float = 1.0,
        play_odds: float = 0.3,
        bid_model: str = "rule",
        bid_samples: int | None = None,
        endgame: int = 5,
        max_nodes: int = 20_000,
    ) -> None:
        super().__init__(
            seed,
            samples=samples,
            bid_samples=bid_samples,
            endgame=endgame,
            max_nodes=max_nodes,
            seconds=seconds,
        )
        _check_settings(pool, (("bid_temperature", bid_temperature), ("play_odds", play_odds)))
        self.pool = pool
        if bid_model not in BID_MODELS:
            raise InvalidInputError(
                f"bid_model is one of {', '.join(BID_MODELS)}, not {brief(bid_model)}"
            )
        self.bid_temperature: float = float(bid_temperature)
        self.play_odds: float = float(play_odds)
        self.bid_model: str = bid_model

    def __repr__(self) -> str:
        if self.seconds is not None:
            return f"InferenceBot(seconds={self.seconds!r}, pool={self.pool})"
        return f"InferenceBot(samples={self.samples}, pool={self.pool})"

    def choose_card(self, seen: DealView | GameView) -> Card:
        """The legal card with the best mean value over the imagined deals
        (see the module's description); ties go to the first in canonical
        order."""
        current = card_view(self, seen)
        moves = current.legal_moves()
        if len(moves) == 1:
            return moves[0]
        seat = current.seat
        reader = None
        if self.pool > 1:
            reader = _Reader(current, self.bid_temperature, self.play_odds, self.bid_model)

        def imagine() -> Deal:
            if reader is None:
                return sample_deal(current, self._rng)
            return reader.imagine(self._rng, self.pool)

        def forced(imagined: Deal, max_nodes: int) -> Mapping[Card, int]:
            return solve(imagined, seat, max_nodes=max_nodes).move_values

        return self._best_move(
            moves,
            imagine,
            forced if current.rules.hand_size - len(current.tricks) <= self.endgame else None,
            lambda imagined, card: rollout(play(imagined, card), seat),
        )


_LARGEST: Final = 1e300
"""Above every sensible setting of an inference bot, and within a float."""


def _check_settings(pool: int, positive: tuple[tuple[str, float], ...]) -> None:
    """Check an inference bot's pool and positive settings."""
    if not is_int(pool) or pool < 1:
        raise InvalidInputError(f"pool must be an int of at least 1, not {brief(pool)}")
    for label, number in positive:
        # a bool is no number here, and an int too large for a float is refused
        # (the settings are read as floats)
        if (
            isinstance(number, bool)
            or not isinstance(number, (int, float))
            or not 0 < number < _LARGEST
        ):
            raise InvalidInputError(
                f"{label} must be a positive number below {_LARGEST:g}, not {brief(number)}"
            )


def _pick(logs: Sequence[float], rng: random.Random) -> int:
    """An index drawn with odds ``exp(logs[i])``."""
    top = max(logs)
    weights = [math.exp(value - top) for value in logs]
    target = rng.random() * sum(weights)
    for position, weight in enumerate(weights):
        target -= weight
        if target < 0:
            return position
    return len(weights) - 1


# --- Argute ------------------------------------------------------------------------


def _bid_odds(hand: Sequence[int], players: int) -> list[float]:
    """The prior odds of each bid (0 to 3) for a hand of Argute: highest at
    the heuristic player's expected share of the tricks, falling off by a
    factor ``e ** 2`` a trick away from it."""
    strength = sum(value * value for value in hand)
    share = TRICKS * strength / (strength + 55 * (players - 1))
    return [math.exp(-2 * abs(choice - share)) for choice in ARGUTE_BIDS]


class ArguteInferenceBot(ArguteSolverBot):
    """The inference player for Argute (see :class:`InferenceBot`).

    Argute's bids stay hidden until the hand is over, so what the bot reads
    is the play: for each imagined hand it draws ``pool`` layouts uniformly
    (:func:`bugami.argute.sampling.sample_deal`), gives every other seat a
    bid drawn near the heuristic player's bid for its imagined hand, and
    keeps one layout with odds of how likely its hands and bids make the
    values the others have played (the heuristic player's value is the
    likeliest, any other ``play_odds`` times as likely). It judges its
    values on the kept hands as :class:`~bugami.bots.ArguteSolverBot` does,
    and bids as it does (nothing has been played yet).

    :param seed: seeds the imagined hands.
    :param samples: imagined hands per value (at least 1).
    :param seconds: if given, a time budget per decision instead, in seconds.
        Not reproducible.
    :param pool: uniform layouts drawn for each hand kept (at least 1).
    :param play_odds: how likely a value other than the heuristic player's
        is, against the heuristic's.
    :param bid_samples: imagined hands for the bid (by default four times
        ``samples``).
    :param endgame: from how many tricks left on the solver is asked.
    :param max_nodes: the most positions one solve may visit.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=3), seed=4)
    >>> for seat in range(3):
    ...     state = argute.bid(state, seat, 1)
    >>> for _ in range(4):
    ...     state = argute.play(state, argute.legal_moves(state)[-1])
    >>> seen = argute.view(state, state.to_move)
    >>> bot = ArguteInferenceBot(seed=2, samples=4)
    >>> value = bot.choose_card(seen)
    >>> value in seen.legal_moves(), value == ArguteInferenceBot(seed=2, samples=4).choose_card(seen)
    (True, True)
    """

    _name = "infer"

    def __init__(
        self,
        seed: Seed | None = None,
        *,
        samples: int = 32,
        seconds: float | None = None,
        pool: int = 3,
        play_odds: float = 0.3,
        bid_samples: int | None = None,
        endgame: int = 2,
        max_nodes: int = 20_000,
    ) -> None:
        super().__init__(
            seed,
            samples=samples,
            bid_samples=bid_samples,
            endgame=endgame,
            max_nodes=max_nodes,
            seconds=seconds,
        )
        _check_settings(pool, (("play_odds", play_odds),))
        self.pool = pool
        self.play_odds: float = float(play_odds)

    def __repr__(self) -> str:
        if self.seconds is not None:
            return f"ArguteInferenceBot(seconds={self.seconds!r}, pool={self.pool})"
        return f"ArguteInferenceBot(samples={self.samples}, pool={self.pool})"

    def _draw(self, current: ArguteDealView) -> tuple[ArguteDeal, float]:
        """A hand consistent with ``current``, replayed to the same point with
        bids drawn for the others, and the log of how likely it makes their
        values."""
        rng = self._rng
        dealt = argute_sample_deal(current, rng).dealt_hands
        players = current.rules.players
        me = current.seat
        state = argute_deal(current.rules, hands=dealt, dealer=current.dealer)
        for other in range(players):
            if other == me:
                choice = current.bids[other]
                assert choice is not None
            else:
                odds = _bid_odds(dealt[other], players)
                choice = ARGUTE_BIDS[_pick([math.log(value) for value in odds], rng)]
            state = argute_bid(state, other, choice)
        agree = -math.log1p(self.play_odds)
        differ = math.log(self.play_odds / (1 + self.play_odds))
        total = 0.0
        values = [value for trick in current.tricks for value in trick.cards]
        for value in (*values, *current.current_trick):
            seat: int = state.to_move  # type: ignore[assignment]
            if seat != me:
                count = len(set(state.hands[seat]))
                if count > 1:
                    guess = argute_rollout_card(state)
                    total += agree if guess == value else differ - math.log(count - 1)
            state = argute_play(state, value)
        return state, total

    def choose_card(self, seen: ArguteDealView | ArguteGameView) -> int:
        """The value with the best mean over the imagined hands (see
        :mod:`bugami.bots.solver`); ties go to the lowest."""
        current = self._seats.card_view(self, seen)
        moves = current.legal_moves()
        if len(moves) == 1:
            return moves[0]
        seat = current.seat

        def imagine() -> ArguteDeal:
            drawn = [self._draw(current) for _ in range(self.pool)]
            return drawn[_pick([log for _, log in drawn], self._rng)][0]

        def forced(imagined: ArguteDeal, max_nodes: int) -> Mapping[int, int]:
            return argute_solve(imagined, seat, max_nodes=max_nodes).move_values

        return self._best_move(
            moves,
            imagine,
            forced if TRICKS - len(current.tricks) <= self.endgame else None,
            lambda imagined, move: argute_rollout(argute_play(imagined, move), seat),
        )
