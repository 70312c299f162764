"""Reviewing decisions: the engine of both games' ``review`` and ``hint``.

Each game's module (:mod:`bugami.analysis.reviews`, :mod:`bugami.argute.reviews`) hands
this engine a :class:`Kit`: the game's declaration (views, sampling, verbs,
default thresholds) and its tools (bots, the solver, bid evaluation); the
engine checks the options, values the decisions and builds the
results (:class:`Review`, :class:`Decision`, :class:`SeatSummary`,
:class:`Hint`), which are the same for both games.

How a card is valued, from the deciding seat's view: ``samples`` deals
consistent with the view are drawn (sample ``j`` from the seed
``f"{seed}/sample/{j}"``); on each, every legal card is played and the deal
finished by the bots, each restarted from the same seed before each card
(``f"{seed}/sample/{j}/bot/{seat}"``): common random numbers, so that the
cards are compared on the same luck. Near the end (the last ``exact_tricks``
tricks) and wherever the view leaves nothing hidden that matters (every card
the seat cannot see is in one other hand), the open-hand solver values the
cards instead, exactly on each sample. Bids are valued by the game's
``evaluate_bids`` over ``samples`` imagined deals.
"""

from __future__ import annotations

import html
import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType

# Any below: either game's actions in the values shared by both games (hints, decisions),
# and the JSON-ready dicts of to_dict()/to_row(), whose values are of mixed types.
from typing import Any, Final, Generic, Protocol, TypeVar

import attrs

from bugami._kernel.actions import ActionBase, BidActionBase, PlayActionBase
from bugami._kernel.checks import as_int, as_number
from bugami._kernel.deals import DealBase, deal_root
from bugami._kernel.declaration import GameDeclaration
from bugami._kernel.estimates import BidEvaluation, check_seed, seed_text
from bugami._kernel.match import Match
from bugami._kernel.players import Player, copies, table_of
from bugami._kernel.seats import check_seats
from bugami._kernel.seeds import Seed
from bugami._kernel.solutions import SearchLimitError, Solver
from bugami._kernel.values import Value
from bugami.errors import InvalidInputError, brief

__all__ = [
    "LABELS",
    "MAX_SAMPLES",
    "Decision",
    "Hint",
    "Kit",
    "Review",
    "SeatSummary",
    "check_count",
    "check_samples",
    "check_thresholds",
    "deal_view_of",
    "deals_of",
    "hint",
    "hint_of",
    "label_of",
    "review",
    "review_deals",
]

MAX_SAMPLES: Final = 100_000
"""The most imagined deals a review or hint may take for one decision."""

LABELS: Final = ("best", "good", "inaccuracy", "mistake", "blunder")
"""The labels of a decision, from the best to the worst."""
_TIE: Final = 1e-9  # a loss this small is no loss (sums of floats)


RulesT = TypeVar("RulesT")
DealT = TypeVar("DealT", bound=DealBase)
GameT = TypeVar("GameT", bound=Match)  # type: ignore[type-arg]  # any game's Match[...]
ViewT = TypeVar("ViewT", bound="SeatView")
BidT = TypeVar("BidT")
CardT = TypeVar("CardT")
BotT = TypeVar("BotT", bound="Player[Any, Any, Any]")  # a bot of either game
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
BotT_contra = TypeVar("BotT_contra", contravariant=True)


class SeatView(Protocol):
    """What the engine reads of a seat's view of a deal (both games' views
    have it)."""

    @property
    def seat(self) -> int:
        """The seat whose view it is."""
        ...

    @property
    def rules(self) -> Any:  # each game's own Rules class, read by the declaration's tricks
        """The rules of the deal."""
        ...

    @property
    def tricks(self) -> tuple[object, ...]:
        """The completed tricks."""
        ...

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        ...

    @property
    def unseen(self) -> tuple[object, ...]:
        """The cards the seat cannot see."""
        ...

    def legal_bids(self) -> tuple[object, ...]:
        """The bids the seat may make now."""
        ...

    def legal_moves(self) -> tuple[object, ...]:
        """The cards the seat may play now."""
        ...


