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

from typing import Any

from bugami.integrations._adapted import require_pettingzoo

require_pettingzoo(__name__)

import bugami.integrations._pettingzoo_base as base  # noqa: E402
from bugami.core.rules import Rules  # noqa: E402
from bugami.core.state import Deal  # noqa: E402
from bugami.integrations._encoding import BUGAMI  # noqa: E402

__all__ = ["env", "raw_env"]


class raw_env(base.AECTable[Rules, Deal]):  # noqa: N801 - PettingZoo's naming
    """The Bugami AEC environment without wrappers.

    Its arguments, by position or by name, are the rules' fields that
    PettingZoo shows (``Rules.fields("pettingzoo")``: ``players``, 3 to 7,
    default 4; ``jokers``, 0 to 8, default 0; then the variants, default
    ``False``), then ``render_mode``: ``None``, ``"ansi"`` (``render()``
    returns the table as text) or ``"human"`` (prints it after every step).
    """

    metadata: dict[str, Any] = base.aec_metadata("bugami_v0")
    _adapted = BUGAMI

    def __init__(self, *args: Any, **options: Any) -> None:
        rules, render_mode = base.table_options(Rules, args, options)
        super().__init__(render_mode)
        self._seat_agents(rules)


def env(**kwargs: Any) -> Any:
    """A Bugami environment with PettingZoo's usual wrappers; the keyword
    arguments are those of :class:`raw_env`."""
    return base.wrap(raw_env(**kwargs))
