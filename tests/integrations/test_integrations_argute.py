"""The OpenSpiel game python_argute: OpenSpiel's own conformance test for every
table size, agreement with the Argute core, and bids kept secret to the end."""

from __future__ import annotations

import importlib
import random
import sys
from typing import Any

import pytest

import bugami
from bugami import argute
from bugami.errors import IllegalMoveError, InvalidInputError

pyspiel: Any = pytest.importorskip(
    "pyspiel",
    reason="OpenSpiel is not installed (pip install 'bugami[openspiel]'): "
    "the python_argute tests are skipped",
)
np: Any = pytest.importorskip("numpy", reason="numpy is not installed")

from bugami.integrations import openspiel_argute as adapter  # noqa: E402

PLAYERS = range(2, 8)


def load(**params: Any) -> Any:
    return pyspiel.load_game("python_argute", params)


def step_at_random(state: Any, rng: random.Random) -> int:
    """Apply one random action (chance by its probabilities); return it."""
    if state.is_chance_node():
        outcomes, weights = zip(*state.chance_outcomes(), strict=True)
        action: int = rng.choices(outcomes, weights)[0]
    else:
        action = rng.choice(state.legal_actions())
    state.apply_action(action)
    return action


@pytest.mark.parametrize("players", PLAYERS)
def test_random_sim_test(players: int) -> None:
    game = load(players=players, dealer=players - 1)
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)


@pytest.mark.parametrize("players", PLAYERS)
def test_game_info(players: int) -> None:
    game = load(players=players)
    assert game.num_players() == players
    assert game.num_distinct_actions() == 10
    assert game.max_chance_outcomes() == 6
    assert game.max_game_length() == 7 * players
    assert game.max_chance_nodes_in_history() == 6 * players
    assert (game.min_utility(), game.max_utility()) == (-1.0, 3.0)
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


@pytest.mark.parametrize("players", PLAYERS)
def test_a_full_hand_has_a_fixed_number_of_steps(players: int) -> None:
    game = load(players=players)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        chance = decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                chance += 1
            else:
                decisions += 1
            step_at_random(state, rng)
        assert chance == 6 * players == game.max_chance_nodes_in_history()
        assert decisions == 7 * players == game.max_game_length()
        assert -1.0 <= min(state.returns()) <= max(state.returns()) <= 3.0


def test_chance_outcomes_weigh_the_values_by_the_cards_left() -> None:
    state = load(players=7).new_initial_state()
    assert state.chance_outcomes() == [(value, 1 / 6) for value in range(6)]
    for _ in range(7):
        state.apply_action(5)
    outcomes = state.chance_outcomes()
    assert [value for value, _ in outcomes] == [0, 1, 2, 3, 4]
    assert all(chance == pytest.approx(7 / 35) for _, chance in outcomes)
    for _ in range(6):
        state.apply_action(4)
    assert state.chance_outcomes()[-1] == (4, pytest.approx(1 / 29))


@pytest.mark.parametrize("players", PLAYERS)
def test_replaying_the_actions_on_the_core_agrees(players: int) -> None:
    dealer = players // 2
    game = load(players=players, dealer=dealer)
    rules = argute.Rules(players=players)
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_initial_state()
        dealt: list[list[int]] = [[] for _ in range(players)]
        for position in range(6 * players):
            dealt[(dealer + 1 + position) % players].append(step_at_random(state, rng))
        core = argute.deal(rules, hands=dealt, dealer=dealer)
        assert state.deal == core
        for step in range(players):
            seat = (dealer + 1 + step) % players
            assert state.current_player() == seat
            core = argute.bid(core, seat, adapter.bid_of_action(step_at_random(state, rng)))
        while not core.is_over:
            assert state.current_player() == core.to_move
            assert state.legal_actions() == list(argute.legal_moves(core))
            for seat in range(players):
                assert state.view(seat) == argute.view(core, seat)
            core = argute.play(core, step_at_random(state, rng))
        assert state.is_terminal()
        assert state.deal == core
        assert state.returns() == [float(points) for points in argute.score(core)]


def test_state_from_deal_replays_a_core_hand() -> None:
    rules = argute.Rules(players=5)
    core = argute.deal(rules, seed="replay", dealer=2)
    game = load(players=5, dealer=2)
    assert adapter.state_from_deal(game, core).deal == core
    for seat in (3, 4, 0, 1, 2):
        core = argute.bid(core, seat, seat % 4)
    while not core.is_over:
        core = argute.play(core, argute.legal_moves(core)[-1])
    state = adapter.state_from_deal(game, core)
    assert state.is_terminal()
    assert state.returns() == [float(points) for points in argute.score(core)]
    with pytest.raises(ValueError, match="does not fit"):
        adapter.state_from_deal(load(players=5, dealer=0), core)


def knowledge(state: Any, seat: int) -> tuple[Any, ...]:
    return (
        state.information_state_string(seat),
        tuple(state.information_state_tensor(seat)),
        state.observation_string(seat),
        tuple(state.observation_tensor(seat)),
    )


