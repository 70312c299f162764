"""A deliberately naive reference implementation of the Bugami rules.

This module is written straight from the project's rule specification
(``/work/shared/rules/bugami.md``) and is used by the property tests to
cross-check the real engine.  It shares no code with the engine and never
imports ``bugami``.  Everything is done with plain strings, lists and ``if``
statements so that each function can be checked against the rules text by
eye; speed does not matter here.

Card notation:

* an ordinary card is a rank from ``RANKS`` followed by a suit from ``SUITS``,
  for example ``"AS"``, ``"TD"`` or ``"2C"``;
* a joker is ``"X"`` followed by its number: ``"X1"``, ``"X2"``, ...
  (ruling 8: jokers are distinct cards).

Bid notation: ``"S"``, ``"H"``, ``"D"`` or ``"C"`` names a bug suit, ``"M"``
is misère.
"""

from __future__ import annotations

RANKS = "AKQJT98765432"  # high to low
SUITS = "SHDC"
MISERE = "M"
BIDS = SUITS + MISERE


# ---------------------------------------------------------------------------
# Card helpers
# ---------------------------------------------------------------------------


def is_joker(card: str) -> bool:
    """True if ``card`` is a joker ("X" followed by a positive number)."""
    if len(card) < 2 or card[0] != "X":
        return False
    number = card[1:]
    return number.isdigit() and number[0] != "0"


def is_card(card: str) -> bool:
    """True if ``card`` is a well-formed ordinary card or joker."""
    if is_joker(card):
        return True
    return len(card) == 2 and card[0] in RANKS and card[1] in SUITS


def check_cards(cards: list[str]) -> None:
    """Raise ValueError if any card is malformed or appears twice."""
    seen: list[str] = []
    for card in cards:
        if not is_card(card):
            raise ValueError(f"not a card: {card!r}")
        if card in seen:
            raise ValueError(f"card appears twice: {card!r}")
        seen.append(card)


def suit_of(card: str) -> str:
    """The suit letter of an ordinary card.  Jokers have no suit."""
    if is_joker(card):
        raise ValueError(f"a joker has no suit: {card!r}")
    return card[1]


def beats(card: str, other: str) -> bool:
    """True if ordinary ``card`` ranks higher than ordinary ``other``.

    A lower index in RANKS means a higher rank (A is high, 2 is low).
    """
    return RANKS.index(card[0]) < RANKS.index(other[0])


# ---------------------------------------------------------------------------
# The deck
# ---------------------------------------------------------------------------


def full_deck(jokers: int) -> list[str]:
    """The 52 standard cards, then the jokers X1..X<jokers>.

    Order: suits S, H, D, C; within a suit, ranks from A down to 2.
    """
    if jokers < 0:
        raise ValueError("the number of jokers cannot be negative")
    deck: list[str] = []
    for suit in SUITS:
        for rank in RANKS:
            deck.append(rank + suit)
    for number in range(1, jokers + 1):
        deck.append("X" + str(number))
    return deck


# ---------------------------------------------------------------------------
# Play
# ---------------------------------------------------------------------------


def legal_plays(hand: list[str], trick: list[str]) -> list[str]:
    """The cards of ``hand`` that may be played to the open ``trick``.

    ``trick`` holds the cards already played to it, in order (empty when the
    player is leading).  The result keeps the order of ``hand``.
    """
    check_cards(hand)
    check_cards(trick)

    # Leading: any card may be led, jokers included (Jokers variant).
    if len(trick) == 0:
        return list(hand)

    # "A led joker wins the trick, and every other player may then play any
    # card."
    led = trick[0]
    if is_joker(led):
        return list(hand)

    # "A player who holds a card of the suit led must play one."
    # Ruling 3: no joker is ever "of the suit led".
    led_suit = suit_of(led)
    followers: list[str] = []
    for card in hand:
        if not is_joker(card) and suit_of(card) == led_suit:
            followers.append(card)
    if len(followers) > 0:
        return followers

    # "... a player who holds none may play any card" (a joker only when the
    # holder cannot follow suit, which is the case here).
    return list(hand)


