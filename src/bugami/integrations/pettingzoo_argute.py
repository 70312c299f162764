"""Argute as a PettingZoo AEC environment.

It needs the ``pettingzoo`` extra (``pip install bugami[pettingzoo]``), and
runs the agent loop of :mod:`bugami.integrations.pettingzoo`, with Argute's
actions::

    from bugami.integrations.pettingzoo_argute import env

    table = env(players=5, render_mode="ansi")
    table.reset(seed=42)

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

from typing import Any

from bugami.integrations._adapted import require_pettingzoo

require_pettingzoo(__name__)

import bugami.integrations._pettingzoo_base as base  # noqa: E402
from bugami.argute.rules import Rules  # noqa: E402
from bugami.argute.state import Deal  # noqa: E402
from bugami.integrations._argute_encoding import ARGUTE  # noqa: E402

__all__ = ["env", "raw_env"]


class raw_env(base.AECTable[Rules, Deal]):  # noqa: N801 - PettingZoo's naming
    """The Argute AEC environment without wrappers, for ``players`` 2 to 7
    and a ``render_mode`` as :class:`bugami.integrations.pettingzoo.raw_env`'s."""

    metadata: dict[str, Any] = base.aec_metadata("argute_v0")
    _adapted = ARGUTE

    def __init__(self, *args: Any, **options: Any) -> None:
        rules, render_mode = base.table_options(Rules, args, options)
        super().__init__(render_mode)
        self._seat_agents(rules)


def env(**kwargs: Any) -> Any:
    """An Argute environment with PettingZoo's usual wrappers; the keyword
    arguments are those of :class:`raw_env`."""
    return base.wrap(raw_env(**kwargs))
