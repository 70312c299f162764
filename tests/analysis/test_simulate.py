"""Simulation: plain rows, reproducible whatever the executor."""

from __future__ import annotations

import csv
import functools
import io
import json
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import bugami
from bugami import argute
from bugami.analysis.simulate import (
    ARGUTE_MAX_DEALS,
    ArguteRow,
    Row,
    Simulation,
    SimulationError,
    deal_rows,
    simulate,
    summarize,
    write_csv,
    write_jsonl,
)
from bugami.bots import (
    ArguteBot,
    ArguteHeuristicBot,
    ArguteRandomBot,
    ArguteSearchBot,
    Bot,
    HeuristicBot,
    RandomBot,
    SearchBot,
)

RULES = bugami.Rules(players=4, jokers=1)


def _table() -> list[Bot]:
    return [HeuristicBot(), RandomBot(), SearchBot(samples=2), RandomBot()]


def _run(**options: object) -> Simulation[Row]:
    return simulate(RULES, _table(), deals=12, seed="t", chunk_size=3, records="json", **options)  # type: ignore[arg-type]


@functools.cache
def _serial() -> Simulation[Row]:
    return _run(workers=0)


def test_rows_are_plain_and_complete() -> None:
    result = _serial()
    assert len(result.rows) == 48
    assert len(result.records) == 12
    assert [row.deal for row in result.rows[:8]] == [0, 0, 0, 0, 1, 1, 1, 1]
    assert [row.bot for row in result.rows[:4]] == ["heuristic", "random", "search(2)", "random"]
    for number, text in enumerate(result.records):
        state = bugami.loads(text)
        assert isinstance(state, bugami.Deal)
        assert state == bugami.deal(RULES, seed=f"t/{number}") or state.is_over
        points = [row.points for row in result.rows if row.deal == number]
        assert tuple(points) == bugami.score(state)
        assert sum(row.tricks for row in result.rows if row.deal == number) == 13
    for row in result.rows:
        assert row.bid in ("S", "H", "D", "C", "M")
        assert (row.bugs is None) == (row.bid == "M")
        assert row.total == row.points
        assert row.game is None
        assert not row.winner


@pytest.mark.processes
def test_the_same_whatever_the_executor() -> None:
    serial = _serial()
    with ProcessPoolExecutor(1) as one:
        assert _run(executor=one) == serial
    assert _run(workers=2) == serial
    with ThreadPoolExecutor(3) as threads:
        assert _run(executor=threads) == serial
    # and whatever the size of the chunks
    other = simulate(RULES, _table(), deals=12, seed="t", chunk_size=5, workers=0, records="json")
    assert other == serial


def test_the_same_on_a_dask_cluster() -> None:
    distributed = pytest.importorskip(
        "distributed", reason="dask.distributed is not installed (pip install 'dask[distributed]')"
    )
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert _run(executor=client.get_executor()) == _serial()


def test_whole_games() -> None:
    rules = bugami.Rules(players=3, target=80)
    done: list[tuple[int, int]] = []
    result = simulate(
        rules,
        [RandomBot(), HeuristicBot(), RandomBot()],
        games=3,
        seed=5,
        workers=0,
        records="text",
        progress=lambda finished, total: done.append((finished, total)),
    )
    assert done == [(1, 3), (2, 3), (3, 3)]
    assert {row.game for row in result.rows} == {0, 1, 2}
    for number, text in enumerate(result.records):
        game = bugami.loads(text)
        assert isinstance(game, bugami.Game)
        assert game.is_over
        rows = [row for row in result.rows if row.game == number]
        assert len(rows) == 3 * len(game.deals)
        assert tuple(row.total for row in rows[-3:]) == game.totals
        assert [row.seat for row in rows if row.winner] == [game.winner]


