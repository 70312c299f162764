"""Cards, suits and bids: text, order, identity."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bugami import MISERE, Card, InvalidInputError, Suit, deck, parse_bid, parse_cards
from bugami.core.cards import Misere

ALL_CARDS = deck(8)


def test_there_are_52_cards_and_8_jokers_in_canonical_order() -> None:
    assert len(deck()) == 52
    assert [str(card) for card in deck()[:14]] == [
        *"AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S".split(),
        "AH",
    ]
    assert [str(card) for card in ALL_CARDS[52:]] == [f"X{n}" for n in range(1, 9)]
    assert list(ALL_CARDS) == sorted(ALL_CARDS)


def test_the_deck_of_some_rules_is_asked_for_by_their_jokers() -> None:
    import bugami

    with pytest.raises(InvalidInputError, match=r"deck takes the number of jokers, not Rules"):
        deck(bugami.Rules(jokers=2))
    assert deck(bugami.Rules(jokers=2).jokers) == deck(2)
    with pytest.raises(InvalidInputError, match="jokers must be an int from 0 to 8, not 9"):
        deck(9)


def test_suit_members_in_order() -> None:
    assert [suit.name for suit in Suit] == ["SPADES", "HEARTS", "DIAMONDS", "CLUBS"]
    assert [suit.index for suit in Suit] == [0, 1, 2, 3]
    assert repr(Suit.HEARTS) == "Suit.HEARTS"
    assert "".join(suit.symbol for suit in Suit) == "♠♥♦♣"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("QH", "QH"),
        ("qh", "QH"),
        ("Q♥", "QH"),
        ("q♥", "QH"),
        ("Q♥\ufe0f", "QH"),
        ("TD", "TD"),
        ("10D", "TD"),
        ("10d", "TD"),
        ("t♦", "TD"),
        ("10♦", "TD"),
        ("2C", "2C"),
        ("A♠", "AS"),
        ("X1", "X1"),
        ("x8", "X8"),
    ],
)
def test_parse_reads_every_accepted_spelling(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected
    assert Card(text) is Card.parse(text)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "Q",
        "H",
        "QHH",
        "1H",
        "11H",
        "0H",
        "QX",
        "Q H",
        " QH",
        "QH ",
        "X0",
        "X9",
        "X",
        "XX",
        "♥Q",
        "HQ",
        "10",
        "Q♡",
        "JK",
        "QZ",
        "１H",
    ],
)
def test_parse_rejects_everything_else(text: str) -> None:
    with pytest.raises(InvalidInputError, match="is not a card") as error:
        Card.parse(text)
    assert repr(text) in str(error.value)
    assert "X1..X8" in str(error.value)


@pytest.mark.parametrize("value", [None, 12, b"QH", Card("QH")])
def test_parse_rejects_non_text(value: object) -> None:
    with pytest.raises(InvalidInputError, match="is not a card"):
        Card.parse(value)


def test_card_from_suit_and_rank() -> None:
    assert Card(Suit.HEARTS, 12) is Card("QH")
    assert Card(Suit.SPADES, 14) is Card("AS")
    assert Card(Suit.CLUBS, 2) is Card("2C")
    assert Card(Suit.DIAMONDS, 10) is Card("TD")


@pytest.mark.parametrize("rank", [1, 15, 0, True, 12.0, "Q", None])
def test_card_rejects_bad_ranks(rank: object) -> None:
    with pytest.raises(InvalidInputError, match="rank"):
        Card(Suit.HEARTS, rank)  # type: ignore[call-overload]


def test_card_needs_a_suit() -> None:
    with pytest.raises(InvalidInputError, match="needs a Suit"):
        Card("H", 12)  # type: ignore[call-overload]


@pytest.mark.parametrize("number", [0, 9, -1, True, "1"])
def test_joker_numbers(number: object) -> None:
    assert Card.joker(3) is Card("X3")
    with pytest.raises(InvalidInputError, match="jokers are numbered 1 to 8"):
        Card.joker(number)


@given(st.sampled_from(ALL_CARDS))
def test_text_round_trip_and_attributes(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert Card.parse(str(card).lower()) is card
    assert eval(repr(card)) is card
    assert ALL_CARDS[card.index] is card
    if card.is_joker:
        assert card.suit is None
        assert card.rank is None
        assert Card.joker(card.index - 51) is card
    else:
        assert card.suit is not None
        assert card.rank is not None
        assert Card(card.suit, card.rank) is card
        assert Card.parse(f"{str(card)[0]}{card.suit.symbol}") is card


@given(st.sampled_from(ALL_CARDS), st.sampled_from(ALL_CARDS))
def test_order_is_canonical_and_total(a: Card, b: Card) -> None:
    assert (a < b) == (a.index < b.index)
    assert (a <= b) == (a.index <= b.index)
    assert (a > b) == (a.index > b.index)
    assert (a >= b) == (a.index >= b.index)
    assert (a == b) == (a is b) == (hash(a) == hash(b))
    assert (a != b) == (a is not b)


def test_higher_ranks_sort_first_within_a_suit() -> None:
    assert Card("AS") < Card("KS") < Card("2S") < Card("AH") < Card("2C") < Card("X1") < Card("X2")


def test_comparing_with_other_types() -> None:
    assert Card("QH") != "QH"
    assert Card("QH") != 13
    with pytest.raises(TypeError):
        _ = Card("QH") < "QH"  # type: ignore[operator]
    with pytest.raises(TypeError):
        _ = Card("QH") <= 1  # type: ignore[operator]
    with pytest.raises(TypeError):
        _ = Card("QH") > None  # type: ignore[operator]
    with pytest.raises(TypeError):
        _ = Card("QH") >= 1.5  # type: ignore[operator]


def test_cards_are_immutable_singletons() -> None:
    card = Card("QH")
    with pytest.raises(AttributeError, match="immutable"):
        card._index = 3
    with pytest.raises(AttributeError, match="immutable"):
        del card._index
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card


def test_deck_checks_its_argument() -> None:
    assert deck(2)[-2:] == (Card("X1"), Card("X2"))
    for bad in (-1, 9, True, "2"):
        with pytest.raises(InvalidInputError, match="jokers must be an int from 0 to 8"):
            deck(bad)


def test_parse_cards() -> None:
    assert parse_cards("AS, 10h x1") == (Card("AS"), Card("TH"), Card("X1"))
    assert parse_cards(["KD", Card("2C")]) == (Card("KD"), Card("2C"))
    assert parse_cards("") == ()
    with pytest.raises(InvalidInputError, match="'ZZ' is not a card"):
        parse_cards("AS ZZ")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("S", Suit.SPADES),
        ("h", Suit.HEARTS),
        ("♦", Suit.DIAMONDS),
        ("♣\ufe0f", Suit.CLUBS),
        ("Hearts", Suit.HEARTS),
        ("CLUBS", Suit.CLUBS),
        ("M", MISERE),
        ("misere", MISERE),
        ("Misère", MISERE),
        (Suit.CLUBS, Suit.CLUBS),
        (MISERE, MISERE),
    ],
)
def test_parse_bid(text: str, expected: object) -> None:
    assert parse_bid(text) is expected


@pytest.mark.parametrize("text", ["", "X", "heart", "NT", "pass", "misery", 3, None])
def test_parse_bid_rejects_everything_else(text: object) -> None:
    with pytest.raises(InvalidInputError, match="is not a bid: expected a suit"):
        parse_bid(text)


def test_suit_parse() -> None:
    assert Suit.parse("d") is Suit.DIAMONDS
    for bad in ("M", "", "SS", 0):
        with pytest.raises(InvalidInputError, match="is not a suit"):
            Suit.parse(bad)


def test_misere_is_a_picklable_singleton() -> None:
    assert repr(MISERE) == "MISERE"
    assert str(MISERE) == "M"
    assert pickle.loads(pickle.dumps(MISERE)) is MISERE
    assert list(Misere) == [MISERE]
    assert pickle.loads(pickle.dumps(Suit.HEARTS)) is Suit.HEARTS


def test_cards_pickled_by_earlier_versions_still_load() -> None:
    # Cards were pickled as a call of Card.parse before the compiled build
    # made Card native; they are now pickled through bugami.core.cards._card.
    earlier = (
        b"\x80\x04\x95(\x00\x00\x00\x00\x00\x00\x00\x8c\x0cbugami.cards\x94"
        b"\x8c\nCard.parse\x94\x93\x94\x8c\x02QH\x94\x85\x94R\x94."
    )
    assert pickle.loads(earlier) is Card("QH")
    assert b"_card" in pickle.dumps(Card("QH"))
