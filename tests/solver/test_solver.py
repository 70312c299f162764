"""The open-hand solver of Bugami (bugami.solver) against a plain exhaustive
minimax written here, through the public verbs only, and its contract."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bugami
import bugami.solver
from bugami.solver import SearchLimitError, Solution, Tables, solve, solve_deal

# --- an independent reference: every line of play, scored by bugami.score -------------


def minimax(state: bugami.Deal, seat: int) -> int:
    """The points ``seat`` can force, everyone else against it: every legal
    card tried, every finished deal scored by :func:`bugami.score`."""
    if state.is_over:
        return bugami.score(state)[seat]
    values = [minimax(bugami.play(state, card), seat) for card in bugami.legal_moves(state)]
    return max(values) if state.to_move == seat else min(values)


def extremes(state: bugami.Deal, seat: int) -> tuple[int, int]:
    """The least and the most ``seat`` can score over every line of play."""
    if state.is_over:
        points = bugami.score(state)[seat]
        return points, points
    lows, highs = zip(
        *(extremes(bugami.play(state, card), seat) for card in bugami.legal_moves(state)),
        strict=True,
    )
    return min(lows), max(highs)


def endgame(rng: random.Random, *, tricks: int | None = None) -> tuple[bugami.Deal, int]:
    """A random small endgame in a random variant, and a random seat."""
    players = rng.randint(3, 7)
    rules = bugami.Rules(
        players=players,
        jokers=rng.choice((0, 0, 1, 2, 3, 5)),
        shotgun_wedding=rng.random() < 0.5,
    )
    state = bugami.deal(rules, seed=rng.randrange(2**32))
    # few suits named, so that partnerships (and sweeps) are common; misère often
    suits = rng.sample("SHDC", rng.randint(1, 3))
    for seat in range(players):
        state = bugami.bid(state, seat, "M" if rng.random() < 0.25 else rng.choice(suits))
    if tricks is None:
        tricks = rng.randint(1, 3 if players <= 4 else 2)
    cards = players * (rules.hand_size - tricks) + rng.randrange(players)
    while len(state.tricks) * players + len(state.current_trick) < cards:
        state = bugami.play(state, rng.choice(bugami.legal_moves(state)))
    return state, rng.randrange(players)


# --- agreement with the reference ------------------------------------------------------


@pytest.mark.parametrize("block", range(6))
def test_agrees_with_minimax_on_random_endgames(block: int) -> None:
    rng = random.Random(f"solver-{block}")
    for _ in range(250):
        state, seat = endgame(rng)
        result = solve(state, seat)
        expected = {
            card: minimax(bugami.play(state, card), seat) for card in bugami.legal_moves(state)
        }
        assert dict(result.move_values) == expected, (state, seat)
        assert result.value == (max if state.to_move == seat else min)(expected.values())


@given(st.integers(0, 2**32 - 1))
def test_value_within_what_the_deal_allows(number: int) -> None:
    state, seat = endgame(random.Random(number), tricks=2)
    result = solve(state, seat)
    low, high = extremes(state, seat)
    assert low <= result.value <= high
    for card, value in result.move_values.items():
        after = extremes(bugami.play(state, card), seat)
        assert after[0] <= value <= after[1]


@given(st.integers(0, 2**32 - 1))
def test_move_values_hold_exactly_the_legal_moves(number: int) -> None:
    rng = random.Random(number)
    state, seat = endgame(rng, tricks=rng.randint(1, 3))
    result = solve(state, seat)
    assert tuple(result.move_values) == bugami.legal_moves(state)
    assert result.seat == seat
    assert set(result.best_moves) <= set(result.move_values)
    assert all(result.move_values[card] == result.value for card in result.best_moves)


def test_agrees_with_minimax_a_little_deeper() -> None:
    rng = random.Random("deeper")
    for _ in range(12):
        rules = bugami.Rules(players=3, jokers=rng.choice((0, 1)))
        state = bugami.deal(rules, seed=rng.randrange(2**32))
        for seat in range(3):
            state = bugami.bid(state, seat, rng.choice("SHM"))
        while len(state.tricks) < rules.hand_size - 4:
            state = bugami.play(state, rng.choice(bugami.legal_moves(state)))
        seat = rng.randrange(3)
        assert solve(state, seat).value == minimax(state, seat)


# --- the rules the score depends on -----------------------------------------------------


def _bid_all(state: bugami.Deal, bids: str) -> bugami.Deal:
    for seat, choice in enumerate(bids):
        state = bugami.bid(state, seat, choice)
    return state


def test_misere_bidder_sweeping_scores_nothing() -> None:
    # Ruling 1. Seat 0 holds every spade and the top hearts: it cannot help
    # winning every trick. As a misère bidder it scores 0; so does the other
    # suit bidder; the other misère bidder scores 100.
    spades = " ".join(f"{rank}S" for rank in "AKQJT98765432")
    hands = [
        f"{spades} AH KH QH JH",
        "TH 9H 8H 7H 6H 5H 4H 3H 2H AD KD QD JD TD 9D 8D 7D",
        "6D 5D 4D 3D 2D AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C",
    ]
    state = bugami.deal(bugami.Rules(players=3), hands=hands, leftover="2C", dealer=2)
    state = _bid_all(state, "MSM")
    while len(state.tricks) < 14:
        state = bugami.play(state, bugami.legal_moves(state)[0])
    assert [solve(state, seat).value for seat in range(3)] == [0, 0, 100]
    assert [minimax(state, seat) for seat in range(3)] == [0, 0, 100]


def friendly_minimax(state: bugami.Deal, seat: int) -> int:
    """Like :func:`minimax`, but the seat's Shotgun Wedding partners help it."""
    if state.is_over:
        return bugami.score(state)[seat]
    values = [
        friendly_minimax(bugami.play(state, card), seat) for card in bugami.legal_moves(state)
    ]
    mover = state.to_move
    assert mover is not None
    friend = mover == seat or (
        state.bids[mover] == state.bids[seat] and state.bids[seat] is not bugami.MISERE
    )
    return max(values) if friend else min(values)


def test_the_partner_plays_against_the_seat() -> None:
    # Under Shotgun Wedding the value is what the seat can force on its own.
    rng = random.Random("partners")
    helped = 0
    for _ in range(200):
        rules = bugami.Rules(players=4, shotgun_wedding=True)
        state = bugami.deal(rules, seed=rng.randrange(2**32))
        state = _bid_all(state, "SHSD")
        while len(state.tricks) < rules.hand_size - 2:
            state = bugami.play(state, rng.choice(bugami.legal_moves(state)))
        value = solve(state, 0).value
        friendly = friendly_minimax(state, 0)
        assert value == minimax(state, 0)
        assert value <= friendly
        helped += value < friendly
    assert helped  # the assumption matters in some deals


def test_leftover_goes_to_the_last_trick() -> None:
    # Five players: two cards lie aside; the last trick's winner takes them.
    rng = random.Random("leftover")
    for _ in range(60):
        rules = bugami.Rules(players=5, jokers=rng.choice((0, 1, 2)))
        state = bugami.deal(rules, seed=rng.randrange(2**32))
        state = _bid_all(state, "".join(rng.choice("SHDC") for _ in range(5)))
        while len(state.tricks) < rules.hand_size - 1:
            state = bugami.play(state, rng.choice(bugami.legal_moves(state)))
        seat = rng.randrange(5)
        assert solve(state, seat).value == minimax(state, seat)


# --- the contract -------------------------------------------------------------------------


def test_bidding_is_refused() -> None:
    state = bugami.deal(bugami.Rules(), seed=1)
    with pytest.raises(bugami.IllegalMoveError, match="still in bidding \\(4 bids to come\\)"):
        solve(state, 0)
    state = _bid_all(state, "SHD")
    with pytest.raises(bugami.IllegalMoveError, match="1 bid to come"):
        solve(state, 0)


