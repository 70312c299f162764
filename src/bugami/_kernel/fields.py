"""The rules' fields, each declared once: its range, default, help and tools.

A game's rules class lists its fields as :class:`RuleField` records, in the
order the rules take them. Validation, the command's options, the simulation's
columns, the record tags, the adapters' parameters and the web app's options
all read that list, so a new field is declared in one place.

>>> players = RuleField("players", int, 4, "the number of players", low=3, high=7)
>>> players.check(5), players.tag, players.describe()
(5, 'Players', '3 to 7 (default 4)')
>>> players.check(9)
Traceback (most recent call last):
...
bugami.errors.InvalidInputError: players must be an int from 3 to 7, not 9
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from bugami._kernel.checks import MAX_TARGET, check_at_least, check_bool, check_range
from bugami.errors import InvalidInputError

__all__ = ["TOOLS", "RuleField"]

TOOLS: Final = ("cli", "simulate", "records", "openspiel", "pettingzoo", "webapp")
"""The tools that may show a rules field: the ``bugami`` command's options,
the simulation's row columns, the record tags, the OpenSpiel and PettingZoo
parameters and the example web app's options."""


@dataclass(frozen=True)
class RuleField:
    """One field of a game's rules: what it is, what it may be, who shows it.

    ``kind`` is ``int`` or ``bool``; an int field holds ``low`` to ``high``
    (``high`` ``None``: no upper bound). The fields map onto attrs fields
    with ``metadata`` one to one. ``label`` names the field in prose
    (``"Shotgun Wedding"``; by default the name with spaces) and ``tools``
    are the tools that show it: ``"cli"``, ``"simulate"``, ``"records"``,
    ``"openspiel"``, ``"pettingzoo"`` and ``"webapp"``.

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
    label: str = ""
    tools: frozenset[str] = frozenset(TOOLS)

    def __post_init__(self) -> None:
        if not self.label:
            object.__setattr__(self, "label", self.name.replace("_", " "))
        unknown = set(self.tools) - set(TOOLS)
        if unknown:
            raise InvalidInputError(f"unknown tools {sorted(unknown)}; the tools are {TOOLS}")

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
        """``value`` if the field may hold it; else the
        :class:`~bugami.errors.InvalidInputError` that says what is legal. A
        bound as high as the target's is stated on its own.

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
