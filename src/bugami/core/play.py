"""The verbs of a deal: bidding and playing cards.

Every verb takes a state and returns a new one; the state passed in is never
changed. Each action has three faces that always agree, because they share one
check: a question (:func:`can_bid`, :func:`can_play`), a check that raises the
reason (:func:`check_bid`, :func:`check_play`) and the action itself
(:func:`bid`, :func:`play`). The verbs accept a whole :class:`~bugami.Game` as
well and then act on its current deal.

>>> import bugami
>>> state = bugami.deal(bugami.Rules(), seed=5, dealer=0)
>>> legal_bids(state, 2)
(Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, MISERE)
>>> for seat, choice in enumerate(["H", "misere", "S", "H"]):
...     state = bid(state, seat, choice)
>>> state.bids
(Suit.HEARTS, MISERE, Suit.SPADES, Suit.HEARTS)
>>> state.to_move, legal_moves(state) == state.hands[1]
(1, True)
"""

from __future__ import annotations

from typing import Final, NoReturn, overload

from bugami._kernel.checks import as_int
from bugami._kernel.deals import after_bid
from bugami._kernel.seats import check_seat, waiting_seats
from bugami._kernel.verbs import bid_fault, current, require_current, shown
from bugami.core._masks import (
    BIT,
    CARDS,
    FOLLOW,
    SUIT_OF,
    SUIT_SHIFT,
    SUIT_TABLES,
    cards_of,
    legal_mask,
    suit_cards,
)
from bugami.core.cards import MISERE, Bid, Card, Suit, parse_bid
from bugami.core.game import Game
from bugami.core.state import Deal, build_deal, make_trick, winning_position
from bugami.core.view import DealView, GameView
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

_ALL_BIDS: Final[tuple[Bid, ...]] = (*Suit, MISERE)
_SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")
_NOUN: Final = "a bugami"

# The verbs' implementations take ``object`` for every argument a caller may
# get wrong, and check it themselves, so that the compiled build (whose
# functions would refuse a wrongly typed argument with a bare TypeError, and
# read True as 1) answers bad input as the pure one does; the overloads give
# the types.


# --- bidding -------------------------------------------------------------------


@overload
def legal_bids(state: Deal | Game, seat: int) -> tuple[Bid, ...]: ...


@overload
def legal_bids(state: DealView | GameView, seat: int) -> tuple[Bid, ...]: ...


def legal_bids(state: Deal | Game | DealView | GameView, seat: object) -> tuple[Bid, ...]:
    """The bids ``seat`` may still make: every suit and :data:`MISERE` while
    that seat has not bid, otherwise ``()``. A view answers for its own seat
    only (see :meth:`DealView.legal_bids <bugami.core.view.DealView.legal_bids>`).

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(), seed=1)
    >>> len(legal_bids(state, 0)), legal_bids(bid(state, 0, "C"), 0)
    (5, ())
    """
    if type(state) is Deal and type(seat) is int and 0 <= seat < state._setup.players:
        return _ALL_BIDS if state._setup.bids[seat] is None else ()  # the common case
    if isinstance(state, (DealView, GameView)):
        if as_int(seat) != state.seat:
            raise InvalidInputError(f"a view of seat {state.seat} cannot tell seat {seat}'s bids")
        return state.legal_bids()
    deal = _current(state)
    checked = check_seat(state.rules.players, seat)
    if deal is None or deal.bids[checked] is not None:
        return ()
    return _ALL_BIDS


def _bid_fault(state: Deal, seat: object, choice: object) -> BugamiError | None:
    """Why ``seat`` cannot bid ``choice`` now, or ``None`` if it can."""
    try:
        bidder = check_seat(state._setup.players, seat)
        parse_bid(choice)
    except InvalidInputError as error:
        return error
    return bid_fault(state, bidder, choice, _why_over)


def _why_over(state: Deal) -> str:
    """What follows "bidding is over" (worded as Argute's)."""
    return " (the deal is over)" if state.is_over else f" (seat {state.to_move} is to play)"


@overload
def can_bid(state: Deal, seat: int, choice: Bid | str) -> bool: ...


