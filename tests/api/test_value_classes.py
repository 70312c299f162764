"""The library's two kinds of value class: attrs classes off the per-card hot
path (attrs' own functions work on them), and the hand-made fast values on
one base, ``Sealed``, whose generated builders show their source."""

from __future__ import annotations

import copy
import inspect
import json
import pickle
import traceback
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import bugami
from bugami import argute
from bugami._kernel import native, values
from bugami._kernel.estimates import BidEstimate, BidEvaluation, Outcome
from bugami._kernel.native import Sealed
from bugami._kernel.play_solutions import PlayedCard, PlaySolution
from bugami._kernel.reviewing import Decision, Hint, Review, SeatSummary
from bugami._kernel.solutions import DealSolution, Solution
from bugami._kernel.values import Value, sealed_builder
from bugami._records.kinds import KINDS
from bugami._records.sheet import DealSheet, Sheet, TrickSheet
from bugami.argute.hands import ArguteHandFeatures
from bugami.core.actions import BidAction, PlayAction
from bugami.core.hands import HandFeatures, hand_features
from bugami.core.view import make_deal_view

_BID = BidAction(0, bugami.Suit.HEARTS)
_PLAY = PlayAction(1, bugami.Card("QS"))
_ESTIMATE = BidEstimate("H", 2, 1.0, 0.5, 0.0, 2.0, 3.0, None, 0.5, (1, 1))
_DECISION = Decision(0, 4, 1, 1, _PLAY, ((_PLAY, 2.0),), 0.0, "best", True)
_SOLUTION: Solution[bugami.Card] = Solution(0, 5, {bugami.Card("QS"): 5}, 10, 0)
_PLAYED: PlayedCard[bugami.Card] = PlayedCard(11, 0, bugami.Card("TC"), 3, 4)
_TRICK = TrickSheet(0, ("AS", "KS"), 0)
_DEAL = DealSheet(0, (("AS",), ("KS",)), None, ("S", "H"), (_TRICK,), None, (1, 2))

# One value of each attrs class, made by calling the class (each is constructible).
VALUES: list[Callable[[], Any]] = [
    lambda: _ESTIMATE,
    lambda: BidEvaluation(0, 2, 7, ("heuristic",) * 4, (_ESTIMATE,)),
    lambda: Outcome(10, 3, False, True),
    lambda: Hint(_PLAY, 1.5),
    lambda: _DECISION,
    lambda: SeatSummary(1, 1, 0, 0.0, 0.0, 1.0, (("best", 1),)),
    lambda: Review("bugami", 7, 4, ("heuristic",) * 4, (1.0, 2.0, 3.0), (_DECISION,)),
    lambda: _SOLUTION,
    lambda: DealSolution((_SOLUTION,), ("H",)),
    lambda: _PLAYED,
    lambda: PlaySolution((0,), 11, ((11, (4,)),), (_PLAYED,), (3,), None),
    lambda: hand_features("AS KS QH X1"),
    lambda: argute.hand_features("012345"),
    lambda: _TRICK,
    lambda: _DEAL,
    lambda: Sheet("deal", bugami.Rules(), None, (_DEAL,), None, None, game=KINDS["bugami"]),
]
IDS = [type(make()).__name__ for make in VALUES]


@pytest.mark.parametrize("make", VALUES, ids=IDS)
def test_attrs_functions_work_on_each_value_class(make: Callable[[], Any]) -> None:
    value = make()
    kind: Any = type(value)
    assert attrs.has(type(value))
    assert Value in kind.__mro__
    names = tuple(field.name for field in attrs.fields(kind))
    assert names == kind.field_names()
    assert list(attrs.asdict(value, recurse=False)) == list(names)
    assert attrs.evolve(value) == value
    assert value.replace(**{names[0]: getattr(value, names[0])}) == value
    assert not hasattr(value, "__dict__")
    with pytest.raises(AttributeError, match="is immutable: cannot set"):
        setattr(value, names[0], None)
    with pytest.raises(AttributeError, match="is immutable: cannot delete"):
        delattr(value, names[0])
    with pytest.raises(TypeError, match="has no field 'nothing'"):
        value.replace(nothing=1)


@pytest.mark.parametrize(
    "make", [lambda: _SOLUTION, lambda: DealSolution((_SOLUTION,), ("H",)), lambda: _PLAYED]
)
def test_the_solvers_values_give_json_ready_dicts(make: Callable[[], Any]) -> None:
    # Solution.to_dict() gave move_values keyed by Card objects, which json refused
    value = make()
    assert json.loads(json.dumps(value.to_dict())) == value.to_dict()


