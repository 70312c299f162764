"""What the command writes: simulate's output paths checked before the work,
no file left half written, an old file replaced whole; and output that cannot
hold a character."""

from __future__ import annotations

import io
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

import bugami
from bugami.analysis.simulate import simulate
from bugami.cli import main


def _one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    """The error the command printed: exactly one line, and no traceback."""
    err = capsys.readouterr().err
    assert err.endswith("\n")
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


_STATE = bugami.deal(bugami.Rules(), seed=1)


def test_an_output_path_is_checked_before_the_work(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    started = []
    monkeypatch.setattr("bugami.analysis.simulate.simulate", lambda *a, **k: started.append(1))
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
def test_no_truncated_output_file(
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

    monkeypatch.setattr("bugami.analysis.simulate.write_csv", half_written)
    real = simulate

    def failing(*arguments: Any, **options: Any) -> object:
        result = real(*arguments, **options)
        return SimpleNamespace(rows=result.rows, records=_FailingRecords())

    monkeypatch.setattr("bugami.analysis.simulate.simulate", failing)
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


def test_output_that_cannot_hold_a_character(
    capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    path = tmp_path / "cafe.jsonl"
    record = bugami.Record.from_state(_STATE, event="Café")
    path.write_text(bugami.dumps(record) + "\n", encoding="utf-8")
    ascii_out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    assert main(["show", str(path)], ascii_out) == 2
    assert "cannot write 'é' in ascii" in _one_line_error(capsys)
