"""The ``bugami`` command (also ``python -m bugami``).

Six subcommands, for both games, Bugami and Argute:

* ``bugami play`` -- play a game in the terminal against bots;
* ``bugami simulate`` -- a study: many deals or games between bots, with a
  summary table, the rows written to CSV or JSON Lines;
* ``bugami show FILE`` -- print the records of a file as readable tables;
* ``bugami check FILE...`` -- validate records, one line per problem;
* ``bugami demo`` -- watch a whole game between computer players;
* ``bugami review FILE`` -- every decision of the recorded games valued, with
  the points each one lost (a table, or ``--json``).

Bugami is the default: ``play``, ``simulate`` and ``demo`` take ``--game
argute`` to play Argute instead, and ``show`` and ``check`` read records of
either game. Each command is added to the parser by one function
(``_add_demo``, ``_add_play``...) that sets the function that runs it.

In ``play``, ``q`` leaves the game: on purpose, so with exit status 0. Input
that ends before the game does ends it with status 1, Ctrl-C with 130. A
number typed for a bid or a card that is out of range is answered with the
range that is legal, and asked again.

Every mistake in the input ends with a one-line message and a non-zero exit
status, never a traceback: a bad option, a number out of range, a file that
is missing, unreadable, a directory or not text, a record that does not read.
Numbers are bounded so that no command can be asked for the impossible:
``--target`` is at most 10,000, ``--deals`` and ``--games`` at most
10,000,000, ``--workers`` at most :func:`bugami.analysis.simulate.max_workers`, and a
``--seed`` has at most 4,000 digits. ``simulate`` checks that it can write its
``--out`` and ``--records`` files before it starts, and writes each whole or
not at all (to a temporary file beside it, renamed at the end).

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
import contextlib
import os
import random
import re
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final, NoReturn, TextIO

from bugami import argute
from bugami.__about__ import __version__
from bugami.cli._argute import ARGUTE_DEMO_HANDS, demo_argute, play_argute
from bugami.cli._review import add_review
from bugami.cli._terminal import as_number, ask, numbered, run_game, seating
from bugami.core.cards import MISERE, Bid, Card
from bugami.core.dealing import MAX_SEED_DIGITS
from bugami.core.game import Game, new_game
from bugami.core.play import bid, legal_bids, legal_moves, play
from bugami.core.rules import Rules
from bugami.core.scoring import score
from bugami.core.state import Deal
from bugami.core.view import DealView, GameView
from bugami.errors import BugamiError, brief

if TYPE_CHECKING:
    from bugami.bots import Bot

__all__ = ["main"]


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command with ``argv`` (by default the process's arguments) and
    return its exit status.

    >>> main(["demo", "--seed", "2", "--players", "3", "--target", "40", "--quiet"])  # doctest: +ELLIPSIS
    Bugami: 3 players, target 40, seed 2
    ...
    0
    """
    parser = _parser()
    try:
        arguments = parser.parse_args(argv)
    except _UsageError as error:
        _complain(str(error))
        return 2
    if arguments.command is None:
        parser.print_help(out or sys.stdout)
        return 2
    try:
        return int(arguments.run(arguments, out or sys.stdout))
    except BugamiError as error:
        _complain(f"bugami: error: {error}")
        return 2
    except BrokenPipeError:  # the output was closed early, as by `| head`
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except OSError as error:
        _complain(f"bugami: error: {_os_reason(error)}")
        return 2
    except UnicodeEncodeError as error:
        _complain(
            f"bugami: error: cannot write {error.object[error.start : error.end]!r} in "
            f"{error.encoding} (for the terminal, set PYTHONIOENCODING=utf-8)"
        )
        return 2
    except KeyboardInterrupt:
        print("\nbugami: interrupted", file=sys.stderr)
        return 130


def _one_line(text: str) -> str:
    """``text`` on one line, with what no terminal can show escaped (such as
    the lone surrogates that stand for undecodable bytes in file names)."""
    text = " ".join(text.splitlines())
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _complain(message: str) -> None:
    print(_one_line(message), file=sys.stderr)


def _os_reason(error: OSError) -> str:
    """What went wrong with a file, on one line: the reason, then the file."""
    reason = error.strerror or str(error)
    return reason if error.filename is None else f"{reason}: {error.filename}"