class EvaluateBids(Protocol[ViewT_contra, BotT_contra]):
    """A game's ``evaluate_bids``, as the engine calls it."""

    def __call__(
        self,
        view_or_state: ViewT_contra,
        seat: int,
        /,
        *,
        deals: int = ...,
        bots: Sequence[BotT_contra] = ...,
        seed: Seed | None = ...,
    ) -> BidEvaluation: ...


@attrs.frozen(kw_only=True)
class Kit(Generic[RulesT, DealT, GameT, ViewT, BidT, CardT, BotT]):
    """What the engine needs of one game: its declaration (the rules' parts:
    views, sampling, verbs, default thresholds) and the tools a review uses,
    which the core's declaration cannot name: the game's bots, its solver
    and its bid evaluation.

    >>> from bugami.analysis.reviews import KIT
    >>> KIT.game.name, KIT.bot_words[0]
    ('bugami', 'a bot')
    """

    game: GameDeclaration[RulesT, DealT, GameT, ViewT, BidT, CardT]
    """The game's declaration."""
    bot_kind: type
    """The game's bot protocol, runtime-checkable: a bot given is checked
    against it."""
    default_bot: Callable[[], BotT]
    """The bot a review uses at every seat by default."""
    bot_words: tuple[str, str, str]
    """How messages name a bot, the bots of a table and the protocol."""
    play_out: Callable[[DealT, Sequence[BotT]], DealT]
    """Bots finish a deal."""
    solve: Solver[DealT, CardT]
    """The open-hand solver."""
    evaluate_bids: EvaluateBids[ViewT, BotT]
    """The expected points of each bid."""

    def table(self, bots: object, players: int) -> list[BotT]:
        """One bot per seat from ``bots`` (see
        :func:`~bugami._kernel.players.table_of`), each an independent copy."""
        chosen: list[BotT] = copies(
            table_of(bots, players, self.bot_kind, self.default_bot, self.bot_words)
        )
        return chosen


# --- the values --------------------------------------------------------------------------


@attrs.frozen
class Hint(Value):
    """One legal action of a hint, with its value: the seat's expected points
    for the deal after it (see :func:`bugami.hint`). It unpacks as an
    ``(action, value)`` pair.

    A frozen attrs class: ``attrs.fields``, ``attrs.evolve`` and
    ``attrs.asdict`` work on it.

    >>> import bugami
    >>> hints = bugami.hint(bugami.view(bugami.deal(bugami.Rules(), seed=3), 0), seed=1, samples=4)
    >>> action, value = hints[0]
    >>> action == hints[0].action, value >= hints[-1].value
    (True, True)
    """

    action: Any
    value: float

    def __iter__(self) -> Any:
        return iter((self.action, self.value))

    def __repr__(self) -> str:
        return f"Hint({self.action}, {self.value:.2f})"

    def to_dict(self) -> dict[str, Any]:
        """The action's dict and the value, JSON-ready.

        >>> import bugami
        >>> seen = bugami.view(bugami.deal(bugami.Rules(), seed=3), 0)
        >>> sorted(bugami.hint(seen, seed=1, samples=4)[0].to_dict())
        ['action', 'value']
        """
        return {"action": self.action.to_dict(), "value": self.value}


Hint.__module__ = "bugami.analysis.reviews"


