"""What the open-hand solvers of both games share: their result
(:class:`Solution`), their error (:class:`SearchLimitError`), the checks of
their arguments and the bounds on a search's work (:class:`Limits`). Each
game's solver (:mod:`bugami.solver`, :mod:`bugami.argute.solver`) keeps its
own search; the classes are documented with Bugami's.

>>> limits = Limits(max_nodes=10, max_seconds=None, left=2)
>>> limits.checkpoint, limits.counter  # a search may visit 10 positions: the 11th is past
([11], [0])
>>> limits.check(10)
>>> limits.check(11)
Traceback (most recent call last):
...
bugami.solver.SearchLimitError: the search needs more than max_nodes=10 positions (2 tricks left); solve a position nearer the end or raise the limit
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, Final, Generic, Protocol, TypeVar

import attrs

from bugami._kernel.checks import as_int, as_number
from bugami._kernel.seats import check_seat, check_seats
from bugami._kernel.values import Value
from bugami.errors import BugamiError, IllegalMoveError, InvalidInputError, brief

__all__ = [
    "DEFAULT_MAX_NODES",
    "DealSolution",
    "Limits",
    "SearchLimitError",
    "Solution",
    "Solver",
    "Tables",
    "check_arguments",
    "check_tables",
    "deal_of",
    "keep_tables",
    "make_solution",
    "node_limit",
    "solution_of",
    "solve_seats",
    "time_limit",
    "unsolvable",
]

DEFAULT_MAX_NODES: Final = 20_000_000
"""The default bound on the positions a solve may visit (about a minute of
pure Python); pass ``max_nodes=None`` for no bound."""

MoveT = TypeVar("MoveT")
DealT = TypeVar("DealT")
DealT_contra = TypeVar("DealT_contra", contravariant=True)

_EVERY: Final = 4096  # positions between two looks at the clock


class SearchLimitError(BugamiError):
    """A search that would need more work than it was allowed (``max_nodes``
    or ``max_seconds``). Try a position nearer the end, or raise the limit.
    Both games' solvers raise it.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(), seed=1)
    >>> for seat in range(4):
    ...     state = bugami.bid(state, seat, "H")
    >>> bugami.solve(state, 0, max_nodes=1000)
    Traceback (most recent call last):
    ...
    bugami.solver.SearchLimitError: the search needs more than max_nodes=1000 positions (13 tricks left); solve a position nearer the end or raise the limit
    """


SearchLimitError.__module__ = "bugami.solver"  # where the API reference documents it


def _frozen_mapping(values: Mapping[MoveT, int]) -> Mapping[MoveT, int]:
    """A read-only copy of ``values``."""
    return MappingProxyType(dict(values))


def _items(values: Mapping[MoveT, int]) -> tuple[tuple[MoveT, int], ...]:
    """What a solution's ``move_values`` compare and hash by."""
    return tuple(values.items())


