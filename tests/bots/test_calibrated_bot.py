"""CalibratedBot: the solver bot with its bid values corrected per hand."""

from __future__ import annotations

import math
import pickle
from typing import Any

import pytest

import bugami
from bugami import MISERE, argute
from bugami._kernel.players import rounds
from bugami.bots import HeuristicBot, SolverBot, make_bot, play_out
from bugami.bots.calibrated import (
    FEATURES,
    ArguteCalibratedBot,
    BidCalibration,
    CalibratedBot,
    bid_calibration,
    calibration_features,
)
from bugami.core.cards import Suit, parse_cards

IDENTITY = BidCalibration.from_dict(
    {
        "tables": {
            str(players): {
                "suit": {"coefficients": {"estimate": 1.0}},
                "misere": {"coefficients": {"estimate": 1.0}},
            }
            for players in (3, 4, 5)
        }
    }
)


def _calibration(suit: float, misere: float) -> BidCalibration:
    """Each kind's estimate shifted by a constant."""
    table = {
        "suit": {"coefficients": {"one": suit, "estimate": 1.0}},
        "misere": {"coefficients": {"one": misere, "estimate": 1.0}},
    }
    return BidCalibration.from_dict({"tables": {"4": table}})


def test_bid_estimates_are_what_choose_bid_compares() -> None:
    for seed in range(6):
        seen = bugami.view(bugami.deal(bugami.Rules(), seed=seed), seed % 4)
        estimates = SolverBot(seed=seed, samples=3).bid_estimates(seen)
        assert tuple(option for option, _ in estimates) == seen.legal_bids()
        assert all(0 <= mean <= 100 for _, mean in estimates)
        top = max(mean for _, mean in estimates)
        first = next(option for option, mean in estimates if mean == top)
        assert SolverBot(seed=seed, samples=3).choose_bid(seen) == first


def test_identity_calibration_bids_as_the_solver_bot() -> None:
    for seed in range(4):
        seen = bugami.view(bugami.deal(bugami.Rules(), seed=seed), 1)
        solver = SolverBot(seed=seed, samples=3).choose_bid(seen)
        assert CalibratedBot(seed=seed, samples=3, calibration=IDENTITY).choose_bid(seen) == solver


def test_the_correction_moves_the_bid() -> None:
    hands = [bugami.view(bugami.deal(bugami.Rules(), seed=seed), 0) for seed in range(12)]
    against = _calibration(0.0, -1000.0)
    towards = _calibration(-1000.0, 0.0)
    for seen in hands:
        assert CalibratedBot(seed=1, samples=2, calibration=against).choose_bid(seen) is not MISERE
        assert CalibratedBot(seed=1, samples=2, calibration=towards).choose_bid(seen) is MISERE


def test_tables_without_a_model_bid_as_the_solver_bot() -> None:
    towards = _calibration(-1000.0, 0.0)
    for rules in (
        bugami.Rules(players=5),
        bugami.Rules(jokers=1),
        bugami.Rules(shotgun_wedding=True),
    ):
        assert not towards.covers(rules)
        seen = bugami.view(bugami.deal(rules, seed=3), 2)
        solver = SolverBot(seed=2, samples=2).choose_bid(seen)
        assert CalibratedBot(seed=2, samples=2, calibration=towards).choose_bid(seen) == solver
    assert towards.covers(bugami.Rules())
    assert towards.covers(bugami.Rules(target=100))  # the game's length does not change a deal


def test_features() -> None:
    hand = sum(1 << c.index for c in parse_cards("AS KS 9S QH 8H 6H 5H 3H KD 2D KC QC JC"))
    row = calibration_features(hand, Suit.SPADES, 12.5)
    assert set(row) == set(FEATURES)
    assert (row["one"], row["estimate"], row["length"], row["suit_points"]) == (1, 12.5, 3, 7)
    assert (row["points"], row["high"], row["low"], row["shortest"]) == (18, 7, 4, 2)
    misere = calibration_features(hand, MISERE, 0.0)
    assert (misere["length"], misere["suit_points"], misere["points"]) == (0, 0, 18)


