"""Summaries, frames and files of a simulation's rows, by example: summarize
by any fields, to_pandas, and the columns of write_csv and write_jsonl."""

from __future__ import annotations

import csv
import io
import json
import sys
from collections import Counter

import pytest

import bugami
from bugami import InvalidInputError, argute
from bugami.analysis.simulate import (
    ArguteRow,
    Row,
    Simulation,
    simulate,
    summarize,
    to_pandas,
    write_csv,
    write_jsonl,
)
from bugami.bots import ArguteRandomBot, HeuristicBot


@pytest.fixture(scope="module")
def rows() -> tuple[Row, ...]:
    result: Simulation[Row] = simulate(
        bugami.Rules(players=4), [HeuristicBot()] * 4, deals=60, seed="tidy", workers=0
    )
    return result.rows


def test_summarize_by_any_fields(rows: tuple[Row, ...]) -> None:
    default = summarize(rows)
    assert [line["bot"] for line in default] == ["heuristic"]
    assert {"ci95", "stderr", "ci_low", "ci_high", "misere_bids", "misere_made"} <= set(default[0])
    by_bid = summarize(rows, by="bid")
    counts = Counter(row.bid for row in rows)
    assert [line["bid"] for line in by_bid] == sorted(counts)
    for line in by_bid:
        group = [row.points for row in rows if row.bid == line["bid"]]
        assert line["seat_deals"] == len(group)
        assert line["mean_points"] == pytest.approx(sum(group) / len(group))
        assert line["ci_low"] <= line["mean_points"] <= line["ci_high"]  # type: ignore[operator]
        assert line["ci95"] == pytest.approx(1.96 * line["stderr"])  # type: ignore[operator]
    lengths = summarize(rows, by=("bid", "bug_length"))
    assert lengths[0]["bid"] == "C"
    assert sum(line["seat_deals"] for line in lengths) == len(rows)  # type: ignore[misc]
    misere = [line for line in lengths if line["bid"] == "M"]
    assert all(line["bug_length"] is None for line in misere)
    positions = summarize(rows, by="position")
    assert [line["position"] for line in positions] == [0, 1, 2, 3]
    assert all(line["seat_deals"] == 60 for line in positions)


def test_summarize_refuses_unknown_fields(rows: tuple[Row, ...]) -> None:
    with pytest.raises(InvalidInputError, match=r"cannot group Row values by \['colour'\]"):
        summarize(rows, by="colour")
    with pytest.raises(InvalidInputError, match="by names one or more of game, deal"):
        summarize(rows, by=())
    assert summarize([], by="anything") == []


def test_summarize_argute_rows_by_bid() -> None:
    result: Simulation[ArguteRow] = simulate(
        argute.Rules(players=3), [ArguteRandomBot()] * 3, deals=30, seed=1, workers=0
    )
    lines = summarize(result.rows, by="bid")
    assert [line["bid"] for line in lines] == sorted({row.bid for row in result.rows})
    for line in lines:
        group = [row for row in result.rows if row.bid == line["bid"]]
        assert line["exact_bids"] == sum(row.tricks == row.bid for row in group)
        assert line["mean_bid"] == line["bid"]


def test_to_pandas(rows: tuple[Row, ...]) -> None:
    pytest.importorskip("pandas")
    frame = to_pandas(rows)
    assert list(frame.columns) == list(Row.field_names())
    assert len(frame) == len(rows)
    assert frame["points"].tolist() == [row.points for row in rows]
    assert frame["hand"].iloc[0] == rows[0].hand
    assert Simulation(rows).to_pandas().equals(frame)
    empty = to_pandas([])
    assert list(empty.columns) == list(Row.field_names())
    assert len(empty) == 0
    argute_frame = simulate(
        argute.Rules(players=2), [ArguteRandomBot()] * 2, deals=2, seed=1, workers=0
    ).to_pandas()
    assert list(argute_frame.columns) == list(ArguteRow.field_names())


def test_to_pandas_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, rows: tuple[Row, ...]
) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=r"pip install 'bugami\[pandas\]'"):
        to_pandas(rows)


def test_files_carry_the_new_columns(rows: tuple[Row, ...]) -> None:
    text = io.StringIO()
    write_csv(rows[:4], text)
    read = list(csv.DictReader(io.StringIO(text.getvalue())))
    assert read[0]["hand"] == rows[0].hand
    assert read[0]["strength"] == str(rows[0].strength)
    lines = io.StringIO()
    write_jsonl(rows[:4], lines)
    first = json.loads(lines.getvalue().splitlines()[0])
    assert first["hand"] == rows[0].hand
    assert first["bug_length"] == rows[0].bug_length
