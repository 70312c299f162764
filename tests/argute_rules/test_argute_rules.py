"""Argute's rules configuration."""

from __future__ import annotations

import pickle

import pytest

import bugami
from bugami import InvalidInputError, argute


def test_defaults_are_the_published_game() -> None:
    rules = argute.Rules()
    assert (rules.players, rules.target) == (4, 6)
    assert repr(rules) == "Rules(players=4, target=6)"


@pytest.mark.parametrize("players", range(2, 8))
def test_the_dealing_table(players: int) -> None:
    rules = argute.Rules(players=players)
    assert rules.hand_size == 6
    assert rules.deck_size == 42
    assert rules.undealt_size == 42 - 6 * players


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"players": 1}, "players must be an int from 2 to 7, not 1"),
        ({"players": 8}, "players must be an int from 2 to 7, not 8"),
        ({"players": 4.0}, "players must be an int from 2 to 7, not 4.0"),
        ({"players": True}, "players must be an int from 2 to 7, not True"),
        ({"players": "4"}, "players must be an int from 2 to 7, not '4'"),
        ({"target": 0}, "target must be an int of at least 1, not 0"),
        ({"target": -6}, "target must be an int of at least 1, not -6"),
        ({"target": 6.0}, "target must be an int of at least 1, not 6.0"),
        ({"target": False}, "target must be an int of at least 1, not False"),
    ],
)
def test_bad_rules_are_invalid_input(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidInputError) as error:
        argute.Rules(**arguments)  # type: ignore[arg-type]
    assert str(error.value) == message


def test_rules_are_keyword_only_frozen_values() -> None:
    with pytest.raises(TypeError):
        argute.Rules(3)  # type: ignore[call-arg]
    rules = argute.Rules(players=3, target=10)
    with pytest.raises(AttributeError, match="immutable: cannot set 'players'"):
        rules.players = 4  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert hash(argute.Rules(players=3, target=10)) == hash(rules)
    assert rules != argute.Rules(players=3)
    other: object = bugami.Rules()
    assert argute.Rules() != other
