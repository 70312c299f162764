"""The limits of a record: the longest seeds are written and read back, and
longer ones refused at the start; records too large to read back, games of
too many deals and too many tags refused when written; huge lines refused
without reading them whole, and the memory the readers take bounded."""

from __future__ import annotations

import io
import tracemalloc
from collections.abc import Callable, Iterator

import pytest

import bugami
from bugami import argute
from bugami.core.dealing import MAX_SEED_BYTES, MAX_SEED_DIGITS
from bugami.errors import InvalidInputError, RecordError
from bugami.record import MAX_CHARS, MAX_LINE, read_records

FORMATS = ("json", "text")
_STATE = bugami.deal(bugami.Rules(), seed=1)
_TEXT = bugami.dumps(_STATE)


LONGEST_SEEDS: list[bugami.Seed] = [
    10**MAX_SEED_DIGITS - 1,
    -(10**MAX_SEED_DIGITS - 1),
    "x" * MAX_SEED_BYTES,
    "é" * (MAX_SEED_BYTES // 2),
    '"' * MAX_SEED_BYTES,
    "\\" * MAX_SEED_BYTES,
    "\n" * MAX_SEED_BYTES,
    "\u2028" * (MAX_SEED_BYTES // 3),
    "\U0001f600" * (MAX_SEED_BYTES // 4),
    b"\xff" * MAX_SEED_BYTES,
]


@pytest.mark.parametrize("seed", LONGEST_SEEDS, ids=lambda seed: f"{type(seed).__name__}")
@pytest.mark.parametrize("format", FORMATS)
def test_the_longest_seeds_are_written_and_read_back(seed: bugami.Seed, format: str) -> None:
    for game in (
        bugami.new_game(bugami.Rules(), seed=seed),
        argute.new_game(argute.Rules(), seed=seed),
    ):
        text = bugami.dumps(game, format=format)  # type: ignore[arg-type]
        assert bugami.loads(text) == game
        assert bugami.dumps(bugami.load_record(text), format=format) == text  # type: ignore[arg-type]
        assert text.splitlines() == text.rstrip("\n").split("\n")  # no hidden line break


@pytest.mark.parametrize(
    "seed",
    [
        10**MAX_SEED_DIGITS,
        -(10**MAX_SEED_DIGITS),
        10**4000 + 1,
        "x" * (MAX_SEED_BYTES + 1),
        "é" * (MAX_SEED_BYTES // 2 + 1),
        b"\x00" * (MAX_SEED_BYTES + 1),
    ],
    ids=lambda seed: f"{type(seed).__name__}",
)
def test_longer_seeds_are_refused_at_the_start(seed: bugami.Seed) -> None:
    starts: list[Callable[[], object]] = [
        lambda: bugami.new_game(bugami.Rules(), seed=seed),
        lambda: bugami.deal(bugami.Rules(), seed=seed),
        lambda: argute.new_game(argute.Rules(), seed=seed),
        lambda: argute.deal(argute.Rules(), seed=seed),
    ]
    for start in starts:
        with pytest.raises(InvalidInputError, match="at most"):
            start()


def _long_argute_game(deals: int) -> argute.Game:
    game = argute.new_game(argute.Rules(players=2, target=10**6), seed=1)
    while len(game.deals) < deals:
        for seat in range(2):
            game = argute.bid(game, seat, 0)
        while game.current is not None and game.current.to_move is not None:
            game = argute.play(game, argute.legal_moves(game)[0])
    return game


@pytest.mark.parametrize("format", FORMATS)
def test_a_record_too_large_to_read_is_refused_when_written(format: str) -> None:
    game = _long_argute_game(700)
    comments = tuple(
        bugami.TrickComment(deal, trick, "c" * 2000) for deal in range(700) for trick in range(3)
    )
    record = bugami.Record.from_state(game, trick_comments=comments)
    with pytest.raises(RecordError, match="could not be read back"):
        bugami.dumps(record, format=format)  # type: ignore[arg-type]


def test_a_game_of_too_many_deals_is_refused_when_written() -> None:
    game = _long_argute_game(bugami.record.MAX_DEALS + 1)
    for format in FORMATS:
        with pytest.raises(RecordError, match="at most 1000"):
            bugami.dumps(game, format=format)  # type: ignore[arg-type]
    shorter = _long_argute_game(bugami.record.MAX_DEALS - 1)  # and the deal to come
    assert bugami.loads(bugami.dumps(shorter)) == shorter


def test_too_many_tags_of_ones_own_are_refused() -> None:
    state = bugami.deal(bugami.Rules(), seed=1)
    extra = tuple((f"T{number}", "v") for number in range(100))
    record = bugami.Record.from_state(state, extra=extra)
    assert bugami.load_record(bugami.dumps(record)) == record
    with pytest.raises(InvalidInputError, match="at most 100 tags"):
        bugami.Record.from_state(state, extra=(*extra, ("T100", "v")))


def test_write_records_leaves_nothing_of_a_record_it_refuses() -> None:
    good = bugami.deal(bugami.Rules(), seed=1)
    out = io.StringIO()
    with pytest.raises(RecordError):
        bugami.write_records([good, _long_argute_game(bugami.record.MAX_DEALS + 1)], out, "text")
    assert out.getvalue() == bugami.dumps(good, format="text")


class _EndlessLine(io.TextIOBase):
    """A text file of one line of ``size`` characters after ``start``, which
    counts the characters it hands out."""

    def __init__(self, start: str, size: int) -> None:
        self.start = start
        self.left = size
        self.handed = 0

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        if self.start:
            line, self.start = self.start, ""
        else:
            wanted = self.left if size is None or size < 0 else min(size, self.left)
            line = "x" * wanted
            self.left -= wanted
        self.handed += len(line)
        return line

    def __next__(self) -> str:  # type: ignore[override]
        line = self.readline()
        if not line:
            raise StopIteration
        return line


def test_a_huge_json_line_is_refused_without_reading_it_whole() -> None:
    source = _EndlessLine("", MAX_CHARS + 1_000_000)
    with pytest.raises(RecordError, match="longer than"):
        list(read_records(source))
    assert source.handed <= MAX_CHARS + 2


def test_a_huge_text_line_is_refused_after_the_line_limit() -> None:
    start = '[Game "Bugami"]\n'
    source = _EndlessLine(start, MAX_CHARS)
    with pytest.raises(RecordError, match=f"line 2: longer than {MAX_LINE}"):
        list(read_records(source))
    assert source.handed <= len(start) + MAX_LINE + 2


def _peak(read: Callable[[], object]) -> int:
    tracemalloc.start()
    try:
        read()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_leading_blank_lines_are_not_kept() -> None:
    def lines() -> Iterator[str]:
        yield from ("\n" for _ in range(200_000))
        yield _TEXT

    def read() -> None:
        assert [record.state for record in read_records(lines())] == [_STATE]

    assert _peak(read) < 1_000_000  # a list of the blank lines alone would take 1.6 MB


def test_a_flood_of_comment_lines_is_refused_at_the_size_limit() -> None:
    handed = 0

    def lines() -> Iterator[str]:
        nonlocal handed
        yield '[Game "Bugami"]\n'
        for _ in range(MAX_CHARS // 5000 + 100):  # more than a record may hold
            handed += 5000
            yield ";" + "x" * 4998 + "\n"

    with pytest.raises(RecordError, match=f"longer than {MAX_CHARS}"):
        list(read_records(lines()))
    assert handed <= MAX_CHARS + 2


def test_split_records_refuses_a_long_line_itself() -> None:
    from bugami._records.notation import split_records

    with pytest.raises(RecordError, match=f"line 2: longer than {MAX_LINE}"):
        list(split_records(['[Game "Bugami"]', "x" * (MAX_LINE + 1)]))


def test_a_text_record_with_a_line_too_long_is_refused_when_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = bugami.Record.from_state(_STATE, event="e" * 200)
    monkeypatch.setattr("bugami._records.api.MAX_LINE", 100)  # as if a tag could outgrow a line
    with pytest.raises(RecordError, match=r"a line of 2\d\d characters"):
        bugami.dumps(record, format="text")
    assert bugami.loads(bugami.dumps(record)) == _STATE


@pytest.mark.parametrize(
    ("digits", "message"),
    [
        (4000, "a seat is 0 to 3, not an int of about 4000 digits"),
        (5000, "a number has more digits than Python reads"),
    ],
)
def test_a_huge_number_in_a_record_gets_a_short_message(digits: int, message: str) -> None:
    # the message carried every digit (4,000 of them), or Python's advice to
    # programmers (sys.set_int_max_str_digits) past its limit
    text = bugami.dumps(bugami.deal(bugami.Rules(), seed=1)).replace(
        '"dealer":0', '"dealer":' + "9" * digits
    )
    with pytest.raises(RecordError, match=message) as caught:
        bugami.loads(text)
    assert len(str(caught.value)) < 200
