"""A fuzzer for the record readers.

Valid records of both games, in both formats (deals and games, finished or
not, full or for one seat, with tags and comments), are mutated -- characters
flipped, ranges cut, truncated, duplicated or spliced in from another record,
lines swapped, numbers blown up, JSON values replaced by values of another
type -- and read back. Whatever the input:

* the readers raise :class:`~bugami.RecordError` and nothing else;
* a record they accept re-writes, in either format, to canonical text that
  reads back to the same record and re-writes to the same text;
* the work and the memory of a read are bounded by the size of the input:
  the calls made (counted by a profiler, not timed) stay within a fixed
  multiple of its length, the memory allocated (traced) too, and inputs grown
  four times over take at most about four times the calls.

How long it searches: the ``ci`` hypothesis profile runs a bounded search
(about 10 seconds), ``fast`` a short one and the default a middling one. For
a long hunt, set ``BUGAMI_FUZZ=long`` (or use the ``stress`` profile)::

    BUGAMI_FUZZ=long python -m pytest tests/records/test_record_fuzz.py
"""

from __future__ import annotations

import io
import json
import os
import random
import sys
import tracemalloc
from collections.abc import Callable
from typing import Any, Literal

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import bugami
from bugami import argute
from bugami.errors import RecordError
from bugami.record import MAX_CHARS, AnyRecorded, read_records

_PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")
LONG = os.environ.get("BUGAMI_FUZZ") == "long" or _PROFILE == "stress"
"""Whether to search long: twenty times the examples."""
EXAMPLES = {"fast": 30, "ci": 300}.get(_PROFILE, 150) * (20 if LONG else 1)

CALLS_PER_CHAR = 40
"""The most calls (Python and C functions) a read may make per character of input, above
a fixed allowance: a valid record takes a few."""
CALLS_ALLOWED = 100_000
BYTES_PER_CHAR = 200
"""The most memory a read may allocate per character of input, above a fixed allowance."""
BYTES_ALLOWED = 4_000_000

FORMATS: tuple[Literal["json"], Literal["text"]] = ("json", "text")
TAG_TEXT = st.text(
    st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"), blacklist_characters="{}"),
    max_size=8,
)


# --- valid records ---------------------------------------------------------------------


@st.composite
def records(draw: st.DrawFn) -> bugami.Record[AnyRecorded]:
    """A valid record: a deal or a game of either game, some way along, in
    full or for one seat, with tags."""
    rng = random.Random(draw(st.integers(0, 2**32), label="choices"))
    if draw(st.booleans(), label="argute"):
        game: Any = argute
        rules: Any = argute.Rules(players=rng.randint(2, 7), target=rng.randint(1, 4))
    else:
        game = bugami
        rules = bugami.Rules(
            players=rng.randint(3, 7),
            jokers=rng.choice([0, 0, 1, 2, 8]),
            shotgun_wedding=rng.random() < 0.3,
            target=rng.randint(1, 80),
        )
    seed: Any = draw(st.one_of(st.integers(), st.text(max_size=6), st.binary(max_size=6)))
    whole = draw(st.booleans(), label="whole game")
    state = game.new_game(rules, seed=seed) if whole else game.deal(rules, seed=seed)
    for _ in range(draw(st.integers(0, 250), label="actions")):
        deal = state.current if whole else state
        if deal is None or deal.is_over:
            break
        bidders = [s for s in range(rules.players) if game.legal_bids(state, s)]
        if bidders:
            seat = rng.choice(bidders)
            state = game.bid(state, seat, rng.choice(game.legal_bids(state, seat)))
        else:
            state = game.play(state, rng.choice(game.legal_moves(state)))
    viewer = draw(st.none() | st.integers(0, rules.players - 1), label="view")
    shown = state if viewer is None else game.view(state, viewer)
    tags: dict[str, Any] = {}
    if draw(st.booleans(), label="tags"):
        tags = {
            "event": draw(st.none() | TAG_TEXT),
            "seats": draw(st.none() | st.tuples(*[TAG_TEXT] * rules.players)),
            "comment": draw(st.none() | TAG_TEXT),
            "extra": tuple(draw(st.lists(st.tuples(st.sampled_from(["Round", "Room", "X_1"]), TAG_TEXT), max_size=2, unique_by=lambda p: p[0]))),
        }  # fmt: skip
        deals = [*state.deals, *([state.current] if state.current else [])] if whole else [state]
        tricks = [(n, t) for n, d in enumerate(deals) for t in range(len(d.tricks))]
        if tricks:
            chosen = sorted(set(draw(st.lists(st.sampled_from(tricks), max_size=2))))
            tags["trick_comments"] = tuple(
                bugami.TrickComment(n, t, draw(TAG_TEXT)) for n, t in chosen
            )
    return bugami.Record.from_state(shown, **tags)


