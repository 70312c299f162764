"""An open-hand solver for Argute: can one seat make its bid, all cards face up?

:func:`solve` looks at a hand of Argute in play as if every hand (and every
bid) were face up and works out, exactly, the points one seat can guarantee
whatever the others do -- all of them assumed to play against it. A seat
scores its bid for winning exactly that many tricks and loses a point
otherwise, so the value is either the seat's bid or -1.

>>> from bugami import argute
>>> state = argute.deal(argute.Rules(players=2), hands=["555000", "111222"])
>>> state = argute.bid(argute.bid(state, 0, 3), 1, 0)
>>> result = solve(state, 0)
>>> result.value, dict(result.move_values)
(-1, {1: 3, 2: -1})

Seat 0 bid all three tricks with three fives and three zeros; seat 1 leads.
After a 1 led, seat 0 can take every trick (3 points); after a 2 it cannot,
so seat 1, playing against it, leads the 2 and the value is -1.
``move_values`` gives, for every value the player to move may play, the value
for ``seat`` once it is played (with best play afterwards).

The search is a game-tree search on "does the seat make its bid?" (a yes or no
question, so every branch stops at the first answer that settles it), over a
compact state -- hands as packed counts, each seat's count in the trick and
the order in which the counts were reached (for ties) -- with a
transposition table and moves tried in a sensible order (the values that most
often settled a question before in the same kind of position first, and
otherwise high cards while the seat still needs tricks, low cards once it
needs none). A whole hand of three players is solved in milliseconds, of four
usually in a fraction of a second, with rare positions taking seconds; from
five players on, the first trick can take minutes, and the second is quick.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Final

from bugami.argute.game import Game
from bugami.argute.play import legal_moves
from bugami.argute.rules import TRICKS, VALUES
from bugami.argute.scoring import MISSED, score
from bugami.argute.state import Deal
from bugami.errors import BugamiError, IllegalMoveError, InvalidInputError

__all__ = ["DEFAULT_MAX_NODES", "SearchLimitError", "Solution", "solve"]

DEFAULT_MAX_NODES: Final = 20_000_000
"""The default bound on the positions :func:`solve` may visit; ``None`` lifts it."""

_TABLE_LIMIT: Final = 500_000  # positions kept in the transposition table at most
_HIGH_FIRST: Final = tuple(reversed(VALUES))
_LOW_FIRST: Final = tuple(VALUES)


class SearchLimitError(BugamiError):
    """A search that would need more work than it was allowed (``max_nodes``
    or ``max_seconds``).

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=7), seed=1)
    >>> for seat in range(7):
    ...     state = argute.bid(state, seat, 1)
    >>> solve(state, 0, max_nodes=100)
    Traceback (most recent call last):
    ...
    bugami.argute.solver.SearchLimitError: the search needs more than max_nodes=100 positions (3 tricks left); solve a position nearer the end or raise the limit
    """


class Solution:
    """What :func:`solve` found: :attr:`value` and :attr:`move_values`.
    Immutable; equal when seat, value and move values are.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=2), hands=["555555", "000000"])
    >>> state = argute.bid(argute.bid(state, 0, 3), 1, 0)
    >>> solve(state, 1)
    Solution(seat=1, value=0, move_values={0: 0})
    """

    __slots__ = ("_move_values", "_nodes", "_seat", "_value")
    _seat: int
    _value: int
    _move_values: Mapping[int, int]
    _nodes: int

    def __init__(self, seat: int, value: int, move_values: Mapping[int, int], nodes: int) -> None:
        object.__setattr__(self, "_seat", seat)
        object.__setattr__(self, "_value", value)
        object.__setattr__(self, "_move_values", MappingProxyType(dict(move_values)))
        object.__setattr__(self, "_nodes", nodes)

    @property
    def seat(self) -> int:
        """The seat the values are for."""
        return self._seat

    @property
    def value(self) -> int:
        """The points :attr:`seat` can force: its bid, or -1."""
        return self._value

    @property
    def move_values(self) -> Mapping[int, int]:
        """For each value the player to move may play, lowest first, the value
        for :attr:`seat` after it; empty once the hand is over."""
        return self._move_values

    @property
    def nodes(self) -> int:
        """How many positions the search visited: a measure of its work, not
        part of equality."""
        return self._nodes

    @property
    def best_moves(self) -> tuple[int, ...]:
        """The values that keep the solution's value for the player to move.

        >>> from bugami import argute
        >>> state = argute.deal(argute.Rules(players=2), hands=["555000", "111222"])
        >>> state = argute.bid(argute.bid(state, 0, 3), 1, 0)
        >>> solve(state, 0).best_moves  # seat 1 to move, against seat 0
        (2,)
        """
        return tuple(move for move, value in self.move_values.items() if value == self.value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Solution is immutable: cannot set {name!r}")

    def __reduce__(self) -> tuple[object, ...]:
        return (Solution, (self._seat, self._value, dict(self._move_values), self._nodes))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Solution):
            return (self.seat, self.value, dict(self.move_values)) == (
                other.seat,
                other.value,
                dict(other.move_values),
            )
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.seat, self.value, tuple(self.move_values.items())))

    def __repr__(self) -> str:
        moves = ", ".join(f"{move}: {value}" for move, value in self.move_values.items())
        return f"Solution(seat={self.seat}, value={self.value}, move_values={{{moves}}})"


def solve(
    state: Deal | Game,
    seat: int,
    *,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    max_seconds: float | None = None,
) -> Solution:
    """The exact value of a hand of Argute in play for ``seat`` (its bid or
    -1), with every hand and bid face up and every other player against it,
    and the value after each value the player to move may play.

    :param state: a hand in its play phase (or over), or a game (its current
        hand).
    :param seat: the seat whose points are counted.
    :param max_nodes: the most positions the search may visit (``None``: no
        bound); beyond, :class:`SearchLimitError` is raised.
    :param max_seconds: a bound on the time instead (or as well), in seconds;
        not reproducible, as it depends on the machine.

    A hand still in bidding raises :class:`~bugami.errors.IllegalMoveError`;
    a hand that is over has its score as value and no moves.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=3), seed=5)
    >>> for seat, tricks in enumerate([1, 0, 2]):
    ...     state = argute.bid(state, seat, tricks)
    >>> result = solve(state, 0)
    >>> result.value in (1, -1), sorted(result.move_values) == list(argute.legal_moves(state))
    (True, True)
    >>> solve(argute.deal(argute.Rules(), seed=5), 0)
    Traceback (most recent call last):
    ...
    bugami.errors.IllegalMoveError: cannot solve the hand: it is still in bidding (4 bids to come); bid first
    """
    deal = _deal_of(state)
    players = deal.rules.players
    if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players):
        raise InvalidInputError(f"seat must be an int from 0 to {players - 1}, not {seat!r}")
    if max_nodes is not None and not (
        isinstance(max_nodes, int) and not isinstance(max_nodes, bool) and max_nodes >= 1
    ):
        raise InvalidInputError(f"max_nodes must be a positive int or None, not {max_nodes!r}")
    if max_seconds is not None and not (isinstance(max_seconds, (int, float)) and max_seconds > 0):
        raise InvalidInputError(
            f"max_seconds must be a positive number or None, not {max_seconds!r}"
        )
    if deal.is_over:
        return Solution(seat, score(deal)[seat], {}, 0)
    if deal.to_move is None:
        waiting = sum(choice is None for choice in deal.bids)
        raise IllegalMoveError(
            f"cannot solve the hand: it is still in bidding ({waiting} bid"
            f"{'s' if waiting != 1 else ''} to come); bid first"
        )
    search = _Search(deal, seat, max_nodes, max_seconds)
    bid: int = deal.bids[seat]  # type: ignore[assignment]
    move_values = {
        move: bid if made else MISSED for move, made in search.root_values(legal_moves(deal))
    }
    chosen = move_values.values()
    value = max(chosen) if deal.to_move == seat else min(chosen)
    return Solution(seat, value, move_values, search.counter[0])


def _deal_of(state: object) -> Deal:
    if isinstance(state, Deal):
        return state
    if isinstance(state, Game):
        if state.current is None:
            raise IllegalMoveError("cannot solve: the game is over")
        return state.current
    raise InvalidInputError(f"solve needs an Argute Deal or Game, not {state!r}")


def _pack(values: tuple[int, ...]) -> int:
    hand = 0
    for value in values:
        hand += 1 << 3 * value
    return hand


class _Search:
    """One solve: the position as ints, and the search over it."""

    def __init__(
        self, deal: Deal, seat: int, max_nodes: int | None, max_seconds: float | None
    ) -> None:
        players = deal.rules.players
        self.players = players
        self.seat = seat
        self.bid: int = deal.bids[seat]  # type: ignore[assignment]
        self.hands = [_pack(hand) for hand in deal.hands]
        self.won = sum(trick.winner == seat for trick in deal.tricks)
        self.trick_number = len(deal.tricks)
        self.leader: int = deal.leader  # type: ignore[assignment]
        self.trick = deal.current_trick
        self.max_nodes = max_nodes
        self.deadline = None if max_seconds is None else time.monotonic() + max_seconds
        self.counter = [0]

    def root_values(self, moves: tuple[int, ...]) -> list[tuple[int, bool]]:
        """Whether the seat makes its bid after each of ``moves``."""
        players = self.players
        leader = self.leader
        counts = [0] * players
        reached = [0] * players
        for position, value in enumerate(self.trick):
            offset = (leader + position) % players
            if position < players or value:
                reached[offset] = position + 1  # 0: has not played to the trick yet
            counts[offset] += value
        search = self.make()
        return [
            (
                move,
                search(len(self.trick), leader, self.trick_number, counts, reached, self.won, move),
            )
            for move in moves
        ]

    def make(self) -> Callable[[int, int, int, list[int], list[int], int, int], bool]:
        """The search function, a closure over the position's lists."""
        hands = self.hands
        players = self.players
        seat = self.seat
        bid = self.bid
        table: dict[tuple[object, ...], bool] = {}
        shapes: dict[tuple[int, ...], tuple[int, ...]] = {}
        history = [[0] * 6 for _ in range(16)]
        counter = self.counter
        max_nodes = self.max_nodes if self.max_nodes is not None else -1
        deadline = self.deadline
        checkpoint = [min(limit for limit in (max_nodes, 4096) if limit > 0)]
        search_self = self

        def check(done: int) -> None:
            if done >= max_nodes > 0:
                raise SearchLimitError(
                    f"the search needs more than max_nodes={max_nodes} positions "
                    f"({TRICKS - search_self.trick_number} tricks left); solve a position "
                    "nearer the end or raise the limit"
                )
            if deadline is not None and time.monotonic() > deadline:
                raise SearchLimitError(
                    "the search ran out of time (max_seconds); solve a position nearer the end "
                    "or raise the limit"
                )
            following = done + 4096
            if 0 < max_nodes < following:
                following = max_nodes
            checkpoint[0] = following

        def last_winner(leader: int) -> int:
            """Who wins the last trick, every hand holding one card."""
            winner = leader
            best = -1
            for offset in range(players):
                other = (leader + offset) % players
                value = hands[other].bit_length() - 1
                value //= 3
                if value > best:
                    best = value
                    winner = other
            return winner

        def node(position: int, leader: int, number: int, counts: list[int],
                 reached: list[int], won: int, only: int) -> bool:  # fmt: skip
            """Does the seat make its bid from here? ``number`` is the open
            trick's number (from 0), ``position`` the next card's place in it."""
            done = counter[0] + 1
            counter[0] = done
            if done >= checkpoint[0]:
                check(done)
            length = players * (TRICKS - number)
            if position == 0:
                # a new trick: settle what the count of tricks already settles
                left = TRICKS - number
                if won > bid or won + left < bid:
                    return False
            key = None
            if only < 0:
                trick_key = (*counts, *reached)
                shape = shapes.get(trick_key)
                if shape is None:
                    shape = shapes[trick_key] = _shape(counts, reached)
                key = (position, leader, number, won, shape, *hands)
                found = table.get(key)
                if found is not None:
                    return found
            mover = (leader + position) % players
            hand = hands[mover]
            first = position < players
            need = bid - won
            scores = history[(mover == seat) * 8 + (need > 0) * 4 + number]
            order = sorted(
                _HIGH_FIRST if need > 0 else _LOW_FIRST, key=scores.__getitem__, reverse=True
            )
            maximizing = mover == seat
            result = not maximizing
            old_count = counts[mover]
            old_reached = reached[mover]
            for value in order if only < 0 else (only,):
                if not hand >> 3 * value & 7:
                    continue
                hands[mover] = hand - (1 << 3 * value)
                counts[mover] = old_count + value
                if first or value:
                    reached[mover] = position + 1
                if position + 1 == length:
                    best = max(counts)
                    winner = -1
                    when = length + 1
                    for other in range(players):
                        if counts[other] == best and reached[other] < when:
                            when = reached[other]
                            winner = other
                    after = won + 1 if winner == seat else won
                    if number + 1 == TRICKS:
                        outcome = after == bid
                    elif number + 2 == TRICKS:
                        # the last trick: one card each, nothing left to choose
                        outcome = (after + (last_winner(winner) == seat)) == bid
                    else:
                        outcome = node(0, winner, number + 1, [0] * players, [0] * players,
                                       after, -1)  # fmt: skip
                else:
                    outcome = node(position + 1, leader, number, counts, reached, won, -1)
                hands[mover] = hand
                counts[mover] = old_count
                reached[mover] = old_reached
                if outcome == maximizing:
                    result = outcome
                    scores[value] += 1
                    break
            if key is not None:
                if len(table) >= _TABLE_LIMIT:  # keep memory bounded: start afresh
                    table.clear()
                    shapes.clear()
                table[key] = result
            return result

        return node


def _shape(counts: list[int], reached: list[int]) -> tuple[int, ...]:
    """What of the open trick matters from now on: each seat's count less the
    lowest count, and the order in which the seats reached their counts (0 for
    a seat that has not played yet; later cards come after every earlier one)."""
    lowest = min(counts)
    order = sorted(set(reached))
    if order[0]:
        order.insert(0, 0)
    return (*[count - lowest for count in counts], *[order.index(when) for when in reached])
