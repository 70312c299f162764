"""Constrained dealing: deal_where and deals_where, for Bugami and Argute."""

from __future__ import annotations

import hashlib
import itertools
from collections import Counter
from collections.abc import Hashable, Iterable, Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bugami
from bugami import Card, DealNotFoundError, InvalidInputError, argute, deal_where, deals_where
from strategies import rules, seeds

# Critical values of the chi-square distribution at p = 0.001, by degrees of
# freedom: a correct generator fails one of these tests one time in a thousand
# seeds, and the seeds are fixed, so a pass is a pass for good.
CHI2_999 = {3: 16.27, 5: 20.52, 9: 27.88, 19: 43.82, 35: 66.62}


def chi_square(counts: Counter[Hashable], expected: dict[Hashable, float]) -> float:
    assert set(counts) <= set(expected), set(counts) - set(expected)
    return sum((counts[key] - share) ** 2 / share for key, share in expected.items())


def texts(cards: Iterable[Card]) -> set[str]:
    return {str(card) for card in cards}


# --- the constraints hold ---------------------------------------------------------


@st.composite
def constraints(draw: st.DrawFn) -> tuple[bugami.Rules, dict[int, list[Card]]]:
    """Rules and some cards fixed for some seats (as cards or texts)."""
    table = draw(rules())
    cards = draw(st.permutations(table.deck))
    fixed: dict[int, list[Card]] = {}
    start = 0
    for seat in draw(st.lists(st.sampled_from(range(table.players)), unique=True)):
        count = draw(st.integers(0, table.hand_size))
        fixed[seat] = list(cards[start : start + count])
        start += count
    return table, fixed


def check_deal(state: bugami.Deal) -> None:
    """A fresh deal: every card of the deck once, each hand of the right size."""
    table = state.rules
    assert all(len(hand) == table.hand_size for hand in state.hands)
    held = [card for hand in state.hands for card in hand] + list(state.leftover)
    assert sorted(held) == sorted(table.deck)
    assert state.bids == (None,) * table.players
    assert state.tricks == ()


@given(constraints(), seeds)
def test_fixed_cards_are_always_where_asked(
    case: tuple[bugami.Rules, dict[int, list[Card]]], seed: int | str | bytes
) -> None:
    table, fixed = case
    as_text = {seat: " ".join(map(str, cards)) for seat, cards in fixed.items()}
    state = deal_where(table, seed=seed, fixed=as_text)
    check_deal(state)
    for seat, cards in fixed.items():
        assert set(cards) <= set(state.hands[seat])
    # The same seed and constraints, as cards or as text: the same deal.
    assert deal_where(table, seed=seed, fixed=fixed) == state
    assert next(deals_where(table, seed=seed, fixed=as_text)) == state


@given(constraints(), seeds, st.integers(0, 6))
def test_many_deals_are_reproducible_and_constrained(
    case: tuple[bugami.Rules, dict[int, list[Card]]], seed: int | str | bytes, count: int
) -> None:
    table, fixed = case
    first = list(deals_where(table, seed=seed, fixed=fixed, count=count))
    assert first == list(itertools.islice(deals_where(table, seed=seed, fixed=fixed), count))
    assert len(first) == count
    for state in first:
        check_deal(state)
        assert all(set(cards) <= set(state.hands[seat]) for seat, cards in fixed.items())


@given(rules(), seeds, st.integers(0, 6))
def test_the_dealer_is_drawn_or_given_and_never_changes_the_hands(
    table: bugami.Rules, seed: int | str | bytes, dealer: int
) -> None:
    dealer %= table.players
    drawn = deal_where(table, seed=seed)
    given_dealer = deal_where(table, seed=seed, dealer=dealer)
    assert given_dealer.dealer == dealer
    assert given_dealer.hands == drawn.hands
    assert given_dealer.leftover == drawn.leftover


def test_a_seed_deals_differently_here_and_in_plain_deal() -> None:
    table = bugami.Rules()
    assert all(
        deal_where(table, seed=seed).hands != bugami.deal(table, seed=seed).hands
        for seed in range(20)
    )
    assert deal_where(table, seed=1) != deal_where(table, seed="1")


def spec_stream(material: bytes) -> Iterator[int]:
    """The documented generator, written out from its description: SHAKE-256
    of the prefix and the material, read as 8-byte big-endian integers."""
    digest = hashlib.shake_256(b"bugami-deal-v1\x00" + material).digest(8 * 4096)
    for start in range(0, len(digest), 8):
        yield int.from_bytes(digest[start : start + 8], "big")


