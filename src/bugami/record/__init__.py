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

from collections.abc import Iterable, Iterator
from typing import IO, Final, Literal, TypeAlias

import bugami.argute.records
import bugami.record._bugami  # noqa: F401 -- registers Bugami's records
from bugami._records import api as _api
from bugami._records import jsonformat, model, notation, sheet
from bugami._records.api import Format
from bugami._records.model import Record, TrickComment
from bugami.argute.game import Game as ArguteGame
from bugami.argute.state import Deal as ArguteDeal
from bugami.argute.view import DealView as ArguteDealView
from bugami.argute.view import GameView as ArguteGameView
from bugami.core.game import Game
from bugami.core.state import Deal
from bugami.core.view import DealView, GameView

__all__ = [
    "FORMAT",
    "GAMES",
    "MAX_CHARS",
    "MAX_DEALS",
    "MAX_EXTRA",
    "MAX_LINE",
    "MAX_TEXT",
    "VERSIONS",
    "AnyRecorded",
    "GameName",
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

FORMAT: Final = jsonformat.FORMAT
"""The value of the ``format`` key of every JSON record."""
VERSIONS: Final = jsonformat.VERSIONS
"""The versions of the formats this library reads (it writes the last one)."""
MAX_CHARS: Final = jsonformat.MAX_CHARS
"""The longest record text the readers take, in characters (a line of JSON
Lines too)."""
MAX_LINE: Final = notation.MAX_LINE
"""The longest line of a text record the readers take, in characters."""
MAX_DEALS: Final = sheet.MAX_DEALS
"""The most deals a record may hold."""
MAX_TEXT: Final = model.MAX_TEXT
"""The longest tag value or comment of a :class:`Record`, in characters."""
MAX_EXTRA: Final = model.MAX_EXTRA
"""The most tags of your own (``extra``) a :class:`Record` may have."""

AnyRecorded: TypeAlias = (
    Deal | Game | DealView | GameView | ArguteDeal | ArguteGame | ArguteDealView | ArguteGameView
)
"""What a record may hold: a deal or a game of Bugami or Argute, or one seat's
view of one."""
GameName: TypeAlias = Literal["bugami", "argute"]
"""The name of a game, as the readers' ``game`` argument takes it."""
GAMES: tuple[GameName, ...] = ("bugami", "argute")
"""The games a record may hold, as named by the ``game`` argument of the
readers and the ``game`` key of a JSON record.

>>> import bugami
>>> GAMES, load_record(dumps(bugami.deal(bugami.Rules(), seed=1)), game=GAMES[0]).state.dealer
(('bugami', 'argute'), 0)
"""


def dumps(obj: AnyRecorded | Record[AnyRecorded], format: Format = "json") -> str:
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
    refuse for its size (more than :data:`MAX_DEALS` deals, more than
    :data:`MAX_CHARS` characters, a line longer than :data:`MAX_LINE`) is
    refused here, with :class:`~bugami.RecordError`, before anything is written.
    """
    return _api.dumps(obj, format)


def load_record(
    text: str, *, game: GameName | None = None, first_line: int = 1
) -> Record[AnyRecorded]:
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
    record: Record[AnyRecorded] = _api.load_record(text, game=game, first_line=first_line)
    return record


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
    state: AnyRecorded = _api.loads(text, game=game)
    return state


def write_records(
    records: Iterable[AnyRecorded | Record[AnyRecorded]],
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
    return _api.write_records(records, file, format)


def read_records(
    source: IO[str] | Iterable[str], *, game: GameName | None = None
) -> Iterator[Record[AnyRecorded]]:
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
    records: Iterator[Record[AnyRecorded]] = _api.read_records(source, game=game)
    return records


def record_texts(source: IO[str] | Iterable[str]) -> Iterator[tuple[str, int]]:
    """The text of each record of a file (or any iterable of lines, or one
    str), with the number of its first line, one at a time, without reading
    or checking the records themselves: what :func:`read_records` reads.

    A file of JSON Lines gives each line that is not blank; a file of text
    records gives each record's lines. Memory stays bounded whatever the
    input: blank lines are counted, not kept, and a line or a record longer
    than a reader takes (:data:`MAX_CHARS` characters for a record or a JSON
    line, :data:`MAX_LINE` for a line of the text notation) raises
    :class:`~bugami.RecordError` as soon as the limit is passed. A file is
    read a line at a time, and no more than the limit of a line at once.

    >>> import io, bugami
    >>> out = io.StringIO()
    >>> write_records([bugami.deal(bugami.Rules(), seed=n) for n in range(2)], out, "text")
    2
    >>> [(text[:14], line) for text, line in record_texts(io.StringIO(out.getvalue()))]
    [('[Game "Bugami"', 1), ('[Game "Bugami"', 14)]
    """
    return _api.record_texts(source)


def dump(obj: AnyRecorded | Record[AnyRecorded], fp: IO[str], format: Format = "json") -> None:
    """Write a deal, a game, a view or a record, of Bugami or of Argute, to a
    file opened for writing text: exactly the text of :func:`dumps`. Open the
    file with ``encoding="utf-8"``, the encoding of records. Nothing is
    written if ``obj`` or ``format`` is refused. A file that is closed, not
    open for writing, or whose encoding cannot write the record is refused
    with :class:`~bugami.InvalidInputError`.

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
    _api.dump(obj, fp, format)


def load(fp: IO[str], *, game: GameName | None = None) -> AnyRecorded:
    """Read one record, in either format, from a file opened for reading
    text, and return the deal, game or view it holds, as :func:`loads` does
    with a string (``game``, when given, is the game the record must hold).
    Open the file with ``encoding="utf-8"``; for a file of many records, use
    :func:`read_records`. At most
    :data:`MAX_CHARS` characters and one more are
    read, so a huge file is refused without being read whole: ``fp.read``
    must take that size, as every file of the ``io`` module does (for an
    object whose ``read()`` takes no size, read the text yourself and call
    :func:`loads`). A file that is closed, not open for reading, or whose
    ``read`` takes no size is refused with :class:`~bugami.InvalidInputError`;
    text that cannot be decoded (a file not in UTF-8) with
    :class:`~bugami.RecordError`.

    >>> import io, bugami
    >>> state = bugami.deal(bugami.Rules(players=3), seed=7)
    >>> load(io.StringIO(dumps(state))) == state
    True
    >>> load(io.BytesIO(dumps(state).encode()))
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: load reads from a file opened for text (mode "r"), not from a binary file (BytesIO)
    """
    state: AnyRecorded = _api.load(fp, game=game)
    return state


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
    return _api.json_schema()
