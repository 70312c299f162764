"""Regression tests for the faults of the hardening issue (one section each),
and a table of wrongly typed arguments to the public API.

Each test names its fault; each failed on the code before the fix.
"""

from __future__ import annotations

import io
import json
import os
import re
import signal
import tracemalloc
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from types import SimpleNamespace
from typing import Any, ClassVar

import pytest

import bugami
from bugami import argute
from bugami.bots import RandomBot, make_bot
from bugami.cli import main
from bugami.dealing import MAX_SEED_BYTES, MAX_SEED_DIGITS
from bugami.errors import BugamiError, InvalidInputError, RecordError
from bugami.record import MAX_CHARS, MAX_LINE, read_records
from bugami.simulate import SimulationError, max_workers, simulate

FORMATS = ("json", "text")


def _one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    """The error the command printed: exactly one line, and no traceback."""
    err = capsys.readouterr().err
    assert err.endswith("\n")
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


# --- 1. the number of worker processes ---------------------------------------------


class _FakePool:
    """Stands in for ProcessPoolExecutor: notes how many processes were asked
    for and runs the work here, so that no test starts thousands of processes."""

    asked: ClassVar[list[int | None]] = []

    def __init__(self, max_workers: int | None = None) -> None:
        self.asked.append(max_workers)

    def submit(self, function: Callable[..., Any], *arguments: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_result(function(*arguments))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        pass


@pytest.fixture
def fake_pool(monkeypatch: pytest.MonkeyPatch) -> list[int | None]:
    _FakePool.asked = []
    monkeypatch.setattr("bugami.simulate.ProcessPoolExecutor", _FakePool)
    return _FakePool.asked


def test_fault1_too_many_workers_are_refused(fake_pool: list[int | None]) -> None:
    with pytest.raises(InvalidInputError, match=r"workers must be an int from 0 to \d+"):
        simulate(bugami.Rules(), [RandomBot()] * 4, deals=10, workers=100_000)
    with pytest.raises(InvalidInputError, match="workers must be"):
        simulate(bugami.Rules(), [RandomBot()] * 4, deals=10, workers=max_workers() + 1)
    assert fake_pool == []


def test_fault1_no_more_workers_than_chunks(fake_pool: list[int | None]) -> None:
    result = simulate(bugami.Rules(), [RandomBot()] * 4, deals=3, workers=max_workers())
    assert fake_pool == [1]  # three deals make one chunk of 50
    assert result == simulate(bugami.Rules(), [RandomBot()] * 4, deals=3, workers=0)
    simulate(bugami.Rules(), [RandomBot()] * 4, deals=7, chunk_size=2, workers=max_workers())
    assert fake_pool[-1] == min(4, max_workers())


def test_fault1_the_command_refuses_too_many_workers(
    fake_pool: list[int | None], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--deals", "10", "--workers", "100000"]) == 2
    assert "--workers must be at most" in _one_line_error(capsys)
    assert fake_pool == []


# --- 2. lone surrogates in tags -----------------------------------------------------

SURROGATE = "\ud800"


@pytest.mark.parametrize(
    "tags",
    [
        {"event": SURROGATE},
        {"site": "a" + SURROGATE},
        {"date": "\udfff"},
        {"comment": SURROGATE},
        {"seats": ("Ann", SURROGATE, "Cy", "Di")},
        {"extra": (("Round", SURROGATE),)},
        {"event": "a\u2028b"},  # a line break to str.splitlines
        {"site": "\x85"},  # a C1 control character
    ],
)
def test_fault2_tags_that_no_utf8_file_can_hold_are_refused(tags: dict[str, Any]) -> None:
    game = bugami.new_game(bugami.Rules(), seed=1)
    with pytest.raises(InvalidInputError, match="lone surrogates"):
        bugami.Record.from_state(game, **tags)


def test_fault2_a_trick_comment_with_a_surrogate_is_refused() -> None:
    state = bugami.deal(bugami.Rules(players=3), seed=1)
    for seat in range(3):
        state = bugami.bid(state, seat, "S")
    for _ in range(3):
        state = bugami.play(state, bugami.legal_moves(state)[0])
    with pytest.raises(InvalidInputError):
        bugami.Record.from_state(state, trick_comments=(bugami.TrickComment(0, 0, SURROGATE),))


def _json_with_event(event_json: str) -> str:
    text = bugami.dumps(bugami.Record.from_state(bugami.deal(bugami.Rules(), seed=1), event="E"))
    return text.replace('"event":"E"', f'"event":{event_json}')


def test_fault2_the_readers_refuse_surrogates() -> None:
    with pytest.raises(RecordError, match="lone surrogates"):
        bugami.load_record(_json_with_event('"\\ud800"'))
    text = bugami.dumps(
        bugami.Record.from_state(bugami.deal(bugami.Rules(), seed=1), event="E"), format="text"
    )
    with pytest.raises(RecordError, match="lone surrogates"):
        bugami.load_record(text.replace('[Event "E"]', f'[Event "{SURROGATE}"]'))
    with pytest.raises(RecordError, match="lone surrogates"):
        list(read_records([_json_with_event('"\\udc80"')]))


def test_fault2_check_and_show_refuse_surrogates(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "surrogate.jsonl"
    path.write_text(_json_with_event('"\\ud800"') + "\n", encoding="utf-8")
    out = io.StringIO()
    assert main(["check", str(path)], out) == 1
    assert "all valid" not in out.getvalue()
    assert "lone surrogates" in out.getvalue()
    assert main(["show", str(path)], io.StringIO()) == 2
    assert "lone surrogates" in _one_line_error(capsys)


# --- 3. what is written can be read back -------------------------------------------

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
def test_fault3_longer_seeds_are_refused_at_the_start(seed: bugami.Seed) -> None:
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
def test_fault3_a_record_too_large_to_read_is_refused_when_written(format: str) -> None:
    game = _long_argute_game(700)
    comments = tuple(
        bugami.TrickComment(deal, trick, "c" * 2000) for deal in range(700) for trick in range(3)
    )
    record = bugami.Record.from_state(game, trick_comments=comments)
    with pytest.raises(RecordError, match="could not be read back"):
        bugami.dumps(record, format=format)  # type: ignore[arg-type]


def test_fault3_a_game_of_too_many_deals_is_refused_when_written() -> None:
    game = _long_argute_game(bugami.record.MAX_DEALS + 1)
    for format in FORMATS:
        with pytest.raises(RecordError, match="at most 1000"):
            bugami.dumps(game, format=format)  # type: ignore[arg-type]
    shorter = _long_argute_game(bugami.record.MAX_DEALS - 1)  # and the deal to come
    assert bugami.loads(bugami.dumps(shorter)) == shorter


def test_fault3_too_many_tags_of_ones_own_are_refused() -> None:
    state = bugami.deal(bugami.Rules(), seed=1)
    extra = tuple((f"T{number}", "v") for number in range(100))
    record = bugami.Record.from_state(state, extra=extra)
    assert bugami.load_record(bugami.dumps(record)) == record
    with pytest.raises(InvalidInputError, match="at most 100 tags"):
        bugami.Record.from_state(state, extra=(*extra, ("T100", "v")))


def test_fault3_write_records_leaves_nothing_of_a_record_it_refuses() -> None:
    good = bugami.deal(bugami.Rules(), seed=1)
    out = io.StringIO()
    with pytest.raises(RecordError):
        bugami.write_records([good, _long_argute_game(bugami.record.MAX_DEALS + 1)], out, "text")
    assert out.getvalue() == bugami.dumps(good, format="text")


# --- 4. plain ValueError and TypeError from the public API -------------------------


def test_fault4_a_seed_past_pythons_digit_limit() -> None:
    with pytest.raises(InvalidInputError):
        bugami.new_game(bugami.Rules(), seed=10**5000)


@pytest.mark.parametrize("cards", [None, 5, 2.5, b"AS", object()])
def test_fault4_parse_cards_of_no_cards(cards: Any) -> None:
    with pytest.raises(InvalidInputError, match="cards are a str of card texts or an iterable"):
        bugami.parse_cards(cards)


_STATE = bugami.deal(bugami.Rules(), seed=1)
_TEXT = bugami.dumps(_STATE)

WRONG_TYPES: list[tuple[str, Callable[[], object]]] = [
    ("parse_cards(None)", lambda: bugami.parse_cards(None)),  # type: ignore[call-overload]
    ("load_record(game=[])", lambda: bugami.load_record(_TEXT, game=[])),  # type: ignore[arg-type]
    ("load_record(first_line=None)", lambda: bugami.load_record(_TEXT, first_line=None)),  # type: ignore[arg-type]
    ("read_records(None)", lambda: list(read_records(None))),  # type: ignore[arg-type]
    ("read_records(5)", lambda: list(read_records(5))),  # type: ignore[arg-type]
    ("read_records(bytes)", lambda: list(read_records(b"{}"))),  # type: ignore[arg-type]
    ("read_records(binary file)", lambda: list(read_records(io.BytesIO(b"{}\n")))),  # type: ignore[arg-type]
    ("read_records([None])", lambda: list(read_records([None]))),  # type: ignore[list-item]
    ("read_records([text, None])", lambda: list(read_records([_TEXT, None]))),  # type: ignore[list-item]
    ("read_records(game=[])", lambda: list(read_records([_TEXT], game=[]))),  # type: ignore[arg-type]
    ("write_records(None)", lambda: bugami.write_records(None, io.StringIO())),  # type: ignore[arg-type]
    ("write_records(a state)", lambda: bugami.write_records(_STATE, io.StringIO())),  # type: ignore[arg-type]
    ("write_records(file=None)", lambda: bugami.write_records([_STATE], None)),  # type: ignore[arg-type]
    ("write_records(format=5)", lambda: bugami.write_records([_STATE], io.StringIO(), 5)),  # type: ignore[arg-type]
    ("dumps(format=[])", lambda: bugami.dumps(_STATE, format=[])),  # type: ignore[arg-type]
    (
        "TrickComment(None, ...)",
        lambda: bugami.Record(state=_STATE, trick_comments=(bugami.TrickComment(None, 0, "x"),)),  # type: ignore[arg-type]
    ),
    ("make_bot(None)", lambda: make_bot(None)),  # type: ignore[call-overload]
    ("make_bot('search:inf s')", lambda: make_bot("search:infs")),
    ("make_bot(huge budget)", lambda: make_bot("search:99999999999999999999")),
    ("SearchBot(seconds=inf)", lambda: bugami.bots.SearchBot(seconds=float("inf"))),
    ("simulate(bots=None)", lambda: simulate(bugami.Rules(), None, deals=1, workers=0)),  # type: ignore[arg-type]
    ("simulate(workers='2')", lambda: simulate(bugami.Rules(), [RandomBot()] * 4, deals=1, workers="2")),  # type: ignore[arg-type]
    ("simulate(workers=-1)", lambda: simulate(bugami.Rules(), [RandomBot()] * 4, deals=1, workers=-1)),
    ("simulate(progress=5)", lambda: simulate(bugami.Rules(), [RandomBot()] * 4, deals=1, workers=0, progress=5)),  # type: ignore[arg-type]
    ("simulate(executor=5)", lambda: simulate(bugami.Rules(), [RandomBot()] * 4, deals=1, executor=5)),  # type: ignore[arg-type]
    ("simulate(chunk_size=True)", lambda: simulate(bugami.Rules(), [RandomBot()] * 4, deals=1, workers=0, chunk_size=True)),
    ("simulate(seed too long)", lambda: simulate(bugami.Rules(), [RandomBot()] * 4, deals=1, workers=0, seed="x" * 5000)),
]  # fmt: skip


@pytest.mark.parametrize("call", [call for _, call in WRONG_TYPES], ids=[n for n, _ in WRONG_TYPES])
def test_fault4_wrong_types_give_our_errors(call: Callable[[], object]) -> None:
    with pytest.raises(BugamiError):
        call()


HUGE = 10**5000  # more digits than Python prints: a message that shows it must not fail

HUGE_NUMBERS: list[tuple[str, Callable[[], object]]] = [
    ("Rules(players=HUGE)", lambda: bugami.Rules(players=HUGE)),
    ("Rules(target=-HUGE)", lambda: bugami.Rules(target=-HUGE)),
    ("Rules(target=HUGE)", lambda: argute.Rules(target=HUGE)),
    ("deal(seed=-HUGE)", lambda: bugami.deal(bugami.Rules(), seed=-HUGE)),
    ("simulate(workers=HUGE)", lambda: simulate(bugami.Rules(), [RandomBot()] * 4, deals=1, workers=HUGE)),
    ("load_record(first_line=-HUGE)", lambda: bugami.load_record(_TEXT, first_line=-HUGE)),
    ("load_record(game=HUGE)", lambda: bugami.load_record(_TEXT, game=HUGE)),  # type: ignore[arg-type]
    ("dumps(format=HUGE)", lambda: bugami.dumps(_STATE, format=HUGE)),  # type: ignore[arg-type]
    ("write_records(HUGE)", lambda: bugami.write_records(HUGE, io.StringIO())),  # type: ignore[arg-type]
    ("Record(event=HUGE)", lambda: bugami.Record(state=_STATE, event=HUGE)),  # type: ignore[arg-type]
    ("TrickComment(HUGE, HUGE)", lambda: bugami.Record(state=_STATE, trick_comments=(bugami.TrickComment(HUGE, HUGE, "x"),))),
    ("parse_cards(HUGE)", lambda: bugami.parse_cards(HUGE)),  # type: ignore[call-overload]
    ("make_bot(HUGE)", lambda: make_bot(HUGE)),  # type: ignore[call-overload]
]  # fmt: skip


@pytest.mark.parametrize(
    "call", [call for _, call in HUGE_NUMBERS], ids=[n for n, _ in HUGE_NUMBERS]
)
def test_fault4_numbers_past_pythons_digit_limit_give_our_errors(
    call: Callable[[], object],
) -> None:
    with pytest.raises(BugamiError):
        call()


def test_fault4_read_records_takes_one_str_as_the_whole_text() -> None:
    text = bugami.dumps(_STATE, format="text") + "\n" + bugami.dumps(_STATE, format="text")
    assert [record.state for record in read_records(text)] == [_STATE, _STATE]


# --- 5. show on a binary file -------------------------------------------------------


def test_fault5_show_of_a_binary_file(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "noise.bin"
    path.write_bytes(bytes(range(256)) * 8)
    assert main(["show", str(path)], io.StringIO()) == 2
    assert "not text in UTF-8" in _one_line_error(capsys)


# --- 6. the output files of simulate -----------------------------------------------


def test_fault6_an_output_path_is_checked_before_the_work(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    started = []
    monkeypatch.setattr("bugami.simulate.simulate", lambda *a, **k: started.append(1))
    for option in ("--out", "--records"):
        for path in ("/nonexistent/x.csv", str(tmp_path)):
            assert main(["simulate", "--deals", "1", "--workers", "0", option, path]) == 2
            error = _one_line_error(capsys)
            assert path in error
    assert started == []


class _FailingRecords:
    """The records of a simulation, whose writing fails half way."""

    def __iter__(self) -> Iterator[str]:
        yield bugami.dumps(_STATE)
        raise OSError(28, "No space left on device")


@pytest.mark.parametrize("option", ["--out", "--records"])
def test_fault6_no_truncated_output_file(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Any,
    option: str,
) -> None:
    path = tmp_path / "precious.txt"
    path.write_text("precious\n")

    def half_written(rows: object, file: io.TextIOBase) -> int:
        file.write("half a ro")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("bugami.simulate.write_csv", half_written)
    real = simulate

    def failing(*arguments: Any, **options: Any) -> object:
        result = real(*arguments, **options)
        return SimpleNamespace(rows=result.rows, records=_FailingRecords())

    monkeypatch.setattr("bugami.simulate.simulate", failing)
    arguments = ["simulate", "--deals", "2", "--workers", "0", "--quiet", option, str(path)]
    assert main(arguments, io.StringIO()) == 2
    assert "No space left on device" in _one_line_error(capsys)
    assert path.read_text() == "precious\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["precious.txt"]


def test_a_written_file_replaces_the_old_one(tmp_path: Any) -> None:
    path = tmp_path / "rows.csv"
    path.write_text("old\n")
    path.chmod(0o640)
    assert (
        main(["simulate", "--deals", "2", "--workers", "0", "--out", str(path)], io.StringIO()) == 0
    )
    assert path.read_text().startswith("game,deal,seed")
    assert path.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rows.csv"]


# --- 7. a worker killed during simulate --------------------------------------------


class _Killer(RandomBot):
    """A bot that kills its own process when asked to bid anywhere but in the
    process that made it."""

    def __init__(self) -> None:
        super().__init__()
        self.parent = os.getpid()

    def choose_bid(self, seen: Any) -> Any:
        if os.getpid() != self.parent:
            os.kill(os.getpid(), signal.SIGKILL)
        raise AssertionError("the killer bot bid in the process that made it")


@pytest.mark.processes
def test_fault7_a_killed_worker_raises_a_library_error() -> None:
    with pytest.raises(SimulationError, match="a worker process died") as error:
        simulate(bugami.Rules(), [_Killer()] * 4, deals=2, workers=1)
    assert isinstance(error.value, BugamiError)


@pytest.mark.processes
def test_fault7_a_killed_worker_is_one_line_from_the_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("bugami.bots.make_bot", lambda spec, game="bugami": _Killer())
    assert main(["simulate", "--deals", "2", "--workers", "1", "--quiet"], io.StringIO()) == 2
    assert "a worker process died" in _one_line_error(capsys)


# --- 8. the memory read_records takes ----------------------------------------------


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


def test_fault8_a_huge_json_line_is_refused_without_reading_it_whole() -> None:
    source = _EndlessLine("", MAX_CHARS + 1_000_000)
    with pytest.raises(RecordError, match="longer than"):
        list(read_records(source))
    assert source.handed <= MAX_CHARS + 2


def test_fault8_a_huge_text_line_is_refused_after_the_line_limit() -> None:
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


def test_fault8_leading_blank_lines_are_not_kept() -> None:
    def lines() -> Iterator[str]:
        yield from ("\n" for _ in range(200_000))
        yield _TEXT

    def read() -> None:
        assert [record.state for record in read_records(lines())] == [_STATE]

    assert _peak(read) < 1_000_000  # a list of the blank lines alone would take 1.6 MB


def test_fault8_a_flood_of_comment_lines_is_refused_at_the_size_limit() -> None:
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


# --- 9. lax JSON types ---------------------------------------------------------------


def _played() -> bugami.Deal:
    state = bugami.deal(bugami.Rules(players=3), seed=1)
    for seat in range(3):
        state = bugami.bid(state, seat, "S")
    for _ in range(4):
        state = bugami.play(state, bugami.legal_moves(state)[0])
    return state


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ("d['tricks'][0]['leader'] = None", "$.deals[0].tricks[0].leader"),
        ("d['tricks'][0]['winner'] = None", "$.deals[0].tricks[0].winner"),
        ("d['current_trick']['leader'] = None", "$.deals[0].current_trick.leader"),
        ("r['version'] = 1.0", "$.version"),
        ("r['tags']['seats'] = [None, 'b', 'c']", "$.tags.seats[0]"),
    ],
)
def test_fault9_wrongly_typed_json_values_are_refused(change: str, where: str) -> None:
    _assert_json_refused(json.loads(bugami.dumps(_played())), change, where)


def _assert_json_refused(document: Any, change: str, where: str) -> None:
    exec(change, {"r": document, "d": document["deals"][0]})
    with pytest.raises(RecordError, match="^" + re.escape(f"at {where}")):
        bugami.load_record(json.dumps(document))


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ("r['version'] = True", "$.version"),
        ("r['tags']['seats'] = ['a', 2, 'c']", "$.tags.seats[1]"),
        ("r['rules']['players'] = 3.0", "$.rules.players"),
        ("r['rules']['shotgun_wedding'] = 0", "$.rules"),
        ("d['dealer'] = None", "$.deals[0].dealer"),
        ("d['dealer'] = 1.0", "$.deals[0].dealer"),
        ("d['tricks'][0]['leader'] = False", "$.deals[0].tricks[0].leader"),
        ("d['tricks'][0]['winner'] = 0.0", "$.deals[0].tricks[0].winner"),
        ("d['bids'][0] = 1", "$.deals[0].bids[0]"),
        ("d['hands'][0][0] = None", "$.deals[0].hands[0][0]"),
        ("r['view'] = False", "$.view"),
        ("d['points'] = [1.0, 2, 3]", "$.deals[0].points"),
    ],
)
def test_json_audit_no_bool_float_or_null_for_another_type(change: str, where: str) -> None:
    _assert_json_refused(json.loads(bugami.dumps(_played())), change, where)


@pytest.mark.parametrize("digits", ["007", "-0", "-007"])
def test_fault9_an_int_seed_is_written_in_canonical_decimal(digits: str) -> None:
    document = json.loads(bugami.dumps(bugami.new_game(bugami.Rules(), seed=7)))
    document["seed"] = {"int": digits}
    with pytest.raises(RecordError, match=r"^at \$\.seed"):
        bugami.load_record(json.dumps(document))


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ("d['tricks'][0]['leader'] = None", "$.deals[0].tricks[0].leader"),
        ("d['tricks'][0]['winner'] = None", "$.deals[0].tricks[0].winner"),
        ("d['tricks'][0]['cards'][0] = 1.0", "$.deals[0].tricks[0].cards[0]"),
        ("d['tricks'][0]['cards'][0] = True", "$.deals[0].tricks[0].cards[0]"),
        ("d['bids'][0] = False", "$.deals[0].bids[0]"),
        ("d['bids'][0] = 1.0", "$.deals[0].bids[0]"),
        ("d['hands'][0][0] = 0.0", "$.deals[0].hands[0][0]"),
        ("r['rules']['target'] = 6.0", "$.rules.target"),
    ],
)
def test_json_audit_argute(change: str, where: str) -> None:
    state = argute.deal(argute.Rules(players=2), seed=1)
    state = argute.bid(argute.bid(state, 0, 1), 1, 1)
    for _ in range(7):
        state = argute.play(state, argute.legal_moves(state)[0])
    _assert_json_refused(json.loads(bugami.dumps(state)), change, where)


