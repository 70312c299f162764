"""The inner loop of the library's shuffle, on its own so that the compiled
build compiles it (see :mod:`bugami._kernel.seeds`, whose stream stays a
Python class).

>>> items = [10, 20, 30]
>>> swap_down(items, (5, 7))  # swap 2 with 5 % 3 = 2, then 1 with 7 % 2 = 1
>>> items
[10, 20, 30]
"""

from __future__ import annotations

from typing import Any

__all__ = ["swap_down"]


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
