"""The bot protocol, and the plumbing every bot shares.

A bot is a player that acts on a *view*: it is shown what its seat may know
(:func:`bugami.view`) and answers with a bid or a card. It is never given a
full :class:`~bugami.Deal` or :class:`~bugami.Game`, so it cannot peek at
other hands; the bots of this package refuse one outright.

>>> import bugami
>>> from bugami.bots import RandomBot
>>> bot = RandomBot(seed=1)
>>> state = bugami.deal(bugami.Rules(), seed=5)
>>> bot.choose_bid(state)
Traceback (most recent call last):
...
bugami.errors.InvalidInputError: RandomBot is given a view, not a full Deal: pass bugami.view(state, seat)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol, overload, runtime_checkable

from bugami._kernel.players import Player, Seats, copies, finish, new_rng
from bugami.core.cards import Bid, Card
from bugami.core.declaration import DECLARATION
from bugami.core.game import Game
from bugami.core.state import Deal
from bugami.core.view import DealView, GameView

__all__ = ["SEATS", "Bot", "bid_view", "card_view", "copies", "deal_view", "new_rng", "play_out"]

SEATS: Final[Seats[DealView]] = Seats(
    DECLARATION,
    full="",
    needs="a DealView or GameView",
    foreign=(
        "bugami.argute",
        "plays Bugami, and is given a view of Argute: use an Argute bot "
        '(such as make_bot("heuristic", game="argute"))',
    ),
)


@runtime_checkable
class Bot(Player[DealView | GameView, Bid, Card], Protocol):
    """A player of Bugami that chooses bids and cards from views.

    A bot has a ``name`` (shown in simulation rows and tables), may keep a
    random generator, and restarts it with ``reset(seed)``: given the same
    seed (and, for a search, the same sample budget) a bot makes the same
    choices from the same views. The simulator calls ``reset`` before every
    deal with a seed of its own, so results do not depend on how the work was
    split among processes. ``choose_bid(view)`` gives the bid to make (the
    seat has not bid yet) and ``choose_card(view)`` the card to play (it is
    the seat's turn).

    >>> from bugami.bots import HeuristicBot, RandomBot, SearchBot
    >>> all(isinstance(bot, Bot) for bot in (RandomBot(), HeuristicBot(), SearchBot()))
    True
    >>> SearchBot().name
    'search(32)'
    """


def deal_view(bot: object, seen: object) -> DealView:
    """The deal view a bot acts on: ``seen`` itself, or a game view's current
    deal. Anything else -- above all a full state -- raises
    :class:`~bugami.InvalidInputError`.

    >>> import bugami
    >>> seen = bugami.view(bugami.new_game(bugami.Rules(), seed=1), 0)
    >>> deal_view(None, seen) == seen.current
    True
    """
    return SEATS.deal_view_of(bot, seen)


def bid_view(bot: object, seen: object) -> DealView:
    """The deal view for a bid, checking that this seat may still bid."""
    return SEATS.bid_view(bot, seen)


def card_view(bot: object, seen: object) -> DealView:
    """The deal view for a card, checking that it is this seat's turn."""
    return SEATS.card_view(bot, seen)


@overload
def play_out(state: Deal, bots: Sequence[Bot]) -> Deal: ...


@overload
def play_out(state: Game, bots: Sequence[Bot]) -> Game: ...


def play_out(state: Deal | Game, bots: Sequence[Bot]) -> Deal | Game:
    """Let Bugami ``bots`` (one per seat) finish a deal, or the current deal of
    a game, each seeing only its own view (see :func:`bugami.bots.play_out`,
    which takes either game). The bots that still have to bid do so in seat
    order, from views taken before any bid is made.

    >>> import bugami
    >>> from bugami.bots import RandomBot
    >>> state = bugami.deal(bugami.Rules(players=3), seed=2)
    >>> done = play_out(state, [RandomBot(seed=seat) for seat in range(3)])
    >>> done.is_over, play_out(state, [RandomBot(seed=s) for s in range(3)]) == done
    (True, True)
    """
    finished: Deal | Game = finish(state, bots, DECLARATION)
    return finished
