"""Sampling full deals consistent with a view, exactly uniformly.

A search bot does not know the other hands, but it can imagine them: it draws
complete deals that agree with everything it has seen, plays them out, and
averages (*determinization*). :func:`sample_deal` draws such a deal: this
seat's hand as it is, the cards it cannot see shared among the other hands
(each of the right size, none holding a suit its seat has shown out of) and
the leftover, and the bids not yet revealed. Every consistent deal is equally
likely -- jokers count as distinct cards -- and bids not yet revealed are drawn
uniformly from the five.

It is exact and never retries: it counts the ways to complete the deal, suit
by suit and seat by seat, and draws from those counts. The counts depend only
on the shape of the problem (how many unseen cards of each suit, the hand
sizes, the voids), and are kept for the shapes seen most recently, so drawing
many deals for one decision is fast.

>>> import random, bugami
>>> state = bugami.deal(bugami.Rules(), seed=6)
>>> seen = bugami.view(state, 0)
>>> guess = sample_deal(seen, random.Random(1))
>>> guess.hands[0] == state.hands[0], bugami.view(guess, 0) == seen
(True, True)
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Iterator
from functools import lru_cache
from math import comb
from typing import Final

from bugami._kernel.views import current_view
from bugami.core.cards import MISERE, Bid, Suit
from bugami.core.state import Deal, make_deal
from bugami.core.view import DealView, GameView
from bugami.errors import InvalidInputError

__all__ = ["sample_deal"]

_BIDS: Final[tuple[Bid, ...]] = (*Suit, MISERE)
_GROUPS: Final = 5  # the four suits and the jokers


def sample_deal(seen: DealView | GameView, rng: random.Random) -> Deal:
    """A full deal drawn uniformly among those consistent with ``seen`` (for
    a game, with its current deal), using ``rng`` for every choice.

    >>> import random, bugami
    >>> state = bugami.deal(bugami.Rules(players=3, jokers=2), seed=2, dealer=0)
    >>> for seat in range(3):
    ...     state = bugami.bid(state, seat, "S")
    >>> for _ in range(10):
    ...     state = bugami.play(state, bugami.legal_moves(state)[0])
    >>> seen = bugami.view(state, 1)
    >>> rng = random.Random(7)
    >>> all(bugami.view(sample_deal(seen, rng), 1) == seen for _ in range(100))
    True
    """
    shown: DealView = current_view(seen, (DealView, GameView), "a view", rng)
    hands, leftover = complete(
        rng, shown.seat, [card.index for card in shown.unseen], shown.hand_sizes, shown._voids
    )
    hands[shown.seat] = shown._hand
    leftover |= shown._leftover
    bids = tuple(
        choice if choice is not None or not shown.has_bid[seat] else rng.choice(_BIDS)
        for seat, choice in enumerate(shown.bids)
    )
    # A deal keeps the hands as dealt: add back what each seat has played.
    players = shown.rules.players
    tricks = [(trick.leader, trick._cards) for trick in shown.tricks]
    if shown.leader is not None:
        tricks.append((shown.leader, shown._trick))
    played = 0
    for leader, cards in tricks:
        for position, index in enumerate(cards):
            hands[(leader + position) % players] |= 1 << index
            played |= 1 << index
    return make_deal(
        shown.rules, shown.dealer, tuple(hands), played, leftover, bids, shown.leader, shown._trick,
        shown.tricks,
    )  # fmt: skip


def complete(
    rng: random.Random,
    seat: int,
    unseen: list[int],
    sizes: tuple[int, ...],
    voids: tuple[int, ...],
) -> tuple[list[int], int]:
    """Share out the ``unseen`` cards (indices) at random, uniformly among the
    ways that give each seat but ``seat`` its number of cards (``sizes``) and
    no card of a suit in its ``voids`` (4-bit masks), the leftover taking the
    rest. Returns a bitmask per seat (0 for ``seat``) and the leftover's.

    Raises :class:`~bugami.InvalidInputError` when there is no such way.
    """
    groups: list[list[int]] = [[] for _ in range(_GROUPS)]
    for index in unseen:
        groups[min(index // 13, 4)].append(index)
    present = sum(1 << group for group, cards in enumerate(groups) if cards)
    # Seats that may hold the same groups of cards are merged into one "holder":
    # given the cards a holder gets, every split among its seats is equally likely.
    # Seats that may hold every group present join the leftover in the last holder.
    holders: dict[int, list[int]] = {}
    for other, size in enumerate(sizes):
        if other != seat and size:
            allowed = ~voids[other] & present
            holders.setdefault(present if allowed == present else allowed, []).append(other)
    pool = holders.pop(present, [])
    masks = tuple(holders)
    capacities = tuple(sum(sizes[other] for other in holders[mask]) for mask in masks)
    if sum(capacities) + sum(sizes[other] for other in pool) > len(unseen):
        raise InvalidInputError("no deal is consistent with this view")
    shares = _completion(tuple(map(len, groups)), capacities, masks).draw(rng)
    received: list[list[int]] = [[] for _ in range(len(masks) + 1)]  # the pool last
    for group, cards in enumerate(groups):
        rng.shuffle(cards)
        start = 0
        for holder, count in enumerate(shares[group]):
            received[holder] += cards[start : start + count]
            start += count
        received[-1] += cards[start:]
    hands = [0] * len(sizes)
    leftover = 0
    for cards, seats in zip(received, [*holders.values(), pool], strict=True):
        rng.shuffle(cards)
        start = 0
        for other in seats:
            for index in cards[start : start + sizes[other]]:
                hands[other] |= 1 << index
            start += sizes[other]
        for index in cards[start:]:
            leftover |= 1 << index
    return hands, leftover


class _Completion:
    """The number of ways to share out unseen cards, for one shape of problem.

    ``sizes`` is how many unseen cards each group (suit, or the jokers) has.
    Holder ``j`` takes ``capacities[j]`` cards from the groups in the bitmask
    ``masks[j]``; a last holder, the pool, may take any card and takes what is
    left. Groups are shared out one after another; ``ways(group, room)`` counts
    the ways to share out the groups from ``group`` on when the holders have
    ``room`` places left.
    """

    def __init__(
        self, sizes: tuple[int, ...], capacities: tuple[int, ...], masks: tuple[int, ...]
    ) -> None:
        self.sizes = sizes
        self.capacities = capacities
        self.masks = masks
        self.left = [sum(sizes[group:]) for group in range(len(sizes) + 1)]
        # (group, room) -> (ways, cumulative weights, shares)
        self.table: dict[
            tuple[int, tuple[int, ...]], tuple[int, list[int], list[tuple[int, ...]]]
        ] = {}
        if self.ways(0, capacities) == 0:
            raise InvalidInputError("no deal is consistent with this view")

    def ways(self, group: int, room: tuple[int, ...]) -> int:
        if group == len(self.sizes):
            return 1 if not any(room) else 0
        return self.options(group, room)[0]

    def options(
        self, group: int, room: tuple[int, ...]
    ) -> tuple[int, list[int], list[tuple[int, ...]]]:
        key = (group, room)
        entry = self.table.get(key)
        if entry is None:
            size = self.sizes[group]
            pool_room = self.left[group] - sum(room)
            total = 0
            cumulative: list[int] = []
            shares: list[tuple[int, ...]] = []
            takers = [j for j, mask in enumerate(self.masks) if mask >> group & 1]
            for share in _shares(size, room, takers, pool_room):
                rest = tuple(r - c for r, c in zip(room, share, strict=True))
                weight = _multinomial(size, share) * self.ways(group + 1, rest)
                if weight:
                    total += weight
                    cumulative.append(total)
                    shares.append(share)
            entry = self.table[key] = (total, cumulative, shares)
        return entry

    def draw(self, rng: random.Random) -> list[tuple[int, ...]]:
        """How many cards of each group each holder (but the pool) gets, drawn
        with the right probabilities."""
        room = self.capacities
        result = []
        for group in range(len(self.sizes)):
            total, cumulative, shares = self.options(group, room)
            share = shares[bisect.bisect_right(cumulative, rng.randrange(total))]
            result.append(share)
            room = tuple(r - c for r, c in zip(room, share, strict=True))
        return result


def _multinomial(size: int, share: tuple[int, ...]) -> int:
    """The ways to choose which of ``size`` distinct cards go to each holder,
    the rest going to the pool."""
    ways = 1
    left = size
    for count in share:
        ways *= comb(left, count)
        left -= count
    return ways


def _shares(
    size: int, room: tuple[int, ...], takers: list[int], pool_room: int
) -> Iterator[tuple[int, ...]]:
    """Every way to give some of ``size`` cards to the holders that may take
    them (within their room), the pool taking the rest (within its room)."""
    share = [0] * len(room)

    def fill(at: int, left: int) -> Iterator[tuple[int, ...]]:
        if at == len(takers):
            if left <= pool_room:
                yield tuple(share)
            return
        holder = takers[at]
        for count in range(min(left, room[holder]) + 1):
            share[holder] = count
            yield from fill(at + 1, left - count)
        share[holder] = 0

    yield from fill(0, size)


@lru_cache(maxsize=512)
def _completion(
    sizes: tuple[int, ...], capacities: tuple[int, ...], masks: tuple[int, ...]
) -> _Completion:
    return _Completion(sizes, capacities, masks)
