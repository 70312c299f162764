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

from typing import Any

from bugami import argute
from bugami.argute import Deal, Rules
from bugami.integrations._pettingzoo_base import AECTable, aec_metadata, require_pettingzoo, wrap

require_pettingzoo(__name__)

from bugami.integrations._argute_encoding import (  # noqa: E402 - needs the extra
    ACTION_COUNT,
    BID_ACTIONS,
    BID_OFFSET,
    Array,
    Layout,
    bid_of_action,
    seat_to_act,
    table_text,
)

__all__ = ["env", "raw_env"]


def env(**kwargs: Any) -> Any:
    """An Argute environment with PettingZoo's usual wrappers; the keyword
    arguments are those of :class:`raw_env`."""
    return wrap(raw_env(**kwargs))


class raw_env(AECTable[Deal]):  # noqa: N801 - PettingZoo's naming
    """The Argute AEC environment without wrappers.

    :param players: 2 to 7.
    :param render_mode: ``None``, ``"ansi"`` (``render()`` returns the table
        as text) or ``"human"`` (prints it after every step).
    """

    metadata: dict[str, Any] = aec_metadata("argute_v0")

    def __init__(self, players: int = 4, render_mode: str | None = None) -> None:
        super().__init__(render_mode)
        self.rules = Rules(players=players)
        self._layout = Layout(self.rules, perfect_recall=False, private=True, public=True)
        self._seat_agents(players, self._layout.size, ACTION_COUNT)

    def _new_deal(self, seed: int, dealer: int | None) -> Deal:
        return argute.deal(self.rules, seed=seed, dealer=dealer)

    def _seat_to_act(self, deal: Deal) -> int | None:
        return seat_to_act(deal)

    def _legal_action_ids(self, deal: Deal) -> list[int]:
        if deal.to_move is None:
            return list(BID_ACTIONS)
        return list(argute.legal_moves(deal))

    def _fill_observation(self, vector: Array, seat: int) -> None:
        seen = argute.view(self.deal, seat)
        self._layout.fill(self._layout.views(vector), seat, self.deal.dealer, seen)

    def _apply(self, deal: Deal, seat: int, action: int) -> Deal:
        if action >= BID_OFFSET:
            return argute.bid(deal, seat, bid_of_action(action))
        return argute.play(deal, action, seat=seat)

    def _scores(self, deal: Deal) -> tuple[int, ...]:
        return argute.score(deal)

    def _table_text(self, deal: Deal) -> str:
        return table_text(deal)
