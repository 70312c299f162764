"""Open-hand values along the play of a deal: both games' ``solve_play``.

For a deal that has been played (or is being played), the open-hand value of
each chosen seat at the start of each of the last tricks, and for each card
those seats played there, the value its player could force before it against
the value after it: bridge players call this a double-dummy analysis of the
play (DDS's ``AnalysePlay``). One :class:`~bugami.solver.Tables` carries each
seat's search from one position of the line to the next.
"""

from __future__ import annotations

from typing import Any, Final, Generic, TypeVar

import attrs

from bugami._kernel.actions import BidActionBase, PlayActionBase
from bugami._kernel.checks import as_int
from bugami._kernel.deals import Phase, deal_root
from bugami._kernel.declaration import GameDeclaration
from bugami._kernel.seats import check_seats
from bugami._kernel.solutions import (
    SearchLimitError,
    Solution,
    Solver,
    Tables,
    check_arguments,
    check_tables,
    node_limit,
)
from bugami._kernel.values import Value
from bugami.errors import InvalidInputError, brief

__all__ = [
    "LAST_CARDS",
    "PlaySolution",
    "PlayedCard",
    "first_trick",
    "solve_line",
]

MoveT = TypeVar("MoveT")

LAST_CARDS: Final = 24
"""By default, ``solve_play`` analyses the tricks that hold about the last
this many cards (6 tricks at four players): a fraction of a second a solve in
the pure build, where each trick further back multiplies the work."""


@attrs.frozen
class PlayedCard(Value, Generic[MoveT]):
    """A card of a :class:`PlaySolution`: in trick ``trick`` (from 0), seat
    ``seat`` played ``card``; ``best`` is the open-hand value the seat could
    force just before it, ``value`` the one it could force just after it
    (``None``: that position needed more than ``max_nodes`` positions
    searched). A frozen attrs class.

    >>> card = PlayedCard(trick=9, seat=0, card="QC", value=10, best=30)
    >>> card.loss, card.to_row()
    (20, {'trick': 9, 'seat': 0, 'card': 'QC', 'value': 10, 'best': 30, 'loss': 20})
    """

    trick: int
    seat: int
    card: MoveT
    value: int | None
    best: int | None

    @property
    def loss(self) -> int | None:
        """The open-hand points the card gave up (``best - value``: 0 for a
        card that keeps the value), or ``None`` if either is unknown."""
        if self.value is None or self.best is None:
            return None
        return self.best - self.value

    def to_dict(self) -> dict[str, Any]:  # Any: JSON's mixed types
        """The fields as JSON-ready data (the card as its text)."""
        return {
            "trick": self.trick,
            "seat": self.seat,
            "card": str(self.card),
            "value": self.value,
            "best": self.best,
        }

    def to_row(self) -> dict[str, Any]:  # Any: each column keeps its own type
        """The card as one flat row (the card as its text), its loss too."""
        return {**self.to_dict(), "loss": self.loss}


PlayedCard.__module__ = "bugami.solver"  # where the API reference documents it


@attrs.frozen
class PlaySolution(Value, Generic[MoveT]):
    """The open-hand values along the play of one deal (both games'
    ``solve_play``), for the seats of ``seats`` (in seat order; every tuple
    of values below follows it):

    * ``first_trick``: the first trick analysed (from 0);
    * ``tricks``: ``(trick, values)`` for the start of each trick analysed
      that the play reached, each seat's value there;
    * ``cards``: a :class:`PlayedCard` for each card those seats played in
      those tricks, in the order of play;
    * ``end``: the scores, if the deal is over, else ``None``;
    * ``now``: for a deal still in play, each seat's value where it stands,
      else ``None``.

    A value is ``None`` where the position needed more than ``max_nodes``
    positions searched. ``to_rows()`` gives one dict per card, for
    ``pandas.DataFrame``; ``losses`` the cards that gave up points. A frozen
    attrs class.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(), seed=12)
    >>> for seat, choice in enumerate("SHDC"):
    ...     state = bugami.bid(state, seat, choice)
    >>> while not state.is_over:
    ...     state = bugami.play(state, bugami.legal_moves(state)[0])
    >>> solved = bugami.solve_play(state, last=3)
    >>> solved
    PlaySolution(seats=(0, 1, 2, 3), first_trick=10, cards=12, losses=1)
    >>> solved.tricks[-1], solved.end, solved.now
    ((12, (3, 16, 6, 30)), (3, 16, 6, 30), None)
    >>> solved.losses
    (PlayedCard(trick=11, seat=0, card=Card('TC'), value=3, best=4),)
    """

    seats: tuple[int, ...]
    first_trick: int
    tricks: tuple[tuple[int, tuple[int | None, ...]], ...]
    cards: tuple[PlayedCard[MoveT], ...]
    end: tuple[int, ...] | None
    now: tuple[int | None, ...] | None

    @property
    def losses(self) -> tuple[PlayedCard[MoveT], ...]:
        """The cards that gave up open-hand points (a loss above 0), in the
        order of play."""
        return tuple(card for card in self.cards if card.loss)

    def to_rows(self) -> list[dict[str, Any]]:  # Any: each column keeps its own type
        """One dict per card analysed (see :meth:`PlayedCard.to_row`), in
        the order of play."""
        return [card.to_row() for card in self.cards]

    def to_dict(self) -> dict[str, Any]:  # Any: JSON's mixed types
        """The analysis as JSON-ready data: the fields, each trick's start as
        ``{"trick": ..., "values": [...]}`` and each card as its row.

        >>> import json
        >>> card = PlayedCard(trick=12, seat=0, card="7C", value=12, best=12)
        >>> solved = PlaySolution((0,), 12, ((12, (12,)),), (card,), (12,), None)
        >>> json.dumps(solved.to_dict())[:60]
        '{"seats": [0], "first_trick": 12, "tricks": [{"trick": 12, "'
        """
        return {
            "seats": list(self.seats),
            "first_trick": self.first_trick,
            "tricks": [{"trick": trick, "values": list(values)} for trick, values in self.tricks],
            "cards": self.to_rows(),
            "end": None if self.end is None else list(self.end),
            "now": None if self.now is None else list(self.now),
        }

    def __repr__(self) -> str:
        return (
            f"PlaySolution(seats={self.seats}, first_trick={self.first_trick}, "
            f"cards={len(self.cards)}, losses={len(self.losses)})"
        )


