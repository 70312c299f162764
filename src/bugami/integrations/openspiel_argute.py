"""Argute as an OpenSpiel game: ``python_argute``.

Importing this module registers the game with :mod:`pyspiel`; it needs the
``openspiel`` extra (``pip install bugami[openspiel]``)::

    import pyspiel
    import bugami.integrations.openspiel_argute  # registers python_argute

    game = pyspiel.load_game("python_argute", {"players": 5})

One OpenSpiel game is one hand of Argute. Its parameters are ``players``
(2 to 7, default 4) and ``dealer`` (the dealer's seat, default 0; the seat to
its left bids first and leads the first trick).

**The game tree.**

1. *Chance deals the cards, one at a time*, the k-th to seat
   ``(dealer + 1 + k) % players`` as at the table: ``6 * players`` chance
   nodes. Argute's cards have no suits and seven copies of every value, so a
   chance outcome is a *value*, not a physical card: value ``v`` comes with
   probability ``r_v / r``, where ``r_v`` cards of that value and ``r`` cards
   in all are still undealt. That is exactly the distribution of dealing from
   a shuffled deck with every remaining card equally likely, but with at most
   six outcomes per node instead of up to 42 indistinguishable ones, and no
   two histories that lead to the same hands differ only by which copy of a
   value was dealt. The cards nobody is dealt need no chance node.
2. *Bids.* Argute's bids are secret and simultaneous; here they are
   sequential moves, starting left of the dealer, and each bid stays out of
   every other player's information state and observation until the hand is
   over (Argute reveals the bids only at the end, not once they are all in).
   A player knows only *that* the earlier seats have bid.
3. *Play*: the cards, as in :func:`bugami.argute.play`.

A terminal state's ``returns()`` are :func:`bugami.argute.score`: each seat's
points for the hand, from -1 to 3 (a general-sum game). Every information
state, observation and tensor is built from :func:`bugami.argute.view`, so
hidden cards and bids cannot leak.

**Actions**: ``num_distinct_actions()`` is 10 for every table size. Ids
``0`` .. ``5`` play a card of that value (and are the chance outcomes of the
deal: the value dealt); ids ``6`` .. ``9`` bid 0, 1, 2 or 3 tricks.

A state's one attribute is an immutable record of the rules, the dealer, the
values dealt so far and the :class:`~bugami.argute.Deal`; a clone shares it.
"""

from __future__ import annotations

from typing import Any, Final

from bugami.integrations._adapted import require_openspiel

require_openspiel(__name__)

import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]  # noqa: E402

import bugami.integrations._openspiel_base as base  # noqa: E402
from bugami.argute.rules import (  # noqa: E402
    BIDS,
    COPIES,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    VALUES,
    Rules,
)
from bugami.argute.state import Deal  # noqa: E402
from bugami.argute.view import DealView  # noqa: E402
from bugami.errors import InvalidInputError, brief  # noqa: E402
from bugami.integrations._argute_encoding import (  # noqa: E402
    ACTION_COUNT,
    ARGUTE,
    BID_OFFSET,
    action_of_bid,
    action_text,
    bid_of_action,
)

__all__ = [
    "ACTION_COUNT",
    "BID_OFFSET",
    "GAME_TYPE",
    "ArguteGame",
    "ArguteObserver",
    "ArguteState",
    "action_of_bid",
    "action_text",
    "bid_of_action",
    "game_info",
    "state_from_deal",
]

SHORT_NAME: Final = "python_argute"

_FIELDS: Final = Rules.fields("openspiel")
_DEFAULTS: Final[dict[str, Any]] = {**{f.name: f.default for f in _FIELDS}, "dealer": 0}

GAME_TYPE: Final = base.game_type(SHORT_NAME, "Python Argute", MIN_PLAYERS, MAX_PLAYERS, _DEFAULTS)
"""The game's type: sequential, explicit chance, imperfect information,
general sum, rewards at the end."""