@attrs.frozen
class Decision(Value):
    """One decision of a review: seat ``seat`` took ``action`` (an action
    value: a bid or a card), action ``number`` (from 0) of the history of
    deal ``deal`` (from 0; always 0 for a single deal), in trick ``trick``
    (from 0; ``None`` for a bid). ``values`` maps every legal action of that
    moment to the seat's expected points, from its view; ``pairs`` holds the
    same as ``(action, value)`` pairs in canonical order. ``loss`` is the best
    value less the value of ``action`` (never negative), ``label`` one of
    :data:`LABELS`, and ``exact`` says whether the values are exact (nothing
    hidden from the seat could change them: they are the solver's).

    A frozen attrs class: ``attrs.fields``, ``attrs.evolve`` and
    ``attrs.asdict`` work on it.

    >>> import bugami
    >>> from bugami.bots import HeuristicBot, play_out
    >>> done = play_out(bugami.deal(bugami.Rules(players=3), seed=4), [HeuristicBot()] * 3)
    >>> decision = bugami.review(done, seats=[0], seed=1, samples=4).decisions[-1]
    >>> decision.seat, decision.trick, decision.action in decision.values, decision.loss >= 0
    (0, 16, True, True)
    """

    deal: int
    number: int
    trick: int | None
    seat: int
    action: Any
    pairs: tuple[tuple[Any, float], ...]
    loss: float
    label: str
    exact: bool

    @property
    def values(self) -> Mapping[Any, float]:
        """Every legal action of the decision, with its value for the seat."""
        return MappingProxyType(dict(self.pairs))

    @property
    def value(self) -> float:
        """The value of the action taken."""
        return self.values[self.action]

    @property
    def best(self) -> Any:
        """The legal action of highest value (the first in canonical order
        of equals)."""
        return max(self.pairs, key=lambda pair: pair[1])[0]

    @property
    def forced(self) -> bool:
        """Whether there was only one legal action."""
        return len(self.pairs) == 1

    def __repr__(self) -> str:
        return (
            f"<Decision {self.deal}.{self.number}: {self.action} "
            f"loss {self.loss:.1f} ({self.label})>"
        )

    def to_dict(self) -> dict[str, Any]:
        """The decision as a JSON-ready dict (actions as their dicts).

        >>> import bugami
        >>> from bugami.bots import HeuristicBot, play_out
        >>> done = play_out(bugami.deal(bugami.Rules(players=3), seed=4), [HeuristicBot()] * 3)
        >>> sorted(bugami.review(done, seats=[1], seed=1, samples=4).decisions[0].to_dict())
        ['action', 'best', 'deal', 'exact', 'label', 'loss', 'number', 'seat', 'trick', 'values']
        """
        return {
            "deal": self.deal,
            "number": self.number,
            "trick": self.trick,
            "seat": self.seat,
            "action": self.action.to_dict(),
            "best": self.best.to_dict(),
            "values": [{"action": a.to_dict(), "value": v} for a, v in self.pairs],
            "loss": self.loss,
            "label": self.label,
            "exact": self.exact,
        }

    def to_row(self) -> dict[str, Any]:
        """The decision as one flat row (actions as their text)."""
        return {
            "deal": self.deal,
            "number": self.number,
            "trick": self.trick,
            "seat": self.seat,
            "kind": "bid" if self.trick is None else "play",
            "action": str(self.action),
            "value": self.value,
            "best": str(self.best),
            "best_value": self.values[self.best],
            "loss": self.loss,
            "label": self.label,
            "choices": len(self.pairs),
            "exact": self.exact,
        }


Decision.__module__ = "bugami.analysis.reviews"


@attrs.frozen
class SeatSummary(Value):
    """How one seat did over a review: ``decisions`` it made, ``choices``
    of them with more than one legal action, its ``total_loss`` and
    ``mean_loss`` (over the choices: 0 if none), its ``accuracy`` (the share
    of the choices labelled ``best`` or ``good``, from 0 to 1; 1 if none),
    and ``counts`` (``(label, count)`` pairs in the order of :data:`LABELS`;
    :attr:`count` as a dict).

    A frozen attrs class: ``attrs.fields``, ``attrs.evolve`` and
    ``attrs.asdict`` work on it.

    >>> import bugami
    >>> from bugami.bots import HeuristicBot, play_out
    >>> done = play_out(bugami.deal(bugami.Rules(players=3), seed=4), [HeuristicBot()] * 3)
    >>> summary = bugami.review(done, seats=[2], seed=1, samples=4).seats[2]
    >>> summary.decisions, 0 <= summary.accuracy <= 1, sum(summary.count.values())
    (18, True, 18)
    """

    seat: int
    decisions: int
    choices: int
    total_loss: float
    mean_loss: float
    accuracy: float
    counts: tuple[tuple[str, int], ...]

    @property
    def count(self) -> dict[str, int]:
        """How many decisions got each label."""
        return dict(self.counts)

    def to_dict(self) -> dict[str, Any]:
        """The summary as a JSON-ready dict."""
        return {
            "seat": self.seat,
            "decisions": self.decisions,
            "choices": self.choices,
            "total_loss": self.total_loss,
            "mean_loss": self.mean_loss,
            "accuracy": self.accuracy,
            "counts": self.count,
        }


