"""The baseline player: :class:`RandomBot`."""

from __future__ import annotations

from bugami.bots.base import bid_view, card_view, new_rng
from bugami.cards import Bid, Card
from bugami.dealing import Seed
from bugami.view import DealView, GameView

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among the legal bids and cards, with its own
    :class:`random.Random` seeded from ``seed``.

    >>> import bugami
    >>> seen = bugami.view(bugami.deal(bugami.Rules(), seed=1), 0)
    >>> RandomBot(seed=7).choose_bid(seen) == RandomBot(seed=7).choose_bid(seen)
    True
    """

    def __init__(self, seed: Seed | None = None) -> None:
        self._rng = new_rng(seed)

    @property
    def name(self) -> str:
        """``"random"``.

        >>> RandomBot().name
        'random'
        """
        return "random"

    def reset(self, seed: Seed | None = None) -> None:
        """Restart the generator from ``seed``.

        >>> import bugami
        >>> seen = bugami.view(bugami.deal(bugami.Rules(), seed=1), 0)
        >>> bot = RandomBot(seed=3)
        >>> first = [bot.choose_bid(seen) for _ in range(5)]
        >>> bot.reset(3)
        >>> [bot.choose_bid(seen) for _ in range(5)] == first
        True
        """
        self._rng = new_rng(seed)

    def choose_bid(self, seen: DealView | GameView) -> Bid:
        """A bid drawn uniformly from the five.

        >>> import bugami
        >>> seen = bugami.view(bugami.deal(bugami.Rules(), seed=1), 0)
        >>> RandomBot(seed=2).choose_bid(seen) in seen.legal_bids()
        True
        """
        return self._rng.choice(bid_view(self, seen).legal_bids())

    def choose_card(self, seen: DealView | GameView) -> Card:
        """A card drawn uniformly from the legal ones.

        >>> import bugami
        >>> state = bugami.deal(bugami.Rules(), seed=1)
        >>> for seat in range(4):
        ...     state = bugami.bid(state, seat, "S")
        >>> seen = bugami.view(state, state.to_move)
        >>> RandomBot(seed=1).choose_card(seen) in seen.legal_moves()
        True
        """
        return self._rng.choice(card_view(self, seen).legal_moves())

    def __repr__(self) -> str:
        return "RandomBot()"
