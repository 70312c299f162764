"""Client payloads: views, tricks and actions as JSON-ready dicts.

A payload is built from a view only, so it holds what that seat (or a
spectator) may know and nothing else; it is made of dicts with str keys,
lists, str, int, bool and ``None``, ready for :func:`json.dumps`. Cards and
bids are written as each game's action classes write them (Bugami: their
text, ``"QH"``, ``"M"``; Argute: their ints). The JSON Schema of every
payload, event and action dict is shipped in the package
(:func:`payload_schema`).

>>> plays_json(3, ("QH", "2H"), 4, str)
[{'seat': 3, 'card': 'QH'}, {'seat': 0, 'card': '2H'}]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any  # the views, tricks and rules of either game: the kernel names neither

from bugami._kernel.actions import ActionBase, JSONValue

__all__ = [
    "deal_payload",
    "match_payload",
    "payload_schema",
    "plays_json",
    "rules_json",
    "trick_json",
    "view_actions",
]


def rules_json(rules: Any) -> dict[str, JSONValue]:
    """A game's rules as a dict of their fields, as records write them."""
    return {name: getattr(rules, name) for name in rules.field_names()}


def plays_json(
    leader: int, cards: Sequence[Any], players: int, card_json: Callable[[Any], JSONValue]
) -> list[JSONValue]:
    """The cards of a trick led by ``leader``, each with the seat that played it."""
    return [
        {"seat": (leader + position) % players, "card": card_json(card)}
        for position, card in enumerate(cards)
    ]


def trick_json(trick: Any, players: int, card_json: Callable[[Any], JSONValue]) -> dict[str, Any]:
    """A completed trick: its leader, its cards with their seats, its winner,
    and what the game adds (the ``_payload_keys`` of its trick class)."""
    shown: dict[str, Any] = {
        "leader": trick.leader,
        "plays": plays_json(trick.leader, trick.cards, players, card_json),
        "winner": trick.winner,
    }
    for key in trick._payload_keys:
        shown[key] = list(getattr(trick, key))
    return shown


def view_actions(seen: Any) -> tuple[ActionBase, ...]:
    """The actions the seat of a deal view may take now (``()`` for a
    spectator): its bids while it has not bid, or its legal cards on its turn."""
    if seen.seat is None:
        return ()
    bid_kind, play_kind = seen._actions
    seat = seen.seat
    bids = seen.legal_bids()
    if bids:
        return tuple([bid_kind._made(seat, choice) for choice in bids])
    return tuple([play_kind._made(seat, card) for card in seen.legal_moves()])


def deal_payload(seen: Any) -> dict[str, JSONValue]:
    """The payload of a deal view (a seat's, or a spectator's)."""
    bid_kind, play_kind = seen._actions
    card = play_kind._json
    bid = bid_kind._json
    rules = seen.rules
    players = rules.players
    leader = seen.leader
    points = seen.points
    payload: dict[str, JSONValue] = {
        "game": bid_kind._game,
        "kind": "deal",
        "rules": rules_json(rules),
        "seat": seen.seat,
        "dealer": seen.dealer,
        "phase": seen.phase.value,
        "to_move": seen.to_move,
        "leader": leader,
        "hand": [card(held) for held in seen.hand],
        "hand_sizes": list(seen.hand_sizes),
        "has_bid": list(seen.has_bid),
        "bids": [None if choice is None else bid(choice) for choice in seen.bids],
        "legal_actions": [action.to_dict() for action in view_actions(seen)],
        "trick": [] if leader is None else plays_json(leader, seen.current_trick, players, card),
        "tricks": [trick_json(done, players, card) for done in seen.tricks],
        "tricks_in_deal": seen._tricks_in_deal(),
        "points": None if points is None else list(points),
    }
    payload.update(seen._payload_extra())
    return payload


def match_payload(seen: Any) -> dict[str, JSONValue]:
    """The payload of a view of a whole game: the deal in progress as its
    view's payload, and a score sheet of the finished deals."""
    bid = seen._actions[0]._json
    rules = seen.rules
    running = [0] * rules.players
    sheet: list[Any] = []
    for deal in seen.deals:
        points = seen._score(deal)
        running = [total + gained for total, gained in zip(running, points, strict=True)]
        sheet.append(
            {
                "dealer": deal.dealer,
                "bids": [bid(choice) for choice in deal.bids],
                "points": list(points),
                "totals": running,
            }
        )
    current = seen.current
    return {
        "game": seen._actions[0]._game,
        "kind": "game",
        "rules": rules_json(rules),
        "seat": seen.seat,
        "first_dealer": seen.first_dealer,
        "deals_played": len(seen.deals),
        "totals": list(seen.totals),
        "winner": seen.winner,
        "is_over": current is None,
        "sheet": sheet,
        "current": None if current is None else current.to_dict(),
    }


def payload_schema() -> dict[str, Any]:
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
    schema: dict[str, Any] = json.loads(text)
    return schema