@attrs.frozen
class Solution(Value, Generic[MoveT]):
    """What a solve found, for ``seat``: ``value``, the points the
    seat can force, and ``move_values``, for each legal move of the
    player to move (in canonical order; empty once the deal is over), the
    value after it; ``to_move``, the seat whose turn it is (``None`` once the
    deal is over). ``value`` is the best of ``move_values`` for the player to
    move: the highest if ``to_move == seat``, else the lowest, as every other
    seat plays against ``seat``. ``nodes``, the positions the search visited,
    is a measure of its work and not part of equality. Both games' solvers
    return it: the moves are cards for Bugami, values for Argute. It is an
    attrs class: ``Solution(seat, value, move_values, nodes, to_move)``
    makes one (``move_values`` copied into a read-only mapping).

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(), seed=11)
    >>> for seat, choice in enumerate("SHDC"):
    ...     state = bugami.bid(state, seat, choice)
    >>> while len(state.tricks) < 10:
    ...     state = bugami.play(state, bugami.legal_moves(state)[0])
    >>> solution = bugami.solve(state, 2)
    >>> solution.value, solution.move_values[bugami.Card("4D")], solution.best_moves
    (10, 30, (Card('QC'),))
    >>> solution.to_move, solution.value == min(solution.move_values.values())
    (0, True)
    """

    seat: int
    """The seat the values are for."""
    value: int
    """The points ``seat`` can force for the deal, everyone else against it:
    the highest of ``move_values`` when ``seat`` is to move, else the lowest
    (once the deal is over, its score)."""
    move_values: Mapping[MoveT, int] = attrs.field(converter=_frozen_mapping, eq=_items)
    """For each legal move of the player to move, the value for ``seat``
    after it."""
    nodes: int = attrs.field(eq=False)
    """How many positions the search visited."""
    to_move: int | None = None
    """The seat whose move ``move_values`` are for (the deal's
    ``to_move``); ``None`` once the deal is over."""

    @property
    def best_moves(self) -> tuple[MoveT, ...]:
        """The moves that keep the value, for the player to move: the best for
        ``seat`` if it is to move, else the worst for it (canonical
        order); ``()`` once the deal is over.

        >>> import bugami
        >>> state = bugami.deal(bugami.Rules(players=3), seed=4)
        >>> for seat in range(3):
        ...     state = bugami.bid(state, seat, "S")
        >>> while len(state.tricks) < 16:
        ...     state = bugami.play(state, bugami.legal_moves(state)[-1])
        >>> solution = bugami.solve(state, state.to_move)
        >>> set(solution.best_moves) <= set(bugami.legal_moves(state))
        True
        """
        return tuple(move for move, value in self.move_values.items() if value == self.value)

    def to_dict(self) -> dict[str, Any]:  # Any: JSON's mixed types
        """The solution as JSON-ready data: the fields, with ``move_values``
        keyed by each move's text.

        >>> import json
        >>> solution = Solution(1, 20, {"QS": 20, "2C": 30}, 7, 1)
        >>> json.dumps(solution.to_dict())
        '{"seat": 1, "value": 20, "move_values": {"QS": 20, "2C": 30}, "nodes": 7, "to_move": 1}'
        """
        return {
            "seat": self.seat,
            "value": self.value,
            "move_values": {str(move): value for move, value in self.move_values.items()},
            "nodes": self.nodes,
            "to_move": self.to_move,
        }

    def __reduce__(self) -> tuple[object, ...]:
        return (
            make_solution,
            (self.seat, self.value, dict(self.move_values), self.nodes, self.to_move),
        )

    def __repr__(self) -> str:
        moves = ", ".join(f"{move}: {value}" for move, value in self.move_values.items())
        return f"Solution(seat={self.seat}, value={self.value}, move_values={{{moves}}})"


Solution.__module__ = "bugami.solver"  # where the API reference documents it


class Solver(Protocol[DealT_contra, MoveT]):
    """A game's open-hand solver (:func:`bugami.solve`, :func:`bugami.argute.solve`),
    as the tools built on it (bid values, reviews, the command line) call it."""

    def __call__(
        self,
        state: DealT_contra,
        seat: int,
        /,
        *,
        max_nodes: int | None = ...,
        max_seconds: float | None = ...,
        tables: Tables | None = ...,
    ) -> Solution[MoveT]: ...


class KeptSearch(Protocol):
    """A game's search, as :class:`Tables` sees it."""

    @property
    def seat(self) -> int:
        """The seat it solves for."""

    @property
    def question(self) -> tuple[object, ...]:
        """What its tables' values depend on besides the positions."""

    def positions(self) -> int:
        """How many positions its tables hold."""

    def take_tables(self, kept: object) -> None:
        """Search on with the tables of ``kept``, a search of the same kind
        for the same question."""


