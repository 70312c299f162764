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

from bugami._kernel import checks
from bugami._kernel.fields import TOOLS, RuleField, declared, rule, rule_fields
from bugami._kernel.values import Value
from bugami.core.cards import MAX_JOKERS, Card, deck

__all__ = ["FIELDS", "MAX_PLAYERS", "MAX_TARGET", "MIN_PLAYERS", "STANDARD", "RuleField", "Rules"]

MIN_PLAYERS: Final = 3
"""The fewest players at a Bugami table."""
MAX_PLAYERS: Final = 7
"""The most players at a Bugami table."""
MAX_TARGET: Final = checks.MAX_TARGET
"""The highest target a game may have (in Argute too): nine digits, as the
record formats write it."""


@attrs.frozen(kw_only=True, field_transformer=declared)
class Rules(Value):
    """Which game of Bugami is played.

    :param players: the number of players, 3 to 7.
    :param jokers: how many jokers join the 52 cards (the Jokers variant),
        0 to 8; jokers are the distinct cards ``X1`` .. ``X8``.
    :param shotgun_wedding: whether players who name the same bug suit are
        partners for the deal (the Shotgun Wedding variant).
    :param target: the total that ends the game once someone reaches it
        (250 in the published rules); at most :data:`MAX_TARGET`.

    Every argument is keyword-only and checked; a bad one raises
    :class:`~bugami.InvalidInputError`. Rules are immutable and compare and
    hash by value. The class is an attrs class: ``attrs.evolve`` makes
    changed rules (checked like new ones), ``attrs.asdict`` gives their
    fields, and ``attrs.fields(Rules)`` declares each field once, its
    :class:`RuleField` in the field's ``metadata``.

    >>> Rules()
    Rules(players=4, jokers=0, shotgun_wedding=False, target=250)
    >>> Rules(players=3).hand_size, Rules(players=3).leftover_size
    (17, 1)
    >>> Rules(jokers=-1)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: jokers must be an int from 0 to 8, not -1
    >>> import attrs
    >>> attrs.evolve(Rules(), players=5, jokers=2)
    Rules(players=5, jokers=2, shotgun_wedding=False, target=250)
    >>> attrs.evolve(Rules(), players=9)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: players must be an int from 3 to 7, not 9
    >>> attrs.asdict(Rules(target=100))
    {'players': 4, 'jokers': 0, 'shotgun_wedding': False, 'target': 100}
    """

    players: int = rule(4, "the number of players", low=MIN_PLAYERS, high=MAX_PLAYERS)
    jokers: int = rule(
        0,
        "how many jokers join the 52 cards (the Jokers variant)",
        low=0,
        high=MAX_JOKERS,
        tools=frozenset(TOOLS) - {"webapp"},
    )
    shotgun_wedding: bool = rule(
        False,
        "play the Shotgun Wedding variant: players who name the same bug suit are partners",
        label="Shotgun Wedding",
        tools=frozenset(TOOLS) - {"webapp"},
    )
    target: int = rule(
        250,
        "the total that ends the game once someone reaches it",
        low=1,
        high=MAX_TARGET,
        tools=frozenset({"cli", "records", "webapp"}),
    )

    @classmethod
    def fields(cls, tool: str | None = None) -> tuple[RuleField, ...]:
        """The rules' fields (:data:`FIELDS`), or only those ``tool`` shows
        (one of ``"cli"``, ``"simulate"``, ``"records"``, ``"openspiel"``,
        ``"pettingzoo"`` and ``"webapp"``): the :class:`RuleField` in the
        metadata of each of ``attrs.fields(Rules)``.

        >>> [field.name for field in Rules.fields("openspiel")]
        ['players', 'jokers', 'shotgun_wedding']
        >>> Rules.fields()[2].help
        'play the Shotgun Wedding variant: players who name the same bug suit are partners'
        """
        return rule_fields(cls, tool)

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


FIELDS: Final = Rules.fields()
"""The fields of Bugami's :class:`Rules`, in order: each one's range, default,
help text and the tools that show it (see :class:`RuleField`), as the
metadata of ``attrs.fields(Rules)`` holds them. The command's options, the
simulation's columns, the record tags and the adapters' parameters are read
from there.

>>> [(field.name, field.describe()) for field in FIELDS][:2]
[('players', '3 to 7 (default 4)'), ('jokers', '0 to 8 (default 0)')]
>>> [field.tag for field in FIELDS if field.shown_by("records")]
['Players', 'Jokers', 'ShotgunWedding', 'Target']
"""


STANDARD: Final = Rules()
"""The published game: four players, no variant, a target of 250.

>>> STANDARD.players, STANDARD.target
(4, 250)
"""
