"""Every drawing function of :mod:`bugami.pictures.render` names a wrong
argument in an :class:`~bugami.errors.InvalidInputError` (a view where a hand
is wanted, a game where a deal is, a name too few), never an AttributeError or
a TypeError from deep inside the drawing."""

# mypy: disable-error-code="arg-type,attr-defined,list-item"
from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest

import bugami
from bugami import argute
from bugami.errors import InvalidInputError
from bugami.pictures import render
from bugami.record import Record

_DEAL = bugami.deal(bugami.Rules(), seed=1)
_GAME = bugami.new_game(bugami.Rules(), seed=1)
_ARGUTE = argute.deal(argute.Rules(players=3), seed=1)

# The first argument of each function, good.
_GOOD: dict[str, object] = {
    "card_text": bugami.Card("AS"),
    "bid_text": bugami.Suit.HEARTS,
    "hand_text": _DEAL.hands[0],
    "trick_text": bugami.parse_cards("7D 3D"),
    "text_table": ["a", "b"],
    "tricks_table": (),
    "score_sheet": (),
    "deal_text": _DEAL,
    "game_text": _GAME,
    "hand_svg": _DEAL.hands[0],
    "trick_svg": bugami.parse_cards("7D 3D"),
    "deal_svg": _DEAL,
    "tricks_html": (),
    "score_sheet_html": (),
    "deal_html": _DEAL,
    "game_html": _GAME,
    "argute_html": _ARGUTE,
    "record_html": Record(state=_DEAL),
    "argute_tricks_text": (),
    "argute_text": _ARGUTE,
}
# The other positional arguments each needs.
_REST: dict[str, tuple[object, ...]] = {
    "trick_text": (0, 4),
    "text_table": ([["1", "2"]],),
    "tricks_table": (4,),
    "score_sheet": (4,),
    "trick_svg": (0, 4),
    "tricks_html": (4,),
    "score_sheet_html": (4,),
    "argute_tricks_text": (3,),
}
_HOSTILE: list[object] = [
    None, "AS", b"AS", 3, 1.5, object(), [object()], _GAME, _ARGUTE, bugami.view(_DEAL, 0),
    bugami.view(_DEAL, None), Record(state=_GAME), [_DEAL],
]  # fmt: skip


def test_every_function_is_walked() -> None:
    assert set(_GOOD) == set(render.__all__)


@pytest.mark.parametrize("name", sorted(_GOOD))
def test_good_arguments_draw(name: str) -> None:
    function = getattr(render, name)
    assert isinstance(function(_GOOD[name], *_REST.get(name, ())), str)


@pytest.mark.parametrize("name", sorted(_GOOD))
def test_a_wrong_first_argument_is_named(name: str) -> None:
    function: Callable[..., Any] = getattr(render, name)
    for value in _HOSTILE:
        message = ""
        try:
            function(value, *_REST.get(name, ()))
        except InvalidInputError as error:
            message = str(error)
        # what draws is a good argument for this function too (a Game for game_text, ...)
        assert not message or name in message


@pytest.mark.parametrize("name", sorted(_GOOD))
def test_wrong_options_are_named(name: str) -> None:
    function: Callable[..., Any] = getattr(render, name)
    options = inspect.signature(function).parameters
    bad = {
        "names": [["only one"], "abcd", [1, 2, 3, 4]],
        "color": ["yes", 1],
        "size": [0, -5, "big", 10**9],
        "legal": ["AS", [object()]],
        "winner": [9, "0"],
        "bottom": [9, -1],
        "leader": [9, "x"],
        "current": [object(), ["AS"]],
        "rule": ["no"],
    }
    for option, values in bad.items():
        if option not in options or options[option].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD:
            continue
        for value in values:
            with pytest.raises(InvalidInputError, match=option):
                function(_GOOD[name], *_REST.get(name, ()), **{option: value})


@pytest.mark.parametrize(
    ("call", "message"),
    [
        # regressions, found by a user: a view given where a hand was wanted
        (lambda: render.hand_text(bugami.view(_DEAL, 2)), r"a view's hand is view\.hand"),
        (lambda: render.deal_text(_GAME), "a Bugami deal or a seat's view of one, not"),
        (lambda: render.deal_text(bugami.view(_DEAL, None)), "a seat's view"),
        (lambda: render.game_text(_DEAL), "a Bugami game"),
        (lambda: render.argute_text(_DEAL), "an Argute hand or game"),
        (lambda: render.card_text("AS"), "parse_cards reads text"),
        (
            lambda: render.trick_text(bugami.parse_cards("7D"), 5, 4),
            "leader must be a seat from 0 to 3",
        ),
        (lambda: render.text_table(["a", "b"], [["1"]]), r"as many cells as the header \(2\)"),
        (lambda: render.score_sheet([_DEAL], 4), "finished Bugami deals"),
        (lambda: render.tricks_table([object()], 4), "tricks of Bugami"),
        (lambda: render.deal_text(_DEAL, names=["a", "b"]), "names must be 4 strs"),
    ],
)
def test_wrong_arguments_are_refused_precisely(call: Callable[[], object], message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        call()


def test_rows_may_come_from_a_generator() -> None:
    rows = (["1", str(n)] for n in range(2))
    assert render.text_table(["a", "b"], rows).splitlines()[-1] == "1  1"
