"""The library's messages worded for the person at a seat.

Both games' messages name seats in the third person ("seat 0 cannot play
4S: 4H was led and seat 0 must follow hearts"); a frontend that shows one to
the player at seat 0 wants "You cannot play 4S: 4H was led and you must
follow hearts". The messages follow a few fixed patterns, so the rewording
is a handful of replacements, tested against every kind of refusal the
games give.
"""

from __future__ import annotations

import re
from typing import Final

from bugami._kernel.actions import MAX_SEAT
from bugami._kernel.checks import as_int
from bugami.errors import InvalidInputError, brief

__all__ = ["for_player"]

_SEAT: Final = re.compile(r"\bseat (\d+)")


def for_player(message: str | BaseException, seat: int) -> str:
    """``message`` (a library error, or its text) worded for the person at
    ``seat``: that seat becomes "you" (and "your", "you hold", "you have"),
    the other seats "Seat 2", and the first letter a capital. Show it only
    to that person, and only for a call that named their seat (see
    :ref:`which errors are safe to show <frontend-safety>`).

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(), seed=1, dealer=3)
    >>> try:
    ...     bugami.bid(bugami.bid(state, 0, "S"), 0, "H")
    ... except bugami.BugamiError as error:
    ...     print(for_player(error, 0))
    You cannot bid H: you have already bid, and a bid cannot be changed (still to bid: seats 1, 2, 3)
    >>> for_player("seat 0 cannot play 5: it is seat 1's turn", 0)
    "You cannot play 5: it is Seat 1's turn"
    """
    number = as_int(seat)
    if number is None or not 0 <= number <= MAX_SEAT:
        raise InvalidInputError(
            f"for_player needs a seat (an int from 0 to {MAX_SEAT}), not {brief(seat)}"
        )
    if not isinstance(message, (str, BaseException)):
        raise InvalidInputError(
            f"for_player words a message (a str, or the error itself), not {brief(message)}"
        )
    text = str(message)
    me = f"seat {number}"
    about_me = text.startswith(f"{me} ")
    for said, meant in (
        (f"{me} is to play", "you are to play"),
        (f"{me} holds", "you hold"),
        (f"{me} won", "you won"),
        (f"{me}'s", "your"),
    ):
        text = text.replace(said, meant)
    if about_me:  # the pronouns of a message whose subject is the player
        for said, meant in (
            ("it has already bid", "you have already bid"),
            ("in their hand", "in your hand"),
            ("they hold", "you hold"),
        ):
            text = text.replace(said, meant)
    text = re.sub(rf"\b{me}\b", "you", text)
    text = _SEAT.sub(r"Seat \1", text)
    return text[:1].upper() + text[1:]
