"""Game records: save a deal or a game, read it back exactly, share it.

A record is written in one of two formats: JSON (``format="json"``, for
machines: one line, every field explicit) or the text notation
(``format="text"``, for people, in the manner of PGN). Reading detects the
format, checks everything, and replays every action through the rules: a
record that is malformed, or that describes anything the rules forbid, raises
:class:`~bugami.RecordError` saying where, and nothing is returned.

>>> import bugami
>>> state = bugami.deal(bugami.Rules(), seed=8)
>>> state = bugami.bid(state, 0, "H")
>>> for text in (dumps(state), dumps(state, format="text")):
...     assert loads(text) == state
>>> record = load_record(dumps(Record.from_state(state, event="Club night"), format="text"))
>>> record.event, record.state == state
('Club night', True)

Records of Argute (:mod:`bugami.argute`) are written and read by the same
functions: a record says which game it holds.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import IO, Literal

from bugami.errors import InvalidInputError, RecordError
from bugami.record.games import KINDS
from bugami.record.jsonformat import (
    FORMAT,
    MAX_CHARS,
    VERSIONS,
    json_locator,
    read_json,
    write_json,
)
from bugami.record.model import AnyRecorded, Record, TrickComment
from bugami.record.notation import read_text, split_records, write_text
from bugami.record.sheet import Sheet, replay, sheet_of

__all__ = [
    "FORMAT",
    "GAMES",
    "MAX_CHARS",
    "VERSIONS",
    "Record",
    "TrickComment",
    "dumps",
    "load_record",
    "loads",
    "read_records",
    "write_records",
]

Format = Literal["json", "text"]
GameName = Literal["bugami", "argute"]
GAMES: tuple[GameName, ...] = ("bugami", "argute")
"""The games a record may hold, as named by the ``game`` argument of the
readers and the ``game`` key of a JSON record.

