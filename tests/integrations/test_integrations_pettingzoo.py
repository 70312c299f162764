"""The PettingZoo environment: PettingZoo's own API and seed tests for every
table size, complete deals, and agreement with the core."""

from __future__ import annotations

import importlib
import random
import sys
import time
import warnings
from pathlib import Path
from typing import Any

import pytest

import bugami

pettingzoo: Any = pytest.importorskip(
    "pettingzoo",
    reason="PettingZoo is not installed (pip install 'bugami[pettingzoo]'): "
    "the PettingZoo environment tests are skipped",
)
np: Any = pytest.importorskip("numpy", reason="numpy is not installed")

from pettingzoo.test import (  # type: ignore[import-not-found, import-untyped, unused-ignore]  # noqa: E402
    api_test,
    seed_test,
)

from bugami.integrations import pettingzoo as adapter  # noqa: E402
from bugami.integrations._encoding import BID_ACTIONS  # noqa: E402

EXAMPLES = Path(__file__).parents[2] / "examples"
TABLES = [(3, 0, False), (4, 0, True), (5, 2, False), (6, 8, True), (7, 1, False)]
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
    """Play the current deal to the end with random legal actions. Returns the
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


@pytest.mark.parametrize(("players", "jokers", "wedding"), TABLES)
def test_api_test(players: int, jokers: int, wedding: bool) -> None:
    run_api_test(adapter.env(players=players, jokers=jokers, shotgun_wedding=wedding), 200)


def test_api_test_unwrapped() -> None:
    run_api_test(adapter.raw_env(players=4, jokers=1), 200)


@pytest.mark.parametrize("players", [3, 5])
def test_seed_test(players: int) -> None:
    seed_test(lambda: adapter.env(players=players, jokers=1), num_cycles=300)


@pytest.mark.parametrize(("players", "jokers", "wedding"), TABLES)
def test_a_full_deal_to_the_end(players: int, jokers: int, wedding: bool) -> None:
    rules = bugami.Rules(players=players, jokers=jokers, shotgun_wedding=wedding)
    table = adapter.env(players=players, jokers=jokers, shotgun_wedding=wedding)
    for seed in range(2):
        table.reset(seed=seed)
        steps, dead, rewards, _ = play_out(table, random.Random(seed))
        assert steps == players * (rules.hand_size + 1)
        assert dead == players
        assert set(rewards) == set(table.possible_agents)
        assert table.agents == []


@pytest.mark.parametrize(("players", "jokers", "wedding"), TABLES)
def test_rewards_agree_with_the_core(players: int, jokers: int, wedding: bool) -> None:
    table = adapter.env(players=players, jokers=jokers, shotgun_wedding=wedding)
    table.reset(seed=players)
    core = table.unwrapped.deal
    _, _, rewards, actions = play_out(table, random.Random(7))
    order = [(core.dealer + 1 + step) % players for step in range(players)]
    for seat, action in zip(order, actions[:players], strict=True):
        core = bugami.bid(core, seat, "SHDCM"[action - 60].replace("M", "misere"))
    for action in actions[players:]:
        core = bugami.play(core, bugami.deck(8)[action])
    assert core == table.unwrapped.deal
    points = bugami.score(core)
    assert rewards == {f"player_{seat}": float(points[seat]) for seat in range(players)}


def test_seeding_repeats_deals_and_reset_without_a_seed_moves_on() -> None:
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
        assert table.action_space(agent).n == 65
        observation = table.observe(agent)
        assert table.observation_space(agent).contains(observation)
        assert observation["action_mask"].sum() == (5 if agent == table.agent_selection else 0)


def test_observations_hide_other_bids_and_hands() -> None:
    seen = []
    for bid in BID_ACTIONS:
        table = adapter.raw_env(players=4)
        table.reset(seed=5, options={"dealer": 0})
        table.step(bid)  # player_1 bids
        seen.append([table.observe(f"player_{seat}")["observation"] for seat in (0, 2, 3)])
    for other in seen[1:]:
        for a, b in zip(seen[0], other, strict=True):
            assert np.array_equal(a, b)
    one, two = adapter.raw_env(), adapter.raw_env()
    one.reset(seed=1)
    two.reset(seed=2)
    # Same seat, different deals: a seat's vector shows its own hand only.
    assert one.deal.hands[0] != two.deal.hands[0]


def test_observation_matches_the_openspiel_tensor() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")
    from bugami.integrations import openspiel

    table = adapter.raw_env(players=4, jokers=2)
    table.reset(seed=9, options={"dealer": 0})
    game = pyspiel.load_game("python_bugami", {"players": 4, "jokers": 2})
    state = openspiel.state_from_deal(game, table.deal)
    rng = random.Random(3)
    for _ in range(20):
        for seat in range(4):
            vector = table.observe(f"player_{seat}")["observation"]
            assert np.array_equal(vector, np.array(state.observation_tensor(seat), np.float32))
        action = rng.choice(table.legal_actions(table.agent_selection))
        table.step(action)
        state.apply_action(action)


def test_illegal_actions() -> None:
    raw = adapter.raw_env()
    with pytest.raises(RuntimeError, match="reset"):
        raw.observe("player_0")
    with pytest.raises(RuntimeError, match="reset"):  # regression: AttributeError
        raw.step(0)
    raw.reset(seed=1)
    # regressions: int() read a float, a text or bytes as an action id
    for wrong in (60.9, "60", b"60", np.float32(61.2), True, 60 + 0j, np.array([60]), -1, 65):
        with pytest.raises(bugami.InvalidInputError, match="an action id is an int from 0 to"):
            raw.step(wrong)  # type: ignore[arg-type]
    assert raw.deal.bids == (None,) * 4
    for wrong_seed in (-1, "abc", 1.5):
        with pytest.raises(bugami.InvalidInputError, match="seed must be a whole number"):
            raw.reset(seed=wrong_seed)  # type: ignore[arg-type]
    with pytest.raises(bugami.InvalidInputError, match="options as a dict"):
        raw.reset(options=["dealer"])  # type: ignore[arg-type]
    with pytest.raises(bugami.IllegalMoveError, match="must act"):
        raw.step(None)
    with pytest.raises(bugami.IllegalMoveError, match="cannot take action 0"):
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
    human.step(60)
    assert "seat 0 [" in capsys.readouterr().out
    assert adapter.raw_env().render() is None
    with pytest.raises(ValueError, match="render_mode"):
        adapter.raw_env(render_mode="rgb_array")


def test_performance_benchmark_style_run() -> None:
    """PettingZoo's performance_benchmark loop, bounded by steps instead of
    five seconds: random legal actions, resetting whenever a deal ends."""
    table = adapter.env(players=4)
    table.reset(seed=0)
    rng = random.Random(0)
    turns = deals = 0
    start = time.perf_counter()
    while deals < 20:
        for _agent in table.agent_iter(table.num_agents):
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                action = None
            else:
                action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
            table.step(action)
            turns += 1
            if table.agents and all(table.terminations.values()):
                break
        if not table.agents or all(table.terminations.values()):
            deals += 1
            table.reset()
    elapsed = time.perf_counter() - start
    assert turns >= 20 * 56
    print(f"{turns / elapsed:.0f} turns per second")


def test_importing_without_pettingzoo_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    monkeypatch.delitem(sys.modules, "bugami.integrations.pettingzoo")
    with pytest.raises(ImportError, match=r"pip install 'bugami\[pettingzoo\]'"):
        importlib.import_module("bugami.integrations.pettingzoo")


def test_the_loop_example() -> None:
    sys.path.insert(0, str(EXAMPLES))
    try:
        example = importlib.import_module("pettingzoo_loop")
    finally:
        sys.path.remove(str(EXAMPLES))
    results = example.play_deals(seed=2, deals=2, players=5)
    assert len(results) == 2
    assert all(len(rewards) == 5 for rewards in results)
