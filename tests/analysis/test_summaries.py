"""Tidy simulation data: rows with hands and features, summaries, pandas."""

from __future__ import annotations

import csv
import io
import json
import pickle
import sys
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bugami
from bugami import InvalidInputError, argute
from bugami.argute.hands import hand_features as argute_features
from bugami.bots import ArguteRandomBot, HeuristicBot, RandomBot, play_out
from bugami.hands import hand_features
from bugami.simulate import (
    ArguteRow,
    Row,
    Simulation,
    argute_rows,
    deal_rows,
    simulate,
    summarize,
    to_pandas,
    write_csv,
    write_jsonl,
)


@settings(max_examples=20)
@given(st.integers(3, 7), st.integers(0, 3), st.booleans(), st.integers(0, 10**6))
def test_rows_carry_the_hand_as_dealt_and_its_features(
    players: int, jokers: int, shotgun: bool, seed: int
) -> None:
    rules = bugami.Rules(players=players, jokers=jokers, shotgun_wedding=shotgun)
    done = play_out(bugami.deal(rules, seed=seed), [RandomBot(seed)] * players)
    rows = deal_rows(done, ["random"] * players, number=0, seed=seed)
    for row in rows:
        hand = done.dealt_hands[row.seat]
        assert bugami.parse_cards(row.hand) == hand
        features = hand_features(hand)
        assert (row.spades, row.hearts, row.diamonds, row.clubs) == features.lengths
        assert row.hand_jokers == features.jokers
        assert row.high_cards == features.high_cards
        assert row.voids == features.voids
        assert row.strength == features.strength
        assert (row.dealer + 1 + row.position) % players == row.seat
        choice = done.bids[row.seat]
        if choice is bugami.MISERE:
            assert row.bug_length is None
            assert row.partners == 0
        else:
            assert isinstance(choice, bugami.Suit)
            assert row.bug_length == features.length(choice)
            assert row.partners == done.bids.count(choice) - 1
    assert sorted(row.position for row in rows) == list(range(players))


def test_argute_rows_carry_the_hand_as_dealt() -> None:
    done = play_out(argute.deal(argute.Rules(players=5), seed=3), [ArguteRandomBot(1)] * 5)
    for row in argute_rows(done, ["random"] * 5, number=0, seed=3):
        hand = done.dealt_hands[row.seat]
        assert row.hand == "".join(map(str, hand))
        features = argute_features(row.hand)
        assert (row.high_cards, row.strength, row.total_value) == (
            features.high_cards,
            features.strength,
            features.total,
        )
        assert (row.dealer + 1 + row.position) % 5 == row.seat


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


def test_rows_are_ordinary_frozen_values(rows: tuple[Row, ...]) -> None:
    row = rows[0]
    again = Row(**row.as_dict())  # type: ignore[arg-type]
    assert again == row
    assert hash(again) == hash(row)
    assert repr(again) == repr(row)
    assert pickle.loads(pickle.dumps(row)) == row
    with pytest.raises(AttributeError, match="immutable"):
        row.points = 0
    features = hand_features(row.hand)
    assert features == features.replace()
    assert features.replace(strength=0).strength == 0
    with pytest.raises(AttributeError, match="immutable"):
        features.strength = 0
    argute_row = simulate(
        argute.Rules(players=2), [ArguteRandomBot()] * 2, deals=1, seed=1, workers=0
    ).rows[0]
    assert ArguteRow(**argute_row.as_dict()) == argute_row
    assert pickle.loads(pickle.dumps(argute_row)) == argute_row
