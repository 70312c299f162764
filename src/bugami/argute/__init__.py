"""Argute: a second game, with the same shape as Bugami's API.

Argute is a suitless trick-taking game for two to seven players. Each hand has
three tricks; before the play every player secretly bids how many of them
they will win, and scores that many points for an exact bid (losing one point
otherwise). The verbs are Bugami's --
:func:`~bugami.argute.dealing.deal`, :func:`~bugami.argute.play.bid`,
:func:`~bugami.argute.play.legal_moves`, :func:`~bugami.argute.play.play`,
:func:`~bugami.argute.scoring.score`, :func:`~bugami.argute.game.new_game` --
over Argute's own states, and a card is simply its value, an int from 0 to 5.

>>> from bugami import argute
>>> state = argute.deal(argute.Rules(players=3), seed=2026)
>>> for seat in range(3):
...     state = argute.bid(state, seat, 1)
>>> while not state.is_over:
...     state = argute.play(state, argute.legal_moves(state)[-1])
>>> len(state.tricks), len(argute.score(state))
(3, 3)

The names below are the public API of Argute; the modules
:mod:`bugami.argute.rules`, :mod:`bugami.argute.state`,
:mod:`bugami.argute.dealing`, :mod:`bugami.argute.play`,
:mod:`bugami.argute.scoring`, :mod:`bugami.argute.game`,
:mod:`bugami.argute.view`, :mod:`bugami.argute.sampling`,
:mod:`bugami.argute.records`, :mod:`bugami.argute.dealer`,
:mod:`bugami.argute.hands`, :mod:`bugami.argute.evaluation`,
:mod:`bugami.argute.solver` (the open-hand solver) and the frontend
kit (:mod:`bugami.argute.actions`, :mod:`bugami.argute.events`,
:mod:`bugami.argute.frontend`) hold them. Errors are Bugami's
(:mod:`bugami.errors`), and so is :class:`~bugami.state.Phase`.
"""

from bugami.argute.actions import Action, BidAction, PlayAction, parse_action
from bugami.argute.dealer import deal_where, deals_where
from bugami.argute.dealing import deal
from bugami.argute.evaluation import evaluate_bids
from bugami.argute.events import (
    BidMade,
    CardPlayed,
    DealScored,
    DealStarted,
    Event,
    GameOver,
    PlayStarted,
    TrickWon,
)
from bugami.argute.frontend import apply, legal_actions, payload_schema, replay, root, step
from bugami.argute.game import Game, new_game
from bugami.argute.hands import ArguteHandFeatures, hand_features
from bugami.argute.play import (
    bid,
    can_bid,
    can_play,
    check_bid,
    check_play,
    legal_bids,
    legal_moves,
    play,
)
from bugami.argute.records import dump, dumps, load, load_record, loads
from bugami.argute.rules import Rules
from bugami.argute.sampling import sample_deal
from bugami.argute.scoring import score, tricks_won
from bugami.argute.solver import solve, solve_deal
from bugami.argute.state import Deal, Phase, Trick
from bugami.argute.view import DealView, GameView, SpectatorGameView, SpectatorView, view

__all__ = [
    "Action",
    "ArguteHandFeatures",
    "BidAction",
    "BidMade",
    "CardPlayed",
    "Deal",
    "DealScored",
    "DealStarted",
    "DealView",
    "Event",
    "Game",
    "GameOver",
    "GameView",
    "Phase",
    "PlayAction",
    "PlayStarted",
    "Rules",
    "SpectatorGameView",
    "SpectatorView",
    "Trick",
    "TrickWon",
    "apply",
    "bid",
    "can_bid",
    "can_play",
    "check_bid",
    "check_play",
    "deal",
    "deal_where",
    "deals_where",
    "dump",
    "dumps",
    "evaluate_bids",
    "hand_features",
    "legal_actions",
    "legal_bids",
    "legal_moves",
    "load",
    "load_record",
    "loads",
    "new_game",
    "parse_action",
    "payload_schema",
    "play",
    "replay",
    "root",
    "sample_deal",
    "score",
    "solve",
    "solve_deal",
    "step",
    "tricks_won",
    "view",
]
