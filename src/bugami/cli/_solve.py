"""``bugami solve FILE``: open-hand values along the play of recorded deals.

For every deal of every record of a file (a deal, or each deal of a game;
of Bugami or Argute), each seat's open-hand value (:func:`bugami.solve`,
:func:`bugami.argute.solve <bugami.argute.solver.solve>`: every hand face
up, every other seat against it) at the start of each of the deal's last
``--last`` tricks (by default, about the last 24 cards), its score at the end (or, for a deal still in play,
each seat's value where it stands: ``now``), and each card those seats played
there that gave up open-hand points: the value its player could force
before it, against the value after it. Bridge players call this a
double-dummy analysis of the play. One :class:`~bugami.solver.Tables` per
deal carries each seat's search from one position to the next. A position
that needs more than ``--max-nodes`` positions searched is shown as ``?``
(``null`` in JSON). With ``--json``, one JSON object per deal.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

import attrs

from bugami._kernel.solutions import DEFAULT_MAX_NODES
from bugami.cli._record_files import read_record_file, seats_option
from bugami.errors import InvalidInputError

if TYPE_CHECKING:
    from bugami._kernel.reviewing import Kit
    from bugami._kernel.solutions import Solution, Solver, Tables

__all__ = ["add_solve"]

# By default, the tricks that hold the last 24 cards or so (6 tricks at four
# players): a fraction of a second a solve in the pure build. Each more card
# multiplies the work, and more players multiply it faster.
_CARDS = 24
_AUTO = -1  # --last not given
_MOST_NODES = 10**12


def _last(text: str) -> int | None:
    if text.strip() == "all":
        return None
    if not re.fullmatch(r"\s*[0-9]{1,2}\s*", text) or int(text) < 1:
        raise argparse.ArgumentTypeError(
            f"expected a number of tricks from 1 on, or all, not {text[:20]!r}"
        )
    return int(text)


def _max_nodes(text: str) -> int:
    if not re.fullmatch(r"\s*[0-9]{1,13}\s*", text) or not 1 <= int(text) <= _MOST_NODES:
        raise argparse.ArgumentTypeError(
            f"expected a whole number from 1 to {_MOST_NODES}, not {text[:20]!r}"
        )
    return int(text)


def add_solve(commands: argparse._SubParsersAction[Any]) -> None:
    """Add the ``solve`` command to the command line's ``commands``."""
    parser = commands.add_parser(
        "solve", help="open-hand values along the play of the records of a file"
    )
    parser.add_argument("file", help="a record file (JSON Lines or text records)")
    parser.add_argument("--json", action="store_true", help="one JSON object per deal")
    parser.add_argument(
        "--seats",
        type=seats_option,
        default=None,
        help="the seats to solve for, such as 0,2 (default all)",
    )
    parser.add_argument(
        "--last",
        type=_last,
        default=_AUTO,
        help=f"the tricks at the end of each deal to analyse, or all (default: about the last "
        f"{_CARDS} cards, 6 tricks at 4 players, 8 at 3, 4 at 5 or 6, 3 at 7); each trick "
        "more multiplies the work, and whole deals want the compiled build",
    )
    parser.add_argument(
        "--max-nodes",
        type=_max_nodes,
        default=DEFAULT_MAX_NODES,
        help=f"positions one solve may search, beyond which it shows ? (default {DEFAULT_MAX_NODES:,})",
    )
    parser.set_defaults(run=run_solve)


@attrs.frozen
class CardLoss:
    """A card of the analysis: its ``trick`` (from 0), ``seat`` and text,
    the open-hand ``value`` after it and the ``best`` its player could force
    before it (``None``: beyond the bound on the search)."""

    trick: int
    seat: int
    card: str
    value: int | None
    best: int | None

    @property
    def loss(self) -> int | None:
        """What the card gave up (``best - value``), or ``None``."""
        if self.value is None or self.best is None:
            return None
        return self.best - self.value


@attrs.frozen
class DealAnalysis:
    """The open-hand values of one deal along its play (see the module)."""

    game: str
    players: int
    seats: tuple[int, ...]
    first_trick: int  # the first trick analysed, from 0
    tricks: tuple[tuple[int, tuple[int | None, ...]], ...]  # (trick, a value a seat)
    end: tuple[int, ...] | None  # the scores, for a deal that is over
    now: tuple[int | None, ...] | None  # the values where a deal in play stands
    cards: tuple[CardLoss, ...]

    def to_dict(self) -> dict[str, Any]:
        """The analysis as JSON-ready data (tricks counted from 1)."""
        return {
            "game": self.game,
            "players": self.players,
            "seats": list(self.seats),
            "from_trick": self.first_trick + 1,
            "tricks": [
                {"trick": trick + 1, "values": list(values)} for trick, values in self.tricks
            ],
            "end": None if self.end is None else list(self.end),
            "now": None if self.now is None else list(self.now),
            "cards": [
                {
                    "trick": card.trick + 1,
                    "seat": card.seat,
                    "card": card.card,
                    "value": card.value,
                    "best": card.best,
                    "loss": card.loss,
                }
                for card in self.cards
            ],
        }


def _kit(state: object) -> Kit[Any, Any, Any, Any, Any, Any, Any]:
    """The review kit of the game ``state`` belongs to: its declaration and
    its solver."""
    from bugami.analysis.reviews import KIT as BUGAMI
    from bugami.argute.reviews import KIT as ARGUTE

    for kit in (BUGAMI, ARGUTE):
        if isinstance(state, kit.game.states):
            return kit
    raise InvalidInputError(
        "a view (or a record written for one seat) hides cards and cannot be solved: "
        "solve the full deal, game or record"
    )


