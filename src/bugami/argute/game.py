"""A whole game of Argute: hands one after another until someone wins.

:func:`new_game` starts a :class:`Game`. The verbs of
:mod:`bugami.argute.play` accept a game and act on its current hand; when that
hand ends, its scores are added to the totals (which may go negative) and,
unless the game is over, the next hand is dealt: the dealer moves one seat
left and the cards come from the game's seed.

The game is won by the one player who alone holds the highest total, once
that total has reached the target; while two or more players share the
highest total, the game goes on, even if they are at or above the target
(ruling 2, the same rule as Bugami's: :func:`bugami.scoring.winner`).

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

import secrets
from typing import Final

from bugami.argute.dealing import shuffled, stream_for
from bugami.argute.rules import Rules, _check_seat
from bugami.argute.scoring import score
from bugami.argute.state import Deal
from bugami.dealing import Seed
from bugami.errors import InvalidInputError
from bugami.match import Match

__all__ = ["Game", "new_game"]

_GAME_SUFFIX: Final = b"/game:"


def _game_deal(rules: Rules, seed: Seed, number: int, dealer: int | None) -> Deal:
    return shuffled(rules, stream_for(seed, _GAME_SUFFIX + str(number).encode("ascii")), dealer)


class Game(Match):
    """A whole game of Argute: the finished hands, the hand in progress and
    the running totals. Immutable.

    .. attribute:: rules
       :type: bugami.argute.rules.Rules

       The rules of the game.

    .. attribute:: seed
       :type: Seed

       The seed every hand of the game is shuffled from.

    .. attribute:: first_dealer
       :type: int

       The dealer of the first hand; hand ``k`` (from 0) is dealt by seat
       ``(first_dealer + k) % players``.

    .. attribute:: deals
       :type: tuple[bugami.argute.state.Deal, ...]

       The finished hands, in order.

    .. attribute:: current
       :type: bugami.argute.state.Deal | None

       The hand in progress, or ``None`` once the game is over.

    .. attribute:: totals
       :type: tuple[int, ...]

       Each seat's running total; it may be negative.

    .. attribute:: winner
       :type: int | None

       The seat that won, or ``None`` while the game goes on.

    >>> from bugami import argute
    >>> game = argute.new_game(argute.Rules(), seed="club night", dealer=1)
    >>> game
    <Argute Game: 4 players, target 6, hand 1 in progress, totals 0, 0, 0, 0>
    >>> game.first_dealer, game.current.dealer, game.is_over, game.winner
    (1, 1, False, None)
    """

    __slots__ = ()
    rules: Rules
    deals: tuple[Deal, ...]
    current: Deal | None

    @staticmethod
    def _score(deal: Deal) -> tuple[int, ...]:
        return score(deal)

    @staticmethod
    def _deal_for(rules: Rules, seed: Seed, number: int, dealer: int | None) -> Deal:
        return _game_deal(rules, seed, number, dealer)

    def __new__(cls, *args: object, **kwargs: object) -> Game:
        raise TypeError(
            "games of Argute are made by bugami.argute.new_game; they cannot be built directly"
        )

    def _repr_html_(self) -> str:
        """The picture Jupyter shows: see :func:`bugami.render.argute_html`."""
        from bugami.render import argute_html

        return argute_html(self)

    def __repr__(self) -> str:
        return self._describe("Argute Game", "hand")


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
    if not isinstance(rules, Rules):
        raise InvalidInputError(f"new_game needs a bugami.argute.Rules, not {rules!r}")
    if dealer is not None:
        _check_seat(rules, dealer, "dealer")
    if seed is None:
        seed = secrets.randbits(128)
    return Game._started(rules, seed, dealer)


def advance(game: Game, current: Deal) -> Game:
    """The game once its current hand has become ``current`` (for the engine
    only; see :meth:`bugami.match.Match._advanced`)."""
    return game._advanced(current)
