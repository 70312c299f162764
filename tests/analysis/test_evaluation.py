"""Bid evaluation (bugami.analysis.evaluation, bugami.argute.evaluation)."""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bugami
from bugami import MISERE, IllegalMoveError, InvalidInputError, Suit, argute, evaluate_bids
from bugami.bots import ArguteHeuristicBot, Bot, HeuristicBot, RandomBot, play_out


def mean_and_stderr(values: Sequence[float]) -> tuple[float, float]:
    mean = sum(values) / len(values)
    variance = sum((value - mean) ** 2 for value in values) / (len(values) - 1)
    return mean, math.sqrt(variance / len(values))


# --- reproducibility and shape ------------------------------------------------------


@settings(max_examples=5, deadline=None)
@given(st.integers(3, 7), st.integers(0, 2), st.booleans(), st.integers(0, 10**6))
def test_reproducible_from_the_seed(players: int, jokers: int, shotgun: bool, seed: int) -> None:
    rules = bugami.Rules(players=players, jokers=jokers, shotgun_wedding=shotgun)
    state = bugami.deal(rules, seed=seed)
    seat = seed % players
    first = evaluate_bids(bugami.view(state, seat), seat, deals=4, seed=seed)
    assert first == evaluate_bids(state, seat, deals=4, seed=seed)
    assert [estimate.bid for estimate in first] == [*Suit, MISERE]
    for estimate in first:
        assert estimate.deals == len(estimate.points) == 4
        assert (estimate.mean, estimate.stderr) == pytest.approx(mean_and_stderr(estimate.points))
        assert estimate.low == pytest.approx(estimate.mean - 1.96 * estimate.stderr)
        assert estimate.high == pytest.approx(estimate.mean + 1.96 * estimate.stderr)
        assert 0 <= estimate.tricks <= rules.hand_size


def test_a_full_state_gives_only_what_the_seat_sees() -> None:
    state = bugami.bid(bugami.deal(bugami.Rules(), seed=8), 2, "H")
    game = bugami.new_game(bugami.Rules(), seed=3)
    by_view = evaluate_bids(bugami.view(state, 0), 0, deals=6, seed="v")
    assert evaluate_bids(state, 0, deals=6, seed="v") == by_view
    # Another deal with the same hand for seat 0 and the same public facts.
    other = bugami.deal_where(
        bugami.Rules(), seed=1, fixed={0: state.hands[0]}, dealer=state.dealer
    )
    other = bugami.bid(other, 2, "S")
    assert evaluate_bids(other, 0, deals=6, seed="v") == by_view
    assert evaluate_bids(bugami.view(game, 1), 1, deals=3, seed=1) == evaluate_bids(
        game, 1, deals=3, seed=1
    )
    assert evaluate_bids(state, 0, deals=6, seed="w") != by_view


def test_made_and_sweep_mean_what_they_say() -> None:
    state = bugami.deal(bugami.Rules(players=5), seed=21)
    result = evaluate_bids(state, 4, deals=60, seed=2)
    misere = result[MISERE]
    assert misere.made == sum(points == 100 for points in misere.points) / 60
    assert misere.sweep is None
    for suit in Suit:
        estimate = result[suit]
        assert estimate.made is None
        assert estimate.sweep is not None
        assert estimate.sweep <= sum(points == 100 for points in estimate.points) / 60
    mean, stderr = result.difference("S", "M")
    assert (mean, stderr) == pytest.approx(
        mean_and_stderr([a - b for a, b in zip(result["S"].points, misere.points, strict=True)])
    )


