"""The baseline player: :class:`RandomBot`."""

from __future__ import annotations

from bugami._kernel.players import RandomPlayer
from bugami.bots.base import SEATS
from bugami.core.cards import Bid, Card
from bugami.core.view import DealView, GameView

__all__ = ["RandomBot"]


class RandomBot(RandomPlayer):
    """Chooses uniformly among the legal bids and cards, with its own
    :class:`random.Random` seeded from ``seed``.

    >>> import bugami
    >>> seen = bugami.view(bugami.deal(bugami.Rules(), seed=1), 0)
    >>> RandomBot(seed=7).choose_bid(seen) == RandomBot(seed=7).choose_bid(seen)
    True
    """

    _seats = SEATS

    def choose_bid(self, seen: DealView | GameView) -> Bid:
        """A bid drawn uniformly from the five."""
        chosen: Bid = super().choose_bid(seen)
        return chosen

    def choose_card(self, seen: DealView | GameView) -> Card:
        """A card drawn uniformly from the legal ones."""
        chosen: Card = super().choose_card(seen)
        return chosen
