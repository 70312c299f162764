"""The card play of HeuristicBot as it was before it was rewritten for speed.

Kept verbatim (only renamed imports) so that the tests can check that the
fast version in :mod:`bugami.bots.heuristic` makes exactly the same choices.
"""

from __future__ import annotations

from typing import Final

from bugami.core.cards import MISERE, Bid, Suit

_SUITS: Final = tuple(Suit)
_SUIT_MASK: Final = tuple(0x1FFF << 13 * suit for suit in range(4))
_JOKERS: Final = 0xFF << 52


def _legal_mask(hand: int, trick: tuple[int, ...]) -> int:
    if trick:
        led = trick[0]
        follow = hand & (0 if led >= 52 else 0x1FFF << 13 * (led // 13))
        if follow:
            return follow
    return hand


def _bits(mask: int) -> list[int]:
    """The card indices of a mask, ascending (highest rank first in a suit)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _rank(index: int) -> int:
    return 14 - index % 13


def reference_card(
    hand: int,
    trick: tuple[int, ...],
    leader: int,
    seat: int,
    bids: tuple[Bid | None, ...],
    played: int,
    shotgun: bool,
) -> int:
    """The card (an index) :class:`HeuristicBot` plays: ``hand`` and
    ``played`` are bitmasks, ``trick`` the indices played to the open trick,
    ``bids`` every seat's bid (all revealed during play)."""
    legal = _legal_mask(hand, trick)
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    players = len(bids)
    mine = bids[seat]
    out = ~(hand | played)  # cards still held by others (or in the leftover)
    if mine is MISERE:
        return _misere(legal, trick, out)
    assert isinstance(mine, Suit)
    bug_suit = mine.index
    bugs = _SUIT_MASK[bug_suit] | _JOKERS
    if not trick:
        return _lead(hand, legal, bug_suit, out, players)
    led = trick[0]
    if led >= 52:
        return _dump(legal, leader, seat, bids, shotgun, bugs)
    suit_mask = _SUIT_MASK[led // 13]
    best = min(index for index in trick if suit_mask >> index & 1)
    winner = (leader + trick.index(best)) % players
    if not legal & suit_mask:
        return _dump(legal, winner, seat, bids, shotgun, bugs)
    cards = _bits(legal)  # highest first
    losers = [index for index in cards if index > best]
    last = len(trick) == players - 1
    trick_mask = 0
    for index in trick:
        trick_mask |= 1 << index
    if led // 13 == bug_suit or trick_mask & bugs:
        if losers:
            return losers[0]
        return cards[0] if last else cards[-1]
    winners = [index for index in cards if index < best]
    if winners:
        if last:
            return winners[-1]
        top = winners[0]
        if not out & suit_mask & ((1 << top) - 1):
            return top
        return cards[-1]
    return cards[0]


def _lead(hand: int, legal: int, bug_suit: int, out: int, players: int) -> int:
    for suit in range(4):
        if suit == bug_suit or not hand & _SUIT_MASK[suit]:
            continue
        top = _bits(hand & _SUIT_MASK[suit])[0]
        others = out & _SUIT_MASK[suit]
        if not others & ((1 << top) - 1) and others.bit_count() >= players - 1:
            return top
    own = hand & _SUIT_MASK[bug_suit]
    if own:
        low = _bits(own)[-1]
        if out & _SUIT_MASK[bug_suit] & ((1 << low) - 1):
            return low
    suits = [suit for suit in range(4) if suit != bug_suit and hand & _SUIT_MASK[suit]]
    if suits:
        longest = max(suits, key=lambda suit: (hand & _SUIT_MASK[suit]).bit_count())
        return _bits(hand & _SUIT_MASK[longest])[-1]
    plain = legal & ~_JOKERS
    return _bits(plain)[-1] if plain else _bits(legal)[-1]


def _dump(
    legal: int, winner: int, seat: int, bids: tuple[Bid | None, ...], shotgun: bool, bugs: int
) -> int:
    """A discard onto a trick ``winner`` is expected to take."""
    theirs = bids[winner]
    ours = winner == seat or (shotgun and theirs is not MISERE and theirs == bids[seat])
    if ours:
        clean = legal & ~bugs
        return _bits(clean or legal)[0]
    if isinstance(theirs, Suit):
        harmful = legal & (_SUIT_MASK[theirs.index] | _JOKERS)
        if harmful:
            return _bits(harmful)[-1] if harmful & _JOKERS else _bits(harmful)[0]
    own = legal & bugs & ~_JOKERS
    if own:
        return _bits(own)[0]
    plain = legal & ~_JOKERS
    return _bits(plain or legal)[0]


def _misere(legal: int, trick: tuple[int, ...], out: int) -> int:
    cards = _bits(legal)
    if not trick:
        plain = [index for index in cards if index < 52]
        if not plain:
            return cards[0]

        def beaten_by(index: int) -> int:
            return (out & _SUIT_MASK[index // 13] & ((1 << index) - 1)).bit_count()

        return max(plain, key=lambda index: (beaten_by(index), index))
    led = trick[0]
    if led >= 52:
        return cards[0]
    suit_mask = _SUIT_MASK[led // 13]
    if not legal & suit_mask:
        plain = [index for index in cards if index < 52]
        return min(plain, key=lambda index: (-_rank(index), index)) if plain else cards[0]
    best = min(index for index in trick if suit_mask >> index & 1)
    losers = [index for index in cards if index > best]
    if losers:
        return losers[0]
    return cards[0]
