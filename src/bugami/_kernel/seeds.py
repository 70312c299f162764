"""The library's random number generator: seeded streams of uniform draws.

Both games deal from it, each in its own domain, so that the same seed deals
the same cards on every platform, Python version and release of the same
major version. The generator is a stable contract, defined in
:mod:`bugami.core.dealing` (steps 1 to 4) and :mod:`bugami.argute.dealing`.

>>> stream = SeedStream(seed_bytes(42))
>>> [stream.below(6) for _ in range(5)]
[4, 0, 4, 3, 3]
"""

from __future__ import annotations

import struct
from typing import Final, TypeAlias, TypeVar

from bugami._kernel.checks import as_int
from bugami._kernel.shuffling import draw_then_shuffle, shake
from bugami.errors import InvalidInputError, brief

__all__ = [
    "MAX_SEED_BYTES",
    "MAX_SEED_DIGITS",
    "Seed",
    "SeedStream",
    "check_seed",
    "deal_draws",
    "fresh_seed",
    "game_suffix",
    "seed_bytes",
]

# Documented where bugami.core.dealing names them.
Seed: TypeAlias = "int | str | bytes"
MAX_SEED_DIGITS: Final = 4000
MAX_SEED_BYTES: Final = 4096
ItemT = TypeVar("ItemT")  # what a deal shuffles

_INT_SEED_BOUND: Final = 10**MAX_SEED_DIGITS

_PREFIX: Final = b"bugami-deal-v1\x00"
_WORD: Final = 8
_SPAN: Final = 1 << 64


def check_seed(seed: object) -> Seed:
    """``seed`` if it is a seed that dealing accepts, else the error: an
    ``int`` of at most :data:`MAX_SEED_DIGITS` digits (anything that stands
    for one, such as a NumPy integer, is read as that plain int), a ``str``
    of at most :data:`MAX_SEED_BYTES` bytes in UTF-8, or ``bytes`` of at most
    as many. Every seed the library takes is checked here.

    >>> check_seed("x" * 5000)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: a str seed is at most 4096 bytes in UTF-8
    """
    if isinstance(seed, str):
        text = "".join((seed,))  # a plain str, even of a str subclass
        # UTF-8 takes a byte a character at least: a text longer than the
        # bound is refused before it is encoded.
        if len(text) > MAX_SEED_BYTES or len(_utf8(text)) > MAX_SEED_BYTES:
            raise InvalidInputError(f"a str seed is at most {MAX_SEED_BYTES} bytes in UTF-8")
        return text
    if isinstance(seed, bytes):
        if len(seed) > MAX_SEED_BYTES:
            raise InvalidInputError(f"a bytes seed is at most {MAX_SEED_BYTES} bytes")
        return b"".join((seed,))  # plain bytes, even of a bytes subclass
    number = as_int(seed)
    if number is None:
        raise InvalidInputError(f"a seed is an int, a str or bytes, not {brief(seed)}")
    if not -_INT_SEED_BOUND < number < _INT_SEED_BOUND:
        raise InvalidInputError(f"an int seed has at most {MAX_SEED_DIGITS} digits")
    return number