def spec_below(stream: Iterator[int], bound: int) -> int:
    while True:
        value = next(stream)
        if value < 2**64 - 2**64 % bound:
            return value % bound


def spec_candidate(
    table: bugami.Rules, seed: str, number: int, fixed: dict[int, list[Card]]
) -> tuple[int, list[set[Card]], set[Card]]:
    stream = spec_stream(b"where-v1\x00str:" + seed.encode() + b"#" + str(number).encode())
    dealer = spec_below(stream, table.players)
    taken = {card for cards in fixed.values() for card in cards}
    free = [card for card in table.deck if card not in taken]
    for i in range(len(free) - 1, 0, -1):
        j = spec_below(stream, i + 1)
        free[i], free[j] = free[j], free[i]
    hands = []
    for seat in range(table.players):
        own = set(fixed.get(seat, []))
        lack = table.hand_size - len(own)
        hands.append(own | set(free[:lack]))
        free = free[lack:]
    return dealer, hands, set(free)


def test_the_generator_is_the_documented_one() -> None:
    table = bugami.Rules(players=5, jokers=1)
    fixed = {1: [Card("AS"), Card("X1")], 3: [Card("2C")]}
    states = list(deals_where(table, seed="spec", fixed=fixed, count=3))
    for number, state in enumerate(states):
        dealer, hands, leftover = spec_candidate(table, "spec", number, fixed)
        assert state.dealer == dealer
        assert [set(hand) for hand in state.hands] == hands
        assert set(state.leftover) == leftover


def test_the_argute_generator_is_the_documented_one() -> None:
    table = argute.Rules(players=4)
    fixed = {0: [5, 5], 2: [0, 3]}
    states = list(argute.deals_where(table, seed=7, fixed=fixed, count=3))
    for number, state in enumerate(states):
        stream = spec_stream(b"argute-where-v1\x00int:7#" + str(number).encode())
        dealer = spec_below(stream, table.players)
        free = [value for value in range(6) for _ in range(7)]
        for value in (5, 5, 0, 3):
            free.remove(value)
        for i in range(len(free) - 1, 0, -1):
            j = spec_below(stream, i + 1)
            free[i], free[j] = free[j], free[i]
        hands = []
        for seat in range(table.players):
            own = fixed.get(seat, [])
            lack = 6 - len(own)
            hands.append(tuple(sorted(own + free[:lack])))
            free = free[lack:]
        assert (state.dealer, state.hands) == (dealer, tuple(hands))


def test_the_generator_is_stable() -> None:
    # Pinned: the documented generator must not change within a major version.
    state = deal_where(bugami.Rules(players=5), seed=2026, fixed={1: "AS"})
    assert state.dealer == 4
    assert " ".join(map(str, state.hands[1])) == "AS 8S 7S AH 5H 4H 4D KC QC 9C"
    hand = argute.deal_where(argute.Rules(players=3), seed=2026, fixed={0: "55"})
    assert (hand.dealer, hand.hands) == (
        1,
        ((0, 2, 5, 5, 5, 5), (0, 0, 1, 2, 4, 4), (0, 1, 2, 3, 4, 5)),
    )


def test_accept_is_applied_and_rejected_candidates_are_skipped() -> None:
    table = bugami.Rules()

    def long_spades(state: bugami.Deal) -> bool:
        return sum(card.suit is bugami.Suit.SPADES for card in state.hands[2]) >= 6

    deals = list(deals_where(table, seed="x", accept=long_spades, count=5))
    assert all(long_spades(state) for state in deals)
    # The accepted deals are the accepted ones among the unconstrained candidates.
    candidates = deals_where(table, seed="x")
    assert deals == list(itertools.islice(filter(long_spades, candidates), 5))


def test_max_tries_runs_out_with_an_error_naming_the_tries() -> None:
    with pytest.raises(DealNotFoundError, match=r"in 7 tries \(max_tries=7\)"):
        deal_where(bugami.Rules(), seed=1, accept=lambda state: False, max_tries=7)
    iterator = deals_where(
        bugami.Rules(), seed=1, accept=lambda state: state.dealer == 0, max_tries=1
    )
    with pytest.raises(DealNotFoundError, match="in 1 tries"):
        list(itertools.islice(iterator, 50))
    with pytest.raises(DealNotFoundError):
        argute.deal_where(argute.Rules(), seed=1, accept=lambda state: False, max_tries=2)
    assert issubclass(DealNotFoundError, bugami.BugamiError)