# --- mutations -------------------------------------------------------------------------

ODD_CHARS = [
    "0", "9", "-", ".", ",", ":", " ", "\t", "\n", "\r", "\x00", "\x85", "\u2028", "\ufeff",
    "\ud800", "é", "♥", '"', "\\", "[", "]", "{", "}", "*", "?", ";", "e", "X", "x",
]  # fmt: skip
BLOWUPS = [
    "9" * 30, "1" + "0" * 5000, "-1", "-0", "00", "1e999", "0.5", "NaN", "Infinity", "true",
    "null", '""', "[]", "{}", "4.0", " " * 50,
]  # fmt: skip


def _at(text: str | list[str], where: float) -> int:
    return min(int(where * len(text)), len(text))


def mutate(text: str, donor: str, operation: tuple[Any, ...]) -> str:
    """``text`` after one mutation (``donor`` is another record, for splicing)."""
    kind: str
    where: float
    size: int
    extra: Any
    kind, where, size, extra = operation
    at = _at(text, where)
    end = min(at + size, len(text))
    if kind == "flip":
        return text[:at] + str(extra) + text[at + 1 :]
    if kind == "insert":
        return text[:at] + str(extra) + text[at:]
    if kind == "cut":
        return text[:at] + text[end:]
    if kind == "truncate":
        return text[:at]
    if kind == "duplicate":
        return text[:end] + text[at:end] * (1 + size % 3) + text[end:]
    if kind == "splice":
        start = _at(donor, extra)
        return text[:at] + donor[start : start + size] + text[end:]
    if kind == "swap lines":
        lines = text.split("\n")
        i, j = _at(lines, where) % len(lines), (_at(lines, where) + size) % len(lines)
        lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines)
    if kind == "blow up":  # the digits nearest ``at`` become something else
        digits = [i for i, char in enumerate(text) if char.isdigit()]
        if not digits:
            return text
        start = min(digits, key=lambda i: abs(i - at))
        stop = start
        while stop < len(text) and text[stop].isdigit():
            stop += 1
        return text[:start] + str(extra) + text[stop:]
    if kind == "case":
        return text[:at] + text[at:end].swapcase() + text[end:]
    assert kind == "json value"
    try:
        document = json.loads(text)
    except ValueError:
        return text
    _replace_json(document, where, float(extra) if extra == "NaN" else json.loads(extra))
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


def _replace_json(document: Any, where: float, value: Any) -> None:
    """Replace one value deep in ``document`` (which one: by ``where``)."""
    places: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, child in items:
            places.append((node, key))
            if isinstance(child, (dict, list)):
                walk(child)

    if isinstance(document, (dict, list)):
        walk(document)
    if places:
        node, key = places[min(int(where * len(places)), len(places) - 1)]
        node[key] = value


