"""Dealing: shuffling from a seed, or laying out a deal card by card.

The shuffle is the library's own, so that the same seed gives the same deal on
every platform, every Python version and every release of the same major
version. It is defined as follows (this is a stable contract):

1. The seed becomes bytes: an ``int`` as ``b"int:"`` followed by its decimal
   digits (with ``-`` if negative), a ``str`` as ``b"str:"`` followed by its
   UTF-8 encoding, ``bytes`` as ``b"bytes:"`` followed by the bytes. An
   ``int`` seed has at most 4000 digits, a ``str`` seed at most 4096 bytes in
   UTF-8 and a ``bytes`` seed at most 4096 bytes, so that every game can be
   written in a record and read back; a longer seed is refused. Anything
   that stands for an int (an ``IntEnum`` member, a NumPy integer) seeds as
   that plain int, a subclass of ``str`` or ``bytes`` as its plain value; a
   bool is no seed. The same check serves every seeded function
   (:func:`~bugami.deal_where`, :func:`~bugami.evaluate_bids`, ...).
2. Those bytes, after the prefix ``b"bugami-deal-v1\\x00"``, are hashed with
   SHAKE-256 (:func:`hashlib.shake_256`), whose output is read as a stream
   of 8-byte big-endian unsigned integers.
3. To draw a number below ``k``, the next integer ``x`` of the stream is taken;
   if ``x >= 2**64 - 2**64 % k`` it is rejected and the next one is taken
   (so that every number below ``k`` is exactly equally likely); otherwise the
   draw is ``x % k``.
4. The first draw is below ``players``; it is the dealer unless a dealer is
   given, in which case it is drawn all the same and not used (so giving the
   dealer never changes the shuffle, only where the dealing starts). Then the deck in canonical order (see :func:`bugami.core.cards.deck`)
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

from collections.abc import Iterable, Sequence
from typing import Final, NoReturn, TypeAlias, overload

from bugami._kernel import seeds
from bugami._kernel.seats import check_table
from bugami._kernel.seeds import SeedStream, deal_draws, fresh_seed, game_suffix, seed_bytes
from bugami._kernel.shuffling import seat_sums
from bugami.core._masks import BIT, cards_of
from bugami.core.cards import Card, parse_cards
from bugami.core.rules import Rules
from bugami.core.state import Deal, make_deal
from bugami.errors import InvalidInputError, brief

__all__ = ["MAX_SEED_BYTES", "MAX_SEED_DIGITS", "Seed", "SeedStream", "deal", "seed_bytes"]

Seed: TypeAlias = seeds.Seed
"""What a deal or a game may be seeded with: an ``int``, a ``str`` or ``bytes``."""
MAX_SEED_DIGITS: Final = seeds.MAX_SEED_DIGITS
"""The most decimal digits an int seed may have (so that every seed can be
written in a record and read back)."""
MAX_SEED_BYTES: Final = seeds.MAX_SEED_BYTES
"""The longest a str seed (in UTF-8) or a bytes seed may be, in bytes."""


@overload
def deal(
    rules: Rules,
    *,
    seed: Seed | None = None,
    dealer: int | None = None,
    hands: None = None,
    leftover: None = None,
) -> Deal: ...


@overload
def deal(
    rules: Rules,
    *,
    seed: Seed | None = None,
    dealer: int | None = None,
    hands: Sequence[str | Iterable[Card | str]],
    leftover: str | Iterable[Card | str] | None = None,
) -> Deal: ...


# The arguments a caller may get wrong are taken as ``object`` and checked
# here, so that the compiled build answers them as the pure one does (see
# bugami.play); the overloads give the types.
def deal(
    rules: Rules,
    *,
    seed: object = None,
    dealer: object = None,
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
    first = check_table(rules, Rules, "deal needs a bugami.Rules", dealer)
    if hands is None:
        if leftover is not None:
            raise InvalidInputError("a leftover can only be given together with hands")
        material = seed_bytes(fresh_seed() if seed is None else seed)
        return shuffled(rules, material, first)
    if seed is not None:
        raise InvalidInputError("give either a seed or an explicit layout (hands), not both")
    return _laid_out(rules, 0 if first is None else first, hands, leftover)


def game_deal(rules: Rules, seed: object, number: int, dealer: int | None) -> Deal:
    """Deal ``number`` of a whole game with this seed (see
    :func:`bugami.new_game`; checked here), dealt by ``dealer`` or the
    dealer it draws."""
    material = seed_bytes(seed) + game_suffix(number)
    return shuffled(rules, material, dealer)


def shuffled(rules: Rules, material: bytes, dealer: int | None) -> Deal:
    """A deal shuffled from the stream of ``material`` (steps 4 and 5),
    dealt by ``dealer`` or the dealer it draws."""
    players = rules.players
    # Shuffling the cards' bits rather than their indices gives each hand's
    # bitmask as a plain sum (distinct powers of two).
    size = rules.deck_size
    cards = list(BIT[:size])
    drawn = deal_draws(material, players, cards)
    if dealer is None:
        dealer = drawn
    dealt = size - size % players  # all but the leftover
    masks = seat_sums(cards, players, dealt, dealer)
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
        raise InvalidInputError(f"{where} must be card texts or cards, not {brief(cards)}")
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
    mask = sum([BIT[card._index] for card in cards])
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
            if owner[card] == where:
                raise InvalidInputError(f"{card} is given twice in {where}")
            raise InvalidInputError(f"{card} is dealt twice: to {owner[card]} and to {where}")
        owner[card] = where
    raise AssertionError("the checks of _place and _refuse_place disagree")
