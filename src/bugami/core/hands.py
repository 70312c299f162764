"""Features of a Bugami hand: suit lengths, high cards, voids, strength.

Cheap functions of a hand -- a string of card texts, or a sequence of cards
or texts, such as ``state.hands[0]`` or ``view.hand`` -- for sorting and
grouping deals in an analysis, and as columns of the simulation rows
(:class:`bugami.analysis.simulate.Row`).

>>> hand = "AS KS 7S  AH JH 8H 4H 2H  8D 6D  KC 6C 3C"
>>> suit_lengths(hand), high_cards(hand), strength(hand), voids(hand)
((3, 5, 2, 3), 5, 15, ())
>>> hand_features(hand)
HandFeatures(lengths=(3, 5, 2, 3), jokers=0, high_cards=5, voids=0, strength=15)

**Strength** is a hand's trick-taking power, counted as bridge players count
*high-card points*: an ace 4, a king 3, a queen 2, a jack 1, and a joker 4
(a joker led wins its trick). The 52 cards hold 40 points, so without
jokers a hand of ``n`` cards averages ``40 * n / 52`` points: 10 at four
players (13 cards), 13.1 at three (17 cards), 5.4 at seven (7 cards). In
Bugami, power is not value: tricks can bring bugs, and a misère bid wants a
weak hand. :mod:`bugami.pictures.plots` draws how points follow strength.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, TypeAlias

import attrs

from bugami._kernel.values import Value
from bugami.core.cards import MAX_JOKERS, Card, Suit, deck, parse_cards
from bugami.errors import InvalidInputError, brief

__all__ = [
    "HandFeatures",
    "HandLike",
    "hand_features",
    "hand_text",
    "high_cards",
    "joker_count",
    "mask_features",
    "strength",
    "suit_lengths",
    "voids",
]

HandLike: TypeAlias = "str | Iterable[Card | str]"
"""A hand: a string of card texts, or a sequence of cards or texts."""

HIGH_RANK: Final = 10
"""The lowest rank counted by :func:`high_cards`: 10, J, Q, K and A."""

_SUITS: Final = tuple(Suit)
_CARD_OF: Final = deck(MAX_JOKERS)
# Cards of rank r in every suit: index 13 * suit + (14 - r).
_RANK_MASKS: Final = {
    rank: sum(1 << 13 * suit + 14 - rank for suit in range(4)) for rank in range(2, 15)
}
_HIGH: Final = sum(_RANK_MASKS[rank] for rank in range(HIGH_RANK, 15))
_ACES, _KINGS, _QUEENS, _JACKS = (_RANK_MASKS[rank] for rank in (14, 13, 12, 11))
_JOKERS: Final = 0xFF << 52
_SUIT_TEXT: Final[tuple[dict[int, str], ...]] = tuple({} for _ in range(5))


def _mask(hand: HandLike) -> int:
    """The bitmask of a hand's cards (each card counted once)."""
    if isinstance(hand, int) or not isinstance(hand, (str, Iterable)):
        raise InvalidInputError(f"a hand is card texts or cards, not {brief(hand)}")
    mask = 0
    for card in parse_cards(hand):
        mask |= 1 << card.index
    return mask


@attrs.frozen
class HandFeatures(Value):
    """The features of one hand, as :func:`hand_features` gives them.

    ``lengths`` are the numbers of spades, hearts, diamonds and clubs;
    ``jokers`` the jokers held; ``high_cards`` the cards of rank 10 or more;
    ``voids`` the number of suits missing; ``strength`` the high-card points
    (see the module's description).

    A frozen attrs class: ``attrs.fields``, ``attrs.evolve`` and
    ``attrs.asdict`` work on it.

    >>> features = hand_features("AS KS QH 2C")
    >>> features.longest, features.shortest, features.as_dict()["spades"]
    (2, 0, 2)
    """

    lengths: tuple[int, int, int, int]
    jokers: int
    high_cards: int
    voids: int
    strength: int

    @property
    def longest(self) -> int:
        """The length of the longest suit."""
        return max(self.lengths)

    @property
    def shortest(self) -> int:
        """The length of the shortest suit (0 with a void)."""
        return min(self.lengths)

    def length(self, suit: Suit) -> int:
        """The number of cards of ``suit``.

        >>> hand_features("AS KS QH").length(Suit.SPADES)
        2
        """
        return self.lengths[suit.index]

    def as_dict(self) -> dict[str, int]:
        """Flat columns: ``spades``, ``hearts``, ``diamonds``, ``clubs``,
        ``jokers``, ``high_cards``, ``voids``, ``strength``.

        >>> list(hand_features("AS").as_dict())[:4]
        ['spades', 'hearts', 'diamonds', 'clubs']
        """
        spades, hearts, diamonds, clubs = self.lengths
        return {
            "spades": spades,
            "hearts": hearts,
            "diamonds": diamonds,
            "clubs": clubs,
            "jokers": self.jokers,
            "high_cards": self.high_cards,
            "voids": self.voids,
            "strength": self.strength,
        }


