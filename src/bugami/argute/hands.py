"""Features of an Argute hand: value counts, high cards, strength, total.

Cheap functions of a hand of Argute -- a string of digits (``"001245"``) or a
sequence of values, such as ``state.hands[0]`` or ``view.hand`` -- for
grouping hands in an analysis, and as columns of the simulation rows
(:class:`bugami.analysis.simulate.ArguteRow`).

>>> value_counts("001245"), high_cards("001245"), strength("001245"), total("001245")
((2, 1, 1, 0, 1, 1), 2, 46, 12)
>>> hand_features((5, 5, 4, 3, 0, 0))
ArguteHandFeatures(counts=(2, 0, 0, 1, 1, 2), high_cards=3, strength=75, total=17)

**Strength** is the sum of the squares of the values, the measure
:class:`~bugami.bots.ArguteHeuristicBot` bids from: a 5 weighs 25 times a 1,
as high cards decide who reaches the highest count. A random hand averages
55 (six cards of mean square 55/6).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, TypeAlias

import attrs

from bugami._kernel.values import Value
from bugami.argute.dealing import bad_value, read_value
from bugami.argute.rules import VALUES
from bugami.errors import InvalidInputError, brief

__all__ = [
    "ArguteHandFeatures",
    "HandLike",
    "hand_features",
    "hand_text",
    "high_cards",
    "strength",
    "total",
    "value_counts",
]

HandLike: TypeAlias = "str | Iterable[int | str]"
"""A hand of Argute: a string of digits, or a sequence of values (ints or texts)."""

HIGH_VALUE: Final = 4
"""The lowest value counted by :func:`high_cards`: 4 and 5."""


def _values(hand: HandLike) -> list[int]:
    if isinstance(hand, str):
        items: Iterable[object] = "".join(hand.split())
    elif isinstance(hand, Iterable):
        items = hand
    else:
        raise InvalidInputError(f"a hand of Argute is values (ints or texts), not {brief(hand)}")
    values = []
    for item in items:
        value = read_value(item)
        if value is None:
            raise InvalidInputError(bad_value(item))
        values.append(value)
    return values


@attrs.frozen
class ArguteHandFeatures(Value):
    """The features of one hand of Argute, as :func:`hand_features` gives
    them: ``counts`` of each value 0 to 5, ``high_cards`` (4s and 5s),
    ``strength`` (the sum of squares) and ``total`` (the sum of the values).

    A frozen attrs class: ``attrs.fields``, ``attrs.evolve`` and
    ``attrs.asdict`` work on it.

    >>> hand_features("012345").as_dict()["strength"]
    55
    """

    counts: tuple[int, int, int, int, int, int]
    high_cards: int
    strength: int
    total: int

    def as_dict(self) -> dict[str, int]:
        """Flat columns: ``high_cards``, ``strength``, ``total``.

        >>> list(hand_features("012345").as_dict())
        ['high_cards', 'strength', 'total']
        """
        return {"high_cards": self.high_cards, "strength": self.strength, "total": self.total}


def hand_features(hand: HandLike) -> ArguteHandFeatures:
    """Every feature of ``hand`` at once (see :class:`ArguteHandFeatures`).

    >>> hand_features([0, 0, 0, 0, 0, 5]).strength
    25
    """
    values = _values(hand)
    counts = [0] * len(VALUES)
    for value in values:
        counts[value] += 1
    return ArguteHandFeatures(
        tuple(counts),  # type: ignore[arg-type]
        sum(1 for value in values if value >= HIGH_VALUE),
        sum(value * value for value in values),
        sum(values),
    )


def value_counts(hand: HandLike) -> tuple[int, int, int, int, int, int]:
    """How many cards of each value, 0 to 5, ``hand`` holds.

    >>> value_counts([5, 5, 0])
    (1, 0, 0, 0, 0, 2)
    """
    return hand_features(hand).counts


def high_cards(hand: HandLike) -> int:
    """How many 4s and 5s ``hand`` holds.

    >>> high_cards("334455")
    4
    """
    return hand_features(hand).high_cards


def strength(hand: HandLike) -> int:
    """The sum of the squares of the values (see the module's description).

    >>> strength("555555"), strength("000000")
    (150, 0)
    """
    return hand_features(hand).strength


def total(hand: HandLike) -> int:
    """The sum of the values.

    >>> total("012345")
    15
    """
    return hand_features(hand).total


def hand_text(hand: HandLike) -> str:
    """The hand as digits, lowest first: what :func:`bugami.argute.dealing.deal` reads.

    >>> hand_text((5, 0, 3))
    '035'
    """
    return "".join(map(str, sorted(_values(hand))))
