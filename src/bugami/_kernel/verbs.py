"""The plumbing of the verbs, the same in both games.

Each game's verbs accept a deal or a whole game (and some a view). When given a
game they act on its current deal, and the game then adds up a finished deal
and deals the next one (:meth:`~bugami._kernel.match.Match._advanced`). The
rules of a bid that do not depend on the game -- a seat bids once, and only
while bidding goes on -- are checked here too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from bugami._kernel.checks import as_int
from bugami._kernel.match import DealLike, Match, RulesLike
from bugami._kernel.seats import waiting_seats
from bugami.errors import BugamiError, IllegalMoveError, InvalidInputError, brief

__all__ = ["bid_fault", "current", "require_current", "shown"]

RulesT = TypeVar("RulesT", bound=RulesLike)
DealT = TypeVar("DealT", bound=DealLike)


def shown(value: object) -> str:
    """``value`` as a message about an action shows it: an int-like as its
    plain int, a short text (or a card, a bid) as its text, anything else
    cut short (see :func:`~bugami.errors.brief`), never a huge int in full."""
    if type(value) is str:  # the common cases first, without a failed operator.index
        return value if len(value) <= 40 else brief(value)
    if isinstance(value, int):
        number = as_int(value)
        return str(value) if number is None else brief(number)  # None: a bool
    try:
        text = str(value)
    except Exception:  # a caller's odd object: its repr, cut short, says enough
        return brief(value)
    return text if len(text) <= 40 else brief(value)


def current(
    state: object, deal: type[DealT], game: type[Match[RulesT, DealT]], noun: str
) -> DealT | None:
    """The deal a verb acts on: ``state`` itself, or a game's current deal
    (``None`` once the game is over); ``noun`` names the game in the message
    for anything else."""
    if state.__class__ is deal:
        return state
    if state.__class__ is game:
        return state.current
    raise InvalidInputError(f"expected {noun} Deal or Game, not {brief(state)}")


def require_current(
    state: object, deal: type[DealT], game: type[Match[RulesT, DealT]], noun: str, action: str
) -> DealT:
    """:func:`current`, refusing a game that is over with the ``action`` tried."""
    found = current(state, deal, game, noun)
    if found is None:
        won: Match[RulesT, DealT] = state  # type: ignore[assignment]  # current() let only a game by
        raise IllegalMoveError(f"{action}: the game is over (seat {won.winner} won)")
    return found


def bid_fault(
    deal: DealT,
    seat: int,
    shown: object,
    over: Callable[[DealT], str] | None = None,
) -> BugamiError | None:
    """Why ``seat`` (a seat at the table) cannot bid now, whatever it bids, or
    ``None``: bidding is over (``over`` may say more about the deal), or it has
    bid already. ``shown`` is the bid as the message should show it."""
    bids = deal.bids
    if None not in bids:
        more = "" if over is None else over(deal)
        return IllegalMoveError(f"seat {seat} cannot bid {shown}: bidding is over{more}")
    if bids[seat] is not None:
        return IllegalMoveError(
            f"seat {seat} cannot bid {shown}: it has already bid, and a bid cannot be "
            f"changed (still to bid: {waiting_seats(bids)})"
        )
    return None
