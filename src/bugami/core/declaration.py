"""Bugami, declared once: the one value that names the parts of the game.

:data:`DECLARATION` lists Bugami's rules class, its states, views, verbs,
action and event classes, its bids and the words its messages use; the
shared code (the frontend kit, reviews, records, bots) reads it instead of
being handed the parts one by one. Argute's is
:data:`bugami.argute.declaration.DECLARATION`; see
:class:`~bugami._kernel.declaration.GameDeclaration` for what each field
means.

>>> import bugami
>>> from bugami.core.declaration import DECLARATION
>>> DECLARATION.rules is bugami.Rules, DECLARATION.bid is bugami.bid
(True, True)
>>> DECLARATION.tricks(bugami.Rules(players=3))
17
"""

from __future__ import annotations

from typing import Final

from bugami._kernel.declaration import GameDeclaration
from bugami.core._scoring import deal_points
from bugami.core.actions import BidAction, PlayAction, parse_action
from bugami.core.cards import MISERE, Bid, Card, Suit
from bugami.core.events import EVENTS
from bugami.core.game import Game
from bugami.core.play import bid, legal_moves, play
from bugami.core.rules import Rules
from bugami.core.sampling import sample_deal
from bugami.core.state import Deal
from bugami.core.view import DealView, GameView, SpectatorGameView, SpectatorView, view

__all__ = ["DECLARATION"]


def _tricks(rules: Rules) -> int:
    return rules.hand_size


DECLARATION: Final[GameDeclaration[Rules, Deal, Game, DealView, Bid, Card]] = GameDeclaration(
    name="bugami",
    title="Bugami",
    noun="a bugami",
    deal_word="deal",
    card_word="card",
    bid_word="suit or misère",
    view_call="bugami.view(state, seat)",
    rules=Rules,
    deal=Deal,
    game=Game,
    seat_view=DealView,
    spectator_view=SpectatorView,
    game_view=GameView,
    spectator_game_view=SpectatorGameView,
    bid_action=BidAction,
    play_action=PlayAction,
    events=EVENTS,
    bids=(*Suit, MISERE),
    bid=bid,
    play=play,
    legal_moves=legal_moves,
    score=deal_points,
    view=view,
    sample_deal=sample_deal,
    parse_action=parse_action,
    tricks=_tricks,
    thresholds=(4.0, 10.0, 20.0),
)
"""Bugami's declaration. Its review thresholds are in Bugami's points: a
clean trick is worth 20, a misère 100."""
