"""What Bugami's and Argute's PettingZoo environments share (private).

:class:`AECTable` is the AEC machinery of a trick-taking deal with secret
bids: one agent per seat, the spaces built once, the seeded stream of deals,
the dead steps, rewards and terminations, the observation with its action
mask, and the text rendering. A game's ``raw_env`` subclasses it and names
its game (an :class:`~bugami.integrations._adapted.AdaptedGame`: the verbs,
the action ids, the tensor layout and the table as text); :func:`wrap` is the
wrapper chain of its ``env()``.

The game modules call :func:`~bugami.integrations._adapted.require_pettingzoo`
first, which says which extra to install; this module needs PettingZoo,
Gymnasium and numpy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar

import numpy as np  # type: ignore[import-not-found, unused-ignore]
from gymnasium import spaces  # type: ignore[import-not-found, unused-ignore]
from pettingzoo import AECEnv  # type: ignore[import-not-found, import-untyped, unused-ignore]
from pettingzoo.utils import wrappers  # type: ignore[import-not-found, import-untyped, unused-ignore]

from bugami._kernel.checks import as_int
from bugami.errors import IllegalMoveError, InvalidInputError, brief
from bugami.integrations._adapted import AdaptedGame, DealLike, RulesLike, TensorLayout, seat_to_act

__all__ = ["AECTable", "aec_metadata", "table_options", "wrap"]

if TYPE_CHECKING:
    # PettingZoo ships no type information: to type checkers the base class
    # is this one, whose every other attribute is PettingZoo's, untyped.

    class _AECEnv:
        """:class:`pettingzoo.AECEnv`, as type checkers see it."""

        _cumulative_rewards: dict[str, float]

        def _accumulate_rewards(self) -> None: ...
        def _was_dead_step(self, action: int | None) -> None: ...
        def __getattr__(self, name: str) -> Any: ...

else:
    _AECEnv = AECEnv

RulesT = TypeVar("RulesT", bound=RulesLike)
DealT = TypeVar("DealT", bound=DealLike)

_SEED_SPAN: Final = 1 << 63


def aec_metadata(name: str) -> dict[str, Any]:
    """The ``metadata`` of an environment called ``name``."""
    return {
        "render_modes": ["human", "ansi"],
        "name": name,
        "is_parallelizable": False,
        "render_fps": 1,
    }


def table_options(rules_class: Any, args: tuple[Any, ...], options: dict[str, Any]) -> Any:
    """The rules and the render mode an environment's arguments set: the
    rules' fields PettingZoo shows (``rules_class.fields("pettingzoo")``),
    then ``render_mode``, by position or by name, as ``(rules, render_mode)``.

    >>> from bugami import argute
    >>> table_options(argute.Rules, (3,), {"render_mode": "ansi"})
    (Rules(players=3, target=6), 'ansi')
    """
    names = [field.name for field in rules_class.fields("pettingzoo")] + ["render_mode"]
    if len(args) > len(names):
        raise TypeError(f"raw_env() takes at most {len(names)} arguments ({len(args)} given)")
    given = dict(zip(names, args, strict=False))
    for name, value in options.items():
        if name not in names:
            raise TypeError(f"raw_env() got an unexpected keyword argument {name!r}")
        if name in given:
            raise TypeError(f"raw_env() got multiple values for argument {name!r}")
        given[name] = value
    render_mode = given.pop("render_mode", None)
    return rules_class(**given), render_mode


def wrap(table: Any) -> Any:
    """``table`` in PettingZoo's usual wrappers: an illegal action ends the
    deal with reward -1 for the agent that made it, out-of-range actions are
    refused, and the order of calls is enforced."""
    table = wrappers.TerminateIllegalWrapper(table, illegal_reward=-1)
    table = wrappers.AssertOutOfBoundsWrapper(table)
    return wrappers.OrderEnforcingWrapper(table)


class AECTable(_AECEnv, Generic[RulesT, DealT]):
    """The AEC environment of one deal of a game, one agent per seat.

    A game's ``raw_env`` names its game (``_adapted``, an
    :class:`~bugami.integrations._adapted.AdaptedGame`) and its
    :attr:`metadata`, calls ``super().__init__(render_mode)``, then
    :meth:`_seat_agents` with its rules.
    """

    metadata: dict[str, Any]
    """The environment's name, render modes and frame rate."""
    _adapted: AdaptedGame[RulesT, DealT, Any, Any, Any]
    """The game: its verbs, action ids, tensors and texts."""

    rules: RulesT
    """The rules every deal is dealt and played under."""
    possible_agents: list[str]
    """One agent per seat: ``"player_0"`` .. ``"player_<n-1>"``."""
    agents: list[str]
    """The agents of the deal being played (none before :meth:`reset`)."""
    observation_spaces: dict[str, Any]
    """Each agent's observation space (see :meth:`observation_space`)."""
    action_spaces: dict[str, Any]
    """Each agent's action space (see :meth:`action_space`)."""
    rewards: dict[str, float]
    """Each agent's reward for the last step: its points once the deal is
    over, else 0 (set by :meth:`reset`)."""
    terminations: dict[str, bool]
    """Whether each agent is done: every agent, once the deal is over."""
    truncations: dict[str, bool]
    """Whether each agent was cut short: never."""
    infos: dict[str, dict[str, Any]]
    """Each agent's extra information: none."""
    agent_selection: str
    """The agent to act next (set by :meth:`reset`)."""
    render_mode: str | None
    """``None``, ``"ansi"`` or ``"human"``."""

    def __init__(self, render_mode: str | None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self._rng = np.random.default_rng()
        self._deal: DealT | None = None

    def _seat_agents(self, rules: RulesT) -> None:
        """Take ``rules``: one agent per seat, and their spaces (built once)."""
        adapted = self._adapted
        self.rules = rules
        self._layout: TensorLayout[RulesT, Any] = adapted.layout(
            rules, perfect_recall=False, private=True, public=True
        )
        self._action_count = adapted.ids.action_count
        self.possible_agents = [f"player_{seat}" for seat in range(rules.players)]
        self.agents = []
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (self._layout.size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self._action_count,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self._action_count) for agent in self.possible_agents
        }

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
            number = as_int(seed)
            if number is None or number < 0:
                raise InvalidInputError(
                    f"reset's seed must be a whole number from 0 on or None, not {brief(seed)}"
                )
            self._rng = np.random.default_rng(number)
        # Other options are ignored, as PettingZoo's API test expects of an environment.
        if options is not None and not isinstance(options, dict):
            raise InvalidInputError(
                f'reset takes options as a dict, such as {{"dealer": 0}}, not {brief(options)}'
            )
        dealer = (options or {}).get("dealer")
        seed = int(self._rng.integers(_SEED_SPAN))
        self._deal = self._adapted.verbs.deal(self.rules, seed=seed, dealer=dealer)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        # A new deal is never over, so there is a seat to act.
        self.agent_selection = self.possible_agents[seat_to_act(self._deal) or 0]

    def legal_actions(self, agent: str) -> list[int]:
        """The action ids ``agent`` may take now (none unless it is to act)."""
        deal = self.deal
        if agent != self.agent_selection or seat_to_act(deal) is None:
            return []
        return self._adapted.legal_actions(deal)

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` knows (from :func:`bugami.view` or
        :func:`bugami.argute.view`) and its action mask."""
        layout = self._layout
        vector = np.zeros(layout.size, np.float32)
        layout.fill(layout.views(vector), self._adapted.verbs.view(self.deal, self._seats[agent]))
        mask = np.zeros(self._action_count, np.int8)
        mask[self.legal_actions(agent)] = 1
        return {"observation": vector, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Bid or play for the agent to act (``action`` an id, see the module
        description); a terminated agent must step ``None``."""
        if self._deal is None:
            raise RuntimeError("call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalMoveError(f"{agent} must act: it is its turn")
        chosen = self._adapted.ids.check(action)
        self._cumulative_rewards[agent] = 0.0
        if chosen not in self.legal_actions(agent):
            raise IllegalMoveError(
                f"{agent} cannot take action {chosen}: legal are {self.legal_actions(agent)}"
            )
        deal = self._adapted.apply(self.deal, self._seats[agent], chosen)
        self._deal = deal
        following = seat_to_act(deal)
        if following is None:
            points = self._adapted.verbs.score(deal)
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
        text = "not dealt yet" if self._deal is None else self._adapted.table_text(self._deal)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
