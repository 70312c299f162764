"""The record of a deal or a whole game: a state plus its tags.

A :class:`Record` pairs a state (a :class:`~bugami.Deal` or a
:class:`~bugami.Game`, or a view of one) with what people like to note about it: the event, the
site, the date, the names at the seats, a comment on the whole, comments on
single tricks, and any other tags of their own.

>>> import bugami
>>> state = bugami.deal(bugami.Rules(players=3), seed=1)
>>> record = Record.from_state(state, event="Club night", seats=("Ann", "Bob", "Cy"))
>>> record.event, record.seats, record.state == state
('Club night', ('Ann', 'Bob', 'Cy'), True)
"""

from __future__ import annotations

import re
from typing import Any, Final, Generic, TypeVar

import attrs

from bugami._kernel.display import Pictured
from bugami._kernel.values import Value
from bugami._records.kinds import kind_of
from bugami.errors import InvalidInputError, brief

__all__ = ["MAX_EXTRA", "MAX_TEXT", "Record", "TrickComment"]

StateT = TypeVar("StateT", covariant=True)
HeldT = TypeVar("HeldT")

_TAG_NAME: Final = re.compile(r"[A-Z][A-Za-z0-9_]{0,31}\Z")
_RESERVED: Final = frozenset(
    {
        "Game",
        "Version",
        "Record",
        "Event",
        "Site",
        "Date",
        "Comment",
        "Players",
        "Jokers",
        "ShotgunWedding",
        "Target",
        "Seed",
        "Seat",
        "View",
    }
)
# Documented where bugami.record names them.
MAX_TEXT: Final = 2000
MAX_EXTRA: Final = 100
# Line breaks (as str.splitlines sees them), control characters (C0 and C1),
# braces, and lone surrogates, which no UTF-8 file can hold.
_FORBIDDEN: Final = re.compile(r"[\x00-\x1f\x7f-\x9f{}\u2028\u2029\ud800-\udfff]")


# The checks of a record's fields are the attrs validators of Record: attrs
# runs them in the order of the fields, once every field is set, whether the
# record is made by Record(...) or by attrs.evolve.


def _check_text(what: str, value: object, *, optional: bool = True) -> None:
    if value is None and optional:
        return
    if not isinstance(value, str):
        raise InvalidInputError(f"{what} must be a str, not {brief(value)}")
    if len(value) > MAX_TEXT:
        raise InvalidInputError(f"{what} is longer than {MAX_TEXT} characters")
    if _FORBIDDEN.search(value):
        raise InvalidInputError(
            f"{what} may not hold line breaks, control characters, braces or lone "
            f"surrogates: {value!r}"
        )


def _check_seats(record: Record[Any], attribute: object, value: Any) -> None:
    if value is None:
        return
    players = _players(record.state)
    if not isinstance(value, tuple) or len(value) != players:
        raise InvalidInputError(f"seats must be a tuple of {players} names, not {brief(value)}")
    for seat, name in enumerate(value):
        _check_text(f"the name of seat {seat}", name, optional=False)


def _players(state: object) -> int:
    if kind_of(state) is not None:
        players: int = state.rules.players  # type: ignore[attr-defined]
        return players
    raise InvalidInputError(
        f"a record holds a bugami Deal, Game or view (or an Argute one), not {brief(state)}"
    )


@attrs.frozen
class TrickComment(Value):
    """A comment on one completed trick: ``deal`` and ``trick`` count from 0
    (``deal`` is 0 in the record of a single deal). Immutable; compares by
    value; an attrs class. The numbers and the text are checked when a
    :class:`Record` holding the comment is made.

    >>> TrickComment(0, 3, "a brave duck")
    TrickComment(deal=0, trick=3, text='a brave duck')
    """

    deal: int
    trick: int
    text: str


TrickComment.__module__ = "bugami.record"  # where the API reference documents it


def _check_comments(record: Record[Any], attribute: object, value: Any) -> None:
    if not isinstance(value, tuple) or not all(isinstance(c, TrickComment) for c in value):
        raise InvalidInputError(
            f"trick_comments must be a tuple of TrickComment, not {brief(value)}"
        )
    if not value:
        return
    deals = _finished_tricks(record.state)
    seen = set()
    for comment in value:
        if not all(
            isinstance(number, int) and not isinstance(number, bool)
            for number in (comment.deal, comment.trick)
        ):
            raise InvalidInputError(
                f"a trick comment's deal and trick are ints, not {brief(comment.deal)} "
                f"and {brief(comment.trick)}"
            )
        where = (comment.deal, comment.trick)
        if where in seen:
            raise InvalidInputError(f"two comments on trick {comment.trick} of deal {comment.deal}")
        seen.add(where)
        if not (0 <= comment.deal < len(deals) and 0 <= comment.trick < deals[comment.deal]):
            raise InvalidInputError(
                f"there is no completed trick {brief(comment.trick)} in deal {brief(comment.deal)} "
                f"to comment on"
            )
        _check_text("a trick comment", comment.text, optional=False)
    if list(value) != sorted(value, key=lambda c: (c.deal, c.trick)):
        raise InvalidInputError("trick comments must be in order of deal and trick")


