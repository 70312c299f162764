"""The two games show the same public surface: ``bugami`` and ``bugami.argute``.

Both games offer the same verbs, classes and tools under the same names, with
the same parameters (of the same kinds, with the same defaults), and their
classes the same public members. What differs is listed here, each with the
reason; anything else that differs is a drift, and fails.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest

import bugami
from bugami import argute

# Names only Bugami has, because only Bugami's game has the thing they name.
BUGAMI_ONLY = {
    # Bugami's cards and bids are values of their own; Argute's are plain ints (0..5, 0..3).
    "Card": "cards",
    "Suit": "cards",
    "MISERE": "bids",
    "Misere": "bids",
    "Bid": "bids",
    "deck": "cards",
    "parse_cards": "cards",
    "parse_bid": "bids",
    # Bugami's published rules; Argute has one standard, Rules() itself.
    "STANDARD": "rules",
}
# Names defined once for both games and kept in ``bugami``: Argute's functions raise or
# return these very objects (see bugami.argute's docstring).
SHARED = {
    "BugamiError",
    "IllegalMoveError",
    "InvalidInputError",
    "RecordError",
    "DealNotFoundError",
    "Record",
    "TrickComment",
    "BidEstimate",
    "BidEvaluation",
    # a review's values are the same for both games; review_many reviews either game's items
    "Review",
    "Decision",
    "SeatSummary",
    "Hint",
    "review_many",
    "Seed",
    "COMPILED",
    "__version__",
}
# Argute only: its score is a count of tricks against the bid, so its tricks won are a verb.
ARGUTE_ONLY = {"tricks_won"}
# The same thing under a game's own name (Bugami's name: Argute's).
RENAMED = {"HandFeatures": "ArguteHandFeatures"}
# Parameters named for the game's own bids and cards (Bugami's name: Argute's).
PARAMETER_NAMES = {"choice": "tricks", "card": "value"}
# Parameters only Bugami's function has.
BUGAMI_ONLY_PARAMETERS = {
    # The leftover cards of a Bugami deal; Argute's undealt cards are out of play.
    ("deal", "leftover"),
    # bugami's record functions read and write either game's records, and can be told which.
    ("load", "game"),
    ("loads", "game"),
    ("load_record", "game"),
    ("read_records", "game"),
}
# Parameters whose default is each game's own (checked by name and kind, not by default):
# how many last tricks a review values exactly depends on how long the game's deals are.
GAME_DEFAULTS = {("hint", "exact_tricks"), ("review", "exact_tricks")}
# Public members only one game's class has (class: (Bugami's only, Argute's only)).
MEMBERS = {
    # Bugami sets leftover cards aside, and its deck may hold jokers; Argute counts the
    # copies of each value, in a hand or a trick.
    "Deal": ({"leftover"}, {"counts"}),
    "DealView": ({"leftover", "voids"}, {"counts"}),
    "SpectatorView": ({"leftover"}, set()),
    "Trick": (set(), {"counts"}),
    "Rules": ({"deck", "jokers", "leftover_size", "shotgun_wedding"}, {"undealt_size"}),
    # A Bugami hand has suits (lengths, voids) and jokers; an Argute hand counts its values.
    "HandFeatures": (
        {"jokers", "length", "lengths", "longest", "shortest", "voids"},
        {"counts", "total"},
    ),
}


def _names(face: Any) -> set[str]:
    return set(face.__all__)


def test_the_two_games_have_the_same_public_names() -> None:
    bugami_names, argute_names = _names(bugami), _names(argute)
    assert bugami_names - argute_names == set(BUGAMI_ONLY) | SHARED | set(RENAMED)
    assert argute_names - bugami_names == ARGUTE_ONLY | set(RENAMED.values())


def test_the_shared_names_are_not_made_again_for_argute() -> None:
    for name in SHARED:
        assert getattr(argute, name, getattr(bugami, name)) is getattr(bugami, name)


def _parameters(function: Callable[..., object], name: str) -> list[tuple[str, object, object]]:
    return [
        (
            PARAMETER_NAMES.get(p.name, p.name),
            p.kind,
            "the game's own" if (name, p.name) in GAME_DEFAULTS else p.default,
        )
        for p in inspect.signature(function).parameters.values()
        if (name, p.name) not in BUGAMI_ONLY_PARAMETERS
    ]


def _pairs() -> list[tuple[str, Any, Any]]:
    common = sorted(_names(bugami) & _names(argute))
    pairs = [(name, getattr(bugami, name), getattr(argute, name)) for name in common]
    pairs += [(old, getattr(bugami, old), getattr(argute, new)) for old, new in RENAMED.items()]
    return pairs


@pytest.mark.parametrize(
    ("name", "ours", "theirs"),
    [pair for pair in _pairs() if callable(pair[1]) and not isinstance(pair[1], type)],
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_each_verb_takes_the_same_parameters(name: str, ours: Any, theirs: Any) -> None:
    assert _parameters(ours, name) == _parameters(theirs, name)


def _members(cls: type) -> set[str]:
    return {member for member in dir(cls) if not member.startswith("_")}


@pytest.mark.parametrize(
    ("name", "ours", "theirs"),
    [pair for pair in _pairs() if isinstance(pair[1], type)],
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_each_class_has_the_same_members_and_methods(name: str, ours: Any, theirs: Any) -> None:
    if ours is theirs:  # one class for both games (the solver's results and errors)
        return
    only_ours, only_theirs = MEMBERS.get(name, (set(), set()))
    assert _members(ours) - _members(theirs) == only_ours
    assert _members(theirs) - _members(ours) == only_theirs
    for member in sorted(_members(ours) & _members(theirs)):
        method = getattr(ours, member)
        if inspect.isroutine(method):
            assert _parameters(method, member) == _parameters(getattr(theirs, member), member)


def test_every_exception_to_the_rule_is_still_needed() -> None:
    for name, parameter in BUGAMI_ONLY_PARAMETERS:
        assert parameter in inspect.signature(getattr(bugami, name)).parameters
        assert parameter not in inspect.signature(getattr(argute, name)).parameters
    for name in BUGAMI_ONLY:
        assert hasattr(bugami, name)


def test_both_games_verbs_answer_a_view_as_they_answer_its_state() -> None:
    games = [
        (bugami, bugami.deal(bugami.Rules(), seed=1), "H"),
        (argute, argute.deal(argute.Rules(), seed=1), 1),
    ]
    for game, state, choice in games:
        seen = game.view(state, 2)
        assert game.legal_bids(seen, 2) == game.legal_bids(state, 2)
        with pytest.raises(bugami.InvalidInputError, match="a view of seat 2 cannot tell"):
            game.legal_bids(seen, 1)
        for seat in range(state.rules.players):
            state = game.bid(state, seat, choice)
        mover = state.to_move
        assert mover is not None
        assert game.legal_moves(game.view(state, mover)) == game.legal_moves(state)
        assert game.legal_moves(game.view(state, (mover + 1) % state.rules.players)) == ()
        card = game.legal_moves(state)[0]
        assert game.can_play(state, card, seat=mover)
        assert not game.can_play(state, card, seat=(mover + 1) % state.rules.players)


def test_both_games_messages_quote_their_own_actions() -> None:
    with pytest.raises(bugami.InvalidInputError, match=r"such as '2 bid H' or '1 play 5D'"):
        bugami.parse_action("seat 0 plays AS")
    with pytest.raises(bugami.InvalidInputError, match=r"such as '2 bid 1' or '1 play 5'"):
        argute.parse_action("seat 0 plays 3")
    assert str(argute.parse_action("2 bid 1")) == "2 bid 1"
    assert str(argute.parse_action("1 play 5")) == "1 play 5"
