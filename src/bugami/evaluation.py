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
S       40   14.3     1.9   [ 10.6,  18.0]    3.15      -  0.000
H       40   23.7     1.8   [ 20.2,  27.2]    1.62      -  0.000
D       40   30.2     2.8   [ 24.6,  35.8]    2.95      -  0.000
C       40   27.4     3.2   [ 21.1,  33.6]    3.60      -  0.000
M       40   27.5     7.1   [ 13.5,  41.5]    1.20  0.275      -
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

import dataclasses
import math
import random
import secrets
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

from bugami.bots.base import Bot, copies, play_out
from bugami.bots.heuristic import HeuristicBot
from bugami.cards import MISERE, Bid, Suit, parse_bid
from bugami.dealing import Seed, deal
from bugami.errors import IllegalMoveError, InvalidInputError, brief
from bugami.game import Game
from bugami.play import bid
from bugami.sampling import sample_deal
from bugami.scoring import score
from bugami.state import Deal
from bugami.view import DealView, GameView, view

__all__ = ["DEFAULT_DEALS", "BidEstimate", "BidEvaluation", "evaluate_bids"]

DEFAULT_DEALS: Final = 200
"""How many imagined deals :func:`evaluate_bids` plays by default."""
_Z95: Final = 1.96


@dataclasses.dataclass(frozen=True)
class BidEstimate:
    """What one bid is worth, estimated over ``deals`` imagined deals (see
    the module's description for each figure). ``made`` is ``None`` except
    for misère (in Argute: the chance that the bid was exact), ``sweep``
    ``None`` except for suit bids. ``points`` holds the seat's points on
    each imagined deal, in order: the same deals for every bid of one
    evaluation.

    >>> import bugami
    >>> result = evaluate_bids(bugami.deal(bugami.Rules(), seed=5), 1, deals=10, seed=3)
    >>> estimate = result[bugami.Suit.HEARTS]
    >>> estimate.low <= estimate.mean <= estimate.high, len(estimate.points)
    (True, 10)
    """

    bid: Any
    deals: int
    mean: float
    stderr: float
    low: float
    high: float
    tricks: float
    made: float | None
    sweep: float | None
    points: tuple[int, ...] = dataclasses.field(repr=False)

    def to_dict(self) -> dict[str, object]:
        """The figures as a JSON-ready dict (the bid as its text; no
        ``points``).

        >>> import bugami
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


@dataclasses.dataclass(frozen=True)
class BidEvaluation:
    """What :func:`evaluate_bids` returns: an estimate per bid, in the order
    of the seat's legal bids, with how they were made (``seat``, ``deals``,
    ``seed``, and the ``bots``' names per seat).

    Index it by a bid (or its text) for that bid's :class:`BidEstimate`;
    iterate over it for every estimate. :meth:`to_dict` and :meth:`to_rows`
    give plain data, :meth:`table` (also ``str()``) a text table; the repr
    shows each bid's mean and the half-width of its 95% interval.

    >>> import bugami
    >>> result = evaluate_bids(bugami.deal(bugami.Rules(), seed=5), 1, deals=10, seed=3)
    >>> result
    <BidEvaluation for seat 1 over 10 deals: S 5.7±0.5, H 20.9±7.1, D 22.0±9.7, C 16.0±8.6, M 20.0±26.1; best D>
    >>> result["C"] == result[bugami.Suit.CLUBS], [str(e.bid) for e in result][:2]
    (True, ['S', 'H'])
    """

    seat: int
    deals: int
    seed: Seed
    bots: tuple[str, ...]
    estimates: tuple[BidEstimate, ...]

    def __iter__(self) -> Iterator[BidEstimate]:
        return iter(self.estimates)

    def __len__(self) -> int:
        return len(self.estimates)

    def __getitem__(self, choice: object) -> BidEstimate:
        wanted = _bid_text(choice)
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
        >>> result = evaluate_bids(bugami.deal(bugami.Rules(), seed=5), 1, deals=10, seed=3)
        >>> mean, stderr = result.difference("D", "S")
        >>> round(mean, 1), round(stderr, 1)
        (16.3, 4.9)
        """
        a, b = self[first].points, self[second].points
        return _mean_and_stderr([x - y for x, y in zip(a, b, strict=True)])

    def to_dict(self) -> dict[str, object]:
        """Everything but the points per deal, as a JSON-ready dict.

        >>> import bugami, json
        >>> result = evaluate_bids(bugami.deal(bugami.Rules(), seed=5), 1, deals=10, seed=3)
        >>> json.loads(json.dumps(result.to_dict()))["bids"][0]["bid"]
        'S'
        """
        return {
            "seat": self.seat,
            "deals": self.deals,
            "seed": self.seed if not isinstance(self.seed, bytes) else self.seed.hex(),
            "bots": list(self.bots),
            "best": _bid_text(self.best.bid),
            "bids": [estimate.to_dict() for estimate in self.estimates],
        }

    def to_rows(self) -> list[dict[str, object]]:
        """One dict per bid (see :meth:`BidEstimate.to_dict`), with the
        ``seat``: ready for ``pandas.DataFrame`` or ``csv.DictWriter``.

        >>> import bugami
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


def _bid_text(choice: object) -> str:
    if choice is MISERE:
        return "M"
    if isinstance(choice, Suit):
        return choice.letter
    if isinstance(choice, str):
        try:
            return _bid_text(parse_bid(choice))
        except InvalidInputError:
            return choice.strip()
    return str(choice)


def _mean_and_stderr(values: Sequence[float]) -> tuple[float, float]:
    mean = sum(values) / len(values)
    variance = sum((value - mean) ** 2 for value in values) / (len(values) - 1)
    return mean, math.sqrt(variance / len(values))


@dataclasses.dataclass(frozen=True)
class Outcome:
    """One playout's result for the seat: its points, tricks, and whether
    the bid was made (misère, or an exact Argute bid) or swept every trick."""

    points: int
    tricks: int
    made: bool
    sweep: bool


def check_count(deals: object) -> int:
    """``deals`` if it is an int of at least 2 (a standard error needs two)."""
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < 2:
        raise InvalidInputError(f"deals must be an int of at least 2, not {brief(deals)}")
    return deals


def check_seed(seed: object) -> Seed:
    """``seed``, checked, or a fresh random one for ``None``."""
    if seed is None:
        return secrets.randbits(64)
    if isinstance(seed, bool) or not isinstance(seed, (int, str, bytes)):
        raise InvalidInputError(f"a seed is an int, a str or bytes, not {brief(seed)}")
    return seed


def seed_text(seed: Seed) -> str:
    """The text the generators of an evaluation are seeded from."""
    return seed.hex() if isinstance(seed, bytes) else str(seed)


def estimate_bids(
    *,
    seat: int,
    deals: int,
    seed: Seed,
    bots: Sequence[Any],
    choices: Sequence[Any],
    imagine: Callable[[random.Random, Sequence[Any]], Any],
    outcome: Callable[[Any, Any, Sequence[Any]], Outcome],
    made_applies: Callable[[Any], bool],
    sweep_applies: Callable[[Any], bool],
) -> BidEvaluation:
    """The engine of :func:`evaluate_bids`, for either game. It plays with
    copies of ``bots``, one per seat: ``imagine(rng, table)`` draws an
    imagined deal in which the bots of ``table`` have made every other
    seat's bid, and ``outcome(deal, choice, table)`` plays it out after the
    seat bids ``choice``. The bots are restarted before each (see the
    module's description)."""
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
    )