@overload
def can_bid(state: Game, seat: int, choice: Bid | str) -> bool: ...


def can_bid(state: Deal | Game, seat: object, choice: object) -> bool:
    """Whether ``seat`` may bid ``choice`` now.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(), seed=1)
    >>> can_bid(state, 0, "H"), can_bid(bid(state, 0, "H"), 0, "S")
    (True, False)
    """
    deal = _current(state)
    return deal is not None and _bid_fault(deal, seat, choice) is None


@overload
def check_bid(state: Deal, seat: int, choice: Bid | str) -> None: ...


@overload
def check_bid(state: Game, seat: int, choice: Bid | str) -> None: ...


def check_bid(state: Deal | Game, seat: object, choice: object) -> None:
    """Raise the reason why ``seat`` may not bid ``choice`` now, if any.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(), seed=1)
    >>> check_bid(state, 4, "H")
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: seat must be a seat from 0 to 3, not 4
    """
    deal = _require_current(state, f"seat {shown(seat)} cannot bid {shown(choice)}")
    fault = _bid_fault(deal, seat, choice)
    if fault is not None:
        raise fault


@overload
def bid(state: Deal, seat: int, choice: Bid | str) -> Deal: ...


@overload
def bid(state: Game, seat: int, choice: Bid | str) -> Game: ...


def bid(state: Deal | Game, seat: object, choice: object) -> Deal | Game:
    """The state after ``seat`` secretly bids ``choice``: a :class:`Suit`,
    :data:`MISERE`, or their text (see :func:`~bugami.parse_bid`).

    Bids may come in any order. When the last one arrives, all are revealed
    and the player left of the dealer leads the first trick.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(players=3), seed=9, dealer=0)
    >>> state = bid(bid(state, 2, "♣"), 0, "misere")
    >>> state.bids, state.to_move
    ((MISERE, None, Suit.CLUBS), None)
    >>> state = bid(state, 1, "clubs")
    >>> state.to_move
    1
    """
    if type(state) is Game:
        game: Game = state
        doing = f"cannot bid {shown(choice)}"
        return game._advanced(bid(_require_current(game, doing), seat, choice))  # type: ignore[call-overload]
    if type(state) is not Deal:
        raise InvalidInputError(f"bid needs a bugami Deal or Game, not {brief(state)}")
    deal: Deal = state
    setup = deal._setup
    if (
        type(seat) is int
        and 0 <= seat < setup.players
        and setup.bids[seat] is None
        and (type(choice) is Suit or choice is MISERE)
    ):  # the common case is checked at once, the rest carefully
        return after_bid(deal, seat, choice)
    fault = _bid_fault(deal, seat, choice)
    if fault is not None:
        raise fault
    return after_bid(deal, check_seat(setup.players, seat), parse_bid(choice))


# --- playing -------------------------------------------------------------------


def legal_moves(state: Deal | Game | DealView | GameView) -> tuple[Card, ...]:
    """The cards the player to move may play, in canonical order; ``()`` while
    bidding and once the deal (or game) is over. Given a view, the cards its
    seat may play, or ``()`` when it is not that seat's turn.

    A player who holds a card of the suit led must play one (and not a joker);
    otherwise, and when leading, any card may be played. After a led joker,
    any card may be played.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(), hands=[
    ...     "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    ...     "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H AD",
    ...     "2H KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    ...     "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    ... ])
    >>> for seat in range(4):
    ...     state = bid(state, seat, "S")
    >>> state = play(state, "AD")  # seat 1 leads
    >>> legal_moves(state)[:3]
    (Card('KD'), Card('QD'), Card('JD'))
    >>> legal_moves(play(state, "2D"))[:2]
    (Card('AC'), Card('KC'))
    """
    if type(state) is not Deal:
        if isinstance(state, (DealView, GameView)):
            return state.legal_moves()
        deal = _current(state)
        return () if deal is None else legal_moves(deal)
    seat = state.to_move
    if seat is None:
        return ()
    hand = state._setup.dealt[seat] & state._held
    trick = state._trick
    if trick:
        suit = SUIT_OF[trick[0]]
        if suit != 4:
            follow = hand >> SUIT_SHIFT[suit] & 0x1FFF
            if follow:
                cards = SUIT_TABLES[suit][follow]
                return suit_cards(suit, follow) if cards is None else cards
    return cards_of(hand)


