"""What the compiled core is made of: its immutable values, and whether it is
compiled.

The hot modules -- the kernel's deals, seats, seeded streams and shuffle,
checks and verbs, the cards, and each game's state, dealing, play and scoring -- are written so that mypyc can
compile them into a C extension (``BUGAMI_COMPILE=1`` when building a wheel:
see the docs' installation page). Their classes are then *native*: C
structures with a fixed layout, one base class and no ``__dict__``. A plain
install runs the same source as pure Python, with the same behaviour.

Every hand-made immutable value of the library -- cards, tricks and deals
(compiled), and actions, events, views and games (pure Python in both builds)
-- derives from :class:`Sealed` and declares its storage as ``__slots__``.
Calling such a class raises unless it says otherwise (a card, an action);
the library builds its values with its own builders (see
:func:`~bugami._kernel.values.sealed_builder`). Values that are off the
per-card hot path (rules, records, estimates, reviews...) are attrs classes
instead.

>>> isinstance(COMPILED, bool)
True
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable
from functools import partialmethod
from typing import ClassVar, Final, TypeVar

if sys.version_info >= (3, 11):
    from typing import Self
else:  # typing_extensions is slow to import: only where typing lacks the name
    from typing_extensions import Self

_T = TypeVar("_T")

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # installed with mypy; only the compiled build needs it

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[_T], _T]:
        """What mypyc reads when it compiles; nothing to do in pure Python."""
        return lambda kind: kind


__all__ = ["COMPILED", "Sealed", "immutable", "refusal"]


def _compiled() -> bool:
    """Whether this module runs compiled: mypyc's functions are not Python
    function objects."""
    return not isinstance(_compiled, types.FunctionType)


COMPILED: Final = _compiled()
"""Whether the core runs compiled by mypyc (the core's modules are compiled
together or not at all)."""


def immutable(value: object, action: str, name: str) -> AttributeError:
    """The error for an attempt to ``action`` (set or delete) attribute
    ``name`` of an immutable value.

    >>> immutable(3, "set", "real")
    AttributeError("int is immutable: cannot set 'real'")
    """
    return AttributeError(f"{type(value).__name__} is immutable: cannot {action} {name!r}")


def refusal(kind: type, why: str) -> TypeError:
    """The error for calling a value class that only the library builds;
    ``why`` is the class's own reason (``""`` for a plain one).

    >>> refusal(int, "")
    TypeError('int values cannot be built directly')
    """
    return TypeError(why or f"{kind.__name__} values cannot be built directly")


def _refuse_set(value: object, name: str, _: object) -> None:
    raise immutable(value, "set", name)


def _refuse_delete(value: object, name: str) -> None:
    raise immutable(value, "delete", name)


def _refuse_new(kind: type[Sealed], *args: object, **kwargs: object) -> Sealed:
    raise refusal(kind, kind._refusal)


@mypyc_attr(allow_interpreted_subclasses=True)
class Sealed:
    """The one base of the library's hand-made immutable values.

    A subclass declares its storage as ``__slots__`` and names its key in
    ``_fields`` (the attributes that make up its value, in order); it may
    override :meth:`_key` with a faster one. Two values are equal when they
    are of the same class and their keys are equal, and they hash alike.
    Setting or deleting an attribute raises :class:`AttributeError`; a copy is
    the value itself. Calling the class raises :class:`TypeError` with its
    ``_refusal`` unless it (or a base below this one) defines ``__new__``:
    the library makes its values with builders.

    Subclasses compiled by mypyc (cards, tricks, deals) refuse attribute
    stores in their own ``__setattr__`` (mypyc gives none to a class that
    pure-Python classes extend) and callers in their own ``__init__`` or
    ``__new__``. The first pure-Python class of each line is given a
    refusing ``__setattr__``, ``__delattr__`` and ``__new__`` here (its
    subclasses inherit them; a ``__new__`` of its own is kept).

    >>> class Pair(Sealed):
    ...     __slots__ = ("left", "right")
    ...     _fields = ("left", "right")
    >>> Pair(1, 2)
    Traceback (most recent call last):
    ...
    TypeError: Pair values cannot be built directly
    """

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    _refusal: ClassVar[str] = ""  # why the class cannot be called, named in the TypeError

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if "__setattr__" not in vars(cls) and cls.__setattr__ is object.__setattr__:
            # A pure-Python class (a compiled one has its own): refusing
            # methods (partialmethod, as a compiled function does not bind).
            type.__setattr__(cls, "__setattr__", partialmethod(_refuse_set))
            type.__setattr__(cls, "__delattr__", partialmethod(_refuse_delete))
            if "__new__" not in vars(cls):
                type.__setattr__(cls, "__new__", _refuse_new)

    def _key(self) -> tuple[object, ...]:
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

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self
