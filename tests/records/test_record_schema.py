"""The JSON Schema of the JSON record format: shipped in the package, a valid
draft 2020-12 schema, matched by every record of both games, and strict
enough to refuse records of the wrong shape -- but never one the reader takes.

(Every JSON record written anywhere in the tests is checked against the schema
too, by a fixture in conftest.py.)
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bugami
from argute_strategies import games as argute_games
from argute_strategies import in_play as argute_in_play
from argute_strategies import partly_bid as argute_partly_bid
from bugami import RecordError, argute
from bugami.record import FORMAT, VERSIONS, AnyRecorded, json_schema
from strategies import games, in_play, partly_bid, tag_text

jsonschema = pytest.importorskip(
    "jsonschema", reason="jsonschema is not installed (pip install -e '.[test]')"
)

VALIDATOR = jsonschema.Draft202012Validator(json_schema())
GOLDEN = Path(__file__).parents[1] / "golden" / "records"

Document = dict[str, Any]


def errors(document: object) -> list[str]:
    """The schema's complaints about a document, as ``path: message``."""
    return [f"{e.json_path}: {e.message}" for e in VALIDATOR.iter_errors(document)]


def document_of(obj: Any) -> Document:
    parsed: Document = json.loads(bugami.dumps(obj))
    return parsed


# --- the schema itself --------------------------------------------------------------


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    schema = json_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)


def test_the_schema_is_a_file_of_the_package_and_a_new_dict_each_time() -> None:
    shipped = files("bugami") / "schemas" / "record.schema.json"
    assert json.loads(shipped.read_text(encoding="utf-8")) == json_schema()
    schema = json_schema()
    schema.clear()
    assert json_schema()["title"] == "Bugami record, JSON format, version 1"


def test_the_schema_names_the_format_and_the_versions_the_library_reads() -> None:
    properties = json_schema()["properties"]
    assert isinstance(properties, dict)
    assert properties["format"] == {"const": FORMAT}
    assert properties["version"] == {"const": VERSIONS[-1]}
    assert properties["game"]["enum"] == list(bugami.record.GAMES)


# --- every record matches -------------------------------------------------------------


@st.composite
def tagged(draw: st.DrawFn, state: Any) -> bugami.Record[AnyRecorded]:
    """A record of ``state`` (or of a seat's view of it) with tags drawn at random."""
    players = state.rules.players
    if draw(st.booleans()):
        state = (bugami.view if isinstance(state, (bugami.Deal, bugami.Game)) else argute.view)(
            state, draw(st.integers(0, players - 1))
        )
    optional = st.none() | tag_text
    names = st.lists(st.from_regex(r"[A-Z][a-z0-9_]{0,6}", fullmatch=True), unique=True, max_size=3)
    extra = tuple(
        (name, draw(tag_text)) for name in draw(names) if name != "Seat" and name[:4] != "Seat"
    )
    return bugami.Record.from_state(
        state,
        event=draw(optional),
        site=draw(optional),
        date=draw(optional),
        seats=draw(st.none() | st.tuples(*[tag_text] * players)),
        comment=draw(optional),
        extra=tuple(pair for pair in extra if pair[0] not in ("Game", "Date", "Site", "Seed")),
    )


