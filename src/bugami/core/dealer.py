"""Dealing under constraints: some cards fixed, and a condition to meet.

Analyses often start from a question such as "with this hand, what happens?"
or "how often is a void in the bug suit worth it?". :func:`deal_where` draws a
deal in which each seat named in ``fixed`` holds the cards given for it (its
whole hand, or only some cards of it) and, if ``accept`` is given, which
``accept(deal)`` approves; :func:`deals_where` draws many. Every deal that
meets the constraints is equally likely: the cards not fixed are shuffled
uniformly into the places left, and deals that ``accept`` refuses are thrown
away and drawn again (*rejection sampling*), which keeps the others equally
likely.

``accept`` is the caller's own code, and runs as it is: an exception it
raises ends the search and reaches the caller unchanged, not wrapped in a
:class:`~bugami.BugamiError` (the library's errors are about its own
arguments; a mistake in a condition keeps its own type and traceback, and an
``except`` clause written for it still catches it).

>>> import bugami
>>> state = deal_where(bugami.Rules(), seed=1, fixed={0: "AS KS QS JS"})
>>> {"AS", "KS", "QS", "JS"} <= {str(card) for card in state.hands[0]}
True
>>> no_spades = deal_where(bugami.Rules(), seed=1,
...     accept=lambda d: not any(c.suit is bugami.Suit.SPADES for c in d.hands[2]))
>>> [card for card in no_spades.hands[2] if card.suit is bugami.Suit.SPADES]
[]

**The generator** is the library's own (:class:`~bugami.core.dealing.SeedStream`),
used in a domain of its own so that a seed never deals the same cards here as
in :func:`bugami.deal`. Like the plain shuffle it is a stable contract: the
same seed and constraints give the same deals on every platform, Python
version and release of the same major version.

1. The seed becomes bytes as for :func:`bugami.deal`
   (``bugami.core.dealing.seed_bytes``): ``b"int:"``, ``b"str:"`` or
   ``b"bytes:"`` followed by the decimal digits, the UTF-8 text or the bytes.
2. Candidate deals are numbered ``k = 0, 1, 2, ...``. Candidate ``k`` is drawn
   from ``SeedStream(b"where-v1\\x00" + seed_bytes(seed) + b"#" + k)``, ``k``
   written in decimal digits: SHAKE-256 of ``b"bugami-deal-v1\\x00where-v1\\x00"``
   followed by those bytes, read as 8-byte big-endian integers, with the same
   rejection of out-of-range draws as the plain shuffle.
3. The first draw is below ``players``: it is the dealer, unless a dealer is
   given, in which case it is drawn all the same and not used.
4. The cards of the deck that are not fixed, in canonical order, are shuffled
   by Fisher and Yates (:meth:`~bugami.core.dealing.SeedStream.shuffle`).
5. Seat 0, then seat 1, and so on, takes from the start of the shuffled cards
   as many as it lacks beside its fixed cards; the cards left over form the
   leftover.
6. If ``accept`` refuses the candidate, the next one is drawn.
   :func:`deal_where` returns the first candidate accepted, and
   :func:`deals_where` yields every accepted candidate in turn, so that
   ``next(deals_where(...))`` is ``deal_where(...)`` with the same arguments.

Step 5 deals the free cards in blocks rather than round the table, which
makes no difference to the chances: a uniform shuffle cut into blocks gives
every way of sharing the cards out the same chance.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Final, TypeAlias

from bugami._kernel.constrained import (
    DEFAULT_MAX_TRIES,
    DealNotFoundError,
    candidates,
    check_search,
)
from bugami._kernel.seats import check_seat
from bugami._kernel.seeds import deal_draws
from bugami.core.cards import Card, parse_cards
from bugami.core.dealing import Seed
from bugami.core.rules import Rules
from bugami.core.state import Deal, make_deal
from bugami.errors import InvalidInputError, brief

__all__ = [
    "DEFAULT_MAX_TRIES",
    "Accept",
    "DealNotFoundError",
    "Fixed",
    "deal_where",
    "deals_where",
]

DOMAIN: Final = b"where-v1\x00"
"""What constrained dealing puts before the seed's bytes (step 2)."""
Fixed: TypeAlias = "Mapping[int, str | Iterable[Card | str]]"
"""Cards fixed in hands: for some seats, a string of card texts or a
sequence of cards (or texts) that seat must hold."""
Accept: TypeAlias = "Callable[[Deal], object]"
"""A condition on a deal: the deal is kept when it returns a true value."""