>>> import bugami
>>> GAMES, load_record(dumps(bugami.deal(bugami.Rules(), seed=1)), game=GAMES[0]).state.dealer
(('bugami', 'argute'), 0)
"""


def dumps(obj: AnyRecorded | Record, format: Format = "json") -> str:
    """A deal, a game, a view or a record, of Bugami or of Argute, as record
    text: ``"json"`` (one line) or ``"text"`` (the notation, ending with a
    newline). A view gives a record redacted for its seat, which :func:`loads`
    reads back as the view.

    >>> import bugami
    >>> from bugami import argute
    >>> game = bugami.new_game(bugami.Rules(players=3), seed=4)
    >>> loads(dumps(game, format="text")) == game
    True
    >>> hand = argute.deal(argute.Rules(players=2), seed=4)
    >>> loads(dumps(hand)) == hand
    True
    """
    record = obj if isinstance(obj, Record) else Record.from_state(obj)
    sheet = sheet_of(record)
    if format == "json":
        return write_json(sheet)
    if format == "text":
        return write_text(sheet)
    raise InvalidInputError(f'format is "json" or "text", not {format!r}')


def load_record(text: str, *, game: GameName | None = None, first_line: int = 1) -> Record:
    """Read a record in either format, with its tags, checking and replaying
    everything. For canonical text ``t``, ``dumps(load_record(t), f) == t``.

    The record says which game it holds; ``game`` (``"bugami"`` or
    ``"argute"``), when given, is the game expected, and a record of the other
    game is refused.

    >>> load_record('{"format": "chess"}')
    Traceback (most recent call last):
    ...
    bugami.errors.RecordError: at $.format: this is not a Bugami record (format 'chess', expected 'bugami-record')
    >>> import bugami
    >>> load_record(dumps(bugami.deal(bugami.Rules(), seed=1)), game="argute")
    Traceback (most recent call last):
    ...
    bugami.errors.RecordError: at $.game: this is a record of Bugami, not of Argute
    """
    if not isinstance(text, str):
        raise RecordError(f"a record is read from a str, not {type(text).__name__}")
    if game is not None and game not in KINDS:
        raise InvalidInputError(f"game is one of {', '.join(map(repr, GAMES))}, not {game!r}")
    start = _first_mark(text)
    if start == "{":
        sheet = read_json(text)
        _check_game(sheet, game, json_locator(("game",)))
        return replay(sheet, json_locator)
    if start == "[":
        sheet, locate = read_text(text.lstrip("\ufeff"), first_line)
        _check_game(sheet, game, f"line {first_line}")
        return replay(sheet, locate)
    raise RecordError(
        "not a record: a JSON record starts with '{' and a text record with a tag such as "
        '[Game "Bugami"]'
    )


def _check_game(sheet: Sheet, game: GameName | None, where: str) -> None:
    if game is not None and sheet.game.key != game:
        raise RecordError(
            f"{where}: this is a record of {sheet.game.name}, not of {KINDS[game].name}"
        )


def _first_mark(text: str) -> str:
    """The first character of a text that is not space, a byte-order mark or
    in a ``;`` comment line."""
    at = 0
    while True:
        stripped = text[at : at + 4096].lstrip("\ufeff \t\r\n")
        if not stripped:
            if at + 4096 >= len(text):
                return ""
            at += 4096
            continue
        if stripped[0] != ";":
            return stripped[0]
        newline = text.find("\n", text.index(";", at))
        if newline < 0:
            return ""
        at = newline + 1


def loads(text: str, *, game: GameName | None = None) -> AnyRecorded:
    """Read a record in either format and return the deal or game it holds,
    replayed through the rules (see :func:`load_record`), or, for a record
    written for one seat, that seat's view. ``game``, when given, is the game
    the record must hold.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(players=5, jokers=2), seed=3)
    >>> loads(dumps(state), game="bugami") == state
    True
    """
    return load_record(text, game=game).state


def write_records(
    records: Iterable[AnyRecorded | Record],
    file: IO[str],
    format: Format = "json",
) -> int:
    """Write records one after another to a text file: JSON Lines for
    ``"json"``, records separated by a blank line for ``"text"``. Returns how
    many were written.

    >>> import io, bugami
    >>> out = io.StringIO()
    >>> write_records([bugami.deal(bugami.Rules(), seed=n) for n in range(3)], out)
    3
    >>> len(list(read_records(io.StringIO(out.getvalue()))))
    3
    """
    count = 0
    for count, record in enumerate(records, 1):
        if format == "text" and count > 1:
            file.write("\n")
        file.write(dumps(record, format))
        if format == "json":
            file.write("\n")
    return count


def read_records(
    source: IO[str] | Iterable[str], *, game: GameName | None = None
) -> Iterator[Record]:
    """Read the records of a file (or any iterable of lines) one at a time,
    without loading the whole file: JSON Lines, or text records one after
    another. A fault names the record and line where it lies. ``game``, when
    given, is the game every record must hold; otherwise a file may mix both.

    >>> import bugami
    >>> lines = dumps(bugami.deal(bugami.Rules(), seed=1), format="text").splitlines()
    >>> [record.state.dealer for record in read_records(lines + [""] + lines)]
    [0, 0]
    """
    lines = iter(source)
    first: list[str] = []
    for line in lines:
        first.append(line)
        if line.strip():
            break
    text_lines = _chain(first, lines)
    if first and first[-1].lstrip("\ufeff \t").startswith("{"):
        yield from _read_json_lines(text_lines, game)
    else:
        for number, (text, first_line) in enumerate(split_records(text_lines), 1):
            try:
                yield load_record(text, game=game, first_line=first_line)
            except RecordError as error:
                raise RecordError(f"record {number}: {error}") from None


def _chain(first: list[str], rest: Iterator[str]) -> Iterator[str]:
    yield from first
    yield from rest


def _read_json_lines(lines: Iterator[str], game: GameName | None) -> Iterator[Record]:
    number = 0
    for line_number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        number += 1
        try:
            yield load_record(line, game=game)
        except RecordError as error:
            raise RecordError(f"record {number} (line {line_number}): {error}") from None