def test_rows_to_csv_and_json_lines() -> None:
    rows = _serial().rows
    text = io.StringIO()
    assert write_csv(rows, text) == 48
    read = list(csv.DictReader(io.StringIO(text.getvalue())))
    assert read[0]["bot"] == "heuristic"
    assert int(read[5]["points"]) == rows[5].points
    lines = io.StringIO()
    assert write_jsonl(rows, lines) == 48
    assert [json.loads(line) for line in lines.getvalue().splitlines()] == [
        row.as_dict() for row in rows
    ]
    data = Simulation(rows).frame_data()
    assert list(data) == list(Row.field_names())
    assert len(data["points"]) == 48
    # a regression: the repr listed every row
    assert repr(_serial()) == "<Simulation of Bugami: 48 rows, 12 records>"
    assert repr(Simulation(())) == "<Simulation: 0 rows, 0 records>"


def test_pandas_takes_the_rows() -> None:
    pandas = pytest.importorskip("pandas", reason="pandas is not installed")
    frame = pandas.DataFrame([row.as_dict() for row in _serial().rows])
    assert frame.groupby("bot")["points"].count()["random"] == 24
    assert frame.equals(_serial().to_pandas())


def test_bugs_follow_the_scoring() -> None:
    result = simulate(bugami.Rules(), [RandomBot()] * 4, deals=30, seed=1, workers=0)
    for row in result.rows:
        if row.bugs == 0 and 0 < row.tricks < 13:
            assert row.points == 20 * row.tricks
        elif row.bugs and row.tricks < 13:
            assert row.points == 10 * row.tricks // row.bugs


def test_summary() -> None:
    lines = summarize(_serial().rows)
    assert [line["bot"] for line in lines] == ["heuristic", "random", "search(2)"]
    assert [line["seat_deals"] for line in lines] == [12, 24, 12]
    single = summarize(_serial().rows[:1])
    assert single[0]["ci95"] == 0.0


def test_deal_rows_of_a_shotgun_wedding() -> None:
    rules = bugami.Rules(players=5, shotgun_wedding=True)
    state = bugami.deal(rules, seed=3)
    for seat, choice in enumerate("HHSMS"):
        state = bugami.bid(state, seat, choice)
    while not state.is_over:
        state = bugami.play(state, bugami.legal_moves(state)[0])
    rows = deal_rows(state, ["x"] * 5, number=0, seed=3)
    assert rows[0].points == rows[1].points
    assert rows[2].points == rows[4].points
    assert rows[3].bugs is None


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"deals": 1, "games": 1}, "either deals or games"),
        ({}, "either deals or games"),
        ({"deals": -1}, "int >= 0"),
        ({"deals": 2, "records": "xml"}, "records is"),
        ({"deals": 2, "chunk_size": 0}, "chunk_size"),
        ({"deals": 2, "seed": b"x"}, "root seed"),
        # regression: past Python's int-digit limit, a plain ValueError
        ({"deals": 1, "seed": 10**5000}, "cannot seed the deals: an int seed has at most 4000"),
    ],
)
def test_bad_arguments(options: dict[str, object], message: str) -> None:
    with pytest.raises(bugami.InvalidInputError, match=message):
        simulate(bugami.Rules(), [RandomBot()] * 4, workers=0, **options)  # type: ignore[arg-type]


def test_bad_tables() -> None:
    with pytest.raises(bugami.InvalidInputError, match="expected 4 bots"):
        simulate(bugami.Rules(), [RandomBot()] * 3, deals=1, workers=0)
    with pytest.raises(bugami.InvalidInputError, match=r"needs a bugami\.Rules"):
        simulate("rules", [RandomBot()] * 4, deals=1, workers=0)  # type: ignore[arg-type]


def test_bots_that_are_not_bots() -> None:
    # regressions: a bot class, or no bot at all, failed with AttributeError
    with pytest.raises(bugami.InvalidInputError, match=r"bots\[0\] is not a bot of Bugami"):
        simulate(bugami.Rules(), [RandomBot] * 4, deals=1, workers=0)  # type: ignore[list-item]
    with pytest.raises(bugami.InvalidInputError, match=r"bots\[2\] is not a bot .*: 'x'"):
        simulate(bugami.Rules(), [RandomBot()] * 2 + ["x", RandomBot()], deals=1, workers=0)  # type: ignore[list-item]


def test_an_executor_shut_down_is_named() -> None:
    with ThreadPoolExecutor(1) as pool:
        pass
    with pytest.raises(SimulationError, match="shut down"):
        simulate(bugami.Rules(), [RandomBot()] * 4, deals=1, executor=pool)


