"""The verbs of a hand of Argute: bidding and playing cards.

Every verb takes a state and returns a new one, leaving the state passed in as
it was. Each action has three faces that always agree, because they share one
check: a question (:func:`can_bid`, :func:`can_play`), a check that raises the
reason (:func:`check_bid`, :func:`check_play`) and the action itself
(:func:`bid`, :func:`play`). Every verb also accepts a whole
:class:`~bugami.argute.game.Game` and then acts on its current hand.

>>> from bugami import argute
>>> state = argute.deal(argute.Rules(players=3), hands=["001122", "334455", "012345"])
>>> legal_bids(state, 1)
(0, 1, 2, 3)
>>> for seat, tricks in [(2, "1"), (0, 0), (1, 3)]:
...     state = bid(state, seat, tricks)
>>> state.bids, state.to_move
((0, 3, 1), 1)
>>> legal_moves(state)
(3, 4, 5)
"""

from __future__ import annotations

from typing import Final, NoReturn, overload

from bugami._kernel.checks import as_int
from bugami._kernel.deals import after_bid
from bugami._kernel.seats import check_seat, waiting_seats
from bugami._kernel.verbs import bid_fault, current, require_current, shown
from bugami.argute.dealing import bad_value, read_value
from bugami.argute.game import Game
from bugami.argute.rules import BIDS, TRICKS, VALUES
from bugami.argute.state import (
    FIELD,
    HAND_MASK,
    SEAT_BITS,
    Deal,
    build_deal,
    distinct_values_of,
    make_trick,
    settle,
)
from bugami.argute.view import DealView, GameView
from bugami.errors import BugamiError, IllegalMoveError, InvalidInputError, brief

__all__ = [
    "bid",
    "can_bid",
    "can_play",
    "check_bid",
    "check_play",
    "legal_bids",
    "legal_moves",
    "play",
]

_BID_BY_TEXT: Final = {str(tricks): tricks for tricks in BIDS}
# The bit of one card of each value in each seat's part of a deal's cards held,
# the bits of that value's count there, and the first bit of each seat's part.
_ONE: Final = tuple(
    tuple(1 << SEAT_BITS * seat + FIELD * value for value in VALUES) for seat in range(7)
)
_COUNT: Final = tuple(tuple(7 * one for one in ones) for ones in _ONE)
_SEAT_SHIFT: Final = tuple(SEAT_BITS * seat for seat in range(7))
_NOUN: Final = "an Argute"

# The verbs' implementations take ``object`` for every argument a caller may
# get wrong and check it themselves (see bugami.play); the overloads give the types.


# --- bidding -------------------------------------------------------------------


@overload
def legal_bids(state: Deal, seat: int) -> tuple[int, ...]: ...


@overload
def legal_bids(state: Game, seat: int) -> tuple[int, ...]: ...


@overload
def legal_bids(state: DealView | GameView, seat: int) -> tuple[int, ...]: ...


def legal_bids(state: Deal | Game | DealView | GameView, seat: object) -> tuple[int, ...]:
    """The bids ``seat`` may still make: ``(0, 1, 2, 3)`` while that seat has
    not bid, otherwise ``()``. A view answers for its own seat only (see
    :meth:`DealView.legal_bids <bugami.argute.view.DealView.legal_bids>`).

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(), seed=1)
    >>> legal_bids(state, 0), legal_bids(bid(state, 0, 2), 0)
    ((0, 1, 2, 3), ())
    >>> legal_bids(argute.view(state, 1), 1)
    (0, 1, 2, 3)
    """
    if type(state) is not Deal and isinstance(state, (DealView, GameView)):
        if seat != state.seat:
            raise InvalidInputError(f"a view of seat {state.seat} cannot tell seat {seat}'s bids")
        return state.legal_bids()
    deal = _current(state)
    checked = check_seat(state.rules.players, seat)
    if deal is None or deal.bids[checked] is not None:
        return ()
    return BIDS


def _read_bid(tricks: object) -> int | None:
    if isinstance(tricks, str):
        return _BID_BY_TEXT.get(tricks.strip())
    number = as_int(tricks)  # an int, or the plain int an int-like stands for
    return number if number is not None and 0 <= number <= 3 else None


