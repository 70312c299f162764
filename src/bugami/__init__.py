"""bugami: the rules of David Parlett's card game Bugami, exactly.

Every state is an immutable value; the verbs return new states:

>>> import bugami
>>> state = bugami.deal(bugami.Rules(players=4), seed=2026)
>>> for seat in range(4):
...     state = bugami.bid(state, seat, bugami.legal_bids(state, seat)[seat % 4])
>>> while not state.is_over:
...     state = bugami.play(state, bugami.legal_moves(state)[0])
>>> len(bugami.score(state))
4

The names below are the public API; :mod:`bugami.cards`, :mod:`bugami.rules`,
:mod:`bugami.state`, :mod:`bugami.dealing`, :mod:`bugami.play`,
:mod:`bugami.scoring`, :mod:`bugami.game`, :mod:`bugami.view`,
:mod:`bugami.sampling`, :mod:`bugami.record`, :mod:`bugami.errors`,
:mod:`bugami.solver` (the open-hand solver),
:mod:`bugami.dealer` (constrained dealing), :mod:`bugami.hands` (hand
features), :mod:`bugami.evaluation` (bid evaluation), :mod:`bugami.reviews`
(reviews and hints) and the frontend kit (:mod:`bugami.actions`, :mod:`bugami.events`, :mod:`bugami.frontend`) hold them.
:data:`bugami.COMPILED` tells which build runs: the core compiled by mypyc, or
pure Python (the same behaviour either way).

:mod:`bugami` itself loads only the core (the cards, rules, states, verbs,
views and actions); the events and the frontend kit (:func:`apply`,
:func:`step`, ...), the records, the solver, the bots, the evaluation, the constrained
dealer, the pictures and :mod:`bugami.argute` load the first
time one of their names is used (``bugami.dumps``, ``bugami.solve``, ...), so
``import bugami`` stays quick:

>>> "dumps" in dir(bugami), callable(bugami.dumps)
(True, True)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Final

from bugami.__about__ import __version__
from bugami._kernel import display as _display
from bugami._kernel.native import COMPILED
from bugami.actions import Action, BidAction, PlayAction, parse_action
from bugami.cards import MISERE, Bid, Card, Misere, Suit, deck, parse_bid, parse_cards
from bugami.dealing import Seed, deal
from bugami.errors import BugamiError, IllegalMoveError, InvalidInputError, RecordError
from bugami.game import Game, new_game
from bugami.play import (
    bid,
    can_bid,
    can_play,
    check_bid,
    check_play,
    legal_bids,
    legal_moves,
    play,
)
from bugami.rules import STANDARD, Rules
from bugami.scoring import score
from bugami.state import Deal, Phase, Trick
from bugami.view import DealView, GameView, SpectatorGameView, SpectatorView, view

if TYPE_CHECKING:  # loaded on first use (see __getattr__ below); type checkers see them here
    # the submodules, reachable as attributes (as when ``import bugami`` loaded them all)
    from bugami import argute as argute
    from bugami import bots as bots
    from bugami import dealer as dealer
    from bugami import evaluation as evaluation
    from bugami import events as events
    from bugami import frontend as frontend
    from bugami import hands as hands
    from bugami import record as record
    from bugami import render as render
    from bugami import reviews as reviews
    from bugami import sampling as sampling
    from bugami import solver as solver
    from bugami.dealer import DealNotFoundError, deal_where, deals_where
    from bugami.evaluation import BidEstimate, BidEvaluation, evaluate_bids
    from bugami.events import (
        BidMade,
        CardPlayed,
        DealScored,
        DealStarted,
        Event,
        GameOver,
        PlayStarted,
        TrickWon,
    )
    from bugami.frontend import apply, legal_actions, payload_schema, replay, root, step
    from bugami.hands import HandFeatures, hand_features
    from bugami.record import (
        Record,
        TrickComment,
        dump,
        dumps,
        load,
        load_record,
        loads,
        read_records,
        write_records,
    )
    from bugami.reviews import Decision, Hint, Review, SeatSummary, hint, review, review_many
    from bugami.sampling import sample_deal
    from bugami.solver import solve, solve_deal

# The public names that live above the core, by the module that holds them.
_LAZY: Final[dict[str, str]] = {
    "DealNotFoundError": "bugami.dealer",
    "deal_where": "bugami.dealer",
    "deals_where": "bugami.dealer",
    "BidEstimate": "bugami.evaluation",
    "BidEvaluation": "bugami.evaluation",
    "evaluate_bids": "bugami.evaluation",
    "BidMade": "bugami.events",
    "CardPlayed": "bugami.events",
    "DealScored": "bugami.events",
    "DealStarted": "bugami.events",
    "Event": "bugami.events",
    "GameOver": "bugami.events",
    "PlayStarted": "bugami.events",
    "TrickWon": "bugami.events",
    "apply": "bugami.frontend",
    "legal_actions": "bugami.frontend",
    "payload_schema": "bugami.frontend",
    "replay": "bugami.frontend",
    "root": "bugami.frontend",
    "step": "bugami.frontend",
    "HandFeatures": "bugami.hands",
    "hand_features": "bugami.hands",
    "Record": "bugami.record",
    "TrickComment": "bugami.record",
    "dump": "bugami.record",
    "dumps": "bugami.record",
    "load": "bugami.record",
    "load_record": "bugami.record",
    "loads": "bugami.record",
    "read_records": "bugami.record",
    "write_records": "bugami.record",
    "Decision": "bugami.reviews",
    "Hint": "bugami.reviews",
    "Review": "bugami.reviews",
    "SeatSummary": "bugami.reviews",
    "hint": "bugami.reviews",
    "review": "bugami.reviews",
    "review_many": "bugami.reviews",
    "sample_deal": "bugami.sampling",
    "solve": "bugami.solver",
    "solve_deal": "bugami.solver",
}
# The subpackages that ``import bugami`` used to load, still reachable as attributes.
_SUBMODULES: Final = frozenset(
    {
        "argute",
        "bots",
        "dealer",
        "evaluation",
        "events",
        "frontend",
        "hands",
        "record",
        "render",
        "reviews",
        "sampling",
        "solver",
    }
)

# The values' Jupyter pictures (``_repr_html_``) are painted by bugami.render,
# imported the first time a picture is asked for.
_display.paint_from("bugami.render")

if not TYPE_CHECKING:  # hidden from type checkers, so that a misspelt name stays an error

    def __getattr__(name: str) -> object:
        """Load a name that lives above the core on first use (PEP 562)."""
        if name in _SUBMODULES:
            return importlib.import_module(f"bugami.{name}")
        module = _LAZY.get(name)
        if module is None:
            raise AttributeError(f"module 'bugami' has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        globals()[name] = value
        return value

    def __dir__() -> list[str]:
        """The module's names, the ones not loaded yet included."""
        return sorted({*globals(), *_LAZY, *_SUBMODULES})


