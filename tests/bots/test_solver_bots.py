"""The solver-based bots: SolverBot (Bugami) and ArguteSolverBot (Argute)."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bugami
from bugami import argute
from bugami.analysis.simulate import simulate
from bugami.bots import ArguteSolverBot, Bot, HeuristicBot, SolverBot, make_bot, play_out
from bugami.bots.argute import ArguteBot


def test_make_bot_builds_them() -> None:
    assert make_bot("solver:4").name == "solver(4)"
    assert make_bot("solver").name == "solver(16)"
    assert isinstance(make_bot("solver:3", game="argute"), ArguteSolverBot)
    assert isinstance(make_bot("solver"), Bot)
    assert isinstance(make_bot("solver", game="argute"), ArguteBot)
    assert make_bot("solver:2s").name == "solver(2s)"
    for spec in ("solver:x", "solver:0s", "solver:-1", "solver:0", "solver:100001"):
        with pytest.raises(bugami.InvalidInputError, match="bad solver budget"):
            make_bot(spec)
    for spec in ("solvers", "solve"):
        with pytest.raises(bugami.InvalidInputError, match="unknown bot"):
            make_bot(spec)


def test_bad_budgets() -> None:
    for kind in (SolverBot, ArguteSolverBot):
        with pytest.raises(bugami.InvalidInputError, match="samples must be"):
            kind(samples=0)
        with pytest.raises(bugami.InvalidInputError, match="bid_samples must be"):
            kind(bid_samples=0)
        with pytest.raises(bugami.InvalidInputError, match="endgame must be"):
            kind(endgame=-1)
        with pytest.raises(bugami.InvalidInputError, match="max_nodes must be"):
            kind(max_nodes=True)
        with pytest.raises(bugami.InvalidInputError, match="seed"):
            kind(seed=1.5)  # type: ignore[arg-type]
        # regressions: no upper bound (a bot that never finished a decision), None
        # multiplied before it was checked (TypeError), a NumPy product that
        # overflowed and was blamed on bid_samples, and a bool taken as a seed
        with pytest.raises(bugami.InvalidInputError, match="samples must be an int from 1 to"):
            kind(samples=10**400)
        with pytest.raises(bugami.InvalidInputError, match="seconds must be a positive number up"):
            kind(seconds=10**400)
        with pytest.raises(bugami.InvalidInputError, match=r"^samples must be"):
            kind(samples=None)  # type: ignore[arg-type]
        with pytest.raises(bugami.InvalidInputError, match=r"^samples must be"):
            kind(samples=2**62)
        with pytest.raises(bugami.InvalidInputError, match="a bot seed is an int"):
            kind(seed=True)
    assert ArguteSolverBot(samples=100_000).bid_samples == 100_000  # four times, within the bound


def test_time_budgets_are_plain_numbers() -> None:
    # regression: make_bot read times with float(), so "1_0s", "+5s", "٣s" and
    # "5e-324s" were taken where the same counts were refused
    for spec in ("search:1_0s", "search:+5s", "search:\u0663s", "search:5e-324s", "search:3601s"):
        with pytest.raises(bugami.InvalidInputError, match="bad search budget"):
            make_bot(spec)
    assert make_bot("search:0.25s").name == "search(0.25s)"


def test_only_views_are_accepted() -> None:
    state = bugami.deal(bugami.Rules(), seed=3)
    bot = SolverBot(samples=1)
    with pytest.raises(bugami.InvalidInputError, match="given a view, not a full Deal"):
        bot.choose_bid(state)  # type: ignore[arg-type]
    for seat in range(4):
        state = bugami.bid(state, seat, "S")
    with pytest.raises(bugami.InvalidInputError, match="given a view, not a full Deal"):
        bot.choose_card(state)  # type: ignore[arg-type]
    game = bugami.new_game(bugami.Rules(), seed=3)
    with pytest.raises(bugami.InvalidInputError, match="not a full Game"):
        bot.choose_bid(game)  # type: ignore[arg-type]
    hand = argute.deal(argute.Rules(), seed=3)
    with pytest.raises(bugami.InvalidInputError, match="view of Argute"):
        bot.choose_bid(argute.view(hand, 0))  # type: ignore[arg-type]
    other = ArguteSolverBot(samples=1)
    with pytest.raises(bugami.InvalidInputError, match="not a full Argute Deal"):
        other.choose_bid(hand)  # type: ignore[arg-type]
    with pytest.raises(bugami.InvalidInputError, match="Argute DealView"):
        other.choose_bid(bugami.view(state, 0))  # type: ignore[arg-type]


def test_out_of_turn_is_refused() -> None:
    state = bugami.deal(bugami.Rules(), seed=3)
    for seat in range(4):
        state = bugami.bid(state, seat, "S")
    idle = (state.to_move + 1) % 4  # type: ignore[operator]
    with pytest.raises(bugami.IllegalMoveError, match="not seat"):
        SolverBot(samples=1).choose_card(bugami.view(state, idle))
    with pytest.raises(bugami.IllegalMoveError, match="no bid to make"):
        SolverBot(samples=1).choose_bid(bugami.view(state, 0))
    hand = argute.deal(argute.Rules(players=3), seed=3)
    with pytest.raises(bugami.IllegalMoveError, match="not seat 0's turn"):
        ArguteSolverBot(samples=1).choose_card(argute.view(hand, 0))
    for seat in range(3):
        hand = argute.bid(hand, seat, 1)
    with pytest.raises(bugami.IllegalMoveError, match="no bid to make"):
        ArguteSolverBot(samples=1).choose_bid(argute.view(hand, 0))


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
@pytest.mark.parametrize(("jokers", "shotgun"), [(0, False), (2, True), (5, False)])
def test_legal_in_every_variant(players: int, jokers: int, shotgun: bool) -> None:
    rules = bugami.Rules(players=players, jokers=jokers, shotgun_wedding=shotgun)
    state = bugami.deal(rules, seed=f"{players}/{jokers}/{shotgun}")
    table = [SolverBot(seed=seat, samples=1, endgame=3) for seat in range(players)]
    done = play_out(state, table)  # play_out would raise on an illegal card or bid
    assert done.is_over
    assert None not in done.bids


@settings(max_examples=6)
@given(st.integers(3, 5), st.integers(0, 3), st.booleans(), st.integers(0, 2**32 - 1))
def test_legal_against_other_bots(players: int, jokers: int, shotgun: bool, seed: int) -> None:
    rules = bugami.Rules(players=players, jokers=jokers, shotgun_wedding=shotgun)
    table: list[Bot] = [SolverBot(seed=seed, samples=2, endgame=4)]
    table += [HeuristicBot()] * (players - 1)
    done = play_out(bugami.deal(rules, seed=seed), table)
    assert done.is_over


@pytest.mark.parametrize("players", [2, 3, 4, 5, 7])
def test_argute_legal_at_every_table(players: int) -> None:
    state = argute.deal(argute.Rules(players=players), seed=players)
    table = [ArguteSolverBot(seed=seat, samples=2) for seat in range(players)]
    done = play_out(state, table)
    assert done.is_over
    assert len(argute.score(done)) == players


def test_deterministic_from_the_seed() -> None:
    state = bugami.deal(bugami.Rules(players=3), seed=21)
    first = play_out(state, [SolverBot(seed=seat, samples=2) for seat in range(3)])
    again = play_out(state, [SolverBot(seed=seat, samples=2) for seat in range(3)])
    assert first == again
    bot = SolverBot(seed=4, samples=2)
    seen = bugami.view(state, 0)
    choice = bot.choose_bid(seen)
    bot.reset(4)
    assert bot.choose_bid(seen) == choice
    hand = argute.deal(argute.Rules(players=3), seed=21)
    one = play_out(hand, [ArguteSolverBot(seed=seat, samples=2) for seat in range(3)])
    two = play_out(hand, [ArguteSolverBot(seed=seat, samples=2) for seat in range(3)])
    assert one == two


def test_bid_samples() -> None:
    assert SolverBot(samples=4).bid_samples == 4
    assert ArguteSolverBot(samples=4).bid_samples == 16
    assert ArguteSolverBot(samples=4, bid_samples=5).bid_samples == 5
    seen = bugami.view(bugami.deal(bugami.Rules(), seed=5), 1)
    one = SolverBot(seed=3, samples=1, bid_samples=6).choose_bid(seen)
    assert one == SolverBot(seed=3, samples=9, bid_samples=6).choose_bid(seen)


def test_simulate_and_pickle() -> None:
    bot = SolverBot(seed=1, samples=2)
    assert pickle.loads(pickle.dumps(bot)).name == "solver(2)"
    assert repr(bot) == "SolverBot(samples=2, endgame=5)"
    assert repr(ArguteSolverBot(samples=3)) == "ArguteSolverBot(samples=3, endgame=2)"
    assert ArguteSolverBot().name == "solver(32)"
    result = simulate(
        bugami.Rules(players=3), [bot, HeuristicBot(), HeuristicBot()], deals=2, seed=1, workers=0
    )
    assert [row.bot for row in result.rows[:3]] == ["solver(2)", "heuristic", "heuristic"]
    hands = simulate(
        argute.Rules(players=3), [make_bot("solver:2", game="argute")] * 3, deals=2, workers=0
    )
    assert {row.bot for row in hands.rows} == {"solver(2)"}


def test_solver_is_used_in_the_endgame() -> None:
    # Two tricks from the end, every sample is solved: the bot keeps a card
    # that, on the real layout too, is worth at least as much as a rollout.
    state = bugami.deal(bugami.Rules(), seed=30)
    for seat, choice in enumerate("SHDC"):
        state = bugami.bid(state, seat, choice)
    while len(state.tricks) < 11:
        state = bugami.play(state, bugami.legal_moves(state)[0])
    assert state.to_move is not None
    seen = bugami.view(state, state.to_move)
    card = SolverBot(seed=2, samples=8, endgame=2).choose_card(seen)
    assert card in seen.legal_moves()
