"""Acting through action values, the same in both games: the legal actions,
applying one, stepping with its events, replaying a history, and the root
a history starts from.

Each function takes the game's :class:`~bugami._kernel.declaration.GameDeclaration`
first; each game's public functions (:mod:`bugami.core.frontend`,
:mod:`bugami.argute.frontend`) pass their own. Applying an action is exactly
calling the game's verb: ``bid(state, seat, bid)``, or ``play(state, card,
seat=seat)``, which checks the seat; the events of a step are read from the
states before and after.

>>> from bugami.argute.declaration import DECLARATION
>>> from bugami import argute
>>> start = argute.deal(argute.Rules(players=2), seed=1)
>>> [str(action) for action in legal_actions(DECLARATION, start, 0)]
['0 bid 0', '0 bid 1', '0 bid 2', '0 bid 3']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, TypeVar, cast

from bugami._kernel.actions import ActionBase, BidActionBase, PlayActionBase, parse_action
from bugami._kernel.deals import DealBase, deal_root
from bugami._kernel.declaration import GameDeclaration
from bugami._kernel.events import EventBase
from bugami._kernel.match import Match, game_root
from bugami._kernel.seats import check_seat
from bugami._kernel.views import TableViewBase, view_actions
from bugami.errors import BugamiError, IllegalMoveError, InvalidInputError, brief

if TYPE_CHECKING:
    from bugami._kernel.deals import TrickBase
    from bugami._kernel.match import RulesLike

__all__ = ["apply", "legal_actions", "replay", "root", "step"]

RulesT = TypeVar("RulesT")
DealT = TypeVar("DealT", bound=DealBase)
GameT = TypeVar("GameT", bound=Match)  # type: ignore[type-arg]  # any game's Match[...]
ViewT = TypeVar("ViewT")
BidT = TypeVar("BidT")
CardT = TypeVar("CardT")


def _check_state(
    game: GameDeclaration[RulesT, DealT, GameT, ViewT, BidT, CardT], state: object, what: str
) -> None:
    if state.__class__ not in game.states:
        raise InvalidInputError(f"{what} needs {game.noun} Deal or Game, not {brief(state)}")


def legal_actions(
    game: GameDeclaration[RulesT, DealT, GameT, ViewT, BidT, CardT],
    state: object,
    seat: object = None,
) -> tuple[ActionBase, ...]:
    """Every action legal now in ``state`` (a deal, a game or a view), or
    those of ``seat``."""
    if isinstance(state, game.deal_views + game.game_views):
        seen_seat = state.seat  # type: ignore[attr-defined]  # every view has a seat
        if seat is not None and seat != seen_seat:
            raise InvalidInputError(
                f"a view of seat {seen_seat} cannot tell seat {brief(seat)}'s actions"
            )
        shown = cast(  # a view of a deal of the game, or None
            "TableViewBase[RulesLike, object, object, TrickBase] | None",
            state.current if isinstance(state, game.game_views) else state,  # type: ignore[attr-defined]
        )
        return () if shown is None else view_actions(shown)
    _check_state(game, state, "legal_actions")
    found: DealT | GameT = state  # type: ignore[assignment]  # checked just above
    players: int = found.rules.players
    if seat is not None:
        seat = check_seat(players, seat)
    deal: DealT | None = found if isinstance(found, DealBase) else found.current
    if deal is None:
        return ()
    bids = deal._setup.bids
    if None in bids:
        seats = range(players) if seat is None else (seat,)
        bid_made = game.bid_action._made
        return tuple(
            [
                bid_made(bidder, choice)
                for bidder in seats
                if bids[bidder] is None
                for choice in game.bids
            ]
        )
    mover = deal.to_move
    if mover is None or (seat is not None and seat != mover):
        return ()
    play_made = game.play_action._made
    return tuple([play_made(mover, card) for card in game.legal_moves(deal)])


def _action(
    game: GameDeclaration[RulesT, DealT, GameT, ViewT, BidT, CardT], action: object
) -> BidActionBase[BidT] | PlayActionBase[CardT]:
    # parse_action gives one of the two kinds it is handed: the game's own
    return parse_action(action, game.actions, game.noun)  # type: ignore[return-value]


def apply(
    game: GameDeclaration[RulesT, DealT, GameT, ViewT, BidT, CardT],
    state: DealT | GameT,
    action: object,
) -> DealT | GameT:
    """The state after ``action`` (an action, or its text or dict)."""
    _check_state(game, state, "apply")
    return _applied(game, state, _action(game, action))


def _applied(
    game: GameDeclaration[RulesT, DealT, GameT, ViewT, BidT, CardT],
    state: DealT | GameT,
    done: BidActionBase[BidT] | PlayActionBase[CardT],
) -> DealT | GameT:
    if isinstance(done, BidActionBase):
        return game.bid(state, done.seat, done.bid)
    return game.play(state, done.card, seat=done.seat)


def step(
    game: GameDeclaration[RulesT, DealT, GameT, ViewT, BidT, CardT],
    state: DealT | GameT,
    action: object,
) -> tuple[DealT | GameT, tuple[EventBase, ...]]:
    """The state after ``action``, and the events it caused, in order."""
    _check_state(game, state, "step")
    done = _action(game, action)
    after = _applied(game, state, done)
    bid_made, play_started, card_played, trick_won, scored, started, over = (
        kind._made for kind in game.events
    )
    events: list[EventBase] = []
    if isinstance(state, Match):
        assert isinstance(after, Match)  # the verbs give a game for a game
        # Both deals are there: a game's current deal took the action, and
        # the game then holds it among its deals or as its current deal.
        before: DealT = state.current  # type: ignore[assignment]
        finished = len(after.deals) > len(state.deals)
        deal: DealT = after.deals[-1] if finished else after.current  # type: ignore[assignment]
    else:
        before = state
        deal = after  # type: ignore[assignment]  # the verbs give a deal for a deal
    if isinstance(done, BidActionBase):
        events.append(bid_made(done.seat, done.bid))
        if deal.to_move is not None:
            events.append(play_started(deal.leader, deal.bids))
        return after, tuple(events)
    events.append(card_played(done.seat, done.card))
    if len(deal.tricks) > len(before.tricks):
        events.append(trick_won(len(deal.tricks), deal.tricks[-1], deal._setup.players))
    if deal.is_over:
        if isinstance(after, Match):
            events.append(scored(len(after.deals), deal, game.score(deal), after.totals))
            if after.current is None:
                events.append(over(after.winner, after.totals))
            else:
                events.append(started(len(after.deals) + 1, after.current.dealer))
        else:
            events.append(scored(1, deal, game.score(deal), None))
    return after, tuple(events)


def replay(
    game: GameDeclaration[RulesT, DealT, GameT, ViewT, BidT, CardT],
    start: DealT | GameT,
    actions: Iterable[object],
) -> DealT | GameT:
    """The state after applying ``actions`` to ``start``, in order; a fault
    names the action that caused it."""
    _check_state(game, start, "replay")
    if isinstance(actions, (str, bytes)) or not isinstance(actions, Iterable):
        raise InvalidInputError(
            f"replay needs a sequence of actions (such as a state's history), not {brief(actions)}"
        )
    state = start
    for number, action in enumerate(actions, 1):
        try:
            done = _action(game, action)
        except BugamiError as error:
            raise InvalidInputError(f"action {number}: {error}") from None
        try:
            state = _applied(game, state, done)
        except BugamiError as error:
            kind = IllegalMoveError if isinstance(error, IllegalMoveError) else InvalidInputError
            raise kind(f"action {number} ({done}): {error}") from None
    return state


def root(
    game: GameDeclaration[RulesT, DealT, GameT, ViewT, BidT, CardT], state: DealT | GameT
) -> DealT | GameT:
    """The state the history of ``state`` starts from: the deal as dealt,
    or the game as it began."""
    _check_state(game, state, "root")
    if isinstance(state, Match):
        started: GameT = game_root(state)
        return started
    return deal_root(state)