def _utf8(text: str) -> bytes:
    """``text`` in UTF-8, or the error for a text that has none (a lone surrogate)."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidInputError(
            f"a str seed must be valid Unicode text, not {brief(text)}"
        ) from None


def seed_bytes(seed: object) -> bytes:
    """The bytes a seed stands for (checked as ``check_seed`` checks it):
    ``b"int:"``, ``b"str:"`` or ``b"bytes:"`` followed by its decimal digits,
    its UTF-8 text or its bytes.

    >>> seed_bytes(42), seed_bytes("42"), seed_bytes(b"42")
    (b'int:42', b'str:42', b'bytes:42')
    """
    checked = check_seed(seed)
    if isinstance(checked, int):
        return b"int:" + str(checked).encode("ascii")
    if isinstance(checked, str):
        return b"str:" + _utf8(checked)
    return b"bytes:" + checked


def fresh_seed() -> int:
    """A new random seed, for a deal or game asked for without one.

    >>> fresh_seed() != fresh_seed()
    True
    """
    import secrets  # here: slow to import, and only a deal asked for without a seed needs it

    return secrets.randbits(128)


def game_suffix(number: int) -> bytes:
    """What follows a game's seed in the material of its deal ``number``.

    >>> game_suffix(3)
    b'/game:3'
    """
    return b"/game:" + str(number).encode("ascii")


class SeedStream:
    """Uniform draws from the SHAKE-256 output of ``material`` (after the
    prefix ``b"bugami-deal-v1\\x00"``), read as 8-byte big-endian words; a
    draw below ``k`` rejects words at or above ``2**64 - 2**64 % k``.

    >>> stream = SeedStream(b"int:42")
    >>> [stream.below(6) for _ in range(5)]
    [4, 0, 4, 3, 3]
    >>> stream.below(0)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: a draw needs a bound from 1 to 2**64, not 0
    """

    __slots__ = ("_material", "_position", "_words")

    # Arguments are taken as objects and checked: compiled, a wrongly typed
    # one would otherwise be refused with a bare TypeError (see bugami.play).
    def __init__(self, material: object) -> None:
        if not isinstance(material, (bytes, bytearray)):
            raise InvalidInputError(f"a stream's material is bytes, not {brief(material)}")
        self._material = _PREFIX + bytes(material)
        self._words: tuple[int, ...] = ()
        self._position = 0
        self._read(64)

    def _read(self, count: int) -> None:
        """Hold the first ``count`` words of the stream (SHAKE-256 output is
        the same however much is asked for, so positions stay valid)."""
        digest = shake(self._material, count * _WORD)
        self._words = struct.unpack(f">{count}Q", digest)

    def below(self, bound: object) -> int:
        """A number from 0 to ``bound - 1``, each equally likely."""
        # Past 2**64 every word would be rejected: the draw would never end.
        number = as_int(bound)  # an int-like is read as its plain int
        if number is None or not 1 <= number <= _SPAN:
            raise InvalidInputError(f"a draw needs a bound from 1 to 2**64, not {brief(bound)}")
        limit = _SPAN - _SPAN % number
        while True:
            if self._position == len(self._words):
                self._read(2 * len(self._words))
            value = self._words[self._position]
            self._position += 1
            if value < limit:
                return value % number

    def shuffle(self, items: object) -> None:
        """Shuffle ``items`` in place by Fisher and Yates: for ``i`` from
        ``len(items) - 1`` down to 1, swap item ``i`` with item ``j``, drawn
        below ``i + 1`` as :meth:`below` draws.

        >>> cards = list(range(5))
        >>> SeedStream(b"int:42").shuffle(cards)
        >>> sorted(cards) == list(range(5))
        True
        """
        if not isinstance(items, list):
            raise InvalidInputError(f"a shuffle needs a list, not {brief(items)}")
        # The reference, one draw at a time: deals take the same draws, faster,
        # through deal_draws (whose fast path sits in _kernel.shuffling).
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def deal_draws(material: bytes, bound: int, items: list[ItemT]) -> int:
    """What a deal takes from a fresh ``SeedStream(material)``: the draw
    below ``bound`` (returned) then the shuffle of ``items`` (in place), the
    same as ``stream.below(bound)`` then ``stream.shuffle(items)`` but
    without building the stream unless a word must be rejected.

    >>> items = list(range(5))
    >>> copy, stream = list(items), SeedStream(seed_bytes(42))
    >>> deal_draws(seed_bytes(42), 6, items) == stream.below(6), stream.shuffle(copy)
    (True, None)
    >>> items == copy
    True
    """
    drawn = draw_then_shuffle(_PREFIX + material, bound, items)
    if drawn < 0:
        stream = SeedStream(material)
        drawn = stream.below(bound)
        stream.shuffle(items)
    return drawn
