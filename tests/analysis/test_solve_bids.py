"""The open-hand value of each bid (solve_bids) and exact bid evaluation
(evaluate_bids(exact=True)), for both games, against the solver and a plain
exhaustive search written here."""

from __future__ import annotations

import functools
import pickle
import random
from typing import Any

import attrs
import pytest

import bugami
from bugami import MISERE, IllegalMoveError, InvalidInputError, Suit, argute
from bugami._kernel.bid_values import best_line
from bugami.analysis.evaluation import BidEvaluation, BidValues, evaluate_bids, solve_bids
from bugami.bots import ArguteHeuristicBot, HeuristicBot, RandomBot
from bugami.solver import SearchLimitError, Tables

# Seat 0 holds the lowest card of every suit it has and is not on lead: it can
# win no trick, so every solve of it is settled at once.
DUCKER = [
    "2C 3C 2D 3D 2H 3H 2S",
    "AC KC QC JC TC 9C 8C",
    "AD KD QD JD TD 9D 8D",
    "AH KH QH JH TH 9H 8H",
    "AS KS QS JS TS 9S 8S",
    "7C 6C 5C 4C 7D 6D 5D",
    "4D 7H 6H 5H 4H 7S 6S",
]


def ducker() -> bugami.Deal:
    return bugami.deal(bugami.Rules(players=7), hands=DUCKER, dealer=0)


# --- Bugami ---------------------------------------------------------------------------


def test_each_bid_is_the_solve_after_it() -> None:
    state = ducker()
    others = {1: "C", 2: "D", 3: "S", 4: "H", 5: "M", 6: "S"}
    result = solve_bids(state, 0, others=others)
    assert result.bids == bugami.legal_bids(state, 0)
    after = state
    for seat, choice in others.items():
        after = bugami.bid(after, seat, choice)
    for made, value in result.by_bid.items():
        assert value == bugami.solve(bugami.bid(after, 0, made), 0).value
    assert result.by_bid[MISERE] == 100  # the seat cannot win a trick
    assert result.others == (
        None,
        Suit.CLUBS,
        Suit.DIAMONDS,
        Suit.SPADES,
        Suit.HEARTS,
        MISERE,
        Suit.SPADES,
    )
    assert result.best == (MISERE,)
    assert result.value == 100


def test_others_default_to_the_heuristic_bot_from_their_own_view() -> None:
    state = ducker()
    bot = HeuristicBot()
    expected = tuple(
        None if seat == 0 else bot.choose_bid(bugami.view(state, seat)) for seat in range(7)
    )
    assert solve_bids(state, 0).others == expected
    assert solve_bids(state, 0, others=HeuristicBot()).others == expected
    # a partial mapping: the seats it leaves out are the bot's
    partial = solve_bids(state, 0, others={3: "M"})
    assert partial.others == (*expected[:3], MISERE, *expected[4:])
    # a bid already made is kept, and may not be named again
    made = bugami.bid(state, 2, "M")
    assert solve_bids(made, 0).others[2] is MISERE
    with pytest.raises(InvalidInputError, match="already bid"):
        solve_bids(made, 0, others={2: "S"})
    # another bot
    assert len(solve_bids(state, 0, others=RandomBot(seed=1)).others) == 7


def test_refusals() -> None:
    state = ducker()
    with pytest.raises(InvalidInputError, match="not a seat still to bid"):
        solve_bids(state, 0, others={0: "S"})
    with pytest.raises(InvalidInputError, match="not a seat still to bid"):
        solve_bids(state, 0, others={9: "S"})
    with pytest.raises(InvalidInputError, match="others must be"):
        solve_bids(state, 0, others="S")  # type: ignore[call-overload]
    with pytest.raises(IllegalMoveError, match="no bid to make"):
        solve_bids(bugami.bid(state, 0, "S"), 0)
    with pytest.raises(InvalidInputError, match="seat must be"):
        solve_bids(state, 7)
    with pytest.raises(InvalidInputError, match="max_nodes"):
        solve_bids(state, 0, max_nodes=0)
    with pytest.raises(InvalidInputError):
        solve_bids(state, 0, others={1: "X"})
    with pytest.raises(InvalidInputError, match="needs a bugami"):
        solve_bids("deal", 0)  # type: ignore[call-overload]


def test_the_bound_covers_the_whole_call() -> None:
    with pytest.raises(SearchLimitError, match="max_nodes=1000"):
        solve_bids(bugami.deal(bugami.Rules(), seed=1), 0, max_nodes=1000)
    with pytest.raises(SearchLimitError):
        solve_bids(bugami.deal(bugami.Rules(), seed=1), 0, max_nodes=None, max_seconds=0.01)
    state = ducker()
    assert solve_bids(state, 0, max_seconds=10**400).value == 100


def test_a_game_is_solved_at_its_current_deal() -> None:
    game = bugami.new_game(bugami.Rules(players=7), seed=3)
    state = game.current
    assert state is not None
    # same deal, so the same values, within the same bound
    try:
        expected = solve_bids(state, 0, max_nodes=5000)
    except SearchLimitError:
        with pytest.raises(SearchLimitError):
            solve_bids(game, 0, max_nodes=5000)
    else:
        assert solve_bids(game, 0, max_nodes=5000) == expected


