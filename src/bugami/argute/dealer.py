"""Dealing hands of Argute under constraints: values fixed, a condition to meet.

The same tools as Bugami's (:mod:`bugami.core.dealer`): :func:`deal_where` draws a
hand of Argute in which each seat named in ``fixed`` holds the values given
for it (all six, or only some) and that ``accept(deal)`` approves, and
:func:`deals_where` draws many.

Argute's 42 cards are seven copies of each value. The values fixed for a seat
stand for particular cards of the deck (which copies does not matter), and the
deal is uniform among the ways of placing the 42 cards that put those cards
in that hand: the other cards are shuffled into the places left. A seat given
``"55"`` therefore holds at least two 5s, and sometimes more -- exactly as
often as a fair deal that gave it two 5s would give it a third. To ask for
*exactly* two, add a condition with ``accept``. As in Bugami, an exception
raised by ``accept`` ends the search and reaches the caller unchanged.

>>> from bugami import argute
>>> state = deal_where(argute.Rules(players=3), seed=1, fixed={0: "55", 2: [0, 0, 0]})
>>> state.hands[0].count(5) >= 2, state.hands[2].count(0) >= 3
(True, True)
>>> exact = deal_where(argute.Rules(players=3), seed=1, fixed={0: "55"},
...                    accept=lambda d: d.hands[0].count(5) == 2)
>>> exact.hands[0].count(5)
2

**The generator** is Bugami's constrained one (see :mod:`bugami.core.dealer`) in a
domain of its own, as stable a contract as the plain shuffle:

1. The seed becomes bytes as for every deal (``bugami.core.dealing.seed_bytes``).
2. Candidate ``k`` (``k = 0, 1, 2, ...``) is drawn from
   ``SeedStream(b"argute-where-v1\\x00" + seed_bytes(seed) + b"#" + k)``, ``k``
   in decimal digits (:class:`bugami.core.dealing.SeedStream`).
3. The first draw is below ``players``: the dealer, unless one is given, in
   which case it is drawn all the same and not used.
4. The deck -- seven 0s, then seven 1s, up to seven 5s -- less one card of
   each value fixed (a value fixed twice, two cards), in that order, is
   shuffled by Fisher and Yates (:meth:`~bugami.core.dealing.SeedStream.shuffle`).
5. Seat 0, then seat 1, and so on, takes from the start of the shuffled cards
   as many as it lacks beside its fixed values; the rest are out of play.
6. A candidate ``accept`` refuses is replaced by the next one;
   :func:`deal_where` returns the first accepted and :func:`deals_where`
   yields each accepted candidate in turn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Final, TypeAlias

from bugami._kernel.constrained import DEFAULT_MAX_TRIES, candidates, check_search
from bugami._kernel.seats import check_seat
from bugami._kernel.seeds import Seed, deal_draws
from bugami.argute.dealing import read_values
from bugami.argute.rules import COPIES, HAND_SIZE, VALUES, Rules
from bugami.argute.state import Deal, make_deal
from bugami.errors import InvalidInputError, brief

__all__ = ["Accept", "Fixed", "deal_where", "deals_where"]

DOMAIN: Final = b"argute-where-v1\x00"
"""What constrained dealing of Argute puts before the seed's bytes (step 2)."""

Fixed: TypeAlias = "Mapping[int, str | Iterable[int | str]]"
"""Values fixed in hands: for some seats, a string of digits (``"055"``;
spaces are ignored) or a sequence of values (ints or their texts)."""
Accept: TypeAlias = "Callable[[Deal], object]"
"""A condition on a hand of Argute: kept when it returns a true value."""

_ONE: Final = tuple(1 << 3 * value for value in VALUES)


