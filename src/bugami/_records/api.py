"""The record functions of both games, on the games registered in
:mod:`bugami._records.kinds`: what :mod:`bugami.record` and
:mod:`bugami.argute` offer, with their types and examples.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterable, Iterator
from importlib.resources import files
from typing import IO, Literal

from bugami._kernel.checks import as_int
from bugami._records.jsonformat import (
    MAX_CHARS,
    json_locator,
    read_json,
    write_json,
)
from bugami._records.kinds import KINDS, AnyState, kind_of
from bugami._records.model import Record
from bugami._records.notation import MAX_LINE, read_text, split_records, write_text
from bugami._records.redacted import replay_record as replay
from bugami._records.redacted import sheet_of
from bugami._records.sheet import MAX_DEALS, Sheet
from bugami.errors import InvalidInputError, RecordError, brief

__all__ = [
    "Format",
    "dump",
    "dumps",
    "json_schema",
    "load",
    "load_record",
    "loads",
    "read_records",
    "record_texts",
    "write_json",
    "write_records",
]

Format = Literal["json", "text"]


def dumps(obj: AnyState | Record[AnyState], format: Format = "json") -> str:
    """A deal, a game, a view or a record, of Bugami or of Argute, as record text: (See
    :mod:`bugami.record`.)"""
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


def load_record(text: str, *, game: str | None = None, first_line: int = 1) -> Record[AnyState]:
    """Read a record in either format, with its tags, checking and replaying everything. (See
    :mod:`bugami.record`.)"""
    if not isinstance(text, str):
        raise RecordError(f"a record is read from a str, not {type(text).__name__}")
    _check_game_name(game)
    line = as_int(first_line)  # an int-like is read as its plain int
    if line is None or line < 1:
        raise InvalidInputError(f"first_line is a line number from 1, not {brief(first_line)}")
    first_line = line
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
        raise InvalidInputError(f"game is one of {', '.join(map(repr, KINDS))}, not {brief(game)}")


def _check_game(sheet: Sheet, game: str | None, where: str) -> None:
    if game is not None and sheet.game.key != game:
        raise RecordError(
            f"{where}: this is a record of {sheet.game.name}, not of {KINDS[game].name}"
        )


def _first_mark(text: str) -> str:
    """The first character of a text that is not space, a byte-order mark or in a ``;`` comment
    line."""
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


def loads(text: str, *, game: str | None = None) -> AnyState:
    """Read a record in either format and return the deal or game it holds, replayed through the
    rules (see :func:`load_record`), or, for a record written for one seat, that seat's view.
    (See :mod:`bugami.record`.)"""
    return load_record(text, game=game).state


def write_records(
    records: Iterable[AnyState | Record[AnyState]],
    file: IO[str],
    format: Format = "json",
) -> int:
    """Write records one after another to a text file: (See :mod:`bugami.record`.)"""
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
    source: IO[str] | Iterable[str], *, game: str | None = None
) -> Iterator[Record[AnyState]]:
    """Read the records of a file (or any iterable of lines, or one str) one at a time, without
    loading the whole file: (See :mod:`bugami.record`.)"""
    _check_game_name(game)
    return _read_records(_record_texts(_Lines(source)), game)


def _read_records(
    texts: Iterator[tuple[str, int, bool]], game: str | None
) -> Iterator[Record[AnyState]]:
    for number, (text, line, is_json) in enumerate(texts, 1):
        try:
            yield load_record(text, game=game, first_line=1 if is_json else line)
        except RecordError as error:
            where = f"record {number} (line {line})" if is_json else f"record {number}"
            raise RecordError(f"{where}: {error}") from None


def record_texts(source: IO[str] | Iterable[str]) -> Iterator[tuple[str, int]]:
    """The text of each record of a file (or any iterable of lines, or one str), with the number
    of its first line, one at a time, without reading or checking the records themselves: (See
    :mod:`bugami.record`.)"""
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
    """The text of each record, the number of its first line, and whether it is a line of JSON."""
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


def dump(obj: AnyState | Record[AnyState], fp: IO[str], format: Format = "json") -> None:
    """Write a deal, a game, a view or a record, of Bugami or of Argute, to a file opened for
    writing text: (See :mod:`bugami.record`.)"""
    if not callable(getattr(fp, "write", None)):
        raise InvalidInputError(f"{_DUMP_TO} {type(fp).__name__}")
    _refuse_binary(_DUMP_TO, fp)
    _refuse_closed(_DUMP_TO, fp)
    text = dumps(obj, format)
    try:
        fp.write(text)
    except TypeError:  # a binary file that did not say so
        raise InvalidInputError(f"{_DUMP_TO} {type(fp).__name__}, which refused text") from None
    except UnicodeEncodeError as error:  # a file opened with another encoding than UTF-8
        raise InvalidInputError(
            f"dump could not write the record to {type(fp).__name__}: its encoding cannot "
            f"write {error.object[error.start : error.end]!r}; open it with encoding='utf-8'"
        ) from None
    except ValueError as error:  # closed meanwhile, or not open for writing
        raise InvalidInputError(f"dump could not write to {type(fp).__name__}: {error}") from None


def load(fp: IO[str], *, game: str | None = None) -> AnyState:
    """Read one record, in either format, from a file opened for reading text, and return the
    deal, game or view it holds, as :func:`loads` does with a string (``game``, when given, is
    the game the record must hold). (See :mod:`bugami.record`.)"""
    if not callable(getattr(fp, "read", None)):
        raise InvalidInputError(
            f"{_LOAD_FROM} {type(fp).__name__} (to read a record from a str, use loads)"
        )
    _refuse_binary(_LOAD_FROM, fp)
    _refuse_closed(_LOAD_FROM, fp)
    try:
        text = fp.read(MAX_CHARS + 1)
    except TypeError:
        # A read() that takes no size: refused, as reading such a file whole
        # would defeat the bound on a record's size.
        raise InvalidInputError(
            f"{_LOAD_FROM} {type(fp).__name__}, whose read() takes no size: load reads at "
            f"most {MAX_CHARS} characters and one more with read(size), as every file "
            "object of the io module allows (to read a record from a str, use loads)"
        ) from None
    except UnicodeDecodeError as error:
        raise RecordError(
            f"a record is UTF-8 text, and {type(fp).__name__} could not decode it "
            f"({error.reason} at byte {error.start}): open the file with encoding='utf-8'"
        ) from None
    except ValueError as error:  # closed meanwhile, or not open for reading
        raise InvalidInputError(f"load could not read from {type(fp).__name__}: {error}") from None
    if not isinstance(text, str):
        raise InvalidInputError(
            f"{_LOAD_FROM} {type(fp).__name__}, which gave {type(text).__name__}"
        )
    return load_record(text, game=game).state


def _refuse_closed(prefix: str, fp: object) -> None:
    """Raise if ``fp`` says it is closed."""
    if getattr(fp, "closed", False) is True:
        raise InvalidInputError(f"{prefix} a closed file ({type(fp).__name__})")


def _refuse_binary(prefix: str, fp: object) -> None:
    """Raise if ``fp`` is plainly a binary file."""
    mode = getattr(fp, "mode", "")
    if isinstance(fp, (io.RawIOBase, io.BufferedIOBase)) or (isinstance(mode, str) and "b" in mode):
        raise InvalidInputError(f"{prefix} a binary file ({type(fp).__name__})")


def json_schema() -> dict[str, object]:
    """The JSON Schema (draft 2020-12) of the JSON record format, as a new dict at each call.
    (See :mod:`bugami.record`.)"""
    text = (files("bugami") / "schemas" / "record.schema.json").read_text(encoding="utf-8")
    schema: dict[str, object] = json.loads(text)
    return schema
