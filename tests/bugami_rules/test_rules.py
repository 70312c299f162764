"""The rules configuration."""

from __future__ import annotations

import pickle

import pytest

from bugami import STANDARD, InvalidInputError, Rules


def test_defaults_are_the_published_game() -> None:
    rules = Rules()
    assert (rules.players, rules.jokers, rules.shotgun_wedding, rules.target) == (4, 0, False, 250)
    assert rules == STANDARD


@pytest.mark.parametrize(
    ("players", "hand", "leftover"), [(3, 17, 1), (4, 13, 0), (5, 10, 2), (6, 8, 4), (7, 7, 3)]
)
def test_the_dealing_table(players: int, hand: int, leftover: int) -> None:
    rules = Rules(players=players)
    assert (rules.hand_size, rules.leftover_size) == (hand, leftover)
    assert players * hand + leftover == 52


def test_jokers_change_the_table() -> None:
    rules = Rules(players=4, jokers=3)
    assert (rules.deck_size, rules.hand_size, rules.leftover_size) == (55, 13, 3)
    assert len(rules.deck) == 55
    rules = Rules(players=7, jokers=8)
    assert (rules.deck_size, rules.hand_size, rules.leftover_size) == (60, 8, 4)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"players": 2}, "players must be an int from 3 to 7, not 2"),
        ({"players": 8}, "players must be an int from 3 to 7, not 8"),
        ({"players": 4.0}, "players must be an int from 3 to 7, not 4.0"),
        ({"players": True}, "players must be an int from 3 to 7, not True"),
        ({"players": "4"}, "players must be an int from 3 to 7, not '4'"),
        ({"jokers": -1}, "jokers must be an int from 0 to 8, not -1"),
        ({"jokers": 9}, "jokers must be an int from 0 to 8, not 9"),
        ({"jokers": False}, "jokers must be an int from 0 to 8, not False"),
        ({"shotgun_wedding": 1}, "shotgun_wedding must be True or False, not 1"),
        ({"shotgun_wedding": "yes"}, "shotgun_wedding must be True or False, not 'yes'"),
        ({"target": 0}, "target must be an int of at least 1, not 0"),
        ({"target": 250.0}, "target must be an int of at least 1, not 250.0"),
    ],
)
def test_bad_rules_are_rejected(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidInputError) as error:
        Rules(**arguments)  # type: ignore[arg-type]
    assert str(error.value) == message


def test_rules_are_keyword_only_frozen_values() -> None:
    with pytest.raises(TypeError):
        Rules(4)  # type: ignore[call-arg]
    rules = Rules(players=5, jokers=2, shotgun_wedding=True, target=100)
    with pytest.raises(AttributeError, match="immutable: cannot set 'players'"):
        rules.players = 3  # type: ignore[misc]
    assert rules == Rules(players=5, jokers=2, shotgun_wedding=True, target=100)
    assert hash(rules) == hash(Rules(players=5, jokers=2, shotgun_wedding=True, target=100))
    assert rules != Rules(players=5, jokers=2, shotgun_wedding=False, target=100)
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert eval(repr(rules)) == rules