def test_finished_deal_has_its_score_and_no_moves() -> None:
    state = _bid_all(bugami.deal(bugami.Rules(players=3), seed=2), "SHM")
    while not state.is_over:
        state = bugami.play(state, bugami.legal_moves(state)[0])
    for seat in range(3):
        result = solve(state, seat)
        assert result.value == bugami.score(state)[seat]
        assert dict(result.move_values) == {}
        assert result.best_moves == ()


def test_a_game_is_solved_at_its_current_deal() -> None:
    game = bugami.new_game(bugami.Rules(players=3), seed=4)
    for seat in range(3):
        game = bugami.bid(game, seat, "C")
    while len(game.current.tricks) < 15:  # type: ignore[union-attr]
        game = bugami.play(game, bugami.legal_moves(game)[0])
    assert solve(game, 1) == solve(game.current, 1)  # type: ignore[arg-type]


def test_bad_arguments() -> None:
    state = _bid_all(bugami.deal(bugami.Rules(players=3), seed=2), "SHM")
    with pytest.raises(bugami.InvalidInputError, match="seat must be a seat from 0 to 2"):
        solve(state, 3)
    with pytest.raises(bugami.InvalidInputError, match="seat must be"):
        solve(state, True)
    with pytest.raises(bugami.InvalidInputError, match="max_nodes must be"):
        solve(state, 0, max_nodes=0)
    with pytest.raises(bugami.InvalidInputError, match="max_seconds must be"):
        solve(state, 0, max_seconds=-1)
    with pytest.raises(bugami.InvalidInputError, match="max_nodes must be"):
        solve(state, 0, max_nodes=2.5)  # type: ignore[call-overload]
    with pytest.raises(bugami.InvalidInputError, match="max_nodes must be"):
        solve(state, 0, max_nodes=True)
    with pytest.raises(bugami.InvalidInputError, match="max_seconds must be"):
        solve(state, 0, max_seconds="1")  # type: ignore[call-overload]
    with pytest.raises(bugami.InvalidInputError, match="needs a bugami Deal or Game"):
        solve(bugami.view(state, 0), 0)  # type: ignore[call-overload]
    with pytest.raises(bugami.InvalidInputError, match="needs a bugami Deal"):
        solve("deal", 0)  # type: ignore[call-overload]


def test_limits_raise_a_clear_error() -> None:
    state = _bid_all(bugami.deal(bugami.Rules(), seed=7), "SHDC")
    with pytest.raises(SearchLimitError, match="max_nodes=500 positions \\(13 tricks left\\)"):
        solve(state, 0, max_nodes=500)
    with pytest.raises(SearchLimitError, match="ran out of time"):
        solve(state, 0, max_seconds=1e-9, max_nodes=None)
    assert issubclass(SearchLimitError, bugami.BugamiError)


def test_game_over_is_refused() -> None:
    game = bugami.new_game(bugami.Rules(players=3, target=1), seed=4)
    while game.current is not None:
        current = game.current
        if current.to_move is None:
            for seat in range(3):
                game = bugami.bid(game, seat, "H")
        else:
            game = bugami.play(game, bugami.legal_moves(game)[0])
    with pytest.raises(bugami.IllegalMoveError, match="game is over"):
        solve(game, 0)


def test_solution_is_an_immutable_value() -> None:
    state, seat = endgame(random.Random(3), tricks=2)
    result = solve(state, seat)
    again = solve(state, seat)
    assert result == again
    assert hash(result) == hash(again)
    assert result != solve(state, (seat + 1) % state.rules.players) or state.rules.players == 1
    assert (result == "x") is False  # type: ignore[comparison-overlap]
    with pytest.raises(AttributeError, match="immutable"):
        result.value = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        result.move_values[bugami.legal_moves(state)[0]] = 1  # type: ignore[index]
    assert repr(result).startswith(f"Solution(seat={seat}, value={result.value}, move_values={{")
    assert result.nodes >= 0
    assert isinstance(result, Solution)
    assert pickle.loads(pickle.dumps(result)) == result


def test_a_full_transposition_table_starts_afresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import bugami.solver

    monkeypatch.setattr(bugami.solver, "_TABLE_LIMIT", 3)
    monkeypatch.setattr(bugami.solver, "_CACHE_LIMIT", 2)
    rng = random.Random("small tables")
    for _ in range(30):
        state, seat = endgame(rng, tricks=2)
        assert solve(state, seat).value == minimax(state, seat)


# --- exactness against the solver as it was (tests/solver_reference.py) -------------------


def reference_solve(state: bugami.Deal, seat: int) -> Solution[bugami.Card]:
    import solver_reference

    return solver_reference.solve(state, seat, max_nodes=None)


@given(st.integers(0, 2**32 - 1))
def test_agrees_with_the_reference_solver_in_every_variant(number: int) -> None:
    rng = random.Random(number)
    state, seat = endgame(rng, tricks=rng.randint(1, 4 if rng.random() < 0.3 else 3))
    result = solve(state, seat)
    expected = reference_solve(state, seat)
    assert result == expected, (state, seat)
    assert dict(result.move_values) == dict(expected.move_values)


def four_player_position(rng: random.Random, left: int) -> tuple[bugami.Deal, int]:
    """A random 4-player deal (jokers sometimes) with ``left`` tricks left,
    random bids and play, and a random seat."""
    rules = bugami.Rules(players=4, jokers=rng.choice((0, 0, 2)))
    state = bugami.deal(rules, seed=rng.randrange(2**32))
    for seat in range(4):
        state = bugami.bid(state, seat, rng.choice("SHDCM"))
    while len(state.tricks) < rules.hand_size - left:
        state = bugami.play(state, rng.choice(bugami.legal_moves(state)))
    return state, rng.randrange(4)


def test_agrees_with_the_reference_solver_on_longer_four_player_positions() -> None:
    rng = random.Random("reference, 4 players")
    for _ in range(6):
        state, seat = four_player_position(rng, 5)
        assert solve(state, seat) == reference_solve(state, seat)


# --- whose turn, and what the value is of the move values (issue 28, item 11) -----------


@given(st.integers(0, 2**32 - 1))
def test_solution_says_whose_turn_and_value_is_their_pick(number: int) -> None:
    rng = random.Random(number)
    state, seat = endgame(rng, tricks=rng.randint(1, 2))
    result = solve(state, seat)
    assert result.to_move == state.to_move
    pick = max if result.to_move == seat else min
    assert result.value == pick(result.move_values.values())
    assert pickle.loads(pickle.dumps(result)).to_move == result.to_move


def test_finished_deal_has_nobody_to_move() -> None:
    state = _bid_all(bugami.deal(bugami.Rules(players=3), seed=2), "SHM")
    while not state.is_over:
        state = bugami.play(state, bugami.legal_moves(state)[0])
    assert solve(state, 0).to_move is None


def test_old_pickles_without_to_move_still_load() -> None:
    from bugami._kernel.solutions import make_solution

    old: Solution[bugami.Card] = make_solution(1, 20, {}, 5)
    assert old.to_move is None
    assert old.value == 20


# --- max_seconds beyond a float (issue 28, item 5) ---------------------------------------


@pytest.mark.parametrize("seconds", [10**400, float("inf"), 1e308, 3600])
def test_huge_time_limits_mean_no_limit(seconds: float) -> None:
    state, seat = endgame(random.Random(5), tricks=2)
    assert solve(state, seat, max_seconds=seconds) == solve(state, seat)