def trick_winner(trick: list[str]) -> int:
    """Position (0-based, in order of play) of the card winning ``trick``."""
    check_cards(trick)
    if len(trick) == 0:
        raise ValueError("an empty trick has no winner")

    # "A led joker wins the trick" -- ruling 3: even if other jokers follow.
    if is_joker(trick[0]):
        return 0

    # "The highest card of the suit led wins the trick."  Ruling 3: a joker
    # played to a trick led by a suit never wins it.
    led_suit = suit_of(trick[0])
    best = 0
    for position in range(1, len(trick)):
        card = trick[position]
        if is_joker(card):
            continue
        if suit_of(card) != led_suit:
            continue
        if beats(card, trick[best]):
            best = position
    return best


# ---------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------


def count_bugs(cards: list[str], bid: str) -> int:
    """Bugs among ``cards`` for a unit with bid ``bid``.

    Cards of the bug suit are bugs; every joker is a bug whatever the bug suit
    (Jokers variant).  A misère bid has no bug suit, so only jokers count
    (and for misère the number of bugs never matters anyway).
    """
    bugs = 0
    for card in cards:
        joker = is_joker(card)
        of_bug_suit = not joker and bid != MISERE and suit_of(card) == bid
        if joker or of_bug_suit:
            bugs += 1
    return bugs


def form_units(bids: list[str], shotgun_wedding: bool) -> list[list[int]]:
    """Group the seats into scoring units.

    Normally every player is a unit of their own.  With Shotgun Wedding,
    players (not misère bidders) who chose the same bug suit form one unit;
    misère bidders always stay alone.  Units are listed by their lowest seat.
    """
    units: list[list[int]] = []
    for seat in range(len(bids)):
        joined = False
        if shotgun_wedding and bids[seat] != MISERE:
            for unit in units:
                if bids[unit[0]] == bids[seat]:
                    unit.append(seat)
                    joined = True
                    break
        if not joined:
            units.append([seat])
    return units


def score_deal(
    bids: list[str],
    tricks: list[tuple[int, list[str]]],
    leftover: list[str],
    shotgun_wedding: bool,
) -> list[int]:
    """Each seat's points for one finished deal.

    ``bids[s]`` is seat s's bid; ``tricks`` lists (winner seat, cards) in the
    order the tricks were played; ``leftover`` goes to the winner of the last
    trick.  No deck size is assumed.
    """
    n = len(bids)
    for bid in bids:
        if len(bid) != 1 or bid not in BIDS:
            raise ValueError(f"not a bid: {bid!r}")
    if len(tricks) == 0:
        raise ValueError("a deal has at least one trick")
    all_cards: list[str] = []
    for winner, cards in tricks:
        if winner < 0 or winner >= n:
            raise ValueError(f"no such seat: {winner}")
        all_cards.extend(cards)
    all_cards.extend(leftover)
    check_cards(all_cards)

    # Tricks and cards won by each seat.
    tricks_won = [0] * n
    cards_won: list[list[str]] = [[] for _ in range(n)]
    for winner, cards in tricks:
        tricks_won[winner] += 1
        cards_won[winner].extend(cards)

    # "The leftover cards are added to the last trick and belong to whoever
    # wins it."  (They add cards, not a trick.)
    last_winner = tricks[-1][0]
    cards_won[last_winner].extend(leftover)

    # Pool the tricks of each unit (Shotgun Wedding; otherwise units of one).
    units = form_units(bids, shotgun_wedding)
    total_tricks = len(tricks)

    # Case "All tricks" (with rulings 1 and 4) decides for everybody at once:
    # the unit that won every trick scores 100 per member (0 if it is a misère
    # bidder); everyone else scores 0, except misère bidders, who then
    # necessarily won nothing and score 100.
    for unit in units:
        unit_tricks = 0
        for seat in unit:
            unit_tricks += tricks_won[seat]
        if unit_tricks == total_tricks:
            scores = [0] * n
            for seat in range(n):
                if seat in unit:
                    if bids[seat] == MISERE:
                        scores[seat] = 0  # ruling 1
                    else:
                        scores[seat] = 100
                elif bids[seat] == MISERE:
                    scores[seat] = 100
                else:
                    scores[seat] = 0
            return scores

    # Nobody won every trick: the remaining cases, in order, per unit.  Every
    # member of a unit scores the unit's score (Shotgun Wedding).
    scores = [0] * n
    for unit in units:
        bid = bids[unit[0]]
        t = 0
        unit_cards: list[str] = []
        for seat in unit:
            t += tricks_won[seat]
            unit_cards.extend(cards_won[seat])
        b = count_bugs(unit_cards, bid)

        if bid == MISERE:
            # Misère: 100 if the bidder won no trick, else 0.
            points = 100 if t == 0 else 0
        elif t == 0:
            # No tricks (not misère): 30 -- for a partnership, only when
            # the whole partnership won nothing (ruling 4).
            points = 30
        elif b == 0:
            # Clean tricks: 20 per trick.
            points = 20 * t
        else:
            # Otherwise: floor(10 * t / b).
            points = (10 * t) // b

        for seat in unit:
            scores[seat] = points
    return scores


