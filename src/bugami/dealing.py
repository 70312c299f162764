"""Dealing: shuffling from a seed, or laying out a deal card by card.

The shuffle is the library's own, so that the same seed gives the same deal on
every platform, every Python version and every release of the same major
version. It is defined as follows (this is a stable contract):

1. The seed becomes bytes: an ``int`` as ``b"int:"`` followed by its decimal
   digits (with ``-`` if negative), a ``str`` as ``b"str:"`` followed by its
   UTF-8 encoding, ``bytes`` as ``b"bytes:"`` followed by the bytes. An
   ``int`` seed has at most 4000 digits, a ``str`` seed at most 4096 bytes in
   UTF-8 and a ``bytes`` seed at most 4096 bytes, so that every game can be
   written in a record and read back; a longer seed is refused.
2. Those bytes, after the prefix ``b"bugami-deal-v1\\x00"``, are hashed with
   SHAKE-256 (:func:`hashlib.shake_256`), whose output is read as a stream
   of 8-byte big-endian unsigned integers.
3. To draw a number below ``k``, the next integer ``x`` of the stream is taken;
   if ``x >= 2**64 - 2**64 % k`` it is rejected and the next one is taken
   (so that every number below ``k`` is exactly equally likely); otherwise the
   draw is ``x % k``.
4. The first draw is below ``players``; it is the dealer unless a dealer is
   given, in which case it is drawn all the same and not used (so giving the
   dealer never changes the shuffle, only where the dealing starts). Then the deck in canonical order (see :func:`bugami.cards.deck`)
   is shuffled by Fisher and Yates: for ``i`` from ``deck_size - 1`` down to
   1, draw ``j`` below ``i + 1`` and swap the cards at positions ``i`` and ``j``.
5. The cards are dealt one at a time from the start of the shuffled deck,
   clockwise from the seat left of the dealer, until each player has
   ``rules.hand_size`` cards; the rest form the leftover.

>>> import bugami
>>> a = bugami.deal(bugami.Rules(), seed=42)
>>> a == bugami.deal(bugami.Rules(), seed=42)
True
>>> a == bugami.deal(bugami.Rules(), seed="42")
False
"""

from __future__ import annotations

import functools
import hashlib
import secrets
import struct
from collections.abc import Iterable, Sequence
from operator import mod as _mod
from typing import Final, NoReturn, TypeAlias

from bugami.cards import Card, parse_cards
from bugami.errors import InvalidInputError, brief
from bugami.rules import Rules
from bugami.state import _BIT, Deal, cards_of, make_deal

__all__ = ["MAX_SEED_BYTES", "MAX_SEED_DIGITS", "Seed", "SeedStream", "deal"]

Seed: TypeAlias = "int | str | bytes"
"""What a deal or a game may be seeded with."""

MAX_SEED_DIGITS: Final = 4000
"""The most decimal digits an int seed may have (so that every seed can be
written in a record and read back)."""
MAX_SEED_BYTES: Final = 4096
"""The longest a str seed (in UTF-8) or a bytes seed may be, in bytes."""
_INT_SEED_BOUND: Final = 10**MAX_SEED_DIGITS

_PREFIX: Final = b"bugami-deal-v1\x00"
_WORD: Final = 8
_SPAN: Final = 1 << 64