@pytest.mark.parametrize("seconds", [float("nan"), 0, -(10**400), "1", True])
def test_bad_time_limits_are_refused(seconds: object) -> None:
    state, seat = endgame(random.Random(5), tricks=2)
    with pytest.raises(bugami.InvalidInputError, match="max_seconds must be"):
        solve(state, seat, max_seconds=seconds)  # type: ignore[call-overload]


@pytest.mark.parametrize("game", ["bugami", "argute"])
def test_a_search_may_visit_exactly_max_nodes_positions(game: str) -> None:
    # regression: a search that visited N positions needed max_nodes=N + 1
    if game == "bugami":
        state: Any = _bid_all(bugami.deal(bugami.Rules(), seed=11), "SHDC")
        while len(state.tricks) < 9:
            state = bugami.play(state, bugami.legal_moves(state)[0])
        solver: Any = solve
    else:
        state = bugami.argute.deal(bugami.argute.Rules(players=3), seed=4)
        for seat in range(3):
            state = bugami.argute.bid(state, seat, 1)
        solver = bugami.argute.solve
    needed = solver(state, 0).nodes
    assert needed > 1
    assert solver(state, 0, max_nodes=needed) == solver(state, 0)
    assert solver(state, 0, max_nodes=needed).nodes == needed
    with pytest.raises(SearchLimitError, match=f"max_nodes={needed - 1} positions"):
        solver(state, 0, max_nodes=needed - 1)


# --- every seat in one call ----------------------------------------------------------------


@given(st.integers(0, 2**32 - 1))
def test_solve_deal_gives_every_seats_solve(number: int) -> None:
    state, _ = endgame(random.Random(number), tricks=2)
    result = bugami.solve_deal(state)
    players = state.rules.players
    assert [solution.seat for solution in result.solutions] == list(range(players))
    assert result.solutions == tuple(solve(state, seat) for seat in range(players))
    assert result.values == {seat: solve(state, seat).value for seat in range(players)}
    assert result.nodes == sum(solution.nodes for solution in result.solutions)
    rows = result.to_rows()
    assert [row["seat"] for row in rows] == list(range(players))
    assert [row["bid"] for row in rows] == [str(choice) for choice in state.bids]
    assert all(row["to_move"] == state.to_move for row in rows)
    assert pickle.loads(pickle.dumps(result)) == result


def test_solve_deal_some_seats_and_shared_bounds() -> None:
    state, _ = endgame(random.Random(11), tricks=3)
    chosen = bugami.solve_deal(state, seats=(2, 0))
    assert [solution.seat for solution in chosen.solutions] == [0, 2]
    assert bugami.solve_deal(state, seats=[]).values == {}
    needed = bugami.solve_deal(state).nodes
    if needed > 2:
        with pytest.raises(SearchLimitError):
            bugami.solve_deal(state, max_nodes=needed - 1)
    assert bugami.solve_deal(state, max_seconds=10**400) == bugami.solve_deal(state)


def test_solve_deal_bad_arguments() -> None:
    state = _bid_all(bugami.deal(bugami.Rules(players=3), seed=2), "SHM")
    with pytest.raises(bugami.InvalidInputError, match="seat must be a seat from 0 to 2"):
        bugami.solve_deal(state, seats=[3])
    with pytest.raises(bugami.InvalidInputError, match="each seat once"):
        bugami.solve_deal(state, seats=[1, 1])
    with pytest.raises(bugami.InvalidInputError, match="seats must be seats"):
        bugami.solve_deal(state, seats="01")  # type: ignore[arg-type]
    with pytest.raises(bugami.InvalidInputError, match="seats must be seats"):
        bugami.solve_deal(state, seats=1)  # type: ignore[call-overload]
    with pytest.raises(bugami.IllegalMoveError, match="still in bidding"):
        bugami.solve_deal(bugami.deal(bugami.Rules(), seed=1))
    with pytest.raises(bugami.InvalidInputError, match="needs a bugami Deal"):
        bugami.solve_deal("deal")  # type: ignore[call-overload]


def test_solve_deal_checks_bounds_even_for_no_seats() -> None:
    state = _bid_all(bugami.deal(bugami.Rules(players=3), seed=2), "SHM")
    with pytest.raises(bugami.InvalidInputError, match="max_nodes must be"):
        bugami.solve_deal(state, seats=[], max_nodes="many")  # type: ignore[call-overload]
    with pytest.raises(bugami.InvalidInputError, match="max_seconds must be"):
        bugami.solve_deal(state, seats=[], max_seconds="1")  # type: ignore[call-overload]


def test_a_seat_that_can_duck_every_trick_keeps_what_it_has() -> None:
    # Seat 2 holds the lowest cards of every suit it holds and is not on
    # lead: it can keep out of every trick, so a misère bid is made (100) and
    # a suit bidder keeps its score so far; the solver's bound for this case
    # must agree with the plain search.
    from bugami.solver import _ducks

    spades = 0x1FFF
    assert _ducks(1 << 12, (1 << 12) | 1)  # the 2 of spades under the ace
    assert not _ducks(1, (1 << 12) | 1)  # the ace over the 2
    assert _ducks(1 << 13, (1 << 13) | 1)  # alone in its suit: never led
    assert _ducks(1 << 52, (1 << 52) | spades)  # a joker never wins unled
    rng = random.Random("ducks")
    checked = 0
    for _ in range(400):
        state, seat = endgame(rng, tricks=rng.randint(2, 3))
        hands = state.hands
        others = [card for other, hand in enumerate(hands) if other != seat for card in hand]
        if state.current_trick or state.to_move == seat:
            continue
        if all(
            card.is_joker
            or all(
                other.is_joker or other.suit != card.suit or other.rank > card.rank  # type: ignore[operator]
                for other in others
            )
            for card in hands[seat]
        ):
            assert solve(state, seat).value == minimax(state, seat)
            checked += 1
    assert checked


def test_equivalent_cards_in_one_position_are_not_in_another() -> None:
    # A position on which a table shared between positions that differ only
    # in low cards went wrong: seat 3's ten and four of clubs are one move
    # after 3C is led and won by 8C, not after 5C is led (the five lies between
    # them), so their values may not be shared on the strength of the ten alone.
    rng = random.Random(100)
    rules = bugami.Rules(players=4)
    state = bugami.deal(rules, seed=rng.randrange(2**32))
    for seat in range(4):
        state = bugami.bid(state, seat, rng.choice("SHDCM"))
    while len(state.tricks) < rules.hand_size - 3:
        state = bugami.play(state, rng.choice(bugami.legal_moves(state)))
    result = solve(state, 1)
    expected = {card: minimax(bugami.play(state, card), 1) for card in bugami.legal_moves(state)}
    assert dict(result.move_values) == expected
    assert expected[bugami.Card("3C")] == 50


