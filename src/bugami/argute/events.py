"""Events of Argute: what an action caused, for a client to be told.

The same events as Bugami's (:mod:`bugami.core.events`), over Argute's bids and
values: :class:`BidMade`, :class:`PlayStarted`, :class:`CardPlayed`,
:class:`TrickWon` (with each seat's count), :class:`DealScored` (with each
seat's tricks), :class:`DealStarted` and :class:`GameOver`, each with
``to_dict()`` and ``seen_by(seat)``. Argute keeps the bids hidden until the
hand is over, so seen by another seat a :class:`BidMade` or a
:class:`PlayStarted` shows no bid but that seat's own; :class:`DealScored`
shows them all.

>>> from bugami import argute
>>> state = argute.deal(argute.Rules(players=2), hands=["001234", "555123"])
>>> state, events = argute.step(argute.bid(state, 0, 1), "1 bid 2")
>>> events
(BidMade(seat=1, bid=2), PlayStarted(leader=1, bids=(1, 2)))
>>> [event.seen_by(0).to_dict() for event in events]
[{'type': 'bid_made', 'seat': 1, 'bid': None}, {'type': 'play_started', 'leader': 1, 'bids': [1, None]}]
"""

from __future__ import annotations

from typing import Final, TypeAlias

from bugami._kernel import events as kernel
from bugami._kernel.actions import JSONValue
from bugami._kernel.events import DealStarted, GameOver
from bugami.argute._scoring import tricks_won
from bugami.argute.actions import ACTIONS
from bugami.argute.state import Deal, Trick

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
"""An event of Argute: any of the classes of this module."""


class _Argute(kernel.GameEvents):
    """Argute's events: bids and values as ints, bids hidden until the hand
    is scored, each seat's tricks shown with the scores."""

    __slots__ = ()
    _actions = ACTIONS
    _bids_public = False

    @staticmethod
    def _deal_extra(deal: Deal) -> dict[str, JSONValue]:
        return {"tricks_won": list(tricks_won(deal))}


class BidMade(kernel.BidMadeBase[int], _Argute):
    """Seat ``seat`` has bid to win ``bid`` tricks: ``None`` as any other
    seat sees it, until the hand is scored. Its dict is ``{"type":
    "bid_made", "seat": 2, "bid": 1}`` (or ``"bid": null``)."""

    __slots__ = ()


class PlayStarted(kernel.PlayStartedBase[int], _Argute):
    """The last bid is in and ``leader`` leads the first trick; seen by a
    seat, ``bids`` shows only its own: ``{"type": "play_started", "leader":
    1, "bids": [null, 2, null]}``."""

    __slots__ = ()


class CardPlayed(kernel.CardPlayedBase[int], _Argute):
    """Seat ``seat`` has played a card of value ``card``: ``{"type":
    "card_played", "seat": 1, "card": 5}``."""

    __slots__ = ()


class TrickWon(kernel.TrickWonBase[Trick], _Argute):
    """Trick ``number`` (from 1) is complete: ``{"type": "trick_won",
    "number": 1, "leader": 1, "plays": [...], "winner": 0, "counts": [...]}``.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=2), hands=["001234", "555123"])
    >>> state = argute.bid(argute.bid(state, 0, 1), 1, 2)
    >>> for value in (5, 4, 5, 3, 1):
    ...     state = argute.play(state, value)
    >>> argute.step(state, "0 play 0")[1][-1].to_dict()["counts"]
    [7, 11]
    """

    __slots__ = ()


class DealScored(kernel.DealScoredBase[Deal], _Argute):
    """The hand is over and scored: ``{"type": "deal_scored", "number": 1,
    "points": [...], "totals": [...], "bids": [...], "tricks_won": [...]}``,
    where ``totals`` is ``null`` for a hand played alone."""

    __slots__ = ()


EVENTS: Final = (BidMade, PlayStarted, CardPlayed, TrickWon, DealScored, DealStarted, GameOver)
"""The kinds of event, in the order the frontend kit takes them."""