class _UsageError(Exception):
    """A command line that does not parse: its one-line message."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a mistake is one line (then the exit status 2), not the
    usage followed by the message."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.prog}: error: {message} (see {self.prog} --help)")


_MAX_TARGET = 10_000
"""The largest ``--target`` the command takes (a longer game would hardly end)."""
_MAX_COUNT = 10_000_000
"""The most ``--deals`` or ``--games`` a ``simulate`` takes (every row is kept in memory)."""


def _whole(digits: int = 9) -> Callable[[str], int]:
    """An argparse type: a whole number of at most ``digits`` digits."""
    pattern = re.compile(rf"\s*[+-]?[0-9]{{1,{digits}}}\s*")

    def whole(text: str) -> int:
        if not pattern.fullmatch(text):
            shown = text if len(text) <= 20 else text[:20] + "..."
            raise argparse.ArgumentTypeError(
                f"expected a whole number of at most {digits} digits, not {shown!r}"
            )
        return int(text)

    return whole


_NUMBER = _whole()
_SEED = _whole(MAX_SEED_DIGITS)


def _check_target(target: int | None) -> None:
    if target is not None and target > _MAX_TARGET:
        raise BugamiError(
            f"--target must be at most {_MAX_TARGET} here (a game to {target} would hardly end)"
        )


_DESCRIPTION = """\
Two card games, exactly by their rules: Bugami, David Parlett's trick-taking
game of secret bug suits (3 to 7 players), and Argute, a game of bidding the
number of tricks you will win (2 to 7 players). Play against bots, run a study
between bots, watch a demo, print and check game records.

Bugami is the default. Choose the game with --game after the command:
  bugami play --game argute       (also: simulate, demo)