def test_a_leader_above_every_other_card_wins_every_trick() -> None:
    # The player on lead holds, in every suit it holds, cards above all the
    # others' cards of that suit: it wins every trick left, whatever anyone
    # plays, and the solver takes the value without a search. Seat 0 below
    # has won every trick so far (a sweep for it or its partner, 0 for the
    # others, 100 for a misère bidder) and leads with three tricks left.
    from bugami.solver import _commands

    spades = 0x1FFF
    assert _commands(1, 1 | 1 << 12)  # the ace of spades over the 2
    assert not _commands(1 << 12, 1 | 1 << 12)  # the 2 under the ace
    assert _commands(1 << 13, (1 << 13) | 1)  # alone in its suit
    assert _commands(1 << 52, (1 << 52) | spades)  # a led joker wins
    assert not _commands(1 | 1 << 12, 1 | 1 << 11 | 1 << 12)  # the 2 under the 3
    spade_cards = " ".join(f"{rank}S" for rank in "AKQJT98765432")
    hands = [
        f"{spade_cards} AH KH QH JH",
        "TH 9H 8H 7H 6H 5H 4H 3H 2H AD KD QD JD TD 9D 8D 7D",
        "6D 5D 4D 3D 2D AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C",
    ]
    for bids, wedding in (("CHD", False), ("HHD", True), ("HHD", False), ("MDM", False)):
        rules = bugami.Rules(players=3, shotgun_wedding=wedding)
        state = bugami.deal(rules, hands=hands, leftover="2C", dealer=2)
        state = _bid_all(state, bids)
        while len(state.tricks) < 14:
            state = bugami.play(state, bugami.legal_moves(state)[0])
        for seat in range(3):
            expected = {
                card: minimax(bugami.play(state, card), seat) for card in bugami.legal_moves(state)
            }
            assert dict(solve(state, seat).move_values) == expected, (bids, wedding, seat)
    # Seat 1 wins the first trick, seat 0 the second and every one after.
    hands = [
        f"2H {spade_cards} AC KC QC",
        "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H AD KD QD JD 2C",
        "TD 9D 8D 7D 6D 5D 4D 3D 2D JC TC 9C 8C 7C 6C 5C 4C",
    ]
    for bids in ("CHD", "MHC", "SDM"):
        state = bugami.deal(bugami.Rules(players=3), hands=hands, leftover="3C", dealer=2)
        state = _bid_all(state, bids)
        for card in ("2H", "AH", None, "2C", None, "AC"):
            move = bugami.legal_moves(state)[0] if card is None else bugami.Card(card)
            state = bugami.play(state, move)
        while len(state.tricks) < 14:
            state = bugami.play(state, bugami.legal_moves(state)[0])
        assert state.to_move == 0
        for seat in range(3):
            expected = {
                card: minimax(bugami.play(state, card), seat) for card in bugami.legal_moves(state)
            }
            assert dict(solve(state, seat).move_values) == expected, (bids, seat)
    # and in random endgames
    rng = random.Random("commands")
    checked = 0
    for _ in range(40):
        state, seat = endgame(rng, tricks=3)
        leader = state.to_move
        if state.current_trick or leader is None:
            continue
        others = [
            card for other, hand in enumerate(state.hands) if other != leader for card in hand
        ]
        if all(
            card.is_joker
            or all(
                other.is_joker or other.suit != card.suit or other.rank < card.rank  # type: ignore[operator]
                for other in others
            )
            for card in state.hands[leader]
        ):
            expected = {
                card: minimax(bugami.play(state, card), seat) for card in bugami.legal_moves(state)
            }
            assert dict(solve(state, seat).move_values) == expected
            checked += 1
    assert checked


# --- the bounds from the score: sound on every line of play --------------------------------


def sweeping_endgame(rng: random.Random) -> tuple[bugami.Deal, int]:
    """A random small endgame in which one hand has won most tricks (often
    every one: a sweep is still open), often the seat's, its bug cards often
    in hand: that hand is dealt high cards (mostly) and plays its highest
    legal card, the others their lowest."""
    players = rng.randint(3, 7)
    rules = bugami.Rules(
        players=players,
        jokers=rng.choice((0, 0, 1, 2)),
        shotgun_wedding=rng.random() < 0.3,
    )
    dealt = bugami.deal(rules, seed=rng.randrange(2**32))
    cards = [card for hand in dealt.hands for card in hand] + list(dealt.leftover)
    cards.sort(key=lambda card: (card.index % 13 if card.index < 52 else 6) + 4 * rng.random())
    size = rules.hand_size
    favoured = rng.randrange(players)
    rest = cards[size:]
    rng.shuffle(rest)
    hands = [rest[size * n : size * (n + 1)] for n in range(players - 1)]
    hands.insert(favoured, cards[:size])
    state = bugami.deal(
        rules, hands=hands, leftover=rest[size * (players - 1) :], dealer=rng.randrange(players)
    )
    suits = rng.sample("SHDC", rng.randint(1, 3))
    for other in range(players):
        state = bugami.bid(state, other, rng.choice(suits))
    left = rng.randint(2, 3)
    while len(state.tricks) < size - left:
        moves = bugami.legal_moves(state)
        if rng.random() < 0.03:
            card = rng.choice(moves)
        else:
            card = (min if state.to_move == favoured else max)(
                moves, key=lambda card: card.index % 13 if card.index < 52 else -1
            )
        state = bugami.play(state, card)
    return state, favoured if rng.random() < 0.5 else rng.randrange(players)


@given(st.integers(0, 2**32 - 1))
def test_score_bounds_hold_every_line_of_play(number: int) -> None:
    # The least and the most the search's bounds allow at a trick's start
    # (from the counters and the bug cards in each hand: every hand plays one
    # card to each trick, so the tricks the seat's unit wins take at least
    # some of each hand's bug cards and at most one a trick) must enclose
    # the score of every line of play from there. With the sweeps that the
    # others can stop (a card above all of the seat's in a suit it holds) and
    # that the seat can stop (_blocks both) -- bounds that hold when the
    # others, or the seat, play for them, not on every line -- they must
    # enclose the value.
    from bugami.solver import _Search

    rng = random.Random(number)
    if rng.random() < 0.5:
        state, seat = endgame(rng, tricks=rng.randint(2, 3))
    else:
        state, seat = sweeping_endgame(rng)
    while state.current_trick:
        state = bugami.play(state, rng.choice(bugami.legal_moves(state)))
    if state.is_over:
        return
    search = _Search(state, seat, None, None)
    counts = 0
    for number_of_hand, hand in enumerate(search.hands):
        counts |= (hand & search.bug_mask).bit_count() << 5 * number_of_hand
    left = search.hands[search.leader].bit_count()
    low, high = search.bounds(search.tricks, search.bugs, search.sweep, left, counts, left)
    least, most = extremes(state, seat)
    assert low <= least, (state, seat, (low, high), (least, most))
    assert most <= high, (state, seat, (low, high), (least, most))
    # as the search takes them, with the sweeps that cannot happen ruled out
    low, high = search.opening_bounds(
        search.tricks, search.bugs, search.sweep, left, counts, sum(search.hands)
    )
    value = minimax(state, seat)
    assert low <= value <= high, (state, seat, (low, high), value)


def test_a_hand_that_holds_a_better_card_stops_a_sweep() -> None:
    from bugami.solver import _blocks

    def hand(cards: str) -> int:
        return sum(1 << bugami.Card(card).index for card in cards.split())

    assert _blocks(hand("KS 2H"), hand("QS AH"))  # KS over QS
    assert not _blocks(hand("QS 2H"), hand("KS AH"))
    assert not _blocks(hand("AS AD"), hand("KH QC"))  # no suit in common
    assert not _blocks(hand("AS"), hand("KH X1"))
    assert _blocks(hand("3C"), hand("2C X1"))


