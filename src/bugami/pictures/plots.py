"""Pictures of simulation results and bid evaluations, with matplotlib.

Each function draws one picture from the rows of a simulation
(:func:`bugami.analysis.simulate.simulate`; the rows of either game, or the
:class:`~bugami.analysis.simulate.Simulation` itself) or from a bid evaluation
(:func:`bugami.evaluate_bids`), and returns the matplotlib ``Axes`` it drew
on: a new figure's, or the ``ax`` you pass, so that pictures can share a
figure. Means are drawn with their 95% confidence intervals, computed as
:func:`bugami.analysis.simulate.summarize` computes them.

matplotlib is an optional dependency (``pip install 'bugami[plots]'``): it is
imported when a picture is first drawn, and without it the functions raise an
:class:`ImportError` that says what to install.

>>> import bugami
>>> from bugami.bots import HeuristicBot
>>> from bugami.analysis.simulate import simulate
>>> result = simulate(bugami.Rules(), [HeuristicBot()] * 4, deals=30, seed=1, workers=0)
>>> ax = score_distribution(result)
>>> ax.get_xlabel(), ax.get_ylabel()
('bid', 'points')
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

from bugami.analysis.evaluation import BidEvaluation
from bugami.analysis.simulate import ArguteRow, Row, Simulation, game_rows, summarize
from bugami.errors import InvalidInputError, brief

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["Rows", "bid_evaluation", "bid_success", "score_distribution", "strength_vs_points"]

Rows: TypeAlias = "Simulation[Any] | Iterable[Row] | Iterable[ArguteRow]"
"""What the pictures of results are drawn from: a simulation's result, or its
rows (all of one game)."""

_BID_ORDER = {"S": 0, "H": 1, "D": 2, "C": 3, "M": 4}


def _pyplot() -> Any:
    """matplotlib.pyplot, or an ImportError saying what to install."""
    try:
        import matplotlib.pyplot
    except ImportError as error:
        raise ImportError(
            "bugami.pictures.plots needs matplotlib, which is not installed: "
            "`pip install 'bugami[plots]'` (or `pip install matplotlib`)"
        ) from error
    return matplotlib.pyplot


def _ticker() -> Any:
    _pyplot()
    import matplotlib.ticker

    return matplotlib.ticker


def _axes(ax: Axes | None) -> Axes:
    if ax is not None:
        return ax
    _figure, new = _pyplot().subplots(figsize=(6.4, 4.0), layout="constrained")
    return new  # type: ignore[no-any-return]


def _rows(data: Rows, what: str) -> list[Any]:
    rows = game_rows(data, what=what)
    if not rows:
        raise InvalidInputError("there are no rows to draw")
    return rows


def _check_by(by: object, kind: type[Row] | type[ArguteRow]) -> None:
    """Refuse a ``by`` that is not the name of a field of ``kind``."""
    fields = kind.field_names()
    if not isinstance(by, str) or by not in fields:
        raise InvalidInputError(
            f"cannot group the rows by {brief(by)}: by names one field of the "
            f"{kind.__name__} values, one of {', '.join(fields)}"
        )


def _group_order(value: object) -> tuple[int, object]:
    if isinstance(value, str) and value in _BID_ORDER:
        return (0, _BID_ORDER[value])
    return (1, value) if value is not None else (-1, 0)


def _label(name: str, value: object) -> str:
    if name == "bid" and value == "M":
        return "misère"
    if name == "kind":
        return str(value)
    return f"{name} {value}" if name not in ("bid", "bot") else str(value)


def _with_kind(rows: Sequence[Any]) -> list[tuple[object, Any]]:
    """Each row with the kind of its bid: ``"suit"`` or ``"misère"`` for
    Bugami, the bid itself for Argute."""
    if isinstance(rows[0], ArguteRow):
        return [(row.bid, row) for row in rows]
    return [("misère" if row.bid == "M" else "suit", row) for row in rows]


def score_distribution(data: Rows, *, by: str = "bid", ax: Axes | None = None) -> Axes:
    """The spread of the points per group of rows -- per bid by default, or
    per any field of the rows (``by="position"``, ``by="bot"``...): a box
    from the first to the third quartile with the median, whiskers from the
    5th to the 95th percentile, and the mean as a diamond. Each group's
    label says how many rows it holds.

    >>> import bugami
    >>> from bugami.bots import HeuristicBot
    >>> from bugami.analysis.simulate import simulate
    >>> rows = simulate(bugami.Rules(players=3), [HeuristicBot()] * 3, deals=20, seed=2,
    ...                 workers=0).rows
    >>> ax = score_distribution(rows, by="position")
    >>> [label.get_text() for label in ax.get_xticklabels()]
    ['position 0\\n(20)', 'position 1\\n(20)', 'position 2\\n(20)']
    """
    rows = _rows(data, "score_distribution")
    _check_by(by, type(rows[0]))
    groups: dict[object, list[int]] = {}
    for row in rows:
        groups.setdefault(getattr(row, by), []).append(row.points)
    keys = sorted(groups, key=_group_order)
    ax = _axes(ax)
    values = [groups[key] for key in keys]
    ax.boxplot(
        values,
        whis=(5, 95),
        showmeans=True,
        showfliers=False,
        meanprops={"marker": "D", "markerfacecolor": "white", "markeredgecolor": "black"},
    )
    ax.set_xticks(
        range(1, len(keys) + 1), [f"{_label(by, key)}\n({len(groups[key])})" for key in keys]
    )
    ax.set_xlabel(by)
    ax.set_ylabel("points")
    ax.set_title("points per deal")
    return ax


def _mean_line(
    ax: Axes, rows: Sequence[Any], x: str, label: str, min_rows: int, *, offset: float = 0.0
) -> None:
    kept = [
        line
        for line in summarize(rows, by=x)
        if line[x] is not None and int(line["seat_deals"]) >= min_rows  # type: ignore[call-overload]
    ]
    xs = [float(line[x]) + offset for line in kept]  # type: ignore[arg-type]
    means = [float(line["mean_points"]) for line in kept]  # type: ignore[arg-type]
    spread = [float(line["ci95"]) for line in kept]  # type: ignore[arg-type]
    ax.errorbar(xs, means, yerr=spread, marker="o", capsize=3, label=label)


def bid_success(
    data: Rows, *, by: str | None = None, min_rows: int = 10, ax: Axes | None = None
) -> Axes:
    """How bids fare with the hand that made them.

    For Bugami, the mean points of the suit bids by the number of cards of
    the bug suit the bidder was dealt (``bug_length``), with 95% intervals.
    For Argute, the share of exact bids by the number of 4s and 5s in the
    hand, one line per bid. ``by`` names a field to draw one line per value
    of (such as ``"players"``, or ``"bot"``) for Bugami. Points made of
    fewer than ``min_rows`` rows are left out.

    >>> import bugami
    >>> from bugami.bots import HeuristicBot
    >>> from bugami.analysis.simulate import simulate
    >>> rows = simulate(bugami.Rules(), [HeuristicBot()] * 4, deals=30, seed=2, workers=0).rows
    >>> bid_success(rows).get_xlabel()
    'cards of the bug suit dealt'
    """
    rows = _rows(data, "bid_success")
    ax = _axes(ax)
    if isinstance(rows[0], ArguteRow):
        for choice in sorted({row.bid for row in rows}):
            group = [row for row in rows if row.bid == choice]
            counts: dict[int, list[int]] = {}
            for row in group:
                counts.setdefault(row.high_cards, []).append(row.tricks == row.bid)
            xs = [x for x in sorted(counts) if len(counts[x]) >= min_rows]
            ax.plot(
                xs,
                [sum(counts[x]) / len(counts[x]) for x in xs],
                marker="o",
                label=f"bid {choice}",
            )
        ax.xaxis.set_major_locator(_ticker().MaxNLocator(integer=True))
        ax.set_xlabel("4s and 5s in the hand")
        ax.set_ylabel("share of exact bids")
        ax.set_ylim(0, 1)
        ax.legend()
        return ax
    suits = [row for row in rows if row.bid != "M"]
    if not suits:
        raise InvalidInputError("there are no suit bids among the rows")
    if by is None:
        _mean_line(ax, suits, "bug_length", "suit bids", min_rows)
    else:
        _check_by(by, Row)
        values = sorted({getattr(row, by) for row in suits}, key=_group_order)
        for number, value in enumerate(values):
            group = [row for row in suits if getattr(row, by) == value]
            offset = 0.1 * (number - (len(values) - 1) / 2)
            _mean_line(ax, group, "bug_length", _label(by, value), min_rows, offset=offset)
        ax.legend()
    ax.xaxis.set_major_locator(_ticker().MaxNLocator(integer=True))
    ax.set_xlabel("cards of the bug suit dealt")
    ax.set_ylabel("mean points (95% interval)")
    ax.set_title("suit bids by the length of the bug suit")
    return ax


def strength_vs_points(
    data: Rows, *, by: str | None = None, min_rows: int = 10, ax: Axes | None = None
) -> Axes:
    """Mean points (with 95% intervals) by the strength of the hand dealt
    (high-card points, see :mod:`bugami.core.hands`; for Argute the sum of the
    squared values, in bands of 10). One line per kind of bid -- suit bids
    and misère for Bugami, each bid for Argute -- or per value of the field
    ``by``. Points made of fewer than ``min_rows`` rows are left out.

    >>> import bugami
    >>> from bugami.bots import HeuristicBot
    >>> from bugami.analysis.simulate import simulate
    >>> rows = simulate(bugami.Rules(players=5), [HeuristicBot()] * 5, deals=30, seed=3,
    ...                 workers=0).rows
    >>> ax = strength_vs_points(rows, min_rows=1)
    >>> [text.get_text() for text in ax.get_legend().get_texts()]
    ['misère', 'suit']
    """
    rows = _rows(data, "strength_vs_points")
    ax = _axes(ax)
    argute = isinstance(rows[0], ArguteRow)
    if by is None:
        keyed = _with_kind(rows)
        name = "kind"
    else:
        _check_by(by, type(rows[0]))
        keyed = [(getattr(row, by), row) for row in rows]
        name = by
    groups: dict[object, list[Any]] = {}
    for key, row in keyed:
        groups.setdefault(key, []).append(row)
    for key in sorted(groups, key=_group_order):
        points: dict[int, list[int]] = {}
        for row in groups[key]:
            x = row.strength // 10 * 10 + 5 if argute else row.strength
            points.setdefault(x, []).append(row.points)
        xs = [x for x in sorted(points) if len(points[x]) >= min_rows]
        if not xs:
            continue
        means = [sum(points[x]) / len(points[x]) for x in xs]
        spreads = [_half_width(points[x]) for x in xs]
        label = f"bid {key}" if argute and by is None else _label(name, key)
        ax.errorbar(xs, means, yerr=spreads, marker="o", capsize=2, label=label)
    ax.xaxis.set_major_locator(_ticker().MaxNLocator(integer=True))
    ax.set_xlabel("strength of the hand dealt" + (" (bands of 10)" if argute else ""))
    ax.set_ylabel("mean points (95% interval)")
    if ax.containers:
        ax.legend()
    return ax


def _half_width(values: Sequence[int]) -> float:
    if len(values) < 2:
        return 0.0
    mean = sum(values) / len(values)
    variance = sum((value - mean) ** 2 for value in values) / (len(values) - 1)
    return 1.96 * math.sqrt(variance / len(values))


def bid_evaluation(
    evaluation: BidEvaluation | Sequence[BidEvaluation] | Mapping[str, BidEvaluation],
    *,
    labels: Sequence[str] | None = None,
    ax: Axes | None = None,
) -> Axes:
    """The expected points of each bid of an evaluation
    (:func:`bugami.evaluate_bids`), as bars with their 95% intervals.

    >>> import bugami
    >>> result = bugami.evaluate_bids(bugami.deal(bugami.Rules(), seed=1), 0, deals=5, seed=1)
    >>> len(bid_evaluation(result).patches)
    5

    Several evaluations of one game -- a sequence of them, or a mapping from
    their labels to them -- are drawn side by side: a group of bars per bid,
    one bar per evaluation, with a legend. The labels are the mapping's keys,
    or ``labels`` (one per evaluation), or else ``"seat N"`` when the
    evaluations are of different seats and ``"evaluation N"`` (from 1)
    otherwise.

    >>> state = bugami.deal(bugami.Rules(), seed=1)
    >>> both = {f"{deals} deals": bugami.evaluate_bids(state, 0, deals=deals, seed=1)
    ...         for deals in (4, 8)}
    >>> ax = bid_evaluation(both)
    >>> len(ax.patches), [text.get_text() for text in ax.get_legend().get_texts()]
    (10, ['4 deals', '8 deals'])
    """
    if isinstance(evaluation, BidEvaluation):
        if labels is not None:
            return bid_evaluation([evaluation], labels=labels, ax=ax)
        ax = _axes(ax)
        bids = [_bid_label(estimate) for estimate in evaluation]
        means = [estimate.mean for estimate in evaluation]
        spreads = [estimate.high - estimate.mean for estimate in evaluation]
        ax.bar(bids, means, yerr=spreads, capsize=4, color="#7a9cc6")
        ax.set_xlabel("bid")
        ax.set_ylabel("expected points (95% interval)")
        ax.set_title(f"seat {evaluation.seat}, {evaluation.deals} imagined deals")
        return ax
    evaluations, names = _evaluations(evaluation, labels)
    order: dict[str, int] = {}
    for one in evaluations:
        for estimate in one:
            order.setdefault(_bid_label(estimate), len(order))
    ax = _axes(ax)
    width = 0.8 / len(evaluations)
    for number, (one, name) in enumerate(zip(evaluations, names, strict=True)):
        xs = [order[_bid_label(estimate)] - 0.4 + width * (number + 0.5) for estimate in one]
        means = [estimate.mean for estimate in one]
        spreads = [estimate.high - estimate.mean for estimate in one]
        ax.bar(xs, means, width, yerr=spreads, capsize=3, label=name)
    ax.set_xticks(range(len(order)), list(order))
    ax.set_xlabel("bid")
    ax.set_ylabel("expected points (95% interval)")
    ax.set_title("expected points of each bid")
    ax.legend()
    return ax


def _bid_label(estimate: Any) -> str:
    return _label("bid", estimate.to_dict()["bid"])


def _evaluations(
    given: object, labels: Sequence[str] | None
) -> tuple[list[BidEvaluation], list[str]]:
    """The evaluations to draw side by side and their labels, checked."""
    what = (
        "bid_evaluation draws a BidEvaluation, or a sequence of them or a mapping of labels to them"
    )
    if isinstance(given, Mapping):
        if labels is not None:
            raise InvalidInputError(
                "bid_evaluation takes labels from the mapping's keys: give labels only with a "
                "sequence of evaluations"
            )
        names = [str(key) for key in given]
        evaluations = list(given.values())
    elif isinstance(given, Sequence) and not isinstance(given, str):
        evaluations = list(given)
        names = []
    else:
        raise InvalidInputError(f"{what}, not {brief(given)}")
    if not evaluations:
        raise InvalidInputError(f"{what}; there is none to draw")
    games = set()
    for index, one in enumerate(evaluations):
        if not isinstance(one, BidEvaluation):
            raise InvalidInputError(f"{what}, but the item at index {index} is {brief(one)}")
        argute = any(isinstance(estimate.bid, int) for estimate in one)
        games.add(argute)
        if len(games) > 1:
            raise InvalidInputError(
                f"bid_evaluation draws evaluations of one game side by side, but the one at "
                f"index {index} is of {'Argute' if argute else 'Bugami'} and the ones before "
                f"it of {'Bugami' if argute else 'Argute'}"
            )
    if labels is not None:
        if (
            isinstance(labels, str)
            or not isinstance(labels, Sequence)
            or len(labels) != len(evaluations)
            or not all(isinstance(label, str) for label in labels)
        ):
            raise InvalidInputError(
                f"labels must be a list of {len(evaluations)} str, one per evaluation, "
                f"not {brief(labels)}"
            )
        names = list(labels)
    if not names:
        seats = [one.seat for one in evaluations]
        if len(set(seats)) == len(seats):
            names = [f"seat {seat}" for seat in seats]
        else:
            names = [f"evaluation {number}" for number in range(1, len(evaluations) + 1)]
    return evaluations, names