# ---------------------------------------------------------------------------
# Counting play sequences
# ---------------------------------------------------------------------------


def count_play_sequences(hands: list[list[str]], leader: int, trick: list[str]) -> int:
    """Number of distinct legal ways to play out the deal from this point.

    ``hands[s]`` is seat s's current hand, ``leader`` the seat that led the
    open ``trick`` (cards played to it so far, possibly none).  Play goes
    clockwise and each trick's winner leads the next.  Every card is distinct
    (ruling 8), so two jokers count as different plays.
    """
    n = len(hands)
    if n == 0:
        raise ValueError("there must be at least one seat")
    if leader < 0 or leader >= n:
        raise ValueError(f"no such seat: {leader}")
    if len(trick) >= n:
        raise ValueError("the trick is not open: every seat has played to it")
    every_card: list[str] = list(trick)
    for hand in hands:
        every_card.extend(hand)
    check_cards(every_card)

    # The seats that already played to the open trick hold one card fewer
    # than the seats still to play to it.
    already_played: list[int] = []
    for i in range(len(trick)):
        already_played.append((leader + i) % n)
    # The leader has already played whenever the trick is not empty.
    expected_size = len(hands[leader]) + (1 if len(trick) > 0 else 0)
    for seat in range(n):
        size = expected_size
        if seat in already_played:
            size = expected_size - 1
        if len(hands[seat]) != size:
            raise ValueError("the hand sizes do not fit the open trick")

    return _count(hands, leader, trick)


def _count(hands: list[list[str]], leader: int, trick: list[str]) -> int:
    """The plain recursion behind count_play_sequences (inputs trusted)."""
    n = len(hands)

    # A complete trick: its winner leads the next one.
    if len(trick) == n:
        winner = (leader + trick_winner(trick)) % n
        return _count(hands, winner, [])

    # No trick open and no cards left: the one empty sequence.
    if len(trick) == 0:
        cards_left = 0
        for hand in hands:
            cards_left += len(hand)
        if cards_left == 0:
            return 1

    # Otherwise the next seat clockwise plays each of its legal cards.
    player = (leader + len(trick)) % n
    total = 0
    for card in legal_plays(hands[player], trick):
        new_hands: list[list[str]] = []
        for seat in range(n):
            if seat == player:
                remaining: list[str] = []
                for held in hands[seat]:
                    if held != card:
                        remaining.append(held)
                new_hands.append(remaining)
            else:
                new_hands.append(list(hands[seat]))
        total += _count(new_hands, leader, [*trick, card])
    return total