def test_a_seat_that_cannot_sweep_is_bounded_by_one_trick_less() -> None:
    # Seven players: seat 0 (bug suit spades) has won the first five tricks
    # (with five spades thrown on them) and leads AH and 2C; seat 1's 3C is
    # above its club, so it cannot sweep: at best it wins AH (everyone
    # follows hearts), 6 tricks with 5 bugs, 12. The bound at this trick's
    # start, one trick less than a sweep, is exactly that; one more trick
    # less would be too tight (10 * 5 // 5 = 10).
    from bugami.solver import _Search

    hands = [
        "AD KD QD JD TD AH 2C",
        "KH 3C 9D 8D 7D 6D 5D",
        "QH 2S 4D 3D 2D AC KC",
        "JH 3S QC JC TC 9C 8C",
        "TH 4S 7C 6C 5C 4C 7H",
        "9H 5S 6H 5H 4H 3H 2H",
        "8H 6S 7S 8S 9S TS JS",
    ]
    keep = {bugami.Card(card) for card in "AH 2C KH 3C QH 2S JH 3S TH 4S 9H 5S 8H 6S".split()}
    state = bugami.deal(bugami.Rules(players=7), hands=hands, leftover="QS KS AS", dealer=6)
    state = _bid_all(state, "SHHHHHH")
    while len(state.tricks) < 5:
        state = bugami.play(
            state, next(card for card in bugami.legal_moves(state) if card not in keep)
        )
    assert [trick.winner for trick in state.tricks] == [0] * 5
    search = _Search(state, 0, None, None)
    assert (search.tricks, search.bugs, search.sweep) == (5, 5, 0)
    counts = sum(
        (hand & search.bug_mask).bit_count() << 5 * n for n, hand in enumerate(search.hands)
    )
    assert search.opening_bounds(5, 5, 0, 2, counts, sum(search.hands))[1] == 12
    assert search.bounds(5, 5, 0, 2, counts, 2)[1] == 100  # were a sweep open
    assert search.bounds(5, 5, 0, 2, counts, 0)[1] == 10
    assert minimax(state, 0) == solve(state, 0).value == 12


def test_a_seat_without_a_sweep_may_score_over_100() -> None:
    # Five players: seat 0 (bug suit spades) has won the first six tricks,
    # all clean, and leads; a sweep is still open by the counters, but seat
    # 4's 5C beats its clubs, so it is not. It wins AH (everyone must
    # follow hearts) and loses the rest, the spades all elsewhere: seven
    # clean tricks, 140. The bound at the start of the next trick must allow
    # 140: a sweep worth 100 is not the most a seat that has swept so far can
    # score.
    from bugami.solver import _blocks, _Search

    hands = [
        "AD KD QD JD TD 9D AH 2C 3C 4C",
        "8D 7D 6D 5D 4D 3D KH KS QS JS",
        "2D 9H 8H 7H 6H 5H QH TS 9S 8S",
        "4H 3H 2H AC KC QC JH 7S 6S 5S",
        "JC TC 9C 8C 7C 6C TH 4S 3S 5C",
    ]
    state = bugami.deal(bugami.Rules(players=5), hands=hands, leftover="AS 2S", dealer=4)
    state = _bid_all(state, "SHHDD")
    plays = (
        "AD 8D 2D 4H JC KD 7D 9H 3H TC QD 6D 8H 2H 9C JD 5D 7H AC 8C TD 4D 6H KC 7C 9D 3D 5H QC 6C"
    )
    for card in plays.split():
        state = bugami.play(state, bugami.Card(card))
    assert [trick.winner for trick in state.tricks] == [0] * 6
    assert solve(state, 0).value == minimax(state, 0) == 140
    after = bugami.play(state, bugami.Card("AH"))
    while after.current_trick:
        after = bugami.play(after, bugami.legal_moves(after)[0])
    search = _Search(after, 0, None, None)
    assert (search.tricks, search.bugs, search.sweep) == (7, 0, 0)
    counts = sum(
        (hand & search.bug_mask).bit_count() << 5 * n for n, hand in enumerate(search.hands)
    )
    assert search.bounds(7, 0, 0, 3, counts, 3)[1] >= 140
    # seat 4's 5C is above its clubs: no sweep, and the most is seven clean
    # tricks again (the bound is exact here)
    remaining = sum(search.hands)
    assert _blocks(remaining & ~search.hands[0], search.hands[0])
    assert search.bounds(7, 0, 0, 3, counts, 2)[1] == 140
    assert minimax(after, 0) == 140


def test_bug_cards_in_hands_bound_the_score_from_both_sides() -> None:
    # Seat 0 (4 players: no leftover) bid spades and has won one trick
    # without a bug; three tricks are left. If the only spades in hands are
    # three of its own, every trick it wins takes at most one of them, and
    # winning k more tricks takes at least k of them (it plays one card a
    # trick): at most 20 (no trick more, or one with one spade: 20 * 1 and
    # 10 * 2 // 1), at least 13 (all three: 10 * 4 // 3). Were they seat 1's,
    # the same. One in each other hand, one trick could bring all three
    # (10 * 2 // 3 = 6); and two clean tricks more are the best (60): winning
    # all three would bring every spade.
    from bugami.solver import _Search

    state = _bid_all(bugami.deal(bugami.Rules(players=4), seed=1), "SHDC")
    search = _Search(state, 0, None, None)
    assert search.bounds(1, 0, -1, 3, 3, 3) == (13, 20)
    assert search.bounds(1, 0, -1, 3, 3 << 5, 3) == (13, 20)
    assert search.bounds(1, 0, -1, 3, 1 << 5 | 1 << 10 | 1 << 15, 3) == (6, 60)
    assert search.bounds(0, 0, -2, 3, 3, 3) == (0, 100)  # a sweep is still open


def test_an_open_sweep_does_not_cap_the_most_at_100() -> None:
    # Regression: while the seat has won every trick so far, the most it could
    # still score was set to the sweep's 100, but winning all but one of the
    # tricks, clean, scores more: eight clean tricks won and three to play
    # leave ten clean tricks (200) within reach.
    from bugami.solver import _Search

    state = bugami.deal(bugami.Rules(), seed=1)
    for seat, choice in enumerate("SHDC"):
        state = bugami.bid(state, seat, choice)
    search = _Search(state, 0, None, None)
    low, high = search.bounds(8, 0, search.own, 3, 0, 3)
    assert high >= 200
    assert low <= 100


# --- a seat that can keep out of every trick: a lower bound --------------------------------


def keeps_out(state: bugami.Deal, seat: int, start: int) -> bool:
    """Whether ``seat`` can make sure it wins none of the tricks after the
    first ``start``, whatever the others play: every line of play tried."""
    if len(state.tricks) > start and state.tricks[-1].winner == seat:
        return False
    if state.is_over:
        return True
    after = (bugami.play(state, card) for card in bugami.legal_moves(state))
    pick = any if state.to_move == seat else all
    return pick(keeps_out(following, seat, len(state.tricks)) for following in after)


def _hand_mask(cards: str) -> int:
    return sum(1 << bugami.Card(card).index for card in cards.split())


def test_keeps_out_examples() -> None:
    from bugami.solver import _ducks, _keeps_out

    # the seat's 5S and 2S against 6S and 3S: its k-th lowest below theirs
    mine = _hand_mask("5S 2S")
    assert _keeps_out(mine, mine | _hand_mask("6S 3S"))
    assert not _ducks(mine, mine | _hand_mask("6S 3S"))  # 5S is above 3S
    # 7S above their two lowest, 6S and 3S: the 3S led takes the 2S, the 6S the 7S's turn
    mine = _hand_mask("7S 2S")
    assert not _keeps_out(mine, mine | _hand_mask("6S 3S AS"))
    # more cards than theirs: the extra ones are only ever thrown
    mine = _hand_mask("AS 3S 2S")
    assert _keeps_out(mine, mine | _hand_mask("4S"))
    assert not _keeps_out(_hand_mask("AS 2S"), _hand_mask("AS 2S 4S 3S"))
    # another suit, jokers: never led to the seat's loss
    assert _keeps_out(_hand_mask("AH X1"), _hand_mask("AH X1 AS"))


@given(st.integers(0, 2**32 - 1))
def test_keeps_out_means_the_seat_can_win_no_trick(number: int) -> None:
    # Wherever _keeps_out says the seat (not on lead) can keep out of every
    # trick left, a search of every line of play must agree, and the seat's
    # value must be at least what it has (the bound the solver takes).
    from bugami.solver import _keeps_out

    state = _a_trick_start(number)
    if state is None:
        return
    remaining = sum(_hand_mask(" ".join(map(str, hand))) for hand in state.hands if hand)
    for seat in range(state.rules.players):
        mine = _hand_mask(" ".join(map(str, state.hands[seat])))
        if seat == state.to_move or not _keeps_out(mine, remaining):
            continue
        _assert_keeps_what_it_has(state, seat)