__all__ = [
    "COMPILED",
    "MISERE",
    "STANDARD",
    "Action",
    "Bid",
    "BidAction",
    "BidEstimate",
    "BidEvaluation",
    "BidMade",
    "BugamiError",
    "Card",
    "CardPlayed",
    "Deal",
    "DealNotFoundError",
    "DealScored",
    "DealStarted",
    "DealView",
    "Decision",
    "Event",
    "Game",
    "GameOver",
    "GameView",
    "HandFeatures",
    "Hint",
    "IllegalMoveError",
    "InvalidInputError",
    "Misere",
    "Phase",
    "PlayAction",
    "PlayStarted",
    "Record",
    "RecordError",
    "Review",
    "Rules",
    "SeatSummary",
    "Seed",
    "SpectatorGameView",
    "SpectatorView",
    "Suit",
    "Trick",
    "TrickComment",
    "TrickWon",
    "__version__",
    "apply",
    "bid",
    "can_bid",
    "can_play",
    "check_bid",
    "check_play",
    "deal",
    "deal_where",
    "deals_where",
    "deck",
    "dump",
    "dumps",
    "evaluate_bids",
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
    "parse_bid",
    "parse_cards",
    "payload_schema",
    "play",
    "read_records",
    "replay",
    "review",
    "review_many",
    "root",
    "sample_deal",
    "score",
    "solve",
    "solve_deal",
    "step",
    "view",
    "write_records",
]
