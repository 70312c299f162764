"""Play deals of Bugami in PettingZoo: the standard agent loop, with random
legal actions taken from the action mask.

Needs the ``pettingzoo`` extra (``pip install 'bugami[pettingzoo]'``). Run it
with ``python examples/pettingzoo_loop.py [SEED]``.
"""

from __future__ import annotations

import sys
from typing import Any


def play_deals(seed: int = 1, deals: int = 3, players: int = 4) -> list[dict[str, float]]:
    """Play ``deals`` deals with random legal actions; return each deal's
    rewards (every agent's points), by agent."""
    from bugami.integrations.pettingzoo import env

    table: Any = env(players=players)
    results: list[dict[str, float]] = []
    for number in range(deals):
        table.reset(seed=seed if number == 0 else None)
        for index, agent in enumerate(table.possible_agents):
            table.action_space(agent).seed(seed * 1000 + number * players + index)
        rewards: dict[str, float] = {}
        for agent in table.agent_iter():
            observation, reward, termination, truncation, _info = table.last()
            if termination or truncation:
                rewards[agent] = float(reward)
                action = None
            else:
                action = table.action_space(agent).sample(observation["action_mask"])
            table.step(action)
        results.append(rewards)
    table.close()
    return results


if __name__ == "__main__":
    try:
        outcome = play_deals(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    except ImportError as error:
        sys.exit(f"{error}\nThis example needs PettingZoo: pip install 'bugami[pettingzoo]'")
    for number, rewards in enumerate(outcome, 1):
        print(
            f"deal {number}:", ", ".join(f"{agent} {points:g}" for agent, points in rewards.items())
        )