def test_fault9_a_byte_order_mark_before_json_is_read() -> None:
    assert bugami.loads("\ufeff" + _TEXT) == _STATE
    assert [r.state for r in read_records(["\ufeff" + _TEXT, _TEXT])] == [_STATE, _STATE]


# --- the guards behind the fixes -------------------------------------------------------


class _LazyPool(_FakePool):
    """A pool whose work is done only when its result is asked for: it notes
    the most chunks handed out and not yet collected."""

    most_pending = 0

    def __init__(self, max_workers: int | None = None) -> None:
        super().__init__(max_workers)
        self.pending = 0

    def submit(self, function: Callable[..., Any], *arguments: Any) -> Future[Any]:
        pool = self
        pool.pending += 1
        _LazyPool.most_pending = max(_LazyPool.most_pending, pool.pending)

        class Lazy(Future[Any]):
            def result(self, timeout: float | None = None) -> Any:
                pool.pending -= 1
                return function(*arguments)

        return Lazy()


def test_fault1_only_a_few_chunks_are_handed_out_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _LazyPool.asked, _LazyPool.most_pending = [], 0
    monkeypatch.setattr("bugami.simulate.ProcessPoolExecutor", _LazyPool)
    rules, table = bugami.Rules(players=3), [RandomBot()] * 3
    result = simulate(rules, table, deals=30, chunk_size=1, workers=1)
    assert result == simulate(rules, table, deals=30, chunk_size=1, workers=0)
    assert _LazyPool.asked == [1]
    assert _LazyPool.most_pending == 2  # not the 30 chunks at once


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


def test_brief_never_fails() -> None:
    class Broken:
        def __repr__(self) -> str:
            raise RuntimeError("no repr")

    assert bugami.errors.brief(Broken()).startswith("<Broken instance at ")
    assert bugami.errors.brief(-(10**5000)) == "an int of about 5000 digits"
    assert len(bugami.errors.brief(list(range(10**6)))) < 40


def test_the_command_bounds_its_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--target", "10001"]) == 2
    assert "--target must be at most 10000" in _one_line_error(capsys)
    assert main(["simulate", "--deals", "10000001", "--workers", "0"]) == 2
    assert "--deals must be at most 10000000" in _one_line_error(capsys)
    assert main(["simulate", "--games", "10000001", "--workers", "0"]) == 2
    assert "--games must be at most 10000000" in _one_line_error(capsys)


def test_output_that_cannot_hold_a_character(
    capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    path = tmp_path / "cafe.jsonl"
    record = bugami.Record.from_state(_STATE, event="Café")
    path.write_text(bugami.dumps(record) + "\n", encoding="utf-8")
    ascii_out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    assert main(["show", str(path)], ascii_out) == 2
    assert "cannot write 'é' in ascii" in _one_line_error(capsys)
