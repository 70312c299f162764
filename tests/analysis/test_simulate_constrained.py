"""simulate over constrained deals: ``fixed`` cards and an ``accept``
condition, as deal_where takes them, for both games, the same for any
executor."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest

import bugami
from bugami import DealNotFoundError, InvalidInputError, argute
from bugami.analysis.simulate import Row, Simulation, simulate
from bugami.bots import ArguteRandomBot, RandomBot

JOKERS = bugami.Rules(players=4, jokers=2)


def no_spades_at_seat_1(deal: bugami.Deal) -> bool:
    """A condition at the top level of a module: it pickles."""
    return all(card.suit is not bugami.Suit.SPADES for card in deal.hands[1])


def two_fives_exactly(deal: argute.Deal) -> bool:
    return deal.hands[0].count(5) == 2


def _jokers(**options: Any) -> Simulation[Row]:
    return simulate(
        JOKERS,
        [RandomBot()] * 4,
        deals=6,
        seed="jokers",
        chunk_size=2,
        records="json",
        fixed={0: "X1 X2"},
        accept=no_spades_at_seat_1,
        **options,
    )


def test_every_deal_meets_the_constraints() -> None:
    result = _jokers(workers=0)
    assert len(result.rows) == 24
    for number, text in enumerate(result.records):
        state = bugami.loads(text)
        assert isinstance(state, bugami.Deal)
        dealt = state.dealt_hands
        assert {bugami.Card("X1"), bugami.Card("X2")} <= set(dealt[0])
        assert all(card.suit is not bugami.Suit.SPADES for card in dealt[1])
        # deal k is deal_where's deal from the seed "{seed}/{k}", bids and all still to come
        expected = bugami.deal_where(
            JOKERS, seed=f"jokers/{number}", fixed={0: "X1 X2"}, accept=no_spades_at_seat_1
        )
        assert dealt == expected.hands
        assert state.dealer == expected.dealer
    assert {row.hand_jokers for row in result.rows if row.seat == 0} == {2}
    assert {row.spades for row in result.rows if row.seat == 1} == {0}


def test_deterministic_from_the_seed() -> None:
    first = _jokers(workers=0)
    assert first == _jokers(workers=0)
    other = simulate(
        JOKERS,
        [RandomBot()] * 4,
        deals=6,
        seed="other",
        workers=0,
        fixed={0: "X1 X2"},
        accept=no_spades_at_seat_1,
    )
    assert [row.hand for row in other.rows] != [row.hand for row in first.rows]


def test_without_constraints_the_deals_are_the_plain_ones() -> None:
    plain = simulate(JOKERS, [RandomBot()] * 4, deals=2, seed=3, workers=0)
    assert plain == simulate(
        JOKERS, [RandomBot()] * 4, deals=2, seed=3, workers=0, fixed=None, accept=None
    )
    assert [row.hand for row in plain.rows[:4]] == [
        " ".join(map(str, hand)) for hand in bugami.deal(JOKERS, seed="3/0").hands
    ]


def test_fixed_only_and_accept_only() -> None:
    hand = "AS KS QS"
    fixed = simulate(bugami.Rules(), [RandomBot()] * 4, deals=3, seed=1, workers=0, fixed={2: hand})
    assert all(row.hand.startswith("AS KS QS") for row in fixed.rows if row.seat == 2)
    # a one-shot iterable of cards is read once, not once per deal
    once = simulate(
        bugami.Rules(),
        [RandomBot()] * 4,
        deals=3,
        seed=1,
        workers=0,
        fixed={2: iter(hand.split())},
    )
    assert once == fixed
    accepted = simulate(
        bugami.Rules(), [RandomBot()] * 4, deals=3, seed=1, workers=0, accept=no_spades_at_seat_1
    )
    assert {row.spades for row in accepted.rows if row.seat == 1} == {0}


def test_argute() -> None:
    rules = argute.Rules(players=3)
    result = simulate(
        rules,
        [ArguteRandomBot()] * 3,
        deals=4,
        seed=2,
        workers=0,
        fixed={0: "55"},
        accept=two_fives_exactly,
    )
    hands = [row.hand for row in result.rows if row.seat == 0]
    assert len(hands) == 4
    assert all(hand.count("5") == 2 for hand in hands)
    expected = argute.deal_where(rules, seed="2/1", fixed={0: "55"}, accept=two_fives_exactly)
    assert hands[1] == "".join(map(str, expected.hands[0]))


@pytest.mark.processes
def test_the_same_whatever_the_executor() -> None:
    serial = _jokers(workers=0)
    with ProcessPoolExecutor(2) as pool:
        assert _jokers(executor=pool) == serial
    assert _jokers(workers=2) == serial
    with ThreadPoolExecutor(2) as threads:
        assert _jokers(executor=threads) == serial


@pytest.mark.processes
def test_a_condition_that_cannot_pickle_is_refused_before_any_work() -> None:
    message = (
        r"^accept must pickle to go to the worker processes, and <function .*<lambda>.*> does "
        r"not \(\w+\): define it with def at the top level of a module \(not a lambda or a "
        r"function inside another\), or run with workers=0$"
    )
    with ProcessPoolExecutor(1) as pool:
        with pytest.raises(InvalidInputError, match=message):
            simulate(
                JOKERS, [RandomBot()] * 4, deals=2, seed=1, executor=pool, accept=lambda d: True
            )
        with pytest.raises(InvalidInputError, match=message):
            simulate(JOKERS, [RandomBot()] * 4, deals=2, seed=1, workers=2, accept=lambda d: True)


@pytest.mark.processes  # a thread pool: Pyodide starts neither threads nor processes
def test_a_condition_that_cannot_pickle_is_fine_without_processes() -> None:
    def nested(deal: bugami.Deal) -> bool:
        return len(deal.hands[0]) == 13

    serial = simulate(JOKERS, [RandomBot()] * 4, deals=2, seed=1, workers=0, accept=nested)
    with ThreadPoolExecutor(2) as threads:
        assert (
            simulate(JOKERS, [RandomBot()] * 4, deals=2, seed=1, executor=threads, accept=nested)
            == serial
        )


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"fixed": {0: "AS", 1: "as"}}, "AS is fixed to seat 0 and to seat 1"),
        ({"fixed": {4: "AS"}}, "a seat in fixed must be a seat from 0 to 3, not 4"),
        ({"fixed": ["AS"]}, "fixed must map seats to cards"),
        ({"fixed": {0: 5}}, "the fixed cards of seat 0 must be card texts or cards, not 5"),
        ({"fixed": {0: "X1"}}, "seat 0 is given X1, which is not in this deck"),
        ({"accept": "yes"}, "accept must be a function of a deal, or None, not 'yes'"),
        ({"accept": no_spades_at_seat_1, "max_tries": 0}, "max_tries must be an int of at least 1"),
    ],
)
def test_bad_constraints_are_refused_before_any_work(options: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        simulate(bugami.Rules(), [RandomBot()] * 4, deals=3, seed=1, workers=0, **options)


def test_max_tries_is_checked_even_without_constraints() -> None:
    with pytest.raises(InvalidInputError, match="max_tries must be an int of at least 1, not 'x'"):
        simulate(bugami.Rules(), [RandomBot()] * 4, deals=1, workers=0, max_tries="x")  # type: ignore[arg-type]


def test_argute_constraints_are_checked_by_argute() -> None:
    with pytest.raises(InvalidInputError, match="8 cards of value 5 are fixed"):
        simulate(
            argute.Rules(players=2),
            [ArguteRandomBot()] * 2,
            deals=1,
            workers=0,
            fixed={0: "55555", 1: "555"},
        )


def test_constraints_apply_to_single_deals_only() -> None:
    with pytest.raises(
        InvalidInputError,
        match=r"^fixed and accept constrain single deals: give deals=, not games=",
    ):
        simulate(bugami.Rules(), [RandomBot()] * 4, games=1, workers=0, fixed={0: "AS"})


def test_an_impossible_condition_says_which_deal() -> None:
    with pytest.raises(
        DealNotFoundError, match=r"^the deal of seed '7/0': no deal met the condition in 3 tries"
    ):
        simulate(
            bugami.Rules(),
            [RandomBot()] * 4,
            deals=2,
            seed=7,
            workers=0,
            accept=lambda d: False,
            max_tries=3,
        )
