"""Acting through action values, the same in both games: the legal actions,
applying one, stepping with its events, replaying a history, and the root
a history starts from.

Each game makes one :class:`Kit` of its own classes and verbs, and its public
functions (:mod:`bugami.core.frontend`, :mod:`bugami.argute.frontend`) pass it to
the functions here. Applying an action is exactly calling the game's verb:
``bid(state, seat, bid)``, or ``play(state, card, seat=seat)``, which checks
the seat; the events of a step are read from the states before and after.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple, cast

from bugami._kernel.actions import ActionBase, parse_action
from bugami._kernel.deals import deal_root
from bugami._kernel.events import EventBase
from bugami._kernel.match import game_root
from bugami._kernel.payloads import view_actions
from bugami._kernel.seats import check_seat
from bugami.errors import BugamiError, IllegalMoveError, InvalidInputError, brief

__all__ = ["Kit", "apply", "legal_actions", "replay", "root", "step"]


class Kit(NamedTuple):
    """One game's pieces, for the functions of this module."""

    states: tuple[type[Any], type[Any]]
    """Its deal class and its game class."""
    deal_views: tuple[type[Any], ...]
    """Its views of a deal: a seat's and a spectator's."""
    game_views: tuple[type[Any], ...]
    """Its views of a game: a seat's and a spectator's."""
    actions: tuple[type[Any], type[Any]]
    """Its (bid, play) action classes."""
    bids: tuple[Any, ...]
    """Every bid a seat may make."""
    verbs: tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any]]
    """Its ``bid``, ``play`` and ``legal_moves``."""
    events: tuple[type[EventBase], ...]
    """Its event classes, in the order of :data:`EVENT_ORDER`."""
    noun: str
    """What names the game in messages (``"a bugami"``)."""


EVENT_ORDER = (
    "BidMade", "PlayStarted", "CardPlayed", "TrickWon", "DealScored", "DealStarted", "GameOver",
)  # fmt: skip
"""The order of the event classes in a :class:`Kit`."""


def _check_state(kit: Kit, state: Any, what: str) -> None:
    if state.__class__ not in kit.states:
        raise InvalidInputError(f"{what} needs {kit.noun} Deal or Game, not {brief(state)}")


def legal_actions(kit: Kit, state: Any, seat: Any = None) -> tuple[ActionBase, ...]:
    """Every action legal now in ``state`` (a deal, a game or a view), or
    those of ``seat``."""
    if isinstance(state, kit.deal_views + kit.game_views):
        if seat is not None and seat != state.seat:
            raise InvalidInputError(
                f"a view of seat {state.seat} cannot tell seat {brief(seat)}'s actions"
            )
        current = state.current if isinstance(state, kit.game_views) else state
        return () if current is None else view_actions(current)
    _check_state(kit, state, "legal_actions")
    players = state.rules.players
    if seat is not None:
        seat = check_seat(players, seat)
    deal = state if state.__class__ is kit.states[0] else state.current
    if deal is None:
        return ()
    bid_kind, play_kind = kit.actions
    setup = deal._setup
    bids = setup.bids
    if None in bids:
        seats = range(players) if seat is None else (seat,)
        bid_made = bid_kind._made
        return tuple(
            [
                bid_made(bidder, choice)
                for bidder in seats
                if bids[bidder] is None
                for choice in kit.bids
            ]
        )
    mover = deal.to_move
    if mover is None or (seat is not None and seat != mover):
        return ()
    play_made = play_kind._made
    return tuple([play_made(mover, card) for card in kit.verbs[2](deal)])


def apply(kit: Kit, state: Any, action: object) -> Any:
    """The state after ``action`` (an action, or its text or dict)."""
    _check_state(kit, state, "apply")
    done = cast(Any, parse_action(action, kit.actions, kit.noun))
    bid, play, _ = kit.verbs
    if done.__class__ is kit.actions[0]:
        return bid(state, done.seat, done.bid)
    return play(state, done.card, seat=done.seat)


def step(kit: Kit, state: Any, action: object) -> tuple[Any, tuple[EventBase, ...]]:
    """The state after ``action``, and the events it caused, in order."""
    _check_state(kit, state, "step")
    done = cast(Any, parse_action(action, kit.actions, kit.noun))
    after = apply(kit, state, done)
    bid_made, play_started, card_played, trick_won, scored, started, over = (
        kind._made for kind in kit.events
    )
    in_game = state.__class__ is kit.states[1]
    before = state.current if in_game else state
    finished = in_game and len(after.deals) > len(state.deals)
    deal = after.deals[-1] if finished else after.current if in_game else after
    events: list[EventBase] = []
    if done.__class__ is kit.actions[0]:
        events.append(bid_made(done.seat, done.bid))
        if deal.to_move is not None:
            events.append(play_started(deal.leader, deal.bids))
        return after, tuple(events)
    events.append(card_played(done.seat, done.card))
    if len(deal.tricks) > len(before.tricks):
        events.append(trick_won(len(deal.tricks), deal.tricks[-1], deal._setup.players))
    if deal.is_over:
        number = len(after.deals) if in_game else 1
        totals = after.totals if in_game else None
        events.append(scored(number, deal, kit.states[1]._score(deal), totals))
        if in_game:
            if after.current is None:
                events.append(over(after.winner, after.totals))
            else:
                events.append(started(len(after.deals) + 1, after.current.dealer))
    return after, tuple(events)


def replay(kit: Kit, start: Any, actions: Iterable[object]) -> Any:
    """The state after applying ``actions`` to ``start``, in order; a fault
    names the action that caused it."""
    _check_state(kit, start, "replay")
    if isinstance(actions, (str, bytes)) or not isinstance(actions, Iterable):
        raise InvalidInputError(
            f"replay needs a sequence of actions (such as a state's history), not {brief(actions)}"
        )
    state = start
    for number, action in enumerate(actions, 1):
        try:
            done = cast(Any, parse_action(action, kit.actions, kit.noun))
        except BugamiError as error:
            raise InvalidInputError(f"action {number}: {error}") from None
        try:
            state = apply(kit, state, done)
        except BugamiError as error:
            kind = IllegalMoveError if isinstance(error, IllegalMoveError) else InvalidInputError
            raise kind(f"action {number} ({done}): {error}") from None
    return state


def root(kit: Kit, state: Any) -> Any:
    """The state the history of ``state`` starts from: the deal as dealt,
    or the game as it began."""
    _check_state(kit, state, "root")
    if state.__class__ is kit.states[0]:
        return deal_root(state)
    return game_root(state)