def _card_index(card: object) -> int:
    if type(card) is Card:
        return card._index
    return Card.parse(card)._index


def _play_fault(state: Deal, card: object, seat: object = None) -> BugamiError | None:
    """Why ``card`` cannot be played now (by ``seat``, if given), or ``None``."""
    try:
        index = _card_index(card)
        if seat is not None:
            seat = check_seat(state._setup.players, seat)  # from here on a plain int
    except InvalidInputError as error:
        return error
    text = str(CARDS[index])
    mover = state.to_move
    if mover is None:
        if state.is_over:
            return IllegalMoveError(f"cannot play {text}: the deal is over")
        return IllegalMoveError(
            f"cannot play {text}: the deal is still in its bidding phase "
            f"(waiting for {waiting_seats(state.bids)})"
        )
    if seat is not None and seat != mover:
        return IllegalMoveError(f"seat {seat} cannot play {text}: it is seat {mover}'s turn")
    hand = state._setup.dealt[mover] & state._held
    legal = legal_mask(hand, state._trick)
    if legal >> index & 1:
        return None
    # The legal cards are the mover's secret: listed only for a caller that
    # names the mover's seat (a message without seat= may reach anyone).
    choices = f" (legal: {' '.join(map(str, cards_of(legal)))})" if seat == mover else ""
    if not hand >> index & 1:
        return IllegalMoveError(
            f"seat {mover} cannot play {text}: it is not in their hand{choices}"
        )
    led = CARDS[state._trick[0]]
    suit = _SUIT_NAMES[SUIT_OF[led._index]]
    if index >= 52:
        return IllegalMoveError(
            f"seat {mover} cannot play the joker {text}: a joker may only be led or played "
            f"by a player who cannot follow the suit led, and seat {mover} holds {suit}{choices}"
        )
    return IllegalMoveError(
        f"seat {mover} cannot play {text}: {led} was led and seat {mover} must follow "
        f"{suit}{choices}"
    )


@overload
def can_play(state: Deal, card: Card | str, *, seat: int | None = None) -> bool: ...


@overload
def can_play(state: Game, card: Card | str, *, seat: int | None = None) -> bool: ...


def can_play(state: Deal | Game, card: object, *, seat: object = None) -> bool:
    """Whether ``card`` may be played now by the player to move (and by
    ``seat``, when given: it must be that seat's turn).

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(), seed=1)
    >>> can_play(state, "AS")  # still bidding
    False
    >>> for seat in range(4):
    ...     state = bid(state, seat, "H")
    >>> card = legal_moves(state)[0]
    >>> can_play(state, card), can_play(state, card, seat=state.to_move), can_play(state, card, seat=0)
    (True, True, False)
    """
    deal = _current(state)
    return deal is not None and _play_fault(deal, card, seat) is None


@overload
def check_play(state: Deal, card: Card | str, *, seat: int | None = None) -> None: ...


@overload
def check_play(state: Game, card: Card | str, *, seat: int | None = None) -> None: ...


def check_play(state: Deal | Game, card: object, *, seat: object = None) -> None:
    """Raise the reason why ``card`` may not be played now (by ``seat``, when
    given), if there is one. The cards the player to move may play are
    listed only when ``seat`` names that player: a message of a call without
    ``seat`` may reach anyone, and must not show that player's hand.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(), seed=1)
    >>> check_play(state, "ZZ")
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: 'ZZ' is not a card: expected a rank (A K Q J T/10 9 8 7 6 5 4 3 2) then a suit (S H D C or ♠ ♥ ♦ ♣), or a joker X1..X8
    """
    deal = _require_current(state, f"cannot play {shown(card)}")
    fault = _play_fault(deal, card, seat)
    if fault is not None:
        raise fault


@overload
def play(state: Deal, card: Card | str, *, seat: int | None = None) -> Deal: ...


@overload
def play(state: Game, card: Card | str, *, seat: int | None = None) -> Game: ...


