"""Actions as values: "seat 2 bids hearts", "seat 1 plays the five of diamonds".

A :class:`BidAction` or a :class:`PlayAction` names the seat that acts and
what it does. Actions are immutable and hashable, and they are what a deal's
or a game's :attr:`~bugami.Deal.history` holds, what
:func:`~bugami.core.frontend.legal_actions` lists and what
:func:`~bugami.core.frontend.apply` and :func:`~bugami.core.frontend.step` take.
Each has a stable text form and a JSON-ready dict, and :func:`parse_action`
reads either back:

>>> action = PlayAction(1, "5d")
>>> action, str(action), action.to_dict()
(PlayAction(seat=1, card=Card('5D')), '1 play 5D', {'type': 'play', 'seat': 1, 'card': '5D'})
>>> parse_action("2 bid misere"), parse_action({"type": "bid", "seat": 2, "bid": "H"})
(BidAction(seat=2, bid=MISERE), BidAction(seat=2, bid=Suit.HEARTS))

The text form is ``"<seat> bid <bid>"`` or ``"<seat> play <card>"``, with the
bid and the card in their canonical text (``"H"``, ``"M"``, ``"QS"``, ``"X1"``);
the dict has the keys ``type`` (``"bid"`` or ``"play"``), ``seat``, and
``bid`` or ``card``. Reading accepts every spelling that :func:`~bugami.parse_bid`
and :meth:`Card.parse <bugami.core.cards.Card.parse>` accept.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, TypeAlias

from bugami._kernel.actions import BidActionBase, PlayActionBase
from bugami._kernel.actions import parse_action as _parse
from bugami.core._masks import CARDS
from bugami.core.cards import Bid, Card, parse_bid

__all__ = ["Action", "BidAction", "PlayAction", "parse_action"]


def _read_card(value: object) -> Card:
    if value.__class__ is Card:
        return value
    return Card.parse(value)


class BidAction(BidActionBase[Bid]):
    """Seat ``seat`` bids ``bid``: a :class:`~bugami.Suit` or
    :data:`~bugami.MISERE`, or their text.

    >>> BidAction(0, "♥"), str(BidAction(3, "misère"))
    (BidAction(seat=0, bid=Suit.HEARTS), '3 bid M')
    >>> BidAction(0, "no trumps")
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: 'no trumps' is not a bid: expected a suit (S H D C, ♠ ♥ ♦ ♣ or its name) or misère (M)
    """

    __slots__ = ()
    _game = "bugami"
    _read = staticmethod(parse_bid)
    _example = "2 bid H"


class PlayAction(PlayActionBase[Card]):
    """Seat ``seat`` plays ``card``: a :class:`~bugami.Card` or its text.

    >>> PlayAction(2, "10d") == PlayAction(2, "TD"), PlayAction(2, "TD").seat
    (True, 2)
    """

    __slots__ = ()
    _game = "bugami"
    _read = staticmethod(_read_card)
    _example = "1 play 5D"
    _decode = CARDS.__getitem__


Action: TypeAlias = "BidAction | PlayAction"
"""An action of Bugami: a :class:`BidAction` or a :class:`PlayAction`."""

ACTIONS: Final = (BidAction, PlayAction)
"""The two kinds of action, bid and play (for the frontend kit)."""


def parse_action(data: Action | str | Mapping[str, object]) -> Action:
    """The action ``data`` stands for: an action (returned as it is), its text
    (``"2 bid H"``, ``"1 play QS"``) or its dict (``{"type": "play", "seat":
    1, "card": "QS"}``). Anything else raises
    :class:`~bugami.InvalidInputError`, saying what was wrong. In the text,
    the seat is written as the text form writes it, in plain decimal without
    a leading zero (``"01 bid H"`` is refused); the verb and the card may be
    in any case. In the dict, the seat is an int (or anything that stands for
    one, such as an ``IntEnum`` member, read as that plain int).

    >>> parse_action("0 PLAY x1")
    PlayAction(seat=0, card=Card('X1'))
    >>> parse_action("seat 0 plays AS")
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: 'seat 0 plays AS' is not an action: expected '<seat> bid <bid>' or '<seat> play <card>', such as '2 bid H' or '1 play 5D'
    >>> parse_action("01 bid H")
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: '01 bid H' is not an action: its seat is written without leading zeros (0 to 6), not '01'
    >>> parse_action({"type": "play", "seat": 9, "card": "AS"})
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: an action's seat must be an int from 0 to 6, not 9
    """
    action: Action = _parse(data, ACTIONS, "a bugami")  # type: ignore[assignment]
    return action
