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
:mod:`bugami.sampling`, :mod:`bugami.record`, :mod:`bugami.solver` and
:mod:`bugami.errors` hold them.
"""

from bugami.__about__ import __version__
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
from bugami.record import (
    Record,
    TrickComment,
    dumps,
    load_record,
    loads,
    read_records,
    write_records,
)
from bugami.rules import STANDARD, Rules
from bugami.sampling import sample_deal
from bugami.scoring import score
from bugami.solver import solve
from bugami.state import Deal, Phase, Trick
from bugami.view import DealView, GameView, view

__all__ = [
    "MISERE",
    "STANDARD",
    "Bid",
    "BugamiError",
    "Card",
    "Deal",
    "DealView",
    "Game",
    "GameView",
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
    "deck",
    "dumps",
    "legal_bids",
    "legal_moves",
    "load_record",
    "loads",
    "new_game",
    "parse_bid",
    "parse_cards",
    "play",
    "read_records",
    "sample_deal",
    "score",
    "solve",
    "view",
    "write_records",
]
