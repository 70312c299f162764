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
    import numpy as np  # type: ignore[import-not-found, unused-ignore]
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
    seat_to_act,
    table_text,
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

GAME_TYPE: Final = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Argute",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=MIN_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=dict(_DEFAULTS),
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


def _parameters(params: dict[str, Any] | None) -> dict[str, Any]:
    merged = dict(_DEFAULTS)
    for name, value in (params or {}).items():
        if name not in merged:
            raise ValueError(f"python_argute has no parameter {name!r}: it has {sorted(merged)}")
        merged[name] = value
    return merged


class _Core:
    """Everything a state holds, immutable, so that a clone (which OpenSpiel
    makes by deep-copying the state's attributes) shares it: the rules, the
    dealer, the values dealt so far (while dealing), then the Argute hand."""

    __slots__ = ("deal", "dealer", "dealt", "rules")

    def __init__(
        self, rules: Rules, dealer: int, dealt: tuple[int, ...], deal: Deal | None
    ) -> None:
        self.rules = rules
        self.dealer = dealer
        self.dealt = dealt
        self.deal = deal

    def __deepcopy__(self, memo: object) -> _Core:
        return self


class ArguteGame(pyspiel.Game):  # type: ignore[misc]
    """One hand of Argute; load it with ``pyspiel.load_game("python_argute", {...})``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = _parameters(params)
        self.rules = Rules(players=merged["players"])
        dealer = merged["dealer"]
        if not isinstance(dealer, int) or not 0 <= dealer < self.rules.players:
            raise ValueError(
                f"dealer must be a seat from 0 to {self.rules.players - 1}, not {dealer!r}"
            )
        self.dealer: int = dealer
        self._start = _Core(self.rules, dealer, (), None)
        super().__init__(GAME_TYPE, game_info(self.rules), merged)

    def new_initial_state(self) -> ArguteState:
        """A hand about to be dealt."""
        return ArguteState(self)

    def max_chance_nodes_in_history(self) -> int:
        """One chance node per card dealt to a hand."""
        return int(self.rules.players * HAND_SIZE)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ArguteObserver:
        """An observer: the information state for ``perfect_recall`` types,
        otherwise the observation (the present, not the history)."""
        return ArguteObserver(
            self.rules,
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
            params,
        )


class ArguteState(pyspiel.State):  # type: ignore[misc]
    """A hand in progress, wrapping an immutable :class:`bugami.argute.Deal`."""

    def __init__(self, game: ArguteGame) -> None:
        super().__init__(game)
        self._core = game._start

    @property
    def rules(self) -> Rules:
        """The rules of the hand."""
        return self._core.rules

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._core.dealer

    @property
    def deal(self) -> Deal | None:
        """The Argute hand (a full state), or ``None`` while the cards are
        still being dealt."""
        return self._core.deal

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

    # --- the pyspiel API ------------------------------------------------------

    def current_player(self) -> int:
        """The chance player while dealing, then the seat to bid or play."""
        core = self._core
        deal = core.deal
        if deal is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = seat_to_act(deal)
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        deal = self._core.deal
        if deal is None or player != self.current_player():
            return []
        if deal.to_move is None:
            return list(BID_ACTIONS)
        return list(argute.legal_moves(deal))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each value still in the undealt cards, with probability in
        proportion to how many of its cards are left."""
        dealt = self._core.dealt
        left = [COPIES - dealt.count(value) for value in VALUES]
        total = sum(left)
        return [(value, left[value] / total) for value in VALUES if left[value]]

    def _apply_action(self, action: int) -> None:
        core = self._core
        deal = core.deal
        if deal is None:
            dealt = (*core.dealt, action)
            if len(dealt) < core.rules.players * HAND_SIZE:
                self._core = _Core(core.rules, core.dealer, dealt, None)
            else:
                players = core.rules.players
                hands = [
                    dealt[(seat - core.dealer - 1) % players :: players] for seat in range(players)
                ]
                deal = argute.deal(core.rules, hands=hands, dealer=core.dealer)
                self._core = _Core(core.rules, core.dealer, (), deal)
        elif action >= BID_OFFSET:
            deal = argute.bid(deal, self.current_player(), bid_of_action(action))
            self._core = _Core(core.rules, core.dealer, (), deal)
        else:
            self._core = _Core(core.rules, core.dealer, (), argute.play(deal, action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            core = self._core
            seat = (core.dealer + 1 + len(core.dealt)) % core.rules.players
            return f"deal {action} to seat {seat}"
        return action_text(action)

    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        deal = self._core.deal
        return deal is not None and deal.is_over

    def returns(self) -> list[float]:
        """Each seat's points (:func:`bugami.argute.score`) once the hand is
        over, zeros before."""
        core = self._core
        deal = core.deal
        if deal is None or not deal.is_over:
            return [0.0] * core.rules.players
        return [float(points) for points in argute.score(deal)]

    def __str__(self) -> str:
        core = self._core
        deal = core.deal
        if deal is None:
            values = " ".join(map(str, core.dealt))
            return f"dealer {core.dealer}, dealing: {values}".rstrip()
        return table_text(deal)


class ArguteObserver:
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

    def __init__(self, rules: Rules, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"python_argute observers take no parameters, not {params!r}")
        private_info = iig_obs_type.private_info
        if private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("python_argute observes for one seat; ALL_PLAYERS is not supported")
        self.layout = Layout(
            rules,
            perfect_recall=bool(iig_obs_type.perfect_recall),
            private=private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER,
            public=bool(iig_obs_type.public_info),
        )
        self.tensor = np.zeros(self.layout.size, np.float32)
        self.dict = self.layout.views(self.tensor)

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
    state = game.new_initial_state()
    dealt = deal.dealt_hands
    for position in range(players * HAND_SIZE):
        state.apply_action(dealt[(game.dealer + 1 + position) % players][position // players])
    order = [deal.bids[(game.dealer + 1 + step) % players] for step in range(players)]
    made = [choice for choice in order if choice is not None]
    if any(choice is None for choice in order[: len(made)]):
        raise ValueError("the hand's bids were not made in seat order from the dealer's left")
    for choice in made:
        state.apply_action(action_of_bid(choice))
    for done in deal.tricks:
        for value in done.cards:
            state.apply_action(value)
    for value in deal.current_trick:
        state.apply_action(value)
    return state


pyspiel.register_game(GAME_TYPE, ArguteGame)