def test_bid_values_is_an_immutable_value() -> None:
    result = solve_bids(ducker(), 0)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        result.seat = 1  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(result)) == result
    assert hash(result) == hash(pickle.loads(pickle.dumps(result)))
    rows = result.to_rows()
    assert [row["bid"] for row in rows] == ["S", "H", "D", "C", "M"]
    assert [row["best"] for row in rows] == [False] * 4 + [True]
    assert isinstance(result, BidValues)
    assert bugami.solve_bids is solve_bids


# --- Argute ---------------------------------------------------------------------------


@pytest.mark.parametrize("number", range(6))
def test_argute_bids_are_the_solve_after_each(number: int) -> None:
    # (the solver is checked against a plain search in tests/solver; the
    # exact evaluation below is checked against one here)
    rng = random.Random(f"argute-bids-{number}")
    players = rng.choice([2, 3])
    state = argute.deal(argute.Rules(players=players), seed=rng.randrange(2**32))
    others = {other: rng.randint(0, 3) for other in range(1, players)}
    result = argute.solve_bids(state, 0, others=others)
    after = state
    for other, choice in others.items():
        after = argute.bid(after, other, choice)
    for choice, value in result.by_bid.items():
        assert value == argute.solve(argute.bid(after, 0, choice), 0).value, (state, choice)
        assert value in (choice, -1)


def test_argute_others() -> None:
    state = argute.deal(argute.Rules(players=3), seed=5)
    bot = ArguteHeuristicBot()
    expected = tuple(
        None if seat == 1 else bot.choose_bid(argute.view(state, seat)) for seat in range(3)
    )
    result = argute.solve_bids(state, 1)
    assert result.others == expected
    # the other bids do not change what the seat can force
    assert argute.solve_bids(state, 1, others={0: 3, 2: 0}).values == result.values
    with pytest.raises(InvalidInputError, match="others must be"):
        argute.solve_bids(state, 1, others=[0, 1])  # type: ignore[call-overload]
    with pytest.raises(bugami.BugamiError, match=r"is a bot of Bugami .* not of Argute"):
        argute.solve_bids(state, 1, others=HeuristicBot())  # type: ignore[call-overload]
    with pytest.raises(SearchLimitError):
        argute.solve_bids(state, 1, max_nodes=1)


# --- evaluate_bids(exact=True) ----------------------------------------------------------


def test_exact_evaluation_of_a_hand_that_wins_everything() -> None:
    # Seat 1 leads and holds the 17 highest cards of the suits it has: it
    # takes every trick on every imagined deal, so each solve is settled at
    # once (a whole deal of Bugami is otherwise out of the solver's reach).
    top = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH"
    rest = [str(card) for card in bugami.deck() if str(card) not in top.split()]
    hands = [" ".join(rest[:17]), top, " ".join(rest[17:34])]
    state = bugami.deal(bugami.Rules(players=3), hands=hands, dealer=0)
    result = evaluate_bids(bugami.view(state, 1), 1, deals=2, seed=1, exact=True)
    for estimate in result:
        assert estimate.tricks == 17
        if estimate.bid is MISERE:
            assert estimate.points == (0, 0)
            assert estimate.made == 0
        else:
            assert estimate.points == (100, 100)
            assert estimate.sweep == 1


def test_exact_evaluation_scores_each_imagined_hand_by_the_solver() -> None:
    # (a plain search of a whole hand takes seconds; the solver is checked
    # against one in tests/solver)
    state = argute.deal(argute.Rules(players=2), seed=7)
    seen = argute.view(state, 0)
    result = argute.evaluate_bids(seen, 0, deals=3, seed=4, exact=True)
    for number in range(3):
        guess = argute.sample_deal(seen, random.Random(f"4/deal/{number}"))
        imagined = argute.deal(state.rules, hands=guess.hands, dealer=state.dealer)
        imagined = argute.bid(imagined, 1, 0)  # the other bid does not change the value
        for estimate in result:
            expected = argute.solve(argute.bid(imagined, 0, estimate.bid), 0).value
            assert estimate.points[number] == expected
    for estimate in result:
        assert estimate.made == sum(p >= 0 for p in estimate.points) / 3


def test_an_evaluation_records_whether_it_was_exact() -> None:
    state = argute.deal(argute.Rules(players=2), seed=7)
    exact = argute.evaluate_bids(state, 0, deals=2, seed=4, exact=True)
    played = argute.evaluate_bids(state, 0, deals=2, seed=4)
    assert (exact.exact, played.exact) == (True, False)
    assert exact.to_dict()["exact"] is True
    assert played.to_dict()["exact"] is False
    assert exact != attrs.evolve(exact, exact=False)  # part of what the evaluation is
    assert pickle.loads(pickle.dumps(exact)) == exact
    # A pickle made before the field was added has no "exact": it loads as False.
    state_dict = exact.__getstate__()
    del state_dict["exact"]
    old = BidEvaluation.__new__(BidEvaluation)
    old.__setstate__(state_dict)
    assert old.exact is False
    assert old == attrs.evolve(exact, exact=False)


