"""Hand features of both games (bugami.core.hands, bugami.argute.hands)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bugami
from bugami import Card, InvalidInputError, Suit, argute
from bugami.argute import hands as argute_hands
from bugami.core.hands import (
    hand_features,
    hand_text,
    high_cards,
    joker_count,
    mask_features,
    strength,
    suit_lengths,
    voids,
)

POINTS = {14: 4, 13: 3, 12: 2, 11: 1}

hands = st.lists(st.sampled_from(bugami.deck(8)), unique=True, max_size=20)


@given(hands)
def test_features_agree_with_the_cards(cards: list[Card]) -> None:
    features = hand_features(cards)
    lengths = tuple(sum(card.suit is suit for card in cards) for suit in Suit)
    assert features.lengths == lengths == suit_lengths(cards)
    assert features.jokers == sum(card.is_joker for card in cards) == joker_count(cards)
    assert sum(features.lengths) + features.jokers == len(cards)
    assert features.voids == lengths.count(0) == len(voids(cards))
    assert voids(cards) == tuple(suit for suit in Suit if not lengths[suit.index])
    high = sum(1 for card in cards if card.rank is not None and card.rank >= 10)
    assert features.high_cards == high == high_cards(cards)
    points = sum(4 if card.is_joker else POINTS.get(card.rank or 0, 0) for card in cards)
    assert features.strength == points == strength(cards)
    mask = sum(1 << card.index for card in cards)
    assert mask_features(mask) == features
    assert hand_features(" ".join(map(str, cards))) == features
    assert features.longest == max(lengths)
    assert features.shortest == min(lengths)
    assert [features.length(suit) for suit in Suit] == list(lengths)
    assert list(features.as_dict().values()) == [
        *lengths,
        features.jokers,
        high,
        features.voids,
        points,
    ]


@given(hands)
def test_hand_text_reads_back(cards: list[Card]) -> None:
    text = hand_text(sum(1 << card.index for card in cards))
    assert bugami.parse_cards(text) == tuple(sorted(cards))


def test_a_deck_holds_forty_points() -> None:
    assert strength(bugami.deck()) == 40
    assert strength(bugami.deck(2)) == 48
    assert hand_features(bugami.deck()).lengths == (13, 13, 13, 13)
    assert hand_features("").voids == 4


def test_bad_hands_are_refused() -> None:
    with pytest.raises(InvalidInputError, match="a hand is card texts or cards"):
        hand_features(7)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError):
        suit_lengths("AS ZZ")


@given(st.lists(st.integers(0, 5), max_size=6))
def test_argute_features_agree_with_the_values(values: list[int]) -> None:
    features = argute_hands.hand_features(values)
    assert features.counts == tuple(values.count(value) for value in range(6))
    assert features == argute_hands.hand_features("".join(map(str, values)))
    assert features.high_cards == sum(value >= 4 for value in values)
    assert features.strength == sum(value * value for value in values)
    assert features.total == sum(values)
    assert argute_hands.hand_text(values) == "".join(map(str, sorted(values)))
    assert features.as_dict() == {
        "high_cards": features.high_cards,
        "strength": features.strength,
        "total": features.total,
    }


def test_argute_hands_average_the_documented_strength() -> None:
    assert argute_hands.strength(argute.Rules().players * "012345") == 4 * 55
    assert argute_hands.value_counts("0 0 5") == (2, 0, 0, 0, 0, 1)
    assert argute_hands.total([5, "4"]) == 9
    assert argute_hands.high_cards("45") == 2


def test_argute_bad_hands_are_refused() -> None:
    with pytest.raises(InvalidInputError, match="'6' is not a card value"):
        argute_hands.hand_features("016")
    with pytest.raises(InvalidInputError, match="a hand of Argute is values"):
        argute_hands.strength(3)  # type: ignore[arg-type]
