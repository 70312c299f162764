"""A whole game: deals one after another until someone wins.

:func:`new_game` starts a :class:`Game`. The verbs of :mod:`bugami.core.play`
accept a game and act on its current deal; when that deal ends, its scores are
added to the totals and, unless the game is over, the next deal is dealt: the
dealer moves one seat left and the cards come from the game's seed.

>>> import bugami
>>> game = bugami.new_game(bugami.Rules(players=3, target=100), seed=2)
>>> game.current.dealer == game.first_dealer, game.totals
(True, (0, 0, 0))
>>> while not game.is_over:
...     for seat in range(3):
...         game = bugami.bid(game, seat, bugami.legal_bids(game, seat)[0])
...     while game.current is not None and game.current.to_move is not None:
...         game = bugami.play(game, bugami.legal_moves(game)[0])
>>> game.winner is not None, max(game.totals) >= 100, sum(map(len, [game.deals])) > 0
(True, True, True)
"""

from __future__ import annotations

from bugami._kernel.match import GameHooks, Match, game_history
from bugami._kernel.seeds import Seed
from bugami.core._scoring import deal_points
from bugami.core.actions import Action
from bugami.core.dealing import game_deal
from bugami.core.rules import Rules
from bugami.core.state import Deal

__all__ = ["Game", "new_game"]


class Game(Match[Rules, Deal]):
    """A whole game of Bugami: the finished deals, the deal in progress and the
    running totals. Immutable.

    >>> import bugami
    >>> game = bugami.new_game(bugami.Rules(), seed="club night", dealer=1)
    >>> game.first_dealer, game.current.dealer, game.is_over, game.winner
    (1, 1, False, None)
    """

    __slots__ = ()
    _refusal = "games are made by bugami.new_game; they cannot be built directly"
    _hooks = GameHooks(
        rules=Rules, rules_name="bugami.Rules", score=deal_points, deal_for=game_deal
    )

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action of the game, in order: the history of each finished
        deal (:attr:`Deal.history <bugami.core.state.Deal.history>`), then that of
        the deal in progress. Built when asked for; not part of the game's
        value. :func:`~bugami.core.frontend.replay` of it, from the game as it
        began, rebuilds the game.

        >>> import bugami
        >>> game = bugami.new_game(bugami.Rules(players=3), seed=4)
        >>> game = bugami.bid(bugami.bid(game, 2, "S"), 0, "C")
        >>> game.history
        (BidAction(seat=2, bid=Suit.SPADES), BidAction(seat=0, bid=Suit.CLUBS))
        """
        return game_history(self.deals, self.current)


def new_game(rules: Rules, *, seed: Seed | None = None, dealer: int | None = None) -> Game:
    """A new game, its first deal ready for bidding.

    Deal ``k`` (counting from 0) is shuffled by the generator of
    :mod:`bugami.core.dealing`, steps 2 to 5, applied to the bytes of ``seed``
    (step 1) followed by ``b"/game:"`` and ``k`` in decimal digits. The first
    dealer is ``dealer`` if given, or else the dealer that deal 0 draws; deal
    ``k`` is dealt by seat ``(first_dealer + k) % players``. ``seed=None``
    picks a fresh random seed, kept in :attr:`Game.seed` so that the game can
    be replayed.

    >>> import bugami
    >>> game = new_game(bugami.Rules(target=500), seed=1)
    >>> game == new_game(bugami.Rules(target=500), seed=1)
    True
    """
    return Game._new(rules, seed, dealer)
