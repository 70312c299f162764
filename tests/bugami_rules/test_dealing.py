"""Dealing: seeded shuffles that never change, and explicit layouts."""

from __future__ import annotations

import hashlib
import json
import re
import struct
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bugami
from bugami import Card, InvalidInputError, Rules, deal
from bugami._kernel.seeds import deal_draws
from bugami._kernel.shuffling import (
    any_all_ones,
    draw_then_shuffle,
    seat_sums,
    swap_down,
    swap_down_bytes,
    word_remainder,
)
from bugami.core.dealing import SeedStream, seed_bytes
from strategies import rules, seeds

GOLDEN = json.loads((Path(__file__).parents[1] / "golden" / "deals.json").read_text("utf-8"))


def _seed(spec: dict[str, str]) -> bugami.Seed:
    ((kind, value),) = spec.items()
    return {"int": int, "str": str, "bytes": bytes.fromhex}[kind](value)  # type: ignore[no-any-return, operator]


@pytest.mark.parametrize("case", GOLDEN["deals"], ids=lambda case: repr(case["seed"]))
def test_seeded_deals_never_change(case: dict[str, Any]) -> None:
    """The same seed deals the same cards on every platform and version."""
    state = deal(Rules(players=case["players"], jokers=case["jokers"]), seed=_seed(case["seed"]))
    assert state.dealer == case["dealer"]
    assert [" ".join(map(str, hand)) for hand in state.hands] == case["hands"]
    assert " ".join(map(str, state.leftover)) == case["leftover"]


def test_game_deals_never_change() -> None:
    expected = GOLDEN["game_seed_99_first_deal"]
    current = bugami.new_game(Rules(), seed=99).current
    assert current is not None
    assert current.dealer == expected["dealer"]
    assert [" ".join(map(str, hand)) for hand in current.hands] == expected["hands"]


def _documented_shuffle(
    rules: Rules, material: bytes, dealer: int | None
) -> tuple[int, list[list[str]], list[str]]:
    """The shuffle exactly as bugami.core.dealing's description specifies it,
    written again from the text."""
    stream = hashlib.shake_256(b"bugami-deal-v1\x00" + material).digest(8 * 4096)
    words = iter(int.from_bytes(stream[i : i + 8], "big") for i in range(0, len(stream), 8))

    def below(k: int) -> int:
        while True:
            x = next(words)
            if x < 2**64 - 2**64 % k:
                return x % k

    drawn = below(rules.players)
    dealer = drawn if dealer is None else dealer
    cards = [str(card) for card in rules.deck]
    for i in range(len(cards) - 1, 0, -1):
        j = below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    hands: list[list[str]] = [[] for _ in range(rules.players)]
    dealt = rules.players * rules.hand_size
    for position in range(dealt):
        hands[(dealer + 1 + position) % rules.players].append(cards[position])
    return dealer, hands, cards[dealt:]


@given(rules(), seeds, st.one_of(st.none(), st.integers(0, 6)))
def test_deal_follows_the_documented_generator(
    rules: Rules, seed: bugami.Seed, dealer: int | None
) -> None:
    if dealer is not None:
        dealer %= rules.players
    state = deal(rules, seed=seed, dealer=dealer)
    expected_dealer, hands, leftover = _documented_shuffle(rules, seed_bytes(seed), dealer)
    assert state.dealer == expected_dealer
    assert state.hands == tuple(tuple(sorted(map(Card, hand))) for hand in hands)
    assert state.leftover == tuple(sorted(map(Card, leftover)))


@given(rules(), seeds)
def test_a_deal_uses_the_whole_deck_once(rules: Rules, seed: bugami.Seed) -> None:
    state = deal(rules, seed=seed)
    cards = [card for hand in state.hands for card in hand] + list(state.leftover)
    assert sorted(cards) == list(rules.deck)
    assert all(len(hand) == rules.hand_size for hand in state.hands)
    assert len(state.leftover) == rules.leftover_size
    assert all(hand == tuple(sorted(hand)) for hand in state.hands)
    assert state.bids == (None,) * rules.players
    assert state.phase is bugami.Phase.BIDDING
    assert (state.to_move, state.leader, state.tricks, state.current_trick) == (None, None, (), ())


