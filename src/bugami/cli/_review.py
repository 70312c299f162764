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
from typing import Any, TextIO

from bugami.cli._record_files import (
    read_record_file,
    record_words,
    seats_option,
    whole_number,
)

__all__ = ["add_review"]

_MAX_SAMPLES = 10_000


def _seed(text: str) -> str:
    if not 0 < len(text) <= 100:
        raise argparse.ArgumentTypeError("expected a seed of 1 to 100 characters")
    return text


def add_review(commands: argparse._SubParsersAction[Any]) -> None:
    """Add the ``review`` command to the command line's ``commands``."""
    parser = commands.add_parser(
        "review",
        help="review every decision of the records of a file",
        description=(
            "Value every decision of each record of a file (bids and cards, of Bugami or "
            "Argute) from the deciding seat's view, on deals drawn to fit what it could see, "
            "and label each by the points it lost: best, good, inaccuracy, mistake or "
            "blunder. Prints a table of the seats and a line per costly decision, or one "
            "JSON review a line."
        ),
    )
    parser.add_argument("file", help="a record file (JSON Lines or text records)")
    parser.add_argument(
        "--json",
        action="store_true",
        help="one JSON review per line, in the order of the records (deals and tricks "
        "counted from 0, as in the library)",
    )
    parser.add_argument(
        "--seats",
        type=seats_option,
        default=None,
        help="the seats to review, such as 0,2 (default all)",
    )
    parser.add_argument(
        "--samples",
        type=whole_number(2, _MAX_SAMPLES),
        default=None,
        help="sampled deals per decision (default 20)",
    )
    parser.add_argument(
        "--seed",
        type=_seed,
        default="0",
        help="seed of the review (default 0); as in review_many, the k-th record (from 0) is "
        "reviewed with the seed SEED/k, so its figures equal review(record, seed='SEED/k')",
    )
    parser.set_defaults(run=run_review)


def run_review(arguments: argparse.Namespace, out: TextIO) -> int:
    """Review the records of ``arguments.file`` and print the reviews."""
    from bugami._records.kinds import kind_of
    from bugami.analysis.reviews import review_many

    options: dict[str, Any] = {"seats": arguments.seats}
    if arguments.samples is not None:
        options["samples"] = arguments.samples
    records = read_record_file(arguments.file, arguments.seats)
    if not records:
        print(f"{arguments.file}: no records", file=out)
        return 1
    reviews = review_many(records, seed=arguments.seed, **options)
    for number, (record, result) in enumerate(zip(records, reviews, strict=True), 1):
        if arguments.json:
            print(json.dumps(result.to_dict()), file=out)
            continue
        state = record.state
        kind = record_words(state)
        print(
            f"{'' if number == 1 else chr(10)}Record {number}: {kind}, "
            f"{state.rules.players} players, {result.samples} samples per decision",
            file=out,
        )
        print(result.table(), file=out)
        game = kind_of(state)  # a record's state always has one
        deal_word = "deal" if game is None else game.game.deal_word
        for decision in result.decisions:
            if decision.label in ("inaccuracy", "mistake", "blunder"):
                where = "bid" if decision.trick is None else f"trick {decision.trick + 1}"
                print(
                    f"  {deal_word} {decision.deal + 1}, {where}: {decision.action} -- {decision.label}, "
                    f"{decision.loss:.1f} lost (best {decision.best}: "
                    f"{decision.values[decision.best]:.1f})",
                    file=out,
                )
    return 0
