"""The open-hand value of each bid: the engine of both games' ``solve_bids``.

Each game's evaluation module (:mod:`bugami.analysis.evaluation`,
:mod:`bugami.argute.evaluation`) says how the other seats' bids are chosen
and which solver scores a deal; this module tries every bid of the seat,
solves each deal with the work bounds shared by the whole call, and keeps the
values in a :class:`BidValues`.

>>> values = BidValues(seat=1, bids=(0, 1), values=(-1, 1), others=(2, None))
>>> values.best, values.value, values.by_bid
((1,), 1, {0: -1, 1: 1})
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence

# Any below: the rows of to_rows() (mixed types, for pandas) and either game's bots and
# bids, handed through to the game's own functions.
from typing import Any, Generic, TypeVar

import attrs

from bugami._kernel.checks import as_int
from bugami.errors import InvalidInputError, brief

__all__ = ["BidValues", "best_line", "other_bids", "solve_each_bid"]

BidT = TypeVar("BidT")
DealT = TypeVar("DealT")


@attrs.frozen(kw_only=True)
class BidValues(Generic[BidT]):
    """The open-hand value of each bid one seat could make on one deal:
    ``bids`` in the order of the seat's legal bids, ``values`` the points the
    seat can force after each (everyone else against it, every card face up,
    as the solver counts), ``others`` the bid of every seat used for the
    deal (``None`` at ``seat``), and ``nodes``, the positions searched in
    all (not part of equality).

    >>> values = BidValues(seat=0, bids=("S", "M"), values=(12, 30), others=(None, "H"))
    >>> values.best, values.value
    (('M',), 30)
    >>> values.to_rows()[1]
    {'seat': 0, 'bid': 'M', 'value': 30, 'best': True, 'others': '- H'}
    """

    seat: int
    """The seat whose bids were tried."""
    bids: tuple[BidT, ...]
    """The seat's legal bids, in their canonical order."""
    values: tuple[int, ...]
    """The open-hand value of each of ``bids``, in the same order."""
    others: tuple[BidT | None, ...]
    """Every seat's bid on the solved deals, ``None`` at ``seat``."""
    nodes: int = attrs.field(default=0, eq=False)
    """The positions the searches visited, together."""

    @property
    def by_bid(self) -> dict[BidT, int]:
        """The values as a dict, bid to points.

        >>> BidValues(seat=0, bids=("S", "H"), values=(3, 5), others=(None, "S")).by_bid
        {'S': 3, 'H': 5}
        """
        return dict(zip(self.bids, self.values, strict=True))

    @property
    def value(self) -> int:
        """The best of the values: what the seat can force with its best bid.

        >>> BidValues(seat=0, bids=("S", "H"), values=(3, 5), others=(None, "S")).value
        5
        """
        return max(self.values)

    @property
    def best(self) -> tuple[BidT, ...]:
        """The bids whose value is the best, in order.

        >>> BidValues(seat=0, bids=("S", "H"), values=(5, 5), others=(None, "S")).best
        ('S', 'H')
        """
        top = self.value
        return tuple(
            choice for choice, points in zip(self.bids, self.values, strict=True) if points == top
        )

    def to_rows(self) -> list[dict[str, Any]]:
        """One dict per bid, for ``pandas.DataFrame``: ``seat``, ``bid`` (its
        text), ``value``, ``best`` (whether it is one of the best bids) and
        ``others`` (every seat's bid as text, ``-`` for the seat).

        >>> BidValues(seat=1, bids=(0, 1), values=(0, -1), others=(2, None)).to_rows()[0]
        {'seat': 1, 'bid': '0', 'value': 0, 'best': True, 'others': '2 -'}
        """
        top = self.value
        others = " ".join("-" if choice is None else str(choice) for choice in self.others)
        return [
            {
                "seat": self.seat,
                "bid": str(choice),
                "value": points,
                "best": points == top,
                "others": others,
            }
            for choice, points in zip(self.bids, self.values, strict=True)
        ]


BidValues.__module__ = "bugami.analysis.evaluation"  # where the API reference documents it