show and check read records of either game. See bugami COMMAND --help."""

_EPILOG = """\
exit status: 0 done (also when you leave a game with q), 1 records with
faults, a file with none, or a game whose input ended early, 2 a mistake in
the command line or the input, 130 interrupted (Ctrl-C)."""


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="bugami",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"bugami {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    # One function per command adds its parser and sets its run(arguments, out).
    for add in (_add_demo, _add_play, _add_simulate, _add_show_and_check, add_review):
        add(commands)
    return parser


def _add_demo(commands: argparse._SubParsersAction[_Parser]) -> None:
    demo = commands.add_parser(
        "demo",
        help="watch a whole game between computer players",
        description=(
            "Watch a whole game between computer players, printed deal by deal: random "
            "players for Bugami, heuristic ones for Argute (whose random players hardly "
            f"ever finish a game; an Argute demo stops after {ARGUTE_DEMO_HANDS} hands). "
            "The same --seed gives the same game."
        ),
    )
    _add_rules_options(demo)
    demo.add_argument("--seed", type=_SEED, default=None, help="seed for cards and players")
    demo.add_argument("--quiet", action="store_true", help="print the scores only, not tricks")
    demo.set_defaults(run=_demo)


_BOT_SPECS: Final = "random, heuristic, search, search:N, search:Ns, solver, solver:N, infer, infer:N, infer:Ns or best"
"""The bots the commands take, for their help (:func:`bugami.bots.make_bot`)."""

_RULE_FIELDS: Final = {"Bugami": Rules.fields("cli"), "Argute": argute.Rules.fields("cli")}
"""The rules' fields each game's command options show, read from the rules."""


def _rule_option_help(name: str) -> str:
    """An option's help, from the fields of that name in each game's rules."""
    shown = [(game, f) for game, fields in _RULE_FIELDS.items() for f in fields if f.name == name]
    first = shown[0][1]
    ranges = [
        f"{f.low} to {f.high if f.high is None else min(f.high, _MAX_TARGET)}, default {f.default}"
        for game, f in shown
        if f.kind is not bool
    ]
    if len(ranges) > 1:
        ranges = [f"{game} {text}" for (game, _), text in zip(shown, ranges, strict=True)]
    only = [f"{shown[0][0]} only"] if len(shown) < len(_RULE_FIELDS) else []
    details = "; ".join(ranges + only)
    if not ranges:
        return f"{first.help} ({details})" if details else first.help
    return f"{first.help}: {details}"


def _add_rules_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game",
        choices=("bugami", "argute"),
        default="bugami",
        help="the game: bugami (default) or argute",
    )
    fields = {f.name: f for game_fields in _RULE_FIELDS.values() for f in game_fields}
    for name, field in fields.items():
        option = "--" + name.replace("_", "-")
        if field.kind is bool:
            parser.add_argument(option, action="store_true", help=_rule_option_help(name))
        else:
            parser.add_argument(option, type=_NUMBER, default=None, help=_rule_option_help(name))


def _rules_of(game: str, arguments: argparse.Namespace) -> Any:
    """The rules of ``game`` (``"Bugami"`` or ``"Argute"``) the options set;
    an option the game does not have, given, is an error."""
    own = {field.name for field in _RULE_FIELDS[game]}
    foreign = {
        field.name: field.label
        for fields in _RULE_FIELDS.values()
        for field in fields
        if field.name not in own
    }
    if any(getattr(arguments, name) not in (None, False) for name in foreign):
        raise BugamiError(f"{game} has no " + " and no ".join(foreign.values()))
    _check_target(arguments.target)
    rules_class = Rules if game == "Bugami" else argute.Rules
    given = {f.name: getattr(arguments, f.name) for f in _RULE_FIELDS[game]}
    return rules_class(**{name: value for name, value in given.items() if value is not None})


def _rules(arguments: argparse.Namespace) -> Rules:
    rules: Rules = _rules_of("Bugami", arguments)
    return rules


def _argute_rules(arguments: argparse.Namespace) -> argute.Rules:
    rules: argute.Rules = _rules_of("Argute", arguments)
    return rules


def _use_color(choice: str, out: TextIO) -> bool:
    if choice == "always":
        return True
    if choice == "never" or "NO_COLOR" in os.environ:
        return False
    isatty = getattr(out, "isatty", None)
    return bool(isatty and isatty())


def _demo(arguments: argparse.Namespace, out: TextIO) -> int:
    seed = arguments.seed if arguments.seed is not None else random.SystemRandom().randrange(10**6)
    if arguments.game == "argute":
        return demo_argute(_argute_rules(arguments), seed, out, tricks=not arguments.quiet)
    rules = _rules(arguments)
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


# --- play ------------------------------------------------------------------------

_PLAY_HELP = """\
How to answer:
  bid   S H D C (or their names or symbols) for a bug suit, M for misère,
        or the number 1-5 shown in the prompt
  card  its text, such as QH, 10D, TD or Q♥, or its number in the list of
        legal cards (1 is the first)
  ?     this help           q   leave the game (the command exits with status 0)
