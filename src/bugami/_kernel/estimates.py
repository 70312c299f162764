"""Estimating what each bid is worth: the engine of both games' ``evaluate_bids``.

Each game's evaluation (:mod:`bugami.analysis.evaluation`, :mod:`bugami.argute.evaluation`)
says how a deal is imagined from the seat's view and played out after a bid;
this module plays the imagined deals (the same ones for every bid, with the
bots restarted alike, so that bids are compared on the same luck) and turns the
points into estimates with standard errors and 95% intervals.
"""

from __future__ import annotations

import math
import random
import secrets
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, TypeVar

import attrs

from bugami._kernel import seeds
from bugami._kernel.checks import as_int, check_range
from bugami._kernel.players import Deciding, Player, copies
from bugami._kernel.seeds import Seed
from bugami._kernel.values import Value
from bugami.errors import IllegalMoveError, InvalidInputError, brief

__all__ = [
    "DEFAULT_DEALS",
    "BidEstimate",
    "BidEvaluation",
    "Outcome",
    "check_count",
    "check_seed",
    "estimate_bids",
    "seat_view",
    "seed_text",
]

DEFAULT_DEALS: Final = 200
"""How many imagined deals :func:`evaluate_bids` plays by default."""
_Z95: Final = 1.96

BotT = TypeVar("BotT", bound="Player[Any, Any, Any]")  # a bot of either game
ChoiceT = TypeVar("ChoiceT")  # a bid of either game
ImaginedT = TypeVar("ImaginedT")  # an imagined deal of either game
DealViewT = TypeVar("DealViewT", bound=Deciding)


@attrs.frozen
class BidEstimate(Value):
    """What one bid is worth, estimated over ``deals`` imagined deals (see
    the module's description for each figure). ``made`` is ``None`` except
    for misère (in Argute: the chance that the bid was exact), ``sweep``
    ``None`` except for suit bids. ``points`` holds the seat's points on
    each imagined deal, in order: the same deals for every bid of one
    evaluation.

    A frozen attrs class: ``attrs.fields``, ``attrs.evolve`` and
    ``attrs.asdict`` work on it.

    >>> import bugami
    >>> from bugami import evaluate_bids
    >>> result = evaluate_bids(bugami.deal(bugami.Rules(), seed=5), 1, deals=10, seed=3)
    >>> estimate = result[bugami.Suit.HEARTS]
    >>> estimate.low <= estimate.mean <= estimate.high, len(estimate.points)
    (True, 10)
    """

    bid: Any  # either game's bid, as the game's evaluate_bids documents it
    deals: int
    mean: float
    stderr: float
    low: float
    high: float
    tricks: float
    made: float | None
    sweep: float | None
    points: tuple[int, ...]

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.field_names()[:-1])
        return f"BidEstimate({shown})"  # without the points of every deal

    def to_dict(self) -> dict[str, object]:
        """The figures as a JSON-ready dict (the bid as its text; no
        ``points``).

        >>> import bugami
        >>> from bugami import evaluate_bids
        >>> result = evaluate_bids(bugami.deal(bugami.Rules(), seed=5), 1, deals=10, seed=3)
        >>> list(result.best.to_dict())
        ['bid', 'deals', 'mean', 'stderr', 'low', 'high', 'tricks', 'made', 'sweep']
        """
        return {
            "bid": _bid_text(self.bid),
            "deals": self.deals,
            "mean": self.mean,
            "stderr": self.stderr,
            "low": self.low,
            "high": self.high,
            "tricks": self.tricks,
            "made": self.made,
            "sweep": self.sweep,
        }


BidEstimate.__module__ = "bugami.analysis.evaluation"  # where the API reference documents it


