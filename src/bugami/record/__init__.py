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
functions: a record says which game it holds. :func:`dump` and :func:`load`
do the same with an open text file, and :func:`json_schema` gives the JSON
Schema of the JSON format.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterable, Iterator
from importlib.resources import files
from typing import IO, Literal

from bugami.errors import InvalidInputError, RecordError, brief
from bugami.record.games import KINDS, kind_of
from bugami.record.jsonformat import (
    FORMAT,
    MAX_CHARS,
    VERSIONS,
    json_locator,
    read_json,
    write_json,
)
from bugami.record.model import AnyRecorded, Record, TrickComment
from bugami.record.notation import MAX_LINE, read_text, split_records, write_text
from bugami.record.sheet import MAX_DEALS, Sheet, replay, sheet_of

__all__ = [
    "FORMAT",
    "GAMES",
    "MAX_CHARS",
    "MAX_DEALS",
    "MAX_LINE",
    "VERSIONS",
    "Record",
    "TrickComment",
    "dump",
    "dumps",
    "json_schema",
    "load",
    "load_record",
    "loads",
    "read_records",
    "record_texts",
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

    What is written can always be read back: a record the readers would
    refuse for its size (more than :data:`~bugami.record.sheet.MAX_DEALS` deals, more than
    :data:`~bugami.record.jsonformat.MAX_CHARS` characters, a line longer than :data:`~bugami.record.notation.MAX_LINE`) is
    refused here, with :class:`~bugami.RecordError`, before anything is written.
    """
    _check_format(format)
    record = obj if isinstance(obj, Record) else Record.from_state(obj)
    sheet = sheet_of(record)
    if len(sheet.deals) > MAX_DEALS:
        raise RecordError(
            f"this game has {len(sheet.deals)} deals, and a record holds at most {MAX_DEALS}: "
            f"it could not be read back"
        )
    text = write_json(sheet) if format == "json" else write_text(sheet)
    _check_readable(text, format)
    return text


def _check_format(format: object) -> None:
    if format not in ("json", "text") or not isinstance(format, str):
        raise InvalidInputError(f'format is "json" or "text", not {brief(format)}')


def _check_readable(text: str, format: Format) -> None:
    """Refuse record text that the readers would refuse for its size."""
    if len(text) > MAX_CHARS:
        raise RecordError(
            f"this record would be {len(text)} characters long, and a reader takes at most "
            f"{MAX_CHARS}: it could not be read back"
        )
    if format == "text" and len(text) > MAX_LINE:
        longest = max(map(len, text.split("\n")))
        if longest > MAX_LINE:
            raise RecordError(
                f"this record would have a line of {longest} characters, and a reader takes "
                f"at most {MAX_LINE}: it could not be read back"
            )


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
    _check_game_name(game)
    if not isinstance(first_line, int) or isinstance(first_line, bool) or first_line < 1:
        raise InvalidInputError(f"first_line is a line number from 1, not {brief(first_line)}")
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


def _check_game_name(game: object) -> None:
    if game is not None and (not isinstance(game, str) or game not in KINDS):
        raise InvalidInputError(f"game is one of {', '.join(map(repr, GAMES))}, not {brief(game)}")


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
    many were written. Each record is written only once its whole text is
    ready, so a record that cannot be written (see :func:`dumps`) leaves
    nothing of itself in the file.

    >>> import io, bugami
    >>> out = io.StringIO()
    >>> write_records([bugami.deal(bugami.Rules(), seed=n) for n in range(3)], out)
    3
    >>> len(list(read_records(io.StringIO(out.getvalue()))))
    3
    """
    _check_format(format)
    if isinstance(records, (str, bytes, Record)) or kind_of(records) is not None:
        raise InvalidInputError(
            f"records is an iterable of records, deals, games or views, not one "
            f"{type(records).__name__}: write [it]"
        )
    if not isinstance(records, Iterable):
        raise InvalidInputError(
            f"records is an iterable of records, deals, games or views, not {brief(records)}"
        )
    write = getattr(file, "write", None)
    if not callable(write):
        raise InvalidInputError(f"file is a text file open for writing, not {brief(file)}")
    count = 0
    for count, record in enumerate(records, 1):
        text = dumps(record, format)
        write(("\n" if count > 1 else "") + text if format == "text" else text + "\n")
    return count


def read_records(
    source: IO[str] | Iterable[str], *, game: GameName | None = None
) -> Iterator[Record]:
    """Read the records of a file (or any iterable of lines, or one str) one
    at a time, without loading the whole file: JSON Lines, or text records one
    after another. A fault names the record and line where it lies. ``game``,
    when given, is the game every record must hold; otherwise a file may mix
    both.

    What is held in memory at any time is bounded by the size of one record:
    a record (or a line) longer than the readers take is refused as soon as
    the limit is passed, without reading it whole (see :func:`record_texts`).

    >>> import bugami
    >>> lines = dumps(bugami.deal(bugami.Rules(), seed=1), format="text").splitlines()
    >>> [record.state.dealer for record in read_records(lines + [""] + lines)]
    [0, 0]
    """
    _check_game_name(game)
    return _read_records(_record_texts(_Lines(source)), game)


def _read_records(
    texts: Iterator[tuple[str, int, bool]], game: GameName | None
) -> Iterator[Record]:
    for number, (text, line, is_json) in enumerate(texts, 1):
        try:
            yield load_record(text, game=game, first_line=1 if is_json else line)
        except RecordError as error:
            where = f"record {number} (line {line})" if is_json else f"record {number}"
            raise RecordError(f"{where}: {error}") from None


def record_texts(source: IO[str] | Iterable[str]) -> Iterator[tuple[str, int]]:
    """The text of each record of a file (or any iterable of lines, or one
    str), with the number of its first line, one at a time, without reading
    or checking the records themselves: what :func:`read_records` reads.

    A file of JSON Lines gives each line that is not blank; a file of text
    records gives each record's lines. Memory stays bounded whatever the
    input: blank lines are counted, not kept, and a line or a record longer
    than a reader takes (:data:`~bugami.record.jsonformat.MAX_CHARS` characters for a record or a JSON
    line, :data:`~bugami.record.notation.MAX_LINE` for a line of the text notation) raises
    :class:`~bugami.RecordError` as soon as the limit is passed. A file is
    read a line at a time, and no more than the limit of a line at once.

    >>> import io, bugami
    >>> out = io.StringIO()
    >>> write_records([bugami.deal(bugami.Rules(), seed=n) for n in range(2)], out, "text")
    2
    >>> [(text[:14], line) for text, line in record_texts(io.StringIO(out.getvalue()))]
    [('[Game "Bugami"', 1), ('[Game "Bugami"', 14)]
    """
    lines = _Lines(source)
    return ((text, line) for text, line, _ in _record_texts(lines))


class _Lines:
    """The lines of a text file, an iterable of lines or a str, numbered
    from 1, each refused as soon as it is longer than ``limit`` characters
    (its line break aside): a file is never asked for more than that at once."""

    def __init__(self, source: object) -> None:
        if isinstance(source, str):
            source = io.StringIO(source)
        if isinstance(source, (bytes, bytearray, memoryview)):
            raise RecordError(_NOT_BYTES)
        self.readline = None
        self.lines: Iterator[object] | None = None
        if isinstance(source, io.IOBase):
            self.readline = source.readline
        elif isinstance(source, Iterable):
            self.lines = iter(source)
        else:
            raise RecordError(
                f"records are read from a text file, an iterable of lines or a str, "
                f"not {type(source).__name__}"
            )
        self.limit = MAX_CHARS
        self.number = 0

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        line = self.readline(self.limit + 2) if self.readline is not None else next(self.lines)  # type: ignore[arg-type]
        if not isinstance(line, str):
            if isinstance(line, (bytes, bytearray)):
                raise RecordError(_NOT_BYTES)
            raise RecordError(f"a line of records is a str, not {type(line).__name__}")
        if not line and self.readline is not None:
            raise StopIteration
        self.number += 1
        if len(line) > self.limit and len(line.rstrip("\n")) > self.limit:
            raise RecordError(f"line {self.number}: longer than {self.limit} characters")
        return line


_NOT_BYTES = "records are read from text, not bytes: open the file in text mode (encoding='utf-8')"


def _record_texts(lines: _Lines) -> Iterator[tuple[str, int, bool]]:
    """The text of each record, the number of its first line, and whether
    it is a line of JSON."""
    for first in lines:
        if first.strip():
            break
    else:
        return
    if first.lstrip("\ufeff \t").startswith("{"):
        yield first, lines.number, True
        for line in lines:
            if line.strip():
                yield line, lines.number, True
        return
    lines.limit = MAX_LINE
    number = lines.number
    for text, start in split_records(_chain(first, lines), number):
        yield text, start, False


def _chain(first: str, rest: Iterator[str]) -> Iterator[str]:
    yield first
    yield from rest


# (Not annotated Final: autodoc could then no longer resolve the annotations of
# this module, such as GAMES's.)
_DUMP_TO = 'dump writes to a file opened for text (mode "w"), not to'
_LOAD_FROM = 'load reads from a file opened for text (mode "r"), not from'


def dump(obj: AnyRecorded | Record, fp: IO[str], format: Format = "json") -> None:
    """Write a deal, a game, a view or a record, of Bugami or of Argute, to a
    file opened for writing text: exactly the text of :func:`dumps`. Open the
    file with ``encoding="utf-8"``, the encoding of records. Nothing is
    written if ``obj`` or ``format`` is refused.

    >>> import io, bugami
    >>> out = io.StringIO()
    >>> dump(bugami.deal(bugami.Rules(), seed=1), out, format="text")
    >>> out.getvalue().splitlines()[0]
    '[Game "Bugami"]'
    >>> dump(bugami.deal(bugami.Rules(), seed=1), io.BytesIO())
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: dump writes to a file opened for text (mode "w"), not to a binary file (BytesIO)
    """
    if not callable(getattr(fp, "write", None)):
        raise InvalidInputError(f"{_DUMP_TO} {type(fp).__name__}")
    _refuse_binary(_DUMP_TO, fp)
    text = dumps(obj, format)
    try:
        fp.write(text)
    except TypeError:  # a binary file that did not say so
        raise InvalidInputError(f"{_DUMP_TO} {type(fp).__name__}, which refused text") from None


def load(fp: IO[str], *, game: GameName | None = None) -> AnyRecorded:
    """Read one record, in either format, from a file opened for reading
    text, and return the deal, game or view it holds, as :func:`loads` does
    with a string (``game``, when given, is the game the record must hold).
    Open the file with ``encoding="utf-8"``; for a file of many records, use
    :func:`read_records`. At most
    :data:`~bugami.record.jsonformat.MAX_CHARS` characters and one more are
    read, so a huge file is refused without being read whole.

    >>> import io, bugami
    >>> state = bugami.deal(bugami.Rules(players=3), seed=7)
    >>> load(io.StringIO(dumps(state))) == state
    True
    >>> load(io.BytesIO(dumps(state).encode()))
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: load reads from a file opened for text (mode "r"), not from a binary file (BytesIO)
    """
    if not callable(getattr(fp, "read", None)):
        raise InvalidInputError(
            f"{_LOAD_FROM} {type(fp).__name__} (to read a record from a str, use loads)"
        )
    _refuse_binary(_LOAD_FROM, fp)
    text = fp.read(MAX_CHARS + 1)
    if not isinstance(text, str):
        raise InvalidInputError(
            f"{_LOAD_FROM} {type(fp).__name__}, which gave {type(text).__name__}"
        )
    return load_record(text, game=game).state


def _refuse_binary(prefix: str, fp: object) -> None:
    """Raise if ``fp`` is plainly a binary file."""
    mode = getattr(fp, "mode", "")
    if isinstance(fp, (io.RawIOBase, io.BufferedIOBase)) or (isinstance(mode, str) and "b" in mode):
        raise InvalidInputError(f"{prefix} a binary file ({type(fp).__name__})")


def json_schema() -> dict[str, object]:
    """The JSON Schema (draft 2020-12) of the JSON record format, as a new
    dict at each call. It is shipped in the package (``bugami/schemas/
    record.schema.json``) and checks a record's shape -- its keys, their
    types, the allowed values and the sizes that follow from the number of
    players -- for Bugami and Argute, full records and records for one seat.
    Only :func:`loads` checks the rest, by replaying every action.

    >>> import bugami
    >>> schema = json_schema()
    >>> schema["$schema"], schema["properties"]["format"]
    ('https://json-schema.org/draft/2020-12/schema', {'const': 'bugami-record'})
    """
    text = (files("bugami") / "schemas" / "record.schema.json").read_text(encoding="utf-8")
    schema: dict[str, object] = json.loads(text)
    return schema
