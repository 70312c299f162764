"""What the commands that read a file of records (``show``, ``review``,
``solve``) share: the ``--seats`` option, bounded counts, reading the file,
and the words that head each record."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bugami.errors import BugamiError

if TYPE_CHECKING:
    from bugami.record import Record

__all__ = ["read_record_file", "record_words", "seats_option", "whole_number"]

_SEATS = re.compile(r"\s*[0-9](\s*,\s*[0-9])*\s*")


def seats_option(text: str) -> list[int]:
    """The seats of a ``--seats`` option, such as ``0,2``."""
    if not _SEATS.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"expected seats separated by commas, such as 0,2, not {text[:20]!r}"
        )
    return sorted({int(part) for part in text.split(",")})


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``.

    >>> whole_number(2, 10_000)("20"), whole_number(1, 10**12)(" 7 ")
    (20, 7)
    """
    pattern = re.compile(rf"\s*[0-9]{{1,{len(str(high))}}}\s*")

    def whole(text: str) -> int:
        if not pattern.fullmatch(text) or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(
                f"expected a whole number from {low} to {high}, not {text[:20]!r}"
            )
        return int(text)

    return whole


def read_record_file(path: str, seats: list[int] | None) -> list[Record[Any]]:
    """The records of the file at ``path`` (none for an empty file), each
    with a seat for every one of ``seats``; a file that is not text in
    UTF-8, and a seat a record lacks, raise :class:`~bugami.BugamiError`."""
    from bugami.record import read_records

    try:
        with open(path, encoding="utf-8") as file:
            records = list(read_records(file))
    except UnicodeDecodeError as error:
        raise BugamiError(
            f"{path}: not a record file: it is not text in UTF-8 ({error.reason})"
        ) from None
    for record in records:
        players: int = record.state.rules.players
        if seats and max(seats) >= players:
            raise BugamiError(
                f"--seats: a record has {players} players, seats 0 to {players - 1}, "
                f"not {max(seats)}"
            )
    return records


def record_words(state: object) -> str:
    """What a record holds, in the words of its game, for the line that heads
    it: ``"Bugami deal"``, ``"Argute hand"``, ``"Bugami game"``, with ``"seen
    by seat 2"`` for a view (a record written for one seat).

    >>> import bugami
    >>> from bugami import argute
    >>> record_words(bugami.deal(bugami.Rules(), seed=1))
    'Bugami deal'
    >>> record_words(argute.view(argute.deal(argute.Rules(players=3), seed=1), 2))
    'Argute hand seen by seat 2'
    """
    from bugami._records.kinds import is_game, is_view, kind_of

    kind = kind_of(state)
    if kind is None:
        return type(state).__name__
    words = f"{kind.name} {'game' if is_game(state) else kind.game.deal_word}"
    if is_view(state):
        words += f" seen by seat {getattr(state, 'seat', None)}"
    return words
