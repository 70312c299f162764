"""Hostile input for every command: binary files, unreadable paths,
directories, huge and negative numbers. Each ends with a one-line message and
a non-zero exit status, never a traceback."""

from __future__ import annotations

import io
import os
import pathlib
import subprocess
import sys
from typing import Any

import pytest

import bugami
from bugami.cli import main

HUGE = "9" * 30
PAST_PYTHON = "1" + "0" * 5000  # more digits than int() takes by default
NUMBERS = [HUGE, PAST_PYTHON, "-1", "-" + HUGE, "abc", "", "1e3", "0x10", "4.0"]


def _fails_in_one_line(
    capsys: pytest.CaptureFixture[str], arguments: list[str], *, status: int = 2
) -> str:
    """Run the command: it must exit with ``status`` and one line on standard error."""
    out = io.StringIO()
    assert main(arguments, out) == status
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.endswith("\n")
    assert "Traceback" not in err
    return err


def _one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    """The error the command printed: exactly one line, and no traceback."""
    err = capsys.readouterr().err
    assert err.endswith("\n")
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


@pytest.fixture(autouse=True)
def _no_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))


# --- numbers ---------------------------------------------------------------------------

OPTIONS = [
    ("demo", "--players"),
    ("demo", "--jokers"),
    ("demo", "--target"),
    ("play", "--players"),
    ("play", "--jokers"),
    ("play", "--target"),
    ("play", "--seat"),
    ("simulate", "--players"),
    ("simulate", "--jokers"),
    ("simulate", "--target"),
    ("simulate", "--deals"),
    ("simulate", "--games"),
    ("simulate", "--workers"),
    ("simulate", "--max-deals"),
]


@pytest.mark.parametrize(
    ("command", "option", "game"),
    [
        (command, option, game)
        for command, option in OPTIONS
        for game in ("bugami", "argute")
        if game == "bugami" or (command != "demo" and option != "--jokers")
    ],
)
@pytest.mark.parametrize("value", NUMBERS)
def test_bad_numbers(
    capsys: pytest.CaptureFixture[str], command: str, option: str, game: str, value: str
) -> None:
    arguments = (
        [command, option, value, "--quiet"] if command != "play" else [command, option, value]
    )
    if command != "demo":
        arguments += ["--game", game]
    if command == "simulate":
        arguments += ["--workers", "0"] if option != "--workers" else []
        if option == "--games":
            arguments += ["--max-deals", "1"]
    _fails_in_one_line(capsys, arguments)


@pytest.mark.parametrize(
    ("command", "game"), [("demo", "bugami"), ("play", "bugami"), ("play", "argute")]
)
def test_seeds_with_too_many_digits(
    capsys: pytest.CaptureFixture[str], command: str, game: str
) -> None:
    arguments = [command, "--seed", PAST_PYTHON] + (["--game", game] if command == "play" else [])
    assert "at most 4000 digits" in _fails_in_one_line(capsys, arguments)
    arguments[2] = "9" * 4001
    _fails_in_one_line(capsys, arguments)


@pytest.mark.parametrize("game", ["bugami", "argute"])
def test_simulate_seed_too_long(capsys: pytest.CaptureFixture[str], game: str) -> None:
    arguments = ["simulate", "--game", game, "--deals", "1", "--workers", "0", "--seed", "x" * 5000]
    assert "the root seed cannot seed the deals" in _fails_in_one_line(capsys, arguments)


@pytest.mark.parametrize(
    "spec", ["search:" + HUGE, "search:-3", "search:0", "search:infs", "search:1e999s", "clever"]
)
@pytest.mark.parametrize("game", ["bugami", "argute"])
def test_simulate_and_play_bad_bots(
    capsys: pytest.CaptureFixture[str], spec: str, game: str
) -> None:
    _fails_in_one_line(capsys, ["simulate", "--game", game, "--bots", spec, "--workers", "0"])
    _fails_in_one_line(capsys, ["play", "--game", game, "--bot", spec])


