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
from bugami.core._masks import BIT, CARDS, FOLLOW
from bugami.core.cards import MISERE, Bid, Card, Suit
from bugami.core.dealing import Seed
from bugami.core.play import play
from bugami.core.rules import Rules
from bugami.core.scoring import score
from bugami.core.state import Deal, Trick
from bugami.core.view import DealView, GameView

__all__ = ["HeuristicBot"]

_SUITS: Final = tuple(Suit)
_SUIT_MASK: Final = tuple(0x1FFF << 13 * suit for suit in range(4))
_JOKERS: Final = 0xFF << 52
_PLAIN: Final = ~_JOKERS


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

    >>> from bugami.core.cards import parse_cards
    >>> hand = sum(1 << card.index for card in parse_cards("AS KS 9S QH 8H 6H 5H 3H KD 2D KC QC JC"))
    >>> heuristic_bid(hand)  # hearts: 2 points less 2.5 for its five cards
    Suit.HEARTS
    """
    safe = (hand & _JOKERS).bit_count() <= 1
    best_suit, best_weight = 0, 1 << 20
    for suit in range(4):
        chunk = hand >> 13 * suit & 0x1FFF
        low, weight = _SUIT_TRAITS.get(chunk) or _suit_traits(chunk)
        safe = safe and low
        if weight < best_weight:
            best_suit, best_weight = suit, weight
    return MISERE if safe else _SUITS[best_suit]


# What heuristic_bid needs of one suit, by its 13 bits: filled as suits are
# met (at most 8,192 entries), so that a bid costs four lookups.
_SUIT_TRAITS: Final[dict[int, tuple[bool, int]]] = {}


def _suit_traits(chunk: int) -> tuple[bool, int]:
    """For the cards of one suit (bit ``i`` of ``chunk``: rank ``14 - i``):
    whether they are low enough to duck under misère, and the suit's weight
    as a bug suit, the lowest being the best."""
    ranks = sorted(_rank(index) for index in _bits(chunk))
    low = all(rank <= 6 + 2 * position for position, rank in enumerate(ranks))
    points = sum(max(0, rank - 10) for rank in ranks)
    # twice (points - length / 2), in whole numbers; then the longer suit
    weight = (2 * points - len(ranks)) * 16 + 13 - len(ranks)
    _SUIT_TRAITS[chunk] = traits = (low, weight)
    return traits


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
    ``played`` are bitmasks (``played`` holds at least the cards of the
    completed tricks; those of the open trick may be in it or not), ``trick``
    the indices played to the open trick, ``bids`` every seat's bid (all
    revealed during play).

    Cards are bits, a lower index a higher card of its suit, so "the highest
    card" of a mask is its lowest set bit and "the lowest" its highest bit:
    every choice is a few integer operations, with no list built.
    """
    if trick:
        led = trick[0]
        legal = hand & FOLLOW[led] or hand
    else:
        led = -1
        legal = hand
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    known, suits, masks = _bids_memo[0]
    if bids is not known:
        suits, masks = _bug_tables(bids)
    bug_suit = suits[seat]
    if led < 0:
        out = ~(hand | played)  # cards still held by others (or in the leftover)
        if bug_suit < 0:
            return _misere_lead(hand, out)
        return _lead(hand, bug_suit, out, len(bids))
    if bug_suit < 0:
        return _misere_follow(legal, trick)
    if led >= 52:
        return _dump(legal, leader, seat, shotgun, suits, masks)
    suit_mask = FOLLOW[led]
    trick_mask = 0
    for index in trick:
        trick_mask |= BIT[index]
    in_suit = trick_mask & suit_mask
    best = (in_suit & -in_suit).bit_length() - 1  # the highest card of the suit led
    if not legal & suit_mask:
        winner = (leader + trick.index(best)) % len(bids)
        return _dump(legal, winner, seat, shotgun, suits, masks)
    losers = legal >> best + 1 << best + 1
    last = len(trick) == len(bids) - 1
    if led // 13 == bug_suit or trick_mask & masks[seat]:
        if losers:
            return (losers & -losers).bit_length() - 1  # the highest card that loses
        # It has to win: its highest card when it plays last, else its lowest.
        return (legal & -legal).bit_length() - 1 if last else legal.bit_length() - 1
    winners = legal & (1 << best) - 1
    if winners:
        if last:
            return winners.bit_length() - 1  # the cheapest winning card
        top = (winners & -winners).bit_length() - 1
        # A master card: every higher card of the suit has been played. (None
        # of them can be in this hand, which holds no higher winner, nor in
        # the open trick, whose cards of the suit are all below ``best``.)
        if not suit_mask & (1 << top) - 1 & ~played:
            return top
        return legal.bit_length() - 1
    return (legal & -legal).bit_length() - 1  # the highest losing card