def game_info(rules: Rules) -> Any:
    """The :class:`pyspiel.GameInfo` of a hand under ``rules``: 10 actions,
    six chance outcomes (the values), utilities from -1 (a missed bid) to 3 (a
    bid of three made) and a game length of one bid per seat plus the six
    cards of every hand."""
    length = rules.players * (1 + HAND_SIZE)
    return base.deal_game_info(ARGUTE, rules.players, (-1.0, float(max(BIDS))), length, len(VALUES))


class _Core(base.Core[Rules, Deal]):
    """The state's core; serialized states name this class."""

    __slots__ = ()


class ArguteState(base.DealState[Rules, Deal, DealView]):
    """A hand in progress, wrapping an immutable :class:`bugami.argute.Deal`."""

    _adapted = ARGUTE
    _core_class = _Core

    def dealt_so_far(self, seat: int) -> tuple[int, ...]:
        """The values dealt to ``seat`` so far, in the order dealt, while
        dealing (``()`` once the deal is complete)."""
        return self._dealt_to(seat)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each value still in the undealt cards, with probability in
        proportion to how many of its cards are left."""
        dealt = self._core.dealt
        left = [COPIES - dealt.count(value) for value in VALUES]
        total = sum(left)
        return [(value, left[value] / total) for value in VALUES if left[value]]


class ArguteObserver(base.Observer[DealView, ArguteState]):
    """Builds the tensors and strings OpenSpiel asks for (the PyObserver
    protocol: ``tensor``, ``dict``, ``set_from``, ``string_from``).

    With a perfect-recall observation type it describes the information
    state: the seat's hand, its own bid, who has laid a bid card, every card
    played in order with the leader of each trick, and the bids once the hand
    is over. Otherwise it describes the present: the hand, the own bid, who has
    bid, the open trick, the tricks each seat has won and the values played so
    far. ``private_info`` ``NONE`` leaves out the hand and the own bid;
    ``public_info`` false leaves out the rest. The blocks of the tensor are
    those of :class:`bugami.integrations._argute_encoding.Layout`.
    """

    _adapted = ARGUTE
    _short_name = SHORT_NAME


class ArguteGame(base.DealGame[Rules, ArguteState, ArguteObserver]):
    """One hand of Argute; load it with ``pyspiel.load_game("python_argute", {...})``.

    Its parameters are ``players`` and ``dealer``: :attr:`rules` and
    :attr:`dealer` are what they set.
    """

    _game_type = GAME_TYPE
    _state_class = ArguteState
    _observer_class = ArguteObserver

    def _rules(self, params: dict[str, Any]) -> Rules:
        return Rules(**{field.name: params[field.name] for field in _FIELDS})

    def _game_info(self, rules: Rules) -> Any:
        return game_info(rules)


def state_from_deal(game: ArguteGame, deal: Deal) -> ArguteState:
    """An OpenSpiel state of ``game`` with the same cards, bids and plays as
    the Argute hand ``deal``, reached by replaying them: the values dealt, in
    the order of the deal (each seat's values lowest first), then the bids
    made (left of the dealer first), then the cards played.

    The bids made so far must be those of the first seats from the dealer's
    left; the players and the dealer of the hand must be the game's.
    """
    if not isinstance(game, ArguteGame):
        raise InvalidInputError(f"state_from_deal needs a python_argute game, not {brief(game)}")
    if not isinstance(deal, Deal):
        raise InvalidInputError(
            f"state_from_deal replays an Argute hand (bugami.argute.Deal), not {brief(deal)}"
        )
    players = game.rules.players
    if deal.rules.players != players or deal.dealer != game.dealer:
        raise InvalidInputError(
            f"the hand ({deal.rules.players} players, dealer {deal.dealer}) does not fit the "
            f"game ({players} players, dealer {game.dealer})"
        )
    return base.replay(game.new_initial_state(), deal, noun="hand")


pyspiel.register_game(GAME_TYPE, ArguteGame)
