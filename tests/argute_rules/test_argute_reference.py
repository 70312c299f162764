"""Checks of the naive Argute reference against the rules text, so that the
reference can be trusted to cross-check the engine."""

from __future__ import annotations

import pytest

from argute_reference import (
    documented_deal,
    full_deck,
    game_winner,
    legal_plays,
    play_hand,
    score_hand,
    seed_to_bytes,
    to_move,
    trick_winner,
)


def test_the_deck() -> None:
    deck = full_deck()
    assert len(deck) == 42
    assert all(deck.count(value) == 7 for value in range(6))


def test_any_card_may_be_played() -> None:
    assert legal_plays([5, 0, 5, 3]) == [0, 3, 5]
    assert legal_plays([]) == []


def test_the_highest_count_wins() -> None:
    assert trick_winner([(0, 1), (1, 5), (0, 2), (1, 0)]) == 1


def test_everyone_playing_zero_to_the_last_trick() -> None:
    """The example of the rules: the first player to play wins."""
    assert trick_winner([(2, 0), (0, 0), (1, 0)]) == 2


def test_ties_go_to_whoever_reached_the_count_first() -> None:
    # Seat 0 reaches 5 with its first card; seat 1 only with its second.
    assert trick_winner([(0, 5), (1, 2), (0, 0), (1, 3), (0, 0), (1, 0)]) == 0
    # Seat 1 reaches 5 at turn 1; seat 0 only at turn 4, though it led.
    assert trick_winner([(0, 0), (1, 5), (0, 0), (1, 0), (0, 5), (1, 0)]) == 1
    # A final count of 0 is reached with the first card.
    assert trick_winner([(1, 0), (0, 0), (1, 0), (0, 0)]) == 1


def test_an_empty_trick_has_no_winner() -> None:
    with pytest.raises(ValueError, match="empty"):
        trick_winner([])


def test_turn_order_and_trick_sizes() -> None:
    hands = [[0, 0, 1, 1, 2, 2], [3, 3, 4, 4, 5, 5]]
    values = [0, 5, 0, 5, 1, 4]  # dealer 1: seat 0 leads trick 1
    assert to_move(hands, 1, []) == 0
    assert to_move(hands, 1, values[:1]) == 1
    tricks = play_hand(hands, 1, values)
    assert tricks == [(0, [(0, 0), (1, 5), (0, 0), (1, 5), (0, 1), (1, 4)], 1)]
    assert to_move(hands, 1, values) == 1  # the winner leads
    values += [3, 1, 3, 2, 4, 2]
    tricks = play_hand(hands, 1, values)
    assert [len(plays) for _, plays, _ in tricks] == [6, 4, 2]
    assert to_move(hands, 1, values) is None
    with pytest.raises(ValueError, match="more cards"):
        play_hand(hands, 1, [*values, 0])
    with pytest.raises(ValueError, match="does not hold 5"):
        play_hand(hands, 1, [5])


def test_scoring() -> None:
    assert score_hand([0, 1, 2], [1, 2, 2]) == [0, 1, 2]
    assert score_hand([1, 0, 3], [0, 0, 0]) == [-1, 0, -1]
    assert score_hand([3, 2], [0, 0, 0]) == [3, -1]


def test_the_game_winner() -> None:
    assert game_winner([6, 6, 1], 6) is None
    assert game_winner([7, 6, 6], 6) == 0
    assert game_winner([5, -2], 6) is None


def test_the_documented_deal_uses_every_card_once() -> None:
    dealer, hands, undealt = documented_deal(seed_to_bytes(3), 5, None)
    assert 0 <= dealer < 5
    assert sorted([value for hand in hands for value in hand] + undealt) == full_deck()
    assert [len(hand) for hand in hands] == [6] * 5
    assert seed_to_bytes("x") == b"str:x"
    assert seed_to_bytes(b"x") == b"bytes:x"
    with pytest.raises(ValueError, match="bool"):
        seed_to_bytes(True)
