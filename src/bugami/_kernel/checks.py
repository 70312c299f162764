"""Checking arguments: the shared wording of what is wrong with them.

>>> check_range("players", 5, 3, 7)
5
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

from typing import Final

from typing_extensions import TypeIs

from bugami.errors import InvalidInputError, brief

__all__ = ["MAX_TARGET", "check_at_least", "check_bool", "check_range", "check_target", "is_int"]

MAX_TARGET: Final = 999_999_999  # documented where each game's rules name it


def is_int(value: object) -> TypeIs[int]:
    """Whether ``value`` is an int (and not a bool, which Python counts as one).

    >>> is_int(3), is_int(True), is_int(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def check_range(name: str, value: object, low: int, high: int) -> int:
    """``value`` if it is an int from ``low`` to ``high``; else the error."""
    if not is_int(value) or not low <= value <= high:
        raise InvalidInputError(f"{name} must be an int from {low} to {high}, not {brief(value)}")
    return value


def check_at_least(name: str, value: object, low: int) -> int:
    """``value`` if it is an int of at least ``low``; else the error."""
    if not is_int(value) or value < low:
        raise InvalidInputError(f"{name} must be an int of at least {low}, not {brief(value)}")
    return value


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
    check_at_least("target", value, 1)
    if value > MAX_TARGET:  # type: ignore[operator]
        raise InvalidInputError(f"target must be at most {MAX_TARGET}")
    return value  # type: ignore[return-value]
