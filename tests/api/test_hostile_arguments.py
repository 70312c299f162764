"""Every public callable of ``bugami`` and ``bugami.argute`` answers hostile
arguments with the library's errors: given each hostile value in place of each
of its parameters (the others good), it returns, or raises a
:class:`~bugami.BugamiError` -- never a TypeError, an AssertionError, a
RecursionError, an OverflowError or a bare ValueError."""

# mypy: disable-error-code="arg-type,call-overload,assignment,dict-item,operator"
from __future__ import annotations

import enum
import inspect
import io
import itertools
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import bugami
from bugami import argute


class Seat(enum.IntEnum):
    EAST = 1
    FAR = 9


class Sub(int):
    pass


class Agreeable(int):
    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    def __lt__(self, other: object) -> bool:
        return True

    __le__ = __gt__ = __ge__ = __lt__

    def __hash__(self) -> int:
        return 7


class Lookalike:
    """Equal to everything, and no int."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


HOSTILE: dict[str, object] = {
    "None": None,
    "1.5": 1.5,
    "nan": float("nan"),
    "inf": float("inf"),
    "10**5000": 10**5000,
    "-1": -1,
    "-10**30": -(10**30),
    "True": True,
    "Sub(1)": Sub(1),
    "Seat.EAST": Seat.EAST,
    "Seat.FAR": Seat.FAR,
    "'123'": "123",
    "Agreeable(9)": Agreeable(9),
    "Lookalike()": Lookalike(),
    "long str": "7" * 100_000,
    "object()": object(),
}

# Public classes whose constructor a caller does not use: values the library
# builds and hands out (their constructors take the library's own parts and
# are the unpickling path), events and views (made by step and view).
EXEMPT_CLASSES = {
    "BidEstimate", "BidEvaluation", "BidValues", "HandFeatures", "ArguteHandFeatures", "Deal", "Game",
    "DealView", "GameView", "SpectatorView", "SpectatorGameView", "Trick", "BidMade",
    "CardPlayed", "DealScored", "DealStarted", "GameOver", "PlayStarted", "TrickWon",
    # Enums: calling one looks a member up by value and raises ValueError by
    # Python's design (``Suit.parse``, the library's reader, is in the cross-build transcript).
    "Misere", "Phase", "Suit",
    # What a review is made of (review and hint build them).
    "Review", "Decision", "SeatSummary", "Hint",
    # What the solvers return (they build them).
    "Solution", "DealSolution", "PlaySolution", "PlayedCard",
}  # fmt: skip

# Parameters where a huge int is a legal request for a huge amount of work
# (``deals``: that many imagined deals; ``max_nodes``: a search that long);
# hostile ints there are checked by the other values (a negative one, a bool,
# an int-like) only.
HUGE_IS_WORK = {"deals", "max_nodes"}

# Parameters given a good value even where they have a default: a search
# bound small enough that each call of the walk stays quick (whole deals are
# searched by solve_bids).
BOUNDED = {"deals", "max_nodes"}

# Parameters left out of the walk, each with its reason.
SKIP: set[tuple[str, str]] = {
    # None (or a huge int) means no bound, and solve_bids then searches whole
    # deals for ever; the bound is read by the same check as solve's, walked there.
    ("solve_bids", "max_nodes"),
}


def _states(module: Any) -> dict[str, Any]:
    """Good arguments of each game, by parameter name."""
    if module is bugami:
        rules = bugami.Rules()
        bidding = bugami.deal(rules, seed=1)
        state = bidding
        for seat in range(4):
            state = bugami.bid(state, seat, "H")
        card = bugami.legal_moves(state)[0]
        choice: object = "H"
        action: object = f"{state.to_move} play {card}"
    else:
        rules = argute.Rules(players=3)
        bidding = argute.deal(rules, seed=1)
        state = bidding
        for seat in range(3):
            state = argute.bid(state, seat, 1)
        card = argute.legal_moves(state)[0]
        choice = 1
        action = f"{state.to_move} play {card}"
    late = state
    while len(late.tricks) < (10 if module is bugami else 3) and module.legal_moves(late):
        late = module.play(late, module.legal_moves(late)[0])
    return {
        "rules": rules, "state": state, "bidding": bidding, "late": late, "seat": state.to_move,
        "card": card, "value": card, "choice": choice, "tricks": choice, "action": action,
        "obj": state, "text": module.dumps(state), "data": action, "cards": "AS KS",
        "hand": module.view(state, 0).hand, "view_or_state": bidding,
        "seen": module.view(state, state.to_move), "rng": random.Random(1), "start": bidding,
        "actions": [], "records": [state], "suit_or_text": "AS", "bid": choice, "jokers": 0,
        "trick": 0, "deal": 0, "deals": 2, "max_nodes": 2_000, "message": "seat 0 cannot play",
    }  # fmt: skip


def _arguments(module: Any, name: str, parameter: str) -> dict[str, Any]:
    """Good values for the parameters of ``name`` (fresh files each call)."""
    good = _states(module)
    if "bid" in name and "evaluate" not in name:
        good["state"] = good["bidding"]
    if name in ("solve", "solve_deal", "solve_play"):
        good["state"] = good["late"]
    if name == "evaluate_bids":
        good["seat"] = 0
    # A deal still in its bids has no decision to review: each call checks its
    # arguments without the work of a review (tests/analysis/test_reviews.py has that).
    good["deal_game_or_record"] = good["bidding"]
    good["items"] = [good["bidding"]]
    late = good["late"]
    good["view"] = module.view(late, late.to_move)
    good["fp"] = io.StringIO(good["text"]) if name == "load" else io.StringIO()
    good["file"] = io.StringIO()
    good["source"] = io.StringIO(good["text"])
    return good


def _callables() -> Iterator[tuple[str, Any, str, Callable[..., Any]]]:
    for module in (bugami, argute):
        for name in module.__all__:
            function = getattr(module, name)
            if not callable(function) or name in EXEMPT_CLASSES:
                continue
            if inspect.isclass(function) and issubclass(function, BaseException):
                continue  # the errors themselves take any message
            yield module.__name__, module, name, function


# review_many starts worker processes unless told workers=0.
STARTS_PROCESSES = {"review_many"}

CASES = [
    pytest.param(
        module,
        name,
        function,
        id=f"{label}.{name}",
        marks=[pytest.mark.processes] if name in STARTS_PROCESSES else [],
    )
    for label, module, name, function in _callables()
]


def _pull(result: object) -> None:
    """Make a lazy result do its work: take two items of an iterator."""
    if isinstance(result, Iterator):
        list(itertools.islice(result, 2))


@pytest.mark.parametrize(("module", "name", "function"), CASES)
def test_hostile_values_raise_only_the_librarys_errors(
    module: Any, name: str, function: Callable[..., Any]
) -> None:
    signature = inspect.signature(function)
    parameters = [
        p for p in signature.parameters.values() if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    ]
    wrong = []
    for target in parameters:
        if (name, target.name) in SKIP:
            continue
        for label, hostile in HOSTILE.items():
            if target.name in HUGE_IS_WORK and isinstance(hostile, int) and abs(hostile) > 10**6:
                continue
            good = _arguments(module, name, target.name)
            args: list[object] = []
            kwargs: dict[str, object] = {}
            for p in parameters:
                if p is target:
                    value: object = hostile
                elif p.default is not p.empty and p.name not in BOUNDED:
                    continue
                elif p.name in good:
                    value = good[p.name]
                else:
                    pytest.fail(f"{name}: no good value known for its parameter {p.name}")
                if p.kind is p.KEYWORD_ONLY:
                    kwargs[p.name] = value
                else:
                    args.append(value)
            try:
                _pull(function(*args, **kwargs))
            except bugami.BugamiError:
                pass
            except Exception as error:  # what this test is about
                wrong.append(f"{name}({target.name}={label}): {type(error).__name__}: {error}")
    assert not wrong, "\n".join(wrong)
