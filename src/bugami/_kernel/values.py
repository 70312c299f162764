"""Values: what the library's immutable classes share.

The library has two kinds of value class:

- **attrs classes** (``@attrs.frozen``: frozen, slotted) for every value off
  the per-card hot path -- estimates, reviews, solutions, hand features,
  record sheets...; ``attrs.fields``, ``attrs.evolve`` and
  ``attrs.asdict`` work on them, and :class:`Value` adds the library's
  ``field_names()``, ``to_dict()`` and ``replace()``;
- **hand-made fast values** for the per-card hot path -- cards, tricks and
  deals, actions, events, views and games -- on the one base
  :class:`~bugami._kernel.native.Sealed`, built by :func:`sealed_builder`'s
  functions, which fill an instance's slots as plain stores: several times
  faster than attrs' ``__init__`` (one ``object.__setattr__`` call per
  field), which matters for states built once per card played.

The builders are written out as Python source and compiled, as attrs writes
its methods; each is registered with :mod:`linecache` under a file name of its
own, so that :func:`inspect.getsource`, tracebacks and debuggers show it.

>>> from bugami._kernel.native import Sealed
>>> class Point(Sealed):
...     __slots__ = ("x", "y")
...     _fields = ("x", "y")
>>> make_point = sealed_builder(Point, ("x", "y"), name="make_point")
>>> point = make_point(1, 2)
>>> point == make_point(1, 2), point.x, hash(point) == hash(make_point(1, 2))
(True, 1, True)
>>> point.x = 3
Traceback (most recent call last):
...
AttributeError: Point is immutable: cannot set 'x'
"""

from __future__ import annotations

import linecache
import sys
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, NoReturn, TypeVar, cast

import attrs

from bugami._kernel.native import Sealed, immutable

if sys.version_info >= (3, 11):
    from typing import Self
else:  # typing_extensions is slow to import: only where typing lacks the name
    from typing_extensions import Self

SealedT = TypeVar("SealedT", bound=Sealed)

__all__ = [
    "Value",
    "fields_repr",
    "generated",
    "is_filler",
    "sealed_builder",
]


def generated(
    source: str, namespace: dict[str, object], name: str, module: str
) -> Callable[..., Any]:  # Any: what the generated function returns is the caller's to name
    """The function ``name`` defined by ``source``, compiled with the globals
    ``namespace`` and kept in :mod:`linecache` under a file name of its own
    (``<generated module.name>``, numbered if that one holds other source),
    so that :func:`inspect.getsource` and tracebacks show its lines.

    >>> import inspect
    >>> double = generated("def double(x):\\n    return 2 * x\\n", {}, "double", "demo")
    >>> double(4), double.__code__.co_filename
    (8, '<generated demo.double>')
    >>> print(inspect.getsource(double), end="")
    def double(x):
        return 2 * x
    """
    lines = source.splitlines(keepends=True)
    filename = f"<generated {module}.{name}>"
    number = 1
    while linecache.getlines(filename) not in ([], lines):
        number += 1
        filename = f"<generated {module}.{name}-{number}>"
    # As attrs does: no modification time, so that checkcache keeps the entry.
    linecache.cache[filename] = (len(source), None, lines, filename)
    exec(compile(source, filename, "exec"), namespace)
    function = cast("Callable[..., Any]", namespace[name])  # Any: as the result
    function.__module__ = module
    return function


def _written(
    new: Callable[[type], object],
    fields: type,
    value: type[SealedT],
    params: Sequence[str],
    computed: Sequence[str],
    name: str,
) -> Callable[..., SealedT]:
    """The builder function, written out: a new ``fields``, its slots stored,
    the ``computed`` statements run, its class switched to ``value``."""
    lines = [f"def {name}({', '.join(params)}):", "    obj = new(Fields)"]
    lines += [f"    obj.{param} = {param}" for param in params]
    lines += [f"    {statement}" for statement in computed]
    lines += ["    obj.__class__ = Value", "    return obj"]
    namespace: dict[str, object] = {"Fields": fields, "Value": value, "new": new}
    return generated("\n".join(lines) + "\n", namespace, name, value.__module__)


def is_filler(kind: type) -> bool:
    """Whether ``kind`` is the class a :func:`sealed_builder` fills its
    instances as (a class's ``__init_subclass__`` skips those).

    >>> is_filler(int)
    False
    """
    return bool(vars(kind).get("_filler"))


