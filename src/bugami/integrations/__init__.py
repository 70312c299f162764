"""Bugami in other frameworks: optional adapters.

* :mod:`bugami.integrations.openspiel` registers the OpenSpiel game
  ``python_bugami`` (install ``bugami[openspiel]``);
* :mod:`bugami.integrations.pettingzoo` is a PettingZoo AEC environment
  (install ``bugami[pettingzoo]``).

Neither is imported by ``import bugami``; importing one without its extra
raises an :class:`ImportError` that says what to install. Both use the same
action ids (see :mod:`bugami.integrations._encoding`): ``0`` .. ``59`` play the
card with that :attr:`Card.index <bugami.Card.index>`, ``60`` .. ``63`` bid
spades, hearts, diamonds, clubs, and ``64`` bids misère.
"""

from __future__ import annotations

__all__: list[str] = []
