"""The terminal's side of the command: seating the player, asking a line,
leaving the game.

Both games' ``play`` commands seat the player with :func:`seating`, run their
game through :func:`run_game` and ask through :func:`ask`, which turns the end
of the input, Ctrl-C and ``q`` into :class:`QuitError`, and echoes scripted
input so that a transcript reads well.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from typing import Any, TextIO, TypeVar

from bugami.errors import BugamiError

__all__ = ["QuitError", "ask", "run_game", "seating"]

GameT = TypeVar("GameT")


class QuitError(Exception):
    """The player left the game (q, end of input or Ctrl-C)."""


def ask(prompt: str, out: TextIO) -> str:
    """One line of input, with end of input and Ctrl-C turned into :class:`QuitError`."""
    try:
        if out is sys.stdout:
            answer = input(prompt)
        else:
            out.write(prompt)
            out.flush()
            answer = input()
    except (EOFError, KeyboardInterrupt):
        print(file=out)
        raise QuitError from None
    except UnicodeDecodeError:
        raise BugamiError("the input is not text in UTF-8") from None
    if not sys.stdin.isatty():  # scripted input: show it, so the transcript reads well
        print(answer, file=out)
    answer = answer.strip()
    if answer.lower() in ("q", "quit", "exit"):
        raise QuitError
    return answer


def seating(arguments: argparse.Namespace, players: int) -> tuple[int, int, list[str]]:
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
    seed: int,
    me: int,
    bots: dict[int, Any],
    names: list[str],
    play_deal: Callable[[GameT], GameT],
    out: TextIO,
) -> int:
    """Play ``game`` deal by deal to its end; the exit status (1 if the player
    left)."""
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
    except QuitError:
        print("Game abandoned.", file=out)
        return 1
    print(f"\n{names[state.winner]} won the game with {max(state.totals)} points.", file=out)
    return 0
