"""The inference bots: InferenceBot (Bugami) and ArguteInferenceBot (Argute)."""

from __future__ import annotations

import math
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bugami
from bugami import MISERE, Suit, argute
from bugami.bots import (
    BEST,
    ArguteInferenceBot,
    Bot,
    HeuristicBot,
    InferenceBot,
    SolverBot,
    make_bot,
    play_out,
)
from bugami.bots.argute import ArguteBot, ArguteHeuristicBot
from bugami.bots.calibrated import ArguteCalibratedBot
from bugami.bots.heuristic import heuristic_bid
from bugami.bots.inference import (
    BID_MODELS,
    FITTED_BID_MODELS,
    bid_features,
    bid_likelihood,
    fitted_bid_likelihood,
)
from bugami.core.cards import parse_cards


def _mask(text: str) -> int:
    return sum(1 << card.index for card in parse_cards(text))


def test_make_bot_builds_them() -> None:
    assert make_bot("infer").name == "infer(16)"
    assert make_bot("infer:4").name == "infer(4)"
    assert make_bot("INFER:0.5s").name == "infer(0.5s)"
    assert make_bot("infer:0.5s").seconds == 0.5  # type: ignore[attr-defined]
    assert isinstance(make_bot("infer"), Bot)
    assert isinstance(make_bot("infer:3", game="argute"), ArguteInferenceBot)
    assert isinstance(make_bot("infer:0.1s", game="argute"), ArguteBot)
    best = make_bot("best", seed=3)
    assert isinstance(best, InferenceBot)
    assert best.samples == 48
    assert BEST["bugami"] == "infer:48"
    argute_best = make_bot("best", game="argute")
    assert isinstance(argute_best, ArguteCalibratedBot)
    assert argute_best.samples == 80
    for spec in ("infer:x", "infer:-1", "infer:0", "infer:0s", "infer:100001", "infer:9999s"):
        with pytest.raises(bugami.InvalidInputError, match="bad infer budget"):
            make_bot(spec)
    for spec in ("best:4", "inference", "bestest"):
        with pytest.raises(bugami.InvalidInputError, match=r"unknown bot.*infer:Ns or best"):
            make_bot(spec)


