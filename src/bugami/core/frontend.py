"""The frontend kit: acting through action values, with events, history and replay.

What a program that shows the game to people needs, beside the verbs:

* :func:`legal_actions` -- every action legal now, as
  :mod:`action values <bugami.core.actions>` (or one seat's);
* :func:`apply` -- the next state after an action, exactly as the verbs give
  it; :func:`step` -- the same, with the :mod:`events <bugami.core.events>` the
  action caused, in order;
* :func:`replay` -- a state rebuilt from a start and a list of actions, such
  as a state's :attr:`~bugami.Deal.history`; :func:`root` -- the start of
  that history;
* :func:`payload_schema` -- the JSON Schema of every client payload: a view's
  ``to_dict()`` (``view(state, seat)``, or ``view(state, None)`` for a
  spectator), and the dicts of actions and events.

>>> import bugami
>>> game = bugami.new_game(bugami.Rules(players=3, target=100), seed=2)
>>> legal_actions(game, 0)
(BidAction(seat=0, bid=Suit.SPADES), ..., BidAction(seat=0, bid=MISERE))
>>> game, events = step(game, "0 bid H")
>>> events[0].seen_by(1).to_dict()
{'type': 'bid_made', 'seat': 0, 'bid': None}
>>> replay(root(game), game.history) == game
True

An action names its seat, so its errors never show another seat's cards or
bids: the errors of :func:`apply`, :func:`step` and :func:`legal_actions` may
be shown to the client whose seat the action names (check first that it is
that client's seat). See the *Building a frontend* guide for the rest.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeAlias, TypeVar, cast

from bugami._kernel import frontend as _engine
from bugami._kernel.payloads import payload_schema
from bugami._kernel.wording import for_player
from bugami.core.actions import Action
from bugami.core.declaration import DECLARATION
from bugami.core.events import Event
from bugami.core.game import Game
from bugami.core.state import Deal
from bugami.core.view import DealView, GameView, SpectatorGameView, SpectatorView

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
    bid; in play, each card the player to move may play (in canonical
    order); ``()`` once the deal or the game is over. With ``seat``, only
    that seat's. Given a view, the actions of its seat (none for a
    spectator's view).

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(), seed=5, dealer=0)
    >>> len(legal_actions(state)), len(legal_actions(state, 2))
    (20, 5)
    >>> for seat in range(4):
    ...     state = bugami.bid(state, seat, "H")
    >>> legal_actions(state, 0), legal_actions(state)[:2]
    ((), (PlayAction(seat=1, card=Card('JS')), PlayAction(seat=1, card=Card('6S'))))
    >>> legal_actions(bugami.view(state, 1)) == legal_actions(state, 1)
    True
    """
    return cast("tuple[Action, ...]", _engine.legal_actions(DECLARATION, state, seat))


def apply(state: StateT, action: ActionLike) -> StateT:
    """The state after ``action`` -- an action, or its text or dict (see
    :func:`~bugami.core.actions.parse_action`) -- on a deal or a game: exactly
    ``bid(state, seat, bid)`` or ``play(state, card, seat=seat)``. As the
    action names its seat, a card from a seat whose turn it is not is
    refused without saying anything of the hand to move.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(), seed=5, dealer=0)
    >>> apply(state, "2 bid H") == bugami.bid(state, 2, "H")
    True
    >>> for seat in range(4):
    ...     state = bugami.bid(state, seat, "H")
    >>> apply(state, {"type": "play", "seat": 3, "card": "5D"})
    Traceback (most recent call last):
    ...
    bugami.errors.IllegalMoveError: seat 3 cannot play 5D: it is seat 1's turn
    """
    return cast(StateT, _engine.apply(DECLARATION, state, action))


def step(state: StateT, action: ActionLike) -> tuple[StateT, tuple[Event, ...]]:
    """:func:`apply`, and the events the action caused, in order (see
    :mod:`bugami.core.events`): a bid gives :class:`~bugami.core.events.BidMade`, and
    the last bid :class:`~bugami.core.events.PlayStarted` too; a card gives
    :class:`~bugami.core.events.CardPlayed`, then :class:`~bugami.core.events.TrickWon`
    when it completes a trick, :class:`~bugami.core.events.DealScored` when it
    ends the deal and, in a game, :class:`~bugami.core.events.DealStarted` or
    :class:`~bugami.core.events.GameOver`. Send a client ``event.seen_by(seat)``:
    the events as returned show every bid.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(players=3), seed=1, dealer=2)
    >>> for seat in range(3):
    ...     state = bugami.bid(state, seat, "S")
    >>> for _ in range(3):
    ...     state, events = step(state, legal_actions(state)[0])
    >>> [event.to_dict()["type"] for event in events]
    ['card_played', 'trick_won']
    >>> events[-1].to_dict()["winner"] == events[-1].trick.winner == state.to_move
    True
    """
    return cast("tuple[StateT, tuple[Event, ...]]", _engine.step(DECLARATION, state, action))


def replay(start: StateT, actions: Iterable[ActionLike]) -> StateT:
    """The state after applying ``actions`` to ``start`` in order: for any
    state ``s``, ``replay(root(s), s.history) == s``, with the same history.
    A fault raises the error of the action at fault, naming it by its
    number (from 1).

    >>> import bugami
    >>> start = bugami.deal(bugami.Rules(players=3), seed=1, dealer=2)
    >>> replay(start, ["1 bid S", "0 bid M", "2 bid H"]).bids
    (MISERE, Suit.SPADES, Suit.HEARTS)
    >>> replay(start, ["1 bid S", "1 bid H"])
    Traceback (most recent call last):
    ...
    bugami.errors.IllegalMoveError: action 2 (1 bid H): seat 1 cannot bid H: it has already bid, and a bid cannot be changed (still to bid: seats 0, 2)
    """
    return cast(StateT, _engine.replay(DECLARATION, start, actions))


def root(state: StateT) -> StateT:
    """The state the :attr:`~bugami.Deal.history` of ``state`` starts from: a
    deal as it was dealt, before any bid; a game as it began, its first deal
    as dealt and no points yet.

    >>> import bugami
    >>> start = bugami.deal(bugami.Rules(), seed=3)
    >>> root(bugami.bid(start, 0, "H")) == start
    True
    >>> root(bugami.new_game(bugami.Rules(), seed=3)) == bugami.new_game(bugami.Rules(), seed=3)
    True
    """
    return cast(StateT, _engine.root(DECLARATION, state))