class Tables:
    """What the solver learns, kept from one solve to the next that is given
    the same ``Tables`` (``solve(state, seat, tables=tables)``, in either
    game).

    Each search fills tables of the positions it has valued; they hold for
    any deal with the same *question*: the same rules and seat, and the bids
    as far as they count for that seat (in Bugami its bug suit or misère,
    its partners under Shotgun Wedding and the bug cards in the leftover; in
    Argute its bid). A ``Tables`` keeps the last search of each seat it was
    given. A solve for a seat whose kept search had the same question starts
    from what the earlier ones found; for another question it starts afresh,
    and its tables replace that seat's. This pays where one solve follows
    another through the same deal: along a line of play, each position is
    one the earlier searches valued, or most of the way -- for one seat, or
    for every seat (``solve_deal(state, tables=tables)`` after each card).
    The values never change; the positions searched fall, often by half
    along a line, and a solve's ``nodes`` (and what ``max_nodes`` lets
    through) then depend on the solves before it.

    The tables kept for a seat are at most as large as a solve's own (in the
    compiled build, whose search in C keeps a table apart for a search that
    is kept, at most 64 MB); they are freed with the ``Tables`` or by
    :meth:`clear`. One ``Tables`` is for one thread at a time. A copy or a
    pickle of one is empty (the tables are a cache, not part of any value):
    a process that receives one starts afresh.

    >>> import bugami
    >>> from bugami.solver import Tables, solve
    >>> state = bugami.deal(bugami.Rules(), seed=11)
    >>> for seat, choice in enumerate("SHDC"):
    ...     state = bugami.bid(state, seat, choice)
    >>> while len(state.tricks) < 7:
    ...     state = bugami.play(state, bugami.legal_moves(state)[0])
    >>> tables = Tables()
    >>> first = solve(state, 2, tables=tables)
    >>> later = bugami.play(state, first.best_moves[0])
    >>> kept, fresh = solve(later, 2, tables=tables), solve(later, 2)
    >>> kept == fresh, kept.nodes < fresh.nodes
    (True, True)
    >>> import copy, pickle
    >>> tables, copy.copy(tables), pickle.loads(pickle.dumps(tables))  # doctest: +ELLIPSIS
    (Tables(seat=2, positions=...), Tables(empty), Tables(empty))
    >>> _ = solve(later, 0, tables=tables)
    >>> tables  # doctest: +ELLIPSIS
    Tables(seats=(0, 2), positions=...)
    """

    def __init__(self) -> None:
        self._kept: dict[int, KeptSearch] = {}

    def clear(self) -> None:
        """Free the tables kept: the next solve starts afresh.

        >>> tables = Tables()
        >>> tables.clear()
        >>> tables
        Tables(empty)
        """
        self._kept = {}

    def _keep(self, search: KeptSearch) -> None:
        kept = self._kept.get(search.seat)
        if kept is not None and type(kept) is type(search) and kept.question == search.question:
            search.take_tables(kept)
        self._kept[search.seat] = search

    def __reduce__(self) -> tuple[type[Tables], tuple[()]]:
        return (Tables, ())

    def __repr__(self) -> str:
        kept = self._kept
        if not kept:
            return "Tables(empty)"
        positions = sum(search.positions() for search in kept.values())
        seats = tuple(sorted(kept))
        if len(seats) == 1:
            return f"Tables(seat={seats[0]}, positions={positions})"
        return f"Tables(seats={seats}, positions={positions})"


Tables.__module__ = "bugami.solver"  # where the API reference documents it


def check_tables(tables: object) -> None:
    """Refuse a ``tables`` argument that is neither a :class:`Tables` nor None.

    >>> check_tables({})
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: tables must be a bugami.solver.Tables or None, not {}
    """
    if tables is not None and not isinstance(tables, Tables):
        raise InvalidInputError(
            f"tables must be a bugami.solver.Tables or None, not {brief(tables)}"
        )


def keep_tables(tables: object, search: KeptSearch) -> None:
    """Let ``search`` start from the tables kept in ``tables`` (checked by
    :func:`check_tables`; None: nothing kept), if they are for its question,
    and keep its own there for the next solve.

    >>> keep_tables(None, None)  # type: ignore[arg-type]  # nothing kept, nothing done
    """
    if isinstance(tables, Tables):
        tables._keep(search)