@pytest.mark.parametrize(
    ("fixed", "message"),
    [
        ({0: "AS", 2: ["KS", "AS"]}, "AS is fixed to seat 0 and to seat 2"),
        ({1: "AS KS as"}, "AS is fixed twice"),
        (
            {0: " ".join(map(str, bugami.deck()[:14]))},
            "seat 0 is given 14 fixed cards, but a hand holds 13",
        ),
        ({0: "X1"}, r"seat 0 is given X1, which is not in this deck \(it has 0 jokers\)"),
        ({0: "ZZ"}, "the fixed cards of seat 0: "),
        ({4: "AS"}, "a seat in fixed must be a seat from 0 to 3, not 4"),
        ({True: "AS"}, "a seat in fixed must be a seat from 0 to 3, not True"),
        ({-1: "AS"}, "a seat in fixed must be a seat from 0 to 3, not -1"),
        ({0: 5}, "the fixed cards of seat 0 must be card texts or cards"),
        (["AS"], "fixed must map seats to cards"),
    ],
)
def test_bad_constraints_are_refused_precisely(fixed: object, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        deal_where(bugami.Rules(), fixed=fixed)  # type: ignore[arg-type]


def test_bad_arguments_are_refused() -> None:
    table = bugami.Rules()
    with pytest.raises(InvalidInputError, match=r"needs a bugami\.Rules"):
        deal_where(argute.Rules())  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="dealer must be a seat from 0 to 3, not 9"):
        deal_where(table, dealer=9)
    with pytest.raises(InvalidInputError, match="max_tries must be an int of at least 1"):
        deal_where(table, max_tries=0)
    with pytest.raises(InvalidInputError, match="accept must be a function"):
        deal_where(table, accept="yes")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="count must be an int"):
        deals_where(table, count=-1)
    with pytest.raises(InvalidInputError, match="a seed is an int, a str or bytes"):
        deal_where(table, seed=1.5)  # type: ignore[arg-type]
    # Jokers in the deck may be fixed.
    state = deal_where(bugami.Rules(jokers=2), seed=1, fixed={3: "X2"})
    assert Card("X2") in state.hands[3]


def test_a_one_shot_iterable_of_cards_is_read_once() -> None:
    state = deal_where(bugami.Rules(), seed=5, fixed={0: iter(["AS", "KS"])})
    assert texts(state.hands[0]) >= {"AS", "KS"}


# --- uniformity -------------------------------------------------------------------


def test_uniform_over_all_completions_of_a_nearly_fixed_deal() -> None:
    # Seven players: seats 0-5 fixed entirely, seat 6 four cards: the six free
    # cards split 3 to seat 6 and 3 to the leftover, in C(6, 3) = 20 ways.
    table = bugami.Rules(players=7)
    cards = list(table.deck)
    fixed = {seat: cards[7 * seat : 7 * seat + 7] for seat in range(6)}
    fixed[6] = cards[42:46]
    free = cards[46:]
    draws = 2000
    counts: Counter[Hashable] = Counter(
        frozenset(state.hands[6]) - set(fixed[6])
        for state in deals_where(table, seed="uniform", fixed=fixed, count=draws)
    )
    expected: dict[Hashable, float] = {
        frozenset(chosen): draws / 20 for chosen in itertools.combinations(free, 3)
    }
    assert chi_square(counts, expected) < CHI2_999[19]


def test_uniform_among_the_deals_accept_approves() -> None:
    table = bugami.Rules(players=7)
    cards = list(table.deck)
    fixed = {seat: cards[7 * seat : 7 * seat + 7] for seat in range(6)}
    fixed[6] = cards[42:46]
    wanted = cards[46]

    def holds(state: bugami.Deal) -> bool:
        return wanted in state.hands[6]

    draws = 1000
    counts: Counter[Hashable] = Counter(
        frozenset(state.hands[6])
        for state in deals_where(table, seed="accept", fixed=fixed, accept=holds, count=draws)
    )
    # C(5, 2) = 10 completions hold the wanted card.
    assert len(counts) == 10
    expected: dict[Hashable, float] = dict.fromkeys(counts, draws / 10)
    assert chi_square(counts, expected) < CHI2_999[9]


