"""The open-hand solver of Argute (bugami.argute.solve) against a plain
exhaustive minimax written here, through the public verbs only, and its
contract."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bugami
from bugami import argute
from bugami.argute.solver import SearchLimitError, Solution, solve


def minimax(state: argute.Deal, seat: int) -> int:
    """The points ``seat`` can force, everyone else against it: every value
    tried, every finished hand scored by :func:`bugami.argute.score`."""
    if state.is_over:
        return argute.score(state)[seat]
    values = [minimax(argute.play(state, value), seat) for value in argute.legal_moves(state)]
    return max(values) if state.to_move == seat else min(values)


WHOLE_HAND = 6 * 7  # more cards than any hand of Argute deals: no card played


def position(rng: random.Random, *, players: int, cards_left: int) -> tuple[argute.Deal, int]:
    """A random hand of Argute with ``cards_left`` cards still in hands in
    all (bids at random), and a random seat."""
    state = argute.deal(argute.Rules(players=players), seed=rng.randrange(2**32))
    for seat in range(players):
        state = argute.bid(state, seat, rng.randint(0, 3))
    while sum(map(len, state.hands)) > cards_left:
        state = argute.play(state, rng.choice(argute.legal_moves(state)))
    return state, rng.randrange(players)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 7])
def test_agrees_with_minimax_on_random_endings(players: int) -> None:
    rng = random.Random(f"argute-solver-{players}")
    # the last two tricks (three cards each), less for the bigger tables
    most = {2: 8, 3: 9, 4: 8, 5: 7, 7: 8}[players]
    for _ in range(200):
        state, seat = position(rng, players=players, cards_left=rng.randint(1, most))
        result = solve(state, seat)
        expected = {
            value: minimax(argute.play(state, value), seat) for value in argute.legal_moves(state)
        }
        assert dict(result.move_values) == expected, (state, seat)
        assert result.value == (max if state.to_move == seat else min)(expected.values())


def test_agrees_with_minimax_on_whole_two_player_hands() -> None:
    rng = random.Random("whole")
    for _ in range(1):
        state, seat = position(rng, players=2, cards_left=12)
        assert solve(state, seat).value == minimax(state, seat)


@given(st.integers(0, 2**32 - 1), st.integers(2, 4))
def test_values_are_the_bid_or_a_miss(number: int, players: int) -> None:
    rng = random.Random(number)
    state, seat = position(rng, players=players, cards_left=rng.randint(1, 3 * players))
    result = solve(state, seat)
    assert tuple(result.move_values) == argute.legal_moves(state)
    assert set(result.move_values.values()) <= {state.bids[seat], -1}
    assert result.value in result.move_values.values()
    assert set(result.best_moves) <= set(result.move_values)


def test_whole_hands_of_three_and_four() -> None:
    rng = random.Random("tables")
    for players in (3, 4):
        state, seat = position(rng, players=players, cards_left=6 * players)
        result = solve(state, seat)
        assert set(result.move_values) == set(argute.legal_moves(state))


def test_ties_go_to_who_reached_the_count_first() -> None:
    # Both seats keep a 0 for the last trick; seat 0, having won trick 2,
    # leads it, reaches 0 first and wins the tie.
    state = argute.deal(argute.Rules(players=2), hands=["555540", "111110"])
    state = argute.bid(argute.bid(state, 0, 3), 1, 0)
    for value in (1, 5, 1, 5, 1, 5):  # trick 1: seat 0 wins 15 to 3
        state = argute.play(state, value)
    for value in (5, 1, 4, 1):  # trick 2: seat 0 leads and wins 9 to 2
        state = argute.play(state, value)
    assert state.hands == ((0,), (0,))
    assert state.to_move == 0
    assert solve(state, 0).value == 3  # all three tricks, as bid
    assert solve(state, 1).value == 0  # no trick, as bid
    state = argute.deal(argute.Rules(players=2), hands=["555540", "111110"])
    state = argute.bid(argute.bid(state, 0, 2), 1, 1)
    for value in (1, 5, 1, 5, 1, 5, 5, 1, 4, 1):
        state = argute.play(state, value)
    assert solve(state, 0).value == -1
    assert solve(state, 1).value == -1


def test_bidding_and_bad_arguments() -> None:
    state = argute.deal(argute.Rules(players=3), seed=1)
    with pytest.raises(bugami.IllegalMoveError, match="still in bidding \\(3 bids to come\\)"):
        solve(state, 0)
    state = argute.bid(argute.bid(state, 0, 1), 1, 1)
    with pytest.raises(bugami.IllegalMoveError, match="1 bid to come"):
        solve(state, 0)
    state = argute.bid(state, 2, 0)
    with pytest.raises(bugami.InvalidInputError, match="seat must be a seat from 0 to 2"):
        solve(state, -1)
    with pytest.raises(bugami.InvalidInputError, match="max_nodes must be"):
        solve(state, 0, max_nodes=-5)
    with pytest.raises(bugami.InvalidInputError, match="max_seconds must be"):
        solve(state, 0, max_seconds=0)
    with pytest.raises(bugami.InvalidInputError, match="needs an Argute Deal or Game"):
        solve(bugami.deal(bugami.Rules(), seed=1), 0)  # type: ignore[arg-type]


def test_limits_raise_a_clear_error() -> None:
    state = argute.deal(argute.Rules(players=6), seed=3)
    for seat in range(6):
        state = argute.bid(state, seat, 1)
    with pytest.raises(SearchLimitError, match="max_nodes=50 positions \\(3 tricks left\\)"):
        solve(state, 0, max_nodes=50)
    with pytest.raises(SearchLimitError, match="ran out of time"):
        solve(state, 0, max_seconds=1e-9, max_nodes=None)
    assert issubclass(SearchLimitError, bugami.BugamiError)


def test_finished_hand_and_games() -> None:
    game = argute.new_game(argute.Rules(players=2), seed=5)
    for seat in range(2):
        game = argute.bid(game, seat, 1)
    game = argute.play(game, argute.legal_moves(game)[0])
    assert solve(game, 0) == solve(game.current, 0)  # type: ignore[arg-type]
    state = game.current
    assert state is not None
    while not state.is_over:
        state = argute.play(state, argute.legal_moves(state)[-1])
    result = solve(state, 1)
    assert result.value == argute.score(state)[1]
    assert dict(result.move_values) == {}
    assert argute.solve is solve


def test_solution_is_an_immutable_value() -> None:
    state, seat = position(random.Random(8), players=3, cards_left=6)
    result = solve(state, seat)
    assert result == solve(state, seat)
    assert hash(result) == hash(solve(state, seat))
    assert (result == 0) is False  # type: ignore[comparison-overlap]
    with pytest.raises(AttributeError, match="immutable"):
        result.seat = 1  # type: ignore[misc]
    assert repr(result).startswith(f"Solution(seat={seat}, value=")
    assert isinstance(result, Solution)
    assert pickle.loads(pickle.dumps(result)) == result


def test_a_full_transposition_table_starts_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    import bugami.argute.solver

    monkeypatch.setattr(bugami.argute.solver, "_TABLE_LIMIT", 3)
    rng = random.Random("small tables")
    for _ in range(40):
        state, seat = position(rng, players=3, cards_left=rng.randint(1, 9))
        assert solve(state, seat).value == minimax(state, seat)


@given(st.integers(0, 2**32 - 1), st.integers(2, 5))
def test_solution_says_whose_turn_and_value_is_their_pick(number: int, players: int) -> None:
    state, seat = position(random.Random(number), players=players, cards_left=players + 2)
    result = solve(state, seat)
    assert result.to_move == state.to_move
    pick = max if result.to_move == seat else min
    assert result.value == pick(result.move_values.values())
    assert pickle.loads(pickle.dumps(result)).to_move == result.to_move


@pytest.mark.parametrize("seconds", [10**400, float("inf")])
def test_huge_time_limits_mean_no_limit(seconds: float) -> None:
    state, seat = position(random.Random(9), players=3, cards_left=5)
    assert solve(state, seat, max_seconds=seconds) == solve(state, seat)
    with pytest.raises(bugami.InvalidInputError, match="max_seconds must be"):
        solve(state, seat, max_seconds=float("nan"))


@given(st.integers(0, 2**32 - 1), st.integers(2, 4))
def test_solve_deal_gives_every_seats_solve(number: int, players: int) -> None:
    state, _ = position(random.Random(number), players=players, cards_left=players + 3)
    result = argute.solve_deal(state)
    assert result.solutions == tuple(solve(state, seat) for seat in range(players))
    rows = result.to_rows()
    assert [row["bid"] for row in rows] == [str(choice) for choice in state.bids]
    assert [row["value"] for row in rows] == [solution.value for solution in result.solutions]
    assert argute.solve_deal(state, seats=[1]).values == {1: solve(state, 1).value}


def test_tables_kept_along_a_line_change_no_value() -> None:
    rng = random.Random("argute tables along a line")
    for _ in range(20):
        state, seat = position(rng, players=rng.randint(2, 4), cards_left=WHOLE_HAND)
        tables = bugami.solver.Tables()
        assert argute.solver.Tables is bugami.solver.Tables  # one class for both games
        while not state.is_over:
            kept = solve(state, seat, tables=tables)
            assert kept == solve(state, seat), state
            state = argute.play(state, rng.choice(kept.best_moves))


def test_one_tables_kept_for_every_seat_along_a_line() -> None:
    rng = random.Random("argute tables, every seat")
    for _ in range(10):
        state, _ = position(rng, players=rng.randint(2, 4), cards_left=WHOLE_HAND)
        tables = bugami.solver.Tables()
        while not state.is_over:
            kept = argute.solve_deal(state, tables=tables)
            assert kept == argute.solve_deal(state), state
            state = argute.play(state, rng.choice(argute.legal_moves(state)))
        assert repr(tables).startswith(f"Tables(seats={tuple(range(state.rules.players))}, ")
    with pytest.raises(bugami.InvalidInputError, match="tables must be"):
        argute.solve_deal(state, tables={})  # type: ignore[arg-type]


def test_tables_kept_for_bugami_start_afresh_for_argute() -> None:
    tables = bugami.solver.Tables()
    bugami_state = bugami.deal(bugami.Rules(players=3), seed=2)
    for seat in range(3):
        bugami_state = bugami.bid(bugami_state, seat, "S")
    while len(bugami_state.tricks) < 15:
        bugami_state = bugami.play(bugami_state, bugami.legal_moves(bugami_state)[0])
    bugami.solve(bugami_state, 0, tables=tables)
    state = argute.deal(argute.Rules(players=3), seed=4)
    for seat in range(3):
        state = argute.bid(state, seat, 1)
    assert solve(state, 0, tables=tables) == solve(state, 0)
    assert repr(tables).startswith("Tables(seat=0, positions=")
    with pytest.raises(bugami.InvalidInputError, match="tables must be"):
        solve(state, 0, tables=object())  # type: ignore[arg-type]
