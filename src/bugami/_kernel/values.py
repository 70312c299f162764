"""Immutable values: the one way the library makes a class whose instances
never change.

A value class lists its storage in a plain *fields* class (``__slots__`` and
annotations only) and is declared as ``class Value(ValueFields, Frozen)``.
Instances are built by :func:`builder`'s functions, which fill an instance of
the fields class and then switch its class to the value class: several times
faster than setting each slot through ``object.__setattr__``, which matters for
states built once per card played. Equality, hashing, pickling and copying
follow from the class's ``_fields`` (its *key*), so two values compare equal
exactly when their keys do.

>>> class _PointFields:
...     __slots__ = ("x", "y")
>>> class Point(_PointFields, Frozen):
...     __slots__ = ()
...     _fields = ("x", "y")
>>> make_point = builder(_PointFields, Point, ("x", "y"))
>>> point = make_point(1, 2)
>>> point == make_point(1, 2), point.x, hash(point) == hash(make_point(1, 2))
(True, 1, True)
>>> point.x = 3
Traceback (most recent call last):
...
AttributeError: Point is immutable: cannot set 'x'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, NoReturn

from bugami._kernel.native import immutable, refusal

__all__ = ["Called", "Frozen", "builder", "fields_repr", "sealed_builder"]


class Frozen:
    """The base of every immutable value class of the library.

    A subclass names its key in ``_fields``: the attributes that make up its
    value, in the order its builder takes them. It may override :meth:`_key`
    when its value is better computed than read. Calling the class raises
    :class:`TypeError` with its ``_refusal`` (the values of most classes are
    made by the library's functions); a class that may be called defines its
    own ``__new__``.
    """

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    _refusal: ClassVar[str] = ""  # why the class cannot be called, for those made by functions

    def __new__(cls, *args: object, **kwargs: object) -> Any:
        raise refusal(cls, cls._refusal)

    def _key(self) -> tuple[Any, ...]:
        return tuple([getattr(self, name) for name in self._fields])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._key() == other._key()
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._key() != other._key()
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.__class__.__name__, *self._key()))

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise immutable(self, "set", name)

    def __delattr__(self, name: str) -> NoReturn:
        raise immutable(self, "delete", name)

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: object) -> Any:
        return self


def builder(
    fields: type,
    value: type,
    params: Sequence[str],
    computed: Sequence[str] = (),
    *,
    name: str | None = None,
) -> Callable[..., Any]:
    """A function that builds an instance of ``value`` from ``params``: each
    parameter is stored in the slot of the same name, then each line of
    ``computed`` (Python statements that may read the parameters and set
    ``obj.<slot>``) runs, then the instance becomes a ``value``. The function is
    written out, as attrs and dataclasses write their ``__init__``, so that it
    is as fast as one written by hand. Nothing is checked: builders are for
    the library's own code, which has checked its input already. ``name`` is
    the name the function is kept under in its module, where pickling looks
    for it (default ``make_<value>``).

    >>> class _PairFields:
    ...     __slots__ = ("first", "second", "total")
    >>> class Pair(_PairFields, Frozen):
    ...     __slots__ = ()
    ...     _fields = ("first", "second")
    >>> make_pair = builder(_PairFields, Pair, ("first", "second"),
    ...                     ["obj.total = first + second"])
    >>> make_pair(2, 3).total
    5
    """
    lines = [f"def build({', '.join(params)}):", "    obj = new(Fields)"]
    lines += [f"    obj.{name} = {name}" for name in params]
    lines += [f"    {statement}" for statement in computed]
    lines += ["    obj.__class__ = Value", "    return obj"]
    namespace: dict[str, Any] = {"Fields": fields, "Value": value, "new": object.__new__}
    exec("\n".join(lines), namespace)
    function: Callable[..., Any] = namespace["build"]
    function.__qualname__ = function.__name__ = name or f"make_{value.__name__}"
    function.__module__ = value.__module__
    return function


def sealed_builder(
    value: type, params: Sequence[str], computed: Sequence[str] = (), *, name: str
) -> Callable[..., Any]:
    """:func:`builder` for a class of the compiled core (a
    :class:`~bugami._kernel.native.Sealed`), for its pure-Python build: the
    instance is filled as one of a subclass that may set its slots (and adds
    none), then becomes a ``value``. Faster than calling the class, which sets
    each slot through ``object.__setattr__``.

    The builders of :mod:`bugami.core.state` are made by it in the pure-Python build:

    >>> from bugami._kernel.native import COMPILED
    >>> from bugami.core.state import make_trick
    >>> COMPILED or make_trick.__code__.co_varnames[:3] == ("leader", "_cards", "winner")
    True
    """
    # Both of object's own methods, so that the filler's slot stores are plain
    # ones (with either of them inherited, every store would call it).
    settable = {"__setattr__": object.__setattr__, "__delattr__": object.__delattr__}
    filler = type(
        value.__name__, (value,), {"__slots__": (), "__module__": value.__module__, **settable}
    )
    return builder(filler, value, params, computed, name=name)


def fields_repr(value: Frozen) -> str:
    """A repr that reads like a call building ``value`` from its fields.

    >>> class _SizeFields:
    ...     __slots__ = ("width", "height")
    >>> class Size(_SizeFields, Frozen):
    ...     __slots__ = ()
    ...     _fields = ("width", "height")
    >>> fields_repr(builder(_SizeFields, Size, ("width", "height"))(3, 4))
    'Size(width=3, height=4)'
    """
    shown = ", ".join(f"{name}={getattr(value, name)!r}" for name in value._fields)
    return f"{value.__class__.__name__}({shown})"


class Called(Frozen):
    """A value made by calling its class with keyword arguments, such as the
    rules: its repr reads like that call, and it pickles as its fields. A
    subclass defines ``__new__`` (checking its arguments) and sets ``_made``,
    the builder of its fields.

    >>> class _SpeedFields:
    ...     __slots__ = ("knots",)
    >>> class Speed(_SpeedFields, Called):
    ...     __slots__ = ()
    ...     _fields = ("knots",)
    ...     def __new__(cls, *, knots: int = 0) -> "Speed":
    ...         return cls._made(knots)
    >>> Speed._made = builder(_SpeedFields, Speed, ("knots",))
    >>> Speed(knots=12)
    Speed(knots=12)
    """

    __slots__ = ()
    _made: ClassVar[Callable[..., Any]]

    def __repr__(self) -> str:
        return fields_repr(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_remade, (type(self), self._key()))

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        """The names of the value's fields, in order.

        >>> from bugami import argute
        >>> argute.Rules.field_names()
        ('players', 'target')
        """
        return cls._fields

    def to_dict(self) -> dict[str, Any]:
        """The fields and their values, in order (the values as they are).

        >>> from bugami import argute
        >>> argute.Rules(players=5).to_dict()
        {'players': 5, 'target': 6}
        """
        return {name: getattr(self, name) for name in self._fields}

    def replace(self, **changes: Any) -> Any:
        """A copy with some fields changed, checked as the class checks a
        new value.

        >>> from bugami import argute
        >>> argute.Rules().replace(players=5)
        Rules(players=5, target=6)
        """
        unknown = set(changes) - set(self._fields)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {sorted(unknown)[0]!r}")
        return type(self)(**{**self.to_dict(), **changes})


def _remade(kind: type[Called], key: tuple[Any, ...]) -> Called:
    """Unpickle a :class:`Called` value."""
    made: Called = kind._made(*key)
    return made
