"""Pictures of results (bugami.pictures.plots); skipped without matplotlib."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest

import bugami
from bugami import InvalidInputError, argute
from bugami.analysis.simulate import ArguteRow, Row, Simulation, simulate
from bugami.bots import ArguteHeuristicBot, HeuristicBot

pytest.importorskip("matplotlib")

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt

from bugami.pictures import plots


@pytest.fixture(autouse=True)
def _close_figures() -> Iterator[None]:
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def bugami_rows() -> Simulation[Row]:
    return simulate(
        bugami.Rules(players=4), [HeuristicBot()] * 4, deals=80, seed="plots", workers=0
    )


@pytest.fixture(scope="module")
def argute_rows() -> Simulation[ArguteRow]:
    return simulate(
        argute.Rules(players=3), [ArguteHeuristicBot()] * 3, deals=80, seed="plots", workers=0
    )


def test_score_distribution(
    bugami_rows: Simulation[Row], argute_rows: Simulation[ArguteRow]
) -> None:
    ax = plots.score_distribution(bugami_rows)
    labels = [label.get_text().split("\n")[0] for label in ax.get_xticklabels()]
    bids = {row.bid for row in bugami_rows.rows}
    assert labels == [bid if bid != "M" else "misère" for bid in "SHDCM" if bid in bids]
    counts = [int(label.get_text().split("(")[1].rstrip(")")) for label in ax.get_xticklabels()]
    assert sum(counts) == len(bugami_rows.rows)
    _, given = plt.subplots()
    assert plots.score_distribution(argute_rows.rows, by="position", ax=given) is given
    with pytest.raises(InvalidInputError, match="cannot group the rows by 'colour'"):
        plots.score_distribution(bugami_rows, by="colour")


def legend(ax: Any) -> list[str]:
    return [text.get_text() for text in ax.get_legend().get_texts()]


def test_bid_success(bugami_rows: Simulation[Row], argute_rows: Simulation[ArguteRow]) -> None:
    ax = plots.bid_success(bugami_rows, min_rows=1)
    (container,) = ax.containers
    line: Any = container.lines[0]  # type: ignore[attr-defined]
    lengths = sorted({row.bug_length for row in bugami_rows.rows if row.bug_length is not None})
    assert list(line.get_xdata()) == lengths
    first = [row.points for row in bugami_rows.rows if row.bug_length == lengths[0]]
    assert line.get_ydata()[0] == pytest.approx(sum(first) / len(first))
    by_seat = plots.bid_success(bugami_rows, by="seat", min_rows=1)
    assert legend(by_seat) == [f"seat {seat}" for seat in range(4)]
    shares = plots.bid_success(argute_rows, min_rows=1)
    drawn: list[Any] = shares.get_lines()
    assert drawn
    assert all(0 <= value <= 1 for line in drawn for value in line.get_ydata())
    with pytest.raises(InvalidInputError, match="no suit bids"):
        plots.bid_success([row for row in bugami_rows.rows if row.bid == "M"])
    with pytest.raises(InvalidInputError, match="cannot group the rows by 'x'"):
        plots.bid_success(bugami_rows, by="x")


def test_strength_vs_points(
    bugami_rows: Simulation[Row], argute_rows: Simulation[ArguteRow]
) -> None:
    ax = plots.strength_vs_points(bugami_rows, min_rows=1)
    assert ax.get_xlabel() == "strength of the hand dealt"
    assert "suit" in legend(ax)
    sparse = plots.strength_vs_points(bugami_rows, min_rows=10**6)
    assert sparse.get_lines() == []
    assert sparse.get_legend() is None
    by_bid = plots.strength_vs_points(argute_rows, min_rows=1)
    assert by_bid.get_xlabel().endswith("(bands of 10)")
    by_position = plots.strength_vs_points(argute_rows, by="position", min_rows=1)
    assert legend(by_position) == [f"position {place}" for place in range(3)]
    with pytest.raises(InvalidInputError, match="cannot group"):
        plots.strength_vs_points(argute_rows, by="nope")


def test_bid_evaluation() -> None:
    result = bugami.evaluate_bids(bugami.deal(bugami.Rules(), seed=3), 2, deals=4, seed=1)
    ax = plots.bid_evaluation(result)
    heights = [patch.get_height() for patch in ax.patches]  # type: ignore[attr-defined]
    assert heights == pytest.approx([estimate.mean for estimate in result])
    assert [label.get_text() for label in ax.get_xticklabels()] == ["S", "H", "D", "C", "misère"]
    with pytest.raises(InvalidInputError, match="draws a BidEvaluation"):
        plots.bid_evaluation("x")  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def evaluations() -> list[bugami.BidEvaluation]:
    state = bugami.deal(bugami.Rules(), seed=3)
    return [bugami.evaluate_bids(state, seat, deals=3, seed=1) for seat in (0, 2)]


def test_bid_evaluation_draws_several_side_by_side(
    evaluations: list[bugami.BidEvaluation],
) -> None:
    ax = plots.bid_evaluation(evaluations)
    assert legend(ax) == ["seat 0", "seat 2"]
    assert [label.get_text() for label in ax.get_xticklabels()] == ["S", "H", "D", "C", "misère"]
    bars: list[Any] = list(ax.patches)
    assert len(bars) == 10
    expected = [estimate.mean for one in evaluations for estimate in one]
    assert [bar.get_height() for bar in bars] == pytest.approx(expected)
    first, second = bars[0], bars[5]  # the spades bars of the two evaluations, side by side
    assert first.get_x() + first.get_width() == pytest.approx(second.get_x())
    assert second.get_x() + second.get_width() < bars[1].get_x()  # before the hearts group
    named = plots.bid_evaluation(evaluations, labels=["before", "after"])
    assert legend(named) == ["before", "after"]
    mapped = plots.bid_evaluation({"mine": evaluations[0]})
    assert legend(mapped) == ["mine"]
    same_seat = plots.bid_evaluation([evaluations[0], evaluations[0]])
    assert legend(same_seat) == ["evaluation 1", "evaluation 2"]
    alone = plots.bid_evaluation(evaluations[0], labels=["alone"])
    assert legend(alone) == ["alone"]


def test_bid_evaluation_refuses_what_it_cannot_draw(
    evaluations: list[bugami.BidEvaluation],
) -> None:
    theirs = argute.evaluate_bids(argute.deal(argute.Rules(players=3), seed=1), 0, deals=2, seed=1)
    assert len(plots.bid_evaluation([theirs]).patches) == 4
    with pytest.raises(InvalidInputError, match="the one at index 1 is of Argute and the ones"):
        plots.bid_evaluation([evaluations[0], theirs])
    with pytest.raises(InvalidInputError, match="there is none to draw"):
        plots.bid_evaluation([])
    with pytest.raises(InvalidInputError, match="the item at index 1 is 'x'"):
        plots.bid_evaluation([evaluations[0], "x"])  # type: ignore[list-item]
    with pytest.raises(InvalidInputError, match="labels must be a list of 2 str"):
        plots.bid_evaluation(evaluations, labels=["one"])
    with pytest.raises(InvalidInputError, match="labels must be a list of 2 str"):
        plots.bid_evaluation(evaluations, labels="ab")
    with pytest.raises(InvalidInputError, match="labels from the mapping's keys"):
        plots.bid_evaluation({"a": evaluations[0]}, labels=["b"])


def test_bad_rows_are_refused(
    bugami_rows: Simulation[Row], argute_rows: Simulation[ArguteRow]
) -> None:
    with pytest.raises(InvalidInputError, match="no rows to draw"):
        plots.score_distribution([])
    mixed: list[Any] = [bugami_rows.rows[0], argute_rows.rows[0]]
    with pytest.raises(
        InvalidInputError,
        match=r"strength_vs_points takes the rows of one game, but the row at index 1 is an "
        r"ArguteRow \(Argute\) and the rows before it are Row values \(Bugami\)",
    ):
        plots.strength_vs_points(mixed)
    with pytest.raises(InvalidInputError, match="the item at index 0 is 'x'"):
        plots.bid_success(["x"])  # type: ignore[arg-type]
    with pytest.raises(
        InvalidInputError, match="score_distribution takes the rows of a simulation"
    ):
        plots.score_distribution(7)  # type: ignore[arg-type]
    with pytest.raises(
        InvalidInputError, match=r"cannot group the rows by \['bid'\]: by names one"
    ):
        plots.score_distribution(bugami_rows, by=["bid"])  # type: ignore[arg-type]


def test_without_matplotlib_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, bugami_rows: Simulation[Row]
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(ImportError, match=r"pip install 'bugami\[plots\]'"):
        plots.score_distribution(bugami_rows)
