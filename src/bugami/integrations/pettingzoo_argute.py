"""Argute as a PettingZoo AEC environment.

It needs the ``pettingzoo`` extra (``pip install bugami[pettingzoo]``)::

    from bugami.integrations.pettingzoo_argute import env

    table = env(players=5, render_mode="ansi")
    table.reset(seed=42)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, info = table.last()
        if termination or truncation:
            action = None
        else:
            action = table.action_space(agent).sample(observation["action_mask"])
        table.step(action)

One episode is one hand of Argute. The agents are ``"player_0"`` ..
``"player_<n-1>"``, one per seat (2 to 7). Every agent first makes its secret
bid, in turn from the dealer's left; no agent sees another's bid before the
hand is over, only that it was made. Then the cards are played, and when the
third trick is done each agent's reward is its points
(:func:`bugami.argute.score`, from -1 to 3) and every agent is terminated.
Nothing is ever truncated: a hand has exactly ``7 * players`` steps.

**Spaces.** Actions are ``Discrete(10)``: ids ``0`` .. ``5`` play a card of
that value, ``6`` .. ``9`` bid 0 to 3 tricks (the ids of the OpenSpiel game
``python_argute``). An observation is a dict: ``"observation"``, a float32
``Box`` in [0, 1] built from :func:`bugami.argute.view` with the layout of
the OpenSpiel observation tensor, and ``"action_mask"``, an int8 ``Box`` with
1 for each legal action of the agent to act (all zeros for the others). The
spaces are built once and the same objects are returned on every call.

**Seeding.** ``reset(seed=s)`` starts a new random stream; each hand is
shuffled by :func:`bugami.argute.deal` from a seed drawn from it, so the same
seed gives the same hands. ``reset()`` without a seed continues the stream.
``reset(options={"dealer": seat})`` fixes the dealer (else it is drawn).

:func:`env` adds PettingZoo's usual wrappers (an illegal action ends the hand
with reward -1 for the agent that made it, out-of-range actions are refused,
and the order of calls is enforced); :class:`raw_env` raises
:class:`~bugami.errors.IllegalMoveError` for an illegal action instead.
"""

from __future__ import annotations

from typing import Any, Final

try:
    import numpy as np  # type: ignore[import-not-found, unused-ignore]
    from gymnasium import spaces  # type: ignore[import-not-found, unused-ignore]
    from pettingzoo import AECEnv  # type: ignore[import-not-found, import-untyped, unused-ignore]
    from pettingzoo.utils import wrappers  # type: ignore[import-not-found, import-untyped, unused-ignore]
except ImportError as error:  # pragma: no cover - exercised without the extra
    raise ImportError(
        "bugami.integrations.pettingzoo_argute needs PettingZoo: install the extra with "
        "`pip install 'bugami[pettingzoo]'` (or `pip install pettingzoo gymnasium numpy`)"
    ) from error

from bugami import argute
from bugami.argute import Deal, Rules
from bugami.errors import IllegalMoveError
from bugami.integrations._argute_encoding import (
    ACTION_COUNT,
    BID_ACTIONS,
    BID_OFFSET,
    Layout,
    bid_of_action,
    seat_to_act,
    table_text,
)

__all__ = ["env", "raw_env"]

_SEED_SPAN: Final = 1 << 63


def env(**kwargs: Any) -> Any:
    """An Argute environment with PettingZoo's usual wrappers; the keyword
    arguments are those of :class:`raw_env`."""
    table = raw_env(**kwargs)
    table = wrappers.TerminateIllegalWrapper(table, illegal_reward=-1)
    table = wrappers.AssertOutOfBoundsWrapper(table)
    return wrappers.OrderEnforcingWrapper(table)


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801 - PettingZoo's naming
    """The Argute AEC environment without wrappers.

    :param players: 2 to 7.
    :param render_mode: ``None``, ``"ansi"`` (``render()`` returns the table
        as text) or ``"human"`` (prints it after every step).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "render_modes": ["human", "ansi"],
        "name": "argute_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, players: int = 4, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        self.rules = Rules(players=players)
        self.render_mode = render_mode
        self.possible_agents: list[str] = [f"player_{seat}" for seat in range(players)]
        self.agents: list[str] = []
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._layout = Layout(self.rules, perfect_recall=False, private=True, public=True)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (self._layout.size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (ACTION_COUNT,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(ACTION_COUNT) for agent in self.possible_agents
        }
        self._rng = np.random.default_rng()
        self._deal: Deal | None = None

    def observation_space(self, agent: str) -> Any:
        """The observation space of ``agent`` (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The action space of ``agent`` (the same object every time)."""
        return self.action_spaces[agent]

    @property
    def deal(self) -> Deal:
        """The Argute hand being played (the full state)."""
        if self._deal is None:
            raise RuntimeError("call reset() first")
        return self._deal

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand. ``seed`` restarts the random stream the hands are
        drawn from; ``options={"dealer": seat}`` fixes the dealer."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        dealer = (options or {}).get("dealer")
        self._deal = argute.deal(
            self.rules, seed=int(self._rng.integers(_SEED_SPAN)), dealer=dealer
        )
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[seat_to_act(self._deal) or 0]

    def legal_actions(self, agent: str) -> list[int]:
        """The action ids ``agent`` may take now (none unless it is to act)."""
        deal = self.deal
        if deal.is_over or agent != self.agent_selection:
            return []
        if deal.to_move is None:
            return list(BID_ACTIONS)
        return list(argute.legal_moves(deal))

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` knows (from :func:`bugami.argute.view`) and its action mask."""
        seat = self._seats[agent]
        vector = np.zeros(self._layout.size, np.float32)
        self._layout.fill(
            self._layout.views(vector), seat, self.deal.dealer, argute.view(self.deal, seat)
        )
        mask = np.zeros(ACTION_COUNT, np.int8)
        mask[self.legal_actions(agent)] = 1
        return {"observation": vector, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Bid or play for the agent to act (``action`` an id, see the module
        description); a terminated agent must step ``None``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalMoveError(f"{agent} must act: it is its turn")
        chosen = int(action)
        seat = self._seats[agent]
        self._cumulative_rewards[agent] = 0.0
        if chosen not in self.legal_actions(agent):
            raise IllegalMoveError(
                f"{agent} cannot take action {chosen}: legal are {self.legal_actions(agent)}"
            )
        if chosen >= BID_OFFSET:
            deal = argute.bid(self.deal, seat, bid_of_action(chosen))
        else:
            deal = argute.play(self.deal, chosen, seat=seat)
        self._deal = deal
        following = seat_to_act(deal)
        if following is None:
            points = argute.score(deal)
            for name in self.agents:
                self.rewards[name] = float(points[self._seats[name]])
                self.terminations[name] = True
        else:
            for name in self.agents:
                self.rewards[name] = 0.0
            self.agent_selection = self.possible_agents[following]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The whole table as text (every hand and bid shown: this is for
        watching, not for a player); printed in ``"human"`` mode, returned in
        ``"ansi"``."""
        if self.render_mode is None:
            return None
        text = "not dealt yet" if self._deal is None else table_text(self._deal)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
