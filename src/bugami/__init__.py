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
:mod:`bugami.dealer` (constrained dealing), :mod:`bugami.hands` (hand
features) and :mod:`bugami.evaluation` (bid evaluation) hold them.
"""

# Last: the pictures register themselves as the values' Jupyter pictures.
import bugami.render  # noqa: F401
from bugami.__about__ import __version__
from bugami.cards import MISERE, Bid, Card, Misere, Suit, deck, parse_bid, parse_cards
from bugami.dealer import DealNotFoundError, deal_where, deals_where
from bugami.dealing import Seed, deal
from bugami.errors import BugamiError, IllegalMoveError, InvalidInputError, RecordError
from bugami.evaluation import BidEstimate, BidEvaluation, evaluate_bids
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
from bugami.state import Deal, Phase, Trick
from bugami.view import DealView, GameView, view

__all__ = [
    "MISERE",
    "STANDARD",
    "Bid",
    "BidEstimate",
    "BidEvaluation",
    "BugamiError",
    "Card",
    "Deal",
    "DealNotFoundError",
    "DealView",
    "Game",
    "GameView",
    "HandFeatures",
    "IllegalMoveError",
    "InvalidInputError",
    "Misere",
    "Phase",
    "Record",
    "RecordError",
    "Rules",
    "Seed",
    "Suit",
    "Trick",
    "TrickComment",
    "__version__",
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
    "legal_bids",
    "legal_moves",
    "load",
    "load_record",
    "loads",
    "new_game",
    "parse_bid",
    "parse_cards",
    "play",
    "read_records",
    "sample_deal",
    "score",
    "view",
    "write_records",
]
