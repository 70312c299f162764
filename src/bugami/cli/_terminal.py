"""The terminal's side of the command: seating the player, asking a line,
leaving the game.

Both games' ``play`` commands seat the player with :func:`seating`, run their
game through :func:`run_game` and ask through :func:`ask`, which turns the end
of the input, Ctrl-C and ``q`` into :class:`QuitError`, and echoes scripted
input so that a transcript reads well.

How a game left early ends the command: ``q`` (or ``quit``, ``exit``) is the
player's choice, and exits with status 0 (:data:`QUIT`); the end of the input
before the end of the game (a script that ran short) exits with status 1
(:data:`INPUT_ENDED`); Ctrl-C exits with status 130 (:data:`INTERRUPTED`), as
it does everywhere else in the command.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
from collections.abc import Callable
from typing import Any, Final, TextIO, TypeVar

from bugami.errors import BugamiError

__all__ = [
    "INPUT_ENDED",
    "INTERRUPTED",
    "QUIT",
    "QuitError",
    "WrongAnswerError",
    "as_number",
    "ask",
    "ask_choice",
    "numbered",
    "run_game",
    "seating",
    "use_color",
]

GameT = TypeVar("GameT")
ChoiceT = TypeVar("ChoiceT")

QUIT: Final = 0
"""The exit status of a game the player left with ``q``: on purpose, so a success."""
INPUT_ENDED: Final = 1
"""The exit status of a game whose input ended before it did."""
INTERRUPTED: Final = 130
"""The exit status of a game interrupted by Ctrl-C (128 + SIGINT, as shells have it)."""


class QuitError(Exception):
    """The player left the game: ``status`` is the command's exit status
    (:data:`QUIT`, :data:`INPUT_ENDED` or :data:`INTERRUPTED`)."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def ask(prompt: str, out: TextIO) -> str:
    """One line of input, with end of input and Ctrl-C turned into :class:`QuitError`."""
    try:
        if out is sys.stdout:
            answer = input(prompt)
        else:
            out.write(prompt)
            out.flush()
            answer = input()
    except EOFError:
        print(file=out)
        raise QuitError(INPUT_ENDED) from None
    except KeyboardInterrupt:
        print(file=out)
        raise QuitError(INTERRUPTED) from None
    except UnicodeDecodeError:
        raise BugamiError("the input is not text in UTF-8") from None
    if not sys.stdin.isatty():  # scripted input: show it, so the transcript reads well
        print(answer, file=out)
    answer = answer.strip()
    if answer.lower() in ("q", "quit", "exit"):
        raise QuitError(QUIT)
    return answer


HELP_WORDS: Final = ("?", "h", "help")
"""What a player types at any prompt to see the help."""


class WrongAnswerError(Exception):
    """A line that answers the prompt wrongly: the message says why and what
    to type instead, and the prompt is asked again."""


def ask_choice(prompt: str, out: TextIO, help_text: str, read: Callable[[str], ChoiceT]) -> ChoiceT:
    """Ask ``prompt`` until ``read`` accepts a line: the help words print
    ``help_text``, and a line ``read`` refuses with :class:`WrongAnswerError` prints
    its message, indented, before the prompt comes again."""
    while True:
        answer = ask(prompt, out)
        if answer in HELP_WORDS:
            print(help_text, file=out)
            continue
        try:
            return read(answer)
        except WrongAnswerError as wrong:
            print(f"  {wrong}", file=out)


_DIGITS: Final = re.compile("[0-9]+")


def as_number(answer: str) -> int | None:
    """The whole number ``answer`` is (ASCII digits only), or ``None`` if it
    is not one. A number of more than 12 digits, out of every range the
    prompts offer, is returned as ``sys.maxsize`` (it is never converted)."""
    if not _DIGITS.fullmatch(answer):
        return None
    return int(answer) if len(answer) <= 12 else sys.maxsize


def numbered(first: int, last: int) -> str:
    """``"1 to 5"``, or ``"1"`` when there is only one."""
    return f"{first} to {last}" if last > first else str(first)


def seating(arguments: argparse.Namespace, players: int) -> tuple[int | str, int, list[str]]:
    """The seed (the one given, else a fresh one), the player's seat, and
    everyone's name at the table."""
    if not 0 <= arguments.seat < players:
        raise BugamiError(f"--seat must be a seat from 0 to {players - 1}")
    seed = arguments.seed if arguments.seed is not None else random.SystemRandom().randrange(10**6)
    me: int = arguments.seat
    return seed, me, ["you" if seat == me else f"bot {seat}" for seat in range(players)]


def run_game(
    title: str,
    game: GameT,
    seed: int | str,
    me: int,
    bots: dict[int, Any],
    names: list[str],
    play_deal: Callable[[GameT], GameT],
    out: TextIO,
) -> int:
    """Play ``game`` deal by deal to its end; the exit status (0, or the
    :class:`QuitError`'s status if the player left)."""
    state: Any = game
    rules = state.rules
    print(
        f"{title}: {rules.players} players, target {rules.target}, seed {seed}. "
        f"You are seat {me}; the others are {bots[(me + 1) % rules.players].name} bots.",
        file=out,
    )
    print("Type ? for help, q to leave.", file=out)
    try:
        while not state.is_over:
            state = play_deal(state)
    except QuitError as left:
        print("Game abandoned.", file=out)
        return left.status
    print(f"\n{names[state.winner]} won the game with {max(state.totals)} points.", file=out)
    return 0


def use_color(choice: str, out: TextIO) -> bool:
    """Whether to print suit colours: the ``--color`` choice (``always``,
    ``never`` or ``auto``: when ``out`` is a terminal and ``NO_COLOR`` is not
    set)."""
    if choice == "always":
        return True
    if choice == "never" or "NO_COLOR" in os.environ:
        return False
    isatty = getattr(out, "isatty", None)
    return bool(isatty and isatty())