def play(state: Deal | Game, card: object, *, seat: object = None) -> Deal | Game:
    """The state after the player to move plays ``card`` (a :class:`Card` or
    its text).

    ``seat`` is optional: a server can pass the seat the card comes from, and
    the play is refused unless it is that seat's turn. Its messages are then
    safe to show that seat: they list the legal cards only to the player to
    move, and tell any other seat only whose turn it is. Without ``seat``,
    a refusal says why but lists no card.

    When the trick is complete its winner is decided -- a led joker wins,
    otherwise the highest card of the suit led -- and the winner leads the
    next trick. After the last trick the deal is over.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(), seed=5, dealer=3)
    >>> for seat in range(4):
    ...     state = bid(state, seat, "H")
    >>> first = legal_moves(state)[0]
    >>> after = play(state, first, seat=0)
    >>> after.current_trick == (first,), state.current_trick
    (True, ())
    >>> play(state, first, seat=2)
    Traceback (most recent call last):
    ...
    bugami.errors.IllegalMoveError: seat 2 cannot play ...: it is seat 0's turn
    """
    if type(state) is not Deal:
        if type(state) is Game:
            game: Game = state
            current = _require_current(game, f"cannot play {shown(card)}")
            return game._advanced(play(current, card, seat=seat))  # type: ignore[call-overload]
        raise InvalidInputError(f"play needs a bugami Deal or Game, not {brief(state)}")
    deal: Deal = state
    mover = deal.to_move
    index = card._index if isinstance(card, Card) else _card_index(card)
    # The type first: once ``seat`` compares equal to an int, the compiled
    # build may read it as that int, and a bool would pass for one.
    if mover is None or (seat is not None and (type(seat) is not int or seat != mover)):
        if mover is not None and type(seat) is not int:
            # An int-like seat (an IntEnum member, a NumPy int): the plain int
            # it stands for, or the reason it is refused.
            plain: Deal = play(deal, card, seat=_plain_seat(deal, card, seat))  # type: ignore[call-overload]
            return plain
        _refuse(deal, card, seat)
    setup = deal._setup
    held = deal._held
    hand = setup.dealt[mover] & held
    bit = BIT[index]
    trick = deal._trick
    if trick:
        follow = FOLLOW[trick[0]]  # the cards that follow suit, or 0 after a joker
        if not hand & bit or (hand & follow and not bit & follow):
            _refuse(deal, card, seat)
        trick = trick + (index,)  # noqa: RUF005 -- faster than (*trick, index) here
    elif hand & bit:
        trick = (index,)
    else:
        _refuse(deal, card, seat)
    players = setup.players
    if len(trick) < players:
        return build_deal(setup, held ^ bit, deal.leader, (mover + 1) % players, trick, deal.tricks)
    leader: int = deal.leader  # type: ignore[assignment]
    winner = (leader + winning_position(trick)) % players
    # Concatenation: compiled, unpacking would go through a list.
    tricks = deal.tricks + (make_trick(leader, trick, winner),)  # noqa: RUF005
    held ^= bit
    following = winner if held else None  # the last trick has emptied every hand
    return build_deal(setup, held, following, following, (), tricks)


def _plain_seat(state: Deal, card: object, seat: object) -> int:
    """The plain int ``seat`` stands for, or raise why ``card`` cannot be
    played by it (a card that is no card is named first, as always)."""
    number = as_int(seat)
    if number is None or not 0 <= number < state._setup.players:
        _refuse(state, card, seat)
    return number


def _refuse(state: Deal, card: object, seat: object) -> NoReturn:
    """Raise the reason why ``card`` cannot be played, known to exist."""
    fault = _play_fault(state, card, seat)
    if fault is None:  # an AssertionError even under python -O
        raise AssertionError("the fast checks of play and _play_fault disagree")
    raise fault


# --- shared helpers --------------------------------------------------------------


def _current(state: Deal | Game) -> Deal | None:
    """The deal a verb acts on: the state itself, or a game's current deal."""
    return current(state, Deal, Game, _NOUN)


def _require_current(state: Deal | Game, action: str) -> Deal:
    return require_current(state, Deal, Game, _NOUN, action)
