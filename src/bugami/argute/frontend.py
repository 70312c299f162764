"""The frontend kit of Argute: acting through action values, with events,
history and replay.

The same functions as Bugami's (:mod:`bugami.core.frontend`) over Argute's hands
and games: :func:`legal_actions`, :func:`apply`, :func:`step` (with the
:mod:`events <bugami.argute.events>`), :func:`replay`, :func:`root`, and
:func:`payload_schema`, the JSON Schema of the payloads of both games.

>>> from bugami import argute
>>> game = argute.new_game(argute.Rules(players=2, target=3), seed=2)
>>> legal_actions(game, 1)
(BidAction(seat=1, bid=0), BidAction(seat=1, bid=1), BidAction(seat=1, bid=2), BidAction(seat=1, bid=3))
>>> game, events = step(game, "1 bid 2")
>>> events[0].seen_by(0).to_dict()
{'type': 'bid_made', 'seat': 1, 'bid': None}
>>> replay(root(game), game.history) == game
True

An action names its seat, so its errors never show another seat's cards or
bids: the errors of :func:`apply`, :func:`step` and :func:`legal_actions` may
be shown to the client whose seat the action names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeAlias, TypeVar, cast

from bugami._kernel import frontend as _engine
from bugami._kernel.payloads import payload_schema
from bugami._kernel.wording import for_player
from bugami.argute.actions import Action
from bugami.argute.declaration import DECLARATION
from bugami.argute.events import Event
from bugami.argute.game import Game
from bugami.argute.state import Deal
from bugami.argute.view import DealView, GameView, SpectatorGameView, SpectatorView

__all__ = [
    "apply",
    "for_player",
    "legal_actions",
    "payload_schema",
    "replay",
    "root",
    "step",
]

StateT = TypeVar("StateT", Deal, Game)
ActionLike: TypeAlias = "Action | str | Mapping[str, object]"
"""An action, or its text or dict."""


def legal_actions(
    state: Deal | Game | DealView | GameView | SpectatorView | SpectatorGameView,
    seat: int | None = None,
) -> tuple[Action, ...]:
    """Every action legal now: while bidding, each bid of every seat still to
    bid; in play, each distinct value the player to move holds, lowest
    first; ``()`` once the hand or the game is over. With ``seat``, only that
    seat's. Given a view, the actions of its seat (none for a spectator's).

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=2), hands=["550011", "234444"])
    >>> len(legal_actions(state)), legal_actions(argute.bid(state, 0, 1), 0)
    (8, ())
    >>> legal_actions(argute.bid(argute.bid(state, 0, 1), 1, 2))
    (PlayAction(seat=1, card=2), PlayAction(seat=1, card=3), PlayAction(seat=1, card=4))
    """
    return cast("tuple[Action, ...]", _engine.legal_actions(DECLARATION, state, seat))


def apply(state: StateT, action: ActionLike) -> StateT:
    """The state after ``action`` -- an action, or its text or dict (see
    :func:`~bugami.argute.actions.parse_action`) -- on a hand or a game:
    exactly ``bid(state, seat, bid)`` or ``play(state, card, seat=seat)``.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=2), hands=["550011", "234444"])
    >>> state = apply(apply(state, "0 bid 1"), {"type": "bid", "seat": 1, "bid": 2})
    >>> apply(state, "1 play 4").current_trick
    (4,)
    >>> apply(state, "1 play 5")
    Traceback (most recent call last):
    ...
    bugami.errors.IllegalMoveError: seat 1 cannot play 5: they hold no 5 (legal: 2 3 4)
    """
    return cast(StateT, _engine.apply(DECLARATION, state, action))


def step(state: StateT, action: ActionLike) -> tuple[StateT, tuple[Event, ...]]:
    """:func:`apply`, and the events the action caused, in order (see
    :mod:`bugami.argute.events`). Send a client ``event.seen_by(seat)``: the
    events as returned show every bid.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=2), hands=["001234", "555123"])
    >>> state = argute.bid(argute.bid(state, 0, 1), 1, 2)
    >>> while len(state.tricks) < 2:
    ...     state = argute.play(state, argute.legal_moves(state)[0])
    >>> state, events = step(state, argute.PlayAction(state.to_move, argute.legal_moves(state)[0]))
    >>> state, events = step(state, argute.PlayAction(state.to_move, argute.legal_moves(state)[0]))
    >>> [event.to_dict()["type"] for event in events]
    ['card_played', 'trick_won', 'deal_scored']
    """
    return cast("tuple[StateT, tuple[Event, ...]]", _engine.step(DECLARATION, state, action))


def replay(start: StateT, actions: Iterable[ActionLike]) -> StateT:
    """The state after applying ``actions`` to ``start`` in order: for any
    state ``s``, ``replay(root(s), s.history) == s``, with the same history.
    A fault raises the error of the action at fault, naming it by its
    number (from 1).

    >>> from bugami import argute
    >>> start = argute.deal(argute.Rules(players=2), hands=["001234", "555123"])
    >>> replay(start, ["1 bid 3", "0 bid 0", "1 play 5"]).current_trick
    (5,)
    >>> replay(start, ["1 bid 3", "0 bid 0", "0 play 0"])
    Traceback (most recent call last):
    ...
    bugami.errors.IllegalMoveError: action 3 (0 play 0): seat 0 cannot play 0: it is seat 1's turn
    """
    return cast(StateT, _engine.replay(DECLARATION, start, actions))


def root(state: StateT) -> StateT:
    """The state the history of ``state`` starts from: a hand as it was
    dealt, before any bid; a game as it began.

    >>> from bugami import argute
    >>> start = argute.deal(argute.Rules(), seed=3)
    >>> root(argute.bid(start, 0, 1)) == start
    True
    """
    return cast(StateT, _engine.root(DECLARATION, state))