def test_the_dealer_is_drawn_from_the_seed_and_can_be_given() -> None:
    dealers = {deal(Rules(players=5), seed=seed).dealer for seed in range(60)}
    assert dealers == set(range(5))
    assert deal(Rules(), seed=1, dealer=2).dealer == 2
    # Giving the dealer does not change the shuffle, only where dealing starts.
    free = deal(Rules(), seed=1)
    fixed = deal(Rules(), seed=1, dealer=(free.dealer + 1) % 4)
    assert fixed.hands == free.hands[-1:] + free.hands[:-1]


def test_dealing_starts_left_of_the_dealer() -> None:
    """With 5 players the first two cards of the shuffle go to the seats left of the dealer."""
    state = deal(Rules(players=5), seed="abc", dealer=4)
    _, hands, _ = _documented_shuffle(Rules(players=5), seed_bytes("abc"), 4)
    assert state.hands[0] == tuple(sorted(map(Card, hands[0])))


def test_unseeded_deals_differ() -> None:
    assert len({deal(Rules()) for _ in range(5)}) == 5


def test_a_str_seed_must_be_encodable() -> None:
    with pytest.raises(InvalidInputError, match="a str seed must be valid Unicode text"):
        deal(Rules(), seed="\ud800")


def test_seed_kinds_are_distinct() -> None:
    assert deal(Rules(), seed=5) != deal(Rules(), seed="5")
    assert deal(Rules(), seed="5") != deal(Rules(), seed=b"5")
    assert seed_bytes(-3) == b"int:-3"


@pytest.mark.parametrize("seed", [1.5, True, None.__class__, [1], (1,)])
def test_bad_seeds(seed: object) -> None:
    with pytest.raises(InvalidInputError, match="a seed is an int, a str or bytes"):
        deal(Rules(), seed=seed)  # type: ignore[call-overload]


def test_seed_stream_draws_uniformly_enough_to_use_every_value() -> None:
    stream = SeedStream(b"int:1")
    assert {stream.below(3) for _ in range(100)} == {0, 1, 2}
    assert stream.below(1) == 0


def test_seed_stream_extends_its_buffer() -> None:
    stream = SeedStream(b"int:1")
    draws = [stream.below(2**63 + 1) for _ in range(200)]  # about half are rejected
    expected = hashlib.shake_256(b"bugami-deal-v1\x00int:1").digest(8 * 1000)
    words = [int.from_bytes(expected[i : i + 8], "big") for i in range(0, len(expected), 8)]
    limit = 2**64 - 2**64 % (2**63 + 1)
    assert draws == [word % (2**63 + 1) for word in words if word < limit][:200]


def _shuffle_by_draws(stream: SeedStream, items: list[int]) -> None:
    """Fisher and Yates drawing one number at a time, as step 4 says."""
    for i in range(len(items) - 1, 0, -1):
        j = stream.below(i + 1)
        items[i], items[j] = items[j], items[i]


# (position of a huge word, draws it costs): the word at position k is drawn
# below 52 - k, and 2**64 - 1 is rejected by every bound but a power of two.
@pytest.mark.parametrize(("huge", "rejected"), [(None, 0), (0, 1), (17, 1), (49, 1), (50, 0)])
def test_shuffle_draws_as_below_does_even_when_a_word_is_rejected(
    huge: int | None, rejected: int
) -> None:
    words = list(SeedStream(b"int:7")._words)
    if huge is not None:
        words[huge] = 2**64 - 1
    fast, slow = SeedStream(b"int:7"), SeedStream(b"int:7")
    fast._words = slow._words = tuple(words)
    shuffled, expected = list(range(52)), list(range(52))
    fast.shuffle(shuffled)
    _shuffle_by_draws(slow, expected)
    assert shuffled == expected
    assert fast._position == slow._position == 51 + rejected


def test_shuffle_reads_further_into_the_stream_when_it_must() -> None:
    fast, slow = SeedStream(b"int:8"), SeedStream(b"int:8")
    for stream in (fast, slow):
        for _ in range(40):
            stream.below(10)
    shuffled, expected = list(range(60)), list(range(60))
    fast.shuffle(shuffled)
    _shuffle_by_draws(slow, expected)
    assert shuffled == expected
    fast.shuffle(one := [5])
    assert one == [5]
    assert fast._position == slow._position


# --- explicit layouts ------------------------------------------------------------

HANDS_3 = [
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH",
    "TH 9H 8H 7H 6H 5H 4H 3H 2H AD KD QD JD TD 9D 8D 7D",
    "6D 5D 4D 3D 2D AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C",
]