def _a_trick_start(number: int) -> bugami.Deal | None:
    """A random endgame of two or three tricks, played on at random to the
    start of a trick; None if that ended the deal."""
    rng = random.Random(number)
    state, _ = endgame(rng, tricks=rng.randint(2, 3))
    while state.current_trick:
        state = bugami.play(state, rng.choice(bugami.legal_moves(state)))
    return None if state.is_over else state


def _assert_keeps_what_it_has(state: bugami.Deal, seat: int) -> None:
    """Every line of play agrees that ``seat`` can keep out of every trick
    left, and its value is at least what it has (the solver's bound)."""
    from bugami.solver import _Search

    assert keeps_out(state, seat, len(state.tricks)), (state, seat)
    search = _Search(state, seat, None, None)
    if search.alone and search.sweep == -1:
        assert minimax(state, seat) >= search.final(search.tricks, search.bugs, -1)


def test_keeps_out_holds_where_ducking_does_not() -> None:
    # The bound applies beyond _ducks (every card below all of the others'),
    # and the solver agrees with the plain search where it does.
    from bugami.solver import _ducks, _keeps_out

    rng = random.Random("keeps-out")
    checked = 0
    for _ in range(300):
        state, seat = endgame(rng, tricks=3)
        while state.current_trick:
            state = bugami.play(state, rng.choice(bugami.legal_moves(state)))
        if state.is_over or state.to_move == seat:
            continue
        remaining = sum(_hand_mask(" ".join(map(str, hand))) for hand in state.hands)
        mine = _hand_mask(" ".join(map(str, state.hands[seat])))
        if _keeps_out(mine, remaining) and not _ducks(mine, remaining):
            assert keeps_out(state, seat, len(state.tricks))
            expected = {
                card: minimax(bugami.play(state, card), seat) for card in bugami.legal_moves(state)
            }
            assert dict(solve(state, seat).move_values) == expected
            checked += 1
    assert checked >= 5


# --- bounds shared between the same cards with other counters --------------------------------


def _points(tricks: int, bugs: int) -> int:
    return 30 if tricks == 0 else 20 * tricks if bugs == 0 else 10 * tricks // bugs


def counter_values(
    state: bugami.Deal, seat: int, counters: list[tuple[int, int]], start: int
) -> list[int]:
    """The value for ``seat`` (alone in its unit, a suit bid) of the play
    from ``state``, for each of ``counters`` (its tricks and bugs before the
    tricks after the first ``start``): every line of play tried."""
    if state.is_over:
        suit = state.bids[seat]
        won = [trick for trick in state.tricks[start:] if trick.winner == seat]
        cards = [card for trick in won for card in trick.cards]
        if state.tricks[-1].winner == seat:
            cards += state.leftover
        bugs = sum(1 for card in cards if card.is_joker or card.suit is suit)
        return [_points(tricks + len(won), had + bugs) for tricks, had in counters]
    lines = [
        counter_values(bugami.play(state, card), seat, counters, start)
        for card in bugami.legal_moves(state)
    ]
    pick = max if state.to_move == seat else min
    return [pick(values) for values in zip(*lines, strict=True)]


@pytest.mark.parametrize("block", range(3))
def test_bounds_shared_between_counters_keep_values_exact(block: int) -> None:
    # One search asked for the same cards with many counters (tricks and bugs
    # so far) in turn: each answer must be the exact value for its counters,
    # though each entry's bounds are tightened by those of the same cards
    # with other counters. (Wrong ways of sharing them fail here.)
    from bugami.solver import _Search

    rng = random.Random(f"siblings-{block}")
    checked = 0
    while checked < 6:
        players = rng.randint(3, 4)
        rules = bugami.Rules(players=players, jokers=rng.choice((0, 1)))
        state = bugami.deal(rules, seed=rng.randrange(2**32))
        state = _bid_all(state, "".join(rng.choice("SH") for _ in range(players)))
        while len(state.tricks) < rules.hand_size - 3:
            state = bugami.play(state, rng.choice(bugami.legal_moves(state)))
        seat = rng.randrange(players)
        if state.bids.count(state.bids[seat]) > 1 and rules.shotgun_wedding:
            continue
        counters = [(tricks, bugs) for tricks in range(4) for bugs in range(5)]
        rng.shuffle(counters)
        expected = counter_values(state, seat, counters, len(state.tricks))
        search = _Search(state, seat, None, None)
        remaining = sum(search.hands)
        leader = search.leader
        for (tricks, bugs), value in zip(counters, expected, strict=True):
            got = search.lead(leader, remaining, tricks, bugs, -1, -1, search.ceiling)
            assert got == value, (state, seat, tricks, bugs)
        checked += 1


@pytest.mark.parametrize("block", range(2))
def test_a_siblings_bounds_enclose_the_value_at_other_counters(block: int) -> None:
    # The rule by which an entry's bounds tighten those of the same cards with
    # other counters, checked pair by pair: an entry holding the exact value
    # for one pair of counters (or only its lower or its upper bound) must
    # leave bounds that enclose the exact value for every other pair. With
    # a trick and a bug at least on both sides, the score is 10 * t // b on
    # every line, so a bound at one pair carries to others beyond those with
    # more tricks and fewer bugs. (Each too-tight variant of the rule tried
    # fails here.)
    from bugami.solver import _Search

    rng = random.Random(f"sibling-pairs-{block}")
    counters = [(tricks, bugs) for tricks in range(6) for bugs in range(9)]
    checked = 0
    while checked < 4:
        players = rng.randint(3, 4)
        rules = bugami.Rules(players=players, jokers=rng.choice((0, 1)))
        state = bugami.deal(rules, seed=rng.randrange(2**32))
        state = _bid_all(state, "".join(rng.choice("SH") for _ in range(players)))
        while len(state.tricks) < rules.hand_size - rng.randint(2, 3):
            state = bugami.play(state, rng.choice(bugami.legal_moves(state)))
        seat = rng.randrange(players)
        expected = dict(
            zip(counters, counter_values(state, seat, counters, len(state.tricks)), strict=True)
        )
        search = _Search(state, seat, None, None)
        top = search.ceiling
        for (tricks, bugs), value in expected.items():
            for (other_tricks, other_bugs), other_value in expected.items():
                for low, high in ((other_value, other_value), (other_value, top), (0, other_value)):
                    search.siblings = {(0,): [[low, high, 0, other_tricks, other_bugs]]}
                    entry = search.sibling_entry((0,), tricks, bugs, 0, top)
                    assert entry[0] <= value <= entry[1], (
                        state, seat, (tricks, bugs), (other_tricks, other_bugs), (low, high)
                    )  # fmt: skip
        checked += 1


def test_another_hand_throws_bug_cards_first_on_the_seats_trick() -> None:
    # Move ordering for a hand that cannot follow: its bug cards first when
    # the seat's side is winning the trick, last otherwise; the same cards
    # as the plain move list either way.
    from bugami.solver import _Search

    state = _bid_all(bugami.deal(bugami.Rules(), seed=1), "SHDC")
    search = _Search(state, 0, None, None)  # seat 0: spades are its bugs
    legal = _hand_mask("AS 9S 7S KH 2H 5C")
    inplay = legal | _hand_mask("8S QH 3C")
    plain = search.moves(legal, inplay)
    spades = range(13)
    first = search.throws(legal, inplay, True)
    last = search.throws(legal, inplay, False)
    assert sorted(first) == sorted(last) == sorted(plain)
    bugs = [index for index in plain if index in spades]
    assert len(bugs) == 2  # AS and 9S are one run (no spade in play between)
    assert first[:2] == bugs
    assert last[-2:] == bugs