_BIT: Final = tuple(1 << index for index in range(64))


class _Plan:
    """A checked constraint: each seat's fixed cards (a bitmask) and the slice
    of the shuffled free cards that completes its hand, the free cards (as
    bits, in canonical order) and where the leftover starts among them."""

    __slots__ = ("blocks", "free", "leftover_start", "no_bids", "rules")

    def __init__(self, rules: Rules, fixed: Fixed | None) -> None:
        if not isinstance(rules, Rules):
            raise InvalidInputError(f"deal_where needs a bugami.Rules, not {brief(rules)}")
        self.rules = rules
        players = rules.players
        masks = [0] * players
        if fixed is not None:
            if not isinstance(fixed, Mapping):
                raise InvalidInputError(
                    "fixed must map seats to cards, such as {0: 'AS KS'}, "
                    f"not {type(fixed).__name__}"
                )
            owner: dict[int, int] = {}
            for key, cards in fixed.items():
                seat = check_seat(rules.players, key, "a seat in fixed")
                masks[seat] = _mask(rules, seat, cards, owner)
        blocks = []
        start = 0
        for mask in masks:
            stop = start + rules.hand_size - mask.bit_count()
            blocks.append((mask, start, stop))
            start = stop
        self.blocks = tuple(blocks)
        self.leftover_start = start
        taken = sum(masks)
        self.free = tuple(_BIT[index] for index in range(rules.deck_size) if not taken >> index & 1)
        self.no_bids: tuple[None, ...] = (None,) * players

    def candidate(self, material: bytes, dealer: int | None) -> Deal:
        """Candidate deal drawn from the stream of ``material`` (steps 3 to 5)."""
        rules = self.rules
        cards = list(self.free)
        drawn = deal_draws(material, rules.players, cards)
        hands = tuple([mask + sum(cards[start:stop]) for mask, start, stop in self.blocks])
        leftover = sum(cards[self.leftover_start :])
        return make_deal(
            rules, drawn if dealer is None else dealer, hands, 0, leftover, self.no_bids, None,
            (), (),
        )  # fmt: skip


_PLANS: dict[object, _Plan] = {}
_MAX_PLANS: Final = 256


def _plan_for(rules: Rules, fixed: Fixed | None) -> _Plan:
    """The checked plan of a constraint, kept for the constraints seen most
    recently (a loop of :func:`deal_where` calls reads its constraint once)."""
    if not isinstance(rules, Rules):
        raise InvalidInputError(f"deal_where needs a bugami.Rules, not {brief(rules)}")
    if fixed is None:
        key: object = rules
        plan = _PLANS.get(key)
    elif fixed.__class__ is dict and all(seat.__class__ is int for seat in fixed):
        try:
            # Cards as they were given: a string, or a tuple of cards and texts
            # (taken once, so that a one-shot iterable is read only here).
            given = {
                seat: cards if isinstance(cards, str) else tuple(cards)
                for seat, cards in fixed.items()
            }
            key = (rules, tuple(given.items()))
            plan = _PLANS.get(key)
        except TypeError:  # not cards, or something unhashable: let the plan say what
            return _Plan(rules, fixed)
        fixed = given
    else:
        return _Plan(rules, fixed)
    if plan is None:
        plan = _Plan(rules, fixed)
        if len(_PLANS) >= _MAX_PLANS:
            _PLANS.clear()
        _PLANS[key] = plan
    return plan


def _mask(rules: Rules, seat: int, cards: object, owner: dict[int, int]) -> int:
    """The bitmask of the cards fixed for ``seat``, once checked; ``owner``
    records the seat of every card fixed so far."""
    if not isinstance(cards, (str, Iterable)):
        raise InvalidInputError(
            f"the fixed cards of seat {seat} must be card texts or cards, not {brief(cards)}"
        )
    try:
        parsed = parse_cards(cards)
    except InvalidInputError as error:
        raise InvalidInputError(f"the fixed cards of seat {seat}: {error}") from None
    if len(parsed) > rules.hand_size:
        raise InvalidInputError(
            f"seat {seat} is given {len(parsed)} fixed cards, but a hand holds {rules.hand_size}"
        )
    mask = 0
    for card in parsed:
        index = card.index
        if index >= rules.deck_size:
            count = f"{rules.jokers} joker{'s' if rules.jokers != 1 else ''}"
            raise InvalidInputError(
                f"seat {seat} is given {card}, which is not in this deck (it has {count})"
            )
        if index in owner:
            where = (
                "twice" if owner[index] == seat else f"to seat {owner[index]} and to seat {seat}"
            )
            raise InvalidInputError(f"{card} is fixed {where}: every card is dealt once")
        owner[index] = seat
        mask |= _BIT[index]
    return mask