def test_an_explicit_layout() -> None:
    state = deal(Rules(players=3), hands=HANDS_3)
    assert state.dealer == 0
    assert state.leftover == (Card("2C"),)
    assert " ".join(map(str, state.hands[1])) == HANDS_3[1]
    assert deal(Rules(players=3), hands=HANDS_3, leftover=["2C"], dealer=2).dealer == 2
    as_cards = [bugami.parse_cards(hand) for hand in reversed(HANDS_3)]
    assert deal(Rules(players=3), hands=as_cards).hands[0] == state.hands[2]


@pytest.mark.parametrize(
    ("hands", "leftover", "message"),
    [
        (HANDS_3[:2], None, "hands must give one hand per seat: 3 expected, got 2"),
        ("AS KS", None, "hands must be a sequence with one hand per seat"),
        (
            [*HANDS_3[:2], HANDS_3[2] + " 2C"],
            None,
            "seat 2 holds 18 cards; every hand must hold 17",
        ),
        ([*HANDS_3[:2], "2C"], None, "seat 2 holds 1 card; every hand must hold 17"),
        (
            [*HANDS_3[:2], HANDS_3[2].replace("3C", "AS")],
            None,
            "AS is dealt twice: to seat 0 and to seat 2",
        ),
        (
            [*HANDS_3[:2], HANDS_3[2].replace("3C", "X1")],
            None,
            "seat 2 holds X1, which is not in this deck (it has 0 jokers)",
        ),
        (
            [HANDS_3[0].replace("JH", "AS"), *HANDS_3[1:]],
            None,
            "AS is given twice in seat 0",
        ),
        (  # the first fault in the order of the cards is the one reported
            [*HANDS_3[:2], HANDS_3[2].replace("6D", "X1").replace("3C", "AS")],
            None,
            "seat 2 holds X1, which is not in this deck (it has 0 jokers)",
        ),
        ([*HANDS_3[:2], HANDS_3[2].replace("3C", "ZZ")], None, "seat 2's hand: 'ZZ' is not a card"),
        ([*HANDS_3[:2], 17], None, "seat 2's hand must be card texts or cards, not 17"),
        (HANDS_3, "3C", "3C is dealt twice: to seat 2 and to the leftover"),
        (
            HANDS_3,
            "",
            "the leftover must hold exactly the 1 card in no hand; missing: 2C",
        ),
        (HANDS_3, "2C 2C", "2C is given twice in the leftover"),
        (HANDS_3, ["ZZ"], "the leftover: 'ZZ' is not a card"),
    ],
)
def test_bad_layouts_are_rejected(hands: Any, leftover: Any, message: str) -> None:
    with pytest.raises(InvalidInputError) as error:
        deal(Rules(players=3), hands=hands, leftover=leftover)
    assert message in str(error.value)


def test_layout_with_jokers() -> None:
    hands = [h.replace("JH", "X1") for h in HANDS_3]
    state = deal(Rules(players=3, jokers=1), hands=hands)
    assert state.leftover == (Card("JH"), Card("2C"))
    with pytest.raises(InvalidInputError, match="seat 0 holds 17 cards; every hand must hold 18"):
        deal(Rules(players=3, jokers=2), hands=hands)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"rules": 4}, "deal needs a bugami.Rules, not 4"),
        ({"dealer": 4}, "dealer must be a seat from 0 to 3, not 4"),
        ({"dealer": -1}, "dealer must be a seat from 0 to 3, not -1"),
        ({"dealer": True}, "dealer must be a seat from 0 to 3, not True"),
        ({"leftover": []}, "a leftover can only be given together with hands"),
        ({"seed": 1, "hands": ["AS"] * 4}, "give either a seed or an explicit layout"),
    ],
)
def test_bad_deal_arguments(arguments: dict[str, Any], message: str) -> None:
    arguments.setdefault("rules", Rules())
    with pytest.raises(InvalidInputError, match=message):
        deal(**arguments)


def _by_stream(material: bytes, bound: int, items: list[int]) -> int:
    stream = SeedStream(material)
    drawn = stream.below(bound)
    stream.shuffle(items)
    return drawn


@given(
    st.binary(max_size=12),
    st.one_of(st.integers(1, 9), st.just(2**63 + 1)),  # 2**63 + 1 rejects half the words
    st.integers(0, 60),
)
def test_deal_draws_are_the_streams_draw_then_shuffle(
    material: bytes, bound: int, size: int
) -> None:
    ours, theirs = list(range(size)), list(range(size))
    assert deal_draws(material, bound, ours) == _by_stream(material, bound, theirs)
    assert ours == theirs


