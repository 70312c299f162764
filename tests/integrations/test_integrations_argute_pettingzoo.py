"""The Argute PettingZoo environment: PettingZoo's own API and seed tests for
every table size, complete hands, and agreement with the core."""

from __future__ import annotations

import importlib
import random
import sys
import warnings
from typing import Any

import pytest

from bugami import argute
from bugami.errors import IllegalMoveError

pettingzoo: Any = pytest.importorskip(
    "pettingzoo",
    reason="PettingZoo is not installed (pip install 'bugami[pettingzoo]'): "
    "the Argute PettingZoo environment tests are skipped",
)
np: Any = pytest.importorskip("numpy", reason="numpy is not installed")

from pettingzoo.test import (  # type: ignore[import-not-found, import-untyped, unused-ignore]  # noqa: E402
    api_test,
    seed_test,
)

from bugami.integrations import pettingzoo_argute as adapter  # noqa: E402
from bugami.integrations._argute_encoding import BID_ACTIONS, bid_of_action  # noqa: E402

PLAYERS = range(2, 8)
# PettingZoo's api_test warns about every dict observation (it prefers bare
# arrays); the action mask has to be in the dict, so these are expected.
EXPECTED_WARNINGS = (
    "Observation space for each agent probably should be",
    "Observation is not a NumPy array",
)


def run_api_test(table: Any, cycles: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(table, num_cycles=cycles)
    unexpected = [
        str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)
    ]
    assert unexpected == []


def play_out(table: Any, rng: random.Random) -> tuple[int, int, dict[str, float], list[int]]:
    """Play the current hand to the end with random legal actions. Returns the
    number of actions, of dead steps, each agent's final reward and the actions."""
    actions: list[int] = []
    dead = 0
    rewards: dict[str, float] = {}
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        if termination or truncation:
            rewards[agent] = reward
            dead += 1
            table.step(None)
            continue
        action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        actions.append(action)
        table.step(action)
    return len(actions), dead, rewards, actions


@pytest.mark.parametrize("players", PLAYERS)
def test_api_test(players: int) -> None:
    run_api_test(adapter.env(players=players), 100)


def test_api_test_unwrapped() -> None:
    run_api_test(adapter.raw_env(players=3), 100)


@pytest.mark.parametrize("players", [2, 5])
def test_seed_test(players: int) -> None:
    seed_test(lambda: adapter.env(players=players), num_cycles=200)


@pytest.mark.parametrize("players", PLAYERS)
def test_a_full_hand_to_the_end(players: int) -> None:
    table = adapter.env(players=players)
    for seed in range(2):
        table.reset(seed=seed)
        steps, dead, rewards, _ = play_out(table, random.Random(seed))
        assert steps == 7 * players
        assert dead == players
        assert set(rewards) == set(table.possible_agents)
        assert all(-1.0 <= reward <= 3.0 for reward in rewards.values())
        assert table.agents == []


@pytest.mark.parametrize("players", PLAYERS)
def test_rewards_agree_with_the_core(players: int) -> None:
    table = adapter.env(players=players)
    table.reset(seed=players)
    core = table.unwrapped.deal
    _, _, rewards, actions = play_out(table, random.Random(7))
    order = [(core.dealer + 1 + step) % players for step in range(players)]
    for seat, action in zip(order, actions[:players], strict=True):
        core = argute.bid(core, seat, bid_of_action(action))
    for action in actions[players:]:
        core = argute.play(core, action)
    assert core == table.unwrapped.deal
    points = argute.score(core)
    assert rewards == {f"player_{seat}": float(points[seat]) for seat in range(players)}


def test_seeding_repeats_hands_and_reset_without_a_seed_moves_on() -> None:
    first, second = adapter.raw_env(), adapter.raw_env()
    first.reset(seed=11)
    second.reset(seed=11)
    assert first.deal == second.deal
    deal = first.deal
    first.reset()
    assert first.deal != deal
    first.reset(seed=11, options={"dealer": 2})
    assert first.deal.dealer == 2
    assert first.agent_selection == "player_3"


def test_spaces_are_cached_and_observations_fit_them() -> None:
    table = adapter.raw_env(players=5)
    table.reset(seed=1)
    for agent in table.possible_agents:
        assert table.observation_space(agent) is table.observation_space(agent)
        assert table.action_space(agent) is table.action_space(agent)
        assert table.action_space(agent).n == 10
        observation = table.observe(agent)
        assert table.observation_space(agent).contains(observation)
        assert observation["action_mask"].sum() == (4 if agent == table.agent_selection else 0)


def test_observations_hide_other_bids_until_the_end() -> None:
    seen = []
    for choice in BID_ACTIONS:
        table = adapter.raw_env(players=3)
        table.reset(seed=5, options={"dealer": 0})
        table.step(choice)  # player_1 bids
        table.step(BID_ACTIONS[1])
        table.step(BID_ACTIONS[1])
        for _ in range(3):  # the first cards of the hand
            table.step(table.legal_actions(table.agent_selection)[0])
        seen.append([table.observe(f"player_{seat}")["observation"] for seat in (0, 2)])
    for other in seen[1:]:
        for a, b in zip(seen[0], other, strict=True):
            assert np.array_equal(a, b)


def test_observation_matches_the_openspiel_tensor() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")
    from bugami.integrations import openspiel_argute

    table = adapter.raw_env(players=4)
    table.reset(seed=9, options={"dealer": 0})
    game = pyspiel.load_game("python_argute", {"players": 4})
    state = openspiel_argute.state_from_deal(game, table.deal)
    rng = random.Random(3)
    while not state.is_terminal():
        for seat in range(4):
            vector = table.observe(f"player_{seat}")["observation"]
            assert np.array_equal(vector, np.array(state.observation_tensor(seat), np.float32))
        action = rng.choice(table.legal_actions(table.agent_selection))
        table.step(action)
        state.apply_action(action)
    assert [table.rewards[f"player_{seat}"] for seat in range(4)] == state.returns()


def test_illegal_actions() -> None:
    raw = adapter.raw_env()
    with pytest.raises(RuntimeError, match="reset"):
        raw.observe("player_0")
    raw.reset(seed=1)
    with pytest.raises(IllegalMoveError, match="must act"):
        raw.step(None)
    with pytest.raises(IllegalMoveError, match="cannot take action 0"):
        raw.step(0)  # a card while bidding
    wrapped = adapter.env()
    wrapped.reset(seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wrapped.step(0)
    assert all(wrapped.terminations.values())
    assert sorted(wrapped.rewards.values()) == [-1, 0, 0, 0]


def test_render(capsys: pytest.CaptureFixture[str]) -> None:
    table = adapter.env(render_mode="ansi")
    table.reset(seed=3)
    text = table.render()
    assert text.startswith("dealer ")
    assert text.count("seat ") == 4
    human = adapter.raw_env(render_mode="human")
    human.reset(seed=3)
    human.step(6)
    assert ", bid 0" in capsys.readouterr().out
    assert adapter.raw_env().render() is None
    with pytest.raises(ValueError, match="render_mode"):
        adapter.raw_env(render_mode="rgb_array")


def test_importing_without_pettingzoo_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    monkeypatch.delitem(sys.modules, "bugami.integrations.pettingzoo_argute")
    with pytest.raises(ImportError, match=r"pip install 'bugami\[pettingzoo\]'"):
        importlib.import_module("bugami.integrations.pettingzoo_argute")