@attrs.frozen
class DealSolution(Value, Generic[MoveT]):
    """Every solved seat's open-hand value of one position, from one call:
    ``solutions`` holds a :class:`Solution` per seat asked for, in seat
    order; ``values`` maps each of those seats to its value; ``to_rows()``
    gives one dict per seat, for ``pandas.DataFrame``. Both games' solvers
    return it (``solve_deal``). It is an attrs class:
    ``DealSolution(solutions, bids)`` makes one.

    >>> import bugami
    >>> from bugami.solver import solve_deal
    >>> state = bugami.deal(bugami.Rules(), seed=11)
    >>> for seat, choice in enumerate("SHDC"):
    ...     state = bugami.bid(state, seat, choice)
    >>> while len(state.tricks) < 10:
    ...     state = bugami.play(state, bugami.legal_moves(state)[0])
    >>> result = solve_deal(state)
    >>> result.values
    {0: 11, 1: 10, 2: 10, 3: 30}
    >>> result.to_rows()[2]
    {'seat': 2, 'bid': 'D', 'value': 10, 'to_move': 0, 'best_moves': 'QC', 'nodes': ...}
    """

    solutions: tuple[Solution[MoveT], ...]
    """One :class:`Solution` per seat solved, in seat order."""
    bids: tuple[str, ...] = attrs.field(eq=False)
    """The text of each solved seat's bid, in the same order."""

    @property
    def values(self) -> dict[int, int]:
        """Each solved seat's value (the points it can force), by seat.

        >>> import bugami
        >>> from bugami.solver import solve_deal
        >>> state = bugami.deal(bugami.Rules(players=3), seed=2)
        >>> for seat in range(3):
        ...     state = bugami.bid(state, seat, "SHM"[seat])
        >>> while not state.is_over:
        ...     state = bugami.play(state, bugami.legal_moves(state)[0])
        >>> solve_deal(state).values == dict(enumerate(bugami.score(state)))
        True
        """
        return {solution.seat: solution.value for solution in self.solutions}

    @property
    def nodes(self) -> int:
        """The positions visited by every seat's search together.

        >>> import bugami
        >>> from bugami.solver import solve_deal
        >>> state = bugami.deal(bugami.Rules(players=3), seed=2)
        >>> for seat in range(3):
        ...     state = bugami.bid(state, seat, "S")
        >>> while len(state.tricks) < 16:
        ...     state = bugami.play(state, bugami.legal_moves(state)[0])
        >>> solve_deal(state).nodes >= 0
        True
        """
        return sum(solution.nodes for solution in self.solutions)

    def to_rows(self) -> list[dict[str, Any]]:  # Any: each column keeps its own type
        """One dict per solved seat: ``seat``, ``bid`` (its text), ``value``,
        ``to_move``, ``best_moves`` (the moves that keep the value for the
        player to move, as text separated by spaces) and ``nodes``.

        >>> import bugami
        >>> from bugami.solver import solve_deal
        >>> state = bugami.deal(bugami.Rules(players=3), seed=2)
        >>> for seat in range(3):
        ...     state = bugami.bid(state, seat, "SHM"[seat])
        >>> while len(state.tricks) < 16:
        ...     state = bugami.play(state, bugami.legal_moves(state)[0])
        >>> sorted(solve_deal(state, seats=[1]).to_rows()[0])
        ['best_moves', 'bid', 'nodes', 'seat', 'to_move', 'value']
        """
        return [
            {
                "seat": solution.seat,
                "bid": bid,
                "value": solution.value,
                "to_move": solution.to_move,
                "best_moves": " ".join(str(move) for move in solution.best_moves),
                "nodes": solution.nodes,
            }
            for solution, bid in zip(self.solutions, self.bids, strict=True)
        ]

    def to_dict(self) -> dict[str, Any]:  # Any: JSON's mixed types
        """The solutions as JSON-ready data (each :meth:`Solution.to_dict`)
        and the bids' text.

        >>> DealSolution((Solution(1, 20, {}, 0),), ("H",)).to_dict()
        {'solutions': [{'seat': 1, 'value': 20, 'move_values': {}, 'nodes': 0, 'to_move': None}], 'bids': ['H']}
        """
        return {
            "solutions": [solution.to_dict() for solution in self.solutions],
            "bids": list(self.bids),
        }

    def __reduce__(self) -> tuple[object, ...]:
        return (make_deal_solution, (self.solutions, self.bids))

    def __repr__(self) -> str:
        return f"DealSolution(values={self.values})"


DealSolution.__module__ = "bugami.solver"  # where the API reference documents it


def make_deal_solution(
    solutions: Iterable[Solution[MoveT]], bids: Iterable[str]
) -> DealSolution[MoveT]:
    """A :class:`DealSolution` of those solutions (one per seat, in order)
    and the text of those seats' bids.

    >>> make_deal_solution([make_solution(1, 20, {}, 0)], ["H"])
    DealSolution(values={1: 20})
    """
    return DealSolution(tuple(solutions), tuple(bids))