def test_where_a_free_card_goes_follows_the_places_left() -> None:
    # Three players, seat 0 given 16 of its 17 cards: each of the 36 free cards
    # lands in seat 0 with chance 1/36, in seats 1 and 2 with 17/36 each, in
    # the leftover with 1/36; and seat 0's last card is uniform over the 36.
    table = bugami.Rules(players=3)
    fixed = {0: list(table.deck[:16])}
    free = list(table.deck[16:])
    draws = 3600
    last: Counter[Hashable] = Counter()
    where: Counter[Hashable] = Counter()
    probe = free[0]
    for state in deals_where(table, seed="free", fixed=fixed, count=draws):
        (extra,) = set(state.hands[0]) - set(fixed[0])
        last[extra] += 1
        place = next((seat for seat, hand in enumerate(state.hands) if probe in hand), "leftover")
        where[place] += 1
    assert chi_square(last, dict.fromkeys(free, draws / 36)) < CHI2_999[35]
    shares = {0: 1 / 36, 1: 17 / 36, 2: 17 / 36, "leftover": 1 / 36}
    assert chi_square(where, {place: draws * p for place, p in shares.items()}) < CHI2_999[3]


def test_argute_fixed_values_stand_for_particular_cards() -> None:
    # Two players, seat 0 given five 5s, seat 1 five 0s: seat 0's sixth card is
    # one of the 32 left -- two 0s, seven each of 1 to 4, two 5s.
    table = argute.Rules(players=2)
    draws = 3200
    sixth: Counter[Hashable] = Counter()
    for state in argute.deals_where(
        table, seed="argute", fixed={0: "55555", 1: [0] * 5}, count=draws
    ):
        hand = list(state.hands[0])
        for _ in range(5):
            hand.remove(5)
        sixth[hand[0]] += 1
        assert state.hands[1].count(0) >= 5
    expected: dict[Hashable, float] = {
        value: draws * (2 if value in (0, 5) else 7) / 32 for value in range(6)
    }
    assert chi_square(sixth, expected) < CHI2_999[5]


# --- Argute ---------------------------------------------------------------------


@given(
    st.integers(2, 7),
    seeds,
    st.lists(st.lists(st.integers(0, 5), max_size=6), min_size=7, max_size=7),
)
def test_argute_fixed_values_are_always_held(
    players: int, seed: int | str | bytes, wanted: list[list[int]]
) -> None:
    table = argute.Rules(players=players)
    fixed = {seat: values for seat, values in enumerate(wanted[:players]) if values}
    total = Counter(value for values in fixed.values() for value in values)
    if any(count > 7 for count in total.values()):
        with pytest.raises(InvalidInputError, match="are fixed"):
            argute.deal_where(table, seed=seed, fixed=fixed)
        return
    state = argute.deal_where(table, seed=seed, fixed=fixed)
    assert all(len(hand) == 6 for hand in state.hands)
    dealt = Counter(value for hand in state.hands for value in hand)
    assert all(count <= 7 for count in dealt.values())
    for seat, values in fixed.items():
        assert not Counter(values) - Counter(state.hands[seat])
    text = {seat: "".join(map(str, values)) for seat, values in fixed.items()}
    assert argute.deal_where(table, seed=seed, fixed=text) == state
    assert next(argute.deals_where(table, seed=seed, fixed=text)) == state


@pytest.mark.parametrize(
    ("fixed", "message"),
    [
        (
            {0: "5555", 1: "555 5"},
            r"8 cards of value 5 are fixed \(seat 0: 4, seat 1: 4\), but the deck has only 7",
        ),
        ({0: "0000000"}, "seat 0 is given 7 fixed values, but a hand holds 6"),
        ({0: "7"}, "the fixed values of seat 0: '7' is not a card value"),
        ({0: [True]}, "the fixed values of seat 0: True is not a card value"),
        ({0: 5}, "the fixed values of seat 0 must be values"),
        ({4: "0"}, "a seat in fixed must be a seat from 0 to 3, not 4"),
        ("0", "fixed must map seats to values"),
    ],
)
def test_argute_bad_constraints_are_refused_precisely(fixed: object, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        argute.deal_where(argute.Rules(), fixed=fixed)  # type: ignore[arg-type]


def test_argute_bad_arguments_are_refused() -> None:
    with pytest.raises(InvalidInputError, match=r"needs a bugami\.argute\.Rules"):
        argute.deal_where(bugami.Rules())  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="dealer must be a seat"):
        argute.deal_where(argute.Rules(), dealer=4)
    with pytest.raises(InvalidInputError, match="max_tries"):
        argute.deal_where(argute.Rules(), max_tries=True)
    with pytest.raises(InvalidInputError, match="count must be"):
        argute.deals_where(argute.Rules(), count="3")  # type: ignore[arg-type]
    # With every seat fixed in full at seven players, every card is placed.
    full = {seat: [seat % 6] * 6 for seat in range(7)}
    with pytest.raises(InvalidInputError, match="12 cards of value 0"):
        argute.deal_where(argute.Rules(players=7), fixed=full)