def _bid_fault(state: Deal, seat: object, tricks: object) -> BugamiError | None:
    """Why ``seat`` cannot bid ``tricks`` now, or ``None`` if it can."""
    try:
        bidder = check_seat(state._setup.players, seat)
    except InvalidInputError as error:
        return error
    choice = _read_bid(tricks)
    if choice is None:
        return InvalidInputError(
            f"seat {bidder} cannot bid {brief(tricks)}: a bid is a number of tricks from 0 to 3, "
            "as an int or its text"
        )
    return bid_fault(state, bidder, choice, _why_over)


def _why_over(state: Deal) -> str:
    return " (the hand is over)" if state.is_over else f" (seat {state.to_move} is to play)"


@overload
def can_bid(state: Deal, seat: int, tricks: int | str) -> bool: ...


@overload
def can_bid(state: Game, seat: int, tricks: int | str) -> bool: ...


def can_bid(state: Deal | Game, seat: object, tricks: object) -> bool:
    """Whether ``seat`` may bid ``tricks`` now.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(), seed=1)
    >>> can_bid(state, 0, 3), can_bid(state, 0, 4), can_bid(bid(state, 0, 3), 0, 1)
    (True, False, False)
    """
    deal = _current(state)
    return deal is not None and _bid_fault(deal, seat, tricks) is None


@overload
def check_bid(state: Deal, seat: int, tricks: int | str) -> None: ...


@overload
def check_bid(state: Game, seat: int, tricks: int | str) -> None: ...


def check_bid(state: Deal | Game, seat: object, tricks: object) -> None:
    """Raise the reason why ``seat`` may not bid ``tricks`` now, if there is one.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(), seed=1)
    >>> check_bid(state, 0, "two")
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: seat 0 cannot bid 'two': a bid is a number of tricks from 0 to 3, as an int or its text
    """
    deal = _require_current(state, f"seat {shown(seat)} cannot bid {shown(tricks)}")
    fault = _bid_fault(deal, seat, tricks)
    if fault is not None:
        raise fault


@overload
def bid(state: Deal, seat: int, tricks: int | str) -> Deal: ...


@overload
def bid(state: Game, seat: int, tricks: int | str) -> Game: ...


def bid(state: Deal | Game, seat: object, tricks: object) -> Deal | Game:
    """The state after ``seat`` secretly bids to win ``tricks`` tricks: an int
    from 0 to 3 or its text.

    Bids may come in any order. When the last one is in, the play begins: the
    player left of the dealer leads the first trick.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=3), seed=9, dealer=0)
    >>> state = bid(bid(state, 2, "3"), 0, 0)
    >>> state.bids, state.to_move
    ((0, None, 3), None)
    >>> bid(state, 1, 1).to_move
    1
    >>> bid(state, 2, 1)
    Traceback (most recent call last):
    ...
    bugami.errors.IllegalMoveError: seat 2 cannot bid 1: it has already bid, and a bid cannot be changed (still to bid: seat 1)
    """
    if type(state) is Game:
        game: Game = state
        return game._advanced(
            bid(
                _require_current(game, f"seat {shown(seat)} cannot bid {shown(tricks)}"),
                seat,
                tricks,
            )  # type: ignore[call-overload]
        )
    if type(state) is not Deal:
        raise InvalidInputError(f"bid needs an Argute Deal or Game, not {brief(state)}")
    deal: Deal = state
    setup = deal._setup
    if (
        type(seat) is int
        and 0 <= seat < setup.players
        and setup.bids[seat] is None
        and type(tricks) is int
        and 0 <= tricks <= 3
    ):  # the common case is checked at once, the rest carefully
        return after_bid(deal, seat, tricks)
    fault = _bid_fault(deal, seat, tricks)
    if fault is not None:
        raise fault
    return after_bid(deal, check_seat(setup.players, seat), _read_bid(tricks))


# --- playing -------------------------------------------------------------------


