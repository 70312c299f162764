"""ArguteCalibratedBot: Argute's solver bot with its bid values corrected per hand."""

from __future__ import annotations

import pytest

import bugami
from bugami import argute
from bugami.bots import ArguteSolverBot, make_bot, play_out
from bugami.bots.calibrated import (
    ARGUTE_CALIBRATION,
    ARGUTE_FEATURES,
    ArguteCalibratedBot,
    argute_features,
)


def _estimates_only(players: int) -> dict[int, tuple[tuple[float, ...], ...]]:
    """Models that give each bid its own estimate back: the solver bot's bids."""
    rows = []
    for choice in range(4):
        row = [0.0] * len(ARGUTE_FEATURES)
        row[1 + choice] = 1.0
        rows.append(tuple(row))
    return {players: tuple(rows)}


def _always(players: int, choice: int) -> dict[int, tuple[tuple[float, ...], ...]]:
    """Models under which ``choice`` is worth 1 and every other bid 0."""
    rows = []
    for option in range(4):
        row = [0.0] * len(ARGUTE_FEATURES)
        row[0] = 1.0 if option == choice else 0.0
        rows.append(tuple(row))
    return {players: tuple(rows)}


def test_bid_estimates_are_what_the_solver_bot_compares() -> None:
    for seed in range(4):
        seen = argute.view(argute.deal(argute.Rules(players=3), seed=seed), seed % 3)
        estimates = ArguteSolverBot(seed=seed, samples=2).bid_estimates(seen)
        assert len(estimates) == 4
        assert all(-1 <= mean <= 3 for mean in estimates)
        first = max(range(4), key=lambda choice: (estimates[choice], -choice))
        assert ArguteSolverBot(seed=seed, samples=2).choose_bid(seen) == first


def test_estimates_only_bids_as_the_solver_bot() -> None:
    models = _estimates_only(3)
    for seed in range(4):
        seen = argute.view(argute.deal(argute.Rules(players=3), seed=seed), 1)
        solver = ArguteSolverBot(seed=seed, samples=2).choose_bid(seen)
        calibrated = ArguteCalibratedBot(seed=seed, samples=2, calibration=models)
        assert calibrated.choose_bid(seen) == solver


@pytest.mark.parametrize("choice", [0, 2, 3])
def test_the_models_decide_the_bid(choice: int) -> None:
    seen = argute.view(argute.deal(argute.Rules(players=3), seed=9), 0)
    bot = ArguteCalibratedBot(seed=1, samples=1, calibration=_always(3, choice))
    assert bot.choose_bid(seen) == choice


def test_a_table_without_a_model_bids_as_the_solver_bot() -> None:
    seen = argute.view(argute.deal(argute.Rules(players=4), seed=2), 3)
    bot = ArguteCalibratedBot(seed=5, samples=2, calibration=_always(3, 3))
    assert bot.choose_bid(seen) == ArguteSolverBot(seed=5, samples=2).choose_bid(seen)


def test_its_cards_are_the_solver_bots() -> None:
    state = argute.deal(argute.Rules(players=3), seed=4)
    for seat in range(3):
        state = argute.bid(state, seat, 1)
    for _ in range(5):
        assert state.to_move is not None
        seen = argute.view(state, state.to_move)
        calibrated = ArguteCalibratedBot(seed=3, samples=2).choose_card(seen)
        assert calibrated == ArguteSolverBot(seed=3, samples=2).choose_card(seen)
        state = argute.play(state, calibrated)


def test_the_fitted_models_cover_three_players() -> None:
    assert sorted(ARGUTE_CALIBRATION) == [3]
    assert all(len(row) == len(ARGUTE_FEATURES) for row in ARGUTE_CALIBRATION[3])
    assert len(ARGUTE_CALIBRATION[3]) == 4


def test_features() -> None:
    row = argute_features((0, 0, 3, 4, 5, 5), (0.0, 0.5, 1.0, -1.0), 2, 1, 3)
    assert dict(zip(ARGUTE_FEATURES, row, strict=True)) == {
        "one": 1.0, "estimate0": 0.0, "estimate1": 0.5, "estimate2": 1.0, "estimate3": -1.0,
        "strength": 75 / 55, "fives": 2.0, "fours": 1.0, "lows": 2.0, "leads": 1.0, "last": 0.0,
    }  # fmt: skip
    assert argute_features((0,) * 6, (0.0,) * 4, 1, 1, 3)[-2:] == (0.0, 1.0)  # the dealer: last


def test_deterministic_from_seed_and_plays_a_hand() -> None:
    state = argute.deal(argute.Rules(players=3), seed=11)
    first = play_out(state, [ArguteCalibratedBot(seed=seat, samples=2) for seat in range(3)])
    again = play_out(state, [ArguteCalibratedBot(seed=seat, samples=2) for seat in range(3)])
    assert first.is_over
    assert first == again


def test_refuses_full_states_and_bad_models() -> None:
    bot = ArguteCalibratedBot(samples=1)
    with pytest.raises(bugami.InvalidInputError, match="given a view"):
        bot.choose_bid(argute.deal(argute.Rules(players=3), seed=1))  # type: ignore[arg-type]
    with pytest.raises(bugami.InvalidInputError, match="four rows"):
        ArguteCalibratedBot(calibration={3: ((1.0,),)})
    with pytest.raises(bugami.InvalidInputError, match="four rows"):
        ArguteCalibratedBot(calibration="flat")  # type: ignore[arg-type]


def test_make_bot_calib_for_argute() -> None:
    bot = make_bot("calib:8", seed=2, game="argute")
    assert isinstance(bot, ArguteCalibratedBot)
    assert bot.name == "calib(8)"
    assert make_bot("calib", game="argute").name == "calib(32)"
