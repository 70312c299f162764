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

from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from bugami.argute.game import Game
    from bugami.argute.state import Deal
    from bugami.argute.view import DealView, GameView
    from bugami.record import Record

__all__ = ["dumps", "load_record", "loads"]


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