def legal_moves(state: Deal | Game | DealView | GameView) -> tuple[int, ...]:
    """The distinct values the player to move holds, lowest first: any card
    in hand may be played. ``()`` while bidding and once the hand (or the
    game) is over. Given a view, the values its seat may play, or ``()`` when
    it is not that seat's turn.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=2), hands=["550011", "234444"])
    >>> legal_moves(state)
    ()
    >>> legal_moves(bid(bid(state, 0, 1), 1, 2))  # seat 1 leads
    (2, 3, 4)
    >>> legal_moves(argute.view(bid(bid(state, 0, 1), 1, 2), 1))
    (2, 3, 4)
    """
    if type(state) is not Deal:
        if isinstance(state, (DealView, GameView)):
            return state.legal_moves()
        deal = _current(state)
        return () if deal is None else legal_moves(deal)
    seat = state.to_move
    if seat is None:
        return ()
    return distinct_values_of(state._held >> _SEAT_SHIFT[seat] & HAND_MASK)


def _play_fault(state: Deal, value: object, seat: object = None) -> BugamiError | None:
    """Why ``value`` cannot be played now (by ``seat``, if given), or ``None``."""
    mover = state.to_move
    card = read_value(value)
    if seat is not None:
        try:
            seat = check_seat(state._setup.players, seat)  # from here on a plain int
        except InvalidInputError as error:
            return error
    if card is None:
        if mover is None:
            return InvalidInputError(bad_value(value))
        return InvalidInputError(
            f"seat {mover if seat is None else seat} cannot play {brief(value)}: a card is a value "
            f"from 0 to 5, as an int or its text{_legal_for(state, seat)}"
        )
    if mover is None:
        if state.is_over:
            return IllegalMoveError(f"cannot play {card}: the hand is over")
        return IllegalMoveError(
            f"cannot play {card}: the hand is still in its bidding phase "
            f"(waiting for {waiting_seats(state.bids)})"
        )
    if seat is not None and seat != mover:
        return IllegalMoveError(f"seat {seat} cannot play {card}: it is seat {mover}'s turn")
    if state._held >> SEAT_BITS * mover + FIELD * card & 7:
        return None
    return IllegalMoveError(
        f"seat {mover} cannot play {card}: they hold no {card}{_legal_for(state, seat)}"
    )


def _legal_for(state: Deal, seat: object) -> str:
    """The values the player to move may play, for a message to ``seat``:
    they are that player's secret, so they are listed only for a caller that
    names the mover's seat (a message without ``seat=`` may reach anyone)."""
    if seat is None or seat != state.to_move:
        return ""
    return f" (legal: {' '.join(map(str, legal_moves(state)))})"


@overload
def can_play(state: Deal, value: int | str, *, seat: int | None = None) -> bool: ...


@overload
def can_play(state: Game, value: int | str, *, seat: int | None = None) -> bool: ...


def can_play(state: Deal | Game, value: object, *, seat: object = None) -> bool:
    """Whether ``value`` may be played now (by ``seat``, when given).

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=2), hands=["550011", "234444"])
    >>> state = bid(bid(state, 0, 1), 1, 2)
    >>> can_play(state, 4), can_play(state, 5), can_play(state, 4, seat=0)
    (True, False, False)
    """
    deal = _current(state)
    return deal is not None and _play_fault(deal, value, seat) is None


@overload
def check_play(state: Deal, value: int | str, *, seat: int | None = None) -> None: ...


@overload
def check_play(state: Game, value: int | str, *, seat: int | None = None) -> None: ...


def check_play(state: Deal | Game, value: object, *, seat: object = None) -> None:
    """Raise the reason why ``value`` may not be played now (by ``seat``, when
    given), if there is one.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=2), hands=["550011", "234444"])
    >>> check_play(bid(bid(state, 0, 1), 1, 2), "5", seat=1)
    Traceback (most recent call last):
    ...
    bugami.errors.IllegalMoveError: seat 1 cannot play 5: they hold no 5 (legal: 2 3 4)

    The values the player to move holds are listed only when ``seat`` names
    that player: a message of a call without ``seat`` may reach anyone.
    """
    deal = _require_current(state, f"cannot play {brief(value)}")
    fault = _play_fault(deal, value, seat)
    if fault is not None:
        raise fault