def solve_seats(
    solve: Callable[..., Solution[MoveT]],
    deal: Any,  # either game's deal, handed to ``solve``
    seats: Iterable[object] | None,
    max_nodes: int | None,
    max_seconds: float | None,
    tables: object = None,
) -> DealSolution[MoveT]:
    """Solve ``deal`` for each of ``seats`` (``None``: every seat, in
    order) with ``solve``, the bounds shared by the whole call: each seat's
    search may use what the earlier ones left of ``max_nodes`` and of the
    time; ``tables`` (a :class:`Tables` or None) is given to each solve.
    Seats and tables are checked before any search starts.

    >>> import bugami
    >>> from bugami.solver import solve
    >>> state = bugami.deal(bugami.Rules(players=3), seed=2)
    >>> for seat in range(3):
    ...     state = bugami.bid(state, seat, "S")
    >>> solve_seats(solve, state, [0, 0], None, None)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: seats must name each seat once, not [0, 0]
    """
    players: int = deal.rules.players
    check_arguments(0, players, max_nodes, max_seconds)
    chosen = check_seats(seats, players)
    check_tables(tables)
    limit = node_limit(max_nodes)
    deadline = _deadline(time_limit(max_seconds))
    solutions: list[Solution[MoveT]] = []
    used = 0
    for seat in chosen:
        nodes = None if limit is None else max(1, limit - used)
        seconds = None if deadline is None else max(1e-9, deadline - time.monotonic())
        solution = solve(deal, seat, max_nodes=nodes, max_seconds=seconds, tables=tables)
        used += solution.nodes
        solutions.append(solution)
    bids = tuple(str(deal.bids[solution.seat]) for solution in solutions)
    return make_deal_solution(solutions, bids)


def make_solution(
    seat: int,
    value: int,
    move_values: Mapping[MoveT, int],
    nodes: int,
    to_move: int | None = None,
) -> Solution[MoveT]:
    """A :class:`Solution` (the move values are copied); ``to_move`` is
    ``None`` for a deal that is over (and in pickles of older versions).

    >>> make_solution(1, 0, {3: 0, 5: -1}, 12, 1)
    Solution(seat=1, value=0, move_values={3: 0, 5: -1})
    """
    return Solution(seat, value, move_values, nodes, to_move)


def solution_of(
    seat: int, to_move: int, move_values: Mapping[MoveT, int], nodes: int
) -> Solution[MoveT]:
    """The :class:`Solution` of a position where ``to_move`` chooses among
    ``move_values``: the best of them for ``seat`` when it is to move, else
    the worst for it.

    >>> solution = solution_of(0, 1, {"a": 3, "b": 5}, 7)
    >>> solution.value, solution.to_move
    (3, 1)
    """
    chosen = move_values.values()
    value = max(chosen) if to_move == seat else min(chosen)
    return make_solution(seat, value, move_values, nodes, to_move)


def deal_of(state: object, deal_kind: type[DealT], game_kind: type, game: str) -> DealT:
    """The deal to solve: ``state`` itself, or a game's current deal.

    >>> deal_of(3, int, str, "a bugami")
    3
    >>> deal_of(3.5, int, str, "a bugami")
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: solve needs a bugami Deal or Game, not 3.5
    """
    if isinstance(state, deal_kind):
        return state
    if isinstance(state, game_kind):
        current = state.current  # type: ignore[attr-defined]
        if current is None:
            raise IllegalMoveError("cannot solve: the game is over")
        return current  # type: ignore[no-any-return]
    raise InvalidInputError(f"solve needs {game} Deal or Game, not {brief(state)}")