def test_the_result_converts_to_plain_data_and_text() -> None:
    result = evaluate_bids(bugami.deal(bugami.Rules(), seed=5), 1, deals=5, seed=3)
    data = json.loads(json.dumps(result.to_dict()))
    assert data["seat"] == 1
    assert data["deals"] == 5
    assert data["bots"] == ["heuristic"] * 4
    assert [line["bid"] for line in data["bids"]] == ["S", "H", "D", "C", "M"]
    best = max(data["bids"], key=lambda line: line["mean"])
    assert data["best"] == best["bid"]
    rows = result.to_rows()
    assert [row["bid"] for row in rows] == ["S", "H", "D", "C", "M"]
    assert all(row["seat"] == 1 for row in rows)
    lines = result.table().splitlines()
    assert len(lines) == 6
    assert lines[0].split()[:3] == ["bid", "deals", "mean"]
    assert str(result) == result.table()
    assert repr(result).startswith("<BidEvaluation for seat 1 over 5 deals: S ")
    assert len(result) == 5
    assert result["misere"] is result[MISERE]
    with pytest.raises(InvalidInputError, match="no estimate for the bid 'X'"):
        result["X"]
    assert (
        json.loads(
            json.dumps(
                evaluate_bids(
                    bugami.deal(bugami.Rules(), seed=5), 1, deals=2, seed=b"\x01"
                ).to_dict()
            )
        )["seed"]
        == "01"
    )


def test_other_bots_are_used_at_every_seat() -> None:
    state = bugami.deal(bugami.Rules(players=3), seed=4)
    table: list[Bot] = [RandomBot(), HeuristicBot(), RandomBot()]
    result = evaluate_bids(state, 1, deals=4, bots=table, seed=1)
    assert result.bots == ("random", "heuristic", "random")
    assert evaluate_bids(state, 1, deals=4, bots=RandomBot(), seed=1).bots == ("random",) * 3
    # The bots given are copied: their own generators are left alone.
    assert evaluate_bids(state, 1, deals=4, bots=table, seed=1) == result


def test_bad_requests_are_refused() -> None:
    state = bugami.deal(bugami.Rules(), seed=1)
    with pytest.raises(IllegalMoveError, match="seat 0 has no bid to make now"):
        evaluate_bids(bugami.bid(state, 0, "S"), 0, deals=2)
    with pytest.raises(
        InvalidInputError, match="this is seat 1's view: it cannot evaluate seat 0's bids"
    ):
        evaluate_bids(bugami.view(state, 1), 0, deals=2)
    with pytest.raises(InvalidInputError, match="deals must be an int from 2 to 10000000, not 1"):
        evaluate_bids(state, 0, deals=1)
    with pytest.raises(InvalidInputError, match="expected 4 bots, one per seat, not 2"):
        evaluate_bids(state, 0, deals=2, bots=[HeuristicBot()] * 2)
    with pytest.raises(InvalidInputError, match="is not a bot"):
        evaluate_bids(state, 0, deals=2, bots=[HeuristicBot()] * 3 + ["x"])  # type: ignore[list-item]
    with pytest.raises(InvalidInputError, match="a seed is an int, a str or bytes"):
        evaluate_bids(state, 0, deals=2, seed=1.0)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="evaluate_bids needs a view"):
        evaluate_bids(argute.deal(argute.Rules(), seed=1), 0, deals=2)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="seat must be a seat from 0 to 3"):
        evaluate_bids(state, 7, deals=2)
    with pytest.raises(InvalidInputError, match="bots is a bot"):
        evaluate_bids(state, 0, deals=2, bots="heuristic")  # type: ignore[arg-type]


# --- against an independent estimate -----------------------------------------------------


def test_agrees_with_a_plain_monte_carlo_estimate() -> None:
    # The seat's hand fixed and the rest dealt uniformly is all a seat knows
    # before the reveal: a plain loop over deal_where and the verbs must give
    # the same means, within the noise of both.
    rules = bugami.Rules(players=4)
    start = bugami.deal(rules, seed=2026)
    seat = 2
    deals = 120
    result = evaluate_bids(start, seat, deals=deals, seed="check")
    bots = [HeuristicBot() for _ in range(4)]
    plain: dict[bugami.Bid, list[int]] = {choice: [] for choice in (*Suit, MISERE)}
    for state in bugami.deals_where(
        rules, seed="plain", fixed={seat: start.hands[seat]}, dealer=start.dealer, count=deals
    ):
        for other in range(4):
            if other != seat:
                state = bugami.bid(state, other, bots[other].choose_bid(bugami.view(state, other)))
        for choice, points in plain.items():
            done = play_out(bugami.bid(state, seat, choice), bots)
            points.append(bugami.score(done)[seat])
    for estimate in result:
        mean, stderr = mean_and_stderr(plain[estimate.bid])
        noise = math.hypot(stderr, estimate.stderr)
        assert abs(mean - estimate.mean) <= 4 * noise + 1e-9, (estimate.bid, mean, estimate.mean)