@given(st.integers(0, 2**32 - 1))
def test_leads_out_means_the_seat_on_lead_can_win_no_trick(number: int) -> None:
    # Wherever _leads_out says the seat on lead can lose this trick and keep
    # out of every one after it, a search of every line of play must agree,
    # and the seat's value must be at least what it has (the bound the
    # solver takes).
    from bugami.solver import _leads_out

    state = _a_trick_start(number)
    if state is None:
        return
    seat = state.to_move
    assert seat is not None
    hands = [_hand_mask(" ".join(map(str, hand))) for hand in state.hands]
    if _leads_out(hands[seat], hands, sum(hands)):
        _assert_keeps_what_it_has(state, seat)


def test_leads_out_examples() -> None:
    from bugami.solver import _leads_out

    # the 2S led under the other hand's spades (all above it), then the 5H
    # under the 6H: the seat wins nothing
    mine = _hand_mask("2S 5H")
    for theirs in ("3S 6H", "AS 6H"):
        hands = [mine, _hand_mask(theirs), _hand_mask("7D 8D")]
        assert _leads_out(mine, hands, sum(hands)), theirs
    # the 4S is above the other hand's 3S: whatever the seat leads, it is
    # made to win a spade trick
    mine = _hand_mask("4S 5H")
    hands = [mine, _hand_mask("3S 6H"), _hand_mask("7D 8D")]
    assert not _leads_out(mine, hands, sum(hands))
    # nobody else holds spades or hearts: whatever the seat leads wins
    mine = _hand_mask("2S 5H")
    hands = [mine, _hand_mask("9D TD"), _hand_mask("7D 8D")]
    assert not _leads_out(mine, hands, sum(hands))


@pytest.mark.skipif(
    not bugami.solver.__file__.endswith(".py"),
    reason="the compiled build calls _exact directly, past any monkeypatch",
)
def test_each_moves_first_probe_is_the_best_value_before_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A probe above a move's value fails cheaply with a bound near it; one
    # below proves a floor, and each step up proves another: so each move's
    # probes start at the best value of the moves before it, not at the last.
    seen: list[tuple[int | None, int]] = []
    exact = bugami.solver._exact

    def recording(probe: object, guess: int | None, candidates: list[int]) -> int:
        value = exact(probe, guess, candidates)  # type: ignore[arg-type]
        seen.append((guess, value))
        return value

    monkeypatch.setattr(bugami.solver, "_exact", recording)
    rng = random.Random("first probes")
    checked = 0
    for _ in range(200):
        state, seat = endgame(rng, tricks=3)
        seen.clear()
        solve(state, seat)
        if len({value for _, value in seen}) < 2:
            continue
        best = None
        for guess, value in seen:
            assert guess == best
            best = value if best is None else max(best, value)
        checked += 1
    assert checked >= 5  # positions whose moves differ in value were checked


# --- tables kept from one solve to the next (Tables) --------------------------------------


def _along_a_line(state: bugami.Deal, seat: int, rng: random.Random) -> list[bugami.Deal]:
    """The positions of one line of best play from ``state`` for ``seat``
    (a random card among those that keep the value, at every turn)."""
    line = [state]
    while not state.is_over:
        state = bugami.play(state, rng.choice(solve(state, seat, max_nodes=None).best_moves))
        line.append(state)
    return line


@pytest.mark.parametrize("block", range(4))
def test_tables_kept_along_a_line_change_no_value(block: int) -> None:
    rng = random.Random(f"tables along a line {block}")
    for _ in range(6):
        state, seat = endgame(rng)
        tables = Tables()
        for position in _along_a_line(state, seat, rng):
            assert solve(position, seat, tables=tables) == solve(position, seat), position


def test_tables_kept_along_a_line_save_work() -> None:
    rng = random.Random("tables save work")
    state, seat = four_player_position(rng, 6)
    while solve(state, seat).nodes < 1000:  # one that needs a search
        state, seat = four_player_position(rng, 6)
    line = _along_a_line(state, seat, random.Random(1))
    fresh = sum(solve(position, seat).nodes for position in line)
    # (one after another: in the compiled build another search in between
    # may take the C search's room in the table, and its entries with it)
    tables = Tables()
    kept = sum(solve(position, seat, tables=tables).nodes for position in line)
    assert kept < fresh


def test_a_solve_again_with_the_same_tables_reads_what_the_first_found() -> None:
    # In the compiled build this holds only if the C search's entries of an
    # earlier solve are still read after it ages them (Endgame.age).
    rng = random.Random("tables, the same position again")
    state, seat = four_player_position(rng, 6)
    while solve(state, seat).nodes < 10_000:
        state, seat = four_player_position(rng, 6)
    tables = Tables()
    first = solve(state, seat, tables=tables)
    again = solve(state, seat, tables=tables)
    assert again == first
    assert again.nodes * 10 < first.nodes


def test_tables_keep_each_seat_and_start_afresh_for_another_question() -> None:
    rng = random.Random("tables, another question")
    for _ in range(10):
        state, seat = four_player_position(rng, 4)
        other = (seat + 1) % 4
        tables = Tables()
        assert repr(tables) == "Tables(empty)"
        first = solve(state, seat, tables=tables)
        assert repr(tables).startswith(f"Tables(seat={seat}, positions=")
        # another seat: its tables are kept beside the first seat's
        assert solve(state, other, tables=tables) == solve(state, other)
        assert repr(tables).startswith(f"Tables(seats={tuple(sorted((seat, other)))}, ")
        again = solve(state, seat, tables=tables)
        assert again == first
        assert again.nodes < first.nodes or first.nodes == 0
        # the same seat with another bid: another question, searched afresh
        rebid, _ = four_player_position(rng, 4)
        while rebid.bids[seat] == state.bids[seat]:
            rebid, _ = four_player_position(rng, 4)
        fresh = solve(rebid, seat)
        kept = solve(rebid, seat, tables=tables)
        assert kept == fresh
        assert kept.nodes == fresh.nodes
        tables.clear()
        assert repr(tables) == "Tables(empty)"
        assert solve(state, seat, tables=tables) == first


def test_one_tables_kept_for_every_seat_along_a_line() -> None:
    # solve_deal after each card, one Tables for the whole line: each seat's
    # search finds what its own earlier ones stored, as if each seat's line
    # had been solved apart (in the compiled build too: a kept search's C
    # table is its own, never stored over by the others').
    rng = random.Random("tables, every seat")
    state, seat = four_player_position(rng, 5)
    line = _along_a_line(state, seat, rng)
    tables = Tables()
    together = 0
    for position in line:
        solved = solve_deal(position, tables=tables)
        assert solved == solve_deal(position)
        together += sum(solution.nodes for solution in solved.solutions)
    apart = 0
    for other in range(4):
        alone = Tables()
        apart += sum(solve(position, other, tables=alone).nodes for position in line)
    assert together == apart
    assert together < sum(solve_deal(position).nodes for position in line)


def test_tables_serve_another_deal_with_the_same_question() -> None:
    # The tables hold positions, whatever deal they came from.
    rng = random.Random("tables, another deal")
    tables = Tables()
    for _ in range(8):
        rules = bugami.Rules(players=4)
        state = bugami.deal(rules, seed=rng.randrange(2**32))
        for seat, choice in enumerate("SHDC"):
            state = bugami.bid(state, seat, choice)
        while len(state.tricks) < rules.hand_size - 4:
            state = bugami.play(state, rng.choice(bugami.legal_moves(state)))
        assert solve(state, 1, tables=tables) == solve(state, 1)