PlaySolution.__module__ = "bugami.solver"  # where the API reference documents it


def first_trick(last: object, players: int, total: int) -> int:
    """The first trick (from 0) that ``last`` asks to analyse, in a deal of
    ``total`` tricks at ``players`` players: ``None`` for about the last
    :data:`LAST_CARDS` cards, ``"all"`` for every trick, or a number of
    tricks from 1 on.

    >>> first_trick(None, 4, 13), first_trick("all", 4, 13), first_trick(3, 4, 13)
    (7, 0, 10)
    >>> first_trick(0, 4, 13)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: last must be a number of tricks from 1 on, "all" or None, not 0
    """
    if last is None:
        return max(0, total - max(1, LAST_CARDS // players))
    if last == "all" and isinstance(last, str):
        return 0
    count = as_int(last)
    if count is None or count < 1:
        raise InvalidInputError(
            f'last must be a number of tricks from 1 on, "all" or None, not {brief(last)}'
        )
    return max(0, total - count)


def _solved(
    solve: Solver[Any, MoveT], state: object, seat: int, max_nodes: int | None, tables: Tables
) -> Solution[MoveT] | None:
    try:
        return solve(state, seat, max_nodes=max_nodes, tables=tables)
    except SearchLimitError:
        return None


def _value(solution: Solution[Any] | None) -> int | None:
    return None if solution is None else solution.value


def solve_line(
    game: GameDeclaration[Any, Any, Any, Any, Any, MoveT],
    solve: Solver[Any, MoveT],
    played: Any,  # the game's deal
    *,
    seats: object,
    last: object,
    max_nodes: object,
    tables: object,
) -> PlaySolution[MoveT]:
    """The :class:`PlaySolution` of ``played``, a deal of ``game`` (see
    ``solve_play``); ``solve`` is the game's solver. The arguments, taken
    as they are given, are checked here before any search starts.

    >>> import bugami
    >>> from bugami.core.declaration import DECLARATION
    >>> state = bugami.deal(bugami.Rules(players=3), seed=2)
    >>> solve_line(DECLARATION, bugami.solve, state, seats=[3], last=None,
    ...            max_nodes=None, tables=None)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: seat must be a seat from 0 to 2, not 3
    """
    players: int = played.rules.players
    chosen = tuple(check_seats(seats, players))
    first = first_trick(last, players, game.tricks(played.rules))
    check_arguments(0, players, max_nodes, None)
    check_tables(tables)
    kept = tables if isinstance(tables, Tables) else Tables()
    nodes = node_limit(max_nodes)
    starts: list[tuple[int, tuple[int | None, ...]]] = []
    cards: list[PlayedCard[MoveT]] = []
    state = deal_root(played)
    for action in played._history():  # the game's Deal.history
        if isinstance(action, BidActionBase):
            state = game.bid(state, action.seat, action.bid)
            continue
        assert isinstance(action, PlayActionBase)  # a history holds bids and plays only
        trick = len(state.tricks)
        if trick >= first:
            solved: dict[int, Solution[MoveT] | None] = {}
            if not state.current_trick:
                for seat in chosen:
                    solved[seat] = _solved(solve, state, seat, nodes, kept)
                starts.append((trick, tuple(_value(solved[seat]) for seat in chosen)))
            if action.seat in chosen:
                if action.seat in solved:  # the leader, solved for the trick's start
                    found = solved[action.seat]
                else:
                    found = _solved(solve, state, action.seat, nodes, kept)
                cards.append(
                    PlayedCard(
                        trick,
                        action.seat,
                        action.card,
                        None if found is None else found.move_values[action.card],
                        None if found is None else found.value,
                    )
                )
        state = game.play(state, action.card, seat=action.seat)
    end = now = None
    if state.phase is Phase.OVER:
        scores = game.score(state)
        end = tuple(scores[seat] for seat in chosen)
    elif state.phase is Phase.PLAYING:
        now = tuple(_value(_solved(solve, state, seat, nodes, kept)) for seat in chosen)
    return PlaySolution(chosen, first, tuple(starts), tuple(cards), end, now)
