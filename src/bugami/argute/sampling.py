"""Sampling full hands of Argute consistent with a view, exactly.

A search bot imagines the hands it cannot see (*determinization*):
:func:`sample_deal` fills them in from the values the seat cannot see -- seven
of each value, less its own hand and the values played -- giving every other
seat the number of cards it holds now; the cards nobody was dealt take the
rest and, as in every Argute hand, are not kept. Bids laid but not yet shown
are drawn uniformly from 0 to 3.

Cards of one value look alike, but they are still 42 cards: a completion is
drawn with the probability a fair shuffle gives it, that is in proportion to
the number of ways of placing the unseen cards that produce it (for each
value, the multinomial coefficient of how its unseen copies split between the
hands and the undealt cards). That is the chance of the completion given all
the seat has seen, and it is drawn exactly, without retries, by shuffling the
unseen values and dealing them out.

>>> import random
>>> from bugami import argute
>>> state = argute.deal(argute.Rules(), seed=6)
>>> seen = argute.view(state, 0)
>>> guess = sample_deal(seen, random.Random(1))
>>> guess.hands[0] == state.hands[0], argute.view(guess, 0) == seen
(True, True)
"""

from __future__ import annotations

import random
from typing import Final

from bugami._kernel.views import current_view
from bugami.argute.rules import BIDS, VALUES
from bugami.argute.state import Deal, make_deal
from bugami.argute.view import DealView, GameView, unseen_mask

__all__ = ["sample_deal"]

_ONE: Final = tuple(1 << 3 * value for value in VALUES)


def sample_deal(seen: DealView | GameView, rng: random.Random) -> Deal:
    """A full hand of Argute drawn among those consistent with ``seen`` (for a
    game, with its current hand), each with its chance under a fair shuffle,
    using ``rng`` for every choice.

    >>> import random
    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=3), seed=2, dealer=0)
    >>> for seat in range(3):
    ...     state = argute.bid(state, seat, 1)
    >>> for _ in range(7):
    ...     state = argute.play(state, argute.legal_moves(state)[0])
    >>> seen = argute.view(state, 1)
    >>> rng = random.Random(7)
    >>> all(argute.view(sample_deal(seen, rng), 1) == seen for _ in range(100))
    True
    """
    shown: DealView = current_view(seen, (DealView, GameView), "an Argute view", rng, "hand")
    unseen = unseen_mask(shown)
    pool = [value for value in VALUES for _ in range(unseen >> 3 * value & 7)]
    rng.shuffle(pool)
    hands = []
    start = 0
    for other, size in enumerate(shown.hand_sizes):
        if other == shown.seat:
            hands.append(shown._hand)
            continue
        hand = 0
        for value in pool[start : start + size]:
            hand += _ONE[value]
        hands.append(hand)
        start += size
    bids = tuple(
        rng.choice(BIDS) if choice is None and shown.has_bid[other] else choice
        for other, choice in enumerate(shown.bids)
    )
    return make_deal(
        shown.rules, shown.dealer, tuple(hands), bids, shown.leader, shown.current_trick,
        shown.tricks,
    )  # fmt: skip
