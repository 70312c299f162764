"""Bugami as an OpenSpiel game: ``python_bugami``.

Importing this module registers the game with :mod:`pyspiel`; it needs the
``openspiel`` extra (``pip install bugami[openspiel]``)::

    import pyspiel
    import bugami.integrations.openspiel  # registers python_bugami

    game = pyspiel.load_game("python_bugami", {"players": 5, "jokers": 2})

One OpenSpiel game is one deal. Its parameters are the rules options --
``players`` (3 to 7, default 4), ``jokers`` (0 to 8, default 0) and
``shotgun_wedding`` (default false) -- and ``dealer`` (the dealer's seat,
default 0; the seat to its left bids first and leads).

**The game tree.**

1. *Chance deals the cards, one at a time.* Every remaining card of the deck
   is equally likely; the k-th card dealt goes to seat
   ``(dealer + 1 + k) % players``, exactly as at the table. After the last
   card of the last hand the leftover is what remains, so there are
   ``players * hand_size`` chance nodes and none for the leftover.
2. *Bids.* The players' secret, simultaneous bids are modelled as sequential
   moves, starting left of the dealer, whose choices stay out of every other
   player's information state and observation until the last bid is in (the
   reveal). A player knows only *that* the earlier seats have bid, which is
   public at the table too.
3. *Play.* The cards, as in :func:`bugami.play`.

A terminal state's ``returns()`` are :func:`bugami.score`: each seat's points
for the deal (a general-sum game). Every information state, observation and
tensor is built from :func:`bugami.view`, so hidden cards and bids cannot leak.

**Actions** (the same as in the PettingZoo environment): ids ``0`` .. ``59``
play the card with that :attr:`Card.index <bugami.Card.index>` (and are the
chance outcomes of the deal), ``60`` .. ``63`` bid spades, hearts, diamonds
or clubs, and ``64`` bids misère; ``num_distinct_actions()`` is 65 for every
parameter set.

States wrap the immutable core: a state's one attribute is an immutable
record of the rules, the dealer, the cards dealt so far and the
:class:`~bugami.Deal`, and a clone shares it, so cloning copies no cards.
"""

from __future__ import annotations

from typing import Any, Final

try:
    import numpy as np  # type: ignore[import-not-found, unused-ignore]
    import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
except ImportError as error:  # pragma: no cover - exercised without the extra
    raise ImportError(
        "bugami.integrations.openspiel needs OpenSpiel: install the extra with "
        "`pip install 'bugami[openspiel]'` (or `pip install open_spiel`)"
    ) from error

import bugami
from bugami import Deal, DealView, Rules
from bugami.integrations._encoding import (
    ACTION_COUNT,
    BID_ACTIONS,
    BID_OFFSET,
    Layout,
    action_of,
    action_text,
    bid_of_action,
    card_of_action,
    describe,
    table_text,
)

__all__ = [
    "GAME_TYPE",
    "BugamiGame",
    "BugamiObserver",
    "BugamiState",
    "game_info",
    "state_from_deal",
    "utility_bounds",
]

SHORT_NAME: Final = "python_bugami"
_DEFAULTS: Final[dict[str, Any]] = {
    "players": 4,
    "jokers": 0,
    "shotgun_wedding": False,
    "dealer": 0,
}

GAME_TYPE: Final = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Bugami",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=bugami.rules.MAX_PLAYERS,
    min_num_players=bugami.rules.MIN_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=dict(_DEFAULTS),
)
"""The game's type: sequential, explicit chance, imperfect information,
general sum, rewards at the end."""