# For each bug suit, the masks of the three other suits in suit order.
_OTHER_SUITS: Final = tuple(
    tuple(mask for other, mask in enumerate(_SUIT_MASK) if other != suit) for suit in range(4)
)


def _lead(hand: int, bug_suit: int, out: int, players: int) -> int:
    for suit_mask in _OTHER_SUITS[bug_suit]:
        cards = hand & suit_mask
        if cards:
            top = (cards & -cards).bit_length() - 1
            others = out & suit_mask
            if not others & (1 << top) - 1 and others.bit_count() >= players - 1:
                return top
    bug_mask = _SUIT_MASK[bug_suit]
    own = hand & bug_mask
    if own:
        low = own.bit_length() - 1
        if out & bug_mask & (1 << low) - 1:
            return low
    longest = 0  # the longest other suit, the first of equals
    for suit_mask in _OTHER_SUITS[bug_suit]:
        cards = hand & suit_mask
        if cards.bit_count() > longest.bit_count():
            longest = cards
    if longest:
        return longest.bit_length() - 1
    return (hand & _PLAIN or hand).bit_length() - 1


def _dump(
    legal: int,
    winner: int,
    seat: int,
    shotgun: bool,
    suits: tuple[int, ...],
    masks: tuple[int, ...],
) -> int:
    """A discard onto a trick ``winner`` is expected to take (``suits`` and
    ``masks`` as :func:`_bug_tables` gives them)."""
    bugs = masks[seat]
    if winner == seat or (shotgun and suits[winner] == suits[seat]):
        cards = legal & ~bugs or legal
        return (cards & -cards).bit_length() - 1
    harmful = legal & masks[winner]  # nothing hurts a misère bidder
    if harmful:
        if harmful & _JOKERS:
            return harmful.bit_length() - 1
        return (harmful & -harmful).bit_length() - 1
    cards = legal & bugs & _PLAIN or legal & _PLAIN or legal
    return (cards & -cards).bit_length() - 1


# The bids last asked about, and what the heuristic reads of them (see
# _bug_tables): the same for every card of a deal. One tuple, replaced whole,
# so that threads never see half an update.
_bids_memo: list[tuple[tuple[Bid | None, ...], tuple[int, ...], tuple[int, ...]]] = [((), (), ())]


