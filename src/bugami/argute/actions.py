"""Actions of Argute as values: "seat 2 bids one trick", "seat 1 plays a 5".

The same as Bugami's (:mod:`bugami.core.actions`) over Argute's bids (0 to 3
tricks) and cards (the values 0 to 5): a :class:`BidAction` or a
:class:`PlayAction` names the seat that acts and what it does, is immutable
and hashable, and has a stable text form and a JSON-ready dict, in which bids
and cards are ints. :func:`parse_action` reads either back.

>>> action = PlayAction(1, "5")
>>> action, str(action), action.to_dict()
(PlayAction(seat=1, card=5), '1 play 5', {'type': 'play', 'seat': 1, 'card': 5})
>>> parse_action("2 bid 0"), parse_action({"type": "bid", "seat": 2, "bid": 3})
(BidAction(seat=2, bid=0), BidAction(seat=2, bid=3))
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Final, TypeAlias

from bugami._kernel.actions import BidActionBase, PlayActionBase, small_int
from bugami._kernel.actions import parse_action as _parse
from bugami.argute.rules import BIDS, VALUES

__all__ = ["Action", "BidAction", "PlayAction", "parse_action"]


class BidAction(BidActionBase[int]):
    """Seat ``seat`` bids to win ``bid`` tricks: an int from 0 to 3, or its text.

    >>> BidAction(0, " 2"), str(BidAction(3, 0))
    (BidAction(seat=0, bid=2), '3 bid 0')
    >>> BidAction(0, 4)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: 4 is not a bid: a bid is a number of tricks from 0 to 3, as an int or its text
    """

    __slots__ = ()
    _game = "argute"
    _read = staticmethod(functools.partial(small_int, top=BIDS[-1]))
    _help = "a bid is a number of tricks from 0 to 3, as an int or its text"
    _example = "2 bid 1"
    _json = staticmethod(int)


class PlayAction(PlayActionBase[int]):
    """Seat ``seat`` plays a card of value ``card``: an int from 0 to 5, or its text.

    >>> PlayAction(2, "4") == PlayAction(2, 4), PlayAction(2, 4).seat
    (True, 2)
    >>> PlayAction(2, "six")
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: 'six' is not a card: Argute's cards are the values 0 to 5, as ints or texts
    """

    __slots__ = ()
    _game = "argute"
    _read = staticmethod(functools.partial(small_int, top=VALUES[-1]))
    _help = "Argute's cards are the values 0 to 5, as ints or texts"
    _example = "1 play 5"
    _json = staticmethod(int)
    _decode = staticmethod(int)


Action: TypeAlias = "BidAction | PlayAction"
"""An action of Argute: a :class:`BidAction` or a :class:`PlayAction`."""

ACTIONS: Final = (BidAction, PlayAction)
"""The two kinds of action, bid and play (for the frontend kit)."""


def parse_action(data: Action | str | Mapping[str, object]) -> Action:
    """The action of Argute ``data`` stands for: an action (returned as it
    is), its text (``"2 bid 1"``, ``"1 play 5"``) or its dict (``{"type":
    "play", "seat": 1, "card": 5}``). Anything else raises
    :class:`~bugami.errors.InvalidInputError`, saying what was wrong. The
    seat's text is plain decimal without a leading zero, as in Bugami (see
    :func:`bugami.parse_action`).

    >>> parse_action("1 Play 0")
    PlayAction(seat=1, card=0)
    >>> parse_action({"type": "bid", "seat": 1})
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: {'seat': 1, 'type': 'bid'} is not an action: it has no key 'bid'; expected {"type": "bid", "seat": <int>, "bid": <bid>} or {"type": "play", "seat": <int>, "card": <card>}
    >>> parse_action("seat 0 plays 3")
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: 'seat 0 plays 3' is not an action: expected '<seat> bid <bid>' or '<seat> play <card>', such as '2 bid 1' or '1 play 5'
    """
    action: Action = _parse(data, ACTIONS, "an Argute")  # type: ignore[assignment]
    return action
