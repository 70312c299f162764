"""``bugami solve FILE``: open-hand values along the play of recorded deals.

For every deal of every record of a file (a deal, or each deal of a game;
of Bugami or Argute), each seat's open-hand value (:func:`bugami.solve`,
:func:`bugami.argute.solve <bugami.argute.solver.solve>`: every hand face
up, every other seat against it) at the start of each of the deal's last
``--last`` tricks (by default, about the last 24 cards), its score at the end (or, for a deal still in play,
each seat's value where it stands: ``now``), and each card those seats played
there that gave up open-hand points: the value its player could force
before it, against the value after it. Bridge players call this a
double-dummy analysis of the play: :func:`bugami.solve_play` for each deal,
whose :class:`~bugami.solver.Tables` carries each seat's search from one
position to the next. A position
that needs more than ``--max-nodes`` positions searched is shown as ``?``
(``null`` in JSON). With ``--json``, one JSON object per deal: its
``record`` and ``deal`` (each counted from 0, as the library counts deals
and tricks; the table counts from 1), ``game``, ``players`` and
:meth:`~bugami.solver.PlaySolution.to_dict`.
"""

from __future__ import annotations

import argparse
import json
import re
from typing import TYPE_CHECKING, Any, Literal, TextIO

from bugami._kernel.play_solutions import LAST_CARDS
from bugami._kernel.solutions import DEFAULT_MAX_NODES
from bugami.cli._record_files import read_record_file, seats_option, whole_number
from bugami.errors import InvalidInputError

if TYPE_CHECKING:
    from bugami._kernel.play_solutions import PlaySolution
    from bugami._kernel.reviewing import Kit

__all__ = ["add_solve"]

_MOST_NODES = 10**12


def _last(text: str) -> int | Literal["all"]:
    if text.strip() == "all":
        return "all"
    if not re.fullmatch(r"\s*[0-9]{1,6}\s*", text) or int(text) < 1:
        raise argparse.ArgumentTypeError(
            f"expected a number of tricks from 1 on, or all, not {text[:20]!r}"
        )
    return int(text)


def add_solve(commands: argparse._SubParsersAction[Any]) -> None:
    """Add the ``solve`` command to the command line's ``commands``."""
    parser = commands.add_parser(
        "solve",
        help="open-hand values along the play of the records of a file",
        description=(
            "For each deal of each record of a file (of Bugami or Argute), every hand face "
            "up: each seat's value (the points it can force, everyone else against it) at "
            "the start of each of the last --last tricks, the scores at the end (or, for a "
            "deal in play, each seat's value where it stands: now), and a line for each "
            "card that gave up points -- what its player could force before it against "
            "the value after it. A position beyond --max-nodes shows as ?."
        ),
    )
    parser.add_argument("file", help="a record file (JSON Lines or text records)")
    parser.add_argument(
        "--json",
        action="store_true",
        help="one JSON object per deal (records, deals and tricks counted from 0)",
    )
    parser.add_argument(
        "--seats",
        type=seats_option,
        default=None,
        help="the seats to solve for, such as 0,2 (default all)",
    )
    parser.add_argument(
        "--last",
        type=_last,
        default=None,
        help=f"the tricks at the end of each deal to analyse, or all (default: about the last "
        f"{LAST_CARDS} cards, 6 tricks at 4 players, 8 at 3, 4 at 5 or 6, 3 at 7); each trick "
        "more multiplies the work, and whole deals want the compiled build",
    )
    parser.add_argument(
        "--max-nodes",
        type=whole_number(1, _MOST_NODES),
        default=DEFAULT_MAX_NODES,
        help=f"positions one solve may search, beyond which it shows ? (default {DEFAULT_MAX_NODES:,})",
    )
    parser.set_defaults(run=run_solve)


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


def _to_dict(game: str, players: int, solved: PlaySolution[Any]) -> dict[str, Any]:
    """``solved`` as JSON-ready data: :meth:`PlaySolution.to_dict` with the
    game and the players (tricks counted from 0, as in the library)."""
    return {"game": game, "players": players, **solved.to_dict()}


def _show(value: int | None) -> str:
    return "?" if value is None else str(value)


def _table(analysis: PlaySolution[Any]) -> str:
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
    from bugami._kernel.play_solutions import solve_line
    from bugami._kernel.reviewing import deals_of

    records = read_record_file(arguments.file, arguments.seats)
    if not records:
        print(f"{arguments.file}: no records", file=out)
        return 1
    work: list[tuple[int, int, Any, Kit[Any, Any, Any, Any, Any, Any, Any]]] = []
    for number, record in enumerate(records, 1):
        kit = _kit(record.state)
        work.extend(
            (number, index, deal, kit)
            for index, deal in enumerate(deals_of(kit.game, record.state))
        )
    first = True
    for number, index, deal, kit in work:
        game, players = kit.game.name, deal.rules.players
        analysis = solve_line(
            kit.game,
            kit.solve,
            deal,
            seats=arguments.seats,
            last=arguments.last,
            max_nodes=arguments.max_nodes,
            tables=None,
        )
        if arguments.json:
            data = _to_dict(game, players, analysis)
            print(json.dumps({"record": number - 1, "deal": index, **data}), file=out)
            continue
        bids = " ".join("?" if choice is None else str(choice) for choice in deal.bids)
        print(
            f"{'' if first else chr(10)}Record {number}, {kit.game.deal_word} {index + 1}: "
            f"{kit.game.title}, "
            f"{players} players, bids {bids}",
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