class _Plan:
    """A checked constraint: each seat's fixed values (packed) with the slice
    of the shuffled free cards that completes its hand, and the free cards."""

    __slots__ = ("blocks", "free", "no_bids", "rules")

    def __init__(self, rules: Rules, fixed: Fixed | None) -> None:
        if not isinstance(rules, Rules):
            raise InvalidInputError(f"deal_where needs a bugami.argute.Rules, not {brief(rules)}")
        self.rules = rules
        players = rules.players
        held = [[0] * len(VALUES) for _ in range(players)]
        if fixed is not None:
            if not isinstance(fixed, Mapping):
                raise InvalidInputError(
                    "fixed must map seats to values, such as {0: '55'}, "
                    f"not {type(fixed).__name__}"
                )
            for key, values in fixed.items():
                seat = check_seat(rules.players, key, "a seat in fixed")
                for value in _read(seat, values):
                    held[seat][value] += 1
        for value in VALUES:
            total = sum(counts[value] for counts in held)
            if total > COPIES:
                owners = ", ".join(
                    f"seat {seat}: {counts[value]}"
                    for seat, counts in enumerate(held)
                    if counts[value]
                )
                raise InvalidInputError(
                    f"{total} cards of value {value} are fixed ({owners}), but the deck has "
                    f"only {COPIES}"
                )
        blocks = []
        start = 0
        for counts in held:
            stop = start + HAND_SIZE - sum(counts)
            blocks.append((sum(n * _ONE[value] for value, n in enumerate(counts)), start, stop))
            start = stop
        self.blocks = tuple(blocks)
        self.free = tuple(
            value for value in VALUES for _ in range(COPIES - sum(counts[value] for counts in held))
        )
        self.no_bids: tuple[None, ...] = (None,) * players

    def candidate(self, material: bytes, dealer: int | None) -> Deal:
        """Candidate hand drawn from the stream of ``material`` (steps 3 to 5)."""
        rules = self.rules
        cards = list(self.free)
        drawn = deal_draws(material, rules.players, cards)
        one = _ONE
        hands = []
        for packed, start, stop in self.blocks:
            for value in cards[start:stop]:
                packed += one[value]
            hands.append(packed)
        return make_deal(
            rules, drawn if dealer is None else dealer, tuple(hands), self.no_bids, None, (), ()
        )


def _read(seat: int, values: object) -> list[int]:
    """The values fixed for ``seat``, checked."""
    read = read_values(values, f"the fixed values of seat {seat}")
    if len(read) > HAND_SIZE:
        raise InvalidInputError(
            f"seat {seat} is given {len(read)} fixed values, but a hand holds {HAND_SIZE}"
        )
    return read


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
    """Hands of Argute drawn as :func:`deal_where` draws one: ``count`` of
    them, or without end for ``count=None``. The constraints are checked once,
    when the iterator is made; ``max_tries`` bounds the candidates drawn for
    each hand yielded.

    >>> from bugami import argute
    >>> hands = list(deals_where(argute.Rules(), seed=2, fixed={1: "012345"}, count=3))
    >>> [state.hands[1] for state in hands]
    [(0, 1, 2, 3, 4, 5), (0, 1, 2, 3, 4, 5), (0, 1, 2, 3, 4, 5)]
    >>> hands[0] == deal_where(argute.Rules(), seed=2, fixed={1: "012345"})
    True
    """
    plan = _Plan(rules, fixed)
    dealer, max_tries, count = check_search(rules.players, dealer, accept, max_tries, count)
    hands: Iterator[Deal] = candidates(plan, DOMAIN, seed, dealer, accept, max_tries, count)
    return hands


def deal_where(
    rules: Rules,
    *,
    seed: Seed | None = None,
    dealer: int | None = None,
    fixed: Fixed | None = None,
    accept: Accept | None = None,
    max_tries: int = DEFAULT_MAX_TRIES,
) -> Deal:
    """A hand of Argute drawn uniformly among those in which each seat of
    ``fixed`` holds the values given for it and that ``accept`` approves (see
    the module's description for what "uniformly" means when cards look
    alike, and for the generator).

    ``fixed`` maps seats to values: a string of digits or a sequence of ints
    or texts. ``accept``, ``max_tries`` (then
    :class:`~bugami.core.dealer.DealNotFoundError`), ``seed`` and ``dealer`` work
    as in :func:`bugami.deal_where`. Bad constraints raise
    :class:`~bugami.InvalidInputError`:

    >>> from bugami import argute
    >>> deal_where(argute.Rules(players=2), fixed={0: "5555", 1: "5555"})
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: 8 cards of value 5 are fixed (seat 0: 4, seat 1: 4), but the deck has only 7
    >>> deal_where(argute.Rules(), fixed={0: "0123456"})
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: the fixed values of seat 0: '6' is not a card value: Argute's cards are the values 0 to 5, as ints or texts
    """
    plan = _Plan(rules, fixed)
    dealer, max_tries, _ = check_search(rules.players, dealer, accept, max_tries)
    found: Deal = next(candidates(plan, DOMAIN, seed, dealer, accept, max_tries, 1))
    return found