def _finished_tricks(state: Any) -> list[int]:
    """How many completed tricks each deal of a state has."""
    kind = kind_of(state)
    deal: Any = state
    if kind is not None and isinstance(state, (kind.states[0], kind.states[2])):
        return [len(deal.tricks)]
    deals = [len(deal.tricks) for deal in state.deals]
    if state.current is not None:
        deals.append(len(state.current.tricks))
    return deals


def _check_extra(record: Record[Any], attribute: object, value: Any) -> None:
    if not isinstance(value, tuple):
        raise InvalidInputError(
            f"extra tags must be a tuple of (name, value) pairs, not {brief(value)}"
        )
    if len(value) > MAX_EXTRA:
        raise InvalidInputError(f"a record has at most {MAX_EXTRA} tags of your own")
    names = set()
    for pair in value:
        if not (isinstance(pair, tuple) and len(pair) == 2):
            raise InvalidInputError(f"an extra tag is a (name, value) pair, not {brief(pair)}")
        name, text = pair
        if not isinstance(name, str) or not _TAG_NAME.match(name):
            raise InvalidInputError(
                f"a tag name is a capital letter then up to 31 letters, digits or _, not {brief(name)}"
            )
        if name in _RESERVED or re.match(r"Seat\d", name) or name in names:
            raise InvalidInputError(f"the tag name {brief(name)} is reserved or used twice")
        names.add(name)
        _check_text(f"the tag {name}", text, optional=False)


def _check_state(record: Record[Any], attribute: object, state: Any) -> None:
    _players(state)


def _check_tag(record: Record[Any], attribute: attrs.Attribute[Any], text: object) -> None:
    _check_text(attribute.name, text)


@attrs.frozen(kw_only=True)
class Record(Pictured, Value, Generic[StateT]):
    """A deal or a game, with its tags. Immutable; compares by value.

    :param state: the :class:`~bugami.Deal` or :class:`~bugami.Game`, or a
        view of one (:class:`~bugami.DealView`, :class:`~bugami.GameView`):
        the record is then written for that view's seat only. Argute's hands,
        games and views (:mod:`bugami.argute`) are recorded just the same.
    :param event: the event the game was played at.
    :param site: where it was played.
    :param date: when, as free text (``YYYY-MM-DD`` is a good habit).
    :param seats: the players' names, one per seat.
    :param comment: a comment on the whole record.
    :param trick_comments: comments on single completed tricks.
    :param extra: further tags of your own, as ``(name, value)`` pairs (at
        most 100); a name is a capital letter followed by letters, digits or
        ``_``.

    Every argument is keyword-only and checked. Text is at most 2,000
    characters and may not contain line breaks (those of ``str.splitlines()``
    too), control characters, braces or lone surrogates (so that both record
    formats, in UTF-8, can hold it). The class is an attrs class:
    ``attrs.evolve(record, event="Club night")`` is a changed record, checked
    like a new one.

    >>> import attrs, bugami
    >>> record = Record(state=bugami.deal(bugami.Rules(), seed=5), extra=(("Round", "3"),))
    >>> record.extra, record.event
    ((('Round', '3'),), None)
    >>> attrs.evolve(record, site="Leeds").site
    'Leeds'
    >>> attrs.evolve(record, date="{today}")
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: date may not hold line breaks, control characters, braces or lone surrogates: '{today}'
    """

    state: StateT = attrs.field(validator=_check_state)
    event: str | None = attrs.field(default=None, validator=_check_tag)
    site: str | None = attrs.field(default=None, validator=_check_tag)
    date: str | None = attrs.field(default=None, validator=_check_tag)
    seats: tuple[str, ...] | None = attrs.field(default=None, validator=_check_seats)
    comment: str | None = attrs.field(default=None, validator=_check_tag)
    trick_comments: tuple[TrickComment, ...] = attrs.field(default=(), validator=_check_comments)
    extra: tuple[tuple[str, str], ...] = attrs.field(default=(), validator=_check_extra)

    @classmethod
    def from_state(cls, state: HeldT, **tags: Any) -> Record[HeldT]:
        """A record of ``state`` with the given tags (the keyword arguments of
        :class:`Record`).

        >>> import bugami
        >>> Record.from_state(bugami.new_game(bugami.Rules(), seed=1), site="Leeds").site
        'Leeds'
        """
        made: Record[HeldT] = Record(state=state, **tags)
        return made


Record.__module__ = "bugami.record"  # where the API reference documents it