@pytest.mark.parametrize("huge", [0, 1, 30, 51])
def test_deal_draws_fall_back_on_the_stream_when_a_word_is_rejected(
    monkeypatch: pytest.MonkeyPatch, huge: int
) -> None:
    """A word of 2**64 - 1 is rejected by every bound but a power of two: the
    fast path gives up, touches nothing, and the stream draws word by word."""
    real = hashlib.shake_256

    class Doctored:
        def __init__(self, data: bytes) -> None:
            self.inner = real(data)

        def digest(self, length: int) -> bytes:
            words = bytearray(self.inner.digest(length))
            words[8 * huge : 8 * huge + 8] = b"\xff" * 8
            return bytes(words)

    monkeypatch.setattr(hashlib, "shake_256", Doctored)
    assert draw_then_shuffle(b"bugami-deal-v1\x00int:7", 3, items := list(range(52))) == -1
    assert items == list(range(52))
    assert deal_draws(b"int:7", 3, items) == _by_stream(b"int:7", 3, expected := list(range(52)))
    assert items == expected


# Each build runs one path of the shuffle and the other's functions only here:
# both must give what the stream gives.


@given(st.binary(min_size=8, max_size=8), st.integers(1, 2**31))
def test_a_word_read_byte_by_byte_has_the_words_remainder(word: bytes, bound: int) -> None:
    assert word_remainder(b"pad" + word, 3, bound) == int.from_bytes(word, "big") % bound


@given(st.lists(st.binary(min_size=8, max_size=8), min_size=1, max_size=60))
def test_the_bytewise_shuffle_is_the_shuffle(words: list[bytes]) -> None:
    digest = b"".join(words)
    ours, theirs = list(range(len(words))), list(range(len(words)))
    swap_down_bytes(ours, digest)
    swap_down(theirs, struct.unpack(f">{len(words)}Q", digest)[1:])
    assert ours == theirs


@given(st.lists(st.sampled_from([b"\x00", b"\xfe", b"\xff"]), max_size=40))
def test_words_of_all_ones_are_found_where_they_begin(pieces: list[bytes]) -> None:
    digest = b"".join(pieces)
    starts = range(0, len(digest), 8)
    assert any_all_ones(digest) == any(digest[at : at + 7] == b"\xff" * 7 for at in starts)


@given(
    st.lists(st.integers(0, 2**59), max_size=60),
    st.integers(3, 7),
    st.integers(0, 6),
    st.data(),
)
def test_seat_sums_add_up_each_seats_cards(
    cards: list[int], players: int, dealer: int, data: st.DataObject
) -> None:
    dealt = data.draw(st.integers(0, len(cards)))
    expected = [0] * players
    for k in range(dealt):
        expected[(dealer + 1 + k) % players] += cards[k]
    assert seat_sums(cards, players, dealt, dealer) == expected


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: SeedStream("int:42"), "a stream's material is bytes, not 'int:42'"),
        (lambda: SeedStream(b"int:42").below(0), "a draw needs a bound from 1 to 2**64, not 0"),
        (
            lambda: SeedStream(b"int:42").below(True),
            "a draw needs a bound from 1 to 2**64, not True",
        ),
        (lambda: SeedStream(b"int:42").below(2.0), "a draw needs a bound from 1 to 2**64, not 2.0"),
        (lambda: SeedStream(b"int:42").shuffle((1, 2)), "a shuffle needs a list, not (1, 2)"),
        (
            lambda: SeedStream(b"int:42").below(2**64 + 1),
            "a draw needs a bound from 1 to 2**64, not 18446744073709551617",
        ),
    ],
)
def test_a_stream_refuses_bad_arguments(call: Any, message: str) -> None:
    """The same error in both builds (compiled, a bare TypeError would do it)."""
    with pytest.raises(InvalidInputError, match=re.escape(message)):
        call()


def test_a_stream_takes_a_bytearray_as_its_bytes() -> None:
    assert SeedStream(bytearray(b"int:42")).below(6) == SeedStream(b"int:42").below(6)


def test_a_draw_below_two_to_the_64_takes_the_word_itself() -> None:
    """The largest bound a draw takes (regression: a larger one rejected every
    word and the draw never ended)."""
    assert SeedStream(b"int:42").below(2**64) == SeedStream(b"int:42")._words[0]
