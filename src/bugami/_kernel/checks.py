"""Checking arguments: the shared wording of what is wrong with them.

Every int a caller passes -- a seat, a count, a size -- goes through
:func:`as_int`: an int, or anything that stands for one exactly (an int
subclass such as an ``IntEnum`` member, a NumPy integer: what
``operator.index`` accepts), is read as the plain ``int`` it stands for;
``True`` and ``False`` are refused. The library then stores and compares only
plain ints, so both builds give the same answer, whatever the argument's
``__eq__``, ``__lt__``, ``__hash__`` or ``__repr__`` do.

>>> import enum
>>> class Seat(enum.IntEnum):
...     NORTH = 0
...     EAST = 1
>>> check_range("players", 5, 3, 7), type(check_range("seat", Seat.EAST, 0, 3))
(5, <class 'int'>)
>>> check_range("players", True, 3, 7)
Traceback (most recent call last):
...
bugami.errors.InvalidInputError: players must be an int from 3 to 7, not True
>>> check_at_least("target", 0, 1)
Traceback (most recent call last):
...
bugami.errors.InvalidInputError: target must be an int of at least 1, not 0
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Final

from bugami.errors import InvalidInputError, brief

if TYPE_CHECKING:  # a type only: typing_extensions is slow to import
    from typing_extensions import TypeIs

__all__ = [
    "MAX_TARGET",
    "as_int",
    "as_number",
    "check_at_least",
    "check_bool",
    "check_range",
    "check_target",
    "is_int",
]

MAX_TARGET: Final = 999_999_999  # documented where each game's rules name it


def is_int(value: object) -> TypeIs[int]:
    """Whether ``value`` is an int (and not a bool, which Python counts as one).
    An int subclass passes as it is: to read an argument, use :func:`as_int`,
    which gives the plain int.

    >>> is_int(3), is_int(True), is_int(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def as_int(value: object) -> int | None:
    """The plain ``int`` that ``value`` stands for, or ``None`` if it stands
    for none: ``value`` itself if it is an ``int`` (the common case, one
    test), ``operator.index`` of anything else but a bool (an int
    subclass gives its value, whatever its own methods say; a NumPy integer
    its ``__index__``).

    >>> import enum
    >>> class Seat(enum.IntEnum):
    ...     SOUTH = 2
    >>> as_int(3), as_int(Seat.SOUTH), type(as_int(Seat.SOUTH)).__name__
    (3, 2, 'int')
    >>> as_int(True), as_int(3.0), as_int("3")
    (None, None, None)
    """
    if type(value) is int:
        return value
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:  # not an int-like: the caller says what it must be
        return None


def as_number(value: object) -> float | int | None:
    """The number ``value`` stands for: a float as it is, else the plain
    int of :func:`as_int`, or ``None`` if it stands for neither (a bool, a
    string...).

    >>> as_number(1.5), as_number(2), as_number(True), as_number("3")
    (1.5, 2, None, None)
    """
    return value if isinstance(value, float) else as_int(value)


def check_range(name: str, value: object, low: int, high: int) -> int:
    """The plain int ``value`` stands for (see :func:`as_int`) if it is
    from ``low`` to ``high``; else the error."""
    number = as_int(value)
    if number is None or not low <= number <= high:
        raise InvalidInputError(f"{name} must be an int from {low} to {high}, not {brief(value)}")
    return number


def check_at_least(name: str, value: object, low: int) -> int:
    """The plain int ``value`` stands for (see :func:`as_int`) if it is at
    least ``low``; else the error."""
    number = as_int(value)
    if number is None or number < low:
        raise InvalidInputError(f"{name} must be an int of at least {low}, not {brief(value)}")
    return number


def check_bool(name: str, value: object) -> bool:
    """``value`` if it is ``True`` or ``False``; else the error.

    >>> check_bool("quiet", 1)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: quiet must be True or False, not 1
    """
    if not isinstance(value, bool):
        raise InvalidInputError(f"{name} must be True or False, not {brief(value)}")
    return value


def check_target(value: object) -> int:
    """A game's target: an int from 1 to :data:`MAX_TARGET`; else the error.

    >>> check_target(10**12)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: target must be at most 999999999
    """
    number = check_at_least("target", value, 1)
    if number > MAX_TARGET:
        raise InvalidInputError(f"target must be at most {MAX_TARGET}")
    return number
