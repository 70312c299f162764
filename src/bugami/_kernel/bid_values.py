"""What each bid is worth: the engine of both games' ``solve_bids`` and
``evaluate_bids``.

Each game's evaluation module (:mod:`bugami.analysis.evaluation`,
:mod:`bugami.argute.evaluation`) hands over its declaration, the bot parts
of its review kit (the bot protocol, the default bot, the words that name a
bot) and its solver. :func:`solve_bids` tries every bid of the seat, solves
each deal with the work bounds shared by the whole call, and keeps the
values in a :class:`BidValues`; :func:`evaluate_bids` estimates each bid
over imagined deals, played out by bots or, with ``exact=True``, by
open-hand best play (:func:`best_line`); the game says only what one
playout's :class:`~bugami._kernel.estimates.Outcome` is.

>>> values = BidValues(seat=1, bids=(0, 1), values=(-1, 1), others=(2, None))
>>> values.best, values.value, values.by_bid
((1,), 1, {0: -1, 1: 1})
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable, Mapping, Sequence

# Any below: the rows of to_rows() (mixed types, for pandas) and either game's bots and
# bids, handed through to the game's own functions.
from typing import Any, Generic, TypeVar, cast

import attrs

from bugami._kernel.checks import as_int, check_bool
from bugami._kernel.deals import DealBase, deal_root
from bugami._kernel.declaration import GameDeclaration
from bugami._kernel.estimates import (
    BidEvaluation,
    Outcome,
    check_count,
    check_seed,
    estimate_bids,
    seat_view,
)
from bugami._kernel.match import Match
from bugami._kernel.players import Deciding, Player, check_game, finish, is_bot, table_of
from bugami._kernel.seeds import Seed
from bugami._kernel.solutions import (
    SearchLimitError,
    Solver,
    Tables,
    check_arguments,
    deal_of,
    node_limit,
    time_limit,
)
from bugami.errors import IllegalMoveError, InvalidInputError, brief

__all__ = [
    "BidValues",
    "best_line",
    "evaluate_bids",
    "other_bids",
    "solve_bids",
    "solve_each_bid",
]

BidT = TypeVar("BidT")
DealT = TypeVar("DealT")
RulesT = TypeVar("RulesT")
GameDealT = TypeVar("GameDealT", bound=DealBase)
GameT = TypeVar("GameT", bound=Match)  # type: ignore[type-arg]  # any game's Match[...]
ViewT = TypeVar("ViewT", bound=Deciding)
CardT = TypeVar("CardT")


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


def solve_bids(
    game: GameDeclaration[RulesT, GameDealT, GameT, ViewT, BidT, CardT],
    state: object,
    seat: object,
    *,
    others: object,
    max_nodes: object,
    max_seconds: object,
    bot_kind: type,
    default_bot: Callable[[], Player[ViewT, BidT, CardT]],
    bot_words: tuple[str, str, str],
    solve: Solver[GameDealT, CardT],
) -> BidValues[BidT]:
    """A game's ``solve_bids`` (see :func:`bugami.solve_bids`), read from its
    declaration ``game``: its states, bids and verbs. ``bot_kind``,
    ``default_bot`` and ``bot_words`` are the bot parts of the game's review
    kit (:class:`bugami._kernel.reviewing.Kit`): ``others`` may be a bot of
    that kind, and a bot of the library that plays another game is refused
    with a message that says so. ``solve`` is the game's open-hand solver.

    >>> from bugami import argute
    >>> from bugami.argute.bots import ArguteBot, ArguteHeuristicBot
    >>> from bugami.argute.declaration import DECLARATION
    >>> state = argute.deal(argute.Rules(players=2), hands=["555000", "111222"])
    >>> words = ("an Argute bot", "one per seat", "bugami.bots.ArguteBot")
    >>> solve_bids(DECLARATION, state, 0, others=None, max_nodes=None, max_seconds=None,
    ...            bot_kind=ArguteBot, default_bot=ArguteHeuristicBot, bot_words=words,
    ...            solve=argute.solve).by_bid
    {0: -1, 1: 1, 2: 2, 3: -1}
    """
    position = deal_of(state, game.deal, game.game, game.noun)
    players: int = position.rules.players
    check_arguments(seat, players, max_nodes, max_seconds)
    number = as_int(seat)
    assert number is not None  # checked: a seat at the table
    # the game's own bids: its deal class stores them as objects
    bids = cast("tuple[BidT | None, ...]", position.bids)
    choices = game.bids if bids[number] is None else ()
    if not choices:
        raise IllegalMoveError(f"seat {number} has no bid to make now: there is nothing to solve")
    check_game(others, game, "others", bot_words)
    fresh = position
    view = game.view
    chosen = other_bids(
        players=players,
        seat=number,
        made=bids,
        others=others,
        is_bot=lambda player: is_bot(player, bot_kind),
        default_bot=default_bot,
        choose=lambda player, other: player.choose_bid(view(fresh, other)),
        bot_words=bot_words[0],
    )
    bid = game.bid
    for other, choice in enumerate(chosen):
        if other != number and bids[other] is None:
            position = bid(position, other, choice)
    resolved = position
    made = cast("tuple[BidT | None, ...]", resolved.bids)

    def value_of(choice: BidT, nodes: int | None, seconds: float | None) -> tuple[int, int]:
        solution = solve(
            bid(resolved, number, choice), number, max_nodes=nodes, max_seconds=seconds
        )
        return solution.value, solution.nodes

    return solve_each_bid(
        seat=number,
        choices=choices,
        others=[None if other == number else made[other] for other in range(players)],
        value_of=value_of,
        max_nodes=node_limit(max_nodes),
        max_seconds=time_limit(max_seconds),
    )


def evaluate_bids(
    game: GameDeclaration[RulesT, GameDealT, GameT, ViewT, BidT, CardT],
    view_or_state: object,
    seat: int,
    *,
    deals: object,
    bots: object,
    seed: Seed | None,
    exact: object,
    max_nodes: int | None,
    bot_kind: type,
    default_bot: Callable[[], Player[ViewT, BidT, CardT]],
    bot_words: tuple[str, str, str],
    solve: Solver[GameDealT, CardT],
    outcome: Callable[[GameDealT, int, BidT], Outcome],
    what: str,
    made_applies: Callable[[BidT], bool],
    sweep_applies: Callable[[BidT], bool],
    parse: Callable[[str], object] | None = None,
) -> BidEvaluation:
    """A game's ``evaluate_bids`` (see :func:`bugami.evaluate_bids`), read
    from its declaration ``game``: its states and views, sampling and verbs.
    ``bot_kind``, ``default_bot`` and ``bot_words`` are the bot parts of the
    game's review kit, ``solve`` its open-hand solver (for ``exact=True``,
    with tables kept from one card to the next along each line).
    The game says what one finished deal is worth to the seat that bid
    (``outcome(done, seat, bid)``), which bids have a ``made`` and a
    ``sweep`` figure, how its bids read from text (``parse``), and how
    messages name its states (``what``, as in ``"a hand or a game of
    Argute"``).

    >>> from bugami import argute
    >>> from bugami._kernel.estimates import Outcome
    >>> from bugami.argute.bots import ArguteBot, ArguteHeuristicBot
    >>> from bugami.argute.declaration import DECLARATION
    >>> def tricks(done, seat, choice):
    ...     won = sum(trick.winner == seat for trick in done.tricks)
    ...     return Outcome(won, won, won == choice, False)
    >>> state = argute.deal(argute.Rules(players=3), seed=4)
    >>> result = evaluate_bids(
    ...     DECLARATION, state, 0, deals=4, bots=None, seed=1, exact=False, max_nodes=None,
    ...     bot_kind=ArguteBot, default_bot=ArguteHeuristicBot,
    ...     bot_words=("an Argute bot", "one per seat", "bugami.bots.ArguteBot"),
    ...     solve=argute.solve, outcome=tricks, what="a hand or a game of Argute",
    ...     made_applies=lambda choice: True, sweep_applies=lambda choice: False)
    >>> [estimate.bid for estimate in result], result.exact
    ([0, 1, 2, 3], False)
    """
    seen: ViewT = seat_view(
        view_or_state, seat, game.states, (game.game_view, game.seat_view), game.view, what
    )
    number = seen.seat  # the plain int the seat stands for
    choices: tuple[BidT, ...] = seen.legal_bids()  # type: ignore[assignment]  # the game's bids
    by_solver = check_bool("exact", exact)
    rules: Any = seen.rules  # type: ignore[attr-defined]  # every view has the game's rules
    check_arguments(number, rules.players, max_nodes, None)
    count = check_count(deals)
    seed = check_seed(seed)
    bid, view, sample_deal = game.bid, game.view, game.sample_deal

    def imagine(rng: random.Random, table: Sequence[Player[ViewT, BidT, CardT]]) -> GameDealT:
        fresh = deal_root(sample_deal(seen, rng))  # the hands imagined, no bid made yet
        state = fresh
        for other, player in enumerate(table):
            if other != number:
                state = bid(state, other, player.choose_bid(view(fresh, other)))
        return state

    def played(
        imagined: GameDealT, choice: BidT, table: Sequence[Player[ViewT, BidT, CardT]]
    ) -> Outcome:
        after = bid(imagined, number, choice)
        if by_solver:
            return outcome(
                best_line(
                    after,
                    number,
                    node_limit(max_nodes),
                    functools.partial(solve, tables=Tables()),
                    game.play,
                    SearchLimitError,
                ),
                number,
                choice,
            )
        done = finish(after, table, game)
        assert isinstance(done, game.deal)  # a deal played out is a deal
        return outcome(done, number, choice)

    table = table_of(bots, rules.players, bot_kind, default_bot, bot_words)
    return estimate_bids(
        seat=number,
        deals=count,
        seed=seed,
        bots=table,
        choices=choices,
        imagine=imagine,
        outcome=played,
        made_applies=made_applies,
        sweep_applies=sweep_applies,
        parse=parse,
        exact=by_solver,
    )
