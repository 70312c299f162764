"""The rows of a simulation as values: each carries its seat's hand as dealt
and that hand's features, and rows are ordinary frozen values."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bugami
from bugami import argute
from bugami.analysis.simulate import (
    ArguteRow,
    Row,
    Simulation,
    argute_rows,
    deal_rows,
    simulate,
)
from bugami.argute.hands import hand_features as argute_features
from bugami.bots import ArguteRandomBot, HeuristicBot, RandomBot, play_out
from bugami.core.hands import hand_features


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


def test_rows_are_ordinary_frozen_values(rows: tuple[Row, ...]) -> None:
    row = rows[0]
    again = Row(**row.as_dict())  # type: ignore[arg-type]
    assert again == row
    assert hash(again) == hash(row)
    assert repr(again) == repr(row)
    assert pickle.loads(pickle.dumps(row)) == row
    with pytest.raises(AttributeError, match="immutable: cannot set 'points'"):
        row.points = 0  # type: ignore[misc]
    features = hand_features(row.hand)
    assert features == features.replace()
    assert features.replace(strength=0).strength == 0
    with pytest.raises(AttributeError, match="immutable"):
        features.strength = 0  # type: ignore[misc]
    argute_row = simulate(
        argute.Rules(players=2), [ArguteRandomBot()] * 2, deals=1, seed=1, workers=0
    ).rows[0]
    assert ArguteRow(**argute_row.as_dict()) == argute_row
    assert pickle.loads(pickle.dumps(argute_row)) == argute_row