"""


def _add_play(commands: argparse._SubParsersAction[_Parser]) -> None:
    parser = commands.add_parser(
        "play",
        help="play a game in the terminal against bots",
        description=(
            "Play a game of Bugami (or, with --game argute, of Argute) in the terminal against "
            "bots. Type ? for help. q leaves the game: on purpose, so the exit status is 0; "
            "input that ends before the game does gives 1, and Ctrl-C 130."
        ),
    )
    _add_rules_options(parser)
    parser.add_argument("--seat", type=_NUMBER, default=0, help="your seat (default 0)")
    parser.add_argument(
        "--bot",
        default="heuristic",
        help=f"the opponents: {_BOT_SPECS} (default heuristic)",
    )
    parser.add_argument("--seed", type=_SEED, default=None, help="seed for cards and bots")
    parser.add_argument(
        "--color", choices=("auto", "always", "never"), default="auto", help="suit colours"
    )
    parser.set_defaults(run=_play)


def _play(arguments: argparse.Namespace, out: TextIO) -> int:
    from bugami.bots import make_bot

    if arguments.game == "argute":
        return play_argute(_argute_rules(arguments), arguments, out)
    rules = _rules(arguments)
    seed, me, names = seating(arguments, rules.players)
    bots = {seat: make_bot(arguments.bot) for seat in range(rules.players) if seat != me}
    color = _use_color(arguments.color, out)

    def play_deal(game: Game) -> Game:
        return _play_deal(game, me, bots, names, seed, color, out)

    return run_game("Bugami", new_game(rules, seed=seed), seed, me, bots, names, play_deal, out)


def _play_deal(
    game: Game,
    me: int,
    bots: dict[int, Bot],
    names: list[str],
    seed: int,
    color: bool,
    out: TextIO,
) -> Game:
    from bugami.core.view import view
    from bugami.pictures.render import bid_text, card_text, hand_text, score_sheet, trick_text

    number = len(game.deals)
    current = game.current
    assert current is not None
    players = game.rules.players
    for seat, bot in bots.items():
        bot.reset(f"{seed}/{number}/{seat}")
    print(f"\n=== Deal {number + 1} (dealer: {names[current.dealer]}) ===", file=out)
    print("Your hand:\n" + _indent(hand_text(current.hands[me], color=color)), file=out)
    choices = {seat: bot.choose_bid(view(current, seat)) for seat, bot in bots.items()}
    choices[me] = _ask_bid(out)
    for seat in range(players):
        game = bid(game, seat, choices[seat])
    current = game.current
    assert current is not None
    print(
        "Bids (revealed together): "
        + ", ".join(f"{names[s]} {bid_text(b, color=color)}" for s, b in enumerate(current.bids)),
        file=out,
    )
    while len(game.deals) == number:
        current = game.current
        assert current is not None
        assert current.to_move is not None
        seat = current.to_move
        if not current.current_trick:
            print(f"\n-- Trick {len(current.tricks) + 1} --", file=out)
        card: Card | str
        if seat == me:
            card = _ask_card(current, names, color, out)
        else:
            card = bots[seat].choose_card(view(current, seat))
            print(f"{names[seat]} plays {card_text(card, color=color)}", file=out)
        before = len(current.tricks)
        game = play(game, card, seat=seat)
        finished = game.deals[-1] if len(game.deals) > number else game.current
        assert finished is not None
        if len(finished.tricks) > before:
            trick = finished.tricks[-1]
            print(
                trick_text(
                    trick.cards,
                    trick.leader,
                    players,
                    winner=trick.winner,
                    names=names,
                    color=color,
                ),
                file=out,
            )
    done = game.deals[-1]
    points = score(done)
    print(f"\nDeal {number + 1} is over. Points: " + _seat_list(names, points), file=out)
    print(score_sheet(game.deals, players, names=names), file=out)
    return game


def _seat_list(names: list[str], values: Sequence[int]) -> str:
    return ", ".join(f"{name} {value}" for name, value in zip(names, values, strict=True))


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.splitlines())


_BID_ORDER = ("S", "H", "D", "C", "M")


def _ask_bid(out: TextIO) -> Bid:
    from bugami.core.cards import parse_bid

    while True:
        answer = ask("Your bid? 1=♠ 2=♥ 3=♦ 4=♣ 5=misère (or S H D C M): ", out)
        if answer in ("?", "h", "help"):
            print(_PLAY_HELP, file=out)
            continue
        number = as_number(answer)
        if number is not None:
            if not 1 <= number <= len(_BID_ORDER):
                print(
                    f"  {brief(answer)} is out of range: the bids are numbered 1 to 5 "
                    "(or type S, H, D, C or M).",
                    file=out,
                )
                continue
            answer = _BID_ORDER[number - 1]
        try:
            return parse_bid(answer)
        except BugamiError:
            print(f"  {brief(answer)} is not a bid: type S, H, D, C or M (or 1-5).", file=out)


def _ask_card(current: Deal, names: list[str], color: bool, out: TextIO) -> str:
    from bugami.core.play import check_play
    from bugami.pictures.render import card_text, hand_text, trick_text

    players = current.rules.players
    me = current.to_move
    assert me is not None
    assert current.leader is not None
    legal = legal_moves(current)
    if current.current_trick:
        print(
            "On the table: "
            + trick_text(current.current_trick, current.leader, players, names=names, color=color),
            file=out,
        )
    else:
        print("You lead.", file=out)
    print(_indent(hand_text(current.hands[me], legal=legal, color=color)), file=out)
    menu = "  ".join(f"{n}={card_text(card, color=color)}" for n, card in enumerate(legal, 1))
    print(f"Legal: {menu}", file=out)
    while True:
        answer = ask("Your card? ", out)
        if answer in ("?", "h", "help"):
            print(_PLAY_HELP, file=out)
            continue
        number = as_number(answer)
        if number is not None:
            if 1 <= number <= len(legal):
                return str(legal[number - 1])
            print(
                f"  {brief(answer)} is out of range: the legal cards are numbered "
                f"{numbered(1, len(legal))} (or type a card, such as {legal[0]}).",
                file=out,
            )
            continue
        try:
            check_play(current, answer, seat=me)
        except BugamiError as error:
            print(f"  {error}", file=out)
            continue
        return answer


# --- simulate --------------------------------------------------------------------


def _add_simulate(commands: argparse._SubParsersAction[_Parser]) -> None:
    parser = commands.add_parser("simulate", help="run many deals or games between bots")
    _add_rules_options(parser)
    parser.add_argument(
        "--bots",
        default="heuristic",
        help=f"one bot for every seat, or a comma-separated list, one per seat ({_BOT_SPECS}); "
        "default heuristic",
    )
    count = parser.add_mutually_exclusive_group()
    count.add_argument(
        "--deals", type=_NUMBER, default=None, help="single deals to play (default 100)"
    )
    count.add_argument("--games", type=_NUMBER, default=None, help="whole games to play")
    parser.add_argument("--seed", default="0", help="root seed (default 0)")
    parser.add_argument(
        "--workers",
        type=_NUMBER,
        default=None,
        help="processes (default: one per CPU; 0: none; at most 4 per CPU)",
    )
    parser.add_argument("--out", default=None, help="write the rows to this file")
    parser.add_argument(
        "--format",
        choices=("csv", "jsonl"),
        default=None,
        help="format of --out (default from its extension, else csv)",
    )
    parser.add_argument(
        "--records",
        default=None,
        help="keep every record in this file (.txt: text, else JSON Lines)",
    )
    parser.add_argument(
        "--max-deals",
        type=_NUMBER,
        default=None,
        help="stop a game unfinished after this many deals (default: none; Argute 100)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress display")
    parser.set_defaults(run=_simulate)


def _simulate(arguments: argparse.Namespace, out: TextIO) -> int:
    from bugami.analysis.simulate import WORKERS_PER_CPU, max_workers
    from bugami.bots import make_bot

    rules = _argute_rules(arguments) if arguments.game == "argute" else _rules(arguments)
    specs = [spec for spec in arguments.bots.split(",") if spec.strip()]
    if len(specs) == 1:
        specs *= rules.players
    if len(specs) != rules.players:
        raise BugamiError(f"--bots names {len(specs)} bots but the table has {rules.players} seats")
    bots = [make_bot(spec, game=arguments.game) for spec in specs]
    if arguments.games is None and arguments.deals is None:
        arguments.deals = 100
    for name in ("deals", "games", "workers"):
        value = getattr(arguments, name)
        if value is not None and value < 0:
            raise BugamiError(f"--{name} must not be negative")
    for name in ("deals", "games"):
        value = getattr(arguments, name)
        if value is not None and value > _MAX_COUNT:
            raise BugamiError(
                f"--{name} must be at most {_MAX_COUNT} (every row is kept in memory), not {value}"
            )
    most = max_workers()
    if arguments.workers is not None and arguments.workers > most:
        raise BugamiError(
            f"--workers must be at most {most} ({WORKERS_PER_CPU} per CPU here), "
            f"not {arguments.workers}"
        )
    if arguments.max_deals is not None and arguments.max_deals < 1:
        raise BugamiError("--max-deals must be at least 1")
    outputs = [path for path in (arguments.out, arguments.records) if path is not None]
    if len(outputs) == 2 and os.path.realpath(outputs[0]) == os.path.realpath(outputs[1]):
        raise BugamiError("--out and --records name the same file")
    with contextlib.ExitStack() as stack:
        # Every output is opened (as a temporary file beside it) before the work starts.
        files = {path: stack.enter_context(_whole_or_nothing(path)) for path in outputs}
        written = _run_simulation(arguments, rules, bots, files, out)
    for line in written:  # now that every file is in its place
        print(line, file=out)
    return 0


def _run_simulation(
    arguments: argparse.Namespace,
    rules: Rules | argute.Rules,
    bots: list[Any],
    files: dict[str, TextIO],
    out: TextIO,
) -> list[str]:
    """Run the simulation, print its table, write its files; what was written."""
    from bugami.analysis.simulate import simulate, summarize, write_csv, write_jsonl

    records = None
    if arguments.records is not None:
        records = "text" if arguments.records.endswith(".txt") else "json"
    report = _progress_reporter(arguments.quiet)
    result = simulate(
        rules,
        bots,
        deals=arguments.deals,
        games=arguments.games,
        seed=arguments.seed,
        workers=arguments.workers,
        records=records,  # type: ignore[arg-type]
        progress=report,
        max_deals=arguments.max_deals,
    )
    if report is not None:
        report(-1, -1)
    what = f"{arguments.games} games" if arguments.games is not None else f"{arguments.deals} deals"
    print(
        f"{what}, {rules.players} players, seed {arguments.seed!r}: {len(result.rows)} rows",
        file=out,
    )
    if arguments.game == "argute":
        header = ["bot", "seat-hands", "mean points", "95% CI", "mean bid", "exact bids"]
        extra = [("mean_bid", "{:.2f}"), ("exact_bids", "{}")]
    else:
        header = ["bot", "seat-deals", "mean points", "95% CI", "misère bid", "misère made"]
        extra = [("misere_bids", "{}"), ("misere_made", "{}")]
    lines = [
        [
            str(line["bot"]),
            str(line["seat_deals"]),
            f"{line['mean_points']:.2f}",
            f"±{line['ci95']:.2f}",
            *(form.format(line[key]) for key, form in extra),
        ]
        for line in summarize(result.rows)
    ]
    from bugami.pictures.render import text_table

    print(text_table(header, lines), file=out)
    written = []
    if arguments.out is not None:
        kind = arguments.format or (
            "jsonl" if arguments.out.endswith((".jsonl", ".json")) else "csv"
        )
        (write_jsonl if kind == "jsonl" else write_csv)(result.rows, files[arguments.out])
        written.append(f"rows written to {_one_line(arguments.out)} ({kind})")
    if arguments.records is not None:
        file = files[arguments.records]
        for number, text in enumerate(result.records):
            if records == "text" and number:
                file.write("\n")
            file.write(text if records == "text" else text + "\n")
        written.append(f"records written to {_one_line(arguments.records)}")
    return written


@contextlib.contextmanager
def _whole_or_nothing(path: str) -> Iterator[TextIO]:
    """A text file to write ``path`` with: a temporary file beside it, which
    takes the place of ``path`` only once written in full (when the block
    ends without an error); otherwise it is removed and ``path`` is left as it
    was. Opening it checks at once that ``path`` can be written."""
    if os.path.isdir(path):
        raise IsADirectoryError(21, "Is a directory", path)
    directory, name = os.path.split(os.path.abspath(path))
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".part", dir=directory)
    except OSError as error:  # name the file asked for, not the temporary one
        raise OSError(error.errno, error.strerror, path) from None
    try:
        with open(handle, "w", encoding="utf-8", newline="") as file:
            yield file
        try:
            mode = os.stat(path).st_mode & 0o777
        except OSError:  # a new file: the permissions open() would give it
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)


def _progress_reporter(quiet: bool) -> Callable[[int, int], object] | None:
    """A progress display on standard error when it is a terminal: a rich
    progress bar if rich is installed, else a counter."""
    if quiet or not sys.stderr.isatty():
        return None
    try:
        from rich.progress import Progress
    except ImportError:

        def plain(done: int, total: int) -> None:
            if done < 0:
                print(file=sys.stderr)
            else:
                print(f"\r{done}/{total}", end="", file=sys.stderr, flush=True)

        return plain
    bar = Progress(transient=True)
    task = None

    def fancy(done: int, total: int) -> None:
        nonlocal task
        if done < 0:
            bar.stop()
            return
        if task is None:
            bar.start()
            task = bar.add_task("simulating", total=total)
        bar.update(task, completed=done)

    return fancy


# --- show and check --------------------------------------------------------------


def _add_show_and_check(commands: argparse._SubParsersAction[_Parser]) -> None:
    show = commands.add_parser("show", help="print the records of a file as tables")
    show.add_argument("file", help="a record file (JSON Lines or text records)")
    show.add_argument(
        "--color", choices=("auto", "always", "never"), default="auto", help="suit colours"
    )
    show.set_defaults(run=_show)
    check = commands.add_parser("check", help="validate record files, one line per problem")
    check.add_argument("files", nargs="+", metavar="FILE", help="record files")
    check.set_defaults(run=_check)


def _show(arguments: argparse.Namespace, out: TextIO) -> int:
    from bugami.pictures.render import deal_text, game_text
    from bugami.record import read_records

    color = _use_color(arguments.color, out)
    count = 0
    with _open_records(arguments.file, name=True) as file:
        for count, record in enumerate(read_records(file), 1):
            state = record.state
            tags = [
                f"{name}: {value}"
                for name, value in (
                    ("event", record.event),
                    ("site", record.site),
                    ("date", record.date),
                    ("comment", record.comment),
                )
                if value
            ]
            rules = state.rules
            variants = [f"{rules.players} players"]
            if isinstance(rules, Rules):
                if rules.jokers:
                    variants.append(f"{rules.jokers} joker{'s' if rules.jokers > 1 else ''}")
                variants += [
                    field.label
                    for field in rules.fields()
                    if field.kind is bool and getattr(rules, field.name)
                ]
            bugami_state = isinstance(state, (Deal, Game, DealView, GameView))
            kind = ("" if bugami_state else f"{type(rules).__module__.split('.')[1]} ") + type(
                state
            ).__name__
            seat = getattr(state, "seat", None)
            if seat is not None:
                kind += f" for seat {seat}"
            print(
                f"{'' if count == 1 else chr(10)}Record {count}: {kind}, {', '.join(variants)}",
                file=out,
            )
            for tag in tags:
                print(f"  {tag}", file=out)
            names = list(record.seats) if record.seats else None
            if isinstance(state, (Deal, DealView)):
                print(deal_text(state, names=names, color=color), file=out)
            elif isinstance(state, (Game, GameView)):
                print(game_text(state, names=names, color=color), file=out)
            else:  # a record of Argute
                from bugami.pictures.render import argute_text

                print(argute_text(state, names=names), file=out)
    if count == 0:
        print(f"{_one_line(arguments.file)}: no records", file=out)
        return 1
    return 0


class _NotTextError(BugamiError):
    """A file that is not text in UTF-8, such as a binary file."""


@contextlib.contextmanager
def _open_records(path: str, *, name: bool = False) -> Iterator[TextIO]:
    """A record file opened for reading, with a file that is not text in
    UTF-8 (such as a binary file) turned into a one-line error that begins
    with the file's name if ``name``."""
    if os.path.isdir(path):
        raise IsADirectoryError(21, "Is a directory", path)
    with open(path, encoding="utf-8") as file:
        try:
            yield file
        except UnicodeDecodeError as error:
            raise _NotTextError(
                f"{path + ': ' if name else ''}not a record file: it is not text in UTF-8 "
                f"({error.reason})"
            ) from None


