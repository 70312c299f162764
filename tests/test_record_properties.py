"""Records round-trip any state exactly, and hostile input only ever raises RecordError."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import bugami
from bugami import Record, RecordError, TrickComment, dumps, load_record, loads
from strategies import games, in_play, partly_bid, tag_text

any_state = st.one_of(in_play(), games(), partly_bid())


@st.composite
def records(draw: st.DrawFn) -> Record:
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
def test_records_round_trip(record: Record, form: str) -> None:
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
