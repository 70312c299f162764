"""The ``bugami`` command (also ``python -m bugami``).

Seven subcommands, for both games, Bugami and Argute:

* ``bugami play`` -- play a game in the terminal against bots;
* ``bugami simulate`` -- a study: many deals or games between bots, with a
  summary table, the rows written to CSV or JSON Lines;
* ``bugami show FILE`` -- print the records of a file as readable tables;
* ``bugami check FILE...`` -- validate records, one line per problem;
* ``bugami demo`` -- watch a whole game between computer players;
* ``bugami review FILE`` -- every decision of the recorded games valued, with
  the points each one lost (a table, or ``--json``);
* ``bugami solve FILE`` -- the open-hand values along the play of the
  recorded deals, and the cards that gave up points.

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
from typing import Any, Final, NamedTuple, NoReturn, TextIO

from bugami.__about__ import __version__
from bugami._kernel.declaration import GameDeclaration
from bugami._kernel.fields import RuleField, rule_fields
from bugami.argute.declaration import DECLARATION as ARGUTE
from bugami.cli._argute import ARGUTE_DEMO_HANDS, demo_argute, play_argute
from bugami.cli._bugami import demo_bugami, play_bugami
from bugami.cli._record_files import record_words
from bugami.cli._review import add_review
from bugami.cli._solve import add_solve
from bugami.cli._terminal import use_color
from bugami.core.dealing import MAX_SEED_DIGITS
from bugami.core.declaration import DECLARATION as BUGAMI
from bugami.core.game import Game
from bugami.core.rules import Rules
from bugami.core.state import Deal
from bugami.core.view import DealView, GameView
from bugami.errors import BugamiError

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
_WHOLE_SEED = _whole(MAX_SEED_DIGITS)


def _seed(text: str) -> int | str:
    """An argparse type for ``demo`` and ``play``: a whole number is an int
    seed (``--seed 7`` deals as ``seed=7`` does), other text a str seed, as
    ``simulate`` and ``review`` take it."""
    try:
        return _WHOLE_SEED(text)
    except argparse.ArgumentTypeError:
        if 0 < len(text) <= 100 and text.isprintable():
            return text
    raise argparse.ArgumentTypeError(
        f"expected a whole number of at most {MAX_SEED_DIGITS} digits or a text of 1 to 100 "
        "characters"
    )


def _check_target(target: int | None) -> None:
    if target is not None and target > _MAX_TARGET:
        raise BugamiError(
            f"--target must be at most {_MAX_TARGET} here (a game to {target} would hardly end)"
        )


_DESCRIPTION = """\
Two card games, exactly by their rules: Bugami, David Parlett's trick-taking
game of secret bug suits (3 to 7 players), and Argute, a game of bidding the
number of tricks you will win (2 to 7 players). Play against bots, run a study
between bots, watch a demo, print and check game records, review the
decisions of recorded games or solve their deals with every hand open.

Bugami is the default. Choose the game with --game after the command:
  bugami play --game argute       (also: simulate, demo)
