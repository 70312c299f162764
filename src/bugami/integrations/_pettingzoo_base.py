"""What Bugami's and Argute's PettingZoo environments share (private).

:class:`AECTable` is the AEC machinery of a trick-taking deal with secret
bids: one agent per seat, the spaces built once, the seeded stream of deals,
the dead steps, rewards and terminations, the observation with its action
mask, and the text rendering. A game's ``raw_env`` subclasses it and fills in
the hooks (dealing, the seat to act, the legal action ids, the observation
vector, applying an action, the scores, the table as text); :func:`wrap` is
the wrapper chain of its ``env()``.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module
from typing import Any, Final, Generic, TypeVar

from bugami.errors import IllegalMoveError

try:
    import numpy as np  # type: ignore[import-not-found, unused-ignore]
    from gymnasium import spaces  # type: ignore[import-not-found, unused-ignore]
    from pettingzoo import AECEnv  # type: ignore[import-not-found, import-untyped, unused-ignore]
    from pettingzoo.utils import wrappers  # type: ignore[import-not-found, import-untyped, unused-ignore]
except ImportError:  # pragma: no cover - exercised without the extra
    # The game modules call require_pettingzoo() first and say what to install;
    # this module must still import (pytest collects every module's doctests).
    class AECEnv:  # type: ignore[no-redef]
        """A stand-in base: PettingZoo is not installed."""


__all__ = ["AECTable", "aec_metadata", "require_pettingzoo", "wrap"]

DealT = TypeVar("DealT")

_SEED_SPAN: Final = 1 << 63


def require_pettingzoo(module: str) -> None:
    """Raise an :class:`ImportError` that says what to install unless
    PettingZoo, Gymnasium and numpy can be imported; ``module`` is the
    name of the adapter that needs them."""
    try:
        for name in ("numpy", "gymnasium", "pettingzoo"):
            import_module(name)
    except ImportError as error:
        raise ImportError(
            f"{module} needs PettingZoo: install the extra with "
            "`pip install 'bugami[pettingzoo]'` (or `pip install pettingzoo gymnasium numpy`)"
        ) from error


def aec_metadata(name: str) -> dict[str, Any]:
    """The ``metadata`` of an environment called ``name``."""
    return {
        "render_modes": ["human", "ansi"],
        "name": name,
        "is_parallelizable": False,
        "render_fps": 1,
    }


def wrap(table: Any) -> Any:
    """``table`` in PettingZoo's usual wrappers: an illegal action ends the
    deal with reward -1 for the agent that made it, out-of-range actions are
    refused, and the order of calls is enforced."""
    table = wrappers.TerminateIllegalWrapper(table, illegal_reward=-1)
    table = wrappers.AssertOutOfBoundsWrapper(table)
    return wrappers.OrderEnforcingWrapper(table)


class AECTable(AECEnv, Generic[DealT]):  # type: ignore[misc]
    """The AEC environment of one deal of ``DealT``, without the game.

    A subclass calls ``super().__init__(render_mode)``, builds its rules,
    then calls :meth:`_seat_agents`, and implements the hooks below.
    """

    metadata: dict[str, Any]

    def __init__(self, render_mode: str | None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self._rng = np.random.default_rng()
        self._deal: DealT | None = None

    def _seat_agents(self, players: int, observation_size: int, action_count: int) -> None:
        """One agent per seat, and their spaces (built once)."""
        self._observation_size = observation_size
        self._action_count = action_count
        self.possible_agents: list[str] = [f"player_{seat}" for seat in range(players)]
        self.agents: list[str] = []
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (observation_size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (action_count,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(action_count) for agent in self.possible_agents
        }

    # -- the hooks a game implements -------------------------------------------

    def _new_deal(self, seed: int, dealer: int | None) -> DealT:
        """A new deal shuffled from ``seed`` (the dealer drawn if ``None``)."""
        raise NotImplementedError

    def _seat_to_act(self, deal: DealT) -> int | None:
        """The seat to bid or play next, ``None`` once ``deal`` is over."""
        raise NotImplementedError

    def _legal_action_ids(self, deal: DealT) -> list[int]:
        """The action ids of the seat to act in ``deal`` (not over)."""
        raise NotImplementedError

    def _fill_observation(self, vector: Any, seat: int) -> None:
        """Write what ``seat`` knows of the deal into ``vector`` (zeros)."""
        raise NotImplementedError

    def _apply(self, deal: DealT, seat: int, action: int) -> DealT:
        """``deal`` after ``seat`` takes the legal ``action``."""
        raise NotImplementedError

    def _scores(self, deal: DealT) -> Sequence[int]:
        """Each seat's points for the finished ``deal``."""
        raise NotImplementedError

    def _table_text(self, deal: DealT) -> str:
        """The whole table as text."""
        raise NotImplementedError

    # -- the AEC API -----------------------------------------------------------

    def observation_space(self, agent: str) -> Any:
        """The observation space of ``agent`` (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The action space of ``agent`` (the same object every time)."""
        return self.action_spaces[agent]

    @property
    def deal(self) -> DealT:
        """The deal (:class:`bugami.Deal` or :class:`bugami.argute.Deal`)
        being played: the full state."""
        if self._deal is None:
            raise RuntimeError("call reset() first")
        return self._deal

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand. ``seed`` restarts the random stream the deals are
        drawn from; ``options={"dealer": seat}`` fixes the dealer."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        dealer = (options or {}).get("dealer")
        self._deal = self._new_deal(int(self._rng.integers(_SEED_SPAN)), dealer)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        # A new deal is never over, so there is a seat to act.
        self.agent_selection = self.possible_agents[self._seat_to_act(self._deal) or 0]

    def legal_actions(self, agent: str) -> list[int]:
        """The action ids ``agent`` may take now (none unless it is to act)."""
        deal = self.deal
        if agent != self.agent_selection or self._seat_to_act(deal) is None:
            return []
        return self._legal_action_ids(deal)

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` knows (from :func:`bugami.view` or
        :func:`bugami.argute.view`) and its action mask."""
        vector = np.zeros(self._observation_size, np.float32)
        self._fill_observation(vector, self._seats[agent])
        mask = np.zeros(self._action_count, np.int8)
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
        self._cumulative_rewards[agent] = 0.0
        if chosen not in self.legal_actions(agent):
            raise IllegalMoveError(
                f"{agent} cannot take action {chosen}: legal are {self.legal_actions(agent)}"
            )
        deal = self._apply(self.deal, self._seats[agent], chosen)
        self._deal = deal
        following = self._seat_to_act(deal)
        if following is None:
            points = self._scores(deal)
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
        text = "not dealt yet" if self._deal is None else self._table_text(self._deal)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
