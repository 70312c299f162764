"""Wrong arguments anywhere in the public API -- wrong types, numbers past
Python's digit limit -- give the library's errors, never a plain ValueError
or TypeError, and the messages that quote them never fail."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest

import bugami
from bugami import argute
from bugami.analysis.simulate import simulate
from bugami.bots import RandomBot, make_bot
from bugami.errors import BugamiError, InvalidInputError
from bugami.record import read_records

_STATE = bugami.deal(bugami.Rules(), seed=1)
_TEXT = bugami.dumps(_STATE)


def test_a_seed_past_pythons_digit_limit() -> None:
    with pytest.raises(InvalidInputError):
        bugami.new_game(bugami.Rules(), seed=10**5000)


@pytest.mark.parametrize("cards", [None, 5, 2.5, b"AS", object()])
def test_parse_cards_of_no_cards(cards: Any) -> None:
    with pytest.raises(InvalidInputError, match="cards are a str of card texts or an iterable"):
        bugami.parse_cards(cards)


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
def test_wrong_types_give_our_errors(call: Callable[[], object]) -> None:
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
def test_numbers_past_pythons_digit_limit_give_our_errors(
    call: Callable[[], object],
) -> None:
    with pytest.raises(BugamiError):
        call()


def test_brief_never_fails() -> None:
    class Broken:
        def __repr__(self) -> str:
            raise RuntimeError("no repr")

    assert bugami.errors.brief(Broken()).startswith("<Broken instance at ")
    assert bugami.errors.brief(-(10**5000)) == "an int of about 5000 digits"
    assert len(bugami.errors.brief(list(range(10**6)))) < 40