@overload
def play(state: Deal, value: int | str, *, seat: int | None = None) -> Deal: ...


@overload
def play(state: Game, value: int | str, *, seat: int | None = None) -> Game: ...


def play(state: Deal | Game, value: object, *, seat: object = None) -> Deal | Game:
    """The state after the player to move plays a card of ``value`` (an int
    from 0 to 5 or its text).

    ``seat`` is optional: a server can pass the seat the card comes from, and
    the play is refused unless it is that seat's turn. Its messages are then
    safe to show that seat: they list the values held only to the player to
    move, and tell any other seat only whose turn it is. Without ``seat``,
    a refusal says why but lists no value.

    Once every player has played the trick's number of cards (3, then 2,
    then 1), the trick is decided: the highest count wins, and of seats tied
    on it, the one that reached it first. The winner leads the next trick;
    after the third the hand is over.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=2), hands=["550011", "234444"])
    >>> state = bid(bid(state, 0, 1), 1, 2)
    >>> after = play(state, 4, seat=1)
    >>> after.current_trick, after.to_move, state.current_trick
    ((4,), 0, ())
    >>> play(after, 5, seat=1)
    Traceback (most recent call last):
    ...
    bugami.errors.IllegalMoveError: seat 1 cannot play 5: it is seat 0's turn
    """
    if type(state) is not Deal:
        if type(state) is Game:
            game: Game = state
            return game._advanced(
                play(_require_current(game, f"cannot play {brief(value)}"), value, seat=seat)  # type: ignore[call-overload]
            )
        raise InvalidInputError(f"play needs an Argute Deal or Game, not {brief(state)}")
    deal: Deal = state
    mover = deal.to_move
    card = value if type(value) is int else read_value(value)
    # The type first: once ``seat`` compares equal to an int, the compiled
    # build may read it as that int, and a bool would pass for one.
    if (
        mover is None
        or card is None
        or not 0 <= card <= 5
        or (seat is not None and (type(seat) is not int or seat != mover))
    ):
        if mover is not None and seat is not None and type(seat) is not int:
            # An int-like seat (an IntEnum member, a NumPy int): the plain int
            # it stands for, or the reason it is refused.
            plain: Deal = play(deal, value, seat=_plain_seat(deal, value, seat))  # type: ignore[call-overload]
            return plain
        _refuse(deal, value, seat)
    held = deal._held
    if not held & _COUNT[mover][card]:
        _refuse(deal, value, seat)
    setup = deal._setup
    players = setup.players
    trick = (*deal._trick, card)
    leader: int = deal.leader  # type: ignore[assignment]
    tricks = deal.tricks
    if len(trick) < players * (TRICKS - len(tricks)):
        to_move = (mover + 1) % players
        return build_deal(setup, held - _ONE[mover][card], leader, to_move, trick, tricks)
    winner, counts = settle(trick, leader, players)
    tricks = tricks + (make_trick(leader, trick, winner, counts),)  # noqa: RUF005 -- as in Bugami's play
    following = None if len(tricks) == TRICKS else winner
    return build_deal(setup, held - _ONE[mover][card], following, following, (), tricks)


def _plain_seat(state: Deal, value: object, seat: object) -> int:
    """The plain int ``seat`` stands for, or raise why ``value`` cannot be
    played by it."""
    number = as_int(seat)
    if number is None or not 0 <= number < state._setup.players:
        _refuse(state, value, seat)
    return number


def _refuse(state: Deal, value: object, seat: object) -> NoReturn:
    """Raise the reason why ``value`` cannot be played, known to exist."""
    fault = _play_fault(state, value, seat)
    if fault is None:  # an AssertionError even under python -O
        raise AssertionError("the fast checks of play and _play_fault disagree")
    raise fault


# --- shared helpers --------------------------------------------------------------


def _current(state: Deal | Game) -> Deal | None:
    """The hand a verb acts on: the state itself, or a game's current hand."""
    return current(state, Deal, Game, _NOUN)


def _require_current(state: Deal | Game, action: str) -> Deal:
    return require_current(state, Deal, Game, _NOUN, action)
