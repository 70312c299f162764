"""The ``bugami`` command (also ``python -m bugami``).

``bugami demo`` plays a whole game between random players and prints it deal
by deal. More subcommands will join it.

>>> main(["demo", "--seed", "7", "--players", "3", "--target", "60"])  # doctest: +ELLIPSIS
Bugami: 3 players, target 60, seed 7
<BLANKLINE>
Deal 1 (dealer: seat ...)
...
Seat ... wins with ... points after ...
0
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import TextIO

from bugami.__about__ import __version__
from bugami.cards import MISERE, Bid
from bugami.errors import BugamiError
from bugami.game import Game, new_game
from bugami.play import bid, legal_bids, legal_moves, play
from bugami.rules import Rules
from bugami.scoring import score
from bugami.state import Deal

__all__ = ["main"]


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command with ``argv`` (by default the process's arguments) and
    return its exit status."""
    parser = _parser()
    arguments = parser.parse_args(argv)
    if arguments.command is None:
        parser.print_help(out or sys.stdout)
        return 2
    try:
        return int(arguments.run(arguments, out or sys.stdout))
    except BugamiError as error:
        print(f"bugami: error: {error}", file=sys.stderr)
        return 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bugami", description="The card game Bugami, by David Parlett."
    )
    parser.add_argument("--version", action="version", version=f"bugami {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    demo = commands.add_parser("demo", help="play a whole game between random players")
    demo.add_argument("--players", type=int, default=4, help="3 to 7 (default 4)")
    demo.add_argument("--jokers", type=int, default=0, help="0 to 8 (default 0)")
    demo.add_argument(
        "--shotgun-wedding", action="store_true", help="play the Shotgun Wedding variant"
    )
    demo.add_argument("--target", type=int, default=250, help="game target (default 250)")
    demo.add_argument("--seed", type=int, default=None, help="seed for cards and players")
    demo.add_argument("--quiet", action="store_true", help="print the scores only, not tricks")
    demo.set_defaults(run=_demo)
    return parser


def _demo(arguments: argparse.Namespace, out: TextIO) -> int:
    rules = Rules(
        players=arguments.players,
        jokers=arguments.jokers,
        shotgun_wedding=arguments.shotgun_wedding,
        target=arguments.target,
    )
    seed = arguments.seed if arguments.seed is not None else random.SystemRandom().randrange(10**6)
    chooser = random.Random(seed)
    game = new_game(rules, seed=seed)
    print(f"Bugami: {rules.players} players, target {rules.target}, seed {seed}", file=out)
    while not game.is_over:
        game = _random_deal(game, chooser)
        _print_deal(game.deals[-1], game, out, tricks=not arguments.quiet)
    deals = f"{len(game.deals)} deal{'s' if len(game.deals) != 1 else ''}"
    print(f"\nSeat {game.winner} wins with {max(game.totals)} points after {deals}.", file=out)
    return 0


def _random_deal(game: Game, chooser: random.Random) -> Game:
    """Play the game's current deal to its end with random legal choices."""
    deals = len(game.deals)
    for seat in range(game.rules.players):
        game = bid(game, seat, chooser.choice(legal_bids(game, seat)))
    while len(game.deals) == deals:
        game = play(game, chooser.choice(legal_moves(game)))
    return game


def _print_deal(deal: Deal, game: Game, out: TextIO, *, tricks: bool) -> None:
    print(f"\nDeal {len(game.deals)} (dealer: seat {deal.dealer})", file=out)
    for seat, hand in enumerate(deal.dealt_hands):
        print(f"  seat {seat}: {' '.join(map(str, hand))}", file=out)
    if deal.leftover:
        print(f"  leftover: {' '.join(map(str, deal.leftover))}", file=out)
    bids = ", ".join(f"seat {seat} {_bid_name(choice)}" for seat, choice in enumerate(deal.bids))
    print(f"  bids: {bids}", file=out)
    if tricks:
        for number, trick in enumerate(deal.tricks, 1):
            cards = " ".join(map(str, trick.cards))
            line = f"  trick {number:2}: led by seat {trick.leader}: {cards} -> seat {trick.winner}"
            print(line, file=out)
    points = score(deal)
    print("  points: " + ", ".join(map(str, points)), file=out)
    print("  totals: " + ", ".join(map(str, game.totals)), file=out)


def _bid_name(choice: Bid | None) -> str:
    if choice is None:
        return "(none)"
    return "misère" if choice is MISERE else choice.name.lower()
