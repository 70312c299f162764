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
features), :mod:`bugami.evaluation` (bid evaluation) and the frontend kit
(:mod:`bugami.actions`, :mod:`bugami.events`, :mod:`bugami.frontend`) hold them.
:data:`bugami.COMPILED` tells which build runs: the core compiled by mypyc, or
pure Python (the same behaviour either way).
"""

# Last: the pictures register themselves as the values' Jupyter pictures.
import bugami.render  # noqa: F401
from bugami.__about__ import __version__
from bugami._kernel.native import COMPILED
from bugami.actions import Action, BidAction, PlayAction, parse_action
from bugami.cards import MISERE, Bid, Card, Misere, Suit, deck, parse_bid, parse_cards
from bugami.dealer import DealNotFoundError, deal_where, deals_where
from bugami.dealing import Seed, deal
from bugami.errors import BugamiError, IllegalMoveError, InvalidInputError, RecordError
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
from bugami.game import Game, new_game
from bugami.hands import HandFeatures, hand_features
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
from bugami.rules import STANDARD, Rules
from bugami.sampling import sample_deal
from bugami.scoring import score
from bugami.solver import solve, solve_deal
from bugami.state import Deal, Phase, Trick
from bugami.view import DealView, GameView, SpectatorGameView, SpectatorView, view

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
    "Event",
    "Game",
    "GameOver",
    "GameView",
    "HandFeatures",
    "IllegalMoveError",
    "InvalidInputError",
    "Misere",
    "Phase",
    "PlayAction",
    "PlayStarted",
    "Record",
    "RecordError",
    "Rules",
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
    "root",
    "sample_deal",
    "score",
    "solve",
    "solve_deal",
    "step",
    "view",
    "write_records",
]