@attrs.frozen
class BidEvaluation(Value):
    """What :func:`evaluate_bids` returns: an estimate per bid, in the order
    of the seat's legal bids, with how they were made (``seat``, ``deals``,
    ``seed``, the ``bots``' names per seat, and ``exact``: whether the
    imagined deals were played by open-hand best play, ``exact=True``,
    rather than by the bots). A pickle made before ``exact`` was recorded
    loads with ``exact`` false.

    Index it by a bid (or its text) for that bid's :class:`BidEstimate`;
    iterate over it for every estimate. :meth:`to_dict` and :meth:`to_rows`
    give plain data, :meth:`table` (also ``str()``) a text table; the repr
    shows each bid's mean and the half-width of its 95% interval.

    A frozen attrs class: ``attrs.fields``, ``attrs.evolve`` and
    ``attrs.asdict`` work on it.

    >>> import bugami
    >>> from bugami import evaluate_bids
    >>> result = evaluate_bids(bugami.deal(bugami.Rules(), seed=5), 1, deals=10, seed=3)
    >>> result
    <BidEvaluation for seat 1 over 10 deals: S 7.6±2.9, H 27.2±13.2, D 22.1±7.6, C 9.6±5.3, M 0.0±0.0; best H>
    >>> result["C"] == result[bugami.Suit.CLUBS], [str(e.bid) for e in result][:2]
    (True, ['S', 'H'])
    >>> result.exact
    False
    """

    seat: int
    deals: int
    seed: Seed
    bots: tuple[str, ...]
    estimates: tuple[BidEstimate, ...]
    parse: Callable[[str], object] | None = None
    exact: bool = False

    def __getstate__(self) -> dict[str, object]:
        return {name: getattr(self, name) for name in self.field_names()}

    def __setstate__(self, state: dict[str, object]) -> None:
        # A pickle from before ``exact`` was a field has no such key: its default.
        given = {
            field.name: field.default
            for field in attrs.fields(type(self))
            if field.default is not attrs.NOTHING
        }
        given.update(state)
        for name in self.field_names():
            object.__setattr__(self, name, given[name])

    def __iter__(self) -> Iterator[BidEstimate]:
        return iter(self.estimates)

    def __len__(self) -> int:
        return len(self.estimates)

    def __getitem__(self, choice: object) -> BidEstimate:
        wanted = _bid_text(choice, self.parse)
        for estimate in self.estimates:
            if _bid_text(estimate.bid) == wanted:
                return estimate
        legal = ", ".join(_bid_text(estimate.bid) for estimate in self.estimates)
        raise InvalidInputError(f"no estimate for the bid {brief(choice)}; there are: {legal}")

    @property
    def best(self) -> BidEstimate:
        """The estimate with the highest mean (the first of equals)."""
        return max(self.estimates, key=lambda estimate: estimate.mean)

    def difference(self, first: object, second: object) -> tuple[float, float]:
        """The mean of ``first``'s points less ``second``'s on the same
        imagined deals, and its standard error (paired: the luck of the deal
        cancels out).

        >>> import bugami
        >>> from bugami import evaluate_bids
        >>> result = evaluate_bids(bugami.deal(bugami.Rules(), seed=5), 1, deals=10, seed=3)
        >>> mean, stderr = result.difference("D", "S")
        >>> round(mean, 1), round(stderr, 1)
        (14.5, 4.4)
        """
        a, b = self[first].points, self[second].points
        return _mean_and_stderr([x - y for x, y in zip(a, b, strict=True)])

    def to_dict(self) -> dict[str, object]:
        """Everything but the points per deal, as a JSON-ready dict.

        >>> import bugami, json
        >>> from bugami import evaluate_bids
        >>> result = evaluate_bids(bugami.deal(bugami.Rules(), seed=5), 1, deals=10, seed=3)
        >>> json.loads(json.dumps(result.to_dict()))["bids"][0]["bid"]
        'S'
        """
        return {
            "seat": self.seat,
            "deals": self.deals,
            "seed": self.seed if not isinstance(self.seed, bytes) else self.seed.hex(),
            "bots": list(self.bots),
            "exact": self.exact,
            "best": _bid_text(self.best.bid),
            "bids": [estimate.to_dict() for estimate in self.estimates],
        }

    def to_rows(self) -> list[dict[str, object]]:
        """One dict per bid (see :meth:`BidEstimate.to_dict`), with the
        ``seat``: ready for ``pandas.DataFrame`` or ``csv.DictWriter``.

        >>> import bugami
        >>> from bugami import evaluate_bids
        >>> result = evaluate_bids(bugami.deal(bugami.Rules(), seed=5), 1, deals=10, seed=3)
        >>> result.to_rows()[-1]["bid"], result.to_rows()[-1]["seat"]
        ('M', 1)
        """
        return [{"seat": self.seat, **estimate.to_dict()} for estimate in self.estimates]

    def table(self) -> str:
        """A text table, one line per bid (see the module's description)."""
        lines = ["bid  deals   mean  stderr     95% interval  tricks   made  sweep"]
        for estimate in self.estimates:
            made = "-" if estimate.made is None else f"{estimate.made:.3f}"
            sweep = "-" if estimate.sweep is None else f"{estimate.sweep:.3f}"
            lines.append(
                f"{_bid_text(estimate.bid):3} {estimate.deals:6} {estimate.mean:6.1f} "
                f"{estimate.stderr:7.1f}   [{estimate.low:5.1f}, {estimate.high:5.1f}]  "
                f"{estimate.tricks:6.2f} {made:>6} {sweep:>6}"
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        figures = ", ".join(
            f"{_bid_text(estimate.bid)} {estimate.mean:.1f}±{_Z95 * estimate.stderr:.1f}"
            for estimate in self.estimates
        )
        return (
            f"<BidEvaluation for seat {self.seat} over {self.deals} deals: {figures}; "
            f"best {_bid_text(self.best.bid)}>"
        )


BidEvaluation.__module__ = "bugami.analysis.evaluation"  # where the API reference documents it


def _bid_text(choice: object, parse: Callable[[str], object] | None = None) -> str:
    """A bid as its text: the bid's own ``str``, or, for text, the text of the
    bid that ``parse`` reads from it (the text itself if it reads none)."""
    if isinstance(choice, str):
        if parse is not None:
            try:
                return _bid_text(parse(choice))
            except InvalidInputError:
                pass
        return choice.strip()
    return str(choice)


def _mean_and_stderr(values: Sequence[float]) -> tuple[float, float]:
    mean = sum(values) / len(values)
    variance = sum((value - mean) ** 2 for value in values) / (len(values) - 1)
    return mean, math.sqrt(variance / len(values))


@attrs.frozen
class Outcome(Value):
    """One playout's result for the seat: its points, tricks, and whether
    the bid was made (misère, or an exact Argute bid) or swept every trick."""

    points: int
    tricks: int
    made: bool
    sweep: bool


MAX_DEALS: Final = 10_000_000
"""The most imagined deals an evaluation takes (days of work already)."""


def check_count(deals: object) -> int:
    """``deals`` as a plain int if it is an int from 2 (a standard error
    needs two) to :data:`MAX_DEALS`."""
    return check_range("deals", deals, 2, MAX_DEALS)


def check_seed(seed: object) -> Seed:
    """``seed``, checked as dealing checks it (see
    :func:`bugami._kernel.seeds.check_seed`), or a fresh random one for ``None``."""
    if seed is None:
        return secrets.randbits(64)
    return seeds.check_seed(seed)


def seed_text(seed: Seed) -> str:
    """The text the generators of an evaluation are seeded from."""
    return seed.hex() if isinstance(seed, bytes) else str(seed)


def estimate_bids(
    *,
    seat: int,
    deals: int,
    seed: Seed,
    bots: Sequence[BotT],
    choices: Sequence[ChoiceT],
    imagine: Callable[[random.Random, Sequence[BotT]], ImaginedT],
    outcome: Callable[[ImaginedT, ChoiceT, Sequence[BotT]], Outcome],
    made_applies: Callable[[ChoiceT], bool],
    sweep_applies: Callable[[ChoiceT], bool],
    parse: Callable[[str], object] | None = None,
    exact: bool = False,
) -> BidEvaluation:
    """The engine of :func:`evaluate_bids`, for either game. It plays with
    copies of ``bots``, one per seat: ``imagine(rng, table)`` draws an
    imagined deal in which the bots of ``table`` have made every other
    seat's bid, and ``outcome(deal, choice, table)`` plays it out after the
    seat bids ``choice`` (by open-hand best play if ``exact``, which the
    result records). The bots are restarted before each (see the module's
    description)."""
    text = seed_text(seed)
    table = copies(bots)
    points: list[list[int]] = [[] for _ in choices]
    tricks = [0] * len(choices)
    made = [0] * len(choices)
    sweeps = [0] * len(choices)
    for number in range(deals):
        prefix = f"{text}/deal/{number}"
        for other, player in enumerate(table):
            player.reset(f"{prefix}/bot/{other}")
        imagined = imagine(random.Random(prefix), table)
        for position, choice in enumerate(choices):
            for other, player in enumerate(table):
                player.reset(f"{prefix}/bot/{other}")
            result = outcome(imagined, choice, table)
            points[position].append(result.points)
            tricks[position] += result.tricks
            made[position] += result.made
            sweeps[position] += result.sweep
    estimates = []
    for position, choice in enumerate(choices):
        mean, stderr = _mean_and_stderr(points[position])
        estimates.append(
            BidEstimate(
                bid=choice,
                deals=deals,
                mean=mean,
                stderr=stderr,
                low=mean - _Z95 * stderr,
                high=mean + _Z95 * stderr,
                tricks=tricks[position] / deals,
                made=made[position] / deals if made_applies(choice) else None,
                sweep=sweeps[position] / deals if sweep_applies(choice) else None,
                points=tuple(points[position]),
            )
        )
    return BidEvaluation(
        seat=seat,
        deals=deals,
        seed=seed,
        bots=tuple(player.name for player in table),
        estimates=tuple(estimates),
        parse=parse,
        exact=exact,
    )


def seat_view(
    view_or_state: object,
    seat: int,
    full: tuple[type, ...],
    kinds: tuple[type, type[DealViewT]],
    make_view: Callable[[Any, int], object],  # Any: a deal or game of the ``full`` kinds
    what: str,
) -> DealViewT:
    """The deal view whose bids are evaluated (the seat must still have a
    bid to make): ``seat``'s view of a full
    deal or game (``full``), or the deal view a view already is or holds
    (``kinds``: the game's view and deal view classes). ``what`` names the
    game's states in the message for anything else.

    >>> seat_view(3, 0, (str,), (list, dict), len, "a deal or a game of Bugami")
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: evaluate_bids needs a view, a deal or a game of Bugami, not 3
    """
    game_view, deal_view = kinds
    number = as_int(seat)  # a seat is read as the plain int it stands for
    shown: object = seat if number is None else number
    if isinstance(view_or_state, full):
        view_or_state = make_view(view_or_state, seat)
    if isinstance(view_or_state, game_view):
        current = view_or_state.current  # type: ignore[attr-defined]
        if current is None:
            raise IllegalMoveError("the game is over: there is no bid to evaluate")
        view_or_state = current
    if not isinstance(view_or_state, deal_view):
        raise InvalidInputError(f"evaluate_bids needs a view, {what}, not {brief(view_or_state)}")
    if number is None or view_or_state.seat != number:
        raise InvalidInputError(
            f"this is seat {view_or_state.seat}'s view: "
            f"it cannot evaluate seat {brief(shown)}'s bids"
        )
    if not view_or_state.legal_bids():
        raise IllegalMoveError(
            f"seat {number} has no bid to make now: there is nothing to evaluate"
        )
    return view_or_state