SeatSummary.__module__ = "bugami.analysis.reviews"


def summarize(seat: int, decisions: Sequence[Decision]) -> SeatSummary:
    """The summary of ``seat``'s decisions."""
    mine = [decision for decision in decisions if decision.seat == seat]
    choices = [decision for decision in mine if not decision.forced]
    total = sum(decision.loss for decision in choices)
    accurate = sum(decision.label in ("best", "good") for decision in choices)
    counts = tuple((label, sum(d.label == label for d in mine)) for label in LABELS)
    return SeatSummary(
        seat,
        len(mine),
        len(choices),
        total,
        total / len(choices) if choices else 0.0,
        accurate / len(choices) if choices else 1.0,
        counts,
    )


def _seat_numbers(seats: Mapping[int, SeatSummary]) -> tuple[int, ...]:
    """What a review's ``seats`` compare and hash by (the summaries follow
    from the decisions)."""
    return tuple(seats)


@attrs.frozen(init=False)
class Review(Value):
    """What :func:`bugami.review` returns: the ``decisions`` in the order
    they happened, and a :class:`SeatSummary` per reviewed seat (``seats``,
    a mapping from seat to summary); with how the review was made: the
    ``game`` (``"bugami"`` or ``"argute"``), the ``seed``, the ``samples``
    per decision, the ``bots``' names per seat and the ``thresholds`` of the
    labels (the least loss of an inaccuracy, a mistake and a blunder).

    :meth:`to_dict` gives JSON (matched by :func:`bugami.analysis.reviews.json_schema`),
    :meth:`to_rows` a row per decision for ``pandas.DataFrame``, and
    :meth:`table` (also ``str()``) a text table of the seats; in a notebook it
    shows as an HTML table.

    A frozen attrs class: ``attrs.fields``, ``attrs.evolve`` and
    ``attrs.asdict`` work on it.

    >>> import bugami
    >>> from bugami.bots import HeuristicBot, play_out
    >>> done = play_out(bugami.deal(bugami.Rules(players=3), seed=4), [HeuristicBot()] * 3)
    >>> result = bugami.review(done, seats=[0], seed=1, samples=4)
    >>> len(result.decisions), list(result.seats), result == bugami.review(done, seats=[0], seed=1, samples=4)
    (18, [0], True)
    """

    game: str
    seed: Seed
    samples: int
    bots: tuple[str, ...]
    thresholds: tuple[float, float, float]
    decisions: tuple[Decision, ...]
    seats: Mapping[int, SeatSummary] = attrs.field(eq=_seat_numbers)

    def __init__(
        self,
        game: str,
        seed: Seed,
        samples: int,
        bots: tuple[str, ...],
        thresholds: tuple[float, float, float],
        decisions: tuple[Decision, ...],
        seats: Iterable[int] | None = None,
    ) -> None:
        """The review of ``decisions``, with a summary of each of ``seats``
        (``None``: each seat that made a decision)."""
        chosen = sorted({d.seat for d in decisions} if seats is None else set(seats))
        summaries = MappingProxyType({seat: summarize(seat, decisions) for seat in chosen})
        self.__attrs_init__(game, seed, samples, bots, thresholds, decisions, summaries)

    def __reduce__(self) -> tuple[object, ...]:
        fields = (self.game, self.seed, self.samples, self.bots, self.thresholds, self.decisions)
        return (_remade_review, ((*fields, tuple(self.seats)),))

    def __repr__(self) -> str:
        shown = ", ".join(
            f"seat {seat} {summary.accuracy:.0%} ({summary.total_loss:.1f} lost)"
            for seat, summary in self.seats.items()
        )
        return f"<Review of {len(self.decisions)} decisions: {shown or 'no seat'}>"

    def to_dict(self) -> dict[str, Any]:
        """The review as a JSON-ready dict, matched by the shipped schema
        (:func:`bugami.analysis.reviews.json_schema`).

        >>> import bugami, json
        >>> from bugami.bots import HeuristicBot, play_out
        >>> done = play_out(bugami.deal(bugami.Rules(players=3), seed=4), [HeuristicBot()] * 3)
        >>> data = json.loads(json.dumps(bugami.review(done, seats=[0], seed=1, samples=4).to_dict()))
        >>> data["game"], data["seats"][0]["seat"], len(data["decisions"])
        ('bugami', 0, 18)
        """
        inaccuracy, mistake, blunder = self.thresholds
        return {
            "format": "bugami-review",
            "version": 1,
            "game": self.game,
            "seed": self.seed.hex() if isinstance(self.seed, bytes) else self.seed,
            "samples": self.samples,
            "bots": list(self.bots),
            "thresholds": {"inaccuracy": inaccuracy, "mistake": mistake, "blunder": blunder},
            "seats": [summary.to_dict() for summary in self.seats.values()],
            "decisions": [decision.to_dict() for decision in self.decisions],
        }

    def to_rows(self) -> list[dict[str, Any]]:
        """One flat dict per decision, ready for ``pandas.DataFrame``: the
        ``deal``, ``number``, ``trick``, ``seat``, ``kind`` (``"bid"`` or
        ``"play"``), the ``action`` and the ``best`` as text, their ``value``
        and ``best_value``, the ``loss``, the ``label``, the number of legal
        actions (``choices``) and ``exact``.

        >>> import bugami
        >>> from bugami.bots import HeuristicBot, play_out
        >>> done = play_out(bugami.deal(bugami.Rules(players=3), seed=4), [HeuristicBot()] * 3)
        >>> bugami.review(done, seats=[0], seed=1, samples=4).to_rows()[0]["kind"]
        'bid'
        """
        return [decision.to_row() for decision in self.decisions]

    def table(self) -> str:
        """A text table: one line per seat (decisions, choices, losses,
        accuracy, and the count of each label)."""
        lines = ["seat  decisions  choices  total loss  mean loss  accuracy  " + "  ".join(LABELS)]
        for seat, summary in self.seats.items():
            counts = "  ".join(f"{summary.count[label]:>{len(label)}}" for label in LABELS)
            lines.append(
                f"{seat:>4}  {summary.decisions:>9}  {summary.choices:>7}  "
                f"{summary.total_loss:>10.1f}  {summary.mean_loss:>9.2f}  "
                f"{summary.accuracy:>8.0%}  {counts}"
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def _repr_html_(self) -> str:
        head = "".join(
            f"<th>{name}</th>"
            for name in ("seat", "decisions", "choices", "total loss", "mean loss", "accuracy")
        )
        head += "".join(f"<th>{label}</th>" for label in LABELS)
        rows = []
        for seat, summary in self.seats.items():
            cells = [
                str(seat),
                str(summary.decisions),
                str(summary.choices),
                f"{summary.total_loss:.1f}",
                f"{summary.mean_loss:.2f}",
                f"{summary.accuracy:.0%}",
                *(str(summary.count[label]) for label in LABELS),
            ]
            rows.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
        costly = [d for d in self.decisions if d.label in ("inaccuracy", "mistake", "blunder")]
        items = "".join(
            f"<li>deal {d.deal}, {'bid' if d.trick is None else f'trick {d.trick + 1}'}: "
            f"{html.escape(str(d.action))} ({d.label}, {d.loss:.1f} lost; best "
            f"{html.escape(str(d.best))})</li>"
            for d in costly
        )
        return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>" + (
            f"<ul>{items}</ul>" if items else ""
        )


