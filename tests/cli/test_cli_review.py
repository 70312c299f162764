"""``bugami review FILE``: tables, JSON, seats, samples, seeds and errors."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import bugami
from bugami import argute
from bugami.analysis.reviews import json_schema
from bugami.bots import ArguteHeuristicBot, HeuristicBot, play_out
from bugami.cli import main

jsonschema = pytest.importorskip("jsonschema")


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[object]]:
    done = play_out(bugami.deal(bugami.Rules(players=3), seed=4), [HeuristicBot()] * 3)
    hand = play_out(argute.deal(argute.Rules(players=3), seed=4), [ArguteHeuristicBot()] * 3)
    path = tmp_path_factory.mktemp("review") / "two.jsonl"
    path.write_text(bugami.dumps(done) + "\n" + bugami.dumps(hand) + "\n", encoding="utf-8")
    return path, [done, hand]


def _run(*arguments: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(["review", *arguments], out)
    return status, out.getvalue()


def test_a_table_per_record(records: tuple[Path, list[object]]) -> None:
    path, _ = records
    status, text = _run(str(path), "--samples", "2", "--seats", "0,1", "--seed", "x")
    assert status == 0
    assert text.startswith("Record 1: Bugami deal, 3 players, 2 samples per decision\nseat")
    assert "\nRecord 2: Argute hand, 3 players" in text
    assert "\n   2 " not in text  # seat 2 was not asked for


def test_json_lines_are_the_reviews_of_review_many(records: tuple[Path, list[object]]) -> None:
    path, states = records
    status, text = _run(str(path), "--json", "--samples", "2", "--seats", "2", "--seed", "7")
    assert status == 0
    lines = [json.loads(line) for line in text.splitlines()]
    validator = jsonschema.Draft202012Validator(json_schema())
    for line in lines:
        validator.validate(line)
    expected = bugami.review_many(states, seed="7", seats=[2], samples=2)  # type: ignore[arg-type]
    assert lines == [json.loads(json.dumps(result.to_dict())) for result in expected]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--seats", "0,9"], "a record has 3 players, seats 0 to 2, not 9"),
        (["--seats", "a"], "expected seats separated by commas"),
        (["--samples", "1"], "expected a whole number from 2 to 10000"),
    ],
)
def test_bad_options_are_one_line(
    records: tuple[Path, list[object]],
    arguments: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path, _ = records
    assert main(["review", str(path), *arguments]) == 2
    error = capsys.readouterr().err
    assert message in error
    assert error.count("\n") == 1


@pytest.mark.parametrize(("command", "done"), [("review", "reviewed"), ("solve", "solved")])
def test_files_without_records_to_review_or_solve(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, done: str
) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    out = io.StringIO()
    assert main([command, str(empty)], out) == 1
    assert out.getvalue() == f"{empty}: no records\n"
    seen = tmp_path / "seen.jsonl"
    seen.write_text(
        bugami.dumps(bugami.view(bugami.deal(bugami.Rules(), seed=1), 0)), encoding="utf-8"
    )
    assert main([command, str(seen)]) == 2
    assert f"hides cards and cannot be {done}" in capsys.readouterr().err
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(b"\xff\xfe\x00")
    assert main([command, str(binary)]) == 2
    assert "not text in UTF-8" in capsys.readouterr().err
