"""A determinized Monte Carlo player: :class:`SearchBot`.

For each card it may play, it imagines complete deals consistent with its
view (:func:`bugami.sample_deal`, uniform among the deals it cannot rule
out), plays the card, finishes each imagined deal with a fast rollout policy
(the rules of thumb of :class:`~bugami.bots.HeuristicBot` for every seat, each
seat using only its own imagined hand), and keeps the card with the best mean
score for its seat. Every card is tried on the same imagined deals, so that
the comparison between cards is not blurred by the luck of the draw.

The budget is a number of imagined deals per decision (``samples``), which
makes the bot deterministic given its seed, or a time limit per decision
(``seconds``), for interactive play, which is not reproducible: how many
deals fit in the time depends on the machine and its load. It bids like the
heuristic player.
"""

from __future__ import annotations

from bugami._kernel.players import SearchingBot
from bugami.bots.base import SEATS, bid_view, card_view
from bugami.bots.heuristic import heuristic_bid, rollout
from bugami.core.cards import Bid, Card
from bugami.core.play import play
from bugami.core.sampling import sample_deal
from bugami.core.view import DealView, GameView

__all__ = ["SearchBot"]


class SearchBot(SearchingBot):
    """Chooses cards by determinized Monte Carlo search (see above).

    :param seed: seeds the sampling of imagined deals.
    :param samples: imagined deals per decision (at least 1); the default is
        a fair compromise between strength and speed.
    :param seconds: if given, a time budget per decision instead, in seconds
        (at least one deal is always imagined). Not reproducible.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(), seed=4)
    >>> for seat in range(4):
    ...     state = bugami.bid(state, seat, "D")
    >>> seen = bugami.view(state, state.to_move)
    >>> SearchBot(seed=1, samples=4).choose_card(seen) in seen.legal_moves()
    True
    """

    _seats = SEATS

    def choose_bid(self, seen: DealView | GameView) -> Bid:
        """The heuristic player's bid (see :class:`~bugami.bots.HeuristicBot`).

        >>> import bugami
        >>> seen = bugami.view(bugami.deal(bugami.Rules(), seed=2026), 0)
        >>> SearchBot().choose_bid(seen)
        Suit.DIAMONDS
        """
        return heuristic_bid(bid_view(self, seen)._hand)

    def choose_card(self, seen: DealView | GameView) -> Card:
        """The legal card with the best mean score over the imagined deals;
        ties go to the first in canonical order.

        >>> import bugami
        >>> state = bugami.deal(bugami.Rules(players=3), seed=5)
        >>> for seat in range(3):
        ...     state = bugami.bid(state, seat, "H")
        >>> seen = bugami.view(state, state.to_move)
        >>> card = SearchBot(seed=3, samples=4).choose_card(seen)
        >>> card == SearchBot(seed=3, samples=4).choose_card(seen)
        True
        """
        current = card_view(self, seen)
        moves = current.legal_moves()
        if len(moves) == 1:
            return moves[0]
        seat = current.seat
        return self._budget.best(
            moves,
            lambda: sample_deal(current, self._rng),
            lambda imagined, card: rollout(play(imagined, card), seat),
        )
