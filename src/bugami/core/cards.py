"""Suits, cards, bids and decks: the vocabulary of the game.

A card is written as its rank followed by its suit: ``"QH"`` is the queen of
hearts, ``"TD"`` (or ``"10D"``) the ten of diamonds. Suits may also be given
as symbols (``"Q♥"``) and everything may be lower case. Jokers are distinct
cards written ``"X1"``, ``"X2"``, ... up to ``"X8"``.

Cards sort in *canonical order*: spades, hearts, diamonds, clubs, ranks high
to low within each suit, jokers last by number. Hands, legal moves and every
printed list of cards use this order, so ``sorted(cards)`` is how a hand is
shown.

>>> from bugami import Card, Suit
>>> card = Card.parse("Q♥")
>>> card, str(card), card.suit, card.rank
(Card('QH'), 'QH', Suit.HEARTS, 12)
>>> sorted([Card("2S"), Card("X1"), Card("AH"), Card("AS")])
[Card('AS'), Card('2S'), Card('AH'), Card('X1')]

Internally a card is a small integer, its position in the canonical order
(:attr:`Card.index`), and a set of cards is a bitmask of those positions. Each
:class:`Card` exists exactly once, so building and comparing them is cheap.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Final, NoReturn, TypeAlias, overload

from bugami._kernel.checks import as_int, check_range
from bugami._kernel.native import Sealed, immutable
from bugami.errors import InvalidInputError, brief

__all__ = [
    "MAX_JOKERS",
    "MISERE",
    "Bid",
    "Card",
    "Misere",
    "Suit",
    "deck",
    "parse_bid",
    "parse_cards",
]

# The functions below take ``object`` where a caller may pass anything and
# check it themselves, so that the compiled build (this module is compiled;
# see bugami._kernel.native) refuses a wrong type with the same error as the
# pure one, not with a bare TypeError.

MAX_JOKERS: Final = 8
"""The most jokers a deck may hold (``X1`` .. ``X8``)."""

_RANK_LETTERS: Final = "AKQJT98765432"  # high to low, as in canonical order
_SUIT_LETTERS: Final = "SHDC"
_SUIT_SYMBOLS: Final = "♠♥♦♣"
_EMOJI_VARIATION: Final = "\ufe0f"  # phones append it to suit symbols: "♥️"


class Suit(enum.Enum):
    """One of the four suits, in canonical order.

    A suit is also a bid: the *bug suit* a player names.

    >>> Suit.parse("hearts"), Suit.parse("♦"), Suit.parse("c")
    (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
    >>> str(Suit.SPADES), Suit.SPADES.symbol
    ('S', '♠')
    >>> list(Suit)
    [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS]
    """

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    _value_: str
    _index: int  # the position in canonical order, kept (the engine asks for it often)

    @property
    def letter(self) -> str:
        """The one-letter form used in card text: ``S``, ``H``, ``D`` or ``C``.

        >>> Suit.DIAMONDS.letter
        'D'
        """
        return self._value_

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♠``, ``♥``, ``♦`` or ``♣``.

        >>> Suit.CLUBS.symbol
        '♣'
        """
        return _SUIT_SYMBOLS[self._index]

    @property
    def index(self) -> int:
        """The position of the suit in canonical order, 0 to 3.

        >>> Suit.HEARTS.index
        1
        """
        return self._index

    @classmethod
    def parse(cls, text: object) -> Suit:
        """Read a suit from its letter, symbol or name, in any case.

        >>> Suit.parse("Spades")
        Suit.SPADES
        >>> Suit.parse("x")
        Traceback (most recent call last):
        ...
        bugami.errors.InvalidInputError: 'x' is not a suit: expected one of S H D C, ♠ ♥ ♦ ♣ or a suit name
        """
        suit = _SUIT_BY_TEXT.get(text.upper()) if isinstance(text, str) else None
        if suit is None:
            raise InvalidInputError(
                f"{brief(text)} is not a suit: expected one of S H D C, ♠ ♥ ♦ ♣ or a suit name"
            )
        return suit

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    def __str__(self) -> str:
        return self._value_


_SUITS: Final = tuple(Suit)
for _suit in _SUITS:
    # Set here rather than in an __init__, which the compiled build cannot
    # give an enum.
    _suit._index = _SUIT_LETTERS.index(_suit.value)
del _suit
_SUIT_BY_TEXT: Final[dict[str, Suit]] = {
    text: suit
    for suit, symbol in zip(_SUITS, _SUIT_SYMBOLS, strict=True)
    for text in (suit.value, symbol, symbol + _EMOJI_VARIATION, suit.name)
}


class Misere(enum.Enum):
    """The type of :data:`MISERE`, the bid to win no trick at all: an enum with
    that one member, so that it pickles and compares as itself.

    >>> Misere.MISERE is MISERE, Misere("M")
    (True, MISERE)
    """

    MISERE = "M"

    def __repr__(self) -> str:
        return "MISERE"

    def __str__(self) -> str:
        return "M"


MISERE: Final = Misere.MISERE
"""The misère bid: to win no trick at all. Its text is ``"M"`` (or ``"misere"``).

>>> MISERE
MISERE
>>> parse_bid("misère") is MISERE
True
"""

Bid: TypeAlias = "Suit | Misere"
"""A bid: a bug :class:`Suit`, or :data:`MISERE`."""

_BID_BY_TEXT: Final[dict[str, Bid]] = {
    **_SUIT_BY_TEXT,
    "M": MISERE,
    "MISERE": MISERE,
    "MISÈRE": MISERE,
}


def parse_bid(text: object) -> Bid:
    """Read a bid: a suit (letter, symbol or name) or misère (``M``,
    ``misere`` or ``misère``), in any case. Bids pass through unchanged.

    >>> parse_bid("h"), parse_bid("♠"), parse_bid("M"), parse_bid(Suit.CLUBS)
    (Suit.HEARTS, Suit.SPADES, MISERE, Suit.CLUBS)
    >>> parse_bid("no trumps")
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: 'no trumps' is not a bid: expected a suit (S H D C, ♠ ♥ ♦ ♣ or its name) or misère (M)
    """
    if isinstance(text, (Suit, Misere)):
        return text
    bid = _BID_BY_TEXT.get(text.upper()) if isinstance(text, str) else None
    if bid is None:
        raise InvalidInputError(
            f"{brief(text)} is not a bid: expected a suit (S H D C, ♠ ♥ ♦ ♣ or its name) or misère (M)"
        )
    return bid


_MAKE: Final = object()  # the key to Card's constructor for the deck below


class Card(Sealed):
    """A playing card: one of the 52 standard cards, or a joker.

    Build one from its text, or from a suit and a rank (2 to 14, with
    J = 11, Q = 12, K = 13, A = 14); :meth:`joker` gives the jokers. Cards are
    immutable, hashable and ordered in canonical order.

    >>> Card("QH") == Card.parse("q♥") == Card(Suit.HEARTS, 12)
    True
    >>> Card.joker(2)
    Card('X2')
    >>> Card("AS") < Card("KS") < Card("AH")
    True
    """

    __slots__ = ("_index",)
    _index: int
    _fields = ("_index",)

    @overload
    def __new__(cls, suit_or_text: str) -> Card: ...

    @overload
    def __new__(cls, suit_or_text: Suit, rank: int) -> Card: ...

    def __new__(cls, suit_or_text: object, rank: object = None) -> Card:
        if suit_or_text is _MAKE:
            # Only the deck below is made this way, one card per index: the
            # compiled build's cards are native objects, which only their own
            # constructor may create.
            card = super().__new__(cls)
            object.__setattr__(card, "_index", rank)
            return card
        if rank is None and isinstance(suit_or_text, str):
            return Card.parse(suit_or_text)
        if not isinstance(suit_or_text, Suit):
            raise InvalidInputError(
                f"a card needs a Suit and a rank, or its text, not {brief(suit_or_text)}"
            )
        number = as_int(rank)
        if number is None or not 2 <= number <= 14:
            raise InvalidInputError(
                f"a card's rank is an int from 2 to 14 (ace), not {brief(rank)}"
            )
        return _CARDS[suit_or_text.index * 13 + 14 - number]

    def __setattr__(self, name: str, value: object) -> None:
        raise immutable(self, "set", name)

    def __delattr__(self, name: str) -> None:
        raise immutable(self, "delete", name)

    @classmethod
    def parse(cls, text: object) -> Card:
        """Read a card from its text: rank (``A K Q J T 10 9 .. 2``) then suit
        (``S H D C`` or ``♠ ♥ ♦ ♣``), in any case; jokers are ``X1`` .. ``X8``.

        >>> Card.parse("TD") is Card.parse("10d")
        True
        >>> Card.parse("x3")
        Card('X3')
        >>> Card.parse("1H")
        Traceback (most recent call last):
        ...
        bugami.errors.InvalidInputError: '1H' is not a card: expected a rank (A K Q J T/10 9 8 7 6 5 4 3 2) then a suit (S H D C or ♠ ♥ ♦ ♣), or a joker X1..X8
        """
        index = _INDEX_BY_TEXT.get(text.upper()) if isinstance(text, str) else None
        if index is None:
            _bad_card_text(text)
        return _CARDS[index]

    @classmethod
    def joker(cls, number: object) -> Card:
        """The joker numbered ``number``, from 1 to 8.

        >>> Card.joker(1), Card.joker(1).is_joker
        (Card('X1'), True)
        """
        plain = as_int(number)
        if plain is None or not 1 <= plain <= 8:
            raise InvalidInputError(f"jokers are numbered 1 to {MAX_JOKERS}, not {brief(number)}")
        return _CARDS[51 + plain]

    @property
    def index(self) -> int:
        """The card's position in canonical order: 0 (``AS``) to 51 (``2C``),
        then 52 to 59 for the jokers ``X1`` .. ``X8``.

        >>> Card("AS").index, Card("2C").index, Card("X1").index
        (0, 51, 52)
        """
        return self._index

    @property
    def suit(self) -> Suit | None:
        """The card's suit, or ``None`` for a joker.

        >>> Card("7D").suit, Card("X1").suit
        (Suit.DIAMONDS, None)
        """
        return _SUITS[self._index // 13] if self._index < 52 else None

    @property
    def rank(self) -> int | None:
        """The rank from 2 to 14 (J = 11, Q = 12, K = 13, A = 14), or ``None``
        for a joker.

        >>> Card("AS").rank, Card("TD").rank, Card("X2").rank
        (14, 10, None)
        """
        return 14 - self._index % 13 if self._index < 52 else None

    @property
    def is_joker(self) -> bool:
        """Whether this card is a joker.

        >>> Card("X1").is_joker, Card("JS").is_joker
        (True, False)
        """
        return self._index >= 52

    def __str__(self) -> str:
        return _TEXT_OF[self._index]

    def __repr__(self) -> str:
        return f"Card('{_TEXT_OF[self._index]}')"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Card:
            return self._index == other._index
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if other.__class__ is Card:
            return self._index != other._index
        return NotImplemented

    def __lt__(self, other: Card) -> bool:
        if other.__class__ is Card:
            return self._index < other._index
        return NotImplemented

    def __le__(self, other: Card) -> bool:
        if other.__class__ is Card:
            return self._index <= other._index
        return NotImplemented

    def __gt__(self, other: Card) -> bool:
        if other.__class__ is Card:
            return self._index > other._index
        return NotImplemented

    def __ge__(self, other: Card) -> bool:
        if other.__class__ is Card:
            return self._index >= other._index
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._index)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (_card, (_TEXT_OF[self._index],))


def _card(text: str) -> Card:
    """The card of a text: what a pickled card is loaded with (a function of
    the module, so that both builds pickle cards alike)."""
    return Card.parse(text)


def _bad_card_text(text: object) -> NoReturn:
    raise InvalidInputError(
        f"{brief(text)} is not a card: expected a rank (A K Q J T/10 9 8 7 6 5 4 3 2) then a suit "
        f"(S H D C or ♠ ♥ ♦ ♣), or a joker X1..X{MAX_JOKERS}"
    )


_TEXT_OF: Final = tuple(
    [rank + suit for suit in _SUIT_LETTERS for rank in _RANK_LETTERS]
    + [f"X{number}" for number in range(1, MAX_JOKERS + 1)]
)
_CARDS: Final[tuple[Card, ...]] = tuple([Card(_MAKE, index) for index in range(len(_TEXT_OF))])  # type: ignore[call-overload]


def _spellings(index: int) -> list[str]:
    """Every upper-case text that reads as the card at ``index``."""
    text = _TEXT_OF[index]
    if index >= 52:
        return [text]
    ranks = ("T", "10") if text[0] == "T" else (text[0],)
    symbol = _SUIT_SYMBOLS[index // 13]
    return [rank + suit for rank in ranks for suit in (text[1], symbol, symbol + _EMOJI_VARIATION)]


_INDEX_BY_TEXT: Final = {
    spelling: index for index in range(len(_TEXT_OF)) for spelling in _spellings(index)
}


def deck(jokers: object = 0) -> tuple[Card, ...]:
    """The full deck in canonical order: the 52 standard cards, then the
    jokers ``X1`` .. ``X<jokers>``.

    >>> len(deck()), deck(2)[-3:]
    (52, (Card('2C'), Card('X1'), Card('X2')))
    """
    if not isinstance(jokers, int) and isinstance(getattr(jokers, "jokers", None), int):
        raise InvalidInputError(
            f"deck takes the number of jokers, not {type(jokers).__name__}(...): "
            "for the deck of some rules, deck(rules.jokers)"
        )
    return _CARDS[: 52 + check_range("jokers", jokers, 0, MAX_JOKERS)]


@overload
def parse_cards(cards: str) -> tuple[Card, ...]: ...


@overload
def parse_cards(cards: Iterable[Card | str]) -> tuple[Card, ...]: ...


def parse_cards(cards: object) -> tuple[Card, ...]:
    """Read several cards: a string of card texts separated by spaces or
    commas, or an iterable of cards and card texts. The order is kept.

    >>> parse_cards("AS 10h, x1")
    (Card('AS'), Card('TH'), Card('X1'))
    >>> parse_cards(["KD", Card("2C")])
    (Card('KD'), Card('2C'))
    """
    items: Iterable[object]
    if isinstance(cards, str):
        items = cards.replace(",", " ").split()
    elif isinstance(cards, Iterable) and not isinstance(cards, (bytes, bytearray)):
        items = cards
    else:
        raise InvalidInputError(
            f"cards are a str of card texts or an iterable of cards, not {brief(cards)}"
        )
    return tuple([card if isinstance(card, Card) else Card.parse(card) for card in items])