@pytest.mark.parametrize("make", VALUES, ids=IDS)
def test_each_value_class_pickles_copies_and_hashes(make: Callable[[], Any]) -> None:
    value = make()
    again = pickle.loads(pickle.dumps(value))
    assert type(again) is type(value)
    if isinstance(value, Sheet):  # its game kind (an internal object) comes back as a copy
        again = attrs.evolve(again, game=value.game)
    assert again == value
    assert hash(again) == hash(value)
    assert copy.copy(value) == value


# Pickled by the version before these classes were attrs classes (as ``Called``
# values): a hand's features in both games, a bid estimate and a hint.
_OLD_PICKLE = (
    b"\x80\x04\x95\x90\x01\x00\x00\x00\x00\x00\x00(\x8c\x15bugami._kernel.values\x94\x8c\x07_remade"
    b"\x94\x93\x94\x8c\x0cbugami.hands\x94\x8c\x0cHandFeatures\x94\x93\x94((K\x02K\x00K\x00K\x00t"
    b"\x94K\x00K\x02K\x03K\x07t\x94\x86\x94R\x94h\x02\x8c\x13bugami.argute.hands\x94\x8c\x12ArguteH"
    b"andFeatures\x94\x93\x94((K\x01K\x00K\x00K\x00K\x00K\x02t\x94K\x02K2K\nt\x94\x86\x94R\x94h\x02"
    b"\x8c\x11bugami.evaluation\x94\x8c\x0bBidEstimate\x94\x93\x94(\x8c\x01H\x94K\x02G?\xf0\x00\x00"
    b"\x00\x00\x00\x00G?\xe0\x00\x00\x00\x00\x00\x00G\x00\x00\x00\x00\x00\x00\x00\x00G@\x00\x00"
    b"\x00\x00\x00\x00\x00G@\x08\x00\x00\x00\x00\x00\x00NG?\xe0\x00\x00\x00\x00\x00\x00K\x01K\x01"
    b"\x86\x94t\x94\x86\x94R\x94h\x02\x8c\x0ebugami.reviews\x94\x8c\x04Hint\x94\x93\x94\x8c\x0ebuga"
    b"mi.actions\x94\x8c\nPlayAction\x94\x93\x94K\x01\x8c\x0cbugami.cards\x94\x8c\x05_card\x94\x93"
    b"\x94\x8c\x02QS\x94\x85\x94R\x94\x86\x94R\x94G?\xf8\x00\x00\x00\x00\x00\x00\x86\x94\x86\x94R"
    b"\x94t\x94."
)


def test_pickles_of_the_earlier_classes_still_load() -> None:
    assert pickle.loads(_OLD_PICKLE) == (
        hand_features("AS KS"),
        argute.hand_features("055"),
        _ESTIMATE,
        Hint(_PLAY, 1.5),
    )


# A BidEvaluation pickled by the version before it recorded ``exact``.
_EVALUATION_PICKLE = (
    b"\x80\x04\x95%\x01\x00\x00\x00\x00\x00\x00\x8c\x1abugami.analysis.evaluation\x94\x8c\rBidEvaluation"
    b"\x94\x93\x94)\x81\x94}\x94(\x8c\x04seat\x94K\x00\x8c\x05deals\x94K\x02\x8c\x04seed\x94K\x07\x8c"
    b"\x04bots\x94\x8c\theuristic\x94h\t\x86\x94\x8c\testimates\x94h\x00\x8c\x0bBidEstimate\x94\x93\x94)"
    b"\x81\x94}\x94(\x8c\x03bid\x94\x8c\x01H\x94h\x06K\x02\x8c\x04mean\x94G?\xf0\x00\x00\x00\x00\x00"
    b"\x00\x8c\x06stderr\x94G?\xe0\x00\x00\x00\x00\x00\x00\x8c\x03low\x94G\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x8c\x04high\x94G@\x00\x00\x00\x00\x00\x00\x00\x8c\x06tricks\x94G@\x08\x00\x00\x00\x00"
    b"\x00\x00\x8c\x04made\x94N\x8c\x05sweep\x94G?\xe0\x00\x00\x00\x00\x00\x00\x8c\x06points\x94K\x01"
    b"K\x01\x86\x94ub\x85\x94\x8c\x05parse\x94Nub."
)


def test_an_evaluation_pickled_before_it_recorded_exact_loads_as_not_exact() -> None:
    loaded = pickle.loads(_EVALUATION_PICKLE)
    assert loaded == BidEvaluation(0, 2, 7, ("heuristic",) * 2, (_ESTIMATE,))
    assert loaded.exact is False
    # and a value pickled before the class was an attrs class, by its fields in order
    assert values._remade(BidEvaluation, (0, 2, 7, ("heuristic",), (_ESTIMATE,))).exact is False
    with pytest.raises(TypeError, match="has 7 fields, not 8"):
        values._remade(BidEvaluation, (0,) * 8)


