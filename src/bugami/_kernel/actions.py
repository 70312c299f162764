"""Actions as values, the same in both games: "seat s bids b", "seat s plays c".

An action names its seat and what it does. It is immutable and hashable, has
a stable text form (``"2 bid H"``, ``"1 play QS"``; in Argute ``"2 bid 1"``,
``"1 play 5"``) and a JSON-ready dict (``{"type": "bid", "seat": 2, "bid":
"H"}``), and :func:`parse_action` reads either back. Each game declares its
two action classes on the bases here, saying how its bids and cards are read
(``_read``), written as JSON values (``_json``) and decoded from the engine's
encoding (``_decode``, for histories); everything else is shared.

>>> class Shout(BidActionBase[int]):
...     __slots__ = ()
...     _read = staticmethod(lambda value: small_int(value, 3))
...     _help = "a shout is a number from 0 to 3"
...     _json = staticmethod(int)
>>> Shout(2, "3"), str(Shout(2, 3)), Shout(2, 3).to_dict()
(Shout(seat=2, bid=3), '2 bid 3', {'type': 'bid', 'seat': 2, 'bid': 3})
>>> Shout(2, 4)
Traceback (most recent call last):
...
bugami.errors.InvalidInputError: 4 is not a bid: a shout is a number from 0 to 3
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Generic, TypeAlias, TypeVar

from bugami._kernel.checks import as_int
from bugami._kernel.native import Sealed
from bugami._kernel.values import fields_repr, is_filler, sealed_builder
from bugami.errors import InvalidInputError, brief

if sys.version_info >= (3, 11):
    from typing import Self
else:  # typing_extensions is slow to import: only where typing lacks the name
    from typing_extensions import Self

__all__ = [
    "MAX_SEAT",
    "ActionBase",
    "BidActionBase",
    "JSONValue",
    "PlayActionBase",
    "parse_action",
    "small_int",
]

JSONValue: TypeAlias = "dict[str, JSONValue] | list[JSONValue] | str | int | bool | None"
"""What a payload is made of: dicts with str keys, lists, str, int, bool, None."""

MAX_SEAT = 6
"""The highest seat at any table of either game (seven players)."""

BidT = TypeVar("BidT")
CardT = TypeVar("CardT")


def small_int(value: object, top: int) -> int | None:
    """``value`` if it is an int from 0 to ``top``, or the int its decimal
    text (spaces around it allowed) stands for; ``None`` otherwise.

    >>> small_int(3, 5), small_int(" 2", 5), small_int("6", 5), small_int(True, 5)
    (3, 2, None, None)
    """
    if isinstance(value, str):
        text = value.strip()
        if len(text) == 1 and "0" <= text <= str(top):
            return int(text)
        return None
    number = as_int(value)  # an int, or the plain int an int-like stands for
    return number if number is not None and 0 <= number <= top else None


def _seat(seat: object) -> int:
    number = as_int(seat)
    if number is None or not 0 <= number <= MAX_SEAT:
        raise InvalidInputError(
            f"an action's seat must be an int from 0 to {MAX_SEAT}, not {brief(seat)}"
        )
    return number


class ActionBase(Sealed):
    """An action of one seat. Immutable and hashable; two actions are equal
    when they are of the same game and kind, by the same seat, with the same
    bid or card.
    """

    __slots__ = ()
    seat: int
    """The seat that acts."""
    _type: ClassVar[str]  # "bid" or "play": the dict's "type", the text's verb
    _game: ClassVar[str] = ""  # the game's name, as records and payloads write it
    _made: ClassVar[Callable[..., Any]]  # the unchecked builder (seat, value); Any: of the subclass
    # The bid or card a value or its text stands for: raises the reason, or
    # returns None and the message says ``_help``.
    # Any here and in _json, _decode: a ClassVar cannot name BidT or CardT.
    _read: ClassVar[Callable[..., Any]]
    _help: ClassVar[str] = ""
    _example: ClassVar[str] = ""  # the text of one such action, for messages
    _json: ClassVar[Callable[..., Any]] = staticmethod(str)

    @classmethod
    def _checked(cls, seat: object, value: object) -> Self:
        """The action of ``seat`` with ``value``, both checked."""
        checked = _seat(seat)
        read = cls._read(value)
        if read is None:
            raise InvalidInputError(f"{brief(value)} is not a {cls._fields[1]}: {cls._help}")
        made: Self = cls._made(checked, read)
        return made

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if not is_filler(cls):
            cls._made = staticmethod(sealed_builder(cls, cls._fields, name=f"_make_{cls.__name__}"))

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), self._key())

    def __repr__(self) -> str:
        return fields_repr(self)

    def __str__(self) -> str:
        return f"{self.seat} {self._type} {self._key()[1]}"

    def to_dict(self) -> dict[str, JSONValue]:
        """The action as a JSON-ready dict: ``type`` (``"bid"`` or
        ``"play"``), ``seat``, and the ``bid`` or the ``card``."""
        return {"type": self._type, "seat": self.seat, self._fields[1]: self._json(self._key()[1])}


class _BidFields(Sealed):
    __slots__ = ("bid", "seat")
    seat: int


class BidActionBase(_BidFields, ActionBase, Generic[BidT]):
    """A seat makes its (secret) bid."""

    __slots__ = ()
    _fields = ("seat", "bid")  # the dict's keys are "type" and these
    _type = "bid"
    bid: BidT
    """The bid."""

    def __new__(cls, seat: int, bid: object) -> Self:
        return cls._checked(seat, bid)


class _PlayFields(Sealed):
    __slots__ = ("card", "seat")
    seat: int


class PlayActionBase(_PlayFields, ActionBase, Generic[CardT]):
    """A seat plays a card."""

    __slots__ = ()
    _fields = ("seat", "card")
    _type = "play"
    card: CardT
    """The card played."""

    def __new__(cls, seat: int, card: object) -> Self:
        return cls._checked(seat, card)

    _decode: ClassVar[Callable[..., Any]]  # a card from the engine's encoding


_SHAPE = "expected '<seat> bid <bid>' or '<seat> play <card>', such as {!r} or {!r}"
_DICT_SHAPE = (
    'expected {"type": "bid", "seat": <int>, "bid": <bid>} or '
    '{"type": "play", "seat": <int>, "card": <card>}'
)


def parse_action(
    data: object, kinds: tuple[type[ActionBase], type[ActionBase]], noun: str
) -> ActionBase:
    """The action of the game whose ``kinds`` are (bid class, play class)
    that ``data`` stands for: one of its actions (returned as it is), its
    text, or its dict. ``noun`` names the game in messages."""
    bid_kind, play_kind = kinds
    if isinstance(data, kinds):
        return data
    if isinstance(data, str):
        words = data.split()
        if len(words) != 3 or not (words[0].isascii() and words[0].isdigit()):
            shape = _SHAPE.format(bid_kind._example, play_kind._example)
            raise InvalidInputError(f"{brief(data)} is not an action: {shape}")
        seat, verb, value = words
        kind = {"bid": bid_kind, "play": play_kind}.get(verb.lower())
        if kind is None:
            raise InvalidInputError(
                f"{brief(data)} is not an action: its verb is bid or play, not {brief(verb)}"
            )
        # A seat is written as the text form writes it: plain decimal digits
        # without a leading zero ("0" to "6"), so that each action has one text.
        if len(seat) > 1 and seat[0] == "0":
            raise InvalidInputError(
                f"{brief(data)} is not an action: its seat is written without leading "
                f"zeros (0 to {MAX_SEAT}), not {brief(seat)}"
            )
        number: object = int(seat) if len(seat) < 4 else seat  # a long one, for the message
        return kind._checked(number, value)
    if isinstance(data, Mapping):
        named = data.get("type")
        kind = {"bid": bid_kind, "play": play_kind}.get(named) if isinstance(named, str) else None
        if kind is None:
            fault = (
                "it has no key 'type'"
                if "type" not in data
                else f"its type is bid or play, not {brief(named)}"
            )
            raise InvalidInputError(f"{brief(data)} is not an action: {fault}; {_DICT_SHAPE}")
        keys = {"type", *kind._fields}
        if set(data) != keys:
            missing = sorted(keys - set(data))
            fault = (
                f"it has no key {missing[0]!r}"
                if missing
                else f"it has an unknown key {sorted(map(brief, set(data) - keys))[0]}"
            )
            raise InvalidInputError(f"{brief(data)} is not an action: {fault}; {_DICT_SHAPE}")
        return kind._checked(data["seat"], data[kind._fields[1]])
    if isinstance(data, ActionBase):
        raise InvalidInputError(f"{brief(data)} is not {noun} action")
    raise InvalidInputError(f"an action is {noun} action, its text or its dict, not {brief(data)}")
