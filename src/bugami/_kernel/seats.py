"""Seats at the table: checking them, naming them in messages, and the
dealer's rotation.

Seats are numbered from 0 clockwise. The player left of the dealer (the next
seat clockwise) leads the first trick, and the deal passes one seat left.

>>> check_seat(4, 3)
3
>>> check_seat(4, 4, "dealer")
Traceback (most recent call last):
...
bugami.errors.InvalidInputError: dealer must be a seat from 0 to 3, not 4
>>> waiting_seats((None, "S", None)), waiting_seats(("S", None, "H"))
('seats 0, 2', 'seat 1')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from bugami._kernel.checks import as_int
from bugami.errors import InvalidInputError, brief

__all__ = ["check_seat", "check_seats", "check_table", "left_of", "waiting_seats"]

RulesT = TypeVar("RulesT")


def check_seat(players: int, seat: object, what: str = "seat") -> int:
    """The plain int ``seat`` stands for (an int, an ``IntEnum`` member, a
    NumPy integer: see :func:`~bugami._kernel.checks.as_int`) if it is a seat
    at a table of ``players``; otherwise raise
    :class:`~bugami.errors.InvalidInputError` naming ``what`` it was."""
    number = as_int(seat)
    if number is None or not 0 <= number < players:
        raise InvalidInputError(f"{what} must be a seat from 0 to {players - 1}, not {brief(seat)}")
    return number


def check_seats(seats: object, players: int) -> list[int]:
    """The seats ``seats`` names (``None``: every seat), as plain ints in
    seat order, or raise why they are not seats of a ``players``-seat table
    each named once.

    >>> check_seats([2, 0], 4), check_seats(None, 3)
    ([0, 2], [0, 1, 2])
    >>> check_seats([0, 0], 4)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: seats must name each seat once, not [0, 0]
    """
    if seats is None:
        return list(range(players))
    if isinstance(seats, (str, bytes)) or not isinstance(seats, Iterable):
        raise InvalidInputError(
            f"seats must be seats (ints from 0 to {players - 1}) or None, not {brief(seats)}"
        )
    chosen = [check_seat(players, seat) for seat in seats]
    if len(set(chosen)) != len(chosen):
        raise InvalidInputError(f"seats must name each seat once, not {brief(seats)}")
    return sorted(chosen)


def left_of(seat: int, players: int) -> int:
    """The seat on the left of ``seat``: the next one clockwise.

    >>> left_of(3, 4), left_of(0, 4)
    (0, 1)
    """
    return (seat + 1) % players


def waiting_seats(bids: Sequence[object]) -> str:
    """The seats whose bid is still ``None``, for a message."""
    waiting = [str(seat) for seat, choice in enumerate(bids) if choice is None]
    return f"seat{'s' if len(waiting) > 1 else ''} {', '.join(waiting)}"


def check_table(rules: object, kind: type[RulesT], needs: str, dealer: object) -> int | None:
    """The dealer as a plain int (``None`` stays ``None``), once ``rules`` is
    known to be a ``kind`` and ``dealer`` a seat at its table: what dealing
    and a new game ask of their arguments. ``needs`` begins the message for
    wrong rules, as in ``"deal needs a bugami.Rules"``.
    """
    if not isinstance(rules, kind):
        raise InvalidInputError(f"{needs}, not {brief(rules)}")
    if dealer is None:
        return None
    players: int = rules.players  # type: ignore[attr-defined]  # an instance of kind: a Rules
    return check_seat(players, dealer, "dealer")
