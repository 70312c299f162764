"""A solver bot whose bid values are corrected per hand: :class:`CalibratedBot`.

:class:`~bugami.bots.SolverBot` values each bid by its mean score on imagined
deals where the other seats bid as the heuristic player would and everyone
finishes by the heuristic player's rules of thumb. Set beside what the bot
then makes with its own play among solver bots, those values are biased, and
not by one constant: they overrate misère and underrate a suit, by amounts
that depend on the hand. A :class:`BidCalibration` maps a bid's estimate and
a few features of the hand to the points the bid is expected to make, one
linear model per kind of bid (a suit, misère) and per number of players,
fitted by least squares to self-played deals (``examples/fit_bid_calibration.py``,
which writes the package's ``bid_calibration.json``). The features a model
reads are named in the file (:data:`FEATURES` lists those it may name).

The correction costs nothing measurable: the bot imagines the same deals as
the solver bot and plays its cards the same way; only the comparison of
the bids changes. A table's model may also name a *bid factor*: the models
were fitted to estimates over that many times ``samples`` imagined deals,
and the bot, unless given ``bid_samples``, weighs its bid at that table over
as many (the bid is one decision of a seat's eleven or more, so the CPU time
a decision rises little). Tables the file has no model for (another number
of players, jokers, Shotgun Wedding) are bid as the solver bot bids.

Argute has its own: :class:`ArguteCalibratedBot` (``make_bot("calib",
game="argute")``) values each bid of a three-player hand by a linear model
over the solver bot's four estimates and a few features of the hand
(:data:`ARGUTE_FEATURES`, :data:`ARGUTE_CALIBRATION`; fitted by
``examples/fit_argute_bids.py``). There the rollout estimates alone predict
the points a bid makes worse than the hand's strength does.

>>> import bugami
>>> from bugami.bots.calibrated import CalibratedBot
>>> seen = bugami.view(bugami.deal(bugami.Rules(), seed=2026), 0)
>>> CalibratedBot(seed=1, samples=4).choose_bid(seen) in seen.legal_bids()
True
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Final

import attrs

from bugami._kernel.players import best_of
from bugami._kernel.values import Value
from bugami.argute.bots import ArguteSolverBot
from bugami.argute.rules import BIDS as ARGUTE_BIDS
from bugami.argute.view import DealView as ArguteDealView
from bugami.argute.view import GameView as ArguteGameView
from bugami.bots.base import bid_view
from bugami.bots.solver import SolverBot
from bugami.core.cards import MISERE, Bid
from bugami.core.dealing import Seed
from bugami.core.hands import mask_features
from bugami.core.rules import Rules
from bugami.core.view import DealView, GameView
from bugami.errors import InvalidInputError

__all__ = [
    "ARGUTE_CALIBRATION",
    "ARGUTE_FEATURES",
    "CALIBRATION_FILE",
    "FEATURES",
    "ArguteCalibratedBot",
    "BidCalibration",
    "CalibratedBot",
    "argute_features",
    "bid_calibration",
    "calibration_features",
]

CALIBRATION_FILE: Final = "bid_calibration.json"
"""The name of the package's fitted calibration, beside this module.

>>> from bugami.bots.calibrated import CALIBRATION_FILE
>>> CALIBRATION_FILE
'bid_calibration.json'
"""

FEATURES: Final[tuple[str, ...]] = (
    "one",
    "estimate",
    "points",
    "high",
    "low",
    "shortest",
    "length",
    "suit_points",
)
"""The features a calibration model may read, for a hand and one of its bids:
a constant 1; the bid's estimate (the solver bot's mean score for it); the
hand's high-card points (ace 4, king 3, queen 2, jack 1); its cards of rank
10 or higher; its cards of rank 6 or lower; the length of its shortest suit;
and, for a suit bid (0 for misère), the suit's length and high-card points.