def exact_argute(hand: tuple[int, ...], dealer: int) -> dict[int, tuple[float, float]]:
    """Seat 0's exact mean and standard deviation of points for each bid, two
    players, heuristic bots: every hand seat 1 could hold, weighted by the
    number of ways the unseen cards give it."""
    unseen = [7 - hand.count(value) for value in range(6)]
    rules = argute.Rules(players=2)
    bot = ArguteHeuristicBot()
    totals: dict[int, list[tuple[int, int]]] = {choice: [] for choice in range(4)}
    for counts in itertools.product(*(range(n + 1) for n in unseen)):
        if sum(counts) != 6:
            continue
        weight = math.prod(math.comb(n, k) for n, k in zip(unseen, counts, strict=True))
        other = [value for value, k in enumerate(counts) for _ in range(k)]
        state = argute.deal(rules, hands=[hand, other], dealer=dealer)
        state = argute.bid(state, 1, bot.choose_bid(argute.view(state, 1)))
        for choice, results in totals.items():
            done = play_out(argute.bid(state, 0, choice), [bot, bot])
            results.append((weight, argute.score(done)[0]))
    exact = {}
    for choice, results in totals.items():
        total = sum(weight for weight, _ in results)
        mean = sum(weight * points for weight, points in results) / total
        variance = sum(weight * (points - mean) ** 2 for weight, points in results) / total
        exact[choice] = (mean, math.sqrt(variance))
    assert total == math.comb(36, 6)
    return exact


@pytest.mark.parametrize(("hand", "dealer"), [((0, 1, 3, 4, 5, 5), 1), ((0, 0, 2, 2, 3, 4), 0)])
def test_agrees_with_the_exact_value_of_a_small_argute_case(
    hand: tuple[int, ...], dealer: int
) -> None:
    exact = exact_argute(hand, dealer)
    # Seat 1's hand is unseen by seat 0: any will do.
    other = [value for value in range(6) for _ in range(7 - hand.count(value))][:6]
    state = argute.deal(argute.Rules(players=2), hands=[hand, other], dealer=dealer)
    deals = 400
    result = argute.evaluate_bids(argute.view(state, 0), 0, deals=deals, seed="exact")
    for estimate in result:
        mean, deviation = exact[estimate.bid]
        assert abs(estimate.mean - mean) <= 4 * deviation / math.sqrt(deals) + 1e-9, (
            estimate.bid,
            mean,
        )


# --- Argute -------------------------------------------------------------------------------


def test_argute_evaluation() -> None:
    state = argute.deal(argute.Rules(players=3), seed=4)
    result = argute.evaluate_bids(state, 1, deals=10, seed=9)
    assert result == argute.evaluate_bids(argute.view(state, 1), 1, deals=10, seed=9)
    assert [estimate.bid for estimate in result] == [0, 1, 2, 3]
    for estimate in result:
        # An exact bid scores the bid; a missed one -1.
        exact = sum(points == estimate.bid for points in estimate.points) / 10
        assert estimate.made == pytest.approx(exact)
        assert estimate.sweep is None
    assert result["2"] is result[2]
    assert result.to_rows()[0]["bid"] == "0"
    game = argute.new_game(argute.Rules(players=2), seed=1)
    assert argute.evaluate_bids(game, 0, deals=3, seed=1) == argute.evaluate_bids(
        argute.view(game, 0), 0, deals=3, seed=1
    )
    with pytest.raises(IllegalMoveError, match="seat 0 has no bid"):
        argute.evaluate_bids(argute.bid(state, 0, 1), 0, deals=2)
    with pytest.raises(InvalidInputError, match="needs a view, a hand or a game of Argute"):
        argute.evaluate_bids(bugami.deal(bugami.Rules(), seed=1), 0, deals=2)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="HeuristicBot plays Bugami"):
        argute.evaluate_bids(state, 0, deals=2, bots=[HeuristicBot()] * 3)  # type: ignore[list-item]
    with pytest.raises(InvalidInputError, match="seat 2's view"):
        argute.evaluate_bids(argute.view(state, 2), 0, deals=2)