def test_bids_stay_hidden_until_the_hand_is_over() -> None:
    game = load(players=3, dealer=2)
    core = argute.deal(argute.Rules(players=3), seed=8, dealer=2)
    # Seat 0 bids first; whatever it bids, seats 1 and 2 know the same, and
    # still do after every bid is in and the first cards are played.
    for later in (0, 4):
        seen = {}
        for choice in range(4):
            state = adapter.state_from_deal(game, core)
            state.apply_action(adapter.action_of_bid(choice))
            assert f"own bid: {choice}" in state.information_state_string(0)
            state.apply_action(adapter.action_of_bid(1))
            state.apply_action(adapter.action_of_bid(1))
            for _ in range(later):
                state.apply_action(state.legal_actions()[0])
            seen[choice] = [knowledge(state, seat) for seat in (1, 2)]
        assert all(facts == seen[0] for facts in seen.values())
    # Once the hand is over, everyone sees every bid.
    state = adapter.state_from_deal(game, core)
    for choice in (3, 0, 2):
        state.apply_action(adapter.action_of_bid(choice))
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    for seat in range(3):
        assert "bids: 3 0 2" in state.information_state_string(seat)
        assert "bids: 3 0 2" in state.observation_string(seat)


def test_information_state_keeps_the_history_and_observation_does_not() -> None:
    game = load(players=4)
    state = adapter.state_from_deal(game, argute.deal(argute.Rules(), seed=6, dealer=0))
    for _ in range(4):
        state.apply_action(adapter.action_of_bid(1))
    while state.deal is not None and len(state.deal.tricks) < 2:
        state.apply_action(state.legal_actions()[0])
    info = state.information_state_string(0)
    assert "trick 1 led by" in info
    assert "trick 1 led by" not in state.observation_string(0)
    for tensor in (state.information_state_tensor(1), state.observation_tensor(1)):
        values = np.array(tensor)
        assert set(values.tolist()) <= {0.0, 1.0}


def test_public_and_private_observers() -> None:
    game = load(players=4)
    state = adapter.state_from_deal(game, argute.deal(argute.Rules(), seed=3, dealer=0))
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    private = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
    )
    observer = game.make_py_observer(public)
    assert "hand" not in observer.dict
    observer.set_from(state, 1)
    assert "hand:" not in observer.string_from(state, 1)
    observer = game.make_py_observer(private)
    observer.set_from(state, 1)
    assert observer.dict["hand"].sum() == 6
    assert "has_bid" not in observer.dict
    assert "hand:" in observer.string_from(state, 1)


def test_clones_share_the_immutable_core() -> None:
    game = load(players=4)
    state = adapter.state_from_deal(game, argute.deal(argute.Rules(), seed=5, dealer=0))
    clone = state.clone()
    assert clone._core is state._core
    clone.apply_action(adapter.action_of_bid(2))
    assert clone._core is not state._core
    assert state.deal is not None
    assert state.deal.bids == (None,) * 4


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(InvalidInputError, match="players"):
        load(players=8)
    with pytest.raises(InvalidInputError, match="dealer"):
        load(players=3, dealer=3)
    with pytest.raises(InvalidInputError, match="no parameter"):
        adapter.ArguteGame({"jokers": 1})


def test_bad_actions_and_hands_are_refused() -> None:
    # regressions: a chance outcome was taken unchecked (the state failed at
    # the last value), and state_from_deal failed with AttributeError
    game = load(players=3, dealer=0)
    state = game.new_initial_state()
    for wrong in (7, 999, -5):
        with pytest.raises(IllegalMoveError, match="chance cannot deal"):
            state.apply_action(wrong)
    rng = random.Random(1)
    while state.is_chance_node():
        step_at_random(state, rng)
    for wrong in (-5, 10, 999):
        with pytest.raises(InvalidInputError, match="an action id is an int from 0 to 9"):
            state.apply_action(wrong)
        with pytest.raises(InvalidInputError, match="an action id"):
            state.action_to_string(state.current_player(), wrong)
    not_hands: list[object] = [
        None,
        bugami.deal(bugami.Rules(players=3), seed=1),
        argute.new_game(argute.Rules()),
    ]
    for not_a_hand in not_hands:
        with pytest.raises(InvalidInputError, match="replays an Argute hand"):
            adapter.state_from_deal(game, not_a_hand)  # type: ignore[arg-type]


def test_action_text() -> None:
    assert [adapter.action_text(action) for action in (0, 5, 6, 9)] == [
        "play 0",
        "play 5",
        "bid 0",
        "bid 3",
    ]


def test_importing_without_open_spiel_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    monkeypatch.delitem(sys.modules, "bugami.integrations.openspiel_argute")
    with pytest.raises(ImportError, match=r"pip install 'bugami\[openspiel\]'"):
        importlib.import_module("bugami.integrations.openspiel_argute")