OPERATIONS = st.one_of(
    st.tuples(st.just("flip"), st.floats(0, 1), st.just(1), st.sampled_from(ODD_CHARS)),
    st.tuples(st.just("insert"), st.floats(0, 1), st.just(0), st.sampled_from(ODD_CHARS + BLOWUPS)),
    st.tuples(st.just("cut"), st.floats(0, 1), st.integers(1, 40), st.none()),
    st.tuples(st.just("truncate"), st.floats(0, 1), st.just(0), st.none()),
    st.tuples(st.just("duplicate"), st.floats(0, 1), st.integers(1, 300), st.none()),
    st.tuples(st.just("splice"), st.floats(0, 1), st.integers(1, 200), st.floats(0, 1)),
    st.tuples(st.just("swap lines"), st.floats(0, 1), st.integers(1, 5), st.none()),
    st.tuples(st.just("blow up"), st.floats(0, 1), st.just(0), st.sampled_from(BLOWUPS)),
    st.tuples(st.just("case"), st.floats(0, 1), st.integers(1, 30), st.none()),
    st.tuples(
        st.just("json value"),
        st.floats(0, 1),
        st.just(0),
        st.sampled_from(['null', 'true', '1.0', '-1', '"*"', '"S"', '[]', '{}', '99999999999999999999', '"x"', "NaN"]),
    ),
)  # fmt: skip


# --- reading, counted ------------------------------------------------------------------


def _counted(read: Callable[[], object]) -> tuple[object, int]:
    """What ``read()`` returns (or the RecordError it raises), and how many
    function calls it made."""
    calls = 0

    def profile(frame: object, event: str, arg: object) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    sys.setprofile(profile)
    try:
        result: object = read()
    except RecordError as error:
        result = error
    finally:
        sys.setprofile(None)
    return result, calls


def _traced(read: Callable[[], object]) -> int:
    """The most memory ``read()`` held at once, in bytes."""
    tracemalloc.start()
    try:
        read()
    except RecordError:
        pass
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return peak


def _check_read(text: str, *, measure: bool) -> None:
    """Read ``text`` every way; only RecordError may come out, and what is
    accepted must re-write canonically."""
    result, calls = _counted(lambda: bugami.load_record(text))
    if measure:
        assert calls <= CALLS_PER_CHAR * len(text) + CALLS_ALLOWED, (calls, len(text))
        assert _traced(lambda: bugami.load_record(text)) <= (
            BYTES_PER_CHAR * len(text) + BYTES_ALLOWED
        )
    event("accepted" if isinstance(result, bugami.Record) else "refused")
    if isinstance(result, bugami.Record):
        for format in FORMATS:
            written = bugami.dumps(result, format=format)
            again = bugami.load_record(written)
            assert again == result
            assert bugami.dumps(again, format=format) == written
    try:
        for record in read_records(io.StringIO(text)):
            assert bugami.load_record(bugami.dumps(record)) == record
    except RecordError:
        pass


FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@FUZZ
@given(
    record=records(),
    donor=records(),
    format=st.sampled_from(["json", "text"]),
    donor_format=st.sampled_from(["json", "text"]),
    operations=st.lists(OPERATIONS, min_size=1, max_size=4),
    measure=st.integers(0, 9),
)
def test_mutated_records(
    record: bugami.Record[AnyRecorded],
    donor: bugami.Record[AnyRecorded],
    format: str,
    donor_format: str,
    operations: list[tuple[Any, ...]],
    measure: int,
) -> None:
    text = bugami.dumps(record, format=format)  # type: ignore[arg-type]
    assert bugami.load_record(text) == record
    spliced = bugami.dumps(donor, format=donor_format)  # type: ignore[arg-type]
    for operation in operations:
        text = mutate(text, spliced, operation)
    _check_read(text, measure=measure == 0)  # one read in ten is measured


