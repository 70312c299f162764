"""The rows of a simulation given to summarize, to_pandas and the writers:
one game at a time, rows only, and a precise error for anything else.

Bugami's rows followed by Argute's once gave a frame with Argute's values
under Bugami's columns and one mean over both games; the other order, or
something that is not a row, raised raw TypeError or AttributeError.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest

import bugami
from bugami import InvalidInputError, argute
from bugami.analysis.simulate import (
    ArguteRow,
    Row,
    Simulation,
    game_rows,
    simulate,
    summarize,
    to_pandas,
    write_csv,
    write_jsonl,
)
from bugami.bots import ArguteRandomBot, RandomBot

OURS: Simulation[Row] = simulate(
    bugami.Rules(players=3), [RandomBot()] * 3, deals=2, seed=1, workers=0
)
THEIRS: Simulation[ArguteRow] = simulate(
    argute.Rules(players=3), [ArguteRandomBot()] * 3, deals=2, seed=1, workers=0
)


def _to_pandas(rows: Any) -> object:
    pytest.importorskip("pandas")
    return to_pandas(rows)


def _write_csv(rows: Any) -> object:
    return write_csv(rows, io.StringIO())


def _write_jsonl(rows: Any) -> object:
    return write_jsonl(rows, io.StringIO())


def _frame_data(rows: Any) -> object:
    return Simulation(rows).frame_data()


TAKERS: dict[str, Callable[[Any], object]] = {
    "summarize": summarize,
    "to_pandas": _to_pandas,
    "write_csv": _write_csv,
    "write_jsonl": _write_jsonl,
    "frame_data": _frame_data,
    "game_rows": game_rows,
}


@pytest.mark.parametrize("name", TAKERS)
def test_bugami_rows_then_argute_rows_are_refused(name: str) -> None:
    mixed = [*OURS.rows, *THEIRS.rows]
    with pytest.raises(
        InvalidInputError,
        match=rf"^{name} takes the rows of one game, but the row at index 6 is an ArguteRow "
        r"\(Argute\) and the rows before it are Row values \(Bugami\): give each game's rows "
        r"separately$",
    ):
        TAKERS[name](mixed)


@pytest.mark.parametrize("name", TAKERS)
def test_argute_rows_then_bugami_rows_are_refused(name: str) -> None:
    mixed = [*THEIRS.rows[:2], OURS.rows[0], *THEIRS.rows]
    with pytest.raises(
        InvalidInputError,
        match=rf"^{name} takes the rows of one game, but the row at index 2 is a Row \(Bugami\) "
        r"and the rows before it are ArguteRow values \(Argute\)",
    ):
        TAKERS[name](mixed)


@pytest.mark.parametrize("name", TAKERS)
@pytest.mark.parametrize(
    ("given", "shown"),
    [
        ([OURS.rows[0], {"points": 3}], r"the item at index 1 is \{'points': 3\}"),
        ([None], "the item at index 0 is None"),
        ([OURS], r"the item at index 0 is <Simulation of Bugami"),
        (["a row"], "the item at index 0 is 'a row'"),
    ],
)
def test_items_that_are_not_rows_are_refused(name: str, given: list[Any], shown: str) -> None:
    with pytest.raises(
        InvalidInputError,
        match=rf"^{name} takes the rows of a simulation \(Row or ArguteRow values\), but {shown}",
    ):
        TAKERS[name](given)


@pytest.mark.parametrize("name", [name for name in TAKERS if name != "frame_data"])
@pytest.mark.parametrize("given", [7, "rows", b"rows", {"points": 3}, None])
def test_what_is_not_rows_at_all_is_refused(name: str, given: object) -> None:
    with pytest.raises(
        InvalidInputError,
        match=rf"^{name} takes the rows of a simulation \(Row or ArguteRow values, such as "
        r"simulate\(\.\.\.\)\.rows\) or the Simulation itself, not ",
    ):
        TAKERS[name](given)


def test_nothing_is_written_before_the_rows_are_checked() -> None:
    for write in (write_csv, write_jsonl):
        out = io.StringIO()
        with pytest.raises(InvalidInputError, match="the row at index 6"):
            write(OURS.rows + THEIRS.rows, out)  # type: ignore[operator]
        assert out.getvalue() == ""


@pytest.mark.parametrize(
    "by", [5, None, b"bid", ("bid", 3), [["bid"]], {"bid"}, object()], ids=repr
)
def test_summarize_refuses_a_by_that_names_no_fields(by: Any) -> None:
    with pytest.raises(
        InvalidInputError,
        match=r"^by names a field of the rows, or a list or tuple of them \(such as 'bid' or "
        r"\('bid', 'players'\)\), not ",
    ):
        summarize(OURS.rows, by=by)
    with pytest.raises(InvalidInputError, match=r"^by names a field"):
        summarize([], by=by)  # wrong whatever the rows


def test_summarize_by_unknown_fields_says_which_are_legal() -> None:
    with pytest.raises(
        InvalidInputError,
        match=r"^cannot group ArguteRow values by \['bug_length'\]: by names one or more of "
        r"game, deal, seed, players, seat, bot, dealer, bid",
    ):
        summarize(THEIRS.rows, by=["bid", "bug_length"])


def test_one_game_at_a_time_still_works_and_a_simulation_is_taken_whole() -> None:
    assert summarize(OURS) == summarize(OURS.rows) == summarize(iter(OURS.rows))
    assert [line["bot"] for line in summarize(THEIRS, by=["bot"])] == ["random"]
    assert game_rows(OURS) == list(OURS.rows)
    assert game_rows(()) == []
    for write in (write_csv, write_jsonl):
        assert write(OURS, io.StringIO()) == 6
        assert write(iter(THEIRS.rows), io.StringIO()) == 6


def test_to_pandas_of_each_game_and_of_both_through_concat() -> None:
    pandas = pytest.importorskip("pandas")
    ours, theirs = to_pandas(OURS), to_pandas(THEIRS.rows)
    assert list(ours.columns) == list(Row.field_names())
    assert list(theirs.columns) == list(ArguteRow.field_names())
    assert theirs["bid"].tolist() == [row.bid for row in THEIRS.rows]
    both = pandas.concat({"bugami": ours, "argute": theirs})  # the documented way to have both
    assert len(both) == 12
    assert both.loc["argute"]["points"].tolist() == [row.points for row in THEIRS.rows]