def test_unknown_options_and_missing_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    for arguments in (
        ["demo", "--nonsense"],
        ["play", "--game", "chess"],
        ["simulate", "--deals", "1", "--games", "1"],
        ["simulate", "--format", "xml"],
        ["show"],
        ["check"],
        ["frobnicate"],
    ):
        err = _fails_in_one_line(capsys, arguments)
        assert "error:" in err


def test_the_command_bounds_its_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--target", "10001"]) == 2
    assert "--target must be at most 10000" in _one_line_error(capsys)
    assert main(["simulate", "--deals", "10000001", "--workers", "0"]) == 2
    assert "--deals must be at most 10000000" in _one_line_error(capsys)
    assert main(["simulate", "--games", "10000001", "--workers", "0"]) == 2
    assert "--games must be at most 10000000" in _one_line_error(capsys)


# --- files -----------------------------------------------------------------------------


def _hostile_files(tmp_path: pathlib.Path) -> dict[str, str]:
    binary = tmp_path / "noise.bin"
    binary.write_bytes(bytes(range(256)) * 16)
    late_binary = tmp_path / "late.jsonl"
    late_binary.write_bytes(
        (bugami.dumps(bugami.deal(bugami.Rules(), seed=1)) + "\n").encode() + b"\xff\xfe\n"
    )
    long_line = tmp_path / "long.jsonl"
    long_line.write_text("{" + "x" * (bugami.record.MAX_CHARS + 10) + "\n")
    long_text_line = tmp_path / "long.txt"
    long_text_line.write_text('[Game "Bugami"]\n[' + "x" * 20_000 + "]\n")
    huge_number = tmp_path / "huge.jsonl"
    huge_number.write_text(
        bugami.dumps(bugami.deal(bugami.Rules(), seed=1)).replace(
            '"dealer":0', '"dealer":' + PAST_PYTHON
        )
        + "\n"
    )
    nested = tmp_path / "nested.jsonl"
    nested.write_text("{" + '"a":[' * 100_000 + "\n")
    huge_deal = tmp_path / "huge.txt"
    huge_deal.write_text(
        bugami.dumps(bugami.deal(bugami.Rules(), seed=1), format="text").replace(
            "Deal 1, dealer 0", f"Deal {HUGE}, dealer {HUGE}"
        )
    )
    negative = tmp_path / "negative.txt"
    negative.write_text(
        bugami.dumps(bugami.deal(bugami.Rules(), seed=1), format="text").replace(
            '[Players "4"]', '[Players "-4"]'
        )
    )
    directory = tmp_path / "a directory"
    directory.mkdir()
    return {
        "binary": str(binary),
        "binary after a record": str(late_binary),
        "a line too long for JSON": str(long_line),
        "a line too long for the notation": str(long_text_line),
        "a number past Python's digits": str(huge_number),
        "nested too deeply": str(nested),
        "a huge deal number": str(huge_deal),
        "a negative number": str(negative),
        "a directory": str(directory),
        "missing": str(tmp_path / "missing.jsonl"),
        "under a file": str(binary / "x.jsonl"),
    }


HOSTILE = [
    "binary",
    "binary after a record",
    "a line too long for JSON",
    "a line too long for the notation",
    "a number past Python's digits",
    "nested too deeply",
    "a huge deal number",
    "a negative number",
    "a directory",
    "missing",
    "under a file",
]


@pytest.mark.parametrize("kind", HOSTILE)
def test_show_hostile_files(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path, kind: str
) -> None:
    _fails_in_one_line(capsys, ["show", _hostile_files(tmp_path)[kind]])


@pytest.mark.parametrize("command", ["review", "solve"])
@pytest.mark.parametrize("kind", HOSTILE)
def test_review_and_solve_hostile_files(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path, kind: str, command: str
) -> None:
    _fails_in_one_line(capsys, [command, _hostile_files(tmp_path)[kind]])


