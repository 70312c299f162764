"""The library's shuffle where it is hot: the draws of a deal, all at once
(:class:`bugami._kernel.seeds.SeedStream`, one draw at a time, is the
reference these functions must agree with).

The stream's words are unsigned 64-bit numbers, too wide for the machine
integers (``i64``) of the compiled build. It reads them from the stream's
bytes as two 32-bit halves and takes each remainder piece by piece
(:func:`swap_down_bytes`), every value a machine integer; pure Python, for
which that is slower, unpacks them into Python ints (:func:`swap_down`).

>>> items = [10, 20, 30]
>>> swap_down(items, (5, 7))  # swap 2 with 5 % 3 = 2, then 1 with 7 % 2 = 1
>>> items
[10, 20, 30]
"""

from __future__ import annotations

import struct
from typing import TYPE_CHECKING, Final, TypeVar

from bugami._kernel.native import COMPILED

if TYPE_CHECKING:
    # Only ever an annotation (never evaluated at run time): mypyc compiles it
    # to a machine integer, so mypy_extensions is needed to build, not to run.
    from mypy_extensions import i64

__all__ = [
    "NATIVE",
    "any_all_ones",
    "draw_then_shuffle",
    "seat_sums",
    "shake",
    "swap_down",
    "swap_down_bytes",
    "word_remainder",
]

NATIVE: Final = COMPILED
"""Whether the functions here take their compiled paths: explicit loops over
machine integers (the words read byte by byte, the hands added up card by
card), far quicker compiled and far slower in pure Python, whose paths lean
on :mod:`struct` and :func:`sum` instead."""

ItemT = TypeVar("ItemT")  # what a shuffle moves: cards, values, anything

_WORD: Final = 8
_HALF: Final[i64] = 1 << 32
_FILTERED: Final = 256
"""The largest bound whose rejected words all begin with :data:`_ALL_ONES`."""
_ALL_ONES: Final = b"\xff" * 7
"""The first 7 bytes of every word that a draw below at most
:data:`_FILTERED` rejects (those of at least ``2**64 - 255``)."""


def shake(material: bytes, size: int) -> bytes:
    """The first ``size`` bytes of the SHAKE-256 output of ``material``.

    :mod:`hashlib` is imported here, on the first seeded deal, rather than
    with the module: it loads OpenSSL, a large part of ``import bugami``'s
    time, and a program that never deals from a seed never needs it.

    >>> shake(b"", 4).hex()
    '46b9dd2b'
    """
    import hashlib

    return hashlib.shake_256(material).digest(size)


def word_remainder(digest: bytes, at: i64, bound: i64) -> i64:
    """The word at byte ``at`` of ``digest`` (its 8 bytes read as an unsigned
    big-endian number), modulo ``bound`` (at most 2**31).

    >>> word_remainder(bytes(7) + b"\\x0b", 0, 4)  # 11 % 4
    3
    >>> word_remainder(b"\\xff" * 8, 0, 10) == (2**64 - 1) % 10
    True
    """
    high: i64 = digest[at] << 24 | digest[at + 1] << 16 | digest[at + 2] << 8 | digest[at + 3]
    low: i64 = digest[at + 4] << 24 | digest[at + 5] << 16 | digest[at + 6] << 8 | digest[at + 7]
    # word = high * 2**32 + low, taken modulo bound piece by piece: no
    # intermediate value needs more than 63 bits.
    return (high % bound * (_HALF % bound) + low) % bound


def swap_down(items: list[ItemT], words: tuple[int, ...]) -> None:
    """Fisher and Yates over ``items`` with one word a draw: for ``i`` from
    ``len(words)`` down to 1, swap item ``i`` with item ``word % (i + 1)``,
    the words taken in order (none rejected: the caller has checked them).

    >>> items = ["a", "b", "c"]
    >>> swap_down(items, (0, 0))
    >>> items
    ['b', 'c', 'a']
    """
    i = len(words)
    for word in words:
        j = word % (i + 1)
        items[i], items[j] = items[j], items[i]
        i -= 1


def any_all_ones(digest: bytes) -> bool:
    """Whether a word of ``digest`` begins with :data:`_ALL_ONES`: word by
    word, for the compiled build (pure Python looks for the bytes anywhere,
    a check as safe and quicker there).

    >>> any_all_ones(bytes(8) + b"\\xff" * 7 + b"\\x00"), any_all_ones(b"\\x00" + b"\\xff" * 7)
    (True, False)
    """
    at: i64 = 0
    end: i64 = len(digest)
    while at < end:
        if digest[at] == 0xFF and digest[at : at + 7] == _ALL_ONES:
            return True
        at += _WORD
    return False


def swap_down_bytes(items: list[ItemT], digest: bytes) -> None:
    """:func:`swap_down` with the words read from ``digest`` by
    :func:`word_remainder`, from its second word on: what the compiled build
    runs, every value a machine integer.

    >>> items = ["a", "b", "c"]
    >>> swap_down_bytes(items, bytes(16) + b"\\xff" * 8)  # 0 % 3 = 0, then (2**64 - 1) % 2 = 1
    >>> items
    ['c', 'b', 'a']
    """
    i: i64 = len(items) - 1
    at: i64 = _WORD
    while i > 0:
        j = word_remainder(digest, at, i + 1)
        items[i], items[j] = items[j], items[i]
        i -= 1
        at += _WORD


def draw_then_shuffle(stream: bytes, bound: int, items: list[ItemT]) -> int:
    """The first draw below ``bound`` of the stream whose SHAKE-256 input is
    ``stream`` (prefix included), then the shuffle of ``items`` by the words
    that follow; or ``-1``, leaving ``items`` as they were, when one of those
    words might be rejected (about once in 10**14 deals: the caller then
    draws from the stream word by word).

    >>> items = list(range(5))
    >>> draw_then_shuffle(b"bugami-deal-v1\\x00int:42", 6, items), sorted(items)
    (4, [0, 1, 2, 3, 4])
    """
    size = len(items)
    if bound > _FILTERED or size > _FILTERED:
        return -1
    count = size if size > 1 else 1
    digest = shake(stream, _WORD * count)
    if NATIVE:
        if any_all_ones(digest):
            return -1
        swap_down_bytes(items, digest)
        return word_remainder(digest, 0, bound)
    if _ALL_ONES in digest:  # a word may be rejected (or not: the stream decides)
        return -1
    words: tuple[int, ...] = struct.unpack(f">{count}Q", digest)
    if size > 1:
        swap_down(items, words[1:])
    return words[0] % bound


def seat_sums(cards: list[int], players: int, dealt: int, dealer: int) -> list[int]:
    """Each seat's sum of the cards dealt to it from the first ``dealt`` of
    ``cards``, dealt one at a time from the left of ``dealer``: the ``k``-th
    card goes to seat ``(dealer + 1 + k) % players``.

    >>> seat_sums([1, 2, 4, 8, 16, 32, 64], 3, 6, 0)  # seat 1 takes 1 and 8
    [36, 9, 18]
    """
    sums = [0] * players
    for first in range(players):
        # Seat (dealer + 1 + first) % players takes every players-th card from first.
        if NATIVE:
            total = 0
            k = first
            while k < dealt:  # a range with a step would be a Python object
                total += cards[k]
                k += players
        else:
            total = sum(cards[first:dealt:players])
        sums[(dealer + 1 + first) % players] = total
    return sums
