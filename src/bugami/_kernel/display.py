"""How values are shown in Jupyter, without the core importing pictures.

The states, views and games of both games have a ``_repr_html_`` (from
:class:`Pictured`) that asks this module for their picture. The pictures
themselves live high above the core, in :mod:`bugami.render`, which registers
its painters here when it is imported -- and importing any part of the library
imports :mod:`bugami`, whose ``__init__`` imports :mod:`bugami.render`. So the
core never imports the pictures, and every value still has its picture.

>>> class Thing(Pictured):
...     pass
>>> Thing()._repr_html_()
'<pre>&lt;...Thing object at ...&gt;</pre>'
>>> register(Thing, lambda thing: "<b>a thing</b>")
>>> Thing()._repr_html_()
'<b>a thing</b>'
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any, Final

__all__ = ["Pictured", "picture", "register"]

_PAINTERS: Final[dict[type, Callable[[Any], str]]] = {}


def register(kind: type, paint: Callable[[Any], str]) -> None:
    """Let ``paint`` draw the HTML picture of ``kind`` (and its subclasses)."""
    _PAINTERS[kind] = paint


def picture(value: object) -> str:
    """The HTML picture of ``value``: from the painter registered for its
    class (or the nearest base that has one), else its repr.

    >>> picture(3)
    '<pre>3</pre>'
    """
    for kind in type(value).__mro__:
        paint = _PAINTERS.get(kind)
        if paint is not None:
            return paint(value)
    return f"<pre>{html.escape(repr(value))}</pre>"


class Pictured:
    """Gives a class the ``_repr_html_`` that Jupyter calls (a class that
    cannot take this one as a base calls :func:`picture` itself)."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        return picture(self)