def _solved(
    solver: Solver[Any, Any], state: object, seat: int, max_nodes: int, tables: Tables
) -> Solution[Any] | None:
    from bugami._kernel.solutions import SearchLimitError

    try:
        found: Solution[Any] = solver(state, seat, max_nodes=max_nodes, tables=tables)
    except SearchLimitError:
        return None
    return found


def _value(solution: Solution[Any] | None) -> int | None:
    return None if solution is None else solution.value


def analyse_deal(
    played: object, *, seats: Sequence[int] | None, last: int | None, max_nodes: int
) -> DealAnalysis:
    """The open-hand values of ``played`` (a deal of either game) along its
    play: every seat of ``seats`` (``None``: all) at the start of each of the
    last ``last`` tricks (``None``: every trick), and each of their cards
    played there."""
    from bugami._kernel.actions import BidActionBase, PlayActionBase
    from bugami._kernel.deals import deal_root
    from bugami._kernel.solutions import Tables

    kit = _kit(played)
    game, solver = kit.game, kit.solve
    players: int = played.rules.players  # type: ignore[attr-defined]
    chosen = tuple(range(players)) if seats is None else tuple(seats)
    total = game.tricks(played.rules)  # type: ignore[attr-defined]
    first = 0 if last is None else max(0, total - last)
    tables = Tables()
    rows: list[tuple[int, tuple[int | None, ...]]] = []
    cards: list[CardLoss] = []
    state: Any = deal_root(played)  # type: ignore[type-var]
    for action in played.history:  # type: ignore[attr-defined]
        if isinstance(action, BidActionBase):
            state = game.bid(state, action.seat, action.bid)
            continue
        assert isinstance(action, PlayActionBase)  # a history holds bids and plays only
        card = action.card
        trick = len(state.tricks)
        if trick >= first:
            solved: dict[int, Solution[Any] | None] = {}
            if not state.current_trick:
                for seat in chosen:
                    solved[seat] = _solved(solver, state, seat, max_nodes, tables)
                rows.append((trick, tuple(_value(solved[seat]) for seat in chosen)))
            if action.seat in chosen:
                if action.seat in solved:  # the leader, solved for the row just now
                    found = solved[action.seat]
                else:
                    found = _solved(solver, state, action.seat, max_nodes, tables)
                cards.append(
                    CardLoss(
                        trick,
                        action.seat,
                        str(card),
                        None if found is None else found.move_values[card],
                        None if found is None else found.value,
                    )
                )
        state = game.play(state, card, seat=action.seat)
    end = now = None
    if state.is_over:
        scores = game.score(state)
        end = tuple(scores[seat] for seat in chosen)
    elif state.to_move is not None:  # in play: where it stands
        now = tuple(_value(_solved(solver, state, seat, max_nodes, tables)) for seat in chosen)
    return DealAnalysis(game.name, players, chosen, first, tuple(rows), end, now, tuple(cards))


def _show(value: int | None) -> str:
    return "?" if value is None else str(value)


def _table(analysis: DealAnalysis) -> str:
    heads = [f"seat {seat}" for seat in analysis.seats]
    widths = [max(len(head), 4) for head in heads]
    lines = [
        "trick  " + "  ".join(head.rjust(width) for head, width in zip(heads, widths, strict=True))
    ]
    body = [(str(trick + 1), values) for trick, values in analysis.tricks]
    if analysis.end is not None:
        body.append(("end", analysis.end))
    if analysis.now is not None:
        body.append(("now", analysis.now))
    for label, values in body:
        cells = "  ".join(
            _show(value).rjust(width) for value, width in zip(values, widths, strict=True)
        )
        lines.append(f"{label:>5}  {cells}")
    return "\n".join(lines)


def run_solve(arguments: argparse.Namespace, out: TextIO) -> int:
    """Solve the deals of the records of ``arguments.file`` and print them."""
    from bugami._kernel.reviewing import deals_of

    records = read_record_file(arguments.file, arguments.seats)
    if not records:
        print(f"{arguments.file}: no records", file=out)
        return 1
    work: list[tuple[int, int, Any]] = []
    for number, record in enumerate(records, 1):
        game = _kit(record.state).game
        work.extend(
            (number, index, deal) for index, deal in enumerate(deals_of(game, record.state))
        )
    first = True
    for number, index, deal in work:
        analysis = analyse_deal(
            deal,
            seats=arguments.seats,
            last=max(1, _CARDS // deal.rules.players)
            if arguments.last == _AUTO
            else arguments.last,
            max_nodes=arguments.max_nodes,
        )
        if arguments.json:
            print(json.dumps({"record": number, "deal": index + 1, **analysis.to_dict()}), file=out)
            continue
        bids = " ".join("?" if choice is None else str(choice) for choice in deal.bids)
        print(
            f"{'' if first else chr(10)}Record {number}, deal {index + 1}: {analysis.game}, "
            f"{analysis.players} players, bids {bids}",
            file=out,
        )
        first = False
        if not analysis.tricks and analysis.end is None and analysis.now is None:
            print("  still in bidding: nothing to solve", file=out)
            continue
        print(_table(analysis), file=out)
        for card in analysis.cards:
            if card.loss:
                print(
                    f"  trick {card.trick + 1}, seat {card.seat}: {card.card} gave up "
                    f"{card.loss} (it could force {card.best}; {card.value} after it)",
                    file=out,
                )
    return 0