def mask_features(mask: int) -> HandFeatures:
    """The features of a hand given as a bitmask over card indices (bit
    :attr:`Card.index <bugami.core.cards.Card.index>` set for each card held): the
    fast form, for code that already holds masks.

    >>> mask_features((1 << Card("AS").index) | (1 << Card("TD").index)).high_cards
    2
    """
    lengths = (
        (mask & 0x1FFF).bit_count(),
        (mask >> 13 & 0x1FFF).bit_count(),
        (mask >> 26 & 0x1FFF).bit_count(),
        (mask >> 39 & 0x1FFF).bit_count(),
    )
    jokers = (mask & _JOKERS).bit_count()
    return HandFeatures(
        lengths,
        jokers,
        (mask & _HIGH).bit_count(),
        lengths.count(0),
        4 * ((mask & _ACES).bit_count() + jokers)
        + 3 * (mask & _KINGS).bit_count()
        + 2 * (mask & _QUEENS).bit_count()
        + (mask & _JACKS).bit_count(),
    )


def hand_features(hand: HandLike) -> HandFeatures:
    """Every feature of ``hand`` at once (see :class:`HandFeatures`).

    >>> hand_features(["X1", "AS", "KH"])
    HandFeatures(lengths=(1, 1, 0, 0), jokers=1, high_cards=2, voids=2, strength=11)
    """
    return mask_features(_mask(hand))


def suit_lengths(hand: HandLike) -> tuple[int, int, int, int]:
    """How many spades, hearts, diamonds and clubs ``hand`` holds.

    >>> suit_lengths("AS KS 2D")
    (2, 0, 1, 0)
    """
    return mask_features(_mask(hand)).lengths


def voids(hand: HandLike) -> tuple[Suit, ...]:
    """The suits ``hand`` holds no card of, in suit order.

    >>> voids("AS KS 2D")
    (Suit.HEARTS, Suit.CLUBS)
    """
    lengths = suit_lengths(hand)
    return tuple(suit for suit in _SUITS if not lengths[suit.index])


def high_cards(hand: HandLike) -> int:
    """How many cards of rank 10 or more (10, J, Q, K, A) ``hand`` holds.

    >>> high_cards("AS TS 9S X1")
    2
    """
    return mask_features(_mask(hand)).high_cards


def joker_count(hand: HandLike) -> int:
    """How many jokers ``hand`` holds.

    >>> joker_count("X1 X2 AS")
    2
    """
    return (_mask(hand) & _JOKERS).bit_count()


def strength(hand: HandLike) -> int:
    """The high-card points of ``hand``: ace 4, king 3, queen 2, jack 1,
    joker 4 (see the module's description).

    >>> strength("AS KH QD JC 2S"), strength("X1")
    (10, 4)
    """
    return mask_features(_mask(hand)).strength


def hand_text(mask: int) -> str:
    """The canonical text of a hand given as a bitmask: its cards' texts in
    canonical order, separated by spaces (what :func:`bugami.parse_cards`
    reads back).

    >>> hand_text((1 << Card("TD").index) | (1 << Card("AS").index))
    'AS TD'
    """
    parts = []
    for group, table in enumerate(_SUIT_TEXT):
        chunk = mask >> 13 * group & (0xFF if group == 4 else 0x1FFF)
        if chunk:
            text = table.get(chunk)
            if text is None:
                text = table[chunk] = " ".join(
                    str(_CARD_OF[13 * group + bit]) for bit in range(13) if chunk >> bit & 1
                )
            parts.append(text)
    return " ".join(parts)