def test_a_copy_or_a_pickle_of_tables_is_empty() -> None:
    state, seat = four_player_position(random.Random("tables, pickled"), 4)
    tables = Tables()
    expected = solve(state, seat, tables=tables)
    for other in (pickle.loads(pickle.dumps(tables)), copy.copy(tables), copy.deepcopy(tables)):
        assert repr(other) == "Tables(empty)"
        assert solve(state, seat, tables=other) == expected
    assert repr(tables) != "Tables(empty)"


def test_tables_must_be_tables() -> None:
    state, seat = endgame(random.Random(3), tricks=2)
    with pytest.raises(
        bugami.InvalidInputError, match=r"tables must be a bugami\.solver\.Tables or None, not \{\}"
    ):
        solve(state, seat, tables={})  # type: ignore[call-overload]


# --- the compiled build's C search (src/bugami/_endgame.c) ------------------------------
#
# The compiled build hands every trick's start to it, so there the tests above
# (minimax, the reference solver) run on it; the pure build has no C and
# searches in Python. These tests run where the C search is there (the
# compiled build, or a source tree where it was built in place) and compare it
# with the Python search of the same source.

needs_c = pytest.mark.skipif(
    bugami.solver._ENDGAME is None,
    reason="no C search here: the pure build searches in Python only",
)


def test_the_compiled_build_has_the_c_search() -> None:
    if not bugami.COMPILED:
        pytest.skip("the pure build: the C search comes with the compiled build")
    assert bugami.solver._ENDGAME is not None


def _solve_in_python(
    monkeypatch: pytest.MonkeyPatch, state: bugami.Deal, seat: int
) -> Solution[bugami.Card]:
    with monkeypatch.context() as patch:
        patch.setattr(bugami.solver, "_ENDGAME_TRICKS", 0)
        return solve(state, seat, max_nodes=None)


@needs_c
@pytest.mark.parametrize("tricks", [1, 2, 3, 4])
def test_agrees_with_the_python_search_in_every_variant(
    monkeypatch: pytest.MonkeyPatch, tricks: int
) -> None:
    rng = random.Random(f"C search, {tricks} tricks")
    for _ in range(120 if tricks < 4 else 30):
        state, seat = endgame(rng, tricks=tricks)
        expected = _solve_in_python(monkeypatch, state, seat)
        for handed in (1, 2, 99):  # from the last tricks only, to every trick
            monkeypatch.setattr(bugami.solver, "_ENDGAME_TRICKS", handed)
            assert solve(state, seat, max_nodes=None) == expected, (state, seat, handed)


@needs_c
def test_agrees_with_the_python_search_on_longer_four_player_positions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random("C search, 4 players, 6 tricks")
    for _ in range(4):
        state, seat = four_player_position(rng, 6)
        monkeypatch.setattr(bugami.solver, "_ENDGAME_TRICKS", 99)
        assert solve(state, seat, max_nodes=None) == _solve_in_python(monkeypatch, state, seat)


@needs_c
def test_the_limits_hold_inside_the_c_search() -> None:
    state = bugami.deal(bugami.Rules(), seed=7)
    for seat, choice in enumerate("SHDC"):
        state = bugami.bid(state, seat, choice)
    with pytest.raises(SearchLimitError, match="max_nodes=100000 positions \\(13 tricks left\\)"):
        solve(state, 0, max_nodes=100_000)
    with pytest.raises(SearchLimitError, match="ran out of time"):
        solve(state, 0, max_seconds=0.05, max_nodes=None)
    # after a stop, the next search starts clean
    small, seat = endgame(random.Random(5), tricks=2)
    assert solve(small, seat).value == minimax(small, seat)


@needs_c
def test_bad_arguments_to_the_c_search_are_refused() -> None:
    endgame_class = bugami.solver._ENDGAME
    assert endgame_class is not None
    with pytest.raises(ValueError, match="players must be from 2 to 8"):
        endgame_class(9, 0, (0,) * 9, False, 0, 0, 100)
    with pytest.raises(ValueError, match="unit_of must be a tuple"):
        endgame_class(4, 0, (0, 1), False, 0, 0, 100)
    with pytest.raises(ValueError, match="entries must be a power of two"):
        endgame_class(4, 0, (0, 1, 2, 3), False, 0, 0, 100, 1000)
    search = endgame_class(4, 0, (0, 1, 2, 3), False, 0, 0, 100)
    with pytest.raises(ValueError, match="hands must be a list"):
        search.lead([1, 2], 0, 0, 0, -2, -1, 101, -1, None)
    with pytest.raises(ValueError, match="leader must be from 0 to 3"):
        search.lead([1, 2, 4, 8], 4, 0, 0, -2, -1, 101, -1, None)
    with pytest.raises(ValueError, match="the leader holds no card"):
        search.lead([0, 2, 4, 8], 0, 0, 0, -2, -1, 101, -1, None)
    with pytest.raises(TypeError, match="deadline must be a float"):
        search.lead([1, 2, 4, 8], 0, 0, 0, -2, -1, 101, -1, "soon")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="takes no arguments"):
        search.age(1)  # type: ignore[call-arg]


@needs_c
def test_a_table_that_grows_keeps_the_values(monkeypatch: pytest.MonkeyPatch) -> None:
    # A search's share of the table starts small and doubles as it fills:
    # from 4 entries, it grows many times, moving its entries each time.
    rng = random.Random("C search, growing table")
    for _ in range(20):
        state, seat = endgame(rng, tricks=4)
        expected = _solve_in_python(monkeypatch, state, seat)
        monkeypatch.setattr(bugami.solver, "_ENDGAME_ENTRIES", 4)
        assert solve(state, seat, max_nodes=None) == expected, (state, seat)
        monkeypatch.undo()


@needs_c
def test_node_counts_do_not_hang_on_earlier_solves(monkeypatch: pytest.MonkeyPatch) -> None:
    # The C search's table outlives a search; what a search finds there must
    # not depend on the searches before it (else max_nodes would let a
    # position through in one process and not in another).
    monkeypatch.setattr(bugami.solver, "_ENDGAME_ENTRIES", 64)  # so that the table grows
    rng = random.Random("C search, node counts")
    positions = [four_player_position(rng, 6) for _ in range(4)]
    first = [solve(state, seat).nodes for state, seat in positions]
    again = [solve(state, seat).nodes for state, seat in reversed(positions)]
    assert first == again[::-1]
    rules = bugami.Rules(players=5)
    state = bugami.deal(rules, seed=3)
    for seat in range(5):
        state = bugami.bid(state, seat, "SHDCM"[seat])
    while len(state.tricks) < rules.hand_size - 5:
        state = bugami.play(state, bugami.legal_moves(state)[0])
    # another number of players lays the table out afresh
    assert solve(positions[0][0], positions[0][1]).nodes == first[0]
    solve(state, 0)
    assert solve(positions[0][0], positions[0][1]).nodes == first[0]


@needs_c
def test_tables_kept_while_other_searches_grow_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    # A kept search grows its own C table, solve after solve, while searches
    # in between grow the process's (each growth walks the old block by the
    # block's own size, which another search may have left smaller or larger
    # than this search's share), and the values hold.
    monkeypatch.setattr(bugami.solver, "_ENDGAME_ENTRIES", 4)
    rng = random.Random("C search, tables side by side")
    first, first_seat = four_player_position(rng, 5)
    second, second_seat = four_player_position(rng, 5)
    lines = [
        (_along_a_line(first, first_seat, rng), first_seat, Tables()),
        (_along_a_line(second, second_seat, rng), second_seat, None),
    ]
    for step in range(max(len(line) for line, _, _ in lines)):
        for line, seat, tables in lines:
            if step < len(line):
                expected = _solve_in_python(monkeypatch, line[step], seat)
                assert solve(line[step], seat, tables=tables, max_nodes=None) == expected
