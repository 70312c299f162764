"""The open-hand solver of Bugami as it stood before the work on whole-deal
solving (issue 26), kept unchanged as a reference: the faster solver of
:mod:`bugami.solver` must give exactly its values (see test_solver.py), and
the benchmarks compare the two on the same positions.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterator, Sequence
from typing import Final

from bugami._kernel.solutions import (
    DEFAULT_MAX_NODES,
    Limits,
    SearchLimitError,
    Solution,
    check_arguments,
    deal_of,
    make_solution,
    solution_of,
    unsolvable,
)
from bugami.core.cards import MISERE, Card, Suit
from bugami.core.game import Game
from bugami.core.play import legal_moves
from bugami.core.scoring import score
from bugami.core.state import Deal

__all__ = ["DEFAULT_MAX_NODES", "SearchLimitError", "Solution", "solve"]

_CHUNK: Final = 0x1FFF  # the 13 cards of one suit, ace first
_SUIT_MASKS: Final = tuple(_CHUNK << 13 * suit for suit in range(4))
_JOKERS: Final = 0xFF << 52
_TABLE_LIMIT: Final = 500_000  # positions kept in the transposition table at most
_CACHE_LIMIT: Final = 200_000  # entries kept in each of the small module caches
_NONE_YET: Final = -2  # sweep state: no trick completed yet
_BROKEN: Final = -1  # sweep state: two units have won tricks


def solve(
    state: Deal | Game,
    seat: int,
    *,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    max_seconds: float | None = None,
) -> Solution[Card]:
    """The exact value of a deal in play for ``seat``, with every hand face
    up and every other player against it, and the value after each legal move
    of the player to move (see the module's description).

    :param state: a deal in its play phase (or over), or a game (its current
        deal).
    :param seat: the seat whose points are counted.
    :param max_nodes: the most positions the search may visit (``None``: no
        bound); beyond, :class:`SearchLimitError` is raised. Each position
        costs a few microseconds.
    :param max_seconds: a bound on the time instead (or as well), in
        seconds; also raises :class:`SearchLimitError`. Whether it is reached
        depends on the machine, so it is not reproducible.

    A deal still in bidding raises :class:`~bugami.IllegalMoveError`; a deal
    that is over has its score as value and no moves.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(), seed=3)
    >>> for seat, choice in enumerate("SHDM"):
    ...     state = bugami.bid(state, seat, choice)
    >>> while len(state.tricks) < 10:
    ...     state = bugami.play(state, bugami.legal_moves(state)[0])
    >>> result = solve(state, 3)
    >>> result.value in (0, 100), set(result.move_values) == set(bugami.legal_moves(state))
    (True, True)
    >>> solve(bugami.deal(bugami.Rules(), seed=3), 0)
    Traceback (most recent call last):
    ...
    bugami.errors.IllegalMoveError: cannot solve the deal: it is still in bidding (4 bids to come); bid first
    """
    deal = deal_of(state, Deal, Game, "a bugami")
    check_arguments(seat, deal.rules.players, max_nodes, max_seconds)
    if deal.is_over:
        return make_solution(seat, score(deal)[seat], {}, 0)
    if deal.to_move is None:
        raise unsolvable(deal.bids, "deal")
    search = _Search(deal, seat, max_nodes, max_seconds)
    values = search.root_values()
    moves = legal_moves(deal)
    move_values = {card: values[card.index] for card in moves}
    return solution_of(seat, deal.to_move, move_values, search.limits.counter[0])


# --- the search ------------------------------------------------------------------------


def _mask(cards: tuple[Card, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


# For a suit's cards still in play (a 13-bit chunk, bit 0 the ace) and the
# legal cards of one hand in it, the cards worth trying: one per run of the
# hand's cards with no other card in play between them (the highest of the run).
_REPRESENTATIVES: dict[int, tuple[int, ...]] = {}


def _representatives(key: int) -> tuple[int, ...]:
    inplay = key >> 13
    mine = key & _CHUNK
    found = []
    previous_mine = False
    for bit in range(13):
        if not inplay >> bit & 1:
            continue
        if mine >> bit & 1:
            if not previous_mine:
                found.append(bit)
            previous_mine = True
        else:
            previous_mine = False
    result = tuple(found)
    if len(_REPRESENTATIVES) >= _CACHE_LIMIT:
        _REPRESENTATIVES.clear()
    _REPRESENTATIVES[key] = result
    return result


# For a suit's cards still in play and the cards of one hand in it: the hand's
# cards renumbered among those in play (for the keys of the transposition table).
_SQUEEZED: dict[int, int] = {}


def _squeeze(key: int) -> int:
    inplay = key >> 13
    mine = key & _CHUNK
    result = 0
    position = 0
    for bit in range(13):
        if inplay >> bit & 1:
            if mine >> bit & 1:
                result |= 1 << position
            position += 1
    if len(_SQUEEZED) >= _CACHE_LIMIT:
        _SQUEEZED.clear()
    _SQUEEZED[key] = result
    return result


class _Search:
    """One solve: the position as ints, and the alpha-beta search over it."""

    def __init__(
        self, deal: Deal, seat: int, max_nodes: int | None, max_seconds: float | None
    ) -> None:
        rules = deal.rules
        players = rules.players
        bids = deal.bids
        self.deal = deal
        self.players = players
        self.seat = seat
        # Units: a seat alone, or (Shotgun Wedding) the seats that named one suit.
        unit_of = list(range(players))
        if rules.shotgun_wedding:
            first: dict[object, int] = {}
            for other, choice in enumerate(bids):
                if choice is not MISERE:
                    unit_of[other] = first.setdefault(choice, other)
        own = unit_of[seat]
        self.unit_of = unit_of
        self.in_unit = [unit_of[other] == own for other in range(players)]
        self.own = own
        mine = bids[seat]
        self.misere = mine is MISERE
        if isinstance(mine, Suit):
            self.bug_mask = _SUIT_MASKS[mine.index] | _JOKERS
        else:
            self.bug_mask = 0
        self.leftover_bugs = (_mask(deal.leftover) & self.bug_mask).bit_count()
        self.total = rules.hand_size
        # The counters from the tricks already played.
        tricks = 0
        bugs = 0
        sweep = _NONE_YET
        for trick in deal.tricks:
            winner = trick.winner
            if self.in_unit[winner]:
                tricks += 1
                bugs += (_mask(trick.cards) & self.bug_mask).bit_count()
            unit = unit_of[winner]
            if sweep == _NONE_YET:
                sweep = unit
            elif sweep != unit:
                sweep = _BROKEN
        self.tricks = tricks
        self.bugs = bugs
        self.sweep = sweep
        self.hands = [_mask(hand) for hand in deal.hands]
        self.trick = [card.index for card in deal.current_trick]
        self.leader: int = deal.leader  # type: ignore[assignment]
        self.left = self.hands[self.leader].bit_count() + (1 if self.trick else 0)
        self.limits = Limits(max_nodes, max_seconds, self.left)
        self.table: dict[tuple[int, ...], list[int]] = {}
        self.bound_cache: dict[tuple[int, int, int, int, int], tuple[int, int]] = {}

    # -- the score -----------------------------------------------------------------

    def final(self, tricks: int, bugs: int, sweep: int) -> int:
        """The seat's points at the end, from its unit's counters."""
        if self.misere:
            return 100 if tricks == 0 else 0
        if sweep >= 0:
            return 100 if sweep == self.own else 0
        if tricks == 0:
            return 30
        if bugs == 0:
            return 20 * tricks
        return 10 * tricks // bugs

    def bounds(
        self, tricks: int, bugs: int, sweep: int, left: int, bug_cards: int
    ) -> tuple[int, int]:
        """The least and the most the seat could still score, with ``left``
        tricks to play and ``bug_cards`` of its bugs still in hands."""
        if self.misere:
            if tricks:
                return 0, 0
            return 0, 100
        kind = 0 if sweep == _NONE_YET else 1 if sweep == self.own else 2 if sweep >= 0 else 3
        key = (tricks, bugs, kind, left, bug_cards)
        found = self.bound_cache.get(key)
        if found is not None:
            return found
        players = self.players
        low = 1 << 30
        high = -1
        for more in range(left + 1):
            total = tricks + more
            # the most: no new bugs
            best = 30 if total == 0 else 20 * total if bugs == 0 else 10 * total // bugs
            extra = min(bug_cards, more * players) + (self.leftover_bugs if more else 0)
            worst_bugs = bugs + extra
            worst = (
                30 if total == 0 else 20 * total if worst_bugs == 0 else 10 * total // worst_bugs
            )
            high = max(high, best)
            low = min(low, worst)
        if kind in (0, 1):
            # an open sweep scores 100; more clean tricks without one score more
            high = max(high, 100)
            low = min(low, 100)
        if kind in (0, 2):
            low = 0
        result = (low, high)
        self.bound_cache[key] = result
        return result

    # -- moves -----------------------------------------------------------------------

    def root_values(self) -> dict[int, int]:
        """The exact value after each legal card of the player to move (by
        card index); equivalent cards share the value of their representative."""
        hands = self.hands
        players = self.players
        leader = self.leader
        trick = self.trick
        position = len(trick)
        mover = (leader + position) % players
        hand = hands[mover]
        remaining = 0
        for other_hand in hands:
            remaining |= other_hand
        trick_mask = 0
        for index in trick:
            trick_mask |= 1 << index
        # The trick so far, as the search keeps it.
        follow = 0
        winning = -1
        winner = leader
        trick_bugs = 0
        if trick:
            led = trick[0]
            if led < 52:
                follow = _SUIT_MASKS[led // 13]
                winning = led
            for offset, index in enumerate(trick):
                trick_bugs += self.bug_mask >> index & 1
                if offset and winning >= 0 and follow >> index & 1 and index < winning:
                    winning = index
                    winner = (leader + offset) % players
        legal = hand & follow if position else hand
        if not legal:
            legal = hand
        values: dict[int, int] = {}
        representative_of: dict[int, int] = {}
        inplay = remaining | trick_mask
        for group in _groups(legal, inplay):
            for index in group:
                representative_of[index] = group[0]
        guess = None
        search = self.make()
        for index in sorted(set(representative_of.values())):

            def probe(alpha: int, beta: int, index: int = index) -> int:
                return search(
                    position, leader, follow, winning, winner, trick_bugs, trick_mask, remaining,
                    self.tricks, self.bugs, self.sweep, alpha, beta, index,
                )  # fmt: skip

            value = _exact(probe, guess, self.candidates(remaining))
            guess = value
            values[index] = value
        return {index: values[rep] for index, rep in representative_of.items()}

    def candidates(self, remaining: int) -> list[int]:
        """Every score the seat might still end with, in increasing order."""
        if self.misere:
            return [0] if self.tricks else [0, 100]
        bug_cards = (remaining & self.bug_mask).bit_count() + len(self.trick)
        bug_cards += self.leftover_bugs
        left = self.hands[self.leader].bit_count() + (1 if self.trick else 0)
        found = {0, 100}
        for more in range(left + 1):
            total = self.tricks + more
            for bugs in range(self.bugs, self.bugs + bug_cards + 1):
                found.add(self.final(total, bugs, _BROKEN))
        return sorted(found)

    def make(self) -> Callable[..., int]:
        """The search functions, as closures over the position's lists."""
        hands = self.hands
        players = self.players
        seat = self.seat
        in_unit = self.in_unit
        unit_of = self.unit_of
        bug_mask = self.bug_mask
        leftover_bugs = self.leftover_bugs
        final = self.final
        bounds = self.bounds
        table = self.table
        known: dict[tuple[int, ...], list[int]] = {}
        suit_masks = _SUIT_MASKS
        reps_table = _REPRESENTATIVES
        make_reps = _representatives
        squeezed = _SQUEEZED
        squeeze = _squeeze
        chunk_mask = _CHUNK
        ceiling = 20 * self.total + 101  # above every score
        next_of = [(other + 1) % players for other in range(players)]
        counter = self.limits.counter
        checkpoint = self.limits.checkpoint
        check = self.limits.check

        move_cache: dict[tuple[int, int], list[int]] = {}

        def moves(legal: int, inplay: int) -> list[int]:
            found = move_cache.get((legal, inplay))
            if found is not None:
                return found
            found = []
            for suit in range(4):
                mine = legal >> 13 * suit & chunk_mask
                if mine:
                    key = (inplay >> 13 * suit & chunk_mask) << 13 | mine
                    reps = reps_table.get(key)
                    if reps is None:
                        reps = make_reps(key)
                    base = 13 * suit
                    for bit in reps:
                        found.append(base + bit)
            jokers = legal >> 52
            if jokers:
                found.append(52 + ((jokers & -jokers).bit_length() - 1))
            if len(move_cache) >= _CACHE_LIMIT:
                move_cache.clear()
            move_cache[legal, inplay] = found
            return found

        def lead(leader: int, remaining: int, tricks: int, bugs: int, sweep: int,
                 alpha: int, beta: int) -> int:  # fmt: skip
            left = hands[leader].bit_count()
            low, high = bounds(tricks, bugs, sweep, left, (remaining & bug_mask).bit_count())
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            if left == 1:
                return last_trick(leader, tricks, bugs, sweep)
            exact_key = (leader, tricks, bugs, sweep, *hands)
            entry = known.get(exact_key)
            if entry is None:
                # the key: who holds which cards, ranks renumbered among those in play
                parts = [leader, tricks, bugs, sweep]
                for suit in range(4):
                    inplay = remaining >> 13 * suit & chunk_mask
                    if inplay:
                        shift = inplay << 13
                        for hand in hands:
                            key = shift | (hand >> 13 * suit & chunk_mask)
                            value = squeezed.get(key)
                            if value is None:
                                value = squeeze(key)
                            parts.append(value)
                    else:
                        parts.append(-1)
                if remaining >> 52:
                    for hand in hands:
                        parts.append((hand >> 52).bit_count())
                key_tuple = tuple(parts)
                entry = table.get(key_tuple)
                if entry is None:
                    if len(known) >= _TABLE_LIMIT:  # keep memory bounded: start afresh
                        table.clear()
                        known.clear()
                    entry = table[key_tuple] = [low, high, 0]
                known[exact_key] = entry
            if entry[0] >= beta or entry[0] == entry[1]:
                return entry[0]
            if entry[1] <= alpha:
                return entry[1]
            if entry[0] > low:
                low = entry[0]
            if entry[1] < high:
                high = entry[1]
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
            done = counter[0] + 1
            counter[0] = done
            if done >= checkpoint[0]:
                check(done)
            hand = hands[leader]
            options = moves(hand, remaining)
            order: Sequence[int] = range(len(options))
            if entry[2]:
                first = entry[2]
                order = [first, *range(first), *range(first + 1, len(options))]
            maximizing = leader == seat
            value = -1 if maximizing else ceiling
            chosen = 0
            floor, roof = alpha, beta
            for position in order:
                index = options[position]
                bit = 1 << index
                hands[leader] = hand ^ bit
                if index < 52:
                    result = step(1, leader, suit_masks[index // 13], index, leader,
                                  bug_mask >> index & 1, bit, remaining & ~bit, tricks, bugs,
                                  sweep, alpha, beta, -1)  # fmt: skip
                else:
                    result = step(1, leader, 0, -1, leader, bug_mask >> index & 1, bit,
                                  remaining & ~bit, tricks, bugs, sweep, alpha, beta, -1)  # fmt: skip
                hands[leader] = hand
                if maximizing:
                    if result > value:
                        value = result
                        chosen = position
                        if result > alpha:
                            alpha = result
                            if alpha >= beta:
                                break
                elif result < value:
                    value = result
                    chosen = position
                    if result < beta:
                        beta = result
                        if alpha >= beta:
                            break
            if value <= floor:
                high = value
            elif value >= roof:
                low = value
            else:
                low = high = value
            entry[0] = low
            entry[1] = high
            entry[2] = chosen
            return value

        def last_trick(leader: int, tricks: int, bugs: int, sweep: int) -> int:
            """Every hand holds one card: the play is forced."""
            card = hands[leader]
            led = card.bit_length() - 1
            winner = leader
            trick_bugs = bug_mask >> led & 1
            if led < 52:
                follow = suit_masks[led // 13]
                winning = led
                other = next_of[leader]
                while other != leader:
                    index = hands[other].bit_length() - 1
                    trick_bugs += bug_mask >> index & 1
                    if follow >> index & 1 and index < winning:
                        winning = index
                        winner = other
                    other = next_of[other]
            else:
                other = next_of[leader]
                while other != leader:
                    trick_bugs += bug_mask >> (hands[other].bit_length() - 1) & 1
                    other = next_of[other]
            if in_unit[winner]:
                tricks += 1
                bugs += trick_bugs + leftover_bugs
            unit = unit_of[winner]
            if sweep == -2:
                sweep = unit
            elif sweep != unit:
                sweep = -1
            return final(tricks, bugs, sweep)

        def step(position: int, leader: int, follow: int, winning: int, winner: int,
                 trick_bugs: int, trick_mask: int, remaining: int, tricks: int, bugs: int,
                 sweep: int, alpha: int, beta: int, only: int) -> int:  # fmt: skip
            done = counter[0] + 1
            counter[0] = done
            if done >= checkpoint[0]:
                check(done)
            mover = (leader + position) % players
            hand = hands[mover]
            if position:
                legal = hand & follow
                if not legal:
                    legal = hand
            else:
                legal = hand
            options = [only] if only >= 0 else moves(legal, remaining | trick_mask)
            maximizing = mover == seat
            best = -1 if maximizing else ceiling
            last = position == players - 1
            for index in options:
                bit = 1 << index
                hands[mover] = hand ^ bit
                if position == 0:
                    if index < 52:
                        new_follow = suit_masks[index // 13]
                        new_winning = index
                    else:
                        new_follow = 0
                        new_winning = -1
                    new_winner = leader
                elif winning >= 0 and follow & bit and index < winning:
                    new_follow = follow
                    new_winning = index
                    new_winner = mover
                else:
                    new_follow = follow
                    new_winning = winning
                    new_winner = winner
                new_bugs = trick_bugs + (bug_mask >> index & 1)
                if last:
                    after = remaining & ~bit
                    won = in_unit[new_winner]
                    new_tricks = tricks + 1 if won else tricks
                    total_bugs = bugs + new_bugs if won else bugs
                    unit = unit_of[new_winner]
                    new_sweep = unit if sweep == -2 else sweep if sweep == unit else -1
                    if after == 0:
                        if won:
                            total_bugs += leftover_bugs
                        value = final(new_tricks, total_bugs, new_sweep)
                    elif hands[new_winner] & (hands[new_winner] - 1) == 0:
                        value = last_trick(new_winner, new_tricks, total_bugs, new_sweep)
                    else:
                        value = lead(new_winner, after, new_tricks, total_bugs,
                                     new_sweep, alpha, beta)  # fmt: skip
                else:
                    value = step(position + 1, leader, new_follow, new_winning, new_winner,
                                 new_bugs, trick_mask | bit, remaining & ~bit, tricks, bugs,
                                 sweep, alpha, beta, -1)  # fmt: skip
                hands[mover] = hand
                if maximizing:
                    if value > best:
                        best = value
                        if value > alpha:
                            alpha = value
                            if alpha >= beta:
                                break
                elif value < best:
                    best = value
                    if value < beta:
                        beta = value
                        if alpha >= beta:
                            break
            return best

        return step


def _groups(legal: int, inplay: int) -> Iterator[list[int]]:
    """The legal cards (indices) in groups of equivalent ones, each group
    led by its representative."""
    for suit in range(4):
        mine = legal >> 13 * suit & _CHUNK
        if not mine:
            continue
        others = inplay >> 13 * suit & _CHUNK
        group: list[int] = []
        for bit in range(13):
            if not others >> bit & 1:
                continue
            if mine >> bit & 1:
                group.append(13 * suit + bit)
            elif group:
                yield group
                group = []
        if group:
            yield group
    jokers = [52 + bit for bit in range(8) if legal >> 52 + bit & 1]
    if jokers:
        yield jokers


def _exact(probe: Callable[[int, int], int], guess: int | None, candidates: list[int]) -> int:
    """The exact value, one of ``candidates`` (sorted), from null-window probes
    ``probe(beta - 1, beta)`` that fail soft (so each answer is a bound).

    Without a guess it halves the candidates; with one, it tests the guess
    and then steps from each answer to the next candidate (MTD(f)).
    """
    low = 0  # the value is among candidates[low:high + 1]
    high = len(candidates) - 1
    at = -1 if guess is None else min(bisect.bisect_left(candidates, guess), high)
    while low < high:
        if at < 0:
            at = (low + high + 1) // 2
        elif at <= low:
            at = low + 1
        elif at > high:
            at = high
        beta = candidates[at]
        value = probe(beta - 1, beta)
        if value >= beta:
            low = bisect.bisect_left(candidates, value)
            at = low + 1 if guess is not None else -1
        else:
            high = bisect.bisect_right(candidates, value) - 1
            at = high if guess is not None else -1
    return candidates[low]