show, check, review and solve read records of either game. See bugami
COMMAND --help."""

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
    for add in (_add_demo, _add_play, _add_simulate, _add_show_and_check, add_review, add_solve):
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
    demo.add_argument("--seed", type=_seed, default=None, help="seed for cards and players")
    demo.add_argument(
        "--quiet",
        action="store_true",
        help="leave out the tricks (the hands, bids and scores stay)",
    )
    demo.set_defaults(run=_demo)


_BOT_SPECS: Final = (
    "random, heuristic, search, search:N, search:Ns, solver, solver:N, solver:Ns, "
    "calib, calib:N, calib:Ns, infer, infer:N, infer:Ns or best"
)
"""The bots the commands take, for their help: :data:`bugami.bots.BOT_SPECS`,
spelt out so that the help does not import the bots (a test keeps them equal)."""


class _Game(NamedTuple):
    """What the command does with one game, beside what its declaration says
    (its name, title, rules and their fields): how it shows a ``demo``, how a
    person plays it in the terminal (``play``: its prompts and pictures differ),
    and the columns of its ``simulate`` table after the mean points."""

    declaration: GameDeclaration[Any, Any, Any, Any, Any, Any]
    demo: Callable[..., int]
    """``demo(rules, seed, out, *, tricks)``: the exit status."""
    play: Callable[[Any, argparse.Namespace, TextIO], int]
    """``play(rules, arguments, out)``: the exit status."""
    columns: tuple[tuple[str, str, str], ...]
    """``(header, key, format)`` of each column of the game's own in the
    summary table (the keys of :func:`bugami.analysis.simulate.summarize`)."""


# Each game the command plays, by its declared name (the --game choices, the first the
# default): a new game is one more line here, and no branch in the commands.
_GAMES: Final = {
    game.declaration.name: game
    for game in (
        _Game(
            BUGAMI,
            demo_bugami,
            play_bugami,
            (("misère bid", "misere_bids", "{}"), ("misère made", "misere_made", "{}")),
        ),
        _Game(
            ARGUTE,
            demo_argute,
            play_argute,
            (("mean bid", "mean_bid", "{:.2f}"), ("exact bids", "exact_bids", "{}")),
        ),
    )
}


def _rule_fields() -> dict[str, tuple[RuleField, ...]]:
    """The rules' fields each game's command options show, by the game's
    title, read from its rules."""
    return {
        game.declaration.title: rule_fields(game.declaration.rules, "cli")
        for game in _GAMES.values()
    }


def _rule_option_help(name: str) -> str:
    """An option's help, from the fields of that name in each game's rules."""
    every = _rule_fields()
    shown = [(game, f) for game, fields in every.items() for f in fields if f.name == name]
    first = shown[0][1]
    ranges = [
        f"{f.low} to {f.high if f.high is None else min(f.high, _MAX_TARGET)}, default {f.default}"
        for game, f in shown
        if f.kind is not bool
    ]
    if len(ranges) > 1:
        ranges = [f"{game} {text}" for (game, _), text in zip(shown, ranges, strict=True)]
    only = [f"{shown[0][0]} only"] if len(shown) < len(every) else []
    details = "; ".join(ranges + only)
    if not ranges:
        return f"{first.help} ({details})" if details else first.help
    return f"{first.help}: {details}"


def _either(words: Sequence[str]) -> str:
    """``"a or b"``, ``"a, b or c"``."""
    return " or ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)


def _add_rules_options(parser: argparse.ArgumentParser) -> None:
    names = list(_GAMES)
    parser.add_argument(
        "--game",
        choices=tuple(names),
        default=names[0],
        help=f"the game: {_either([names[0] + ' (default)', *names[1:]])}",
    )
    fields = {f.name: f for game_fields in _rule_fields().values() for f in game_fields}
    for name, field in fields.items():
        option = "--" + name.replace("_", "-")
        if field.kind is bool:
            parser.add_argument(option, action="store_true", help=_rule_option_help(name))
        else:
            parser.add_argument(option, type=_NUMBER, default=None, help=_rule_option_help(name))


def _rules_of(arguments: argparse.Namespace) -> Any:  # Any: the rules of the game chosen
    """The rules of the game chosen (``--game``) that the options set; an
    option the game does not have, given, is an error."""
    game = _GAMES[arguments.game].declaration
    every = _rule_fields()
    own = {field.name for field in every[game.title]}
    foreign = {
        field.name: field.label
        for fields in every.values()
        for field in fields
        if field.name not in own
    }
    if any(getattr(arguments, name) not in (None, False) for name in foreign):
        raise BugamiError(f"{game.title} has no " + " and no ".join(foreign.values()))
    _check_target(arguments.target)
    given = {f.name: getattr(arguments, f.name) for f in every[game.title]}
    for field in every[game.title]:
        if given[field.name] is not None:
            _check_option(field, given[field.name])
    return game.rules(**{name: value for name, value in given.items() if value is not None})


def _check_option(field: RuleField, value: object) -> None:
    """Refuse a rules option's value as the rules would, naming the option
    (``--players must be ...``) rather than the field."""
    try:
        field.check(value)
    except BugamiError as error:
        message = str(error)
        if message.startswith(field.name + " "):
            message = "--" + field.name.replace("_", "-") + message[len(field.name) :]
        raise BugamiError(message) from None


def _demo(arguments: argparse.Namespace, out: TextIO) -> int:
    seed = arguments.seed if arguments.seed is not None else random.SystemRandom().randrange(10**6)
    return _GAMES[arguments.game].demo(_rules_of(arguments), seed, out, tricks=not arguments.quiet)


# --- play ------------------------------------------------------------------------


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
    parser.add_argument("--seed", type=_seed, default=None, help="seed for cards and bots")
    parser.add_argument(
        "--color", choices=("auto", "always", "never"), default="auto", help="suit colours"
    )
    parser.set_defaults(run=_play)


def _play(arguments: argparse.Namespace, out: TextIO) -> int:
    return _GAMES[arguments.game].play(_rules_of(arguments), arguments, out)


# --- simulate --------------------------------------------------------------------


def _add_simulate(commands: argparse._SubParsersAction[_Parser]) -> None:
    parser = commands.add_parser(
        "simulate",
        help="run many deals or games between bots",
        description=(
            "Play many deals (--deals) or whole games (--games) between bots, spread over "
            "--workers processes, and print a line per bot: its mean points a deal with a "
            "95% interval and the game's counts (misère bids made, bids met). --out writes "
            "one row per seat and deal (CSV or JSON Lines), --records the records of the "
            "play. The same --seed gives the same rows."
        ),
    )
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

    rules = _rules_of(arguments)
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
        if getattr(arguments, name) == 0:  # a study of nothing: an empty table
            raise BugamiError(f"--{name} must be at least 1")
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
    rules: Any,  # the rules of the game chosen
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
    game = _GAMES[arguments.game]
    deal_word = game.declaration.deal_word
    what = (
        f"{arguments.games} games"
        if arguments.games is not None
        else f"{arguments.deals} {deal_word}{'s' if arguments.deals != 1 else ''}"
    )
    print(
        f"{what}, {rules.players} players, seed {arguments.seed}: {len(result.rows)} rows",
        file=out,
    )
    header = ["bot", f"seat-{deal_word}s", "mean points", "95% CI"]
    header += [title for title, _, _ in game.columns]
    lines = [
        [
            str(line["bot"]),
            str(line["seat_deals"]),
            f"{line['mean_points']:.2f}",
            f"±{line['ci95']:.2f}",
            *(form.format(line[key]) for _, key, form in game.columns),
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
    show = commands.add_parser(
        "show",
        help="print the records of a file as tables",
        description=(
            "Print each record of a file (JSON Lines or text records, of Bugami or Argute) "
            "as tables: the hands, the bids, each trick with its winner, and the points."
        ),
    )
    show.add_argument("file", help="a record file (JSON Lines or text records)")
    show.add_argument(
        "--color", choices=("auto", "always", "never"), default="auto", help="suit colours"
    )
    show.set_defaults(run=_show)
    check = commands.add_parser(
        "check",
        help="validate record files, one line per problem",
        description=(
            "Read every record of each file and replay it by the rules: each fault is one "
            "line, FILE:LINE:COLUMN of the fault (FILE:LINE of the record's first line "
            "where the message names no place), the record's number and what is wrong "
            "where. The exit status is 1 if any record is faulty or a file has none."
        ),
    )
    check.add_argument("files", nargs="+", metavar="FILE", help="record files")
    check.set_defaults(run=_check)


def _show(arguments: argparse.Namespace, out: TextIO) -> int:
    from bugami.pictures.render import deal_text, game_text
    from bugami.record import read_records

    color = use_color(arguments.color, out)
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
            kind = record_words(state)
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
            print(f"{shown}: cannot read: {_one_line(error.strerror or str(error))}", file=out)
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
                where, fault = _fault_place(str(error), line, text.lstrip().startswith("{"))
                print(_one_line(f"{shown}:{where}: record {found}: {fault}"), file=out)
    return found, bad


_PLACE = re.compile(r"line (\d+)(?:, column (\d+))?: ")


def _fault_place(message: str, first: int, json_line: bool) -> tuple[str, str]:
    """Where a record's fault lies, as ``LINE`` or ``LINE:COLUMN`` of the
    file (what editors and CI annotations jump to), and the message without
    the place it began with: the line and column the message names (a text
    record's are the file's; a JSON record's line is the record's own, the
    file's ``first``), else the record's first line.

    >>> _fault_place("line 17, column 10: '6X' is not a card", 1, False)
    ('17:10', "'6X' is not a card")
    >>> _fault_place("line 1, column 52: not valid JSON: Extra data", 4, True)
    ('4:52', 'not valid JSON: Extra data')
    >>> _fault_place("at $.deals[0].dealer: a seat is 0 to 3, not 9", 4, True)
    ('4', 'at $.deals[0].dealer: a seat is 0 to 3, not 9')
    """
    place = _PLACE.match(message)
    if place is None:
        return str(first), message
    line = first if json_line else int(place[1])
    return (f"{line}:{place[2]}" if place[2] else str(line)), message[place.end() :]