@pytest.mark.parametrize("kind", HOSTILE)
def test_check_hostile_files(tmp_path: pathlib.Path, kind: str) -> None:
    files = _hostile_files(tmp_path)
    good = tmp_path / "good.jsonl"
    good.write_text(bugami.dumps(bugami.deal(bugami.Rules(), seed=1)) + "\n")
    out = io.StringIO()
    assert main(["check", files[kind], str(good)], out) == 1
    report = out.getvalue().splitlines()
    assert len(report) == 2, report
    assert report[0].startswith(files[kind])
    assert report[-1] == f"{good}: 1 record, all valid"


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads every file")
def test_unreadable_files(capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path) -> None:
    locked = tmp_path / "locked.jsonl"
    locked.write_text(bugami.dumps(bugami.deal(bugami.Rules(), seed=1)) + "\n")
    locked.chmod(0)
    assert "Permission denied" in _fails_in_one_line(capsys, ["show", str(locked)])
    out = io.StringIO()
    assert main(["check", str(locked)], out) == 1
    assert out.getvalue().count("\n") == 1
    shut = tmp_path / "shut"
    shut.mkdir()
    shut.chmod(0o500)
    arguments = ["simulate", "--deals", "1", "--workers", "0", "--out", str(shut / "rows.csv")]
    assert "Permission denied" in _fails_in_one_line(capsys, arguments)


@pytest.mark.parametrize("option", ["--out", "--records"])
@pytest.mark.parametrize("kind", ["a directory", "missing directory", "under a file"])
def test_simulate_hostile_outputs(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path, option: str, kind: str
) -> None:
    path = {
        "a directory": tmp_path,
        "missing directory": tmp_path / "missing" / "rows.csv",
        "under a file": pathlib.Path(_hostile_files(tmp_path)["binary"]) / "rows.csv",
    }[kind]
    arguments = [
        "simulate",
        "--game",
        "argute",
        "--deals",
        "1",
        "--workers",
        "0",
        option,
        str(path),
    ]
    assert str(path) in _fails_in_one_line(capsys, arguments)


def test_play_with_binary_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for game in ("bugami", "argute"):
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\xff\xfe\x00\n" * 4)))
        err = _fails_in_one_line(capsys, ["play", "--game", game, "--seed", "1"])
        assert "not text in UTF-8" in err


def test_show_of_a_binary_file(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "noise.bin"
    path.write_bytes(bytes(range(256)) * 8)
    assert main(["show", str(path)], io.StringIO()) == 2
    assert "not text in UTF-8" in _one_line_error(capsys)


# --- whole processes -------------------------------------------------------------------


def _process(*arguments: str | bytes, **environment: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "bugami", *arguments],
        capture_output=True,
        env={**os.environ, **environment},
        stdin=subprocess.DEVNULL,
        check=False,
    )


@pytest.mark.processes
def test_processes_end_in_one_line(tmp_path: pathlib.Path) -> None:
    files = _hostile_files(tmp_path)
    for arguments in (
        ["show", files["binary"]],
        ["demo", "--seed", PAST_PYTHON],
        ["simulate", "--deals", "10", "--workers", "100000"],
    ):
        result = _process(*arguments)
        assert result.returncode == 2
        assert result.stderr.count(b"\n") == 1, result.stderr
        assert b"Traceback" not in result.stderr


@pytest.mark.processes
def test_a_file_name_that_is_not_utf8(tmp_path: pathlib.Path) -> None:
    name = os.fsencode(tmp_path) + b"/caf\xe9.jsonl"
    result = _process("show", name)
    assert result.returncode == 2
    assert result.stderr.count(b"\n") == 1
    assert b"No such file or directory" in result.stderr
    result = _process("check", name)
    assert result.returncode == 1
    assert result.stdout.count(b"\n") == 1
    assert not result.stderr


@pytest.mark.processes
def test_output_that_cannot_show_a_character(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "cafe.jsonl"
    record = bugami.Record.from_state(bugami.deal(bugami.Rules(), seed=1), event="Café")
    path.write_text(bugami.dumps(record) + "\n", encoding="utf-8")
    result = _process("show", str(path), PYTHONIOENCODING="ascii")
    assert result.returncode == 2
    assert result.stderr.count(b"\n") == 1
    assert b"cannot write" in result.stderr
