"""What the record readers and writers refuse, and what they take: text that
no UTF-8 file can hold (lone surrogates), JSON values of the wrong type,
ints not in canonical decimal; a byte order mark, and one str as a whole text."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest

import bugami
from bugami import argute
from bugami.cli import main
from bugami.errors import InvalidInputError, RecordError
from bugami.record import read_records


def _one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    """The error the command printed: exactly one line, and no traceback."""
    err = capsys.readouterr().err
    assert err.endswith("\n")
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


_STATE = bugami.deal(bugami.Rules(), seed=1)
_TEXT = bugami.dumps(_STATE)


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
def test_tags_that_no_utf8_file_can_hold_are_refused(tags: dict[str, Any]) -> None:
    game = bugami.new_game(bugami.Rules(), seed=1)
    with pytest.raises(InvalidInputError, match="lone surrogates"):
        bugami.Record.from_state(game, **tags)


def test_a_trick_comment_with_a_surrogate_is_refused() -> None:
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


def test_the_readers_refuse_surrogates() -> None:
    with pytest.raises(RecordError, match="lone surrogates"):
        bugami.load_record(_json_with_event('"\\ud800"'))
    text = bugami.dumps(
        bugami.Record.from_state(bugami.deal(bugami.Rules(), seed=1), event="E"), format="text"
    )
    with pytest.raises(RecordError, match="lone surrogates"):
        bugami.load_record(text.replace('[Event "E"]', f'[Event "{SURROGATE}"]'))
    with pytest.raises(RecordError, match="lone surrogates"):
        list(read_records([_json_with_event('"\\udc80"')]))


def test_check_and_show_refuse_surrogates(
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


def test_read_records_takes_one_str_as_the_whole_text() -> None:
    text = bugami.dumps(_STATE, format="text") + "\n" + bugami.dumps(_STATE, format="text")
    assert [record.state for record in read_records(text)] == [_STATE, _STATE]


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
def test_wrongly_typed_json_values_are_refused(change: str, where: str) -> None:
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
def test_an_int_seed_is_written_in_canonical_decimal(digits: str) -> None:
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


def test_a_byte_order_mark_before_json_is_read() -> None:
    assert bugami.loads("\ufeff" + _TEXT) == _STATE
    assert [r.state for r in read_records(["\ufeff" + _TEXT, _TEXT])] == [_STATE, _STATE]
