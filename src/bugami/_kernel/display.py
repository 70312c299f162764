"""How values are shown in Jupyter, without the core importing pictures.

The states, views and games of both games have a ``_repr_html_`` (from
:class:`Pictured`) that asks this module for their picture. The pictures
themselves live high above the core, in :mod:`bugami.pictures.render`, which registers
its painters here when it is imported. The package's face names that module
with :func:`paint_from`, and the first picture asked for of a value that has no
painter yet imports it: so the core never imports the pictures, ``import
bugami`` does not load them, and every value still has its picture.

>>> class Thing(Pictured):
...     pass
>>> Thing()._repr_html_()
'<pre>&lt;...Thing object at ...&gt;</pre>'
>>> register(Thing, lambda thing: "<b>a thing</b>")
>>> Thing()._repr_html_()
'<b>a thing</b>'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, Final

__all__ = ["Pictured", "paint_from", "picture", "register"]

# Any: each painter takes its own kind, which a dict cannot tie to its key.
_PAINTERS: Final[dict[type, Callable[[Any], str]]] = {}
# Modules that register painters when imported, not imported yet.
_SOURCES: Final[list[str]] = []


def register(kind: type, paint: Callable[[Any], str]) -> None:
    """Let ``paint`` draw the HTML picture of ``kind`` (and its subclasses)."""
    _PAINTERS[kind] = paint


def paint_from(module: str) -> None:
    """Import ``module`` (which calls :func:`register`) the first time a
    picture is asked for that no painter registered so far can draw.

    >>> paint_from("json")  # a module that registers nothing: no harm done
    >>> picture(3)
    '<pre>3</pre>'
    """
    if module not in _SOURCES:
        _SOURCES.append(module)


def picture(value: object) -> str:
    """The HTML picture of ``value``: from the painter registered for its
    class (or the nearest base that has one), else its repr.

    >>> picture(3)
    '<pre>3</pre>'
    """
    while True:
        for kind in type(value).__mro__:
            paint = _PAINTERS.get(kind)
            if paint is not None:
                return paint(value)
        try:
            source = _SOURCES.pop(0)
        except IndexError:  # every painter is in: nobody paints this kind
            import html  # here: only a value no painter draws needs it

            return f"<pre>{html.escape(repr(value))}</pre>"
        importlib.import_module(source)


class Pictured:
    """Gives a class the ``_repr_html_`` that Jupyter calls (a class that
    cannot take this one as a base calls :func:`picture` itself)."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        return picture(self)
