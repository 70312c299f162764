"""A whole game of Argute: hands one after another until someone wins.

:func:`new_game` starts a :class:`Game`. The verbs of
:mod:`bugami.argute.play` accept a game and act on its current hand; when that
hand ends, its scores are added to the totals (which may go negative) and,
unless the game is over, the next hand is dealt: the dealer moves one seat
left and the cards come from the game's seed.

The game is won by the one player who alone holds the highest total, once
that total has reached the target; while two or more players share the
highest total, the game goes on, even if they are at or above the target
(ruling 2, the same rule as Bugami's: :func:`bugami.core.scoring.winner`).

>>> from bugami import argute
>>> game = argute.new_game(argute.Rules(players=3, target=2), seed=5)
>>> while not game.is_over:
...     for seat in range(3):
...         game = argute.bid(game, seat, 1)
...     hands = len(game.deals)
...     while len(game.deals) == hands:
...         game = argute.play(game, argute.legal_moves(game)[-1])
>>> game
<Argute Game: 3 players, target 2, won by seat 2, totals -2, -2, 2>
>>> [argute.score(hand) for hand in game.deals]
[(-1, -1, 1), (-1, -1, 1)]
"""

from __future__ import annotations

from bugami._kernel.match import GameHooks, Match, game_history
from bugami._kernel.seeds import Seed
from bugami.argute._scoring import hand_points
from bugami.argute.actions import Action
from bugami.argute.dealing import game_deal
from bugami.argute.rules import Rules
from bugami.argute.state import Deal

__all__ = ["Game", "new_game"]


class Game(Match[Rules, Deal]):
    """A whole game of Argute: the finished hands, the hand in progress and
    the running totals (which may be negative). Immutable.

    >>> from bugami import argute
    >>> game = argute.new_game(argute.Rules(), seed="club night", dealer=1)
    >>> game
    <Argute Game: 4 players, target 6, hand 1 in progress, totals 0, 0, 0, 0>
    >>> game.first_dealer, game.current.dealer, game.is_over, game.winner
    (1, 1, False, None)
    """

    __slots__ = ()
    _refusal = "games of Argute are made by bugami.argute.new_game; they cannot be built directly"
    _title = "Argute Game"
    _deal_word = "hand"
    _hooks = GameHooks(
        rules=Rules, rules_name="bugami.argute.Rules", score=hand_points, deal_for=game_deal
    )

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action of the game, in order: the history of each finished
        hand, then that of the hand in progress. Built when asked for; not
        part of the game's value. :func:`~bugami.argute.frontend.replay` of
        it, from the game as it began, rebuilds the game.

        >>> from bugami import argute
        >>> game = argute.new_game(argute.Rules(players=2), seed=4)
        >>> [str(action) for action in argute.bid(argute.bid(game, 1, 3), 0, 0).history]
        ['1 bid 3', '0 bid 0']
        """
        return game_history(self.deals, self.current)


def new_game(rules: Rules, *, seed: Seed | None = None, dealer: int | None = None) -> Game:
    """A new game of Argute, its first hand ready for bidding.

    Hand ``k`` (counting from 0) is shuffled as :mod:`bugami.argute.dealing`
    describes, from the seed's bytes followed by ``b"/game:"`` and ``k`` in
    decimal digits. The first dealer is ``dealer`` if given, or else the one
    hand 0 draws; hand ``k`` is dealt by seat ``(first_dealer + k) % players``.
    ``seed=None`` picks a fresh random seed, kept in :attr:`Game.seed` so that
    the game can be replayed.

    >>> from bugami import argute
    >>> game = new_game(argute.Rules(players=6), seed=1)
    >>> game == new_game(argute.Rules(players=6), seed=1)
    True
    >>> game.current.hands == argute.deal(argute.Rules(players=6), seed=1).hands
    False
    """
    return Game._new(rules, seed, dealer)