Review.__module__ = "bugami.analysis.reviews"


def _remade_review(key: tuple[Any, ...]) -> Review:  # Any: unpacked into typed fields
    game, seed, samples, bots, thresholds, decisions, seats = key
    return Review(game, seed, samples, bots, thresholds, decisions, seats=seats)


# --- the checks --------------------------------------------------------------------------


def check_samples(samples: object) -> int:
    """The plain int ``samples`` stands for, if it is from 2 to
    :data:`MAX_SAMPLES`."""
    number = as_int(samples)
    if number is None or not 2 <= number <= MAX_SAMPLES:
        raise InvalidInputError(
            f"samples must be an int from 2 to {MAX_SAMPLES:,}, not {brief(samples)}"
        )
    return number


def check_count(name: str, value: object, least: int) -> int:
    """The plain int ``value`` stands for, if it is at least ``least``."""
    number = as_int(value)
    if number is None or number < least:
        raise InvalidInputError(f"{name} must be an int of at least {least}, not {brief(value)}")
    return number


def check_thresholds(
    thresholds: object, default: tuple[float, float, float]
) -> tuple[float, float, float]:
    """The least losses of an inaccuracy, a mistake and a blunder: ``default``
    for ``None``, else three increasing positive numbers (a sequence, or a
    mapping with the keys ``inaccuracy``, ``mistake`` and ``blunder``)."""
    if thresholds is None:
        return default
    names = LABELS[2:]
    if isinstance(thresholds, Mapping):
        if set(thresholds) != set(names):
            raise InvalidInputError(
                f"thresholds has the keys inaccuracy, mistake and blunder, not {brief(thresholds)}"
            )
        thresholds = [thresholds[name] for name in names]
    if (
        not isinstance(thresholds, Sequence)
        or isinstance(thresholds, (str, bytes, bytearray))
        or len(thresholds) != 3
    ):
        raise InvalidInputError(
            "thresholds is three numbers (the least loss of an inaccuracy, a mistake and a "
            f"blunder) or a mapping of them, not {brief(thresholds)}"
        )
    numbers = []
    for value in thresholds:
        number = as_number(value)
        try:
            finite = number is not None and math.isfinite(number)
        except OverflowError:  # an int too large for a float
            finite = False
        if not finite:
            raise InvalidInputError(f"a threshold is a finite number, not {brief(value)}")
        numbers.append(float(value))
    if not 0 < numbers[0] <= numbers[1] <= numbers[2]:
        raise InvalidInputError(
            f"thresholds must be positive and in increasing order, not {brief(tuple(thresholds))}"
        )
    return numbers[0], numbers[1], numbers[2]


