"""``bugami review FILE``: the review of every record of a file.

Each record (a deal or a game, of Bugami or Argute) is reviewed by
:func:`bugami.review` or :func:`bugami.argute.review`; the record ``k`` (from
1) of the file with the seed ``f"{seed}/{k - 1}"``, as
:func:`bugami.review_many` does. The output is, per record, a table of the
seats and a line per costly decision (an inaccuracy, a mistake or a
blunder), or with ``--json`` one JSON review per line (see
:func:`bugami.analysis.reviews.json_schema`).
"""

from __future__ import annotations

import argparse
import json
import re
from typing import Any, TextIO

from bugami.errors import BugamiError

__all__ = ["add_review"]

_MAX_SAMPLES = 10_000
_SEATS = re.compile(r"\s*[0-9](\s*,\s*[0-9])*\s*")


def _samples(text: str) -> int:
    if not re.fullmatch(r"\s*[0-9]{1,6}\s*", text) or not 2 <= int(text) <= _MAX_SAMPLES:
        raise argparse.ArgumentTypeError(
            f"expected a whole number from 2 to {_MAX_SAMPLES}, not {text[:20]!r}"
        )
    return int(text)


def _seats(text: str) -> list[int]:
    if not _SEATS.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"expected seats separated by commas, such as 0,2, not {text[:20]!r}"
        )
    return sorted({int(part) for part in text.split(",")})


def _seed(text: str) -> str:
    if not 0 < len(text) <= 100:
        raise argparse.ArgumentTypeError("expected a seed of 1 to 100 characters")
    return text


def add_review(commands: argparse._SubParsersAction[Any]) -> None:
    """Add the ``review`` command to the command line's ``commands``."""
    parser = commands.add_parser("review", help="review every decision of the records of a file")
    parser.add_argument("file", help="a record file (JSON Lines or text records)")
    parser.add_argument("--json", action="store_true", help="one JSON review per line")
    parser.add_argument(
        "--seats", type=_seats, default=None, help="the seats to review, such as 0,2 (default all)"
    )
    parser.add_argument(
        "--samples",
        type=_samples,
        default=None,
        help="sampled deals per decision (default 20)",
    )
    parser.add_argument("--seed", type=_seed, default="0", help="seed of the review (default 0)")
    parser.set_defaults(run=run_review)


def run_review(arguments: argparse.Namespace, out: TextIO) -> int:
    """Review the records of ``arguments.file`` and print the reviews."""
    from bugami.analysis.reviews import review_many
    from bugami.record import read_records

    options: dict[str, Any] = {"seats": arguments.seats}
    if arguments.samples is not None:
        options["samples"] = arguments.samples
    try:
        with open(arguments.file, encoding="utf-8") as file:
            records = list(read_records(file))
    except UnicodeDecodeError as error:
        raise BugamiError(
            f"{arguments.file}: not a record file: it is not text in UTF-8 ({error.reason})"
        ) from None
    if not records:
        print(f"{arguments.file}: no records", file=out)
        return 1
    for record in records:
        players = record.state.rules.players
        if arguments.seats and max(arguments.seats) >= players:
            raise BugamiError(
                f"--seats: a record has {players} players, seats 0 to {players - 1}, "
                f"not {max(arguments.seats)}"
            )
    reviews = review_many(records, seed=arguments.seed, **options)
    for number, (record, result) in enumerate(zip(records, reviews, strict=True), 1):
        if arguments.json:
            print(json.dumps(result.to_dict()), file=out)
            continue
        state = record.state
        kind = f"{result.game} {type(state).__name__.lower()}"
        print(
            f"{'' if number == 1 else chr(10)}Record {number}: {kind}, "
            f"{state.rules.players} players, {result.samples} samples per decision",
            file=out,
        )
        print(result.table(), file=out)
        for decision in result.decisions:
            if decision.label in ("inaccuracy", "mistake", "blunder"):
                where = "bid" if decision.trick is None else f"trick {decision.trick + 1}"
                print(
                    f"  deal {decision.deal + 1}, {where}: {decision.action} -- {decision.label}, "
                    f"{decision.loss:.1f} lost (best {decision.best}: "
                    f"{decision.values[decision.best]:.1f})",
                    file=out,
                )
    return 0
