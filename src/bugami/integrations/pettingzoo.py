"""Bugami as a PettingZoo AEC environment.

It needs the ``pettingzoo`` extra (``pip install bugami[pettingzoo]``)::

    from bugami.integrations.pettingzoo import env

    table = env(players=4, render_mode="ansi")
    table.reset(seed=42)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, info = table.last()
        if termination or truncation:
            action = None
        else:
            mask = observation["action_mask"]
            action = table.action_space(agent).sample(mask)
        table.step(action)

One episode is one deal. The agents are ``"player_0"`` .. ``"player_<n-1>"``,
one per seat. Every agent first makes its secret bid, in turn from the
dealer's left (an agent cannot see the earlier bids: its observation shows
only that they were made), then the cards are played; when the deal is over
each agent's reward is its points (:func:`bugami.score`) and every agent is
terminated. Nothing is ever truncated: a deal has at most
``players * (hand_size + 1)`` steps.

**Spaces.** Actions are ``Discrete(65)``: ids ``0`` .. ``59`` play the card
with that :attr:`Card.index <bugami.Card.index>`, ``60`` .. ``63`` bid spades,
hearts, diamonds or clubs, ``64`` bids misère (the same ids as the OpenSpiel
game). An observation is a dict: ``"observation"``, a float32 ``Box`` in
[0, 1] built from :func:`bugami.view` (the same layout as the OpenSpiel
observation tensor: seat, dealer, phase, hand, own bid, who has bid, the bids
once revealed, the open trick and its leader, the cards played and the tricks
won), and ``"action_mask"``, an int8 ``Box`` with 1 for each legal action of
the agent to move (all zeros for the others). The spaces are built once per
environment and the same objects are returned on every call.

**Seeding.** ``reset(seed=s)`` starts a new random stream; each deal is
shuffled by :func:`bugami.deal` from a seed drawn from it, so the same seed
gives the same deals. ``reset()`` without a seed continues the stream.
``reset(options={"dealer": seat})`` fixes the dealer (else it is drawn).

:func:`env` wraps :class:`raw_env` in PettingZoo's usual wrappers: an
illegal action ends the deal with reward -1 for the agent that made it
(``TerminateIllegalWrapper``), out-of-range actions are refused
(``AssertOutOfBoundsWrapper``), and the order of calls is enforced
(``OrderEnforcingWrapper``). :class:`raw_env` raises
:class:`~bugami.IllegalMoveError` for an illegal action instead.
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
        "bugami.integrations.pettingzoo needs PettingZoo: install the extra with "
        "`pip install 'bugami[pettingzoo]'` (or `pip install pettingzoo gymnasium numpy`)"
    ) from error

import bugami
from bugami import Deal, Rules
from bugami.integrations._encoding import (
    ACTION_COUNT,
    BID_ACTIONS,
    BID_OFFSET,
    Layout,
    bid_of_action,
    card_of_action,
    table_text,
)

__all__ = ["env", "raw_env"]

_SEED_SPAN: Final = 1 << 63


def env(**kwargs: Any) -> Any:
    """A Bugami environment with PettingZoo's usual wrappers; the keyword
    arguments are those of :class:`raw_env`."""
    table = raw_env(**kwargs)
    table = wrappers.TerminateIllegalWrapper(table, illegal_reward=-1)
    table = wrappers.AssertOutOfBoundsWrapper(table)
    return wrappers.OrderEnforcingWrapper(table)


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801 - PettingZoo's naming
    """The Bugami AEC environment without wrappers.

    :param players: 3 to 7.
    :param jokers: 0 to 8.
    :param shotgun_wedding: the Shotgun Wedding variant.
    :param render_mode: ``None``, ``"ansi"`` (``render()`` returns the table
        as text) or ``"human"`` (prints it after every step).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "render_modes": ["human", "ansi"],
        "name": "bugami_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        players: int = 4,
        jokers: int = 0,
        shotgun_wedding: bool = False,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        self.rules = Rules(players=players, jokers=jokers, shotgun_wedding=shotgun_wedding)
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
        """The bugami deal being played (the full state)."""
        if self._deal is None:
            raise RuntimeError("call reset() first")
        return self._deal

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand. ``seed`` restarts the random stream the deals are
        drawn from; ``options={"dealer": seat}`` fixes the dealer."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        dealer = (options or {}).get("dealer")
        self._deal = bugami.deal(
            self.rules, seed=int(self._rng.integers(_SEED_SPAN)), dealer=dealer
        )
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self._seat_to_act(self._deal)]

    def _seat_to_act(self, deal: Deal) -> int:
        if deal.to_move is not None:
            return deal.to_move
        made = sum(choice is not None for choice in deal.bids)
        return (deal.dealer + 1 + made) % self.rules.players

    def legal_actions(self, agent: str) -> list[int]:
        """The action ids ``agent`` may take now (none unless it is to act)."""
        deal = self.deal
        if deal.is_over or agent != self.agent_selection:
            return []
        if deal.to_move is None:
            return list(BID_ACTIONS)
        return [card.index for card in bugami.legal_moves(deal)]

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` knows (from :func:`bugami.view`) and its action mask."""
        seat = self._seats[agent]
        vector = np.zeros(self._layout.size, np.float32)
        self._layout.fill(
            self._layout.views(vector), seat, self.deal.dealer, bugami.view(self.deal, seat)
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
            raise bugami.IllegalMoveError(f"{agent} must act: it is its turn")
        chosen = int(action)
        deal = self.deal
        seat = self._seats[agent]
        self._cumulative_rewards[agent] = 0.0
        if chosen not in self.legal_actions(agent):
            raise bugami.IllegalMoveError(
                f"{agent} cannot take action {chosen}: legal are {self.legal_actions(agent)}"
            )
        if chosen >= BID_OFFSET:
            deal = bugami.bid(deal, seat, bid_of_action(chosen))
        else:
            deal = bugami.play(deal, card_of_action(chosen), seat=seat)
        self._deal = deal
        if deal.is_over:
            points = bugami.score(deal)
            for agent_name in self.agents:
                self.rewards[agent_name] = float(points[self._seats[agent_name]])
                self.terminations[agent_name] = True
        else:
            for agent_name in self.agents:
                self.rewards[agent_name] = 0.0
            self.agent_selection = self.possible_agents[self._seat_to_act(deal)]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The whole table as text (every hand shown: this is for watching,
        not for a player); printed in ``"human"`` mode, returned in ``"ansi"``."""
        if self.render_mode is None:
            return None
        text = "not dealt yet" if self._deal is None else table_text(self._deal)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