def test_the_package_calibration_loads() -> None:
    calibration = bid_calibration()
    assert calibration is bid_calibration()
    assert sorted(calibration.models) == [4, 5]
    for players in (4, 5):
        for option in (Suit.HEARTS, MISERE):
            assert math.isfinite(calibration.correct(players, 0xFFF, option, 50.0))
    assert CalibratedBot().calibration is calibration


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "a mapping with 'tables'"),
        ({"tables": {"4": 3}}, "the table for 4 players is a mapping"),
        ({"tables": {"4": {"suit": {}}}}, "the suit model for 4 players"),
        (
            {"tables": {"4": {"suit": {"coefficients": {"size": 1}}}}},
            "unknown feature 'size' in the suit model for 4 players: expected one of one, estimate",
        ),
        (
            {
                "tables": {
                    "4": {
                        "suit": {"coefficients": {"one": 1}},
                        "misere": {"coefficients": {"one": math.nan}},
                    }
                }
            },
            "the coefficient of 'one' in the misere model for 4 players is a finite number",
        ),
    ],
)
def test_bad_calibrations_are_refused(data: object, message: str) -> None:
    with pytest.raises(bugami.InvalidInputError, match=message):
        BidCalibration.from_dict(data)


def test_only_views_and_calibrations_are_accepted() -> None:
    state = bugami.deal(bugami.Rules(), seed=3)
    bot = CalibratedBot(samples=1)
    with pytest.raises(bugami.InvalidInputError, match="given a view, not a full Deal"):
        bot.choose_bid(state)  # type: ignore[arg-type]
    hand = argute.deal(argute.Rules(), seed=3)
    with pytest.raises(bugami.InvalidInputError, match="view of Argute"):
        bot.choose_bid(argute.view(hand, 0))  # type: ignore[arg-type]
    with pytest.raises(bugami.InvalidInputError, match="calibration is a BidCalibration"):
        CalibratedBot(calibration={"tables": {}})  # type: ignore[arg-type]
    assert CalibratedBot(samples=5).name == "calib(5)"


def test_plays_a_deal_reproducibly_and_pickles() -> None:
    state = bugami.deal(bugami.Rules(), seed=11)
    first = play_out(state, [CalibratedBot(seed=1, samples=1), *[HeuristicBot()] * 3])
    again = play_out(state, [CalibratedBot(seed=1, samples=1), *[HeuristicBot()] * 3])
    assert first.is_over
    assert first == again
    bot = pickle.loads(pickle.dumps(CalibratedBot(seed=1, samples=1)))
    game = bugami.new_game(bugami.Rules(players=5), seed=2)
    assert len(play_out(game, [bot, *[HeuristicBot()] * 4]).deals) == 1


def test_make_bot_builds_it() -> None:
    bot = make_bot("calib:4", seed=1)
    assert isinstance(bot, CalibratedBot)
    assert bot.name == "calib(4)"
    assert make_bot("calib").name == "calib(16)"
    assert isinstance(make_bot("calib", game="argute"), ArguteCalibratedBot)
    for spec in ("calib:x", "calib:0", "calib:0s", "calib:-1s", "calib:3601s", "calib:nans"):
        with pytest.raises(bugami.InvalidInputError, match="bad calib budget"):
            make_bot(spec)


@pytest.mark.parametrize("game", ["bugami", "argute"])
@pytest.mark.parametrize("kind", ["solver", "calib"])
def test_a_time_budget_spec(kind: str, game: str) -> None:
    """``solver:Ns`` and ``calib:Ns`` give the bot a time budget of N
    seconds a decision: at least one imagined deal, a legal choice."""
    bot: Any = make_bot(f"{kind}:0.001s", seed=3, game=game)
    assert bot.seconds == 0.001
    assert bot.name == f"{kind}(0.001s)"
    assert "seconds=0.001" in repr(bot)
    if game == "bugami":
        fresh = bugami.view(bugami.deal(bugami.Rules(players=5), seed=4), 2)
        assert bot.choose_bid(fresh) in fresh.legal_bids()
        state = bugami.deal(bugami.Rules(players=3), seed=4)
        assert play_out(state, [bot, *[HeuristicBot()] * 2]).is_over
    else:
        hand = argute.view(argute.deal(argute.Rules(players=3), seed=4), 1)
        assert bot.choose_bid(hand) in range(4)
        assert play_out(argute.deal(argute.Rules(players=3), seed=4), [bot] * 3).is_over


def test_a_time_budget_weighs_the_bid_over_as_many_deals_as_fit() -> None:
    """Under a time budget the estimates are means over the deals that
    fitted (at least one), and no bid factor is added at five players."""
    seen = bugami.view(bugami.deal(bugami.Rules(players=5), seed=9), 0)
    timed = CalibratedBot(seed=1, seconds=1e-9)
    once = CalibratedBot(seed=1, samples=1, bid_samples=1)
    assert timed.calibrated_estimates(seen) == once.calibrated_estimates(seen)
    assert SolverBot(seed=1, seconds=1e-9).bid_estimates(seen) == (
        SolverBot(seed=1, samples=1).bid_estimates(seen)
    )