def test_nothing_to_do() -> None:
    assert simulate(bugami.Rules(), [RandomBot()] * 4, deals=0, workers=0) == Simulation(())


# --- Argute ----------------------------------------------------------------------------

ARGUTE = argute.Rules(players=4)


def _argute_table() -> list[ArguteBot]:
    return [ArguteHeuristicBot(), ArguteRandomBot(), ArguteSearchBot(samples=2), ArguteRandomBot()]


def _argute_run(**options: object) -> Simulation[ArguteRow]:
    table = _argute_table()
    return simulate(ARGUTE, table, deals=12, seed="a", chunk_size=3, records="json", **options)  # type: ignore[arg-type]


@functools.cache
def _argute_serial() -> Simulation[ArguteRow]:
    return _argute_run(workers=0)


def test_argute_rows() -> None:
    result = _argute_serial()
    assert len(result.rows) == 48
    assert [row.bot for row in result.rows[:4]] == ["heuristic", "random", "search(2)", "random"]
    for number, text in enumerate(result.records):
        state = argute.loads(text)
        assert isinstance(state, argute.Deal)
        assert state.is_over
        rows = [row for row in result.rows if row.deal == number]
        assert tuple(row.points for row in rows) == argute.score(state)
        assert tuple(row.bid for row in rows) == state.bids
        assert tuple(row.tricks for row in rows) == argute.tricks_won(state)
        assert sum(row.tricks for row in rows) == 3
    for row in result.rows:
        assert isinstance(row, ArguteRow)
        assert row.points == (row.bid if row.tricks == row.bid else -1)
    lines = summarize(result.rows)
    assert [line["bot"] for line in lines] == ["heuristic", "random", "search(2)"]
    assert all("exact_bids" in line and "misere_bids" not in line for line in lines)
    out = io.StringIO()
    assert write_csv(result.rows, out) == 48
    assert out.getvalue().startswith("game,deal,seed,players,seat,bot,dealer,bid,tricks,")
    assert list(Simulation(result.rows).frame_data()) == list(ArguteRow.field_names())


@pytest.mark.processes
def test_argute_the_same_whatever_the_executor() -> None:
    serial = _argute_serial()
    with ProcessPoolExecutor(1) as one:
        assert _argute_run(executor=one) == serial
    assert _argute_run(workers=2) == serial
    other = simulate(
        ARGUTE, _argute_table(), deals=12, seed="a", chunk_size=5, workers=0, records="json"
    )
    assert other == serial


def test_argute_the_same_on_a_dask_cluster() -> None:
    distributed = pytest.importorskip(
        "distributed", reason="dask.distributed is not installed (pip install 'dask[distributed]')"
    )
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert _argute_run(executor=client.get_executor()) == _argute_serial()


def test_argute_games_and_their_cap() -> None:
    rules = argute.Rules(players=3, target=3)
    result = simulate(rules, [ArguteSearchBot(samples=4)] * 3, games=2, seed=1, workers=0)
    assert {row.game for row in result.rows} == {0, 1}
    for number in (0, 1):
        rows = [row for row in result.rows if row.game == number]
        assert sum(row.winner for row in rows) == 1
        assert max(row.total for row in rows[-3:]) >= 3
    # Random bidders rarely end a game: the cap stops it, unfinished.
    capped = simulate(
        argute.Rules(players=5), [ArguteRandomBot()] * 5, games=2, seed=2, workers=0,
        max_deals=4, records="json",
    )  # fmt: skip
    for number, text in enumerate(capped.records):
        game = argute.loads(text)
        assert isinstance(game, argute.Game)
        rows = [row for row in capped.rows if row.game == number]
        assert len(rows) == 5 * len(game.deals) <= 20
        if len(game.deals) == 4:
            assert not game.is_over
            assert not any(row.winner for row in rows)
    assert ARGUTE_MAX_DEALS == 100
    with pytest.raises(bugami.InvalidInputError, match="max_deals"):
        simulate(rules, [ArguteRandomBot()] * 3, games=1, workers=0, max_deals=0)