>>> from bugami.bots.calibrated import FEATURES
>>> FEATURES[:2]
('one', 'estimate')
"""

_LOW_CHUNK: Final = 0x1FFF & ~0xFF  # ranks 6 down to 2 within a suit's 13 bits
_LOW: Final = sum(_LOW_CHUNK << 13 * suit for suit in range(4))


def _suit_points(chunk: int) -> int:
    return 4 * (chunk & 1) + 3 * (chunk >> 1 & 1) + 2 * (chunk >> 2 & 1) + (chunk >> 3 & 1)


def calibration_features(hand: int, option: Bid, estimate: float) -> dict[str, float]:
    """Every feature of :data:`FEATURES` for a hand (a bitmask of card
    indices) and one of its bids with the solver bot's ``estimate``.

    >>> from bugami.bots.calibrated import calibration_features
    >>> from bugami.core.cards import MISERE, Suit, parse_cards
    >>> hand = sum(1 << c.index for c in parse_cards("AS KS 9S QH 8H 6H 5H 3H KD 2D KC QC JC"))
    >>> row = calibration_features(hand, Suit.HEARTS, 40.0)
    >>> row["points"], row["high"], row["low"], row["shortest"], row["length"], row["suit_points"]
    (18, 7, 4, 2, 5, 2)
    >>> calibration_features(hand, MISERE, 10.0)["length"]
    0
    """
    facts = mask_features(hand)
    row: dict[str, float] = {
        "one": 1,
        "estimate": estimate,
        "points": facts.strength,
        "high": facts.high_cards,
        "low": (hand & _LOW).bit_count(),
        "shortest": facts.shortest,
        "length": 0,
        "suit_points": 0,
    }
    if option is not MISERE:
        chunk = hand >> 13 * option.index & 0x1FFF
        row["length"] = chunk.bit_count()
        row["suit_points"] = _suit_points(chunk)
    return row


def _check_model(players: object, kind: str, model: object) -> tuple[tuple[str, float], ...]:
    if not isinstance(model, Mapping) or not isinstance(model.get("coefficients"), Mapping):
        raise InvalidInputError(
            f"the {kind} model for {players} players is a mapping with 'coefficients'"
        )
    terms = []
    for name, value in model["coefficients"].items():
        if name not in FEATURES:
            raise InvalidInputError(
                f"unknown feature {name!r} in the {kind} model for {players} players: "
                f"expected one of {', '.join(FEATURES)}"
            )
        if (
            isinstance(value, bool)
            or not isinstance(value, (int, float))
            or not math.isfinite(value)
        ):
            raise InvalidInputError(
                f"the coefficient of {name!r} in the {kind} model for {players} players "
                f"is a finite number, not {value!r}"
            )
        terms.append((name, float(value)))
    return tuple(terms)


@attrs.frozen
class BidCalibration(Value):
    """Linear models of the points a bid makes, by the number of players:
    ``models[players]`` is a pair (suit model, misère model), each a tuple of
    (feature name, coefficient) terms over :data:`FEATURES`.

    >>> from bugami.bots.calibrated import BidCalibration
    >>> from bugami.core.cards import MISERE, Suit
    >>> flat = BidCalibration.from_dict(
    ...     {"tables": {"4": {"suit": {"coefficients": {"estimate": 1.0}},
    ...                       "misere": {"coefficients": {"one": -20.0, "estimate": 1.0}}}}}
    ... )
    >>> flat.correct(4, 0, MISERE, 60.0), flat.correct(4, 0, Suit.SPADES, 30.0)
    (40.0, 30.0)
    >>> flat.correct(5, 0, MISERE, 60.0)  # no model for five players: the estimate
    60.0
    """

    models: Mapping[int, tuple[tuple[tuple[str, float], ...], tuple[tuple[str, float], ...]]]
    bid_factors: Mapping[int, int] = attrs.field(factory=dict)

    @classmethod
    def from_dict(cls, data: object) -> BidCalibration:
        """Read a calibration from its JSON form: ``{"tables": {players:
        {"suit": {"coefficients": {feature: value}}, "misere": {...},
        "bid_factor": k}}}`` (``bid_factor``, by default 1, is optional; other
        keys are notes and are ignored).

        >>> from bugami.bots.calibrated import BidCalibration
        >>> BidCalibration.from_dict({"tables": {"4": {}}})
        Traceback (most recent call last):
        ...
        bugami.errors.InvalidInputError: the suit model for 4 players is a mapping with 'coefficients'
        """
        tables = data.get("tables") if isinstance(data, Mapping) else None
        if not isinstance(tables, Mapping):
            raise InvalidInputError("a bid calibration is a mapping with 'tables'")
        models = {}
        factors = {}
        for players, table in tables.items():
            if not isinstance(table, Mapping):
                raise InvalidInputError(f"the table for {players} players is a mapping")
            models[int(players)] = (
                _check_model(players, "suit", table.get("suit")),
                _check_model(players, "misere", table.get("misere")),
            )
            factor = table.get("bid_factor", 1)
            if isinstance(factor, bool) or not isinstance(factor, int) or factor < 1:
                raise InvalidInputError(
                    f"the bid factor for {players} players is an int of at least 1, not {factor!r}"
                )
            factors[int(players)] = factor
        return cls(models, factors)

    def covers(self, rules: Rules) -> bool:
        """Whether a model was fitted for these rules (plain Bugami, the
        number of players in the file).

        >>> import bugami
        >>> from bugami.bots.calibrated import bid_calibration
        >>> bid_calibration().covers(bugami.Rules(jokers=1))
        False
        >>> bid_calibration().covers(bugami.Rules(players=5, target=100))
        True
        """
        # plain: every variant at its default (a variant added later is not covered)
        plain = type(rules)(players=rules.players, target=rules.target)
        return rules.players in self.models and rules == plain

    def bid_factor(self, rules: Rules) -> int:
        """How many times a decision's imagined deals the bid of these rules
        is weighed over: the table's ``bid_factor``, 1 for tables not covered.

        >>> import bugami
        >>> from bugami.bots.calibrated import BidCalibration
        >>> table = {"suit": {"coefficients": {}}, "misere": {"coefficients": {}}}
        >>> calibration = BidCalibration.from_dict(
        ...     {"tables": {"4": table, "5": {**table, "bid_factor": 3}}}
        ... )
        >>> calibration.bid_factor(bugami.Rules(players=5)), calibration.bid_factor(bugami.Rules())
        (3, 1)
        >>> calibration.bid_factor(bugami.Rules(players=3))
        1
        """
        return self.bid_factors.get(rules.players, 1) if self.covers(rules) else 1

    def correct(self, players: int, hand: int, option: Bid, estimate: float) -> float:
        """The points ``option`` is expected to make for ``hand``, by the
        model for ``players`` (the estimate itself if there is none).

        >>> from bugami.bots.calibrated import bid_calibration
        >>> from bugami.core.cards import MISERE
        >>> isinstance(bid_calibration().correct(4, 0xFFF, MISERE, 50.0), float)
        True
        >>> bid_calibration().correct(3, 0xFFF, MISERE, 50.0)
        50.0
        """
        pair = self.models.get(players)
        if pair is None:
            return estimate
        terms = pair[1] if option is MISERE else pair[0]
        row = calibration_features(hand, option, estimate)
        return sum(coefficient * row[name] for name, coefficient in terms)


@cache
def bid_calibration() -> BidCalibration:
    """The package's fitted calibration (:data:`CALIBRATION_FILE`), read once.

    >>> from bugami.bots.calibrated import bid_calibration
    >>> sorted(bid_calibration().models)
    [4, 5]
    """
    from importlib.resources import files  # here: slow to import, and rarely needed

    text = (files("bugami") / "bots" / CALIBRATION_FILE).read_text(encoding="utf-8")
    return BidCalibration.from_dict(json.loads(text))


class CalibratedBot(SolverBot):
    """:class:`~bugami.bots.SolverBot` with its bid values corrected per
    hand by a :class:`BidCalibration` (see the module's description); its
    card play is the solver bot's.

    :param seed: seeds the imagined deals.
    :param samples: imagined deals per decision (at least 1).
    :param seconds: if given, a time budget per decision instead, in seconds
        of CPU time (not reproducible); the bid gets the same budget as a
        card (no bid factor).
    :param bid_samples: imagined deals for the bid (by default ``samples``
        times the table's bid factor, :meth:`BidCalibration.bid_factor`).
    :param endgame: from how many tricks left on the solver is asked.
    :param max_nodes: the most positions one solve may visit.
    :param calibration: the models (by default the package's, :func:`bid_calibration`).

    >>> import bugami
    >>> from bugami.bots.calibrated import CalibratedBot
    >>> CalibratedBot(samples=8).name, CalibratedBot(seconds=0.05).name
    ('calib(8)', 'calib(0.05s)')
    >>> CalibratedBot().choose_bid(bugami.deal(bugami.Rules(), seed=1))
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: CalibratedBot is given a view, not a full Deal: pass bugami.view(state, seat)
    """

    _name = "calib"

    def __init__(
        self,
        seed: Seed | None = None,
        *,
        samples: int = 16,
        seconds: float | None = None,
        bid_samples: int | None = None,
        endgame: int = 5,
        max_nodes: int = 20_000,
        calibration: BidCalibration | None = None,
    ) -> None:
        super().__init__(
            seed,
            samples=samples,
            seconds=seconds,
            bid_samples=bid_samples,
            endgame=endgame,
            max_nodes=max_nodes,
        )
        if calibration is not None and not isinstance(calibration, BidCalibration):
            raise InvalidInputError(
                f"calibration is a BidCalibration or None, not {type(calibration).__name__}"
            )
        self.calibration: BidCalibration = bid_calibration() if calibration is None else calibration
        self._bid_samples_given = bid_samples is not None

    def bid_samples_for(self, rules: Rules) -> int:
        """The imagined deals the bid is weighed over at a table of these
        rules: ``bid_samples`` if it was given, else ``samples`` times the
        calibration's :meth:`~BidCalibration.bid_factor` (under a time
        budget, the bid is weighed over as many as ``seconds`` allow
        instead).

        >>> import bugami
        >>> from bugami.bots.calibrated import CalibratedBot
        >>> CalibratedBot(samples=4, bid_samples=10).bid_samples_for(bugami.Rules(players=5))
        10
        >>> CalibratedBot(samples=4).bid_samples_for(bugami.Rules(players=3))
        4
        """
        if self._bid_samples_given:
            return self.bid_samples
        return self.samples * self.calibration.bid_factor(rules)

    def calibrated_estimates(self, seen: DealView | GameView) -> tuple[tuple[Bid, float], ...]:
        """The raw values the calibration corrects: each legal bid with its
        mean score over :meth:`bid_samples_for` imagined deals. The first
        ``bid_samples`` are the solver bot's
        (:meth:`~bugami.bots.SolverBot.bid_estimates`, drawn from the bot's
        generator); any more are drawn from a second generator seeded from
        the first's state, so that the cards that follow are drawn as the
        solver bot's would be (two bots with one seed that bid alike then
        play alike).

        >>> import bugami
        >>> from bugami.bots.calibrated import CalibratedBot
        >>> seen = bugami.view(bugami.deal(bugami.Rules(players=5), seed=7), 3)
        >>> bot = CalibratedBot(seed=2, samples=3)
        >>> [str(option) for option, _ in bot.calibrated_estimates(seen)]
        ['S', 'H', 'D', 'C', 'M']
        """
        current = bid_view(self, seen)
        estimates = self.bid_estimates(current)
        more = self.bid_samples_for(current.rules) - self.bid_samples
        if more <= 0 or self.seconds is not None:
            return estimates
        main = self._rng
        self._rng = random.Random(repr(main.getstate()))
        try:
            wider = self.bid_estimates(current, samples=more)
        finally:
            self._rng = main
        count = self.bid_samples + more
        return tuple(
            (option, (mean * self.bid_samples + other * more) / count)
            for (option, mean), (_, other) in zip(estimates, wider, strict=True)
        )

    def choose_bid(self, seen: DealView | GameView) -> Bid:
        """The bid with the best corrected value (the solver bot's estimate
        read through the calibration; ties go to the first in
        :func:`bugami.legal_bids` order).

        >>> import bugami
        >>> from bugami.bots.calibrated import CalibratedBot
        >>> seen = bugami.view(bugami.deal(bugami.Rules(players=5), seed=7), 3)
        >>> first = CalibratedBot(seed=2, samples=3).choose_bid(seen)
        >>> first == CalibratedBot(seed=2, samples=3).choose_bid(seen)
        True
        """
        current = bid_view(self, seen)
        estimates = self.calibrated_estimates(current)
        options = [option for option, _ in estimates]
        if not self.calibration.covers(current.rules):
            return best_of(options, [mean for _, mean in estimates])
        hand = 0
        for card in current.hand:
            hand |= 1 << card.index
        players = current.rules.players
        return best_of(
            options,
            [self.calibration.correct(players, hand, option, mean) for option, mean in estimates],
        )


# --- Argute ------------------------------------------------------------------------

ARGUTE_FEATURES: Final[tuple[str, ...]] = (
    "one",
    "estimate0",
    "estimate1",
    "estimate2",
    "estimate3",
    "strength",
    "fives",
    "fours",
    "lows",
    "leads",
    "last",
)
"""The features :class:`ArguteCalibratedBot`'s models read, for a hand of
Argute: a constant 1; the solver bot's estimate of each bid, 0 to 3; the
hand's strength (the sum of its values squared, over 55, its mean); its
fives, its fours and its values of 0 or 1; whether the seat leads the first
trick, and whether it plays last to it.

>>> from bugami.bots.calibrated import ARGUTE_FEATURES
>>> len(ARGUTE_FEATURES), ARGUTE_FEATURES[-2:]
(11, ('leads', 'last'))
"""

ARGUTE_CALIBRATION: Final[dict[int, tuple[tuple[float, ...], ...]]] = {
    3: (
        (-0.4464, -0.0809, -0.1142, -0.0436, 0.0704, -0.233, -0.0928, -0.006, 0.1088, -0.2273, 0.1245),
        (-1.557, -1.065, -0.2611, -0.2859, 0.1919, 0.7498, 0.1259, 0.0781, 0.0965, -0.0898, 0.107),
        (-0.8106, 1.0179, -0.0001, -0.0421, -0.1024, 1.3648, 0.3777, 0.1941, -0.0619, -0.004, 0.0827),
        (-0.0436, 0.3265, -0.2738, 0.4368, 0.7995, -0.426, 0.3886, 0.2769, 0.176, -0.1105, -0.0449),
    ),
}  # fmt: skip
"""The fitted models of :class:`ArguteCalibratedBot`, by the number of
players: for each bid (0 to 3), the coefficients of :data:`ARGUTE_FEATURES`
in a linear model of the points the bid makes (fitted by
``examples/fit_argute_bids.py``).

>>> from bugami.bots.calibrated import ARGUTE_CALIBRATION
>>> sorted(ARGUTE_CALIBRATION), len(ARGUTE_CALIBRATION[3])
([3], 4)
"""


def argute_features(
    hand: Sequence[int], estimates: Sequence[float], seat: int, dealer: int, players: int
) -> tuple[float, ...]:
    """The values of :data:`ARGUTE_FEATURES` for a hand of Argute (its
    values), the solver bot's four bid ``estimates``, and the seat's place
    at the table.

    >>> from bugami.bots.calibrated import argute_features
    >>> argute_features((1, 2, 3, 3, 4, 4), (-1.0, 0.5, 0.25, -0.5), 1, 0, 3)
    (1.0, -1.0, 0.5, 0.25, -0.5, 1.0, 0.0, 2.0, 1.0, 1.0, 0.0)
    """
    place = (seat - dealer - 1) % players
    return (
        1.0,
        *(float(value) for value in estimates),
        sum(value * value for value in hand) / 55,
        float(hand.count(5)),
        float(hand.count(4)),
        float(hand.count(0) + hand.count(1)),
        float(place == 0),
        float(place == players - 1),
    )


class ArguteCalibratedBot(ArguteSolverBot):
    """:class:`~bugami.bots.ArguteSolverBot` whose bid values are corrected
    per hand: each bid's value is a linear model (one per bid,
    :data:`ARGUTE_CALIBRATION`) over the solver bot's four estimates and a
    few features of the hand (:data:`ARGUTE_FEATURES`), fitted to the points
    the bids made among solver bots. Its card play is the solver bot's.
    Tables the models do not cover are bid as the solver bot bids.

    :param seed: seeds the imagined hands.
    :param samples: imagined hands per decision (at least 1).
    :param seconds: if given, a time budget per decision instead (the bid
        too), in seconds of CPU time; not reproducible.
    :param bid_samples: imagined hands for the bid (by default four times
        ``samples``).
    :param endgame: from how many tricks left on the solver is asked.
    :param max_nodes: the most positions one solve may visit.
    :param calibration: the models by number of players (by default
        :data:`ARGUTE_CALIBRATION`).

    >>> from bugami import argute
    >>> from bugami.bots.calibrated import ArguteCalibratedBot
    >>> ArguteCalibratedBot(samples=8).name, ArguteCalibratedBot(seconds=0.1).name
    ('calib(8)', 'calib(0.1s)')
    >>> seen = argute.view(argute.deal(argute.Rules(players=3), seed=5), 0)
    >>> ArguteCalibratedBot(seed=1, samples=2).choose_bid(seen) in range(4)
    True
    """

    _name = "calib"

    def __init__(
        self,
        seed: Seed | None = None,
        *,
        samples: int = 32,
        seconds: float | None = None,
        bid_samples: int | None = None,
        endgame: int = 2,
        max_nodes: int = 20_000,
        calibration: Mapping[int, Sequence[Sequence[float]]] | None = None,
    ) -> None:
        super().__init__(
            seed,
            samples=samples,
            seconds=seconds,
            bid_samples=bid_samples,
            endgame=endgame,
            max_nodes=max_nodes,
        )
        models = ARGUTE_CALIBRATION if calibration is None else calibration
        if not isinstance(models, Mapping) or not all(
            len(model) == len(ARGUTE_BIDS)
            and all(len(row) == len(ARGUTE_FEATURES) for row in model)
            for model in models.values()
        ):
            raise InvalidInputError(
                "calibration maps a number of players to four rows (bids 0 to 3) of "
                f"{len(ARGUTE_FEATURES)} coefficients (see ARGUTE_FEATURES)"
            )
        self.calibration: Mapping[int, Sequence[Sequence[float]]] = models

    def choose_bid(self, seen: ArguteDealView | ArguteGameView) -> int:
        """The bid with the best corrected value; ties go to the lowest.

        >>> from bugami import argute
        >>> from bugami.bots.calibrated import ArguteCalibratedBot
        >>> seen = argute.view(argute.deal(argute.Rules(players=3), seed=7), 2)
        >>> first = ArguteCalibratedBot(seed=2, samples=2).choose_bid(seen)
        >>> first == ArguteCalibratedBot(seed=2, samples=2).choose_bid(seen)
        True
        """
        current = self._seats.bid_view(self, seen)
        estimates = self.bid_estimates(current)
        players = current.rules.players
        model = self.calibration.get(players)
        if model is None:
            return best_of(ARGUTE_BIDS, estimates)
        row = argute_features(current.hand, estimates, current.seat, current.dealer, players)
        values = [sum(weight * value for weight, value in zip(weights, row, strict=True))
                  for weights in model]  # fmt: skip
        return best_of(ARGUTE_BIDS, values)
