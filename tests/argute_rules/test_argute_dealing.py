"""Dealing Argute: seeded shuffles that never change, and explicit layouts.

The golden file pins a few seeded hands. Regenerate it (only after a
deliberate change to the documented shuffle, which would be a breaking
change) with::

    PYTHONPATH=tests python tests/argute_rules/test_argute_dealing.py > tests/golden/argute_deals.json
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bugami
from argute_reference import documented_deal, seed_to_bytes
from bugami import InvalidInputError, argute
from bugami.core.dealing import seed_bytes

GOLDEN_PATH = Path(__file__).parents[1] / "golden" / "argute_deals.json"

CASES: list[tuple[int, bugami.Seed]] = [
    (2, 0),
    (3, 1),
    (4, -7),
    (4, 2**100),
    (5, "argute"),
    (6, "ünïcode"),
    (7, b"\x00\xff"),
    (7, 2026),
]


def _seed_spec(seed: bugami.Seed) -> dict[str, str]:
    if isinstance(seed, int):
        return {"int": str(seed)}
    if isinstance(seed, str):
        return {"str": seed}
    return {"bytes": seed.hex()}


def _seed(spec: dict[str, str]) -> bugami.Seed:
    ((kind, value),) = spec.items()
    if kind == "int":
        return int(value)
    if kind == "str":
        return value
    return bytes.fromhex(value)


def _describe(state: argute.Deal) -> dict[str, Any]:
    return {
        "dealer": state.dealer,
        "hands": ["".join(map(str, hand)) for hand in state.dealt_hands],
    }


def golden() -> dict[str, Any]:
    """The contents of the golden file, computed by the library."""
    deals = [
        {"players": players, "seed": _seed_spec(seed)}
        | _describe(argute.deal(argute.Rules(players=players), seed=seed))
        for players, seed in CASES
    ]
    game = argute.new_game(argute.Rules(), seed=99)
    for seat in range(4):
        game = argute.bid(game, seat, 0)
    while len(game.deals) == 0:
        game = argute.play(game, argute.legal_moves(game)[0])
    assert game.current is not None
    return {
        "deals": deals,
        "game_seed_99": [_describe(game.deals[0]), _describe(game.current)],
    }


GOLDEN = json.loads(GOLDEN_PATH.read_text("utf-8"))


@pytest.mark.parametrize("case", GOLDEN["deals"], ids=lambda case: repr(case["seed"]))
def test_seeded_hands_never_change(case: dict[str, Any]) -> None:
    state = argute.deal(argute.Rules(players=case["players"]), seed=_seed(case["seed"]))
    assert _describe(state) == {"dealer": case["dealer"], "hands": case["hands"]}


def test_golden_hands_follow_the_documented_generator() -> None:
    for case in GOLDEN["deals"]:
        dealer, hands, _ = documented_deal(
            seed_to_bytes(_seed(case["seed"])), case["players"], None
        )
        assert dealer == case["dealer"]
        assert ["".join(map(str, sorted(hand))) for hand in hands] == case["hands"]


def test_game_hands_never_change() -> None:
    first, second = GOLDEN["game_seed_99"]
    game = argute.new_game(argute.Rules(), seed=99)
    assert game.current is not None
    assert _describe(game.current) == first
    # Hand k of a game comes from the seed's bytes followed by "/game:k".
    _, hands, _ = documented_deal(seed_to_bytes(99) + b"/game:1", 4, second["dealer"])
    assert ["".join(map(str, sorted(hand))) for hand in hands] == second["hands"]
    assert second["dealer"] == (first["dealer"] + 1) % 4


def test_the_golden_file_is_up_to_date() -> None:
    assert golden() == GOLDEN


@given(
    st.integers(2, 7),
    st.one_of(st.integers(), st.text(max_size=8), st.binary(max_size=8)),
    st.one_of(st.none(), st.integers(0, 6)),
)
def test_deal_follows_the_documented_generator(
    players: int, seed: bugami.Seed, dealer: int | None
) -> None:
    if dealer is not None:
        dealer %= players
    state = argute.deal(argute.Rules(players=players), seed=seed, dealer=dealer)
    assert seed_bytes(seed) == seed_to_bytes(seed)
    expected_dealer, hands, undealt = documented_deal(seed_to_bytes(seed), players, dealer)
    assert state.dealer == expected_dealer
    assert state.hands == tuple(tuple(sorted(hand)) for hand in hands)
    assert len(undealt) == 42 - 6 * players
    assert state.bids == (None,) * players
    assert state.phase is bugami.Phase.BIDDING
    assert (state.to_move, state.leader, state.tricks, state.current_trick) == (None, None, (), ())


def test_the_same_seed_deals_the_same_hand() -> None:
    rules = argute.Rules(players=5)
    assert argute.deal(rules, seed="x") == argute.deal(rules, seed="x")
    assert argute.deal(rules, seed=5) != argute.deal(rules, seed="5")
    assert len({argute.deal(rules) for _ in range(5)}) == 5  # fresh random seeds


def test_argute_and_bugami_streams_differ() -> None:
    from bugami.argute.dealing import material_for
    from bugami.core.dealing import SeedStream

    ours = SeedStream(material_for(42))
    theirs = SeedStream(seed_bytes(42))
    assert [ours.below(2**32) for _ in range(4)] != [theirs.below(2**32) for _ in range(4)]


def test_the_dealer_is_drawn_from_the_seed_and_can_be_given() -> None:
    assert {argute.deal(argute.Rules(players=3), seed=seed).dealer for seed in range(40)} == {
        0,
        1,
        2,
    }
    free = argute.deal(argute.Rules(), seed=1)
    fixed = argute.deal(argute.Rules(), seed=1, dealer=(free.dealer + 1) % 4)
    # Giving the dealer does not change the shuffle, only where dealing starts.
    assert fixed.hands == free.hands[-1:] + free.hands[:-1]


# --- explicit layouts ------------------------------------------------------------


def test_an_explicit_layout() -> None:
    state = argute.deal(
        argute.Rules(players=3), hands=["543210", [0, 0, "1", " 2 ", 5, 5], "3 3 3 4 4 4"]
    )
    assert state.dealer == 0
    assert state.hands == ((0, 1, 2, 3, 4, 5), (0, 0, 1, 2, 5, 5), (3, 3, 3, 4, 4, 4))
    assert argute.deal(argute.Rules(players=3), hands=state.hands, dealer=2).dealer == 2
    assert argute.deal(argute.Rules(players=3), hands=state.hands, dealer=2).hands == state.hands
    assert argute.deal(argute.Rules(players=7), hands=["012345"] * 7).hands[6] == (0, 1, 2, 3, 4, 5)


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (["012345"], "hands must give one hand per seat: 2 expected, got 1"),
        (["012345"] * 3, "hands must give one hand per seat: 2 expected, got 3"),
        ("012345012345", "hands must be a sequence with one hand per seat"),
        ({"a": 1}, "hands must be a sequence with one hand per seat"),
        (["012345", "01234"], "seat 1 holds 5 cards; every hand must hold 6"),
        (["0123455", "012345"], "seat 0 holds 7 cards; every hand must hold 6"),
        (["0", "012345"], "seat 0 holds 1 card; every hand must hold 6"),
        (["", "012345"], "seat 0 holds 0 cards; every hand must hold 6"),
        (
            ["012345", "01234x"],
            "seat 1's hand: 'x' is not a card value: Argute's cards are the values 0 to 5, "
            "as ints or texts",
        ),
        (["012345", "012346"], "seat 1's hand: '6' is not a card value"),
        (["012345", [0, 1, 2, 3, 4, 6]], "seat 1's hand: 6 is not a card value"),
        (["012345", [0, 1, 2, 3, 4, -1]], "seat 1's hand: -1 is not a card value"),
        (["012345", [0, 1, 2, 3, 4, True]], "seat 1's hand: True is not a card value"),
        (["012345", [0, 1, 2, 3, 4, 5.0]], "seat 1's hand: 5.0 is not a card value"),
        (["012345", [0, 1, 2, 3, 4, "10"]], "seat 1's hand: '10' is not a card value"),
        (
            ["012345", 17],
            "seat 1's hand must be values (ints or texts from 0 to 5), not 17",
        ),
        (
            ["555555", "554321"],
            "the hands hold 8 cards of value 5, but the deck has only 7 (seat 0: 6, seat 1: 2)",
        ),
    ],
)
def test_bad_layouts_are_rejected(hands: Any, message: str) -> None:
    with pytest.raises(InvalidInputError) as error:
        argute.deal(argute.Rules(players=2), hands=hands)
    assert message in str(error.value)


def test_at_most_seven_of_a_value() -> None:
    rules = argute.Rules(players=3)
    state = argute.deal(rules, hands=["000000", "011111", "122222"])  # seven 0s is fine
    assert state.hands[0] == (0,) * 6
    with pytest.raises(InvalidInputError) as error:
        argute.deal(rules, hands=["000000", "001111", "222223"])
    assert str(error.value) == (
        "the hands hold 8 cards of value 0, but the deck has only 7 (seat 0: 6, seat 1: 2)"
    )


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            {"rules": bugami.Rules()},
            "deal needs a bugami.argute.Rules, not Rules(players=4, jokers=0",
        ),
        ({"rules": 4}, "deal needs a bugami.argute.Rules, not 4"),
        ({"dealer": 4}, "dealer must be a seat from 0 to 3, not 4"),
        ({"dealer": -1}, "dealer must be a seat from 0 to 3, not -1"),
        ({"dealer": True}, "dealer must be a seat from 0 to 3, not True"),
        ({"dealer": "1"}, "dealer must be a seat from 0 to 3, not '1'"),
        ({"seed": 1, "hands": ["012345"] * 4}, "give either a seed or explicit hands, not both"),
        ({"seed": 1.5}, "a seed is an int, a str or bytes, not 1.5"),
        ({"seed": True}, "a seed is an int, a str or bytes, not True"),
    ],
)
def test_bad_deal_arguments(arguments: dict[str, Any], message: str) -> None:
    arguments.setdefault("rules", argute.Rules())
    with pytest.raises(InvalidInputError) as error:
        argute.deal(**arguments)
    assert message in str(error.value)


if __name__ == "__main__":  # pragma: no cover
    print(json.dumps(golden(), indent=1, ensure_ascii=False))
