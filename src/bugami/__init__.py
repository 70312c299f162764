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

The names below are the public API; :mod:`bugami.core.cards`, :mod:`bugami.core.rules`,
:mod:`bugami.core.state`, :mod:`bugami.core.dealing`, :mod:`bugami.core.play`,
:mod:`bugami.core.scoring`, :mod:`bugami.core.game`, :mod:`bugami.core.view`,
:mod:`bugami.core.sampling`, :mod:`bugami.record`, :mod:`bugami.errors`,
:mod:`bugami.solver` (the open-hand solver),
:mod:`bugami.core.dealer` (constrained dealing), :mod:`bugami.core.hands` (hand
features), :mod:`bugami.analysis.evaluation` (bid evaluation), :mod:`bugami.analysis.reviews`
(reviews and hints) and the frontend kit (:mod:`bugami.core.actions`, :mod:`bugami.core.events`, :mod:`bugami.core.frontend`) hold them.
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
import sys
from typing import TYPE_CHECKING, Final

from bugami.__about__ import __version__
from bugami._kernel import display as _display
from bugami._kernel.native import COMPILED
from bugami.core.actions import Action, BidAction, PlayAction, parse_action
from bugami.core.cards import MISERE, Bid, Card, Misere, Suit, deck, parse_bid, parse_cards
from bugami.core.dealing import Seed, deal
from bugami.core.game import Game, new_game
from bugami.core.play import (
    bid,
    can_bid,
    can_play,
    check_bid,
    check_play,
    legal_bids,
    legal_moves,
    play,
)
from bugami.core.rules import STANDARD, Rules
from bugami.core.scoring import score
from bugami.core.state import Deal, Phase, Trick
from bugami.core.view import DealView, GameView, SpectatorGameView, SpectatorView, view
from bugami.errors import BugamiError, IllegalMoveError, InvalidInputError, RecordError