@pytest.mark.parametrize("kind", [InferenceBot, ArguteInferenceBot])
def test_bad_settings(kind: type[InferenceBot] | type[ArguteInferenceBot]) -> None:
    with pytest.raises(bugami.InvalidInputError, match="samples must be"):
        kind(samples=0)
    with pytest.raises(bugami.InvalidInputError, match="pool must be an int of at least 1"):
        kind(pool=0)
    with pytest.raises(bugami.InvalidInputError, match="pool must be"):
        kind(pool=2.0)  # type: ignore[arg-type]
    with pytest.raises(bugami.InvalidInputError, match="seconds must be a positive"):
        kind(seconds=0)
    with pytest.raises(bugami.InvalidInputError, match="seconds must be a positive"):
        kind(seconds=math.inf)
    with pytest.raises(bugami.InvalidInputError, match="play_odds must be a positive"):
        kind(play_odds=-1.0)
    # regressions: an int too large for a float (OverflowError), and a bool
    with pytest.raises(bugami.InvalidInputError, match="play_odds must be a positive"):
        kind(play_odds=10**400)
    with pytest.raises(bugami.InvalidInputError, match="play_odds must be a positive"):
        kind(play_odds=True)
    with pytest.raises(bugami.InvalidInputError, match="seed"):
        kind(seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(bugami.InvalidInputError, match="bid_temperature must be a positive"):
        InferenceBot(bid_temperature=0)


def test_names_and_reprs() -> None:
    assert InferenceBot(samples=8, pool=3).name == "infer(8)"
    assert repr(InferenceBot(samples=8, pool=3)) == "InferenceBot(samples=8, pool=3)"
    assert repr(InferenceBot(seconds=0.25)) == "InferenceBot(seconds=0.25, pool=4)"
    assert repr(ArguteInferenceBot(samples=8)) == "ArguteInferenceBot(samples=8, pool=3)"
    assert repr(ArguteInferenceBot(seconds=1)) == "ArguteInferenceBot(seconds=1, pool=3)"


def test_only_views_are_accepted() -> None:
    state = bugami.deal(bugami.Rules(), seed=3)
    bot = InferenceBot(samples=1)
    with pytest.raises(bugami.InvalidInputError, match="given a view, not a full Deal"):
        bot.choose_bid(state)  # type: ignore[arg-type]
    for seat in range(4):
        state = bugami.bid(state, seat, "S")
    with pytest.raises(bugami.InvalidInputError, match="given a view, not a full Deal"):
        bot.choose_card(state)  # type: ignore[arg-type]
    with pytest.raises(bugami.InvalidInputError, match="not a full Game"):
        bot.choose_bid(bugami.new_game(bugami.Rules(), seed=3))  # type: ignore[arg-type]
    hand = argute.deal(argute.Rules(), seed=3)
    with pytest.raises(bugami.InvalidInputError, match="view of Argute"):
        bot.choose_bid(argute.view(hand, 0))  # type: ignore[arg-type]
    other = ArguteInferenceBot(samples=1)
    with pytest.raises(bugami.InvalidInputError, match="given a view, not a full Argute"):
        other.choose_bid(hand)  # type: ignore[arg-type]
    for seat in range(4):
        hand = argute.bid(hand, seat, 1)
    with pytest.raises(bugami.InvalidInputError, match="given a view, not a full Argute"):
        other.choose_card(hand)  # type: ignore[arg-type]


def test_wrong_turn_is_refused() -> None:
    state = bugami.deal(bugami.Rules(), seed=4)
    for seat in range(4):
        state = bugami.bid(state, seat, "H")
    idle = (state.to_move + 1) % 4  # type: ignore[operator]
    with pytest.raises(bugami.IllegalMoveError, match="not seat"):
        InferenceBot(samples=1).choose_card(bugami.view(state, idle))
    with pytest.raises(bugami.IllegalMoveError, match="no bid to make"):
        InferenceBot(samples=1).choose_bid(bugami.view(state, idle))


def test_bid_likelihood_reads_the_heuristic() -> None:
    hand = _mask("AS KS 9S QH 8H 6H 5H 3H KD 2D KC QC JC")
    assert bid_likelihood(hand, Suit.HEARTS) == 0.0  # the heuristic's own bid
    assert bid_likelihood(hand, Suit.SPADES) == -6.0  # 6 more points
    assert bid_likelihood(hand, Suit.SPADES, temperature=2.0) == -3.0
    assert bid_likelihood(hand, MISERE) < bid_likelihood(hand, Suit.DIAMONDS)
    low = _mask("6S 4S 3S 2S 8H 5H 4H 3H 5D 4D 2D 4C 2C")
    assert bid_likelihood(low, MISERE) == 0.0
    assert bid_likelihood(low, Suit.SPADES) < 0.0


_ALL_BIDS: tuple[bugami.Bid, ...] = (*Suit, MISERE)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([3, 4, 5]), st.sampled_from([0, 2, 8]))
def test_fitted_models_give_log_probabilities(seed: int, players: int, jokers: int) -> None:
    state = bugami.deal(bugami.Rules(players=players, jokers=jokers), seed=seed)
    for cards in state.hands:
        hand = sum(1 << card.index for card in cards)
        assert len(bid_features(hand)) == 5
        for model in ("solver", "heuristic", "mixture"):
            logs = [fitted_bid_likelihood(hand, choice, model) for choice in _ALL_BIDS]
            assert all(math.isfinite(value) and value <= 0.0 for value in logs)
            assert math.isclose(sum(math.exp(value) for value in logs), 1.0)
            cooler = [fitted_bid_likelihood(hand, c, model, temperature=4.0) for c in _ALL_BIDS]
            assert max(cooler) <= max(logs) + 1e-12  # a higher temperature reads more loosely


def _sample_hands(count: int) -> list[tuple[bugami.Deal, int]]:
    """Seats of four-player deals dealt from fixed seeds."""
    hands = []
    for number in range(count):
        state = bugami.deal(bugami.Rules(), seed=f"model/{number}")
        hands.append((state, number % 4))
    return hands


def _likeliest(hand: int, model: str) -> bugami.Bid:
    logs = [fitted_bid_likelihood(hand, choice, model) for choice in _ALL_BIDS]
    return _ALL_BIDS[logs.index(max(logs))]


def test_the_heuristic_model_predicts_the_heuristic_player() -> None:
    for state, seat in _sample_hands(40):
        hand = sum(1 << card.index for card in state.hands[seat])
        assert _likeliest(hand, "heuristic") == heuristic_bid(hand)


def test_the_solver_model_predicts_the_solver_bot_mostly() -> None:
    agree = 0
    samples = _sample_hands(12)
    for state, seat in samples:
        hand = sum(1 << card.index for card in state.hands[seat])
        chosen = SolverBot(seed=seat, samples=16).choose_bid(bugami.view(state, seat))
        agree += _likeliest(hand, "solver") == chosen
    assert agree > len(samples) // 2
    # the solver bot bids misère on a low hand with a short suit; the heuristic seldom
    low = _mask("6S 4S 3S 2S 8H 5H 4H 3H 5D 4D 2D 3C 2C")
    assert _likeliest(low, "solver") is MISERE
    shapely = _mask("9S 5S 4S 2S 8H 5H 4H 3H 2H QD TD 4D 3D")
    assert fitted_bid_likelihood(shapely, MISERE, "solver") > fitted_bid_likelihood(
        shapely, MISERE, "heuristic"
    )
    assert sorted(FITTED_BID_MODELS) == ["heuristic", "solver"]