def solve_each_bid(
    *,
    seat: int,
    choices: Sequence[BidT],
    others: Sequence[BidT | None],
    value_of: Callable[[BidT, int | None, float | None], tuple[int, int]],
    max_nodes: int | None,
    max_seconds: float | None,
) -> BidValues[BidT]:
    """Try each of ``choices`` for ``seat``: ``value_of(choice, nodes,
    seconds)`` solves the deal after that bid within those bounds and returns
    its value and the positions it visited. The bounds are shared by the
    whole call: each solve may use what the earlier ones left (``max_seconds``
    must be checked, positive, or ``None``).

    >>> solve_each_bid(seat=0, choices=["a", "bb"], others=[None],
    ...                value_of=lambda choice, nodes, seconds: (len(choice), 5),
    ...                max_nodes=100, max_seconds=None)
    BidValues(seat=0, bids=('a', 'bb'), values=(1, 2), others=(None,), nodes=10)
    """
    deadline = None
    if max_seconds is not None:
        try:
            limit = float(max_seconds)
        except OverflowError:  # an int too large for a float: no limit
            limit = float("inf")
        if limit < float("inf"):
            deadline = time.monotonic() + limit
    values: list[int] = []
    used = 0
    for choice in choices:
        nodes = None if max_nodes is None else max(1, max_nodes - used)
        seconds = None if deadline is None else max(1e-9, deadline - time.monotonic())
        points, visited = value_of(choice, nodes, seconds)
        used += visited
        values.append(points)
    return BidValues(
        seat=seat, bids=tuple(choices), values=tuple(values), others=tuple(others), nodes=used
    )


def other_bids(
    *,
    players: int,
    seat: int,
    made: Sequence[object],
    others: object,
    is_bot: Callable[[object], bool],
    default_bot: Callable[[], Any],
    choose: Callable[[Any, int], Any],
    bot_words: str,
) -> list[Any]:
    """Every seat's bid for ``solve_bids``, ``None`` at ``seat``: the bids
    already ``made`` are kept; the other seats' come from ``others`` -- a
    mapping of seat to bid (seats it leaves out are chosen by the default
    bot), a bot (``is_bot``) for every one of them, or ``None`` (the
    ``default_bot``) -- the bot's through ``choose(bot, other)``. The
    mapping's bids are returned as given, for the game's ``bid`` to check.

    >>> other_bids(players=3, seat=0, made=[None, None, "S"], others={1: "H"},
    ...            is_bot=callable, default_bot=lambda: None,
    ...            choose=lambda bot, other: "C", bot_words="a bot")
    [None, 'H', 'S']
    >>> other_bids(players=3, seat=0, made=[None, None, "S"], others={2: "H"},
    ...            is_bot=callable, default_bot=lambda: None,
    ...            choose=lambda bot, other: "C", bot_words="a bot")
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: others names seat 2, which has already bid; name only seats 1 still to bid
    """
    waiting = [other for other in range(players) if other != seat and made[other] is None]
    mapping: dict[int, object] = {}
    if others is None:
        bot = default_bot()
    elif is_bot(others):
        bot = others
    elif isinstance(others, Mapping):
        bot = default_bot()
        for key, choice in others.items():
            number = as_int(key)
            if number is None or number not in waiting:
                shown = ", ".join(map(str, waiting)) or "none"
                why = (
                    "which has already bid"
                    if number is not None and 0 <= number < players and number != seat
                    else "not a seat still to bid"
                )
                raise InvalidInputError(
                    f"others names seat {brief(key)}, {why}; name only seats {shown} still to bid"
                )
            mapping[number] = choice
    else:
        raise InvalidInputError(
            f"others must be a mapping of seats to bids, {bot_words}, or None, not {brief(others)}"
        )
    result: list[Any] = []
    for other in range(players):
        if other == seat:
            result.append(None)
        elif made[other] is not None:
            result.append(made[other])
        elif other in mapping:
            result.append(mapping[other])
        else:
            result.append(choose(bot, other))
    return result


def best_line(
    state: DealT,
    seat: int,
    max_nodes: int | None,
    solve: Callable[..., Any],
    play: Callable[[DealT, Any], DealT],
    error: type[Exception],
) -> DealT:
    """``state`` played to its end by open-hand best play for ``seat``
    (everyone else against it): at every turn the first move of ``solve``'s
    ``best_moves``, the whole line within ``max_nodes`` positions. A line
    that needs more raises ``error`` (the solver's
    :class:`~bugami.solver.SearchLimitError`) naming the seat's bid.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(players=3), seed=2)
    >>> for seat in range(3):
    ...     state = bugami.bid(state, seat, "S")
    >>> while len(state.tricks) < 15:
    ...     state = bugami.play(state, bugami.legal_moves(state)[0])
    >>> done = best_line(state, 1, None, bugami.solve, bugami.play, ValueError)
    >>> done.is_over, bugami.score(done)[1] == bugami.solve(state, 1).value
    (True, True)
    """
    used = 0
    while not state.is_over:  # type: ignore[attr-defined]
        nodes = None if max_nodes is None else max(1, max_nodes - used)
        try:
            solution = solve(state, seat, max_nodes=nodes)
        except error as problem:
            raise error(
                f"an imagined deal needs more than max_nodes={max_nodes} positions for "
                f"seat {seat}'s bid {state.bids[seat]} to be played exactly "  # type: ignore[attr-defined]
                f"({len(state.tricks)} tricks played); evaluate with exact=False, or raise "  # type: ignore[attr-defined]
                "max_nodes"
            ) from problem
        used += solution.nodes
        state = play(state, solution.best_moves[0])
    return state
