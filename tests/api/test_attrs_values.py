"""The values made by calling their class are attrs classes: the rules of
both games, records and trick comments, the simulation's rows and its result,
and the rules' field declarations. ``attrs.fields``, ``attrs.evolve`` and
``attrs.asdict`` work on each; ``evolve`` checks like the constructor; no
instance has a ``__dict__`` and nothing is cached in one; each pickles and
copies as itself."""

from __future__ import annotations

import copy
import enum
import pickle
from typing import Any

import attrs
import pytest

import bugami
from bugami import argute
from bugami._kernel.fields import RULE, RuleField
from bugami._kernel.values import Value
from bugami.analysis.simulate import ArguteRow, Row, Simulation, simulate
from bugami.bots import ArguteRandomBot, RandomBot, play_out
from bugami.errors import InvalidInputError
from bugami.record import Record, TrickComment


def _values() -> list[tuple[str, Any, dict[str, Any]]]:
    """One value of each class, and a change ``attrs.evolve`` may make to it."""
    done = play_out(bugami.deal(bugami.Rules(players=3), seed=3), [RandomBot(1)] * 3)
    rows = simulate(bugami.Rules(players=3), [RandomBot()] * 3, deals=1, seed=1, workers=0).rows
    argute_rows = simulate(
        argute.Rules(players=2), [ArguteRandomBot()] * 2, deals=1, seed=1, workers=0
    ).rows
    comment = TrickComment(0, 1, "a brave duck")
    return [
        ("bugami.Rules", bugami.Rules(jokers=2), {"players": 5}),
        ("argute.Rules", argute.Rules(players=3), {"target": 9}),
        ("TrickComment", comment, {"text": "a timid duck"}),
        (
            "Record",
            Record(state=done, event="Club", seats=("A", "B", "C"), trick_comments=(comment,)),
            {"site": "Leeds"},
        ),
        ("Row", rows[0], {"bot": "me"}),
        ("ArguteRow", argute_rows[0], {"points": 99}),
        ("Simulation", Simulation(rows, ("text",)), {"records": ()}),
        ("RuleField", bugami.Rules.fields()[0], {"help": "how many play"}),
    ]


VALUES = _values()


@pytest.mark.parametrize(("name", "value", "change"), VALUES, ids=[v[0] for v in VALUES])
def test_attrs_works_on_every_value(name: str, value: Any, change: dict[str, Any]) -> None:
    assert attrs.has(type(value))
    kind: Any = type(value)
    names = [field.name for field in attrs.fields(kind)]
    if kind is not RuleField:  # the others are Value
        assert list(kind.field_names()) == names
        assert value.to_dict() == {n: getattr(value, n) for n in names}
        assert value.replace(**change) == attrs.evolve(value, **change)
    changed = attrs.evolve(value, **change)
    assert type(changed) is kind
    assert changed != value
    assert all(getattr(changed, n) == change.get(n, getattr(value, n)) for n in names)
    assert attrs.evolve(value) == value
    assert hash(attrs.evolve(value)) == hash(value)
    as_dict = attrs.asdict(value, recurse=False)
    assert list(as_dict) == names
    assert as_dict == {n: getattr(value, n) for n in names}
    attrs.asdict(value)  # recursing into nested attrs values too


@pytest.mark.parametrize(("name", "value", "change"), VALUES, ids=[v[0] for v in VALUES])
def test_every_value_is_slotted_frozen_and_pickles(
    name: str, value: Any, change: dict[str, Any]
) -> None:
    kind: Any = type(value)
    assert not hasattr(value, "__dict__")
    # Its slots are its fields (and attrs' weak reference): nothing is kept
    # in a value beside what it is.
    slots = {slot for cls in type(value).__mro__ for slot in getattr(cls, "__slots__", ())}
    assert slots - {"__weakref__"} == {field.name for field in attrs.fields(type(value))}
    first = attrs.fields(type(value))[0].name
    with pytest.raises(AttributeError) as refused:
        setattr(value, first, getattr(value, first))
    if isinstance(value, Value):  # the library's own message, as for every other value
        assert str(refused.value) == f"{kind.__name__} is immutable: cannot set {first!r}"
    again = pickle.loads(pickle.dumps(value))
    assert again == value
    assert type(again) is type(value)
    assert hash(again) == hash(value)
    if not isinstance(value, RuleField):  # whose tools, a frozenset, show in any order
        assert repr(again) == repr(value)
    if kind is not RuleField:
        assert isinstance(value, Value)
        assert copy.copy(value) is value
        assert copy.deepcopy(value) is value