def test_bid_model_is_checked() -> None:
    assert BID_MODELS == ("solver", "heuristic", "mixture", "rule")
    assert InferenceBot().bid_model == "rule"
    with pytest.raises(bugami.InvalidInputError, match="bid_model is one of solver, heuristic"):
        InferenceBot(bid_model="kermit")


def _bugami_positions() -> list[bugami.Deal]:
    """Positions of 3, 4 and 5 players at various points of play."""
    positions = []
    for players, seed, cards in ((4, 1, 0), (4, 2, 9), (3, 5, 30), (5, 7, 21), (4, 9, 44)):
        state = bugami.deal(bugami.Rules(players=players), seed=seed)
        table = [HeuristicBot()] * players
        for seat in range(players):
            state = bugami.bid(state, seat, table[seat].choose_bid(bugami.view(state, seat)))
        for _ in range(cards):
            state = bugami.play(state, bugami.legal_moves(state)[-1])
        positions.append(state)
    return positions


@pytest.mark.parametrize("model", BID_MODELS)
@pytest.mark.parametrize("state", _bugami_positions())
def test_cards_are_legal_and_reproducible(state: bugami.Deal, model: str) -> None:
    assert state.to_move is not None
    seen = bugami.view(state, state.to_move)
    card = InferenceBot(seed=7, samples=3, pool=3, bid_model=model).choose_card(seen)
    assert card in seen.legal_moves()
    assert card == InferenceBot(seed=7, samples=3, pool=3, bid_model=model).choose_card(seen)
    if model != "rule":
        return
    again = InferenceBot(seed=1, samples=3, pool=3)
    first = again.choose_card(seen)
    again.reset(1)
    assert again.choose_card(seen) == first
    # uniform sampling (pool 1), and reading bids only, are legal too
    assert InferenceBot(seed=7, samples=2, pool=1).choose_card(seen) in seen.legal_moves()
    assert InferenceBot(seed=7, samples=2, play_odds=1.0).choose_card(seen) in seen.legal_moves()


def test_a_time_budget_decides() -> None:
    state = _bugami_positions()[1]
    assert state.to_move is not None
    seen = bugami.view(state, state.to_move)
    assert InferenceBot(seed=1, seconds=0.001).choose_card(seen) in seen.legal_moves()
    fresh = bugami.view(bugami.deal(bugami.Rules(), seed=3), 2)
    assert InferenceBot(seed=1, seconds=0.001).choose_bid(fresh) in fresh.legal_bids()


def test_bids_as_the_solver_bot() -> None:
    seen = bugami.view(bugami.deal(bugami.Rules(), seed=11), 1)
    assert InferenceBot(seed=2, samples=3).choose_bid(seen) == SolverBot(
        seed=2, samples=3
    ).choose_bid(seen)


def test_plays_a_game_view_and_pickles() -> None:
    game = bugami.new_game(bugami.Rules(players=3), seed=2)
    bot = pickle.loads(pickle.dumps(InferenceBot(seed=1, samples=2, pool=2)))
    done = play_out(game, [bot, HeuristicBot(), HeuristicBot()])
    assert len(done.deals) == 1


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([3, 4, 5]))
def test_whole_deals_are_legal(seed: int, players: int) -> None:
    state = bugami.deal(bugami.Rules(players=players), seed=seed)
    bots = [InferenceBot(seed=seat, samples=1, pool=2) for seat in range(players)]
    assert play_out(state, bots).is_over


def test_argute_values_are_legal_and_reproducible() -> None:
    for players, seed, plays in ((3, 4, 4), (4, 8, 7), (3, 1, 13)):
        state = argute.deal(argute.Rules(players=players), seed=seed)
        for seat in range(players):
            state = argute.bid(state, seat, seat % 4)
        for _ in range(plays):
            state = argute.play(state, argute.legal_moves(state)[-1])
        assert state.to_move is not None
        seen = argute.view(state, state.to_move)
        value = ArguteInferenceBot(seed=3, samples=3, pool=3).choose_card(seen)
        assert value in seen.legal_moves()
        assert value == ArguteInferenceBot(seed=3, samples=3, pool=3).choose_card(seen)
        timed = ArguteInferenceBot(seed=3, seconds=0.001)
        assert timed.choose_card(seen) in seen.legal_moves()


def test_argute_bids() -> None:
    seen = argute.view(argute.deal(argute.Rules(players=3), seed=5), 0)
    assert ArguteInferenceBot(seed=1, samples=2).choose_bid(seen) in range(4)
    assert ArguteInferenceBot(seed=1, seconds=0.001).choose_bid(seen) in range(4)


def test_argute_whole_hands() -> None:
    rng = random.Random(5)
    for _ in range(3):
        hand = argute.deal(argute.Rules(players=3), seed=rng.randrange(1000))
        bots: list[ArguteBot] = [
            ArguteInferenceBot(seed=1, samples=2, pool=2),
            ArguteHeuristicBot(),
            ArguteInferenceBot(seed=2, samples=1),
        ]
        done = play_out(hand, bots)
        assert done.is_over
