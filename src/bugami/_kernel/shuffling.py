"""The library's shuffle where it is hot, on its own so that the compiled
build compiles it (see :mod:`bugami._kernel.seeds`, whose stream stays a
Python class and is the reference these functions must agree with).

>>> items = [10, 20, 30]
>>> swap_down(items, (5, 7))  # swap 2 with 5 % 3 = 2, then 1 with 7 % 2 = 1
>>> items
[10, 20, 30]
"""

from __future__ import annotations

import hashlib
import struct
from typing import Any, Final

__all__ = ["draw_then_shuffle", "swap_down"]

_SPAN: Final = 1 << 64
_WORD: Final = 8


def swap_down(items: list[Any], words: tuple[int, ...]) -> None:
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


def draw_then_shuffle(stream: bytes, bound: int, items: list[Any]) -> int:
    """The first draw below ``bound`` of the stream whose SHAKE-256 input is
    ``stream`` (prefix included), then the shuffle of ``items`` by the words
    that follow; or ``-1``, leaving ``items`` as they were, when one of those
    words would be rejected (about once in 10**16 deals: the caller then
    draws from the stream word by word).

    >>> items = list(range(5))
    >>> draw_then_shuffle(b"bugami-deal-v1\\x00int:42", 6, items), sorted(items)
    (4, [0, 1, 2, 3, 4])
    """
    size = len(items)
    count = size if size > 1 else 1
    words: tuple[int, ...] = struct.unpack(
        f">{count}Q", hashlib.shake_256(stream).digest(_WORD * count)
    )
    first = words[0]
    if first >= _SPAN - _SPAN % bound:
        return -1
    if size > 1:
        rest = words[1:]
        # A draw below k rejects only words of at least 2**64 - k (see seeds).
        if max(rest) >= _SPAN - size:
            return -1
        swap_down(items, rest)
    return first % bound
