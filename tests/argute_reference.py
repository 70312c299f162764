"""A deliberately naive reference implementation of the Argute rules.

Written straight from the project's rule specification
(``/work/shared/rules/argute.md``), this module cross-checks the engine in the
property tests. It never imports ``bugami`` and shares no code with it: plain
lists, loops and ``if`` statements, each easy to hold against the rules text.
Speed does not matter here.

A card is its value, an int from 0 to 5; a play is a pair ``(seat, value)``.
"""

from __future__ import annotations

import hashlib

VALUES = [0, 1, 2, 3, 4, 5]
COPIES = 7  # "seven each of the values 0, 1, 2, 3, 4, 5"
HAND_SIZE = 6  # "deal 6 to each player"
CARDS_PER_TRICK = [
    3,
    2,
    1,
]  # "in trick 1 every player plays 3 cards, in trick 2 two, in trick 3 one"


# ---------------------------------------------------------------------------
# Dealing
# ---------------------------------------------------------------------------


def full_deck() -> list[int]:
    """The 42 play cards, seven of each value, lowest values first."""
    deck: list[int] = []
    for value in VALUES:
        for _ in range(COPIES):
            deck.append(value)
    return deck


def seed_to_bytes(seed: int | str | bytes) -> bytes:
    """Step 1 of the documented shuffle: the seed's type tag and contents."""
    if isinstance(seed, bool):
        raise ValueError("a bool is not a seed")
    if isinstance(seed, int):
        return ("int:" + str(seed)).encode("ascii")
    if isinstance(seed, str):
        return b"str:" + seed.encode("utf-8")
    return b"bytes:" + seed


def documented_deal(
    material: bytes, players: int, dealer: int | None
) -> tuple[int, list[list[int]], list[int]]:
    """The dealer, each seat's hand (in the order dealt) and the undealt
    cards, following the description of ``bugami.argute.dealing`` (steps 2 to
    6) for the bytes ``material`` that follow the seed's type tag and contents
    -- here, the seed bytes themselves, plus any suffix a game adds."""
    data = hashlib.shake_256(b"bugami-deal-v1\x00argute-v1\x00" + material).digest(8 * 2000)
    numbers = [int.from_bytes(data[i : i + 8], "big") for i in range(0, len(data), 8)]
    state = {"next": 0}

    def draw_below(k: int) -> int:
        while True:
            x = numbers[state["next"]]
            state["next"] += 1
            if x < 2**64 - 2**64 % k:
                return x % k

    drawn = draw_below(players)
    if dealer is None:
        dealer = drawn
    cards = full_deck()
    for i in range(len(cards) - 1, 0, -1):
        j = draw_below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    hands: list[list[int]] = [[] for _ in range(players)]
    seat = (dealer + 1) % players
    dealt = 0
    while dealt < players * HAND_SIZE:
        hands[seat].append(cards[dealt])
        dealt += 1
        seat = (seat + 1) % players
    return dealer, hands, cards[dealt:]


# ---------------------------------------------------------------------------
# Play
# ---------------------------------------------------------------------------


def legal_plays(hand: list[int]) -> list[int]:
    """The values a player may play: any card in hand (nothing to follow),
    each value listed once, lowest first."""
    result: list[int] = []
    for value in VALUES:
        if value in hand:
            result.append(value)
    return result


def trick_winner(plays: list[tuple[int, int]]) -> int:
    """The seat that wins a complete trick, given its plays in order.

    Each player's count is the sum of their values. The highest count wins;
    among players tied on it, the one who reached that count first. A
    player's running count never goes down, so "reaching" it means the first
    turn after which their running count equals their final count (ruling 1).
    """
    if len(plays) == 0:
        raise ValueError("an empty trick has no winner")
    seats: list[int] = []
    for seat, _ in plays:
        if seat not in seats:
            seats.append(seat)
    final: dict[int, int] = {}
    for seat in seats:
        final[seat] = 0
        for who, value in plays:
            if who == seat:
                final[seat] += value
    reached: dict[int, int] = {}
    for seat in seats:
        running = 0
        for turn in range(len(plays)):
            who, value = plays[turn]
            if who != seat:
                continue
            running += value
            if running == final[seat]:
                reached[seat] = turn
                break
    best = max(final.values())
    winner = -1
    earliest = len(plays)
    for seat in seats:
        if final[seat] == best and reached[seat] < earliest:
            earliest = reached[seat]
            winner = seat
    return winner


def play_hand(
    hands: list[list[int]], dealer: int, values: list[int]
) -> list[tuple[int, list[tuple[int, int]], int]]:
    """Replay a hand: ``values`` are the cards played, in order, by whoever
    was to play. Returns each completed trick as (leader, plays, winner).

    The player left of the dealer leads trick 1; the winner of a trick leads
    the next; within a trick the turn passes to the left, round and round,
    until each player has played the trick's number of cards. Raises
    ValueError for a value the player to move does not hold, or for too many
    values.
    """
    players = len(hands)
    held = [list(hand) for hand in hands]
    tricks: list[tuple[int, list[tuple[int, int]], int]] = []
    leader = (dealer + 1) % players
    position = 0
    for trick_number in range(3):
        plays: list[tuple[int, int]] = []
        seat = leader
        for _ in range(CARDS_PER_TRICK[trick_number] * players):
            if position == len(values):
                return tricks  # the hand stops in the middle of a trick
            value = values[position]
            position += 1
            if value not in held[seat]:
                raise ValueError(f"seat {seat} does not hold {value}")
            held[seat].remove(value)
            plays.append((seat, value))
            seat = (seat + 1) % players
        winner = trick_winner(plays)
        tricks.append((leader, plays, winner))
        leader = winner
    if position != len(values):
        raise ValueError("more cards than a hand has")
    return tricks


def to_move(hands: list[list[int]], dealer: int, values: list[int]) -> int | None:
    """The seat to play after ``values`` have been played, or None at the end."""
    players = len(hands)
    tricks = play_hand(hands, dealer, values)
    if len(tricks) == 3:
        return None
    leader = (dealer + 1) % players if len(tricks) == 0 else tricks[-1][2]
    played_before = 0
    for trick_number in range(len(tricks)):
        played_before += CARDS_PER_TRICK[trick_number] * players
    in_this_trick = len(values) - played_before
    return (leader + in_this_trick) % players


# ---------------------------------------------------------------------------
# Scoring and the game
# ---------------------------------------------------------------------------


def score_hand(bids: list[int], winners: list[int]) -> list[int]:
    """Each seat's points: the bid for winning exactly that many tricks
    (0 for a correct 0), otherwise -1 whatever the bid."""
    scores: list[int] = []
    for seat in range(len(bids)):
        won = 0
        for winner in winners:
            if winner == seat:
                won += 1
        if won == bids[seat]:
            scores.append(bids[seat])
        else:
            scores.append(-1)
    return scores


def game_winner(totals: list[int], target: int) -> int | None:
    """Ruling 2: the player alone on the highest total, once it is at least
    the target; nobody while the highest total is shared or below target."""
    best = max(totals)
    if best < target:
        return None
    leaders = [seat for seat in range(len(totals)) if totals[seat] == best]
    if len(leaders) != 1:
        return None
    return leaders[0]
