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

import copy
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, cast, overload, runtime_checkable

from bugami import argute
from bugami.cards import Bid, Card
from bugami.dealing import Seed
from bugami.errors import IllegalMoveError, InvalidInputError, brief
from bugami.game import Game
from bugami.play import bid, play
from bugami.state import Deal
from bugami.view import DealView, GameView, view

if TYPE_CHECKING:
    from bugami.bots.argute import ArguteBot

__all__ = ["Bot", "play_out"]


@runtime_checkable
class Bot(Protocol):
    """A player that chooses bids and cards from views.

    A bot has a ``name`` (shown in simulation rows and tables), may keep a
    random generator, and restarts it with :meth:`reset`: given the same seed
    (and, for a search, the same sample budget) a bot makes the same choices
    from the same views. The simulator calls :meth:`reset` before every deal
    with a seed of its own, so results do not depend on how the work was
    split among processes.

    >>> from bugami.bots import HeuristicBot, RandomBot, SearchBot
    >>> all(isinstance(bot, Bot) for bot in (RandomBot(), HeuristicBot(), SearchBot()))
    True
    """

    @property
    def name(self) -> str:
        """A short name for tables, such as ``"random"`` or ``"search(32)"``.

        >>> from bugami.bots import SearchBot
        >>> SearchBot().name
        'search(32)'
        """
        ...

    def reset(self, seed: Seed | None = None) -> None:
        """Restart the bot's random choices from ``seed`` (``None``: fresh entropy)."""
        ...

    def choose_bid(self, seen: DealView | GameView) -> Bid:
        """The bid to make, given what this seat knows; the seat has not bid yet."""
        ...

    def choose_card(self, seen: DealView | GameView) -> Card:
        """The card to play, given what this seat knows; it is this seat's turn."""
        ...


def deal_view(bot: object, seen: object) -> DealView:
    """The deal view a bot acts on: ``seen`` itself, or a game view's current
    deal. Anything else -- above all a full state -- raises
    :class:`~bugami.InvalidInputError`.

    >>> import bugami
    >>> seen = bugami.view(bugami.new_game(bugami.Rules(), seed=1), 0)
    >>> deal_view(None, seen) == seen.current
    True
    """
    if isinstance(seen, DealView):
        return seen
    if isinstance(seen, GameView):
        if seen.current is None:
            raise IllegalMoveError("the game is over: there is nothing to choose")
        return seen.current
    who = type(bot).__name__ if bot is not None else "a bot"
    if isinstance(seen, (Deal, Game)):
        raise InvalidInputError(
            f"{who} is given a view, not a full {type(seen).__name__}: "
            "pass bugami.view(state, seat)"
        )
    if type(seen).__module__.startswith("bugami.argute"):
        raise InvalidInputError(
            f"{who} plays Bugami, and is given a view of Argute: use an Argute bot "
            '(such as make_bot("heuristic", game="argute"))'
        )
    raise InvalidInputError(f"{who} needs a DealView or GameView, not {brief(seen)}")


def bid_view(bot: object, seen: object) -> DealView:
    """The deal view for a bid, checking that this seat may still bid."""
    current = deal_view(bot, seen)
    if not current.legal_bids():
        raise IllegalMoveError(f"seat {current.seat} has no bid to make now")
    return current


def card_view(bot: object, seen: object) -> DealView:
    """The deal view for a card, checking that it is this seat's turn."""
    current = deal_view(bot, seen)
    if current.to_move != current.seat:
        raise IllegalMoveError(f"it is not seat {current.seat}'s turn to play")
    return current


def new_rng(seed: Seed | None) -> random.Random:
    """A generator for a bot: seeded, or from fresh entropy for ``None``."""
    if seed is not None and not isinstance(seed, (int, str, bytes)):
        raise InvalidInputError(f"a bot seed is an int, str or bytes, not {brief(seed)}")
    return random.Random(seed)


@overload
def play_out(state: Deal, bots: Sequence[Bot]) -> Deal: ...


@overload
def play_out(state: Game, bots: Sequence[Bot]) -> Game: ...


@overload
def play_out(state: argute.Deal, bots: Sequence[ArguteBot]) -> argute.Deal: ...


@overload
def play_out(state: argute.Game, bots: Sequence[ArguteBot]) -> argute.Game: ...


def play_out(
    state: Deal | Game | argute.Deal | argute.Game, bots: Sequence[Bot] | Sequence[ArguteBot]
) -> Deal | Game | argute.Deal | argute.Game:
    """Let ``bots`` (one per seat) finish a deal, or the current deal of a
    game, handing each only its own view. The bots that still have to bid do
    so in seat order (none sees another's choice before the reveal). Returns
    the finished deal, or the game once that deal has been scored.

    The same goes for a hand or a game of Argute, played by Argute bots
    (:mod:`bugami.bots.argute`).

    >>> import bugami
    >>> from bugami.bots import RandomBot
    >>> state = bugami.deal(bugami.Rules(players=3), seed=2)
    >>> done = play_out(state, [RandomBot(seed=seat) for seat in range(3)])
    >>> done.is_over, play_out(state, [RandomBot(seed=s) for s in range(3)]) == done
    (True, True)
    """
    if not isinstance(state, (Deal, Game)):
        from bugami.argute.game import Game as ArguteGame
        from bugami.argute.state import Deal as ArguteDeal

        if isinstance(state, (ArguteDeal, ArguteGame)):
            from bugami.bots.argute import play_out_argute

            return play_out_argute(state, bots)  # type: ignore[arg-type]
        raise InvalidInputError(f"play_out needs a bugami Deal or Game, not {brief(state)}")
    bots = cast("Sequence[Bot]", bots)
    players = state.rules.players
    if len(bots) != players:
        raise InvalidInputError(f"expected {players} bots, one per seat, not {len(bots)}")
    if isinstance(state, Game):
        if state.current is None:
            raise IllegalMoveError("the game is over: there is no deal to play")
        deals = len(state.deals)
        for seat, choice in enumerate(_bids(state.current, bots)):
            if choice is not None:
                state = bid(state, seat, choice)
        while len(state.deals) == deals:
            current = state.current
            assert current is not None
            assert current.to_move is not None
            seat = current.to_move
            state = play(state, bots[seat].choose_card(view(current, seat)), seat=seat)
        return state
    for seat, choice in enumerate(_bids(state, bots)):
        if choice is not None:
            state = bid(state, seat, choice)
    while not state.is_over:
        seat = state.to_move  # type: ignore[assignment]
        state = play(state, bots[seat].choose_card(view(state, seat)), seat=seat)
    return state


def _bids(state: Deal, bots: Sequence[Bot]) -> list[Bid | None]:
    """Every missing bid, each chosen from a view taken before any is made."""
    return [
        bots[seat].choose_bid(view(state, seat)) if choice is None else None
        for seat, choice in enumerate(state.bids)
    ]


def copies(bots: Sequence[Bot]) -> list[Bot]:
    """Independent copies of ``bots``, so that one object given for several
    seats does not share its generator between them."""
    return [copy.deepcopy(bot) for bot in bots]
