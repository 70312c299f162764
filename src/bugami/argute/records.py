"""Reading and writing records of Argute.

Records of Argute share Bugami's formats and functions
(:func:`bugami.dumps`, :func:`bugami.loads`, ...): the record names its game
and they read either. The readers here accept Argute records only, so that a
Bugami record passed by mistake is a clear :class:`~bugami.errors.RecordError`.

>>> from bugami import argute
>>> state = argute.deal(argute.Rules(players=2), seed=1)
>>> argute.loads(argute.dumps(state, format="text")) == state
True
"""

from __future__ import annotations

from typing import IO, TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from bugami.argute.game import Game
    from bugami.argute.state import Deal
    from bugami.argute.view import DealView, GameView
    from bugami.record import Record

__all__ = ["dump", "dumps", "load", "load_record", "loads"]


def dumps(
    obj: Deal | Game | DealView | GameView | Record, format: Literal["json", "text"] = "json"
) -> str:
    """A hand, a game or a view of Argute (or a :class:`~bugami.Record` of
    one) as record text; the same as :func:`bugami.dumps`.

    >>> from bugami import argute
    >>> argute.dumps(argute.deal(argute.Rules(), seed=1))[:53]
    '{"format":"bugami-record","version":1,"game":"argute"'
    """
    from bugami.record import dumps as write

    return write(obj, format)


def load_record(text: str) -> Record:
    """Read a record of Argute with its tags (see :func:`bugami.load_record`);
    a record of any other game is refused.

    >>> import bugami
    >>> load_record(bugami.dumps(bugami.deal(bugami.Rules(), seed=1), format="text"))
    Traceback (most recent call last):
    ...
    bugami.errors.RecordError: line 1: this is a record of Bugami, not of Argute
    """
    from bugami.record import load_record as read

    return read(text, game="argute")


def loads(text: str) -> Deal | Game | DealView | GameView:
    """Read a record of Argute and return the hand, game or view it holds
    (see :func:`bugami.loads`); a record of any other game is refused.

    >>> from bugami import argute
    >>> game = argute.new_game(argute.Rules(), seed=3)
    >>> argute.loads(argute.dumps(argute.view(game, 1))) == argute.view(game, 1)
    True
    """
    return load_record(text).state  # type: ignore[return-value]


def dump(
    obj: Deal | Game | DealView | GameView | Record,
    fp: IO[str],
    format: Literal["json", "text"] = "json",
) -> None:
    """Write a hand, a game or a view of Argute (or a :class:`~bugami.Record`
    of one) to a file opened for writing text; the same as :func:`bugami.dump`.

    >>> import io
    >>> from bugami import argute
    >>> out = io.StringIO()
    >>> argute.dump(argute.deal(argute.Rules(), seed=1), out, format="text")
    >>> out.getvalue().splitlines()[0]
    '[Game "Argute"]'
    """
    from bugami.record import dump as write

    write(obj, fp, format)


def load(fp: IO[str]) -> Deal | Game | DealView | GameView:
    """Read a record of Argute from a file opened for reading text and return
    the hand, game or view it holds (see :func:`bugami.load`); a record of any
    other game is refused.

    >>> import io
    >>> from bugami import argute
    >>> game = argute.new_game(argute.Rules(players=3), seed=2)
    >>> argute.load(io.StringIO(argute.dumps(game))) == game
    True
    """
    from bugami.record import load as read

    return read(fp, game="argute")  # type: ignore[return-value]
