"""The fields of the library's attrs values, and the rules' fields among them.

A value made by calling its class -- a game's rules, a record, a simulation
row -- is an attrs class (frozen, slotted) deriving from :class:`~bugami._kernel.values.Value`,
which adds ``field_names()``, ``to_dict()`` and ``replace()``; ``attrs.fields``,
``attrs.evolve`` and ``attrs.asdict`` work on it too.

A game's rules declare each field with :func:`rule`: its default, help text,
range and the tools that show it. The declaration is the attrs field's
``metadata`` (a :class:`RuleField` under :data:`RULE`), so ``attrs.fields``
of the rules class is the one declaration: validation, the command's options,
the simulation's columns, the record tags, the adapters' parameters and the
web app's options all read it (through ``Rules.fields()``).

>>> players = RuleField("players", int, 4, "the number of players", low=3, high=7)
>>> players.check(5), players.tag, players.describe()
(5, 'Players', '3 to 7 (default 4)')
>>> players.check(9)
Traceback (most recent call last):
...
bugami.errors.InvalidInputError: players must be an int from 3 to 7, not 9
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar

import attrs

from bugami._kernel.checks import MAX_TARGET, check_at_least, check_bool, check_range
from bugami.errors import InvalidInputError

__all__ = ["RULE", "TOOLS", "RuleField", "declared", "rule", "rule_fields"]

TOOLS: Final = ("cli", "simulate", "records", "openspiel", "pettingzoo", "webapp")
"""The tools that may show a rules field: the ``bugami`` command's options,
the simulation's row columns, the record tags, the OpenSpiel and PettingZoo
parameters and the example web app's options."""

RULE: Final = "bugami.rule"
"""The key of a rules field's :class:`RuleField` in its attrs ``metadata``.

>>> import attrs, bugami
>>> attrs.fields(bugami.Rules).jokers.metadata[RULE].describe()
'0 to 8 (default 0)'
"""

_T = TypeVar("_T", int, bool)


def _label(field: RuleField) -> str:
    return field.name.replace("_", " ")


def _known_tools(field: RuleField, attribute: object, tools: frozenset[str]) -> None:
    unknown = set(tools) - set(TOOLS)
    if unknown:
        raise InvalidInputError(f"unknown tools {sorted(unknown)}; the tools are {TOOLS}")


@attrs.frozen
class RuleField:
    """One field of a game's rules: what it is, what it may be, who shows it.

    ``kind`` is ``int`` or ``bool``; an int field holds ``low`` to ``high``
    (``high`` ``None``: no upper bound). ``label`` names the field in prose
    (``"Shotgun Wedding"``; by default the name with spaces) and ``tools``
    are the tools that show it: ``"cli"``, ``"simulate"``, ``"records"``,
    ``"openspiel"``, ``"pettingzoo"`` and ``"webapp"``. A rules class holds
    one in the ``metadata`` of each of its attrs fields.

    >>> quick = RuleField("quick_deal", bool, False, "deal fast", label="Quick Deal")
    >>> quick.tag, quick.label, quick.check(True)
    ('QuickDeal', 'Quick Deal', True)
    """

    name: str
    kind: type
    default: int
    help: str
    low: int = 0
    high: int | None = None
    label: str = attrs.field(default=attrs.Factory(_label, takes_self=True))
    tools: frozenset[str] = attrs.field(default=frozenset(TOOLS), validator=_known_tools)

    @property
    def tag(self) -> str:
        """The field's record tag: its name in CamelCase.

        >>> RuleField("target", int, 250, "the target", low=1).tag
        'Target'
        """
        return "".join(word.capitalize() for word in self.name.split("_"))

    def shown_by(self, tool: str) -> bool:
        """Whether ``tool`` shows this field.

        >>> RuleField("dealer", int, 0, "", low=0, tools=frozenset({"cli"})).shown_by("records")
        False
        """
        return tool in self.tools

    def check(self, value: object) -> int:
        """``value`` if the field may hold it (an int-like read as its plain
        int); else the :class:`~bugami.errors.InvalidInputError` that says
        what is legal. A bound as high as the target's is stated on its own.
        The rules run it on each argument (it is the attrs field's
        converter).

        >>> RuleField("target", int, 250, "", low=1, high=MAX_TARGET).check(10**12)
        Traceback (most recent call last):
        ...
        bugami.errors.InvalidInputError: target must be at most 999999999
        """
        if self.kind is bool:
            return check_bool(self.name, value)
        if self.high is not None and self.high < MAX_TARGET:
            return check_range(self.name, value, self.low, self.high)
        number = check_at_least(self.name, value, self.low)
        if self.high is not None and number > self.high:
            raise InvalidInputError(f"{self.name} must be at most {self.high}")
        return number

    def describe(self) -> str:
        """The field's range and default, in words, for help texts.

        >>> RuleField("jokers", int, 0, "", low=0, high=8).describe()
        '0 to 8 (default 0)'
        >>> RuleField("quick", bool, False, "").describe()
        'yes or no (default no)'
        """
        if self.kind is bool:
            return f"yes or no (default {'yes' if self.default else 'no'})"
        if self.high is None:
            return f"at least {self.low} (default {self.default})"
        return f"{self.low} to {self.high} (default {self.default})"


