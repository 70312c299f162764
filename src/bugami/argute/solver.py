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

import operator
from collections.abc import Callable, Iterable
from typing import Final, Literal

from bugami._kernel.play_solutions import PlayedCard, PlaySolution, solve_line
from bugami._kernel.solutions import (
    DEFAULT_MAX_NODES,
    DealSolution,
    Limits,
    SearchLimitError,
    Solution,
    Tables,
    check_arguments,
    check_tables,
    deal_of,
    keep_tables,
    make_solution,
    node_limit,
    solution_of,
    solve_seats,
    time_limit,
    unsolvable,
)
from bugami.argute.declaration import DECLARATION
from bugami.argute.game import Game
from bugami.argute.play import legal_moves
from bugami.argute.rules import TRICKS, VALUES
from bugami.argute.scoring import MISSED, score
from bugami.argute.state import Deal

__all__ = [
    "DEFAULT_MAX_NODES",
    "DealSolution",
    "PlaySolution",
    "PlayedCard",
    "SearchLimitError",
    "Solution",
    "Tables",
    "solve",
    "solve_deal",
    "solve_play",
]

_TABLE_LIMIT: Final = 500_000  # positions kept in the transposition table at most
_HIGH_FIRST: Final = tuple(reversed(VALUES))
_LOW_FIRST: Final = tuple(VALUES)


def solve(
    state: Deal | Game,
    seat: int,
    *,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    max_seconds: float | None = None,
    tables: Tables | None = None,
) -> Solution[int]:
    """The exact value of a hand of Argute in play for ``seat`` (its bid or
    -1), with every hand and bid face up and every other player against it,
    and the value after each value the player to move may play.

    :param state: a hand in its play phase (or over), or a game (its current
        hand).
    :param seat: the seat whose points are counted.
    :param max_nodes: the most positions the search may visit (``None``: no
        bound); beyond, :class:`SearchLimitError` is raised.
    :param max_seconds: a bound on the time instead (or as well), in seconds;
        not reproducible, as it depends on the machine. ``None``, infinity and
        numbers too large for a float (``10**400``) mean no limit.
    :param tables: a :class:`~bugami.solver.Tables` to keep what the search
        learns for the next solves given the same one, and to start from
        what the earlier ones left there (``None``: nothing kept). The
        values are the same either way.

    A hand still in bidding raises :class:`~bugami.errors.IllegalMoveError`;
    a hand that is over has its score as value and no moves. The result's
    ``to_move`` is the seat whose moves ``move_values`` are for, and its
    ``value`` the best of them for that seat (the highest if it is ``seat``,
    else the lowest).

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
    deal = deal_of(state, Deal, Game, "an Argute")
    check_arguments(seat, deal.rules.players, max_nodes, max_seconds)
    check_tables(tables)
    seat = operator.index(seat)  # a plain int, checked above
    if deal.is_over:
        return make_solution(seat, score(deal)[seat], {}, 0, None)
    if deal.to_move is None:
        raise unsolvable(deal.bids, "hand")
    search = _Search(deal, seat, node_limit(max_nodes), time_limit(max_seconds))
    keep_tables(tables, search)
    bid: int = deal.bids[seat]  # type: ignore[assignment]
    move_values = {
        move: bid if made else MISSED for move, made in search.root_values(legal_moves(deal))
    }
    return solution_of(seat, deal.to_move, move_values, search.limits.counter[0])


def solve_deal(
    state: Deal | Game,
    *,
    seats: Iterable[int] | None = None,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    max_seconds: float | None = None,
    tables: Tables | None = None,
) -> DealSolution[int]:
    """Every seat's open-hand value of a hand of Argute in play, in one call:
    a :func:`solve` for each of ``seats`` (``None``: every seat), in seat
    order, with ``max_nodes`` and ``max_seconds`` bounding the whole call and
    ``tables`` given to each solve (one :class:`~bugami.solver.Tables` keeps
    every seat's: pass the same one after each card of a line of play).

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=2), hands=["555000", "111222"])
    >>> state = argute.bid(argute.bid(state, 0, 3), 1, 0)
    >>> argute.solve_deal(state)
    DealSolution(values={0: -1, 1: -1})
    >>> argute.solve_deal(state).to_rows()[0]["bid"]
    '3'
    """
    deal = deal_of(state, Deal, Game, "an Argute")
    return solve_seats(solve, deal, seats, max_nodes, max_seconds, tables)


def solve_play(
    state: Deal | Game,
    *,
    seats: Iterable[int] | None = None,
    last: int | Literal["all"] | None = None,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    tables: Tables | None = None,
) -> PlaySolution[int]:
    """The open-hand values along the play of a hand of Argute (a game: its
    current hand), as a :class:`~bugami.solver.PlaySolution`: the arguments
    and the result are those of :func:`bugami.solve_play` (``last=None``:
    the last 24 cards or so, here the whole hand at four players or fewer),
    the cards being Argute's card values.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=2), hands=["555000", "111222"])
    >>> state = argute.bid(argute.bid(state, 0, 3), 1, 0)
    >>> while not state.is_over:
    ...     state = argute.play(state, argute.legal_moves(state)[0])
    >>> solved = argute.solve_play(state)
    >>> solved.end, solved.tricks[0]
    ((-1, -1), (0, (-1, -1)))
    >>> [card.to_row() for card in solved.losses]
    [{'trick': 0, 'seat': 0, 'card': '0', 'value': -1, 'best': 3, 'loss': 4}]
    """
    deal = deal_of(state, Deal, Game, "an Argute")
    return solve_line(
        DECLARATION, solve, deal, seats=seats, last=last, max_nodes=max_nodes, tables=tables
    )


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
        self.limits = Limits(max_nodes, max_seconds, TRICKS - self.trick_number)
        # whether the seat makes its bid, by position; the open tricks' shapes;
        # how often each value settled a question, by kind of position
        self.table: dict[tuple[object, ...], bool] = {}
        self.shapes: dict[tuple[int, ...], tuple[int, ...]] = {}
        self.history = [[0] * 6 for _ in range(16)]
        # what the table's values depend on besides the positions (see Tables)
        self.question: tuple[object, ...] = (deal.rules, seat, self.bid)

    def positions(self) -> int:
        """How many positions the table holds (for :class:`~bugami.solver.Tables`)."""
        return len(self.table)

    def take_tables(self, kept: object) -> None:
        """Search on with the tables of ``kept``, a search for the same
        question (see :class:`~bugami.solver.Tables`)."""
        assert isinstance(kept, _Search)
        self.table = kept.table
        self.shapes = kept.shapes
        self.history = kept.history

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
        table = self.table
        shapes = self.shapes
        history = self.history
        counter = self.limits.counter
        checkpoint = self.limits.checkpoint
        check = self.limits.check

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
