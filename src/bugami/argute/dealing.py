"""Dealing a hand of Argute: shuffled from a seed, or laid out value by value.

Argute's shuffle uses the generator of :mod:`bugami.core.dealing` in its own domain,
so that a seed never deals the same cards in both games. The definition is a
stable contract, like Bugami's: the same seed gives the same hand on every
platform, every Python version and every release of the same major version.

1. The seed becomes bytes exactly as for Bugami (see :mod:`bugami.core.dealing`):
   ``b"int:"``, ``b"str:"`` or ``b"bytes:"`` followed by the decimal digits,
   the UTF-8 text or the bytes.
2. The bytes ``b"bugami-deal-v1\\x00argute-v1\\x00"`` followed by the seed's
   bytes are hashed with SHAKE-256, and the output is read as a stream of
   8-byte big-endian unsigned integers. (This is
   :class:`bugami.core.dealing.SeedStream` given ``b"argute-v1\\x00"`` and the
   seed's bytes. Bugami's input always continues with a type tag such as
   ``int:`` after its prefix, so the two games never share a stream.)
3. A number below ``k`` is drawn as in Bugami: take the next integer ``x``;
   reject it if ``x >= 2**64 - 2**64 % k`` and take the next; else ``x % k``.
4. The first draw is below ``players``: it is the dealer, unless a dealer is
   given, in which case it is drawn all the same and not used.
5. The 42 cards in order -- seven 0s, then seven 1s, and so on up to seven 5s
   (the card at position ``p`` has value ``p // 7``) -- are shuffled by Fisher
   and Yates: for ``i`` from 41 down to 1, draw ``j`` below ``i + 1`` and swap
   the cards at positions ``i`` and ``j``.
6. The cards are dealt one at a time from the start of the shuffled deck,
   clockwise from the seat left of the dealer, until each player has 6; the
   other ``42 - 6 * players`` cards are out of play and are not kept.

>>> from bugami import argute
>>> a = argute.deal(argute.Rules(), seed=42)
>>> a == argute.deal(argute.Rules(), seed=42), a == argute.deal(argute.Rules(), seed="42")
(True, False)
>>> a.dealer, a.hands[0]
(2, (0, 3, 3, 4, 4, 4))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, overload

from bugami._kernel.checks import as_int
from bugami._kernel.seats import check_table
from bugami._kernel.seeds import Seed, deal_draws, fresh_seed, game_suffix, seed_bytes
from bugami._kernel.shuffling import seat_sums
from bugami.argute.rules import COPIES, HAND_SIZE, VALUES, Rules
from bugami.argute.state import Deal, make_deal, pack
from bugami.errors import InvalidInputError, brief

__all__ = ["deal"]

DOMAIN: Final = b"argute-v1\x00"
"""What Argute puts before the seed's bytes in the material of a
:class:`~bugami.core.dealing.SeedStream` (step 2)."""

_VALUE_BY_TEXT: Final = {str(value): value for value in VALUES}
_DECK_BITS: Final = tuple(1 << 3 * (position // COPIES) for position in range(COPIES * len(VALUES)))


def material_for(seed: object, suffix: bytes = b"") -> bytes:
    """What an Argute shuffle from ``seed`` feeds the generator (steps 1 and
    2; checked here); ``suffix`` follows the seed's bytes (games use it to
    number their hands).

    >>> material_for(42, b"/game:1")
    b'argute-v1\\x00int:42/game:1'
    """
    return DOMAIN + seed_bytes(seed) + suffix


@overload
def deal(
    rules: Rules, *, seed: Seed | None = None, dealer: int | None = None, hands: None = None
) -> Deal: ...


@overload
def deal(
    rules: Rules,
    *,
    seed: Seed | None = None,
    dealer: int | None = None,
    hands: Sequence[str | Iterable[int | str]],
) -> Deal: ...


# The arguments a caller may get wrong are taken as ``object`` and checked
# here (see bugami.play); the overloads give the types.
def deal(
    rules: Rules,
    *,
    seed: object = None,
    dealer: object = None,
    hands: Sequence[str | Iterable[int | str]] | None = None,
) -> Deal:
    """A new hand of Argute, ready for bidding.

    Either shuffled from ``seed`` (an int, str or bytes; ``None`` for a fresh
    random one), or laid out explicitly by ``hands``: one hand per seat, each
    six values from 0 to 5 given as ints or their texts (``"4"``), or as one
    string of digits (``"001245"``; spaces are ignored). Across all hands no
    value may appear more than seven times. The cards nobody was dealt are out
    of play.

    ``dealer`` is the dealer's seat; ``None`` draws it from the seed, or makes
    seat 0 the dealer of an explicit layout. The player left of the dealer
    leads the first trick.

    >>> from bugami import argute
    >>> state = deal(argute.Rules(players=3), hands=["012345", [0, 1, 2, 3, 4, 5], "5 5 5 5 4 4"])
    >>> state.dealer, state.hands[2]
    (0, (4, 4, 5, 5, 5, 5))
    >>> deal(argute.Rules(players=2), hands=["012345", "01234"])
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: seat 1 holds 5 cards; every hand must hold 6
    """
    first = check_table(rules, Rules, "deal needs a bugami.argute.Rules", dealer)
    if hands is None:
        return shuffled(rules, material_for(fresh_seed() if seed is None else seed), first)
    if seed is not None:
        raise InvalidInputError("give either a seed or explicit hands, not both")
    return _laid_out(rules, 0 if first is None else first, hands)


def game_deal(rules: Rules, seed: object, number: int, dealer: int | None) -> Deal:
    """Hand ``number`` of a whole game with this seed (see
    :func:`bugami.argute.new_game`), dealt by ``dealer`` or the one it draws."""
    return shuffled(rules, material_for(seed, game_suffix(number)), dealer)


def shuffled(rules: Rules, material: bytes, dealer: int | None) -> Deal:
    """A hand dealt from the stream of ``material`` (steps 3 to 6; for the
    engine only)."""
    players = rules.players
    # Shuffling each card's bit in a packed hand gives each hand as a plain sum.
    cards = list(_DECK_BITS)
    drawn = deal_draws(material, players, cards)
    if dealer is None:
        dealer = drawn
    packed = seat_sums(cards, players, players * HAND_SIZE, dealer)
    return make_deal(rules, dealer, tuple(packed), (None,) * players, None, (), ())


def _laid_out(rules: Rules, dealer: int, hands: Sequence[str | Iterable[int | str]]) -> Deal:
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise InvalidInputError("hands must be a sequence with one hand per seat")
    if len(hands) != rules.players:
        raise InvalidInputError(
            f"hands must give one hand per seat: {rules.players} expected, got {len(hands)}"
        )
    packed = []
    held: list[list[int]] = [[0] * len(VALUES) for _ in hands]
    for seat, hand in enumerate(hands):
        values = read_values(hand, f"seat {seat}'s hand")
        if len(values) != HAND_SIZE:
            count = f"{len(values)} card{'s' if len(values) != 1 else ''}"
            raise InvalidInputError(f"seat {seat} holds {count}; every hand must hold {HAND_SIZE}")
        for value in values:
            held[seat][value] += 1
        packed.append(pack(tuple(values)))
    for value in VALUES:
        total = sum(counts[value] for counts in held)
        if total > COPIES:
            owners = ", ".join(
                f"seat {seat}: {counts[value]}" for seat, counts in enumerate(held) if counts[value]
            )
            raise InvalidInputError(
                f"the hands hold {total} cards of value {value}, but the deck has only "
                f"{COPIES} ({owners})"
            )
    return make_deal(rules, dealer, tuple(packed), (None,) * rules.players, None, (), ())


def read_values(values: object, what: str) -> list[int]:
    """The card values ``values`` stands for: ints or their texts, or one
    string of digits (spaces are ignored); ``what`` names them in a message.

    >>> read_values("0 5 5", "a hand"), read_values([1, "2"], "a hand")
    ([0, 5, 5], [1, 2])
    """
    if isinstance(values, str):
        items: Iterable[object] = "".join(values.split())
    elif isinstance(values, Iterable):
        items = values
    else:
        raise InvalidInputError(
            f"{what} must be values (ints or texts from 0 to 5), not {brief(values)}"
        )
    read = []
    for item in items:
        value = read_value(item)
        if value is None:
            raise InvalidInputError(f"{what}: {bad_value(item)}")
        read.append(value)
    return read


def read_value(value: object) -> int | None:
    """The card value ``value`` stands for (an int from 0 to 5 or its text,
    spaces allowed around it), or ``None`` if it is not one.

    >>> read_value(4), read_value(" 4"), read_value("6"), read_value(True)
    (4, 4, None, None)
    """
    if isinstance(value, str):
        return _VALUE_BY_TEXT.get(value.strip())
    number = as_int(value)  # an int, or the plain int an int-like stands for
    return number if number is not None and 0 <= number <= 5 else None


def bad_value(value: object) -> str:
    """Why ``value`` is not a card value.

    >>> bad_value("6")
    "'6' is not a card value: Argute's cards are the values 0 to 5, as ints or texts"
    """
    return f"{brief(value)} is not a card value: Argute's cards are the values 0 to 5, as ints or texts"