# Every record the other tests write is checked too (see conftest.py): at most 200 here.
@settings(max_examples=min(settings().max_examples, 200))
@given(
    st.one_of(
        in_play(), partly_bid(), games(), argute_in_play(), argute_partly_bid(), argute_games()
    ).flatmap(tagged)
)
def test_every_record_of_both_games_matches_the_schema(record: bugami.Record[AnyRecorded]) -> None:
    assert errors(document_of(record)) == []


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*")), ids=lambda path: path.name)
def test_the_golden_records_match_the_schema(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    document = json.loads(text) if path.suffix == ".json" else document_of(bugami.load_record(text))
    assert errors(document) == []


def test_a_record_written_before_games_were_named_matches() -> None:
    document = document_of(bugami.deal(bugami.Rules(), seed=1))
    del document["game"]
    bugami.loads(json.dumps(document))
    assert errors(document) == []


# --- records of the wrong shape are refused, by the schema and by the reader ---------------


def _bugami_game() -> Document:
    game = bugami.new_game(bugami.Rules(players=3, target=30), seed=4)
    while not game.is_over:
        current = game.current
        assert current is not None
        waiting = [seat for seat, choice in enumerate(current.bids) if choice is None]
        if waiting:
            game = bugami.bid(game, waiting[0], bugami.legal_bids(game, waiting[0])[-1])
        else:
            game = bugami.play(game, bugami.legal_moves(game)[0])
    return document_of(bugami.Record.from_state(game, event="Club", seats=("A", "B", "C")))


def _bugami_view() -> Document:
    state = bugami.bid(bugami.deal(bugami.Rules(players=4), seed=2), 1, "H")
    return document_of(bugami.view(state, 0))


def _argute_hand() -> Document:
    state = argute.deal(argute.Rules(players=2), seed=3)
    state = argute.bid(argute.bid(state, 0, 1), 1, 2)
    for _ in range(7):
        state = argute.play(state, argute.legal_moves(state)[0])
    return document_of(state)


BASES: dict[str, Callable[[], Document]] = {
    "bugami game": _bugami_game,
    "bugami view": _bugami_view,
    "argute hand": _argute_hand,
}


def _set(path: str, value: Any) -> Callable[[Document], None]:
    """A change: set the value at a dotted path (numbers index arrays)."""

    def change(document: Document) -> None:
        *parents, last = path.split(".")
        target: Any = document
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value

    return change


def _delete(path: str) -> Callable[[Document], None]:
    def change(document: Document) -> None:
        *parents, last = path.split(".")
        target: Any = document
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        del target[last]

    return change


def _append(path: str, value: Any) -> Callable[[Document], None]:
    def change(document: Document) -> None:
        target: Any = document
        for key in path.split("."):
            target = target[int(key)] if isinstance(target, list) else target[key]
        target.append(value)

    return change


REQUIRED = (
    "format",
    "version",
    "record",
    "view",
    "rules",
    "tags",
    "seed",
    "deals",
    "totals",
    "winner",
)
WRONG: list[tuple[str, str, Callable[[Document], None]]] = [
    *(("bugami game", f"no {key}", _delete(key)) for key in REQUIRED),
    ("bugami game", "an unknown key", _set("notes", "")),
    ("bugami game", "another format", _set("format", "chess")),
    ("bugami game", "an unknown version", _set("version", 2)),
    ("bugami game", "the version as a string", _set("version", "1")),
    ("bugami game", "an unknown game", _set("game", "hearts")),
    ("bugami game", "an unknown kind of record", _set("record", "match")),
    ("bugami game", "players as a string", _set("rules.players", "3")),
    ("bugami game", "too many players", _set("rules.players", 8)),
    ("bugami game", "no target", _delete("rules.target")),
    ("bugami game", "a rule of another game", _set("rules.decks", 2)),
    ("bugami game", "shotgun wedding as a number", _set("rules.shotgun_wedding", 0)),
    ("bugami game", "a tag missing", _delete("tags.site")),
    ("bugami game", "an event that is a number", _set("tags.event", 5)),
    ("bugami game", "a line break in a tag", _set("tags.event", "a\nb")),
    ("bugami game", "a brace in a tag", _set("tags.event", "a{b}")),
    ("bugami game", "a name for one seat too few", _set("tags.seats", ["A", "B"])),
    ("bugami game", "a tag of one's own in lower case", _set("tags.extra", [["round", "1"]])),
    (
        "bugami game",
        "a tag of one's own named as the format's",
        _set("tags.extra", [["Date", "1"]]),
    ),
    ("bugami game", "a tag of one's own that is not a pair", _set("tags.extra", [["Round"]])),
    ("bugami game", "a game without its seed", _set("seed", None)),
    ("bugami game", "a seed of an unknown kind", _set("seed", {"float": "1.5"})),
    ("bugami game", "an integer seed that is not one", _set("seed", {"int": "1.5"})),
    ("bugami game", "bytes in upper case", _set("seed", {"bytes": "AB"})),
    ("bugami game", "two seeds", _set("seed", {"int": "1", "str": "x"})),
    ("bugami game", "no deals", _set("deals", [])),
    ("bugami game", "a game without totals", _set("totals", None)),
    ("bugami game", "totals for one seat too many", _append("totals", 0)),
    ("bugami game", "a winner who is not at the table", _set("winner", 3)),
    ("bugami game", "a deal without its points", _delete("deals.0.points")),
    ("bugami game", "an unknown key in a deal", _set("deals.0.notes", None)),
    ("bugami game", "the dealer as a string", _set("deals.0.dealer", "0")),
    ("bugami game", "a dealer who is not at the table", _set("deals.0.dealer", 3)),
    ("bugami game", "a hand too few", _set("deals.0.hands", [])),
    ("bugami game", "a card that is not one", _set("deals.0.hands.0.0", "ZZ")),
    ("bugami game", "a card as a number", _set("deals.0.hands.0.0", 5)),
    ("bugami game", "a hidden hand in a full record", _set("deals.0.hands.1", None)),
    ("bugami game", "an unknown bid", _set("deals.0.bids.0", "X")),
    ("bugami game", "a hidden bid in a full record", _set("deals.0.bids.0", "*")),
    ("bugami game", "a trick without its winner", _delete("deals.0.tricks.0.winner")),
    ("bugami game", "a trick with a card too many", _append("deals.0.tricks.0.cards", "2C")),
    ("bugami game", "a trick comment that is a number", _set("deals.0.tricks.0.comment", 1)),
    (
        "bugami game",
        "an open trick without cards",
        _set(
            "deals.0.current_trick",
            {
                "leader": 0,
                "cards": [],
            },
        ),
    ),
    ("bugami game", "points as text", _set("deals.0.points", "25 30 0")),
    ("bugami game", "a deal record of two deals", _set("record", "deal")),
    ("bugami view", "a view with a seed", _set("seed", {"int": "2"})),
    ("bugami view", "a view of a seat not at the table", _set("view", 4)),
    ("bugami view", "a deal record with totals", _set("totals", [0, 0, 0, 0])),
    ("bugami view", "a Bugami deal without its leftover", _delete("deals.0.leftover")),
    ("argute hand", "a rule of Bugami", _set("rules.jokers", 0)),
    ("argute hand", "a leftover", _set("deals.0.leftover", [])),
    ("argute hand", "a card out of range", _set("deals.0.hands.0.0", 6)),
    ("argute hand", "a card as text", _set("deals.0.hands.0.0", "3")),
    ("argute hand", "a card that is true", _set("deals.0.hands.0.0", True)),
    ("argute hand", "a hand of five cards", _set("deals.0.hands.0", [0, 1, 2, 3, 4])),
    ("argute hand", "a bid out of range", _set("deals.0.bids.0", 4)),
    ("argute hand", "a bid of Bugami", _set("deals.0.bids.0", "H")),
    ("argute hand", "a first trick of the wrong size", _append("deals.0.tricks.0.cards", 0)),
    ("argute hand", "one player too few", _set("rules.players", 1)),
]


@pytest.mark.parametrize(
    ("base", "change"),
    [pytest.param(base, change, id=f"{base}: {what}") for base, what, change in WRONG],
)
def test_records_of_the_wrong_shape_are_refused(
    base: str, change: Callable[[Document], None]
) -> None:
    document = BASES[base]()
    assert errors(document) == []
    change(document)
    assert errors(document) != []
    with pytest.raises(RecordError):
        bugami.loads(json.dumps(document))


# --- the schema is never stricter than the reader ---------------------------------------

ODD_VALUES: tuple[Any, ...] = (
    *(None, 0, 1, -1, 7, 1.5, True, "", "x", "*", "AS"),
    *([], [0], ["AS"], {}, {"int": "1"}),
)


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON document, as a path of keys and indexes."""
    places = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            places += _places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            places += _places(item, (*path, index))
    return places


@given(st.sampled_from(sorted(BASES)), st.data())
def test_the_schema_never_refuses_a_record_the_reader_takes(base: str, data: st.DataObject) -> None:
    document = copy.deepcopy(BASES[base]())
    path = data.draw(st.sampled_from(_places(document)[1:]))
    *parents, last = path
    target: Any = document
    for key in parents:
        target = target[key]
    action = data.draw(st.sampled_from(("replace", "delete", "add")))
    if action == "delete" and isinstance(target, dict):
        del target[last]
    elif action == "add" and isinstance(target[last], dict):
        target[last]["unknown"] = None
    else:
        target[last] = data.draw(st.sampled_from(ODD_VALUES))
    # A known leniency of the reader, not of the format: it reads a seat's name
    # given as null as an empty name.
    if parents == ["tags", "seats"] and target[last] is None:
        return
    try:
        bugami.loads(json.dumps(document))
    except RecordError:
        return
    assert errors(document) == [], f"the reader takes {document}"