def utility_bounds(rules: Rules) -> tuple[float, float]:
    """The least and the greatest score any seat can make in one deal.

    The least is 0. The greatest is 100 (every trick, or misère made) unless
    clean tricks can score more: a unit that wins ``t`` tricks short of all of
    them without a bug scores ``20 * t``, and every card of its bug suit and
    every joker (``13 + jokers`` cards) must then lie in the other tricks or in
    the leftover, which bounds ``t``; a unit with bugs scores at most
    ``10 * t`` with ``t`` below the number of tricks.

    >>> utility_bounds(Rules(players=4))
    (0.0, 180.0)
    """
    players, tricks = rules.players, rules.hand_size
    outside = 13 + rules.jokers - rules.leftover_size  # bug cards other tricks must hold
    clean = min(tricks - 1, tricks - -(-max(outside, 0) // players))
    return 0.0, float(max(100, 20 * clean, 10 * (tricks - 1)))


def game_info(rules: Rules) -> Any:
    """The :class:`pyspiel.GameInfo` of a deal under ``rules``: 65 actions, a
    chance node per card dealt, the utility bounds of :func:`utility_bounds`
    and a game length of one bid per seat plus every card of every hand."""
    low, high = utility_bounds(rules)
    return pyspiel.GameInfo(
        num_distinct_actions=ACTION_COUNT,
        max_chance_outcomes=rules.deck_size,
        num_players=rules.players,
        min_utility=low,
        max_utility=high,
        utility_sum=None,
        max_game_length=rules.players + rules.players * rules.hand_size,
    )


def _parameters(params: dict[str, Any] | None) -> dict[str, Any]:
    merged = dict(_DEFAULTS)
    for name, value in (params or {}).items():
        if name not in merged:
            raise ValueError(f"python_bugami has no parameter {name!r}: it has {sorted(merged)}")
        merged[name] = value
    return merged


class _Core:
    """Everything a state holds, immutable, so that a clone (which OpenSpiel
    makes by deep-copying the state's attributes) shares it: the rules, the
    dealer, the cards dealt so far (while dealing), then the bugami deal."""

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


class BugamiGame(pyspiel.Game):  # type: ignore[misc]
    """One deal of Bugami; load it with ``pyspiel.load_game("python_bugami", {...})``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = _parameters(params)
        self.rules = Rules(
            players=merged["players"],
            jokers=merged["jokers"],
            shotgun_wedding=merged["shotgun_wedding"],
        )
        dealer = merged["dealer"]
        if not isinstance(dealer, int) or not 0 <= dealer < self.rules.players:
            raise ValueError(
                f"dealer must be a seat from 0 to {self.rules.players - 1}, not {dealer!r}"
            )
        self.dealer: int = dealer
        self._start = _Core(self.rules, dealer, (), None)
        super().__init__(GAME_TYPE, game_info(self.rules), merged)

    def new_initial_state(self) -> BugamiState:
        """A deal about to be dealt."""
        return BugamiState(self)

    def max_chance_nodes_in_history(self) -> int:
        """One chance node per card dealt to a hand."""
        return int(self.rules.players * self.rules.hand_size)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> BugamiObserver:
        """An observer: the information state for ``perfect_recall`` types,
        otherwise the observation (the present, not the history)."""
        return BugamiObserver(
            self.rules,
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
            params,
        )


class BugamiState(pyspiel.State):  # type: ignore[misc]
    """A deal in progress, wrapping an immutable :class:`bugami.Deal`."""

    def __init__(self, game: BugamiGame) -> None:
        super().__init__(game)
        self._core = game._start

    @property
    def rules(self) -> Rules:
        """The rules of the deal."""
        return self._core.rules

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._core.dealer

    @property
    def deal(self) -> Deal | None:
        """The bugami deal (a full state), or ``None`` while the cards are
        still being dealt."""
        return self._core.deal

    def view(self, seat: int) -> DealView | None:
        """What ``seat`` knows (:func:`bugami.view`), or ``None`` while dealing."""
        deal = self._core.deal
        return None if deal is None else bugami.view(deal, seat)

    # --- the pyspiel API ------------------------------------------------------

    def current_player(self) -> int:
        """The chance player while dealing, then the seat to bid or play."""
        core = self._core
        deal = core.deal
        if deal is None:
            return int(pyspiel.PlayerId.CHANCE)
        if deal.to_move is not None:
            return deal.to_move
        if deal.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        made = sum(choice is not None for choice in deal.bids)
        return (core.dealer + 1 + made) % core.rules.players

    def _legal_actions(self, player: int) -> list[int]:
        deal = self._core.deal
        if deal is None or player != self.current_player():
            return []
        if deal.to_move is None:
            return list(BID_ACTIONS)
        return [card.index for card in bugami.legal_moves(deal)]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card not dealt yet, all equally likely."""
        core = self._core
        dealt = set(core.dealt)
        remaining = [index for index in range(core.rules.deck_size) if index not in dealt]
        chance = 1.0 / len(remaining)
        return [(index, chance) for index in remaining]

    def _apply_action(self, action: int) -> None:
        core = self._core
        deal = core.deal
        if deal is None:
            dealt = (*core.dealt, action)
            if len(dealt) < core.rules.players * core.rules.hand_size:
                self._core = _Core(core.rules, core.dealer, dealt, None)
            else:
                deal = _laid_out(core.rules, core.dealer, dealt)
                self._core = _Core(core.rules, core.dealer, (), deal)
        elif action >= BID_OFFSET:
            seat = self.current_player()
            deal = bugami.bid(deal, seat, bid_of_action(action))
            self._core = _Core(core.rules, core.dealer, (), deal)
        else:
            deal = bugami.play(deal, card_of_action(action))
            self._core = _Core(core.rules, core.dealer, (), deal)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            core = self._core
            seat = (core.dealer + 1 + len(core.dealt)) % core.rules.players
            return f"deal {card_of_action(action)} to seat {seat}"
        return action_text(action)

    def is_terminal(self) -> bool:
        """Whether the deal is over."""
        deal = self._core.deal
        return deal is not None and deal.is_over

    def returns(self) -> list[float]:
        """Each seat's points (:func:`bugami.score`) once the deal is over,
        zeros before."""
        core = self._core
        deal = core.deal
        if deal is None or not deal.is_over:
            return [0.0] * core.rules.players
        return [float(points) for points in bugami.score(deal)]

    def __str__(self) -> str:
        core = self._core
        deal = core.deal
        if deal is None:
            cards = " ".join(str(card_of_action(index)) for index in core.dealt)
            return f"dealer {core.dealer}, dealing: {cards}".rstrip()
        return table_text(deal)


def _laid_out(rules: Rules, dealer: int, dealt: tuple[int, ...]) -> Deal:
    """The deal once every hand is complete: the k-th card went to seat
    ``(dealer + 1 + k) % players``, and the cards not dealt are the leftover."""
    players = rules.players
    hands: list[list[bugami.Card]] = [[] for _ in range(players)]
    for position, index in enumerate(dealt):
        hands[(dealer + 1 + position) % players].append(card_of_action(index))
    return bugami.deal(rules, hands=hands, dealer=dealer)


class BugamiObserver:
    """Builds the tensors and strings OpenSpiel asks for (the PyObserver
    protocol: ``tensor``, ``dict``, ``set_from``, ``string_from``).

    With a perfect-recall observation type it describes the information
    state: the seat's hand as dealt, its own bid, who has bid, the bids once
    revealed, and every card played, by whom and in which trick. Otherwise it
    describes the present: the hand now, the bids, the open trick, the cards
    played so far and how many tricks each seat won. ``private_info`` ``NONE``
    leaves out the hand and the own bid; ``public_info`` false leaves out the
    rest. Seats are absolute (seat 0 is seat 0 for everyone).
    """

    def __init__(self, rules: Rules, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"python_bugami observers take no parameters, not {params!r}")
        private_info = iig_obs_type.private_info
        if private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("python_bugami observes for one seat; ALL_PLAYERS is not supported")
        self.layout = Layout(
            rules,
            perfect_recall=bool(iig_obs_type.perfect_recall),
            private=private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER,
            public=bool(iig_obs_type.public_info),
        )
        self.tensor = np.zeros(self.layout.size, np.float32)
        self.dict = self.layout.views(self.tensor)

    def set_from(self, state: BugamiState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` knows of ``state``."""
        self.tensor.fill(0)
        self.layout.fill(self.dict, player, state.dealer, state.view(player))

    def string_from(self, state: BugamiState, player: int) -> str:
        """What ``player`` knows of ``state``, as text."""
        return describe(state.view(player), player, state.dealer, self.layout)


def state_from_deal(game: BugamiGame, deal: Deal) -> BugamiState:
    """An OpenSpiel state of ``game`` with the same cards, bids and plays as
    the bugami ``deal``, reached by replaying them: the cards dealt in order,
    then the bids made (left of the dealer first), then the cards played.

    Useful to search a deal drawn by :func:`bugami.sample_deal`. The rules and
    dealer of the deal must be the game's.
    """
    if deal.rules.players != game.rules.players or deal.rules.jokers != game.rules.jokers:
        raise ValueError(f"the deal's rules {deal.rules} do not fit the game's {game.rules}")
    if deal.rules.shotgun_wedding != game.rules.shotgun_wedding or deal.dealer != game.dealer:
        raise ValueError("the deal's variant or dealer differs from the game's")
    players = game.rules.players
    state = game.new_initial_state()
    dealt = [list(hand) for hand in deal.dealt_hands]
    for position in range(players * game.rules.hand_size):
        state.apply_action(dealt[(game.dealer + 1 + position) % players][position // players].index)
    order = [deal.bids[(game.dealer + 1 + step) % players] for step in range(players)]
    made = [choice for choice in order if choice is not None]
    if any(choice is None for choice in order[: len(made)]):
        raise ValueError("the deal's bids were not made in seat order from the dealer's left")
    for choice in made:
        state.apply_action(action_of(choice))
    for done in deal.tricks:
        for card in done.cards:
            state.apply_action(card.index)
    for card in deal.current_trick:
        state.apply_action(card.index)
    return state


pyspiel.register_game(GAME_TYPE, BugamiGame)
