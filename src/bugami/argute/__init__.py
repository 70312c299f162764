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
:mod:`bugami.argute.solver` (the open-hand solver), :mod:`bugami.argute.reviews` (reviews and hints) and the frontend
kit (:mod:`bugami.argute.actions`, :mod:`bugami.argute.events`,
:mod:`bugami.argute.frontend`) hold them. Errors are Bugami's
(:mod:`bugami.errors`), and so is :class:`~bugami.core.state.Phase`.

Like :mod:`bugami`, this package loads only Argute's core at first; the
frontend kit, records, constrained dealer, sampling, hand features,
evaluation, solver and bots load the first time one of their names is used.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Final

from bugami.argute.actions import Action, BidAction, PlayAction, parse_action
from bugami.argute.dealing import deal
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
from bugami.argute.game import Game, new_game
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
from bugami.argute.rules import Rules
from bugami.argute.scoring import score, tricks_won
from bugami.argute.state import Deal, Phase, Trick
from bugami.argute.view import DealView, GameView, SpectatorGameView, SpectatorView, view

if TYPE_CHECKING:  # loaded on first use (see __getattr__ below); type checkers see them here
    # the submodules, reachable as attributes (as when ``import bugami`` loaded them all)
    from bugami.argute import bots as bots
    from bugami.argute import dealer as dealer
    from bugami.argute import evaluation as evaluation
    from bugami.argute import frontend as frontend
    from bugami.argute import hands as hands
    from bugami.argute import records as records
    from bugami.argute import reviews as reviews
    from bugami.argute import sampling as sampling
    from bugami.argute import solver as solver
    from bugami.argute.dealer import deal_where, deals_where
    from bugami.argute.evaluation import BidValues, evaluate_bids, solve_bids
    from bugami.argute.frontend import (
        apply,
        for_player,
        legal_actions,
        payload_schema,
        replay,
        root,
        step,
    )
    from bugami.argute.hands import ArguteHandFeatures, hand_features
    from bugami.argute.records import (
        dump,
        dumps,
        load,
        load_record,
        loads,
        read_records,
        write_records,
    )
    from bugami.argute.reviews import hint, review
    from bugami.argute.sampling import sample_deal
    from bugami.argute.solver import (
        DealSolution,
        PlayedCard,
        PlaySolution,
        SearchLimitError,
        Solution,
        Tables,
        solve,
        solve_deal,
        solve_play,
    )

# The public names that live above Argute's core, by the module that holds them.
_LAZY: Final[dict[str, str]] = {
    "deal_where": "dealer",
    "deals_where": "dealer",
    "evaluate_bids": "evaluation",
    "BidValues": "evaluation",
    "apply": "frontend",
    "for_player": "frontend",
    "legal_actions": "frontend",
    "payload_schema": "frontend",
    "replay": "frontend",
    "root": "frontend",
    "step": "frontend",
    "ArguteHandFeatures": "hands",
    "hand_features": "hands",
    "dump": "records",
    "dumps": "records",
    "load": "records",
    "load_record": "records",
    "loads": "records",
    "read_records": "records",
    "write_records": "records",
    "hint": "reviews",
    "review": "reviews",
    "sample_deal": "sampling",
    "solve": "solver",
    "solve_deal": "solver",
    "solve_play": "solver",
    "DealSolution": "solver",
    "PlayedCard": "solver",
    "PlaySolution": "solver",
    "SearchLimitError": "solver",
    "Solution": "solver",
    "Tables": "solver",
    "solve_bids": "evaluation",
}
_SUBMODULES: Final = frozenset(_LAZY.values()) | {"bots"}

if not TYPE_CHECKING:  # hidden from type checkers, so that a misspelt name stays an error

    def __getattr__(name: str) -> object:
        """Load a name that lives above Argute's core on first use (PEP 562)."""
        module = name if name in _SUBMODULES else _LAZY.get(name)
        if module is None:
            raise AttributeError(f"module 'bugami.argute' has no attribute {name!r}")
        if module == "records":
            # Bugami's records too, so that reading one of them says which game it holds
            importlib.import_module("bugami.record")
        loaded = importlib.import_module(f"bugami.argute.{module}")
        if name == module:
            return loaded
        value = getattr(loaded, name)
        globals()[name] = value
        return value

    def __dir__() -> list[str]:
        """The module's names, the ones not loaded yet included."""
        # without the names the module imports for itself (importlib, ...)
        own = {name for name in globals() if name not in _IMPORTED}
        return sorted({*own, *_LAZY, *_SUBMODULES})

    _IMPORTED = frozenset({"Final", "TYPE_CHECKING", "annotations", "importlib"})


__all__ = [
    "Action",
    "ArguteHandFeatures",
    "BidAction",
    "BidMade",
    "BidValues",
    "CardPlayed",
    "Deal",
    "DealScored",
    "DealSolution",
    "DealStarted",
    "DealView",
    "Event",
    "Game",
    "GameOver",
    "GameView",
    "Phase",
    "PlayAction",
    "PlaySolution",
    "PlayStarted",
    "PlayedCard",
    "Rules",
    "SearchLimitError",
    "Solution",
    "SpectatorGameView",
    "SpectatorView",
    "Tables",
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
    "for_player",
    "hand_features",
    "hint",
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
    "read_records",
    "replay",
    "review",
    "root",
    "sample_deal",
    "score",
    "solve",
    "solve_bids",
    "solve_deal",
    "solve_play",
    "step",
    "tricks_won",
    "view",
    "write_records",
]