def _table(bots: Bot | Sequence[Bot] | None, players: int) -> list[Bot]:
    if bots is None:
        return [HeuristicBot() for _ in range(players)]
    if isinstance(bots, Bot):
        return [bots] * players
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise InvalidInputError(
            f"bots is a bot, a sequence of one bot per seat, or None, not {brief(bots)}"
        )
    if len(bots) != players:
        raise InvalidInputError(f"expected {players} bots, one per seat, not {len(bots)}")
    for player in bots:
        if not isinstance(player, Bot):
            raise InvalidInputError(f"{brief(player)} is not a bot (see bugami.bots.Bot)")
    return list(bots)


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
    seen = _seat_view(view_or_state, seat)
    choices = seen.legal_bids()
    if not choices:
        raise IllegalMoveError(f"seat {seat} has no bid to make now: there is nothing to evaluate")
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
    )


def _seat_view(view_or_state: object, seat: int) -> DealView:
    """The seat's deal view, from its view of a deal or game or from a full
    state."""
    if isinstance(view_or_state, (Deal, Game)):
        view_or_state = view(view_or_state, seat)
    if isinstance(view_or_state, GameView):
        if view_or_state.current is None:
            raise IllegalMoveError("the game is over: there is no bid to evaluate")
        view_or_state = view_or_state.current
    if not isinstance(view_or_state, DealView):
        raise InvalidInputError(
            f"evaluate_bids needs a view, a deal or a game of Bugami, not {brief(view_or_state)}"
        )
    if view_or_state.seat != seat:
        raise InvalidInputError(
            f"this is seat {view_or_state.seat}'s view: it cannot evaluate seat {seat}'s bids"
        )
    return view_or_state
