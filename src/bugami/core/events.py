"""Events of Bugami: what an action caused, for a client to be told.

:func:`~bugami.core.frontend.step` applies an action and returns the events it
caused, in order. A bid gives :class:`BidMade` (and, for the last bid,
:class:`PlayStarted`, which reveals every bid); a card gives
:class:`CardPlayed`, then :class:`TrickWon` when it completes a trick and
:class:`DealScored` when it ends the deal; in a whole game the next deal's
:class:`DealStarted`, or :class:`GameOver`, follows. The last trick and the
scores of a deal are always told by its events, even though a
:class:`~bugami.Game` has moved on to the next deal at once.

Every event has ``to_dict()``, a JSON-ready dict with a ``"type"`` key
(``"bid_made"``, ``"play_started"``, ``"card_played"``, ``"trick_won"``,
``"deal_scored"``, ``"deal_started"``, ``"game_over"``), and
``seen_by(seat)``: the event as that seat (or, for ``None``, a spectator) may
see it. Only :class:`BidMade` hides anything: another seat's bid.

>>> import bugami
>>> state = bugami.deal(bugami.Rules(players=3), seed=9, dealer=0)
>>> state, events = bugami.step(state, "2 bid C")
>>> events
(BidMade(seat=2, bid=Suit.CLUBS),)
>>> events[0].seen_by(0).to_dict(), events[0].seen_by(2).to_dict()
({'type': 'bid_made', 'seat': 2, 'bid': None}, {'type': 'bid_made', 'seat': 2, 'bid': 'C'})
"""

from __future__ import annotations

from typing import Final, TypeAlias

from bugami._kernel import events as kernel
from bugami._kernel.actions import JSONValue
from bugami._kernel.events import DealStarted, GameOver
from bugami.core.actions import ACTIONS
from bugami.core.cards import Bid, Card
from bugami.core.state import Deal, Trick

__all__ = [
    "BidMade",
    "CardPlayed",
    "DealScored",
    "DealStarted",
    "Event",
    "GameOver",
    "PlayStarted",
    "TrickWon",
]

Event: TypeAlias = (
    "BidMade | PlayStarted | CardPlayed | TrickWon | DealScored | DealStarted | GameOver"
)
"""An event of Bugami: any of the classes of this module."""


class _Bugami(kernel.GameEvents):
    """Bugami's events: its cards and bids as text, its bids shown once all
    are in, its leftover shown with the scores."""

    __slots__ = ()
    _actions = ACTIONS
    _bids_public = True

    @staticmethod
    def _deal_extra(deal: Deal) -> dict[str, JSONValue]:
        return {"leftover": [str(card) for card in deal.leftover]}


class BidMade(kernel.BidMadeBase[Bid], _Bugami):
    """Seat ``seat`` has bid ``bid``: ``None`` as any other seat sees it,
    until :class:`PlayStarted` reveals every bid. Its dict is
    ``{"type": "bid_made", "seat": 2, "bid": "H"}`` (or ``"bid": null``)."""

    __slots__ = ()


class PlayStarted(kernel.PlayStartedBase[Bid], _Bugami):
    """The last bid is in: every bid is revealed and ``leader`` leads the
    first trick. Its dict is ``{"type": "play_started", "leader": 1,
    "bids": ["H", "M", "S", "H"]}``.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(players=3), seed=9, dealer=0)
    >>> for seat in (0, 1):
    ...     state = bugami.bid(state, seat, "S")
    >>> bugami.step(state, "2 bid M")[1][-1]
    PlayStarted(leader=1, bids=(Suit.SPADES, Suit.SPADES, MISERE))
    """

    __slots__ = ()


class CardPlayed(kernel.CardPlayedBase[Card], _Bugami):
    """Seat ``seat`` has played ``card``: ``{"type": "card_played", "seat":
    1, "card": "QS"}``."""

    __slots__ = ()


class TrickWon(kernel.TrickWonBase[Trick], _Bugami):
    """Trick ``number`` (from 1) is complete: ``{"type": "trick_won",
    "number": 1, "leader": 1, "plays": [{"seat": 1, "card": "QS"}, ...],
    "winner": 3}``."""

    __slots__ = ()


class DealScored(kernel.DealScoredBase[Deal], _Bugami):
    """The deal is over and scored: ``{"type": "deal_scored", "number": 1,
    "points": [...], "totals": [...], "bids": [...], "leftover": [...]}``,
    where ``totals`` is ``null`` for a deal played alone and ``leftover``
    lists the cards set aside, which went to the winner of the last trick."""

    __slots__ = ()


EVENTS: Final = (BidMade, PlayStarted, CardPlayed, TrickWon, DealScored, DealStarted, GameOver)
"""The kinds of event, in the order the frontend kit takes them."""