_DECLARED: Final = "bugami.declared"  # the arguments of rule(), until declared() names the field


def rule(
    default: _T,
    help: str,
    *,
    low: int = 0,
    high: int | None = None,
    label: str = "",
    tools: frozenset[str] = frozenset(TOOLS),
) -> _T:
    """An attrs field of a game's rules, declared once: its ``default`` (an
    int, or a bool for a yes/no field: the field's kind), ``help`` text,
    range (``low`` to ``high``), ``label`` and ``tools`` (see
    :class:`RuleField`). The rules class is made with
    ``field_transformer=declared``, which puts the field's
    :class:`RuleField` into its metadata and makes its check the field's
    converter.

    >>> import attrs
    >>> @attrs.frozen(kw_only=True, field_transformer=declared)
    ... class Table:
    ...     seats: int = rule(4, "how many seats", low=2, high=9)
    ...     quiet: bool = rule(False, "say nothing")
    >>> Table(seats=6), [field.describe() for field in rule_fields(Table)]
    (Table(seats=6, quiet=False), ['2 to 9 (default 4)', 'yes or no (default no)'])
    >>> Table(seats=1)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: seats must be an int from 2 to 9, not 1
    """
    given = {"help": help, "low": low, "high": high, "tools": tools}
    if label:
        given["label"] = label
    made: _T = attrs.field(default=default, metadata={_DECLARED: given})
    return made


def declared(cls: type, fields: list[attrs.Attribute[object]]) -> list[attrs.Attribute[object]]:
    """The ``field_transformer`` of a rules class: each field made by
    :func:`rule` gets its :class:`RuleField` (named after the attribute) as
    metadata under :data:`RULE`, and that field's check as its converter, so
    that making the rules (and ``attrs.evolve``) checks every argument."""
    done = []
    for attribute in fields:
        given = attribute.metadata.get(_DECLARED)
        if given is None:
            raise TypeError(f"the field {attribute.name} of {cls.__name__} is not made by rule()")
        default: Any = attribute.default  # an int or a bool: rule() made the field
        field = RuleField(attribute.name, type(default), default, **given)
        converter = _converter(field, attribute.type)
        done.append(attribute.evolve(converter=converter, metadata={RULE: field}))
    return done


def _converter(field: RuleField, kind: object) -> Callable[[object], int]:
    """``field.check`` as an attrs converter, annotated with the field's
    type (attrs gives ``__init__`` its converters' annotations, which the
    documentation shows)."""
    check = field.check

    def convert(value: object) -> int:
        return check(value)

    convert.__annotations__ = {"value": kind, "return": kind}
    convert.__qualname__ = convert.__name__ = f"check_{field.name}"
    return convert


def rule_fields(cls: type, tool: str | None = None) -> tuple[RuleField, ...]:
    """The :class:`RuleField` of each field of the rules class ``cls``, in
    order, read from its attrs fields; only those ``tool`` shows if given.

    >>> import bugami
    >>> [field.name for field in rule_fields(bugami.Rules, "webapp")]
    ['players', 'target']
    """
    found = [attribute.metadata[RULE] for attribute in attrs.fields(cls)]
    return tuple([field for field in found if tool is None or field.shown_by(tool)])