def test_the_fuzzer_finds_the_faults_it_looks_for() -> None:
    """The mutations reach the readers' refusals (a fuzzer that never gets
    past the first check would prove nothing)."""
    state = bugami.new_game(bugami.Rules(players=3, target=30), seed=3)
    rng = random.Random(1)
    while state.current is not None and len(state.deals) < 2:
        for seat in range(3):
            if bugami.legal_bids(state, seat):
                state = bugami.bid(state, seat, rng.choice(bugami.legal_bids(state, seat)))
        state = bugami.play(state, rng.choice(bugami.legal_moves(state)))
    messages = set()
    accepted = 0
    for number in range(300):
        format = ("json", "text")[number % 2]
        text = bugami.dumps(state, format=format)  # type: ignore[arg-type]
        operation = (
            ("flip", "cut", "blow up", "swap lines", "case")[number % 5],
            rng.random(),
            rng.randint(1, 20),
            rng.choice(BLOWUPS if number % 5 == 2 else ODD_CHARS),
        )
        text = mutate(text, text, operation)
        try:
            bugami.load_record(text)
            accepted += 1
        except RecordError as error:
            messages.add(str(error).split(":")[0][:12])
    assert accepted >= 1  # some mutations are harmless (case, spaces)
    assert len(messages) >= 20  # faults found all over the record


# --- linear in the input ---------------------------------------------------------------


def _deal_text() -> str:
    state = bugami.deal(bugami.Rules(), seed=1)
    for seat in range(4):
        state = bugami.bid(state, seat, "H")
    for _ in range(20):
        state = bugami.play(state, bugami.legal_moves(state)[0])
    return bugami.dumps(state, format="text")


def _game_json(deals: int) -> str:
    game = argute.new_game(argute.Rules(players=2, target=10**6), seed=1)
    while len(game.deals) < deals:
        for seat in range(2):
            game = argute.bid(game, seat, 1)
        while game.current is not None and game.current.to_move is not None:
            game = argute.play(game, argute.legal_moves(game)[0])
    return bugami.dumps(game)


GROWN: dict[str, Callable[[int], str]] = {
    "blank lines": lambda n: "\n" * n + _deal_text(),
    "comment lines": lambda n: _deal_text().replace("\nDeal", "\n" + ";c\n" * n + "Deal"),
    "blank lines at the end": lambda n: _deal_text() + "\n" * n,
    "spaces in a line": lambda n: _deal_text().replace("Bids:", "Bids:" + " " * min(n, 9000)),
    "tags of one's own": lambda n: _deal_text().replace(
        "[Target", "".join(f'[T{i} "v"]\n' for i in range(n)) + "[Target"
    ),
    "a game of many deals": lambda n: _game_json(max(1, n // 100)),
    "nested arrays": lambda n: "{" + '"a":[' * n,
    "unknown keys": lambda n: "{" + ",".join(f'"k{i}":{i}' for i in range(n)) + "}",
    "a key twice, at the end": lambda n: (
        "{" + "".join(f'"k{i}":1,' for i in range(n)) + f'"k{n - 1}":2}}'
    ),
    "white space in JSON": lambda n: "{" + " " * n + '"format":"bugami-record"}',
    "a long string": lambda n: '{"format":"' + "x" * n + '"}',
    "many records": lambda n: "\n".join([_deal_text()] * max(1, n // 100)),
}


@pytest.mark.parametrize("kind", list(GROWN))
def test_work_grows_linearly(kind: str) -> None:
    grow = GROWN[kind]

    def work(size: int) -> int:
        text = grow(size)
        assert len(text) <= MAX_CHARS
        _, calls = _counted(lambda: list(read_records(io.StringIO(text))))
        return calls

    small, large = work(2_000), work(8_000)
    assert large <= 4.5 * small + 5_000, (small, large)
    text = grow(8_000)
    peak = _traced(lambda: list(read_records(io.StringIO(text))))
    assert peak <= BYTES_PER_CHAR * len(text) + BYTES_ALLOWED, (peak, len(text))


def test_a_key_twice_is_found_in_one_pass() -> None:
    """Regression: the reader looked for the key given twice with one count
    of the keys per key, so that an object of 300,000 keys (3.5 MB) took
    hours. Counting calls cannot see that (one call did all the work), so
    the input is large: on the old code this test does not end."""
    keys = 300_000
    text = "{" + "".join(f'"k{i}":1,' for i in range(keys)) + f'"k{keys - 1}":2}}'
    assert len(text) <= MAX_CHARS
    with pytest.raises(RecordError, match=f"the key 'k{keys - 1}' appears twice"):
        bugami.load_record(text)
