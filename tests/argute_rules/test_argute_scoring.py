"""Scoring a hand of Argute: exact bids score their number, misses lose one."""

from __future__ import annotations

import pytest

from bugami import IllegalMoveError, InvalidInputError, argute
from bugami.argute.scoring import MISSED, points, tricks_won


@pytest.mark.parametrize(
    ("bid", "won", "expected"),
    [(0, 0, 0), (1, 1, 1), (2, 2, 2), (3, 3, 3), (0, 1, -1), (0, 3, -1), (3, 0, -1), (2, 1, -1)],
)
def test_points(bid: int, won: int, expected: int) -> None:
    assert points(bid=bid, won=won) == expected


def test_a_miss_costs_one_point_whatever_the_bid() -> None:
    assert MISSED == -1
    assert {points(bid=bid, won=won) for bid in range(4) for won in range(4) if bid != won} == {-1}


def _played(hands: list[str], dealer: int, bids: str, values: str) -> argute.Deal:
    state = argute.deal(argute.Rules(players=len(hands)), hands=hands, dealer=dealer)
    for seat, tricks in enumerate(bids.split()):
        state = argute.bid(state, seat, tricks)
    for value in values.split():
        state = argute.play(state, value)
    return state


def test_a_correct_zero_bid_scores_zero() -> None:
    # Seat 1 leads with the strong hand and takes every trick; seat 0 bid 0 and made it.
    state = _played(["000111", "555444"], 0, "0 3", "5 0 5 0 5 0  4 1 4 1  4 1")
    assert tricks_won(state) == (0, 3)
    assert argute.score(state) == (0, 3)


def test_a_failed_zero_bid_loses_a_point() -> None:
    state = _played(["000111", "555444"], 0, "1 2", "5 0 5 0 5 0  4 1 4 1  4 1")
    assert argute.score(state) == (-1, -1)


def test_scores_on_a_three_player_hand() -> None:
    # Seat 0 takes trick 1, seat 2 trick 2 and (everyone playing 0) trick 3.
    state = _played(
        ["555440", "111110", "222550"], 2, "1 1 3", "5 1 2 5 1 2 5 1 2  4 1 5 4 1 5  0 0 0"
    )
    assert tricks_won(state) == (1, 0, 2)
    assert argute.score(state) == (1, -1, -1)


def test_a_hand_in_progress_cannot_be_scored() -> None:
    state = argute.deal(argute.Rules(), seed=3)
    with pytest.raises(IllegalMoveError) as error:
        argute.score(state)
    assert str(error.value) == "cannot score the hand: it is not over (bidding)"
    for seat in range(4):
        state = argute.bid(state, seat, 1)
    with pytest.raises(IllegalMoveError, match=r"it is not over \(playing\)"):
        argute.score(argute.play(state, argute.legal_moves(state)[0]))
    assert tricks_won(state) == (0, 0, 0, 0)


def test_tricks_won_needs_a_hand() -> None:
    with pytest.raises(InvalidInputError, match="tricks_won needs an Argute Deal, not 3"):
        tricks_won(3)
