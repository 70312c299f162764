"""dump and load refuse files they cannot use with the library's errors:
closed files, files not open for that, reads that take no size, text in
another encoding."""

# mypy: disable-error-code="arg-type,call-overload,assignment,dict-item,operator"
from __future__ import annotations

import io
from pathlib import Path

import pytest

import bugami
from bugami import argute
from bugami.errors import InvalidInputError, RecordError

STATE = bugami.deal(bugami.Rules(), seed=1)


@pytest.mark.parametrize("dump", [bugami.dump, argute.dump])
def test_dump_to_a_closed_file(dump: object) -> None:
    out = io.StringIO()
    out.close()
    state = STATE if dump is bugami.dump else argute.deal(argute.Rules(), seed=1)
    with pytest.raises(InvalidInputError, match=r"not to a closed file \(StringIO\)"):
        dump(state, out)


@pytest.mark.parametrize("load", [bugami.load, argute.load])
def test_load_from_a_closed_file(load: object) -> None:
    source = io.StringIO(bugami.dumps(STATE))
    source.close()
    with pytest.raises(InvalidInputError, match=r"not from a closed file \(StringIO\)"):
        load(source)


def test_files_closed_under_their_own_name(tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    with path.open("w", encoding="utf-8") as out:
        pass
    with pytest.raises(InvalidInputError, match="closed file"):
        bugami.dump(STATE, out)
    with pytest.raises(InvalidInputError, match="closed file"):
        bugami.load(out)


def test_files_open_the_other_way(tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    path.write_text(bugami.dumps(STATE), encoding="utf-8")
    with (
        path.open(encoding="utf-8") as source,
        pytest.raises(InvalidInputError, match="dump could not write to TextIOWrapper"),
    ):
        bugami.dump(STATE, source)
    with (
        path.open("a", encoding="utf-8") as out,
        pytest.raises(InvalidInputError, match="load could not read from TextIOWrapper"),
    ):
        bugami.load(out)


def test_a_read_that_takes_no_size_is_refused_with_the_way_out() -> None:
    class Reader:
        def read(self) -> str:
            return bugami.dumps(STATE)

    with pytest.raises(InvalidInputError, match=r"whose read\(\) takes no size.*use loads"):
        bugami.load(Reader())
    assert bugami.loads(Reader().read()) == STATE


def test_text_not_in_utf8(tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    path.write_bytes(b'\xff{"game": "bugami"}')
    with (
        path.open(encoding="utf-8") as source,
        pytest.raises(RecordError, match="a record is UTF-8 text"),
    ):
        bugami.load(source)


def test_an_encoding_that_cannot_write_the_record() -> None:
    class Narrow(io.StringIO):
        def write(self, text: str) -> int:
            raise UnicodeEncodeError("ascii", text, 0, 1, "ordinal not in range(128)")

    with pytest.raises(InvalidInputError, match=r"its encoding cannot write .*encoding='utf-8'"):
        bugami.dump(STATE, Narrow())