@pytest.mark.parametrize(
    ("rules", "change", "message"),
    [
        (bugami.Rules(), {"players": 9}, "players must be an int from 3 to 7, not 9"),
        (bugami.Rules(), {"jokers": -1}, "jokers must be an int from 0 to 8, not -1"),
        (
            bugami.Rules(),
            {"shotgun_wedding": 1},
            "shotgun_wedding must be True or False, not 1",
        ),
        (bugami.Rules(), {"target": 10**9}, "target must be at most 999999999"),
        (argute.Rules(), {"players": 1}, "players must be an int from 2 to 7, not 1"),
        (argute.Rules(), {"target": 0}, "target must be an int of at least 1, not 0"),
    ],
)
def test_evolve_checks_the_rules_as_the_constructor_does(
    rules: Any, change: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidInputError) as raised:
        attrs.evolve(rules, **change)
    assert str(raised.value) == message
    with pytest.raises(InvalidInputError) as raised:
        type(rules)(**change)
    assert str(raised.value) == message
    with pytest.raises(InvalidInputError, match="^" + message):
        rules.replace(**change)


def test_evolve_reads_an_int_like_as_its_plain_int() -> None:
    class Table(enum.IntEnum):
        FIVE = 5

    rules = attrs.evolve(bugami.Rules(), players=Table.FIVE)
    assert type(rules.players) is int
    assert rules == bugami.Rules(players=5)
    assert repr(rules) == "Rules(players=5, jokers=0, shotgun_wedding=False, target=250)"


def test_evolve_checks_a_record_as_the_constructor_does() -> None:
    record = next(value for name, value, _ in VALUES if name == "Record")
    with pytest.raises(InvalidInputError, match="seats must be a tuple of 3 names"):
        attrs.evolve(record, seats=("A", "B"))
    with pytest.raises(InvalidInputError, match="there is no completed trick 99"):
        attrs.evolve(record, trick_comments=(TrickComment(0, 99, "late"),))
    with pytest.raises(InvalidInputError, match="a record holds a bugami Deal"):
        attrs.evolve(record, state="not a state")
    with pytest.raises(InvalidInputError, match="event is longer than"):
        attrs.evolve(record, event="x" * 2001)


@pytest.mark.parametrize("rules_class", [bugami.Rules, argute.Rules])
def test_the_attrs_fields_are_the_declaration(rules_class: Any) -> None:
    fields = attrs.fields(rules_class)
    declared = tuple(field.metadata[RULE] for field in fields)
    assert declared == rules_class.fields()
    module = bugami.core.rules if rules_class is bugami.Rules else argute.rules
    assert declared == module.FIELDS
    for attribute, field in zip(fields, declared, strict=True):
        assert isinstance(field, RuleField)
        assert attribute.name == field.name
        assert attribute.default == field.default
        assert attribute.kw_only
        assert type(attribute.default) is field.kind


def test_a_rules_class_takes_only_declared_fields() -> None:
    from bugami._kernel.fields import declared

    with pytest.raises(TypeError, match="the field size of Loose is not made by rule"):

        @attrs.frozen(field_transformer=declared)
        class Loose:
            size: int = 3


def test_rows_are_constructible_and_unchecked() -> None:
    row = next(value for name, value, _ in VALUES if name == "Row")
    row_class: Any = Row
    assert row_class(**row.to_dict()) == row
    with pytest.raises(TypeError):
        row_class(*row.to_dict().values())  # keyword-only
    argute_row = next(value for name, value, _ in VALUES if name == "ArguteRow")
    argute_class: Any = ArguteRow
    assert argute_class(**argute_row.to_dict()) == argute_row


def test_the_hand_size_tables_are_bounded_by_the_rules() -> None:
    from bugami.core.view import _HAND_SIZES

    for players in range(3, 8):
        for jokers in range(9):
            state = bugami.deal(bugami.Rules(players=players, jokers=jokers), seed=1)
            seen = bugami.view(state, 0)
            assert seen.hand_sizes == tuple(len(hand) for hand in state.hands)
    assert 0 < len(_HAND_SIZES) <= 5 * 9
    assert all(key & 7 in range(3, 8) and key >> 3 in range(9) for key in _HAND_SIZES)