def test_exact_evaluation_refuses_a_deal_beyond_the_bound() -> None:
    state = bugami.deal(bugami.Rules(), seed=2)
    with pytest.raises(SearchLimitError, match="exact=False"):
        evaluate_bids(state, 0, deals=2, seed=1, exact=True, max_nodes=500)
    with pytest.raises(InvalidInputError, match="exact must be"):
        evaluate_bids(state, 0, deals=2, seed=1, exact=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="max_nodes"):
        evaluate_bids(state, 0, deals=2, seed=1, exact=True, max_nodes=-1)
    # without exact=True the bound is not used
    assert evaluate_bids(state, 0, deals=2, seed=1, max_nodes=1).deals == 2


@pytest.mark.parametrize("number", range(20))
def test_the_line_of_best_play_scores_the_solvers_value(number: int) -> None:
    rng = random.Random(f"best-line-{number}")
    rules = bugami.Rules(players=rng.randint(3, 5), jokers=rng.randint(0, 2))
    state = bugami.deal(rules, seed=rng.randrange(2**32))
    for seat in range(rules.players):
        state = bugami.bid(state, seat, rng.choice("SHDCM"))
    while len(state.tricks) < rules.hand_size - 3:
        state = bugami.play(state, rng.choice(bugami.legal_moves(state)))
    seat = rng.randrange(rules.players)
    done = best_line(state, seat, None, bugami.solve, bugami.play, SearchLimitError)
    assert done.is_over
    assert done.tricks[: len(state.tricks)] == state.tricks
    assert bugami.score(done)[seat] == bugami.solve(state, seat).value
    # the same line with the solver's tables kept from one card to the next,
    # as evaluate_bids(exact=True) plays it
    kept = functools.partial(bugami.solve, tables=Tables())
    assert best_line(state, seat, None, kept, bugami.play, SearchLimitError) == done


# --- a bot of the other game ------------------------------------------------------------


def test_a_bot_of_the_other_game_is_named_as_such() -> None:
    # The two games' bot protocols have the same shape: before, a bot of the
    # other game passed as one and failed later with its own message.
    bugami_state = bugami.deal(bugami.Rules(players=3), seed=1)
    argute_state = argute.deal(argute.Rules(players=3), seed=1)
    with pytest.raises(InvalidInputError) as refused:
        argute.solve_bids(argute_state, 0, others=HeuristicBot())  # type: ignore[call-overload]
    assert str(refused.value) == (
        "others is a bot of Bugami (HeuristicBot()), not of Argute: "
        "give a bot of Argute (see bugami.bots.ArguteBot)"
    )
    with pytest.raises(InvalidInputError) as refused:
        bugami.solve_bids(bugami_state, 0, others=ArguteHeuristicBot())  # type: ignore[call-overload]
    assert str(refused.value) == (
        "others is a bot of Argute (ArguteHeuristicBot()), not of Bugami: "
        "give a bot of Bugami (see bugami.bots.Bot)"
    )
    # A subclass of a library bot plays its parent's game.

    class Mine(ArguteHeuristicBot):
        pass

    with pytest.raises(InvalidInputError, match=r"^others is a bot of Argute .*not of Bugami"):
        bugami.solve_bids(bugami_state, 0, others=Mine())  # type: ignore[call-overload]
    # A bot of the game itself, or a user's own, is taken as before.
    assert argute.solve_bids(argute_state, 0, others=ArguteHeuristicBot()).seat == 0


class _Index:
    """An int-like that is no int (as a NumPy integer): it has ``__index__``."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_int_like_bounds_are_read_as_ints() -> None:
    # such bounds passed the checks, then failed in the arithmetic that shares
    # them among the bids or the solves of a line (TypeError)
    state = argute.deal(argute.Rules(players=3), seed=5)
    expected = argute.solve_bids(state, 1)
    assert argute.solve_bids(state, 1, max_nodes=_Index(10**7)) == expected  # type: ignore[call-overload]
    assert argute.solve_bids(state, 1, max_seconds=_Index(600)) == expected  # type: ignore[call-overload]
    seen = argute.view(state, 1)
    exact = argute.evaluate_bids(seen, 1, deals=2, seed=1, exact=True)
    bound: Any = _Index(10**7)
    assert argute.evaluate_bids(seen, 1, deals=2, seed=1, exact=True, max_nodes=bound) == exact


def test_a_bot_class_is_no_bot_for_others() -> None:
    # regression: a bot's class passed the protocol's isinstance check, then
    # failed with a bare TypeError when asked for a bid
    state = bugami.deal(bugami.Rules(players=3), seed=2)
    with pytest.raises(InvalidInputError, match="others must be a mapping of seats to bids, a bot"):
        bugami.solve_bids(state, 0, others=HeuristicBot)  # type: ignore[call-overload]
    hand = argute.deal(argute.Rules(players=3), seed=5)
    with pytest.raises(InvalidInputError, match="others must be"):
        argute.solve_bids(hand, 1, others=ArguteHeuristicBot)  # type: ignore[call-overload]