def sealed_builder(
    value: type[SealedT], params: Sequence[str], computed: Sequence[str] = (), *, name: str
) -> Callable[..., SealedT]:
    """A function that builds an instance of ``value``, a
    :class:`~bugami._kernel.native.Sealed` class, from ``params``: each
    parameter is stored in the slot of the same name, then each line of
    ``computed`` (Python statements that may read the parameters and set
    ``obj.<slot>``) runs, then the instance becomes a ``value``. The instance
    is filled as one of a subclass that may set its slots (and adds none), so
    the stores are plain ones: as fast as a builder written by hand. Nothing
    is checked: builders are for the library's own code, which has checked its
    input already. ``name`` is the name the function is kept under in its
    module, where pickling looks for it.

    >>> class Pair(Sealed):
    ...     __slots__ = ("first", "second", "total")
    ...     _fields = ("first", "second")
    >>> make_pair = sealed_builder(Pair, ("first", "second"), ["obj.total = first + second"],
    ...                            name="make_pair")
    >>> make_pair(2, 3).total
    5

    The builders of :mod:`bugami.core.state` are made by it in the pure-Python build
    (the compiled one calls the classes, which is as fast there):

    >>> from bugami._kernel.native import COMPILED
    >>> from bugami.core.state import make_trick
    >>> COMPILED or make_trick.__code__.co_varnames[:3] == ("leader", "_cards", "winner")
    True
    """
    # Both of object's own methods, so that the filler's slot stores are plain
    # ones (with either of them inherited, every store would call it).
    filler = type(
        value.__name__,
        (value,),
        {
            "__slots__": (),
            "__module__": value.__module__,
            "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,
            "_filler": True,
        },
    )
    return _written(Sealed.__new__, filler, value, params, computed, name)


def fields_repr(value: Sealed) -> str:
    """A repr that reads like a call building ``value`` from its ``_fields``.

    >>> class Size(Sealed):
    ...     __slots__ = ("width", "height")
    ...     _fields = ("width", "height")
    >>> fields_repr(sealed_builder(Size, ("width", "height"), name="size")(3, 4))
    'Size(width=3, height=4)'
    """
    shown = ", ".join(f"{name}={getattr(value, name)!r}" for name in value._fields)
    return f"{value.__class__.__name__}({shown})"


def _refuse_set(value: object, name: str, _: object) -> NoReturn:
    raise immutable(value, "set", name)


def _refuse_delete(value: object, name: str) -> NoReturn:
    raise immutable(value, "delete", name)


class Value:
    """What every attrs value class of the library adds to attrs: the names
    of its fields, its fields as a dict, and a checked copy with some fields
    changed (``attrs.fields``, ``attrs.asdict`` and
    ``attrs.evolve`` work as well). A class declares it as a base of an
    ``@attrs.frozen`` class.

    >>> @attrs.frozen
    ... class Speed(Value):
    ...     knots: int = 0
    >>> Speed(knots=12), Speed.field_names(), Speed(3).to_dict()
    (Speed(knots=12), ('knots',), {'knots': 3})
    >>> Speed(3).replace(knots=4)
    Speed(knots=4)
    >>> Speed(3).replace(speed=4)
    Traceback (most recent call last):
    ...
    TypeError: Speed has no field 'speed'
    >>> Speed(3).knots = 4
    Traceback (most recent call last):
    ...
    AttributeError: Speed is immutable: cannot set 'knots'
    """

    __slots__ = ()
    __attrs_attrs__: ClassVar[tuple[attrs.Attribute[object], ...]]  # set by attrs: the fields

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if "__attrs_attrs__" in vars(cls):  # the class attrs made (``@attrs.frozen``)
            # Stores refused with the error of the library's other values.
            type.__setattr__(cls, "__setattr__", _refuse_set)
            type.__setattr__(cls, "__delattr__", _refuse_delete)

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        """The names of the value's fields, in order.

        >>> import bugami.core.hands
        >>> bugami.core.hands.HandFeatures.field_names()
        ('lengths', 'jokers', 'high_cards', 'voids', 'strength')
        """
        return tuple(field.name for field in attrs.fields(cls))

    def to_dict(self) -> dict[str, Any]:  # Any: each field keeps its own type
        """The fields and their values, in order (the values as they are).

        >>> import bugami.core.hands
        >>> bugami.core.hands.hand_features("AS KS").to_dict()["lengths"]
        (2, 0, 0, 0)
        """
        return attrs.asdict(self, recurse=False)

    def replace(self, **changes: object) -> Self:
        """A copy with some fields changed, checked as the class checks a
        new value (``attrs.evolve``).

        >>> import bugami.core.hands
        >>> bugami.core.hands.hand_features("AS KS").replace(jokers=1).jokers
        1
        """
        names = self.field_names()
        unknown = [name for name in changes if name not in names]
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {sorted(unknown)[0]!r}")
        return attrs.evolve(self, **changes)  # type: ignore[misc]

    def __copy__(self) -> Self:
        return self  # a value never changes: a copy may be the value itself

    def __deepcopy__(self, memo: object) -> Self:
        return self


ValueT = TypeVar("ValueT", bound=Value)


# --- pickles made by earlier versions ---------------------------------------------------


def _remade(kind: type[ValueT], key: tuple[object, ...]) -> ValueT:
    """Unpickle a value pickled by an earlier version, before its class became
    an attrs class (its fields in order; a field added since takes its
    default)."""
    names = [field.name for field in attrs.fields(kind)]
    if len(key) > len(names):
        raise TypeError(f"{kind.__name__} has {len(names)} fields, not {len(key)}")
    return kind(**dict(zip(names, key, strict=False)))  # later fields: defaults
