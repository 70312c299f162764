"""Scoring one finished deal of Bugami: the engine behind :mod:`bugami.core.scoring`,
whose description gives the rules. Points come from each seat's tricks and
bugs, pooled by unit under Shotgun Wedding.

>>> points(tricks=4, bugs=1), points(tricks=0, bugs=0), points(tricks=2, bugs=0, misere=True)
(40, 30, 0)
"""

from __future__ import annotations

from typing import Any, Final, overload

from bugami.core._masks import BIT
from bugami.core.cards import MISERE
from bugami.core.state import Deal
from bugami.errors import IllegalMoveError

__all__ = [
    "ALL_TRICKS",
    "MISERE_MADE",
    "NO_TRICKS",
    "PER_CLEAN_TRICK",
    "deal_points",
    "points",
]

# Documented where bugami.core.scoring names them.
ALL_TRICKS: Final = 100
MISERE_MADE: Final = 100
NO_TRICKS: Final = 30
PER_CLEAN_TRICK: Final = 20

_JOKERS: Final = 0xFF << 52
_SUIT_MASKS: Final = tuple(0x1FFF << 13 * suit for suit in range(4))
# For a bid of each suit, each card index as a byte: 1 for a bug (a card of
# that suit or a joker), else 0; counting the bugs among the cards won is then
# one bytes.translate and one bytes.count.
_BUGS_OF: Final = tuple(
    bytes(1 if index // 13 == suit or index >= 52 else 0 for index in range(256))
    for suit in range(4)
)


@overload
def points(*, tricks: int, bugs: int) -> int: ...


@overload
def points(*, tricks: int, bugs: int, misere: bool) -> int: ...


# Its arguments are taken untyped so that the compiled build computes with
# whatever it is given as the pure one does (see bugami.play).
def points(*, tricks: Any, bugs: Any, misere: Any = False) -> Any:
    """A player's (or a partnership's) score for a deal in which nobody won
    every trick, from their tricks and bugs.

    >>> points(tricks=5, bugs=2), points(tricks=2, bugs=0)
    (25, 40)
    >>> points(tricks=0, bugs=0, misere=True)
    100
    """
    if misere:
        return MISERE_MADE if tricks == 0 else 0
    if tricks == 0:
        return NO_TRICKS
    if bugs == 0:
        return PER_CLEAN_TRICK * tricks
    return 10 * tricks // bugs


def deal_points(deal: Deal) -> tuple[int, ...]:
    """Each seat's points for a finished deal; :class:`~bugami.IllegalMoveError`
    for a deal that is not over."""
    if not deal.is_over:
        raise IllegalMoveError(f"cannot score the deal: it is not over ({deal.phase.value})")
    return _deal_points(deal)


def _deal_points(deal: Deal) -> tuple[int, ...]:
    if deal.rules.shotgun_wedding:
        return _unit_points(deal)
    players = deal._players
    won = _cards_won(deal)
    every = len(deal.tricks)
    last = deal.tricks[-1].winner  # who takes the leftover
    result = []
    for seat, bid in enumerate(deal.bids):
        cards = won[seat]
        tricks = len(cards) // players
        if tricks == every:
            return _all_tricks(deal, list(range(players)), seat)
        if bid is MISERE:
            result.append(MISERE_MADE if tricks == 0 else 0)
        elif tricks == 0:
            result.append(NO_TRICKS)
        else:
            suit = bid._index  # type: ignore[union-attr]  # every seat has bid
            bugs = bytes(cards).translate(_BUGS_OF[suit]).count(1)
            if seat == last:
                bugs += (deal._leftover & (_SUIT_MASKS[suit] | _JOKERS)).bit_count()
            # points(), written out: this runs once per deal of every simulation.
            result.append(10 * tricks // bugs if bugs else PER_CLEAN_TRICK * tricks)
    return tuple(result)


def _cards_won(deal: Deal) -> list[list[int]]:
    """The indices of the cards in each seat's tricks (the leftover aside)."""
    won: list[list[int]] = [[] for _ in range(deal._players)]
    for trick in deal.tricks:
        won[trick.winner] += trick._cards
    return won


def _unit_points(deal: Deal) -> tuple[int, ...]:
    """Scores under Shotgun Wedding, where the players (not misère bidders)
    who named the same suit score as one unit (ruling 4)."""
    bids = deal.bids
    won = _cards_won(deal)
    tricks = [len(cards) // deal._players for cards in won]
    bit = BIT.__getitem__
    taken = [sum(map(bit, cards)) for cards in won]  # distinct bits: the sum is the mask
    taken[deal.tricks[-1].winner] |= deal._leftover
    unit_of: list[object] = [seat if bid is MISERE else bid for seat, bid in enumerate(bids)]
    unit_tricks: dict[object, int] = {}
    unit_taken: dict[object, int] = {}
    for seat, unit in enumerate(unit_of):
        unit_tricks[unit] = unit_tricks.get(unit, 0) + tricks[seat]
        unit_taken[unit] = unit_taken.get(unit, 0) | taken[seat]
    every = len(deal.tricks)
    for unit in unit_of:
        if unit_tricks[unit] == every:
            return _all_tricks(deal, unit_of, unit)
    result = []
    for seat, unit in enumerate(unit_of):
        bid = bids[seat]
        if bid is MISERE:
            result.append(points(tricks=tricks[seat], bugs=0, misere=True))
            continue
        bugs = (unit_taken[unit] & (_SUIT_MASKS[bid.index] | _JOKERS)).bit_count()  # type: ignore[union-attr]
        result.append(points(tricks=unit_tricks[unit], bugs=bugs))
    return tuple(result)


def _all_tricks(deal: Deal, unit_of: list[object], sweeper: object) -> tuple[int, ...]:
    """Scores when one unit won every trick (rulings 1 and 4)."""
    result = []
    for seat, unit in enumerate(unit_of):
        misere = deal.bids[seat] is MISERE
        if unit == sweeper:
            result.append(0 if misere else ALL_TRICKS)
        else:
            result.append(MISERE_MADE if misere else 0)
    return tuple(result)