def label_of(loss: float, thresholds: tuple[float, float, float]) -> str:
    """The label of a decision that lost ``loss`` points: ``best`` for no
    loss, ``good`` below the first threshold, then ``inaccuracy``,
    ``mistake`` and ``blunder`` from each threshold on.

    >>> [label_of(loss, (5, 15, 30)) for loss in (0, 2, 5, 29.9, 30)]
    ['best', 'good', 'inaccuracy', 'mistake', 'blunder']
    """
    if loss <= _TIE:
        return "best"
    inaccuracy, mistake, blunder = thresholds
    if loss >= blunder:
        return "blunder"
    if loss >= mistake:
        return "mistake"
    if loss >= inaccuracy:
        return "inaccuracy"
    return "good"


def deal_view_of(kit: Kit[RulesT, DealT, GameT, ViewT, BidT, CardT, BotT], seen: object) -> ViewT:
    """The deal view a hint is for: ``seen``, or a game view's current deal;
    its seat must have a bid or a card to choose."""
    game = kit.game
    if isinstance(seen, game.game_view):
        current: object = seen.current  # type: ignore[attr-defined]  # a game view's
        if current is None:
            raise InvalidInputError("the game is over: there is no decision to hint at")
        seen = current
    if not isinstance(seen, game.seat_view):
        # the module too: both games' views are called DealView
        kind = type(seen)
        shown = (
            f"{kind.__module__}.{kind.__qualname__}(...)" if hasattr(seen, "rules") else brief(seen)
        )
        raise InvalidInputError(
            f"hint needs a seat's view of {game.title} ({game.view_call}), not {shown}"
        )
    if not (seen.legal_bids() or seen.legal_moves()):
        raise InvalidInputError(
            f"seat {seen.seat} has no decision to make now: a hint needs a bid or a card to choose"
        )
    return seen


def deals_of(
    game: GameDeclaration[RulesT, DealT, GameT, ViewT, BidT, CardT], item: object
) -> list[DealT]:
    """The deals to review in ``item``: a deal, or each deal of a game (the
    one in progress too). A view, which hides cards, is refused; so is
    anything else, in words of the game (a record is read by the caller)."""
    if isinstance(item, game.deal):
        return [item]
    if isinstance(item, game.game):
        current: DealT | None = item.current
        finished: tuple[DealT, ...] = item.deals
        return [*finished, *([] if current is None else [current])]
    if isinstance(item, game.deal_views + game.game_views):
        raise InvalidInputError(
            "a view (or a record written for one seat) hides cards and cannot be reviewed: "
            f"review the full {game.deal_word}, game or record"
        )
    raise InvalidInputError(
        f"review needs a {game.deal_word}, a game or a record of {game.title}, not {brief(item)}"
    )


