"""Sets of Bugami cards as bitmasks: the engine's representation.

Each card is a small int, its position in canonical order (:attr:`Card.index
<bugami.core.cards.Card.index>`), and a set of cards is an int with the bits of its
cards set: a hand, the cards played, the cards of a suit. The public surface
turns them back into :class:`~bugami.core.cards.Card` tuples with :func:`cards_of`.
Internal: the names here may change in any release.

>>> cards_of(0b101)
(Card('AS'), Card('QS'))
>>> mask_of(cards_of(0b101))
5
"""

from __future__ import annotations

from typing import Any, Final

from bugami.core.cards import MAX_JOKERS, Card, deck

__all__ = [
    "BIT",
    "CARDS",
    "FOLLOW",
    "JOKER_SUIT",
    "SUIT_CHUNK",
    "SUIT_OF",
    "SUIT_SHIFT",
    "SUIT_TABLES",
    "cards_of",
    "legal_mask",
    "mask_of",
    "shown_out",
    "suit_cards",
]

CARDS: Final = deck(MAX_JOKERS)
"""Every card, by index: the 52 standard cards, then the jokers."""
SUIT_CHUNK: Final = 0x1FFF
"""The 13 bits of one suit, counted from the suit's first card."""
JOKER_SUIT: Final = 4
"""What :data:`SUIT_OF` says for a joker."""
SUIT_OF: Final = tuple(min(index // 13, JOKER_SUIT) for index in range(len(CARDS)))
"""Each card index's suit: 0 to 3 in :class:`~bugami.core.cards.Suit` order, 4 for a joker."""
# Typed as a tuple of any length so that, compiled, it stays one tuple object
# (a fixed-length tuple type would be a C struct, boxed anew at every use).
SUIT_SHIFT: Final[tuple[int, ...]] = (0, 13, 26, 39)
"""The index of each suit's first card (its ace)."""
BIT: Final = tuple(1 << index for index in range(len(CARDS)))
"""Each card index's bit."""
FOLLOW: Final = tuple(
    0 if index >= 52 else SUIT_CHUNK << 13 * (index // 13) for index in range(len(CARDS))
)
"""For each card index, the cards that follow it as the card led: the bits of
its suit, or 0 for a joker (after a led joker, any card may be played)."""


# For each suit (and the jokers, as a fifth), the cards of each chunk of a
# bitmask, in canonical order: a list indexed by the chunk (13 bits; 8 for the
# jokers), filled in as chunks are first seen (see _learn) and None until then.
# Lists rather than dicts: reading one is quicker, above all when compiled.
def _unseen(size: int) -> list[tuple[Card, ...] | None]:
    return [None] * size


SUIT_TABLES: Final = (*[_unseen(SUIT_CHUNK + 1) for _ in range(4)], _unseen(1 << MAX_JOKERS))
_TABLES: Final[tuple[list[Any], ...]] = SUIT_TABLES  # for cards_of, which adds up what it reads


def _learn(mask: int) -> None:
    """Add the chunks of ``mask`` to the suit tables."""
    for suit, table in enumerate(SUIT_TABLES):
        chunk = mask >> 13 * suit & SUIT_CHUNK
        if table[chunk] is None:
            first = 13 * suit
            table[chunk] = tuple([CARDS[first + bit] for bit in range(13) if chunk >> bit & 1])


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a bitmask over card indices, in canonical order."""
    spades, hearts, diamonds, clubs, jokers = _TABLES
    try:
        cards: tuple[Card, ...] = (
            spades[mask & 0x1FFF]
            + hearts[mask >> 13 & 0x1FFF]
            + diamonds[mask >> 26 & 0x1FFF]
            + clubs[mask >> 39 & 0x1FFF]
            + jokers[mask >> 52]
        )
    except TypeError:  # a chunk not seen yet: None cannot be added
        _learn(mask)
        return cards_of(mask)
    return cards


def suit_cards(suit: int, chunk: int) -> tuple[Card, ...]:
    """The cards of one suit (4 for the jokers) whose bits, counted from the
    suit's first card, are set in ``chunk``.

    >>> suit_cards(1, 0b11)
    (Card('AH'), Card('KH'))
    """
    cards = SUIT_TABLES[suit][chunk]
    if cards is None:
        _learn(chunk << 13 * suit)
        cards = SUIT_TABLES[suit][chunk]
    return cards  # type: ignore[return-value]


def mask_of(cards: tuple[Card, ...]) -> int:
    """The bitmask of some cards (the inverse of :func:`cards_of`)."""
    mask = 0
    for card in cards:
        mask |= BIT[card.index]
    return mask


def legal_mask(hand: int, trick: tuple[int, ...]) -> int:
    """The cards of ``hand`` that may be played to ``trick`` (card indices in
    order of play): those of the suit led if the hand holds any (never a
    joker), else all of them.

    >>> legal_mask(0b11 | 1 << 13, (5,)) == 0b11, legal_mask(1 << 13, (5,)) == 1 << 13
    (True, True)
    """
    if trick:
        follow = hand & FOLLOW[trick[0]]
        if follow:
            return follow
    return hand


def shown_out(cards: tuple[int, ...], leader: int, players: int) -> int:
    """The suits that a trick's cards (indices, in order of play from
    ``leader``) show players to be out of: bit ``4 * seat + suit`` is set when
    ``seat`` played another card, a joker included, to a trick led in ``suit``.

    >>> shown_out((0, 13, 1), leader=0, players=3) == 1 << 4
    True
    """
    if not cards:
        return 0
    suit = SUIT_OF[cards[0]]
    if suit == JOKER_SUIT:
        return 0
    shown = 0
    for position in range(1, len(cards)):
        if SUIT_OF[cards[position]] != suit:
            shown |= 1 << 4 * ((leader + position) % players) + suit
    return shown
