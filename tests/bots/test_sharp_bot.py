"""SharpBot: the solver bot with a bid weighed against modelled bidders."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bugami
from bugami import MISERE, argute
from bugami.bots import (
    ArguteInferenceBot,
    Bot,
    HeuristicBot,
    SharpBot,
    SolverBot,
    make_bot,
    play_out,
)
from bugami.bots.inference import BID_OPPONENTS, MISERE_OFFSET


def test_make_bot_builds_it() -> None:
    assert make_bot("sharp").name == "sharp(16)"
    assert make_bot("sharp:8").name == "sharp(8)"
    timed = make_bot("SHARP:0.25s")
    assert isinstance(timed, SharpBot)
    assert timed.seconds == 0.25
    assert isinstance(make_bot("sharp"), Bot)
    assert isinstance(make_bot("sharp:4", game="argute"), ArguteInferenceBot)
    for spec in ("sharp:x", "sharp:0", "sharp:0s", "sharp:100001", "sharp:9999s"):
        with pytest.raises(bugami.InvalidInputError, match="bad sharp budget"):
            make_bot(spec)


def test_settings_are_checked() -> None:
    assert repr(SharpBot(samples=8)) == (
        f"SharpBot(samples=8, others='rule', misere_offset={MISERE_OFFSET:g})"
    )
    assert repr(SharpBot(seconds=0.5, others="heuristic", misere_offset=0)) == (
        "SharpBot(seconds=0.5, others='heuristic', misere_offset=0)"
    )
    with pytest.raises(bugami.InvalidInputError, match="others is one of rule, solver"):
        SharpBot(others="model")
    for bad in (-1.0, float("inf"), "5"):
        with pytest.raises(bugami.InvalidInputError, match="misere_offset must be"):
            SharpBot(misere_offset=bad)  # type: ignore[arg-type]
    with pytest.raises(bugami.InvalidInputError, match="samples must be"):
        SharpBot(samples=0)


def test_only_views_are_accepted() -> None:
    state = bugami.deal(bugami.Rules(), seed=3)
    bot = SharpBot(samples=1)
    with pytest.raises(bugami.InvalidInputError, match="given a view, not a full Deal"):
        bot.choose_bid(state)  # type: ignore[arg-type]
    for seat in range(4):
        state = bugami.bid(state, seat, "S")
    with pytest.raises(bugami.InvalidInputError, match="given a view, not a full Deal"):
        bot.choose_card(state)  # type: ignore[arg-type]
    hand = argute.deal(argute.Rules(), seed=3)
    with pytest.raises(bugami.InvalidInputError, match="view of Argute"):
        bot.choose_bid(argute.view(hand, 0))  # type: ignore[arg-type]


@pytest.mark.parametrize("others", BID_OPPONENTS)
@pytest.mark.parametrize("players", [3, 4, 5])
def test_bids_are_legal_and_reproducible(others: str, players: int) -> None:
    seen = bugami.view(bugami.deal(bugami.Rules(players=players), seed=players), 1)
    bot = SharpBot(seed=4, samples=3, others=others)
    choice = bot.choose_bid(seen)
    assert choice in seen.legal_bids()
    assert choice == SharpBot(seed=4, samples=3, others=others).choose_bid(seen)
    bot.reset(4)
    assert bot.choose_bid(seen) == choice


def test_the_offset_moves_bids_away_from_misere() -> None:
    # a hand the solver bot calls misère, weighed with a prohibitive offset
    for seed in range(40):
        seen = bugami.view(bugami.deal(bugami.Rules(), seed=seed), 0)
        if SharpBot(seed=1, samples=4, misere_offset=0).choose_bid(seen) is MISERE:
            break
    else:  # pragma: no cover - the deals above hold a misère hand
        pytest.fail("no misère hand found")
    assert SharpBot(seed=1, samples=4, misere_offset=200).choose_bid(seen) is not MISERE


def test_cards_are_the_solver_bots() -> None:
    state = bugami.deal(bugami.Rules(), seed=9)
    for seat in range(4):
        state = bugami.bid(state, seat, HeuristicBot().choose_bid(bugami.view(state, seat)))
    for _ in range(5):
        state = bugami.play(state, bugami.legal_moves(state)[-1])
    assert state.to_move is not None
    seen = bugami.view(state, state.to_move)
    card = SharpBot(seed=2, samples=3).choose_card(seen)
    assert card in seen.legal_moves()
    assert card == SharpBot(seed=2, samples=3).choose_card(seen)
    assert SharpBot(seed=2, seconds=0.001).choose_card(seen) in seen.legal_moves()
    assert SharpBot(seed=2, samples=2, pool=2).choose_card(seen) in seen.legal_moves()
    fresh = bugami.view(bugami.deal(bugami.Rules(), seed=3), 2)
    assert SharpBot(seed=1, seconds=0.001).choose_bid(fresh) in fresh.legal_bids()
    assert isinstance(SolverBot(seed=2, samples=3).choose_card(seen), bugami.Card)


def test_plays_a_game_view_and_pickles() -> None:
    game = bugami.new_game(bugami.Rules(players=3), seed=2)
    bot = pickle.loads(pickle.dumps(SharpBot(seed=1, samples=2)))
    done = play_out(game, [bot, HeuristicBot(), HeuristicBot()])
    assert len(done.deals) == 1


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([3, 4, 5]), st.sampled_from([0, 1]))
def test_whole_deals_are_legal(seed: int, players: int, jokers: int) -> None:
    state = bugami.deal(bugami.Rules(players=players, jokers=jokers), seed=seed)
    bots = [SharpBot(seed=seat, samples=1) for seat in range(players)]
    assert play_out(state, bots).is_over


def test_argute_is_played_by_the_inference_bot() -> None:
    hand = argute.deal(argute.Rules(players=3), seed=4)
    bots = [make_bot("sharp:1", seed=seat, game="argute") for seat in range(3)]
    assert play_out(hand, bots).is_over