def _bug_tables(bids: tuple[Bid | None, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For each seat: its bug suit (-1 for misère), and the mask of its bug
    cards, its suit's and the jokers (0 for misère)."""
    suits = tuple([-1 if bid is MISERE or bid is None else bid._index for bid in bids])
    masks = tuple([_SUIT_MASK[suit] | _JOKERS if suit >= 0 else 0 for suit in suits])
    _bids_memo[0] = (bids, suits, masks)
    return suits, masks


def _misere_lead(hand: int, out: int) -> int:
    """The misère lead: the card the most unseen cards beat."""
    plain = hand & _PLAIN
    if not plain:
        return (hand & -hand).bit_length() - 1
    # The lowest index of those, in each suit its lowest card.
    chosen = -1
    beaten = -1
    for suit_mask in _SUIT_MASK:
        cards = plain & suit_mask
        if cards:
            low = cards.bit_length() - 1
            count = (out & suit_mask & (1 << low) - 1).bit_count()
            if count > beaten or (count == beaten and low > chosen):
                chosen, beaten = low, count
    return chosen


def _misere_follow(legal: int, trick: tuple[int, ...]) -> int:
    """The misère card on a trick: under the winning card if it can be."""
    led = trick[0]
    if led >= 52:
        return (legal & -legal).bit_length() - 1
    suit_mask = FOLLOW[led]
    plain = legal & _PLAIN
    if not legal & suit_mask:
        if not plain:
            return (legal & -legal).bit_length() - 1
        # Its highest card, the first suit of equal ranks.
        chosen = -1
        for mask in _SUIT_MASK:
            cards = plain & mask
            if cards:
                top = (cards & -cards).bit_length() - 1
                if chosen < 0 or top % 13 < chosen % 13:
                    chosen = top
        return chosen
    trick_mask = 0
    for index in trick:
        trick_mask |= BIT[index]
    in_suit = trick_mask & suit_mask
    best = (in_suit & -in_suit).bit_length() - 1
    losers = legal >> best + 1 << best + 1
    cards = losers or legal
    return (cards & -cards).bit_length() - 1


def partnered(rules: Rules) -> bool:
    """Whether seats that name the same bug suit play as partners under these
    rules (the Shotgun Wedding variant), as :func:`heuristic_card` is told:
    the one place the bots read that variant from the rules.

    >>> from bugami import Rules
    >>> partnered(Rules(shotgun_wedding=True)), partnered(Rules())
    (True, False)
    """
    return rules.shotgun_wedding


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
        partnered(setup.rules),
    )


def rollout(state: Deal, seat: int) -> int:
    """``seat``'s points once every seat has finished the deal by the
    heuristic's rules (:func:`rollout_card`): the rollout by which the
    search, solver and inference bots judge a move.

    >>> import bugami
    >>> from bugami.bots.heuristic import rollout
    >>> state = bugami.deal(bugami.Rules(), seed=5)
    >>> for seat, choice in enumerate("SHDC"):
    ...     state = bugami.bid(state, seat, choice)
    >>> [rollout(state, seat) for seat in range(4)]
    [30, 10, 15, 10]
    """
    while state.to_move is not None:
        state = play(state, CARDS[rollout_card(state)])
    return score(state)[seat]


# The last completed tricks asked about and the cards in them: every seat asks
# about the same tricks until the next one is complete, and then about one
# more. One tuple, replaced whole, so that threads never see half an update.
_played_memo: list[tuple[tuple[Trick, ...], int]] = [((), 0)]


def _played_before(tricks: tuple[Trick, ...]) -> int:
    """The bitmask of the cards in ``tricks`` (completed tricks)."""
    known, mask = _played_memo[0]
    if tricks is known:
        return mask
    if not (tricks and tricks[:-1] == known):
        mask = 0
        tricks_before = tricks[:-1]
        for trick in tricks_before:
            for index in trick._cards:
                mask |= BIT[index]
    if tricks:
        for index in tricks[-1]._cards:
            mask |= BIT[index]
    _played_memo[0] = (tricks, mask)
    return mask


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
        current: DealView = seen  # type: ignore[assignment]
        if seen.__class__ is not DealView or current.to_move != current.seat:
            current = card_view(self, seen)
        tricks = current.tricks
        known, played = _played_memo[0]
        if tricks is not known:
            played = _played_before(tricks)
        index = heuristic_card(
            current._hand,
            current._trick,
            current.leader,  # type: ignore[arg-type]
            current.seat,
            current.bids,
            played,
            partnered(current.rules),
        )
        return CARDS[index]

    def __repr__(self) -> str:
        return "HeuristicBot()"
