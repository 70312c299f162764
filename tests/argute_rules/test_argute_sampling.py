"""Sampling full hands of Argute from a view: consistent, exact, fairly weighted."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from argute_strategies import games, in_play, partly_bid
from bugami import InvalidInputError, argute
from bugami.argute import Deal, Game, bid, legal_moves, play, sample_deal, view


def _replays(state: Deal) -> Deal:
    """The hand replayed through the public verbs from its layout as dealt."""
    again = argute.deal(state.rules, hands=state.dealt_hands, dealer=state.dealer)
    for seat, choice in enumerate(state.bids):
        if choice is not None:
            again = bid(again, seat, choice)
    for value in [v for trick in state.tricks for v in trick.cards] + list(state.current_trick):
        again = play(again, value)
    return again


@given(st.one_of(in_play(), partly_bid()), st.data())
def test_samples_are_consistent_with_the_view(state: Deal, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, state.rules.players - 1))
    seen = view(state, seat)
    rng = random.Random(data.draw(st.integers()))
    for _ in range(3):
        guess = sample_deal(seen, rng)
        assert view(guess, seat) == seen
        assert _replays(guess) == guess
        if state.is_over:
            assert guess == state


@given(games(), st.integers())
def test_sampling_from_a_game_view(game: Game, seed: int) -> None:
    seen = view(game, 0)
    if game.current is None:
        with pytest.raises(InvalidInputError, match="the game is over"):
            sample_deal(seen, random.Random(seed))
    else:
        assert view(sample_deal(seen, random.Random(seed)), 0) == seen.current


def test_bad_arguments() -> None:
    seen = view(argute.deal(argute.Rules(), seed=1), 0)
    with pytest.raises(InvalidInputError, match=r"rng must be a random\.Random"):
        sample_deal(seen, 5)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="needs an Argute view"):
        sample_deal(argute.deal(argute.Rules(), seed=1), random.Random(1))  # type: ignore[arg-type]
    rng = random.Random(3)
    assert [sample_deal(seen, rng) for _ in range(3)] != [sample_deal(seen, rng) for _ in range(3)]
    assert sample_deal(seen, random.Random(9)) == sample_deal(seen, random.Random(9))


def _expected(seen: argute.DealView) -> Counter[tuple[tuple[int, ...], ...]]:
    """The oracle: every placement of the unseen cards, told apart as physical
    cards, is equally likely; count the hands each placement gives the other
    seats (the undealt cards take what is left)."""
    pool = list(seen.unseen)
    others = [seat for seat in range(seen.rules.players) if seat != seen.seat]
    counts: Counter[tuple[tuple[int, ...], ...]] = Counter()
    for order in itertools.permutations(pool):
        hands, start = [], 0
        for seat in others:
            size = seen.hand_sizes[seat]
            hands.append(tuple(sorted(order[start : start + size])))
            start += size
        counts[tuple(hands)] += 1
    return counts


def _chi_square(observed: Counter[Any], expected: Mapping[Any, float]) -> float:
    assert set(observed) <= set(expected)
    return sum((observed[cell] - mean) ** 2 / mean for cell, mean in expected.items())


def test_completions_are_drawn_with_their_exact_chances() -> None:
    # Seven players (nothing undealt), the last trick under way: three seats
    # still hold one card each, which the viewer cannot see.
    state = argute.deal(argute.Rules(players=7), seed=11, dealer=0)
    for seat in range(7):
        state = bid(state, seat, seat % 4)
    while len(state.tricks) < 2 or len(state.current_trick) < 4:
        state = play(state, legal_moves(state)[0])
    seen = view(state, 1)
    expected_counts = _expected(seen)
    assert len(expected_counts) > 2  # there is something to tell apart
    draws = 6000
    total = sum(expected_counts.values())
    rng = random.Random(2026)
    others = [seat for seat in range(7) if seat != 1]
    observed: Counter[object] = Counter()
    for _ in range(draws):
        guess = sample_deal(seen, rng)
        observed[tuple(guess.hands[seat] for seat in others)] += 1
    expected = {cell: draws * count / total for cell, count in expected_counts.items()}
    # 99.9% point of chi-square with up to 5 degrees of freedom is below 20.6.
    assert _chi_square(observed, expected) < 20.6


def test_hidden_bids_and_a_card_among_the_undealt() -> None:
    # Two players, the last trick: seat 0's last card lies among 31
    # unseen cards (30 undealt), so each value comes with its multiplicity,
    # and the hidden bid is uniform over 0..3.
    state = argute.deal(argute.Rules(players=2), hands=["001122", "334455"], dealer=1)
    state = bid(bid(state, 0, 2), 1, 1)
    for value in (0, 3, 0, 3, 1, 4, 4, 1, 5, 2):  # seat 1 wins both and leads the last
        state = play(state, value)
    seen = view(state, 1)
    assert seen.hand_sizes == (1, 1)
    assert seen.bids == (None, 1)
    assert seen.to_move == 1
    unseen = Counter(seen.unseen)
    assert sum(unseen.values()) == 31
    draws = 8000
    rng = random.Random(7)
    observed: Counter[object] = Counter()
    for _ in range(draws):
        guess = sample_deal(seen, rng)
        observed[(guess.hands[0][0], guess.bids[0])] += 1
    expected = {
        (value, tricks): draws * unseen[value] / 31 / 4 for value in unseen for tricks in range(4)
    }
    # 24 cells at most, 23 degrees of freedom: the 99.9% point is 49.7.
    assert _chi_square(observed, expected) < 49.7


def test_sampling_is_fast() -> None:
    seen = view(argute.deal(argute.Rules(players=3), seed=1), 0)
    rng = random.Random(1)
    for _ in range(2000):
        sample_deal(seen, rng)
