"""The terminal's side of the command: asking a line, leaving the game.

Both games' ``play`` loops ask through :func:`ask`, which turns the end of the
input, Ctrl-C and ``q`` into :class:`QuitError`, and echoes scripted input so
that a transcript reads well.
"""

from __future__ import annotations

import sys
from typing import TextIO

from bugami.errors import BugamiError

__all__ = ["QuitError", "ask"]


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
