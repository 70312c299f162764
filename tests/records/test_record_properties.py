"""Records round-trip any state exactly, and hostile input only ever raises RecordError."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import bugami
from bugami import Record, RecordError, TrickComment, dumps, load_record, loads
from bugami._records.kinds import KINDS, PieceError
from bugami.record import AnyRecorded
from bugami.record._bugami import BUGAMI
from bugami.record._bugami import _read_hand_groups as read_hand_groups
from strategies import games, in_play, partly_bid, tag_text

any_state = st.one_of(in_play(), games(), partly_bid())


@st.composite
def records(draw: st.DrawFn) -> Record[AnyRecorded]:
    state = draw(any_state)
    finished = (
        [len(state.tricks)]
        if isinstance(state, bugami.Deal)
        else [
            len(deal.tricks) for deal in (*state.deals, *([state.current] if state.current else []))
        ]
    )
    places = [(d, t) for d, count in enumerate(finished) for t in range(count)]
    chosen = (
        sorted(draw(st.lists(st.sampled_from(places), unique=True, max_size=3))) if places else []
    )
    optional = st.none() | tag_text
    extra_names = draw(
        st.lists(st.from_regex(r"X[a-z0-9_]{0,5}", fullmatch=True), unique=True, max_size=2)
    )
    return Record.from_state(
        state,
        event=draw(optional),
        site=draw(optional),
        date=draw(optional),
        seats=draw(st.none() | st.tuples(*[tag_text] * state.rules.players)),
        comment=draw(optional),
        trick_comments=tuple(TrickComment(d, t, draw(tag_text)) for d, t in chosen),
        extra=tuple((name, draw(tag_text)) for name in extra_names),
    )


@given(records(), st.sampled_from(["json", "text"]))
def test_records_round_trip(record: Record[AnyRecorded], form: str) -> None:
    text = dumps(record, format=form)  # type: ignore[arg-type]
    again = load_record(text)
    assert again == record
    assert again.state == record.state
    assert hash(again.state) == hash(record.state)
    assert dumps(again, format=form) == text  # type: ignore[arg-type]
    assert loads(text) == record.state


@given(any_state)
def test_both_formats_agree(state: bugami.Deal | bugami.Game) -> None:
    assert loads(dumps(state, format="json")) == loads(dumps(state, format="text")) == state


def _check_hostile(text: str) -> None:
    """Reading never raises anything but RecordError, and what it returns is
    exactly what it read: written again and read again, it is the same."""
    try:
        record = load_record(text)
    except RecordError:
        return
    for form in ("json", "text"):
        assert load_record(dumps(record, format=form)) == record


@given(st.text(max_size=300))
def test_garbage_is_rejected(text: str) -> None:
    _check_hostile(text)
    _check_hostile("[" + text)
    _check_hostile("{" + text)
    _check_hostile('[Game "Bugami"]\n[Version "1"]\n' + text)


@given(st.one_of(in_play(), games()), st.sampled_from(["json", "text"]), st.data())
def test_tampered_records_are_rejected_or_read_faithfully(
    state: bugami.Deal | bugami.Game, form: str, data: st.DataObject
) -> None:
    text = dumps(state, format=form)  # type: ignore[arg-type]
    kind = data.draw(st.sampled_from(["truncate", "change", "delete", "swap", "insert"]))
    if kind == "truncate":
        mutated = text[: data.draw(st.integers(0, len(text) - 1))]
    elif kind == "change":
        at = data.draw(st.integers(0, len(text) - 1))
        mutated = (
            text[:at]
            + data.draw(st.sampled_from('AKQJT98765432SHDCXM?01234 ."{}[]:,-\n'))
            + text[at + 1 :]
        )
    elif kind == "delete":
        at = data.draw(st.integers(0, len(text) - 1))
        mutated = text[:at] + text[at + data.draw(st.integers(1, 8)) :]
    elif kind == "swap":
        tokens = text.split(" ")
        i = data.draw(st.integers(0, len(tokens) - 1))
        j = data.draw(st.integers(0, len(tokens) - 1))
        tokens[i], tokens[j] = tokens[j], tokens[i]
        mutated = " ".join(tokens)
    else:
        at = data.draw(st.integers(0, len(text)))
        mutated = text[:at] + data.draw(st.text(max_size=6)) + text[at:]
    _check_hostile(mutated)
    if mutated != text:
        try:
            read = loads(mutated)
        except RecordError:
            return
        # A change that still reads must describe what it says, not the original game
        # (unless the change only touched formatting).
        assert dumps(read, format=form) == dumps(load_record(mutated), format=form)  # type: ignore[arg-type]


# Reading cards takes a fast path for the spellings the formats write, and
# reads one by one (for the message) otherwise: the two must agree.

_CARD_TEXTS = [str(card) for card in bugami.deck(jokers=8)]
_ODD_TEXTS = [
    "as", "10H", "1H", "t♥", "Q♥\ufe0f", "X9", "x1", "", " AS", "3 ", " 3", "6", "٣", "00",
]  # fmt: skip
_TEXTS = st.sampled_from(_CARD_TEXTS + _ODD_TEXTS + list("0123456789")) | st.text(max_size=3)
_JSON_VALUES = st.one_of(
    _TEXTS, st.none(), st.booleans(), st.integers(-2, 8), st.floats(allow_nan=False),
    st.lists(st.none(), max_size=1), st.dictionaries(st.just("a"), st.none(), max_size=1),
)  # fmt: skip


def _one_by_one(read: Callable[[Any], Any], values: list[Any]) -> tuple[Any, ...] | str:
    """The cards read one by one, or the first fault's message."""
    try:
        return tuple(map(read, values))
    except PieceError as fault:
        return fault.message


def test_cards_written_as_the_formats_write_them_take_the_fast_path() -> None:
    assert BUGAMI.read_cards(_CARD_TEXTS) == tuple(bugami.deck(jokers=8))
    assert BUGAMI.cards_from_json(_CARD_TEXTS) == BUGAMI.read_cards(_CARD_TEXTS)
    assert KINDS["argute"].read_cards(list("501")) == (5, 0, 1)
    assert KINDS["argute"].cards_from_json([5, 0, 1]) == (5, 0, 1)


@given(st.lists(_TEXTS, max_size=6))
def test_reading_card_texts_quickly_agrees_with_reading_them_one_by_one(texts: list[str]) -> None:
    for kind in KINDS.values():
        fast = kind.read_cards(texts)
        assert fast is None or fast == _one_by_one(kind.read_card, texts)


@given(st.lists(_JSON_VALUES, max_size=6))
def test_reading_json_cards_quickly_agrees_with_reading_them_one_by_one(values: list[Any]) -> None:
    for kind in KINDS.values():
        fast = kind.cards_from_json(values)
        careful = _one_by_one(kind.card_from_json, values)
        assert fast is None or (
            fast == careful and list(map(type, fast)) == list(map(type, careful))
        )


@given(st.lists(st.text("AKQJT98765432akqjt1X♠0", max_size=6), min_size=4, max_size=5))
def test_reading_a_hand_quickly_agrees_with_reading_it_character_by_character(
    groups: list[str],
) -> None:
    def read(read_hand: Callable[[], Any]) -> Any:
        try:
            return read_hand()
        except PieceError as fault:
            return fault.message, fault.offset

    text = ".".join(groups)
    expected = read(lambda: read_hand_groups(groups))
    assert read(lambda: BUGAMI.read_hand(text, bugami.Rules(jokers=1))) == expected