def deals_where(
    rules: Rules,
    *,
    seed: Seed | None = None,
    dealer: int | None = None,
    fixed: Fixed | None = None,
    accept: Accept | None = None,
    max_tries: int = DEFAULT_MAX_TRIES,
    count: int | None = None,
) -> Iterator[Deal]:
    """Deals drawn as :func:`deal_where` draws one, one after another:
    ``count`` of them, or without end for ``count=None`` (take what you need
    with ``itertools.islice`` or a ``break``).

    The constraints are read and checked once, when the iterator is made, so
    drawing many deals this way is faster than calling :func:`deal_where` in
    a loop. ``max_tries`` bounds the candidates drawn for each deal yielded.
    The deals are those of candidates 0, 1, 2, ... that ``accept`` approves
    (see the module's description), so they depend only on the seed and the
    constraints.

    >>> import bugami
    >>> rules = bugami.Rules(players=5)
    >>> deals = list(deals_where(rules, seed="club", fixed={4: "AH"}, count=3))
    >>> len(deals), all(bugami.Card("AH") in state.hands[4] for state in deals)
    (3, True)
    >>> deals[0] == deal_where(rules, seed="club", fixed={4: "AH"})
    True
    """
    plan = _plan_for(rules, fixed)
    dealer, max_tries, count = check_search(rules.players, dealer, accept, max_tries, count)
    deals: Iterator[Deal] = candidates(plan, DOMAIN, seed, dealer, accept, max_tries, count)
    return deals


def deal_where(
    rules: Rules,
    *,
    seed: Seed | None = None,
    dealer: int | None = None,
    fixed: Fixed | None = None,
    accept: Accept | None = None,
    max_tries: int = DEFAULT_MAX_TRIES,
) -> Deal:
    """A deal drawn uniformly among those in which each seat of ``fixed``
    holds the cards given for it and that ``accept`` approves.

    ``fixed`` maps seats to cards: a string of card texts (``"AS KS 10h"``)
    or a sequence of cards or texts, a whole hand or only some of its cards;
    the other cards are shuffled into the places left. ``accept``, if given,
    is called with each candidate deal, and a candidate it returns a false
    value for is drawn again, up to ``max_tries`` candidates in all
    (:class:`DealNotFoundError` after that). ``seed`` (an int, str or bytes;
    ``None`` for a fresh random one) makes the result reproducible (see the
    module's description for the generator); ``dealer`` is the dealer's seat,
    drawn from the seed when ``None``.

    Bad constraints raise :class:`~bugami.InvalidInputError` saying which:

    >>> import bugami
    >>> deal_where(bugami.Rules(), fixed={0: "AS", 1: "as"})
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: AS is fixed to seat 0 and to seat 1: every card is dealt once
    >>> deal_where(bugami.Rules(players=7), fixed={2: "AS KS QS JS TS 9S 8S 7S"})
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: seat 2 is given 8 fixed cards, but a hand holds 7
    >>> deal_where(bugami.Rules(), fixed={4: "AS"})
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: a seat in fixed must be a seat from 0 to 3, not 4

    A whole hand fixed, and a condition on another seat's: seat 0 holds
    every spade and seat 1 at least five hearts.

    >>> hand = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    >>> def hearts(cards):
    ...     return sum(card.suit is bugami.Suit.HEARTS for card in cards)
    >>> state = deal_where(bugami.Rules(), seed=3, fixed={0: hand},
    ...                    accept=lambda d: hearts(d.hands[1]) >= 5)
    >>> " ".join(map(str, state.hands[0])) == hand, hearts(state.hands[1]) >= 5
    (True, True)

    An exception raised by ``accept`` ends the search and comes out as it
    is (see the module's description):

    >>> deal_where(bugami.Rules(), seed=3, accept=lambda d: d.hands[4])
    Traceback (most recent call last):
    ...
    IndexError: tuple index out of range
    """
    plan = _plan_for(rules, fixed)
    dealer, max_tries, _ = check_search(rules.players, dealer, accept, max_tries)
    found: Deal = next(candidates(plan, DOMAIN, seed, dealer, accept, max_tries, 1))
    return found