def review(
    kit: Kit[RulesT, DealT, GameT, ViewT, BidT, CardT, BotT],
    item: object,
    *,
    seats: object,
    seed: object,
    samples: object,
    bots: object,
    thresholds: object,
    exact_tricks: object,
    max_nodes: object,
) -> Review:
    """The review of a deal or a game (see :func:`bugami.analysis.reviews.review`):
    the options are checked here, in the order of the parameters."""
    deals = deals_of(kit.game, item)
    players: int = deals[0].rules.players
    chosen = frozenset(check_seats(seats, players))
    checked_seed = check_seed(seed)
    count = check_samples(samples)
    limits = check_thresholds(thresholds, kit.game.thresholds)
    last = check_count("exact_tricks", exact_tricks, 0)
    nodes = check_count("max_nodes", max_nodes, 1)
    table = kit.table(bots, players)
    decisions = review_deals(
        kit,
        deals,
        seats=chosen,
        samples=count,
        seed=seed_text(checked_seed),
        bots=table,
        thresholds=limits,
        exact_tricks=last,
        max_nodes=nodes,
    )
    return Review(
        kit.game.name,
        checked_seed,
        count,
        tuple(bot.name for bot in table),
        limits,
        tuple(decisions),
        seats=sorted(chosen),
    )


def hint(
    kit: Kit[RulesT, DealT, GameT, ViewT, BidT, CardT, BotT],
    view: object,
    *,
    seed: object,
    samples: object,
    bots: object,
    exact_tricks: object,
    max_nodes: object,
) -> tuple[Hint, ...]:
    """The hints for a seat's view (see :func:`bugami.analysis.reviews.hint`)."""
    current = deal_view_of(kit, view)
    checked_seed = check_seed(seed)
    return hint_of(
        kit,
        current,
        samples=check_samples(samples),
        seed=seed_text(checked_seed),
        bots=kit.table(bots, current.rules.players),
        exact_tricks=check_count("exact_tricks", exact_tricks, 0),
        max_nodes=check_count("max_nodes", max_nodes, 1),
    )


# --- the valuation -----------------------------------------------------------------------


def _determined(seen: SeatView) -> bool:
    """Whether every card ``seen``'s seat cannot see is in one other hand
    (none in the leftover or undealt): the rest of the deal is then open."""
    seat = seen.seat
    others = [size for other, size in enumerate(seen.hand_sizes) if other != seat and size]
    return len(others) <= 1 and len(seen.unseen) == sum(others)


def card_values(
    kit: Kit[RulesT, DealT, GameT, ViewT, BidT, CardT, BotT],
    seen: ViewT,
    *,
    samples: int,
    seed: str,
    bots: Sequence[BotT],
    exact_tricks: int,
    max_nodes: int,
) -> tuple[list[tuple[CardT, float]], bool]:
    """The value of each legal card of ``seen``'s seat (see the module's
    description), and whether the values are exact."""
    game = kit.game
    seat = seen.seat
    moves: tuple[CardT, ...] = seen.legal_moves()  # type: ignore[assignment]  # the game's cards
    exact = _determined(seen)
    left = game.tricks(seen.rules) - len(seen.tricks)
    draws = [game.sample_deal(seen, random.Random(f"{seed}/sample/{j}")) for j in range(samples)]
    if exact or left <= exact_tricks:
        solved: dict[DealT, Mapping[CardT, int]] = {}
        try:
            totals = [0.0] * len(moves)
            for imagined in draws:
                found = solved.get(imagined)
                if found is None:
                    found = solved[imagined] = kit.solve(
                        imagined, seat, max_nodes=max_nodes
                    ).move_values
                for position, move in enumerate(moves):
                    totals[position] += found[move]
            return [(move, totals[i] / samples) for i, move in enumerate(moves)], exact
        except SearchLimitError:
            pass  # too much work for the solver: the bots play it out
    totals = [0.0] * len(moves)
    for j, imagined in enumerate(draws):
        for position, move in enumerate(moves):
            for other, bot in enumerate(bots):
                bot.reset(f"{seed}/sample/{j}/bot/{other}")
            done = kit.play_out(game.play(imagined, move), bots)
            totals[position] += game.score(done)[seat]
    return [(move, totals[i] / samples) for i, move in enumerate(moves)], False


