"""Argute, declared once: the one value that names the parts of the game.

The same fields as Bugami's (:mod:`bugami.core.declaration`), filled with
Argute's rules, states, views, verbs, actions, events and words: a deal of
Argute is a *hand*, and what is played to a trick is a *value* (0 to 5).

>>> from bugami import argute
>>> from bugami.argute.declaration import DECLARATION
>>> DECLARATION.game is argute.Game, DECLARATION.deal_word
(True, 'hand')
>>> DECLARATION.tricks(argute.Rules(players=7))
3
"""

from __future__ import annotations

from typing import Final

from bugami._kernel.declaration import GameDeclaration
from bugami.argute._scoring import hand_points
from bugami.argute.actions import BidAction, PlayAction, parse_action
from bugami.argute.events import EVENTS
from bugami.argute.game import Game
from bugami.argute.play import bid, legal_moves, play
from bugami.argute.rules import BIDS, TRICKS, Rules
from bugami.argute.sampling import sample_deal
from bugami.argute.state import Deal
from bugami.argute.view import DealView, GameView, SpectatorGameView, SpectatorView, view

__all__ = ["DECLARATION"]


def _tricks(rules: Rules) -> int:
    return TRICKS


DECLARATION: Final[GameDeclaration[Rules, Deal, Game, DealView, int, int]] = GameDeclaration(
    name="argute",
    title="Argute",
    noun="an Argute",
    deal_word="hand",
    card_word="value",
    bid_word="number of tricks",
    view_call="bugami.argute.view(state, seat)",
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
    bids=BIDS,
    bid=bid,
    play=play,
    legal_moves=legal_moves,
    score=hand_points,
    view=view,
    sample_deal=sample_deal,
    parse_action=parse_action,
    tricks=_tricks,
    thresholds=(0.25, 0.5, 1.0),
)
"""Argute's declaration. Its review thresholds are in Argute's points: a
missed bid scores -1, an exact one its number of tricks."""
