"""The rules configuration of Argute: how many play, and the target.

Argute has no variants; :class:`Rules` says how many players sit at the table
and how many points win the game. Like Bugami's rules it is one frozen value,
checked when it is made.

>>> from bugami import argute
>>> rules = argute.Rules(players=5)
>>> rules.hand_size, rules.deck_size, rules.undealt_size
(6, 42, 12)
>>> argute.Rules() == argute.Rules(players=4, target=6)
True
"""

from __future__ import annotations

from typing import Final

import attrs

from bugami._kernel import checks
from bugami._kernel.fields import TOOLS, RuleField, declared, rule, rule_fields
from bugami._kernel.values import Value

__all__ = [
    "BIDS",
    "COPIES",
    "FIELDS",
    "HAND_SIZE",
    "MAX_PLAYERS",
    "MAX_TARGET",
    "MIN_PLAYERS",
    "TRICKS",
    "VALUES",
    "Rules",
]

MIN_PLAYERS: Final = 2
"""The fewest players at an Argute table."""
MAX_PLAYERS: Final = 7
"""The most players at an Argute table."""
MAX_TARGET: Final = checks.MAX_TARGET
"""The highest target a game may have (as in Bugami): nine digits, as the
record formats write it."""
VALUES: Final = (0, 1, 2, 3, 4, 5)
"""The values of the play cards, lowest first."""
COPIES: Final = 7
"""How many cards of each value the deck holds."""
HAND_SIZE: Final = 6
"""How many cards each player is dealt."""
TRICKS: Final = 3
"""How many tricks a hand has; in trick ``k`` (from 0) each player plays
``TRICKS - k`` cards."""
BIDS: Final = (0, 1, 2, 3)
"""The bids a player may make: a number of tricks."""


@attrs.frozen(kw_only=True, field_transformer=declared)
class Rules(Value):
    """Which game of Argute is played.

    :param players: the number of players, 2 to 7.
    :param target: the total that wins the game once one player alone holds
        the highest total and it has reached the target (6 in the published
        rules); at most :data:`MAX_TARGET` (the same as Bugami's).

    Both arguments are keyword-only and checked; a bad one raises
    :class:`~bugami.errors.InvalidInputError`. Rules are immutable and compare
    and hash by value. The class is an attrs class (``attrs.evolve``,
    ``attrs.asdict`` and ``attrs.fields`` work on it), each field declared
    once, its :class:`~bugami.core.rules.RuleField` in the field's ``metadata``.

    >>> from bugami import argute
    >>> argute.Rules()
    Rules(players=4, target=6)
    >>> argute.Rules(players=1)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: players must be an int from 2 to 7, not 1
    >>> argute.Rules(target=0)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: target must be an int of at least 1, not 0
    >>> import attrs
    >>> attrs.evolve(argute.Rules(), players=7)
    Rules(players=7, target=6)
    >>> attrs.evolve(argute.Rules(), target=-1)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: target must be an int of at least 1, not -1
    """

    players: int = rule(4, "the number of players", low=MIN_PLAYERS, high=MAX_PLAYERS)
    target: int = rule(
        6,
        "the total that wins the game once one player alone holds the highest total",
        low=1,
        high=MAX_TARGET,
        tools=frozenset(TOOLS) - {"simulate", "openspiel", "pettingzoo"},
    )

    @classmethod
    def fields(cls, tool: str | None = None) -> tuple[RuleField, ...]:
        """The rules' fields (:data:`FIELDS`), or only those ``tool`` shows
        (as :meth:`bugami.Rules.fields`): the :class:`~bugami.core.rules.RuleField`
        in the metadata of each of ``attrs.fields(Rules)``.

        >>> [field.name for field in Rules.fields("records")]
        ['players', 'target']
        """
        return rule_fields(cls, tool)

    @property
    def deck_size(self) -> int:
        """How many play cards there are: seven of each of the six values.

        >>> Rules().deck_size
        42
        """
        return COPIES * len(VALUES)

    @property
    def hand_size(self) -> int:
        """How many cards each player is dealt: always 6.

        >>> Rules(players=7).hand_size
        6
        """
        return HAND_SIZE

    @property
    def undealt_size(self) -> int:
        """How many cards stay out of play, unseen, in every hand:
        ``42 - 6 * players``.

        >>> [Rules(players=n).undealt_size for n in range(2, 8)]
        [30, 24, 18, 12, 6, 0]
        """
        return COPIES * len(VALUES) - HAND_SIZE * self.players


FIELDS: Final = Rules.fields()
"""The fields of Argute's :class:`Rules`, in order (see
:class:`bugami.core.rules.RuleField`), as the metadata of ``attrs.fields(Rules)``
holds them.

>>> [(field.name, field.describe()) for field in FIELDS]
[('players', '2 to 7 (default 4)'), ('target', '1 to 999999999 (default 6)')]
"""
