"""Bugami in other frameworks: optional adapters.

* :mod:`bugami.integrations.openspiel` registers the OpenSpiel game
  ``python_bugami`` (install ``bugami[openspiel]``);
* :mod:`bugami.integrations.pettingzoo` is a PettingZoo AEC environment
  (install ``bugami[pettingzoo]``);
* :mod:`bugami.integrations.openspiel_argute` and
  :mod:`bugami.integrations.pettingzoo_argute` are the same two for Argute
  (the OpenSpiel game ``python_argute``).

None is imported by ``import bugami``; importing one without its extra
raises an :class:`ImportError` that says what to install. Bugami's two use the
same action ids (see :mod:`bugami.integrations._encoding`): ``0`` .. ``59``
play the card with that :attr:`Card.index <bugami.Card.index>`, ``60`` ..
``63`` bid spades, hearts, diamonds, clubs, and ``64`` bids misère. Argute's
two share theirs (see :mod:`bugami.integrations._argute_encoding`): ``0`` ..
``5`` play a card of that value, ``6`` .. ``9`` bid 0 to 3 tricks.
"""

from __future__ import annotations

__all__: list[str] = []