if TYPE_CHECKING:  # loaded on first use (see __getattr__ below); type checkers see them here
    # the submodules, reachable as attributes (as when ``import bugami`` loaded them all)
    from bugami import actions as actions
    from bugami import argute as argute
    from bugami import bots as bots
    from bugami import cards as cards
    from bugami import dealer as dealer
    from bugami import dealing as dealing
    from bugami import evaluation as evaluation
    from bugami import events as events
    from bugami import frontend as frontend
    from bugami import game as game
    from bugami import hands as hands
    from bugami import record as record
    from bugami import render as render
    from bugami import reviews as reviews
    from bugami import rules as rules
    from bugami import sampling as sampling
    from bugami import scoring as scoring
    from bugami import solver as solver
    from bugami import state as state
    from bugami.analysis.evaluation import (
        BidEstimate,
        BidEvaluation,
        BidValues,
        evaluate_bids,
        solve_bids,
    )
    from bugami.analysis.reviews import (
        Decision,
        Hint,
        Review,
        SeatSummary,
        hint,
        review,
        review_many,
    )
    from bugami.core.dealer import DealNotFoundError, deal_where, deals_where
    from bugami.core.events import (
        BidMade,
        CardPlayed,
        DealScored,
        DealStarted,
        Event,
        GameOver,
        PlayStarted,
        TrickWon,
    )
    from bugami.core.frontend import (
        apply,
        for_player,
        legal_actions,
        payload_schema,
        replay,
        root,
        step,
    )
    from bugami.core.hands import HandFeatures, hand_features
    from bugami.core.sampling import sample_deal
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
    from bugami.solver import (
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

# The public names that live above the core, by the module that holds them.
_LAZY: Final[dict[str, str]] = {
    "DealNotFoundError": "bugami.core.dealer",
    "deal_where": "bugami.core.dealer",
    "deals_where": "bugami.core.dealer",
    "BidEstimate": "bugami.analysis.evaluation",
    "BidEvaluation": "bugami.analysis.evaluation",
    "evaluate_bids": "bugami.analysis.evaluation",
    "BidValues": "bugami.analysis.evaluation",
    "solve_bids": "bugami.analysis.evaluation",
    "BidMade": "bugami.core.events",
    "CardPlayed": "bugami.core.events",
    "DealScored": "bugami.core.events",
    "DealStarted": "bugami.core.events",
    "Event": "bugami.core.events",
    "GameOver": "bugami.core.events",
    "PlayStarted": "bugami.core.events",
    "TrickWon": "bugami.core.events",
    "apply": "bugami.core.frontend",
    "for_player": "bugami.core.frontend",
    "legal_actions": "bugami.core.frontend",
    "payload_schema": "bugami.core.frontend",
    "replay": "bugami.core.frontend",
    "root": "bugami.core.frontend",
    "step": "bugami.core.frontend",
    "HandFeatures": "bugami.core.hands",
    "hand_features": "bugami.core.hands",
    "Record": "bugami.record",
    "TrickComment": "bugami.record",
    "dump": "bugami.record",
    "dumps": "bugami.record",
    "load": "bugami.record",
    "load_record": "bugami.record",
    "loads": "bugami.record",
    "read_records": "bugami.record",
    "write_records": "bugami.record",
    "Decision": "bugami.analysis.reviews",
    "Hint": "bugami.analysis.reviews",
    "Review": "bugami.analysis.reviews",
    "SeatSummary": "bugami.analysis.reviews",
    "hint": "bugami.analysis.reviews",
    "review": "bugami.analysis.reviews",
    "review_many": "bugami.analysis.reviews",
    "sample_deal": "bugami.core.sampling",
    "solve": "bugami.solver",
    "solve_deal": "bugami.solver",
    "solve_play": "bugami.solver",
    "DealSolution": "bugami.solver",
    "PlayedCard": "bugami.solver",
    "PlaySolution": "bugami.solver",
    "SearchLimitError": "bugami.solver",
    "Solution": "bugami.solver",
    "Tables": "bugami.solver",
}
# The submodules that ``import bugami`` used to load, still reachable as attributes
# by their paths of before 0.1 (the modules now live in bugami.core, bugami.analysis
# and bugami.pictures; see the architecture page of the docs).
_SUBMODULES: Final = frozenset(
    {
        "actions",
        "argute",
        "bots",
        "cards",
        "dealer",
        "dealing",
        "evaluation",
        "events",
        "frontend",
        "game",
        "hands",
        "record",
        "render",
        "reviews",
        "rules",
        "sampling",
        "scoring",
        "solver",
        "state",
    }
)

# The paths of before 0.1 of the core modules loaded above (``bugami.cards``, ...) name
# the same modules, at no cost: ``import bugami.cards`` (or a pickle made by an earlier
# version) finds it in sys.modules. The
# other old paths are modules that re-export (src/bugami/hands.py, ...). Registering
# ``bugami.play`` and ``bugami.view`` here also keeps ``import bugami.play`` from
# replacing the function ``bugami.play`` by a module.
for _name in ("actions", "cards", "dealing", "game", "play", "rules", "scoring", "state", "view"):
    sys.modules.setdefault(f"bugami.{_name}", sys.modules[f"bugami.core.{_name}"])
del _name

# The values' Jupyter pictures (``_repr_html_``) are painted by bugami.pictures.render,
# imported the first time a picture is asked for.
_display.paint_from("bugami.pictures.render")

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
        # without the names the module imports for itself (sys, importlib, ...)
        own = {name for name in globals() if name not in _IMPORTED}
        return sorted({*own, *_LAZY, *_SUBMODULES})

    _IMPORTED = frozenset({"Final", "TYPE_CHECKING", "annotations", "importlib", "sys"})


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
    "BidValues",
    "BugamiError",
    "Card",
    "CardPlayed",
    "Deal",
    "DealNotFoundError",
    "DealScored",
    "DealSolution",
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
    "PlaySolution",
    "PlayStarted",
    "PlayedCard",
    "Record",
    "RecordError",
    "Review",
    "Rules",
    "SearchLimitError",
    "SeatSummary",
    "Seed",
    "Solution",
    "SpectatorGameView",
    "SpectatorView",
    "Suit",
    "Tables",
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
    "solve_bids",
    "solve_deal",
    "solve_play",
    "step",
    "view",
    "write_records",
]
