"""Client payloads: views, tricks and actions as JSON-ready dicts.

The parts every payload shares are here: the rules, the cards of a trick, a
completed trick, and the schema; each view builds its payload from them
(:func:`bugami._kernel.views.deal_payload`,
:func:`bugami._kernel.match.match_payload`). A payload is built from a view
only, so it holds what that seat (or a spectator) may know and nothing else;
it is made of dicts with str keys, lists, str, int, bool and ``None``, ready
for :func:`json.dumps`. Cards and bids are written as each game's action
classes write them (Bugami: their text, ``"QH"``, ``"M"``; Argute: their
ints). The JSON Schema of every payload, event and action dict is shipped in
the package (:func:`payload_schema`).

>>> plays_json(3, ("QH", "2H"), 4, str)
[{'seat': 3, 'card': 'QH'}, {'seat': 0, 'card': '2H'}]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from bugami._kernel.actions import JSONValue

if TYPE_CHECKING:
    from bugami._kernel.deals import TrickBase

__all__ = ["Fielded", "payload_schema", "plays_json", "rules_json", "trick_json"]

CardT = TypeVar("CardT")


class Fielded(Protocol):
    """Rules as a payload writes them: a value that names its fields (each
    game's ``Rules`` does)."""

    def field_names(self) -> tuple[str, ...]:
        """The names of the fields, in order."""
        ...


def rules_json(rules: Fielded) -> dict[str, JSONValue]:
    """A game's rules as a dict of their fields, as records write them."""
    return {name: getattr(rules, name) for name in rules.field_names()}


def plays_json(
    leader: int, cards: Sequence[CardT], players: int, card_json: Callable[[CardT], JSONValue]
) -> list[JSONValue]:
    """The cards of a trick led by ``leader``, each with the seat that played it."""
    return [
        {"seat": (leader + position) % players, "card": card_json(card)}
        for position, card in enumerate(cards)
    ]


def trick_json(
    trick: TrickBase, players: int, card_json: Callable[[object], JSONValue]
) -> dict[str, JSONValue]:
    """A completed trick: its leader, its cards with their seats, its winner,
    and what the game adds (the ``_payload_keys`` of its trick class)."""
    shown: dict[str, JSONValue] = {
        "leader": trick.leader,
        "plays": plays_json(trick.leader, trick.cards, players, card_json),
        "winner": trick.winner,
    }
    for key in trick._payload_keys:
        shown[key] = list(getattr(trick, key))
    return shown


def payload_schema() -> dict[str, Any]:  # Any: a JSON document its callers index freely
    """The JSON Schema (draft 2020-12) of the client payloads of both games,
    as a new dict at each call. It is shipped in the package (``bugami/
    schemas/payload.schema.json``): the schema itself checks a view's payload
    (``view(state, seat).to_dict()``, of a deal or of a game, a seat's or a
    spectator's), and its ``$defs`` hold ``action`` (an action's
    ``to_dict()``) and ``event`` (an event's ``to_dict()``).

    >>> schema = payload_schema()
    >>> schema["$schema"], sorted(schema["$defs"])[:3]
    ('https://json-schema.org/draft/2020-12/schema', ['action', 'argute_action', 'argute_bid'])
    """
    import json  # here, as the schema is rarely needed
    from importlib.resources import files  # here: slow to import, and rarely needed

    text = (files("bugami") / "schemas" / "payload.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)  # Any: as the result
    return schema
