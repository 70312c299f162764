"""The exceptions the library raises.

Every exception is a :class:`BugamiError`, which is a :class:`ValueError`, so
``except ValueError`` catches them all. There are three kinds, after the kind
of mistake:

* :class:`InvalidInputError` -- the input does not even make sense: card or
  bid text that cannot be read, rules out of range, a malformed explicit deal,
  a seat number that is not at the table.
* :class:`IllegalMoveError` -- the input makes sense, but the rules forbid it
  now: playing out of turn or in the wrong phase, a card not in hand, failing
  to follow suit, a misplayed joker, bidding twice.
* :class:`RecordError` -- a game record that is malformed or tampered with.

A failed call never changes anything: states are immutable, so the state you
passed in is still there, still valid.

>>> import bugami
>>> try:
...     bugami.Card.parse("1H")
... except bugami.BugamiError as error:
...     print(type(error).__name__)
InvalidInputError
"""

from __future__ import annotations

import reprlib

__all__ = ["BugamiError", "IllegalMoveError", "InvalidInputError", "RecordError", "brief"]

_BRIEF = reprlib.Repr()
_BRIEF.maxstring = 40
_BRIEF.maxother = 120  # the reprs of the library's own values are short enough to show
_BRIEF.maxlist = _BRIEF.maxtuple = _BRIEF.maxdict = _BRIEF.maxset = 4


def brief(value: object) -> str:
    """A short text of ``value`` for an error message: its ``repr``, cut to
    about 40 characters (a long list or string is never printed whole), and
    never failing -- not even for an int too long for Python to print.

    >>> brief("x" * 100)
    "'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"
    >>> brief(10**5000), brief([1, 2, 3, 4, 5]), brief(None)
    ('an int of about 5000 digits', '[1, 2, 3, 4, ...]', 'None')
    """
    if isinstance(value, int) and value.bit_length() > 10_000:  # past 3,000 digits
        return f"an int of about {round(value.bit_length() * 0.30103, -2):.0f} digits"
    return _BRIEF.repr(value)  # a repr that fails gives <Type instance at 0x...>


class BugamiError(ValueError):
    """The base of every exception raised by the library.

    >>> issubclass(BugamiError, ValueError)
    True
    """


class InvalidInputError(BugamiError):
    """Input that cannot be understood: bad card or bid text, bad rules,
    a bad explicit deal, a seat that is not at the table.

    >>> import bugami
    >>> bugami.Rules(players=9)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: players must be an int from 3 to 7, not 9
    """


class IllegalMoveError(BugamiError):
    """An action the rules forbid in the current state: the wrong phase,
    the wrong seat, a card not in hand, not following suit, a joker played
    while the player could follow, bidding twice.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(), seed=1)
    >>> bugami.play(state, "AS")
    Traceback (most recent call last):
    ...
    bugami.errors.IllegalMoveError: cannot play AS: the deal is still in its bidding phase (waiting for seats 0, 1, 2, 3)
    """


class RecordError(BugamiError):
    """A game record that is malformed or describes an illegal game; the
    message says where the fault lies.

    >>> issubclass(RecordError, BugamiError)
    True
    """