def test_rounds_counts_or_times() -> None:
    more = rounds(2, None)
    assert [more(done) for done in range(4)] == [True, True, False, False]
    assert rounds(2, 1e-9)(0)  # at least one deal, however short the budget
    assert rounds(2, 3600)(50)  # a time budget is not a count


def _with_factor(factor: object) -> dict[str, object]:
    table = {
        "suit": {"coefficients": {"estimate": 1.0}},
        "misere": {"coefficients": {"estimate": 1.0}},
        "bid_factor": factor,
    }
    return {"tables": {"4": table}}


def test_bid_estimates_take_a_count() -> None:
    seen = bugami.view(bugami.deal(bugami.Rules(), seed=5), 2)
    wide = SolverBot(seed=3, samples=2, bid_samples=5).bid_estimates(seen)
    assert SolverBot(seed=3, samples=2).bid_estimates(seen, samples=5) == wide
    assert SolverBot(seed=3, samples=2).bid_estimates(seen) != wide
    with pytest.raises(bugami.InvalidInputError, match="samples must be an int of at least 1"):
        SolverBot(seed=3, samples=2).bid_estimates(seen, samples=0)


def test_a_bid_factor_widens_the_bid_only_where_it_is_fitted() -> None:
    tripled = BidCalibration.from_dict(_with_factor(3))
    assert tripled.bid_factors == {4: 3}
    assert tripled.bid_factor(bugami.Rules()) == 3
    assert tripled.bid_factor(bugami.Rules(players=5)) == 1
    assert tripled.bid_factor(bugami.Rules(jokers=1)) == 1
    assert IDENTITY.bid_factor(bugami.Rules()) == 1
    bot = CalibratedBot(seed=4, samples=2, calibration=tripled)
    assert bot.bid_samples_for(bugami.Rules()) == 6
    assert bot.bid_samples_for(bugami.Rules(players=5)) == 2
    given = CalibratedBot(seed=4, samples=2, bid_samples=7, calibration=tripled)
    assert given.bid_samples_for(bugami.Rules()) == 7
    seen = bugami.view(bugami.deal(bugami.Rules(), seed=8), 1)
    narrow = SolverBot(seed=4, samples=2).bid_estimates(seen)
    assert CalibratedBot(seed=4, samples=2, calibration=IDENTITY).calibrated_estimates(seen) == (
        narrow
    )
    assert given.calibrated_estimates(seen) == SolverBot(seed=4, bid_samples=7).bid_estimates(seen)
    wide = bot.calibrated_estimates(seen)
    assert wide != narrow
    assert [option for option, _ in wide] == [option for option, _ in narrow]
    assert all(0 <= mean <= 100 and mean * 6 == round(mean * 6) for _, mean in wide)
    assert wide == CalibratedBot(seed=4, samples=2, calibration=tripled).calibrated_estimates(seen)


def test_a_wider_bid_leaves_the_card_draws_as_the_solver_bots() -> None:
    tripled = BidCalibration.from_dict(_with_factor(3))
    for seed in range(3):
        state = bugami.deal(bugami.Rules(), seed=seed)
        calibrated = CalibratedBot(seed=seed, samples=2, calibration=tripled)
        solver = SolverBot(seed=seed, samples=2)
        calibrated.choose_bid(bugami.view(state, 0))
        solver.choose_bid(bugami.view(state, 0))
        assert calibrated._rng.getstate() == solver._rng.getstate()


@pytest.mark.parametrize("factor", [0, 1.5, True, "2"])
def test_bad_bid_factors_are_refused(factor: object) -> None:
    with pytest.raises(bugami.InvalidInputError, match="bid factor for 4 players is an int"):
        BidCalibration.from_dict(_with_factor(factor))


def test_the_package_calibration_widens_the_bid_at_five_players_only() -> None:
    assert bid_calibration().bid_factor(bugami.Rules()) == 1
    assert bid_calibration().bid_factor(bugami.Rules(players=5)) == 3
    bot = make_bot("calib:4")
    assert isinstance(bot, CalibratedBot)
    assert bot.bid_samples_for(bugami.Rules()) == 4
    assert bot.bid_samples_for(bugami.Rules(players=5)) == 12
    assert bot.bid_samples_for(bugami.Rules(players=3)) == 4