def test_evolve_changes_a_field_and_keeps_the_class_checks() -> None:
    features = hand_features("AS KS")
    assert attrs.evolve(features, jokers=1).jokers == 1
    assert features.jokers == 0
    changed = attrs.evolve(_ESTIMATE, mean=3.0)
    assert changed.mean == 3.0
    assert changed != _ESTIMATE
    # A review's summaries follow from its decisions, also through evolve.
    review = Review("bugami", 7, 4, ("heuristic",) * 4, (1.0, 2.0, 3.0), (_DECISION,))
    assert list(attrs.evolve(review, seats=[0, 1]).seats) == [0, 1]
    assert attrs.evolve(review, seats=[0, 1]) != review


def test_solution_compares_without_its_work() -> None:
    other = attrs.evolve(_SOLUTION, nodes=99)
    assert other == _SOLUTION
    assert hash(other) == hash(_SOLUTION)
    assert attrs.evolve(_SOLUTION, to_move=1) != _SOLUTION
    with pytest.raises(TypeError):
        _SOLUTION.move_values[bugami.Card("AS")] = 3  # type: ignore[index]


def test_the_features_classes_are_attrs_classes() -> None:
    assert attrs.has(HandFeatures)
    assert attrs.has(ArguteHandFeatures)
    assert attrs.asdict(argute.hand_features("55"))["strength"] == 50


# --- the hand-made values: one base --------------------------------------------------


def _hand_made() -> list[Any]:
    state = bugami.deal(bugami.Rules(), seed=3)
    game = bugami.new_game(bugami.Rules(), seed=3)
    small = argute.deal(argute.Rules(), seed=3)
    for seat in range(4):
        state = bugami.bid(state, seat, "H")
    state = bugami.play(state, bugami.legal_moves(state)[0])
    while not state.tricks:
        state = bugami.play(state, bugami.legal_moves(state)[0])
    _, events = bugami.core.frontend.step(game, bugami.legal_actions(game)[0])
    return [
        bugami.Card("QS"),
        state,
        state.tricks[0],
        bugami.view(state, 0),
        bugami.view(state, None),
        game,
        bugami.view(game, 0),
        bugami.view(game, None),
        _BID,
        _PLAY,
        *events,
        small,
        argute.view(small, 0),
    ]


def test_every_hand_made_value_derives_from_the_one_base() -> None:
    assert not hasattr(values, "Frozen")
    for value in _hand_made():
        assert isinstance(value, Sealed), value
        assert not hasattr(value, "__dict__")
        assert copy.copy(value) is value
        with pytest.raises(AttributeError, match="is immutable: cannot set 'seat'"):
            setattr(value, "seat", None)  # noqa: B010 (the refusal is the test)
        with pytest.raises(AttributeError, match="is immutable: cannot delete 'seat'"):
            delattr(value, "seat")


def test_the_base_refuses_callers_but_cards_and_actions_are_made_by_calling() -> None:
    seen = bugami.view(bugami.deal(bugami.Rules(), seed=3), 0)
    with pytest.raises(TypeError, match="cannot be built directly"):
        type(seen)()
    assert bugami.Card("QS") is bugami.Card(bugami.Suit.SPADES, 12)
    assert BidAction(0, "H") == _BID


# --- generated builders show their source ---------------------------------------------


class _Pair(Sealed):
    __slots__ = ("first", "second", "total")
    _fields = ("first", "second")
    first: int
    second: int
    total: int


def test_a_generated_builder_shows_its_source() -> None:
    make_pair = sealed_builder(
        _Pair, ("first", "second"), ["obj.total = first + second"], name="make_pair"
    )
    source = inspect.getsource(make_pair)
    assert source.startswith("def make_pair(first, second):")
    assert "    obj.total = first + second\n" in source
    assert make_pair(2, 3).total == 5
    # The library's own builders too.
    assert inspect.getsource(make_deal_view).startswith("def make_deal_view(")
    assert "rules.players" in inspect.getsource(make_deal_view)


def test_a_traceback_through_a_generated_builder_shows_the_line() -> None:
    make_pair = sealed_builder(
        _Pair, ("first", "second"), ["obj.total = first + second"], name="make_pair"
    )
    with pytest.raises(TypeError) as raised:
        make_pair(1, "x")
    text = "".join(traceback.format_exception(raised.value))
    assert "in make_pair" in text
    assert "obj.total = first + second" in text


def test_builders_of_the_same_name_keep_their_own_source() -> None:
    first = sealed_builder(_Pair, ("first", "second"), ["obj.total = 1"], name="make_twin")
    second = sealed_builder(_Pair, ("first", "second"), ["obj.total = 2"], name="make_twin")
    assert first.__code__.co_filename != second.__code__.co_filename
    assert "obj.total = 1" in inspect.getsource(first)
    assert "obj.total = 2" in inspect.getsource(second)


def test_the_build_is_reported() -> None:
    assert native.COMPILED is bugami.COMPILED