def _check(arguments: argparse.Namespace, out: TextIO) -> int:
    problems = 0
    for path in arguments.files:
        shown = _one_line(path)
        try:
            found, bad = _check_file(path, shown, out)
        except OSError as error:
            print(f"{shown}: cannot read: {_one_line(_os_reason(error))}", file=out)
            problems += 1
            continue
        except _NotTextError as error:
            print(f"{shown}: cannot read: {error}", file=out)
            problems += 1
            continue
        except BugamiError as error:  # too long a line or record: the rest cannot be read
            print(_one_line(f"{shown}: {error}"), file=out)
            problems += 1
            continue
        problems += bad
        if not found and not bad:
            print(f"{shown}: no records", file=out)
            problems += 1
        elif not bad:
            print(f"{shown}: {found} record{'s' if found != 1 else ''}, all valid", file=out)
    return 1 if problems else 0


def _check_file(path: str, shown: str, out: TextIO) -> tuple[int, int]:
    """Check every record of a file, one at a time; print a line per fault.
    Returns the number of records found and of faults."""
    from bugami.record import load_record, record_texts

    found = bad = 0
    with _open_records(path) as file:
        for found, (text, line) in enumerate(record_texts(file), 1):
            try:
                load_record(text, first_line=line)
            except BugamiError as error:
                bad += 1
                print(_one_line(f"{shown}:{line}: record {found}: {error}"), file=out)
    return found, bad
