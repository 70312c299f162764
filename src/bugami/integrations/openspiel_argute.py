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

try:
    import numpy  # type: ignore[import-not-found, unused-ignore]  # noqa: F401 (observers)
    import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
except ImportError as error:  # pragma: no cover - exercised without the extra
    raise ImportError(
        "bugami.integrations.openspiel_argute needs OpenSpiel: install the extra with "
        "`pip install 'bugami[openspiel]'` (or `pip install open_spiel`)"
    ) from error

from bugami import argute
from bugami.argute import Deal, DealView, Rules
from bugami.argute.rules import BIDS, COPIES, HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, VALUES
from bugami.integrations._argute_encoding import (
    ACTION_COUNT,
    BID_ACTIONS,
    BID_OFFSET,
    Layout,
    action_of_bid,
    action_text,
    bid_of_action,
    describe,
    table_text,
)
from bugami.integrations._openspiel_base import (
    Core,
    DealGame,
    DealState,
    Observer,
    game_type,
    replay,
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
_DEFAULTS: Final[dict[str, Any]] = {"players": 4, "dealer": 0}

GAME_TYPE: Final = game_type(
    SHORT_NAME,
    "Python Argute",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    defaults=_DEFAULTS,
)
"""The game's type: sequential, explicit chance, imperfect information,
general sum, rewards at the end."""


def game_info(rules: Rules) -> Any:
    """The :class:`pyspiel.GameInfo` of a hand under ``rules``: 10 actions,
    six chance outcomes (the values), utilities from -1 (a missed bid) to 3 (a
    bid of three made) and a game length of one bid per seat plus the six
    cards of every hand."""
    return pyspiel.GameInfo(
        num_distinct_actions=ACTION_COUNT,
        max_chance_outcomes=len(VALUES),
        num_players=rules.players,
        min_utility=-1.0,
        max_utility=float(max(BIDS)),
        utility_sum=None,
        max_game_length=rules.players * (1 + HAND_SIZE),
    )


class _Core(Core[Rules, Deal]):  # serialized states name this module's _Core
    __slots__ = ()


class ArguteObserver(Observer[Layout]):
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

    _short_name = SHORT_NAME

    def _layout(self, rules: Rules, *, perfect_recall: bool, private: bool, public: bool) -> Layout:
        return Layout(rules, perfect_recall=perfect_recall, private=private, public=public)

    def set_from(self, state: ArguteState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` knows of ``state``."""
        self.tensor.fill(0)
        self.layout.fill(
            self.dict, player, state.dealer, state.view(player), state.dealt_so_far(player)
        )

    def string_from(self, state: ArguteState, player: int) -> str:
        """What ``player`` knows of ``state``, as text."""
        return describe(
            state.view(player), player, state.dealer, self.layout, state.dealt_so_far(player)
        )


class ArguteGame(DealGame[Rules, Deal, ArguteObserver], pyspiel.Game):  # type: ignore[misc]
    """One hand of Argute; load it with ``pyspiel.load_game("python_argute", {...})``."""

    _game_type = GAME_TYPE
    _defaults = _DEFAULTS
    _core_class = _Core
    _observer_class = ArguteObserver

    def _rules(self, params: dict[str, Any]) -> Rules:
        return Rules(players=params["players"])

    def _game_info(self, rules: Rules) -> Any:
        return game_info(rules)

    def new_initial_state(self) -> ArguteState:
        """A hand about to be dealt."""
        return ArguteState(self)


class ArguteState(DealState[Rules, Deal], pyspiel.State):  # type: ignore[misc]
    """A hand in progress, wrapping an immutable :class:`bugami.argute.Deal`."""

    _bid_actions = BID_ACTIONS
    _bid_offset = BID_OFFSET

    def view(self, seat: int) -> DealView | None:
        """What ``seat`` knows (:func:`bugami.argute.view`), or ``None`` while dealing."""
        deal = self._core.deal
        return None if deal is None else argute.view(deal, seat)

    def dealt_so_far(self, seat: int) -> tuple[int, ...]:
        """The values dealt to ``seat`` so far, in the order dealt, while
        dealing (``()`` once the deal is complete)."""
        core = self._core
        players = core.rules.players
        offset = (seat - core.dealer - 1) % players
        return core.dealt[offset::players]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each value still in the undealt cards, with probability in
        proportion to how many of its cards are left."""
        dealt = self._core.dealt
        left = [COPIES - dealt.count(value) for value in VALUES]
        total = sum(left)
        return [(value, left[value] / total) for value in VALUES if left[value]]

    # --- the hooks of DealState ----------------------------------------------------

    def _deal_from(self, dealt: tuple[int, ...]) -> Deal:
        core = self._core
        players = core.rules.players
        hands = [dealt[(seat - core.dealer - 1) % players :: players] for seat in range(players)]
        return argute.deal(core.rules, hands=hands, dealer=core.dealer)

    def _bid(self, deal: Deal, seat: int, action: int) -> Deal:
        return argute.bid(deal, seat, bid_of_action(action))

    def _play(self, deal: Deal, action: int) -> Deal:
        return argute.play(deal, action)

    def _play_actions(self, deal: Deal) -> list[int]:
        return list(argute.legal_moves(deal))

    def _scores(self, deal: Deal) -> tuple[int, ...]:
        return argute.score(deal)

    def _card_text(self, action: int) -> str:
        return str(action)

    def _action_text(self, action: int) -> str:
        return action_text(action)

    def _table_text(self, deal: Deal) -> str:
        return table_text(deal)


def state_from_deal(game: ArguteGame, deal: Deal) -> ArguteState:
    """An OpenSpiel state of ``game`` with the same cards, bids and plays as
    the Argute hand ``deal``, reached by replaying them: the values dealt, in
    the order of the deal (each seat's values lowest first), then the bids
    made (left of the dealer first), then the cards played.

    The bids made so far must be those of the first seats from the dealer's
    left; the players and the dealer of the hand must be the game's.
    """
    players = game.rules.players
    if deal.rules.players != players or deal.dealer != game.dealer:
        raise ValueError(
            f"the hand ({deal.rules.players} players, dealer {deal.dealer}) does not fit the "
            f"game ({players} players, dealer {game.dealer})"
        )
    played = [value for done in deal.tricks for value in done.cards]
    state = game.new_initial_state()
    replay(
        state,
        deal.dealt_hands,
        [None if choice is None else action_of_bid(choice) for choice in deal.bids],
        [*played, *deal.current_trick],
        noun="hand",
    )
    return state


pyspiel.register_game(GAME_TYPE, ArguteGame)