def check_arguments(seat: object, players: int, max_nodes: object, max_seconds: object) -> None:
    """Refuse a seat not at the table, or bounds that are not positive.

    >>> check_arguments(4, 4, None, None)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: seat must be a seat from 0 to 3, not 4
    """
    # Compared as the plain ints they stand for (an int subclass's own comparisons may lie).
    check_seat(players, seat)
    nodes = as_int(max_nodes)
    if max_nodes is not None and (nodes is None or nodes < 1):
        raise InvalidInputError(f"max_nodes must be a positive int or None, not {brief(max_nodes)}")
    seconds = as_number(max_seconds)
    if max_seconds is not None and not (
        seconds is not None and seconds > 0  # NaN is refused here: it compares false
    ):  # fmt: skip
        raise InvalidInputError(
            f"max_seconds must be a positive number or None, not {brief(max_seconds)}"
        )


_NO_SEARCH_REACHES: Final = 1 << 62  # positions: about 150 years at 1 ns each


def time_limit(max_seconds: object) -> float | None:
    """The bound ``max_seconds`` (checked by :func:`check_arguments`) as
    the search takes it: a float, a plain int (a NumPy integer gives its
    value) or ``None``.

    >>> time_limit(1.5), time_limit(2), time_limit(None)
    (1.5, 2, None)
    """
    return None if max_seconds is None else as_number(max_seconds)


def node_limit(max_nodes: object) -> int | None:
    """The bound ``max_nodes`` (checked by :func:`check_arguments`) as the
    search takes it: a plain int, or ``None`` for no limit -- ``None``
    itself, and bounds no search could reach (``10**100``: the C search
    counts in 64 bits), as huge ``max_seconds`` are no limit.

    >>> node_limit(1000), node_limit(10**100), node_limit(None)
    (1000, None, None)
    """
    if max_nodes is None:
        return None
    nodes = as_int(max_nodes)
    assert nodes is not None  # checked before
    return None if nodes >= _NO_SEARCH_REACHES else nodes


def unsolvable(bids: tuple[object, ...], what: str) -> IllegalMoveError:
    """The error for a ``what`` (deal or hand) still in bidding.

    >>> unsolvable((None, "S", None), "deal")
    IllegalMoveError('cannot solve the deal: it is still in bidding (2 bids to come); bid first')
    """
    waiting = sum(choice is None for choice in bids)
    return IllegalMoveError(
        f"cannot solve the {what}: it is still in bidding ({waiting} bid"
        f"{'s' if waiting != 1 else ''} to come); bid first"
    )


def _deadline(max_seconds: float | None) -> float | None:
    """The clock reading after ``max_seconds`` (checked: positive), or
    ``None`` for no limit: ``None`` itself, infinity, and bounds too large
    for a float (``10**400``) all mean no limit -- no search outlives them.

    >>> _deadline(None), _deadline(float("inf")), _deadline(10**400)
    (None, None, None)
    >>> _deadline(1.5) is not None
    True
    """
    if max_seconds is None:
        return None
    try:
        seconds = float(max_seconds)
    except OverflowError:
        return None
    if seconds == float("inf"):
        return None
    return time.monotonic() + seconds


class Limits:
    """The bounds of one search. The search counts the positions it visits
    in ``counter[0]`` and calls :meth:`check` when the count reaches
    ``checkpoint[0]`` (lists, so that its inner loop reads them cheaply);
    ``left`` is the tricks left, for the message."""

    __slots__ = ("checkpoint", "counter", "deadline", "left", "max_nodes")

    def __init__(self, max_nodes: int | None, max_seconds: float | None, left: int) -> None:
        self.max_nodes = -1 if max_nodes is None else max_nodes
        self.deadline = _deadline(max_seconds)
        self.left = left
        self.counter = [0]
        # a search may visit max_nodes positions: the one after them is past the bound
        self.checkpoint = [min(limit for limit in (self.max_nodes + 1, _EVERY) if limit > 0)]

    def check(self, done: int) -> None:
        """Raise :class:`SearchLimitError` if the search has passed a bound,
        and set the next checkpoint."""
        max_nodes = self.max_nodes
        if done > max_nodes > 0:
            raise SearchLimitError(
                f"the search needs more than max_nodes={max_nodes} positions "
                f"({self.left} tricks left); solve a position nearer the end or raise the limit"
            )
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise SearchLimitError(
                "the search ran out of time (max_seconds); solve a position nearer the end "
                "or raise the limit"
            )
        following = done + _EVERY
        if 0 < max_nodes < following - 1:
            following = max_nodes + 1
        self.checkpoint[0] = following