def seed_bytes(seed: Seed) -> bytes:
    """The bytes a seed stands for (step 1 of the shuffle).

    >>> seed_bytes(42), seed_bytes("42"), seed_bytes(b"42")
    (b'int:42', b'str:42', b'bytes:42')
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, str, bytes)):
        raise InvalidInputError(f"a seed is an int, a str or bytes, not {brief(seed)}")
    if isinstance(seed, int):
        if not -_INT_SEED_BOUND < seed < _INT_SEED_BOUND:
            raise InvalidInputError(f"an int seed has at most {MAX_SEED_DIGITS} digits")
        return b"int:" + str(seed).encode("ascii")
    if isinstance(seed, str):
        try:
            material = seed.encode("utf-8")
        except UnicodeEncodeError:
            raise InvalidInputError(
                f"a str seed must be valid Unicode text, not {brief(seed)}"
            ) from None
        if len(material) > MAX_SEED_BYTES:
            raise InvalidInputError(f"a str seed is at most {MAX_SEED_BYTES} bytes in UTF-8")
        return b"str:" + material
    if len(seed) > MAX_SEED_BYTES:
        raise InvalidInputError(f"a bytes seed is at most {MAX_SEED_BYTES} bytes")
    return b"bytes:" + seed


class SeedStream:
    """The library's random number generator: uniform draws from SHAKE-256
    output, as specified in this module's description.

    >>> stream = SeedStream(b"int:42")
    >>> [stream.below(6) for _ in range(5)]
    [4, 0, 4, 3, 3]
    """

    __slots__ = ("_material", "_position", "_words")

    def __init__(self, material: bytes) -> None:
        self._material = _PREFIX + material
        self._words: tuple[int, ...] = ()
        self._position = 0
        self._read(64)

    def _read(self, count: int) -> None:
        """Hold the first ``count`` words of the stream (SHAKE-256 output is
        the same however much is asked for, so positions stay valid)."""
        digest = hashlib.shake_256(self._material).digest(count * _WORD)
        self._words = struct.unpack(f">{count}Q", digest)

    def below(self, bound: int) -> int:
        """A number from 0 to ``bound - 1``, each equally likely."""
        limit = _SPAN - _SPAN % bound
        while True:
            if self._position == len(self._words):
                self._read(2 * len(self._words))
            value = self._words[self._position]
            self._position += 1
            if value < limit:
                return value % bound

    def shuffle(self, items: list[int]) -> None:
        """Shuffle ``items`` in place by Fisher and Yates, drawing as
        :meth:`below` does (step 4 of this module's description).

        >>> cards = list(range(5))
        >>> SeedStream(b"int:42").shuffle(cards)
        >>> sorted(cards) == list(range(5))
        True
        """
        size = len(items)
        if size < 2:
            return
        end = self._position + size - 1
        while end > len(self._words):
            self._read(2 * len(self._words))
        words = self._words[self._position : end]
        # A draw below k rejects a word only if it is at least 2**64 - k, which
        # almost never happens: check every word at once against the smallest
        # limit, and draw one by one (rejecting as needed) only if that fails.
        if max(words) < _SPAN - size:
            self._position = end
            draws = map(_mod, words, _bounds(size))
            for i, j in zip(range(size - 1, 0, -1), draws, strict=True):
                items[i], items[j] = items[j], items[i]
            return
        for i in range(size - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


@functools.cache
def _bounds(size: int) -> tuple[int, ...]:
    """The bound of each draw of a shuffle of ``size`` items: ``size`` down to 2."""
    return tuple(range(size, 1, -1))


def deal(
    rules: Rules,
    *,
    seed: Seed | None = None,
    dealer: int | None = None,
    hands: Sequence[str | Iterable[Card | str]] | None = None,
    leftover: str | Iterable[Card | str] | None = None,
) -> Deal:
    """A new deal, ready for bidding.

    Either shuffled from ``seed`` (any int, str or bytes; ``None`` for a
    fresh random one), or laid out explicitly by ``hands`` -- one hand per
    seat, each a string of card texts or a sequence of cards or texts -- and
    ``leftover`` (by default, the cards of the deck that are in no hand).
    An explicit layout must give every seat ``rules.hand_size`` cards and use
    every card of the deck exactly once.

    ``dealer`` is the dealer's seat; ``None`` draws it from the seed, or makes
    seat 0 the dealer of an explicit layout. The player left of the dealer
    will lead the first trick.

    >>> import bugami
    >>> state = deal(bugami.Rules(players=3), seed="friday night", dealer=2)
    >>> state.dealer, [len(hand) for hand in state.hands], len(state.leftover)
    (2, [17, 17, 17], 1)
    >>> deal(bugami.Rules(), hands=["AS"] * 4)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: seat 0 holds 1 card; every hand must hold 13
    """
    if not isinstance(rules, Rules):
        raise InvalidInputError(f"deal needs a bugami.Rules, not {rules!r}")
    if dealer is not None:
        _check_seat(rules, dealer, "dealer")
    if hands is None:
        if leftover is not None:
            raise InvalidInputError("a leftover can only be given together with hands")
        if seed is None:
            seed = secrets.randbits(128)
        return _shuffled(rules, SeedStream(seed_bytes(seed)), dealer)
    if seed is not None:
        raise InvalidInputError("give either a seed or an explicit layout (hands), not both")
    return _laid_out(rules, 0 if dealer is None else dealer, hands, leftover)


def _check_seat(rules: Rules, seat: object, what: str) -> int:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < rules.players:
        raise InvalidInputError(
            f"{what} must be a seat from 0 to {rules.players - 1}, not {brief(seat)}"
        )
    return seat


def _shuffled(rules: Rules, stream: SeedStream, dealer: int | None) -> Deal:
    players = rules.players
    drawn = stream.below(players)
    if dealer is None:
        dealer = drawn
    # Shuffling the cards' bits rather than their indices gives each hand's
    # bitmask as a plain sum (distinct powers of two).
    cards = list(_BIT[: rules.deck_size])
    stream.shuffle(cards)
    dealt = players * rules.hand_size
    # The k-th card of the shuffle goes to seat (dealer + 1 + k) % players, so
    # seat (dealer + 1 + j) % players takes every players-th card from j.
    masks = [0] * players
    for first in range(players):
        masks[(dealer + 1 + first) % players] = sum(cards[first:dealt:players])
    leftover = sum(cards[dealt:])
    return make_deal(rules, dealer, tuple(masks), 0, leftover, (None,) * players, None, (), ())


def _laid_out(
    rules: Rules,
    dealer: int,
    hands: Sequence[str | Iterable[Card | str]],
    leftover: str | Iterable[Card | str] | None,
) -> Deal:
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise InvalidInputError("hands must be a sequence with one hand per seat")
    if len(hands) != rules.players:
        raise InvalidInputError(
            f"hands must give one hand per seat: {rules.players} expected, got {len(hands)}"
        )
    deck_mask = (1 << rules.deck_size) - 1
    placed: list[tuple[str, int]] = []
    masks = []
    for seat, hand in enumerate(hands):
        cards = _read_cards(hand, f"seat {seat}'s hand")
        if len(cards) != rules.hand_size:
            count = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
            raise InvalidInputError(
                f"seat {seat} holds {count}; every hand must hold {rules.hand_size}"
            )
        masks.append(_place(cards, f"seat {seat}", placed, deck_mask, rules))
    rest = deck_mask
    for mask in masks:
        rest &= ~mask
    if leftover is not None:
        cards = _read_cards(leftover, "the leftover")
        mask = _place(cards, "the leftover", placed, deck_mask, rules)
        if mask != rest:
            missing = " ".join(map(str, cards_of(rest & ~mask))) or "none"
            count = f"{rules.leftover_size} card{'s' if rules.leftover_size != 1 else ''}"
            raise InvalidInputError(
                f"the leftover must hold exactly the {count} in no hand; missing: {missing}"
            )
    return make_deal(rules, dealer, tuple(masks), 0, rest, (None,) * rules.players, None, (), ())


def _read_cards(cards: str | Iterable[Card | str], where: str) -> tuple[Card, ...]:
    if not isinstance(cards, (str, Iterable)):
        raise InvalidInputError(f"{where} must be card texts or cards, not {cards!r}")
    try:
        return parse_cards(cards)
    except InvalidInputError as error:
        raise InvalidInputError(f"{where}: {error}") from None


def _place(
    cards: tuple[Card, ...], where: str, placed: list[tuple[str, int]], deck_mask: int, rules: Rules
) -> int:
    """The bitmask of ``cards``, once checked that each is in the deck and in
    no earlier place (``placed``: each earlier place and its bitmask, to which
    this one is added)."""
    mask = sum([_BIT[card._index] for card in cards])
    taken = 0
    for _, earlier in placed:
        taken |= earlier
    if mask.bit_count() != len(cards) or mask & ~deck_mask or mask & taken:
        _refuse_place(cards, where, placed, deck_mask, rules)
    placed.append((where, mask))
    return mask


def _refuse_place(
    cards: tuple[Card, ...], where: str, placed: list[tuple[str, int]], deck_mask: int, rules: Rules
) -> NoReturn:
    """Raise the first fault among ``cards``, known to have one."""
    owner = {card: place for place, mask in placed for card in cards_of(mask)}
    for card in cards:
        if not deck_mask >> card.index & 1:
            raise InvalidInputError(
                f"{where} holds {card}, which is not in this deck "
                f"(it has {rules.jokers} joker{'s' if rules.jokers != 1 else ''})"
            )
        if card in owner:
            raise InvalidInputError(f"{card} is dealt twice: to {owner[card]} and to {where}")
        owner[card] = where
    raise AssertionError("the checks of _place and _refuse_place disagree")