def bid_values(
    kit: Kit[RulesT, DealT, GameT, ViewT, BidT, CardT, BotT],
    seen: ViewT,
    *,
    samples: int,
    seed: str,
    bots: Sequence[BotT],
) -> list[tuple[BidT, float]]:
    """The value of each legal bid of ``seen``'s seat: the game's
    ``evaluate_bids`` over ``samples`` imagined deals."""
    result = kit.evaluate_bids(seen, seen.seat, deals=samples, bots=bots, seed=seed)
    return [(estimate.bid, estimate.mean) for estimate in result]


def hint_of(
    kit: Kit[RulesT, DealT, GameT, ViewT, BidT, CardT, BotT],
    seen: ViewT,
    *,
    samples: int,
    seed: str,
    bots: Sequence[BotT],
    exact_tricks: int,
    max_nodes: int,
) -> tuple[Hint, ...]:
    """The hints for ``seen`` (a deal view whose seat has a decision to
    make), best first; equals in canonical order."""
    seat = seen.seat
    game = kit.game
    pairs: list[tuple[ActionBase, float]]
    if seen.legal_bids():
        pairs = [
            (game.bid_action(seat, choice), value)
            for choice, value in bid_values(kit, seen, samples=samples, seed=seed, bots=bots)
        ]
    else:
        cards, _ = card_values(
            kit,
            seen,
            samples=samples,
            seed=seed,
            bots=bots,
            exact_tricks=exact_tricks,
            max_nodes=max_nodes,
        )
        pairs = [(game.play_action(seat, card), value) for card, value in cards]
    ranked = sorted(range(len(pairs)), key=lambda i: -pairs[i][1])
    return tuple(Hint(*pairs[i]) for i in ranked)


def review_deals(
    kit: Kit[RulesT, DealT, GameT, ViewT, BidT, CardT, BotT],
    deals: Sequence[DealT],
    *,
    seats: frozenset[int],
    samples: int,
    seed: str,
    bots: Sequence[BotT],
    thresholds: tuple[float, float, float],
    exact_tricks: int,
    max_nodes: int,
) -> list[Decision]:
    """The decisions of ``seats`` in ``deals`` (the deals of one game, or
    one deal), valued and labelled."""
    game = kit.game
    decisions = []
    for number_of_deal, played in enumerate(deals):
        state = deal_root(played)
        for number, action in enumerate(played._history()):  # the game's Deal.history
            seat: int = action.seat
            if seat in seats:
                seen = game.view(state, seat)
                prefix = f"{seed}/{number_of_deal}/{number}"
                trick: int | None
                pairs: list[tuple[ActionBase, float]]
                if isinstance(action, BidActionBase):
                    trick = None
                    choices = bid_values(kit, seen, samples=samples, seed=prefix, bots=bots)
                    pairs = [(game.bid_action(seat, choice), value) for choice, value in choices]
                    exact = False
                else:
                    trick = len(state.tricks)
                    cards, exact = card_values(
                        kit,
                        seen,
                        samples=samples,
                        seed=prefix,
                        bots=bots,
                        exact_tricks=exact_tricks,
                        max_nodes=max_nodes,
                    )
                    pairs = [(game.play_action(seat, card), value) for card, value in cards]
                values = dict(pairs)
                loss = max(0.0, max(values.values()) - values[action])
                decisions.append(
                    Decision(
                        number_of_deal,
                        number,
                        trick,
                        seat,
                        action,
                        tuple(pairs),
                        loss,
                        label_of(loss, thresholds),
                        exact,
                    )
                )
            state = _applied(game, state, action)
    return decisions


def _applied(
    game: GameDeclaration[RulesT, DealT, GameT, ViewT, BidT, CardT],
    deal: DealT,
    action: object,
) -> DealT:
    """``deal`` after one action of its own history."""
    if isinstance(action, BidActionBase):
        return game.bid(deal, action.seat, action.bid)
    assert isinstance(action, PlayActionBase)  # a history holds bids and plays only
    return game.play(deal, action.card, seat=action.seat)
