"""``load`` and ``dump``: records to and from open text files."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bugami
from argute_strategies import games as argute_games
from argute_strategies import in_play as argute_in_play
from bugami import InvalidInputError, RecordError, argute
from bugami.record import MAX_CHARS
from strategies import games, in_play, partly_bid

FORMATS: tuple[Literal["json", "text"], ...] = ("json", "text")


def test_the_names_are_one_function_everywhere() -> None:
    assert bugami.load is bugami.record.load
    assert bugami.dump is bugami.record.dump
    assert {"load", "dump"} <= set(bugami.__all__) & set(bugami.record.__all__)
    assert {"load", "dump"} <= set(argute.__all__)


# dump is dumps and a write (the round trips themselves are tested at length in
# test_record_properties): fewer examples than the profile's, at most 100.
@settings(max_examples=min(settings().max_examples, 100))
@given(st.one_of(in_play(), partly_bid(), games(), argute_in_play(), argute_games()), st.data())
def test_dump_writes_what_dumps_gives_and_load_reads_it_back(
    state: Any, data: st.DataObject
) -> None:
    if data.draw(st.booleans()):
        seat = data.draw(st.integers(0, state.rules.players - 1))
        state = (bugami.view if isinstance(state, (bugami.Deal, bugami.Game)) else argute.view)(
            state, seat
        )
    for form in FORMATS:
        out = io.StringIO()
        bugami.dump(state, out, format=form)
        assert out.getvalue() == bugami.dumps(state, format=form)
        assert bugami.load(io.StringIO(out.getvalue())) == state


def test_real_files_in_both_formats(tmp_path: Path) -> None:
    game = bugami.new_game(bugami.Rules(players=3), seed="café")
    game = bugami.bid(game, 0, "♥")
    record = bugami.Record.from_state(game, event="Café ♥ night", seats=("Zoë", "Åsa", "Ōta"))
    for form in FORMATS:
        path = tmp_path / f"game.{form}"
        with path.open("w", encoding="utf-8") as file:
            bugami.dump(record, file, form)
        assert path.read_text(encoding="utf-8") == bugami.dumps(record, form)
        with path.open(encoding="utf-8") as file:
            assert bugami.load(file) == game


def test_argute_reads_and_writes_its_own_records(tmp_path: Path) -> None:
    hand = argute.bid(argute.deal(argute.Rules(players=3), seed=5), 2, 1)
    path = tmp_path / "hand.txt"
    with path.open("w", encoding="utf-8") as file:
        argute.dump(hand, file, format="text")
    with path.open(encoding="utf-8") as file:
        assert argute.load(file) == hand
    with path.open(encoding="utf-8") as file:
        assert bugami.load(file, game="argute") == hand


def test_a_record_of_the_other_game_is_refused() -> None:
    text = bugami.dumps(bugami.deal(bugami.Rules(), seed=1))
    with pytest.raises(RecordError, match="this is a record of Bugami, not of Argute"):
        argute.load(io.StringIO(text))
    with pytest.raises(RecordError, match="this is a record of Bugami, not of Argute"):
        bugami.load(io.StringIO(text), game="argute")


def test_a_binary_file_is_refused_for_reading(tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    path.write_text(bugami.dumps(bugami.deal(bugami.Rules(), seed=1)), encoding="utf-8")
    message = r'load reads from a file opened for text \(mode "r"\), not from a binary file'
    with path.open("rb") as file, pytest.raises(InvalidInputError, match=message):
        bugami.load(file)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match=message):
        bugami.load(io.BytesIO(path.read_bytes()))  # type: ignore[arg-type]


def test_a_binary_file_is_refused_for_writing(tmp_path: Path) -> None:
    deal = bugami.deal(bugami.Rules(), seed=1)
    message = r'dump writes to a file opened for text \(mode "w"\), not to a binary file'
    with (
        (tmp_path / "deal.json").open("wb") as file,
        pytest.raises(InvalidInputError, match=message),
    ):
        bugami.dump(deal, file)  # type: ignore[arg-type]
    assert (tmp_path / "deal.json").read_bytes() == b""
    with pytest.raises(InvalidInputError, match=message):
        argute.dump(argute.deal(argute.Rules(), seed=1), io.BytesIO())  # type: ignore[arg-type]


class _Quiet:
    """A file-like object that does not say it is binary, but is."""

    def read(self, size: int = -1) -> bytes:
        return b"{}"

    def write(self, text: object) -> int:
        if not isinstance(text, bytes):
            raise TypeError("a bytes-like object is required")
        return len(text)


def test_a_binary_file_that_does_not_say_so_is_refused() -> None:
    deal = bugami.deal(bugami.Rules(), seed=1)
    with pytest.raises(InvalidInputError, match="_Quiet, which gave bytes"):
        bugami.load(_Quiet())  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="_Quiet, which refused text"):
        bugami.dump(deal, _Quiet())  # type: ignore[arg-type]


@pytest.mark.parametrize("wrong", ["deal.json", Path("deal.json"), 3, None])
def test_what_is_not_a_file_is_refused(wrong: Any) -> None:
    with pytest.raises(InvalidInputError, match="load reads from a file opened for text"):
        bugami.load(wrong)
    with pytest.raises(InvalidInputError, match="dump writes to a file opened for text"):
        bugami.dump(bugami.deal(bugami.Rules(), seed=1), wrong)


def test_a_string_is_pointed_to_loads() -> None:
    with pytest.raises(InvalidInputError, match="to read a record from a str, use loads"):
        bugami.load(bugami.dumps(bugami.deal(bugami.Rules(), seed=1)))  # type: ignore[arg-type]


def test_nothing_is_written_when_the_object_or_format_is_refused() -> None:
    out = io.StringIO()
    with pytest.raises(InvalidInputError, match="a record holds a bugami Deal"):
        bugami.dump("a deal", out)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match='format is "json" or "text"'):
        bugami.dump(bugami.deal(bugami.Rules(), seed=1), out, format="pgn")  # type: ignore[arg-type]
    assert out.getvalue() == ""


def test_a_file_of_many_records_is_for_read_records() -> None:
    out = io.StringIO()
    bugami.write_records([bugami.deal(bugami.Rules(), seed=n) for n in range(2)], out)
    with pytest.raises(RecordError):
        bugami.load(io.StringIO(out.getvalue()))
    assert len(list(bugami.read_records(io.StringIO(out.getvalue())))) == 2


class _Endless:
    """A text file, ``{`` then endless spaces, that records how much was asked of it."""

    def __init__(self) -> None:
        self.asked: list[int] = []

    def read(self, size: int = -1) -> str:
        assert size > 0, "an endless file cannot be read whole"
        self.asked.append(size)
        return ("{" if len(self.asked) == 1 else " ") + " " * (size - 1)


def test_a_huge_file_is_refused_without_reading_it_whole() -> None:
    endless = _Endless()
    with pytest.raises(RecordError, match=f"longer than {MAX_CHARS} characters"):
        bugami.load(endless)  # type: ignore[arg-type]
    assert endless.asked == [MAX_CHARS + 1]
