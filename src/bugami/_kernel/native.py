"""What the compiled core is made of: its immutable values, and whether it is
compiled.

The hot modules -- the kernel's deals, seats, seeded streams and shuffle,
checks and verbs, the cards, and each game's state, dealing, play and scoring -- are written so that mypyc can
compile them into a C extension (``BUGAMI_COMPILE=1`` when building a wheel:
see the docs' installation page). Their classes are then *native*: C
structures with a fixed layout, one base class and no ``__dict__``. A plain
install runs the same source as pure Python, with the same behaviour.

A value class of the core derives from :class:`Sealed` alone and declares its
storage in its own body (``__slots__`` and annotations). Its ``__init__``
refuses every caller but the library's own builders, which pass
``made=True``, and sets each slot through ``object.__setattr__`` -- a plain
store in compiled code. In pure Python that is slow, so each module of the
core replaces its builders with generated ones when it is not compiled (see
:func:`~bugami._kernel.values.sealed_builder`): the same values, built
several times faster.

>>> isinstance(COMPILED, bool)
True
"""

from __future__ import annotations

import types
from typing import ClassVar, Final

from typing_extensions import Self

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


class Sealed:
    """The base of the compiled core's immutable values.

    A subclass names its key in ``_fields`` (the attributes that make up its
    value, in order) and may override :meth:`_key` with a faster one; two
    values are equal when they are of the same class and their keys are
    equal, and they hash alike. Setting or deleting an attribute raises
    :class:`AttributeError`; a copy is the value itself.
    """

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    _refusal: ClassVar[str] = ""  # why the class cannot be called, named in the TypeError

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

    def __setattr__(self, name: str, value: object) -> None:
        raise immutable(self, "set", name)

    def __delattr__(self, name: str) -> None:
        raise immutable(self, "delete", name)

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self
