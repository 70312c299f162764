"""A rule-of-thumb player: :class:`HeuristicBot`.

It plays the way a sound club player would, with no look-ahead:

**Bidding.** Misère when every suit is low enough to duck: in each suit, the
lowest card is at most a 6, the next at most an 8, the next at most a 10,
and so on (each card needs one more low card below it to stay safe), and the
hand holds at most one joker. Otherwise the bug suit is the suit with the
fewest high-card points (ace 4, king 3, queen 2, jack 1) less half its
length, ties going to the longer suit: a long suit of low cards is best, as
its cards can be shed on other players' tricks, and honours are what wins
tricks. (Duplicate tournaments chose this rule over naming the shortest suit,
by 5 points a deal at four players; see the changelog.)

**Leading.** A master card (the highest card of its suit still out) in a
suit that is not its bug suit, when the others still hold enough of that
suit to follow; else a low card of its own bug suit, as long as a higher one
is still out (to shed bugs on a trick someone else wins); else the lowest
card of its longest other suit. A joker is led only when nothing else is
left (a led joker wins, and everyone may then dump on it).

**Following suit.** When the trick holds one of its bugs, or the suit led is
its bug suit, it ducks: the highest card that still loses, or, when it has
to win, its lowest card (its highest when it plays last, shedding a high
card on a trick it takes anyway). A clean trick it takes when it can: with
its cheapest winning card when it plays last, with a master card earlier;
otherwise it drops its highest losing card.

**Discarding** (void in the suit led). Onto an opponent's trick it dumps what
hurts that opponent -- a card of their bug suit or a joker -- and otherwise
its own bug cards, then its highest card. Under Shotgun Wedding a partner's
trick is treated as its own.

**Misère.** It leads the card most likely to be beaten, ducks under the
winning card whenever it can, and discards its most dangerous (highest) card.

>>> import bugami
>>> bot = HeuristicBot()
>>> state = bugami.deal(bugami.Rules(), hands=[
...     "AS KS QS JS 9H 8H 7H AD KD QD AC KC QC",
...     "TS 9S 8S 7S 6S AH KH QH JH JD TD 9D 2C",
...     "5S 4S 3S 2S TH 6H 5H 4H 8D 7D 6D 5D 3C",
...     "JC TC 9C 8C 7C 6C 5C 4C 3H 2H 4D 3D 2D",
... ], dealer=3)
>>> bot.choose_bid(bugami.view(state, 0)), bot.choose_bid(bugami.view(state, 2))
(Suit.HEARTS, MISERE)
"""

from __future__ import annotations

from typing import Final

from bugami.bots.base import bid_view, card_view, new_rng
from bugami.cards import _CARDS, MISERE, Bid, Card, Suit
from bugami.dealing import Seed
from bugami.state import Deal, _legal_mask
from bugami.view import DealView, GameView, _played_mask

__all__ = ["HeuristicBot"]

_SUITS: Final = tuple(Suit)
_SUIT_MASK: Final = tuple(0x1FFF << 13 * suit for suit in range(4))
_JOKERS: Final = 0xFF << 52


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


def heuristic_bid(hand: int) -> Bid:
    """The bid of :class:`HeuristicBot` for a hand (a bitmask of card indices):
    misère for a low hand, otherwise the suit with the fewest high-card points
    (ace 4, king 3, queen 2, jack 1) less half its length; ties go to the
    longer suit, then to the first in suit order.

    >>> from bugami.cards import parse_cards
    >>> hand = sum(1 << card.index for card in parse_cards("AS KS 9S QH 8H 6H 5H 3H KD 2D KC QC JC"))
    >>> heuristic_bid(hand)  # hearts: 2 points less 2.5 for its five cards
    Suit.HEARTS
    """
    safe = (hand & _JOKERS).bit_count() <= 1
    for suit in range(4):
        ranks = sorted(_rank(index) for index in _bits(hand & _SUIT_MASK[suit]))
        if any(rank > 6 + 2 * position for position, rank in enumerate(ranks)):
            safe = False
    if safe:
        return MISERE

    def weight(suit: int) -> tuple[int, int]:
        cards = _bits(hand & _SUIT_MASK[suit])
        points = sum(max(0, _rank(index) - 10) for index in cards)
        # twice (points - length / 2), in whole numbers; then the longer suit
        return (2 * points - len(cards), -len(cards))

    return _SUITS[min(range(4), key=weight)]


def heuristic_card(
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
    bug_suit = mine._index
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
        harmful = legal & (_SUIT_MASK[theirs._index] | _JOKERS)
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


def rollout_card(state: Deal) -> int:
    """The heuristic's card for the player to move in a full deal (each seat
    uses only its own hand and public information); used by search rollouts."""
    seat: int = state.to_move  # type: ignore[assignment]
    setup = state._setup
    return heuristic_card(
        setup.dealt[seat] & state._held,
        state._trick,
        state.leader,  # type: ignore[arg-type]
        seat,
        setup.bids,
        setup.in_hands & ~state._held,  # the cards played
        setup.rules.shotgun_wedding,
    )


class HeuristicBot:
    """The rule-of-thumb player described above. It is deterministic: it
    uses no randomness at all, and ``seed`` is accepted only so that every
    bot can be made alike.

    >>> import bugami
    >>> from bugami.bots import play_out
    >>> state = bugami.deal(bugami.Rules(), seed=3)
    >>> done = play_out(state, [HeuristicBot() for _ in range(4)])
    >>> bugami.score(done) == bugami.score(play_out(state, [HeuristicBot()] * 4))
    True
    """

    def __init__(self, seed: Seed | None = None) -> None:
        new_rng(seed)  # checks the seed, for the same signature as the other bots

    @property
    def name(self) -> str:
        """``"heuristic"``.

        >>> HeuristicBot().name
        'heuristic'
        """
        return "heuristic"

    def reset(self, seed: Seed | None = None) -> None:
        """Nothing to restart: the heuristic uses no randomness.

        >>> HeuristicBot().reset(3)
        """
        new_rng(seed)

    def choose_bid(self, seen: DealView | GameView) -> Bid:
        """Misère with a low hand, otherwise the suit with the fewest
        high-card points less half its length (see the module's description).

        >>> import bugami
        >>> seen = bugami.view(bugami.deal(bugami.Rules(), seed=8), 1)
        >>> HeuristicBot().choose_bid(seen) in seen.legal_bids()
        True
        """
        return heuristic_bid(bid_view(self, seen)._hand)

    def choose_card(self, seen: DealView | GameView) -> Card:
        """The card the rules of thumb pick (see the module's description).

        >>> import bugami
        >>> state = bugami.deal(bugami.Rules(), seed=8)
        >>> for seat in range(4):
        ...     state = bugami.bid(state, seat, "C")
        >>> seen = bugami.view(state, state.to_move)
        >>> HeuristicBot().choose_card(seen) in seen.legal_moves()
        True
        """
        current = card_view(self, seen)
        index = heuristic_card(
            current._hand,
            current._trick,
            current.leader,  # type: ignore[arg-type]
            current.seat,
            current.bids,
            _played_mask(current.tricks, current._trick),
            current.rules.shotgun_wedding,
        )
        return _CARDS[index]

    def __repr__(self) -> str:
        return "HeuristicBot()"
