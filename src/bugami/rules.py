"""The rules configuration: table size, variants and the game's target.

:class:`Rules` is one frozen value that says which game of Bugami is being
played. It is checked when it is made, so a :class:`Rules` that exists is
always a valid one. Variants combine freely.

>>> from bugami import Rules
>>> rules = Rules(players=5, jokers=2, shotgun_wedding=True)
>>> rules.deck_size, rules.hand_size, rules.leftover_size
(54, 10, 4)
>>> Rules(players=4) == STANDARD
True
"""

from __future__ import annotations

from typing import Final

import attrs

from bugami.cards import MAX_JOKERS, Card, deck
from bugami.errors import InvalidInputError, brief

__all__ = ["MAX_PLAYERS", "MAX_TARGET", "MIN_PLAYERS", "STANDARD", "Rules"]

MIN_PLAYERS: Final = 3
"""The fewest players at a Bugami table."""
MAX_PLAYERS: Final = 7
"""The most players at a Bugami table."""
MAX_TARGET: Final = 999_999_999
"""The highest target a game may have (in Argute too): nine digits, as the
record formats write it."""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_players(instance: object, attribute: object, value: object) -> None:
    if not _is_int(value) or not MIN_PLAYERS <= value <= MAX_PLAYERS:  # type: ignore[operator]
        raise InvalidInputError(
            f"players must be an int from {MIN_PLAYERS} to {MAX_PLAYERS}, not {brief(value)}"
        )


def _check_jokers(instance: object, attribute: object, value: object) -> None:
    if not _is_int(value) or not 0 <= value <= MAX_JOKERS:  # type: ignore[operator]
        raise InvalidInputError(f"jokers must be an int from 0 to {MAX_JOKERS}, not {brief(value)}")


def _check_shotgun_wedding(instance: object, attribute: object, value: object) -> None:
    if not isinstance(value, bool):
        raise InvalidInputError(f"shotgun_wedding must be True or False, not {brief(value)}")


def _check_target(instance: object, attribute: object, value: object) -> None:
    if not _is_int(value) or value < 1:  # type: ignore[operator]
        raise InvalidInputError(f"target must be an int of at least 1, not {brief(value)}")
    if value > MAX_TARGET:  # type: ignore[operator]
        raise InvalidInputError(f"target must be at most {MAX_TARGET}")


@attrs.frozen(kw_only=True, cache_hash=True)
class Rules:
    """Which game of Bugami is played.

    :param players: the number of players, 3 to 7.
    :param jokers: how many jokers join the 52 cards (the Jokers variant),
        0 to 8; jokers are the distinct cards ``X1`` .. ``X8``.
    :param shotgun_wedding: whether players who name the same bug suit are
        partners for the deal (the Shotgun Wedding variant).
    :param target: the total that ends the game once someone reaches it
        (250 in the published rules); at most :data:`MAX_TARGET`.

    Every argument is keyword-only and checked; a bad one raises
    :class:`~bugami.InvalidInputError`.

    >>> Rules()
    Rules(players=4, jokers=0, shotgun_wedding=False, target=250)
    >>> Rules(players=3).hand_size, Rules(players=3).leftover_size
    (17, 1)
    >>> Rules(jokers=-1)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: jokers must be an int from 0 to 8, not -1
    """

    players: int = attrs.field(default=4, validator=_check_players)
    jokers: int = attrs.field(default=0, validator=_check_jokers)
    shotgun_wedding: bool = attrs.field(default=False, validator=_check_shotgun_wedding)
    target: int = attrs.field(default=250, validator=_check_target)

    @property
    def deck_size(self) -> int:
        """How many cards are in the deck: 52 plus the jokers.

        >>> Rules(jokers=3).deck_size
        55
        """
        return 52 + self.jokers

    @property
    def hand_size(self) -> int:
        """How many cards each player is dealt, which is also the number of
        tricks in a deal: ``deck_size // players``.

        >>> [Rules(players=n).hand_size for n in range(3, 8)]
        [17, 13, 10, 8, 7]
        """
        return self.deck_size // self.players

    @property
    def leftover_size(self) -> int:
        """How many cards are left over, face down, after the deal:
        ``deck_size % players``.

        >>> [Rules(players=n).leftover_size for n in range(3, 8)]
        [1, 0, 2, 4, 3]
        """
        return self.deck_size % self.players

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards of the deck, in canonical order.

        >>> Rules(jokers=1).deck[-2:]
        (Card('2C'), Card('X1'))
        """
        return deck(self.jokers)


STANDARD: Final = Rules()
"""The published game: four players, no variant, a target of 250.

>>> STANDARD.players, STANDARD.target
(4, 250)
"""
